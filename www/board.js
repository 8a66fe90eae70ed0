// The Snakes and Ladders board editor: the numbered grid (boustrophedon, square 1
// bottom left), ladders and snakes as arrows. Drag from a square to another to add
// a jump (up = ladder, down = snake); click a jump, or focus it and press Delete,
// to remove it. Edits are proposed to `onEdit({ladders, snakes})`, which answers
// whether Rust accepted them.
import { t } from './i18n.js';

const SVG = 'http://www.w3.org/2000/svg';
const CELL = 40;

function svg(tag, attrs = {}, children = []) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  node.append(...children);
  return node;
}

export class BoardEditor {
  /**
   * @param {HTMLElement} parent
   * @param {(jumps: {ladders: number[][], snakes: number[][]}) => boolean} onEdit
   */
  constructor(parent, onEdit) {
    this.onEdit = onEdit;
    this.svg = svg('svg', { class: 'board', role: 'group', 'aria-label': t('Board editor') });
    this.svg.addEventListener('pointerdown', (e) => this.down(e));
    this.svg.addEventListener('pointermove', (e) => this.move(e));
    this.svg.addEventListener('pointerup', (e) => this.up(e));
    this.svg.addEventListener('pointercancel', () => this.cancelDrag());
    parent.append(this.svg);
  }

  /** Draws a board: {squares, width, ladders, snakes}. */
  draw(board) {
    this.board = board;
    const { squares: n, width: w } = board;
    this.rows = Math.ceil(n / w);
    const height = (this.rows + 1) * CELL;
    this.svg.setAttribute('viewBox', `0 0 ${w * CELL} ${height}`);
    this.svg.setAttribute('data-squares', String(n));
    const cells = svg('g', { class: 'cells' });
    for (let s = 0; s <= n; s++) {
      const [x, y] = this.corner(s);
      const kind = s === 0 ? 'start' : s === n ? 'goal' : (s % 2 ? 'odd' : 'even');
      const cellWidth = s === 0 ? Math.min(2, w) * CELL : CELL;
      cells.append(
        svg('rect', { x, y, width: cellWidth, height: CELL, class: `cell ${kind}`, 'data-square': s }),
        svg('text', { x: x + 3, y: y + 3, class: 'number', 'dominant-baseline': 'hanging', 'data-square': s }, [s === 0 ? t('0 start') : String(s)]),
      );
    }
    const jumps = svg('g', { class: 'jumps' });
    for (const [from, to] of board.ladders) jumps.append(this.arrow(from, to, 'ladder'));
    for (const [from, to] of board.snakes) jumps.append(this.arrow(from, to, 'snake'));
    this.ghost = svg('line', { class: 'ghost', visibility: 'hidden', 'data-interactive': '' });
    this.svg.replaceChildren(this.defs(), cells, jumps, this.ghost);
    this.fitNumbers();
    if (!this.resize) {
      this.resize = new ResizeObserver(() => this.fitNumbers());
      this.resize.observe(this.svg);
    }
  }

  /** Square numbers readable at the board's size on screen (see `fitNumbers`). */
  fitNumbers() {
    fitNumbers(this.svg, this.board);
  }

  defs() {
    const marker = (id) => svg('marker', {
      id, viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: 'auto-start-reverse',
    }, [svg('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: id })]);
    return svg('defs', {}, [marker('head-ladder'), marker('head-snake')]);
  }

  /** Top-left corner of square `s` (0 is the start, below the grid). */
  corner(s) {
    if (s === 0) return [0, this.rows * CELL];
    const { width: w } = this.board;
    const r = Math.floor((s - 1) / w);
    let c = (s - 1) % w;
    if (r % 2 === 1) c = w - 1 - c;
    return [c * CELL, (this.rows - 1 - r) * CELL];
  }

  centre(s) {
    const [x, y] = this.corner(s);
    return [x + CELL / 2, y + CELL / 2 + 4];
  }

  arrow(from, to, kind) {
    const [x1, y1] = this.centre(from);
    const [x2, y2] = this.centre(to);
    const label = kind === 'ladder'
      ? t('Ladder {from} to {to}. Press Delete or Enter to remove it.', { from, to })
      : t('Snake {from} to {to}. Press Delete or Enter to remove it.', { from, to });
    const group = svg('g', { class: `jump ${kind}`, tabindex: 0, role: 'button', 'aria-label': label, 'data-from': from, 'data-to': to });
    group.append(
      svg('line', { x1, y1, x2, y2, class: 'hit', 'data-interactive': '' }),
      svg('line', { x1, y1, x2, y2, class: 'shaft', 'marker-end': `url(#head-${kind})` }),
      svg('title', {}, [kind === 'ladder' ? t('ladder {from}→{to} (click to remove)', { from, to }) : t('snake {from}→{to} (click to remove)', { from, to })]),
    );
    group.addEventListener('keydown', (e) => {
      if (e.key === 'Delete' || e.key === 'Backspace' || e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        this.remove(from);
      }
    });
    return group;
  }

  /** The square under a pointer event, if any. */
  squareAt(event) {
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(this.svg.getScreenCTM().inverse());
    const { squares: n, width: w } = this.board;
    const col = Math.floor(point.x / CELL);
    const row = Math.floor(point.y / CELL);
    if (col < 0 || col >= w || row < 0) return null;
    if (row === this.rows) return col < Math.min(2, w) ? 0 : null;
    if (row > this.rows) return null;
    const r = this.rows - 1 - row;
    const c = r % 2 === 1 ? w - 1 - col : col;
    const s = r * w + c + 1;
    return s >= 1 && s <= n ? s : null;
  }

  down(event) {
    if (!this.board || event.button !== 0) return;
    const jump = event.target.closest?.('.jump');
    this.drag = { from: this.squareAt(event), jump: jump ? Number(jump.dataset.from) : null, moved: false };
    this.svg.setPointerCapture?.(event.pointerId);
  }

  move(event) {
    if (!this.drag || this.drag.from === null) return;
    const here = this.squareAt(event);
    if (here !== this.drag.from) this.drag.moved = true;
    if (!this.drag.moved) return;
    const [x1, y1] = this.centre(this.drag.from);
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(this.svg.getScreenCTM().inverse());
    for (const [k, v] of Object.entries({ x1, y1, x2: point.x, y2: point.y })) this.ghost.setAttribute(k, String(v));
    this.ghost.setAttribute('visibility', 'visible');
  }

  up(event) {
    const drag = this.drag;
    this.cancelDrag();
    if (!drag) return;
    const to = this.squareAt(event);
    if (drag.moved && drag.from !== null && to !== null && to !== drag.from) {
      this.add(drag.from, to);
    } else if (!drag.moved && drag.jump !== null) {
      this.remove(drag.jump);
    }
  }

  cancelDrag() {
    this.drag = null;
    this.ghost?.setAttribute('visibility', 'hidden');
  }

  /** Proposes a new jump from → to. */
  add(from, to) {
    const ladders = this.board.ladders.map((j) => [...j]);
    const snakes = this.board.snakes.map((j) => [...j]);
    (to > from ? ladders : snakes).push([from, to]);
    return this.onEdit({ ladders, snakes });
  }

  /** Proposes removing the jump that starts on `from`. */
  remove(from) {
    const keep = (list) => list.filter(([f]) => f !== from);
    return this.onEdit({ ladders: keep(this.board.ladders), snakes: keep(this.board.snakes) });
  }
}

/**
 * Square numbers readable at any size: 12 CSS px whatever the scale of the
 * drawing `svg` of `board` on screen (the editor's, or a still copy of it);
 * where a number would not fit its square at that size, only every fifth or
 * tenth square (and the start and the goal) keeps its number.
 */
export function fitNumbers(svg, board) {
  const box = svg.getBoundingClientRect();
  const { squares: n, width: w } = board;
  if (!box.width || !box.height) return;
  const rows = Math.ceil(n / w);
  // The scale on screen: the width's, or the height's when the board is limited in height.
  const scale = Math.min(box.width / (w * CELL), box.height / ((rows + 1) * CELL));
  // A little over 12 px, so that rounding on screen never takes it below.
  const size = 12.5 / scale;
  const fits = (text) => text.length * 0.6 * size <= CELL - 4 && size <= CELL - 6;
  const every = fits(String(n)) ? 1 : fits('00') ? 5 : 10;
  for (const number of svg.querySelectorAll('text.number')) {
    const square = Number(number.dataset.square);
    number.setAttribute('font-size', size.toFixed(2));
    let keep = square === n || square === 0 || square % every === 0;
    if (square === 0) number.textContent = size * 4.3 <= Math.min(2, w) * CELL - 4 ? t('0 start') : '0';
    // The goal's and the start's numbers too, unless even they do not fit.
    if (!fits(String(square))) keep = false;
    number.setAttribute('visibility', keep ? 'visible' : 'hidden');
  }
}
