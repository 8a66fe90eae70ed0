// Hex's board, drawn once for every view that shows it: an n × n rhombus of
// hexagons (row r shifted r half-cells to the right, so a1 and the opposite
// corner are the acute corners), player 1's edges (top and bottom) and player
// 2's (left and right) coloured, each empty cell a focusable button that plays
// its move. The core says which cells are moves (`places`) and where stones are.
import { t } from './i18n.js';

const SVG = 'http://www.w3.org/2000/svg';
const SQRT3 = Math.sqrt(3);
/** The largest board whose cells carry their names. */
const MAX_NAMED = 6;

function svg(name, attrs = {}) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

/** A cell's name as the core writes it: column letter, row number. */
const cellName = (r, c) => `${String.fromCharCode(97 + c)}${r + 1}`;

/**
 * Draws the position `now` ({cells, columns, places, moves, over}) into
 * `holder`; `moveAt` maps "row,col" to a move's label, `marks` a label to its
 * classes (best, winning), `onMove(label)` plays.
 */
export function drawHex(holder, now, moveAt, { onMove, marks, disabled }) {
  const n = now.columns;
  // Once won: the winner's chain, edge to edge (the core's).
  const chain = new Set(now.line ?? []);
  // Pointy-top hexagons of unit radius: width √3, rows 1.5 apart.
  const w = SQRT3;
  const pad = 0.6;
  const centre = (r, c) => [pad + w / 2 + c * w + r * w / 2, pad + 1.4 + r * 1.5];
  const width = 2 * pad + w * n + (w / 2) * (n - 1);
  const height = 2 * pad + 2 + 1.5 * (n - 1) + 0.8;
  const board = svg('svg', {
    class: 'hex-board', viewBox: `0 0 ${width.toFixed(3)} ${height.toFixed(3)}`, role: 'grid',
    'aria-label': t('the board, {w} columns by {h} rows', { w: n, h: n }),
  });
  // The four edges, each a thick line just outside its row or column of cells.
  const edge = (from, to, player) => board.append(svg('line', {
    class: `hex-edge p${player}`, x1: from[0].toFixed(3), y1: from[1].toFixed(3), x2: to[0].toFixed(3), y2: to[1].toFixed(3),
  }));
  const at = (r, c, dx, dy) => { const [x, y] = centre(r, c); return [x + dx, y + dy]; };
  edge(at(0, 0, -w / 2, -1.2), at(0, n - 1, w / 2, -1.2), 1);
  edge(at(n - 1, 0, -w / 2, 1.2), at(n - 1, n - 1, w / 2, 1.2), 1);
  edge(at(0, 0, -w / 2 - 0.25, -0.5), at(n - 1, 0, -w / 2 - 0.25, 0.5), 2);
  edge(at(0, n - 1, w / 2 + 0.25, -0.5), at(n - 1, n - 1, w / 2 + 0.25, 0.5), 2);
  const hexagon = (x, y) => [0, 1, 2, 3, 4, 5]
    .map((k) => {
      const a = (Math.PI / 3) * k - Math.PI / 2;
      return `${(x + Math.cos(a) * 0.97).toFixed(3)},${(y + Math.sin(a) * 0.97).toFixed(3)}`;
    })
    .join(' ');
  for (let r = 0; r < n; r++) {
    const row = svg('g', { role: 'row' });
    for (let c = 0; c < n; c++) {
      const cell = now.cells[r * n + c];
      const label = moveAt.get(`${r},${c}`);
      const [x, y] = centre(r, c);
      const playable = label !== undefined && !disabled && !now.over;
      const g = svg('g', {
        class: `hex p${cell}${label !== undefined ? ` ${marks.get(label) ?? ''}` : ''}${chain.has(r * n + c) ? ' chain' : ''}`,
        role: 'gridcell',
        'aria-label': `${cellName(r, c)}, ${cell === 0 ? t('empty') : t('player {k}', { k: cell })}`,
      });
      g.dataset.row = r;
      g.dataset.col = c;
      if (label !== undefined) g.dataset.move = label;
      g.append(svg('polygon', { points: hexagon(x, y) }));
      // Names fit up to 6 × 6 at a phone's width (11 px); larger boards say them on focus.
      if (n <= MAX_NAMED) {
        const name = svg('text', { x: x.toFixed(3), y: (y + 0.22).toFixed(3), 'text-anchor': 'middle' });
        name.textContent = cellName(r, c);
        g.append(name);
      }
      if (playable) {
        g.setAttribute('tabindex', '0');
        g.setAttribute('aria-disabled', 'false');
        g.addEventListener('click', () => onMove(label));
        g.addEventListener('keydown', (e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            // The board is drawn again after the move: the keyboard stays on it, here.
            holder.hexFocus = [r, c];
            onMove(label);
          } else if (ARROWS[e.key]) {
            e.preventDefault();
            stepFocus(board, n, r, c, ARROWS[e.key]);
          }
        });
      } else {
        g.setAttribute('aria-disabled', 'true');
      }
      row.append(g);
    }
    board.append(row);
  }
  const wrap = document.createElement('div');
  wrap.className = 'hex-wrap';
  wrap.style.setProperty('--hex-cols', String(n + (n - 1) / 2));
  wrap.append(board);
  holder.append(wrap);
  const legend = document.createElement('p');
  legend.className = 'muted hex-legend';
  legend.textContent = `${t('Player 1 joins the top and bottom rows; player 2 the left and right columns.')} ${t('No swap rule: the first player keeps the first move.')}${chain.size ? ` ${t('Outlined in gold: the winning chain.')}` : ''}`;
  holder.append(legend);
  // After a move played from the keyboard: back on that cell, or the nearest one still open.
  if (holder.hexFocus) {
    const [r0, c0] = holder.hexFocus;
    const open = [...board.querySelectorAll('.hex[tabindex]')];
    const near = open.sort((a, b) => distance(a, r0, c0) - distance(b, r0, c0))[0];
    if (near) {
      near.focus();
      delete holder.hexFocus;
    }
  }
}

/** Arrow keys move across the rhombus: along a row, or to the row above or below. */
const ARROWS = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };

function distance(g, r, c) {
  return Math.abs(Number(g.dataset.row) - r) + Math.abs(Number(g.dataset.col) - c);
}

/** Focuses the next open cell from (r, c) in direction `d`, skipping taken cells; stays at the edge. */
function stepFocus(board, n, r, c, [dr, dc]) {
  for (let k = 1; k < n; k++) {
    const [rr, cc] = [r + k * dr, c + k * dc];
    if (rr < 0 || cc < 0 || rr >= n || cc >= n) return;
    const next = board.querySelector(`.hex[data-row="${rr}"][data-col="${cc}"][tabindex]`);
    if (next) {
      next.focus();
      return;
    }
  }
}
