// A small graph editor on a canvas: click to add a vertex, drag between two
// vertices to add or remove an edge, Shift-drag to move, right-click or Delete
// to remove; presets and a pasted edge list. The keyboard does the same: arrows
// select a vertex, A adds one, Enter on two vertices toggles their edge,
// Shift+arrows move, Delete removes. Edits are reported as an edge list
// ("n: 0-1,1-2"), which becomes the link; positions are kept per edge list.
import { el, xmlText } from './dom.js';
import { t } from './i18n.js';

const RADIUS = 14;
const PRESETS = ['path:7', 'cycle:6', 'star:5', 'grid:3x4', 'complete:5', 'petersen'];
// Where the vertices of each drawn edge list were, so a recomputation keeps them.
const positions = new Map();
// The page redraws the editor after each edit: a keyboard user keeps focus and selection.
let carry = null;
const STEP = 0.03;

export class GraphEditor {
  /**
   * @param {HTMLElement} parent
   * @param {object} o  {n, edges: [[a, b]], x, y (the core's drawing), maxVertices (the core's limit), highlight: Set, onChange(text), onPreset(name)}
   */
  constructor(parent, o) {
    this.o = o;
    this.n = o.n;
    this.edges = o.edges.map(([a, b]) => [a, b]);
    const key = this.key();
    // Where the user left the vertices, else the core's drawing (a preset's standard one).
    this.pos = positions.get(key) ?? (o.x?.length === this.n ? o.x.map((x, v) => [x, o.y[v]]) : this.circle());
    this.selected = null;
    this.canvas = el('canvas', { tabIndex: 0, className: 'graph-editor' });
    this.canvas.setAttribute('role', 'application');
    this.canvas.setAttribute('aria-label', t('Graph editor: click to add a vertex, drag between vertices to add an edge, Shift-drag to move, Delete removes the selected vertex') +
      '. ' + t('Keyboard: arrows select a vertex, A adds one, Enter on one vertex then on another adds or removes their edge, Shift+arrows move the selected vertex, Delete removes it.'));
    this.message = el('p', { className: 'error', hidden: true });
    this.live = el('p', { className: 'visually-hidden', id: 'graph-editor-status' });
    this.live.setAttribute('aria-live', 'polite');
    this.pending = null;
    const preset = el('select', { id: 'graph-preset' }, [el('option', { value: '', textContent: t('Preset…') }), ...PRESETS.map((p) => el('option', { value: p, textContent: p }))]);
    preset.setAttribute('aria-label', t('graph preset'));
    preset.addEventListener('change', () => { if (preset.value) o.onPreset(preset.value); });
    const paste = el('textarea', { id: 'graph-edges', rows: 2, value: this.text(), spellcheck: false });
    paste.setAttribute('aria-label', t('edge list'));
    const apply = el('button', { type: 'button', className: 'secondary', textContent: t('Use this edge list') });
    apply.addEventListener('click', () => o.onChange(paste.value));
    const clear = el('button', { type: 'button', className: 'secondary', textContent: t('Clear') });
    // The empty graph is a game too (no move: the player to move loses).
    clear.addEventListener('click', () => { this.n = 0; this.edges = []; this.pos = []; this.selected = null; this.changed(); });
    parent.append(el('div', { className: 'inline-form' }, [preset, clear]), this.canvas, this.message, this.live,
      el('div', { className: 'inline-form' }, [paste, apply]));
    this.canvas.addEventListener('pointerdown', (e) => this.down(e));
    this.canvas.addEventListener('contextmenu', (e) => {
      e.preventDefault();
      const v = this.at(e);
      if (v !== null) this.remove(v);
    });
    this.canvas.addEventListener('keydown', (e) => this.onKey(e));
    new ResizeObserver(() => this.draw()).observe(this.canvas);
    if (carry && carry.key === this.key()) {
      this.selected = carry.selected < this.n ? carry.selected : null;
      this.pending = carry.pending !== null && carry.pending < this.n ? carry.pending : null;
      carry = null;
      this.canvas.focus({ preventScroll: true });
    }
    this.draw();
  }

  /** The keyboard's edits: the same as the mouse's, on the selected vertex. */
  onKey(e) {
    const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const v = this.selected;
    if (arrows[e.key]) {
      e.preventDefault();
      const [dx, dy] = arrows[e.key];
      if (e.shiftKey && v !== null) {
        this.pos[v] = [Math.min(1, Math.max(0, this.pos[v][0] + dx * STEP)), Math.min(1, Math.max(0, this.pos[v][1] + dy * STEP))];
        positions.set(this.key(), this.pos.map((p) => [...p]));
        this.draw();
      } else if (this.n > 0) {
        const step = dx + dy > 0 ? 1 : -1;
        this.select(v === null ? 0 : (v + step + this.n) % this.n);
      }
    } else if (e.key === 'a' || e.key === 'A' || e.key === '+') {
      e.preventDefault();
      if (this.n >= this.o.maxVertices) {
        this.say(t('At most {n} vertices.', { n: this.o.maxVertices }));
        return;
      }
      // A free-looking spot: a golden-angle spiral around the centre.
      const angle = this.n * 2.39996;
      const radius = 0.12 + 0.3 * ((this.n * 0.618) % 1);
      this.pos.push([0.5 + radius * Math.cos(angle), 0.5 + radius * Math.sin(angle)]);
      this.n += 1;
      this.selected = this.n - 1;
      this.changed();
    } else if ((e.key === 'Enter' || e.key === ' ') && v !== null) {
      e.preventDefault();
      if (this.pending === null || this.pending === v) {
        this.pending = this.pending === v ? null : v;
        this.announce(this.pending === null ? t('Edge cancelled.') : t('Edge from vertex {v}: select another vertex and press Enter.', { v }));
        this.draw();
        return;
      }
      const a = this.pending;
      this.pending = null;
      const k = this.edges.findIndex(([p, q]) => (p === a && q === v) || (p === v && q === a));
      if (k >= 0) this.edges.splice(k, 1);
      else this.edges.push([Math.min(a, v), Math.max(a, v)]);
      this.changed();
    } else if (e.key === 'Escape' && this.pending !== null) {
      this.pending = null;
      this.announce(t('Edge cancelled.'));
      this.draw();
    } else if ((e.key === 'Delete' || e.key === 'Backspace') && v !== null) {
      e.preventDefault();
      this.remove(v);
    }
  }

  select(v) {
    this.selected = v;
    const neighbours = this.edges.filter(([a, b]) => a === v || b === v).map(([a, b]) => (a === v ? b : a)).sort((x, y) => x - y);
    this.announce(t('Vertex {v} selected; neighbours: {list}.', { v, list: neighbours.join(', ') || t('none') }));
    this.draw();
  }

  announce(text) {
    this.live.textContent = text;
  }

  /** The graph as a key, whatever the order of its edges. */
  key() { return `${this.n}|${this.edges.map((e) => e.join('-')).sort().join(',')}`; }

  text() { return `${this.n}: ${this.edges.map(([a, b]) => `${a}-${b}`).join(',')}`; }

  circle() {
    return Array.from({ length: this.n }, (_, i) => {
      const t = (2 * Math.PI * i) / Math.max(this.n, 1) - Math.PI / 2;
      return [0.5 + 0.4 * Math.cos(t), 0.5 + 0.4 * Math.sin(t)];
    });
  }

  size() {
    const width = Math.max(280, this.canvas.clientWidth || 500);
    return [width, Math.min(420, width * 0.7)];
  }

  draw() {
    const dpr = window.devicePixelRatio || 1;
    const [w, h] = this.size();
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(h * dpr);
    this.canvas.style.height = `${h}px`;
    const c = this.canvas.getContext('2d');
    c.scale(dpr, dpr);
    c.fillStyle = '#fff';
    c.fillRect(0, 0, w, h);
    if (this.n === 0) {
      c.fillStyle = '#5b6472';
      c.font = '14px system-ui, sans-serif';
      c.textAlign = 'center';
      c.fillText(t('The empty graph: click to add a vertex.'), w / 2, h / 2);
    }
    c.strokeStyle = '#777';
    c.lineWidth = 1.5;
    for (const [a, b] of this.edges) {
      c.beginPath();
      c.moveTo(this.pos[a][0] * w, this.pos[a][1] * h);
      c.lineTo(this.pos[b][0] * w, this.pos[b][1] * h);
      c.stroke();
    }
    if (this.drag?.line) {
      c.setLineDash([4, 4]);
      c.beginPath();
      c.moveTo(this.pos[this.drag.v][0] * w, this.pos[this.drag.v][1] * h);
      c.lineTo(this.drag.x, this.drag.y);
      c.stroke();
      c.setLineDash([]);
    }
    c.font = '12px sans-serif';
    c.textAlign = 'center';
    c.textBaseline = 'middle';
    for (let v = 0; v < this.n; v++) {
      const [x, y] = [this.pos[v][0] * w, this.pos[v][1] * h];
      const win = this.o.highlight?.has(v);
      c.beginPath();
      c.arc(x, y, RADIUS, 0, 2 * Math.PI);
      c.fillStyle = win ? '#009e73' : '#fff';
      c.fill();
      c.lineWidth = v === this.selected || v === this.pending ? 3 : 1.5;
      c.strokeStyle = v === this.pending ? '#d55e00' : v === this.selected ? '#000' : '#0072b2';
      c.stroke();
      c.fillStyle = win ? '#fff' : '#000';
      c.fillText(String(v), x, y);
    }
    this.canvas.dataset.drawn = 'true';
    this.canvas.dataset.vertices = String(this.n);
    this.canvas.dataset.edges = String(this.edges.length);
  }

  /** The drawing as an SVG document at the size it is shown (no selection marks): for a handout. */
  svg() {
    const [w, h] = this.size();
    const f = (x) => x.toFixed(1);
    const parts = [`<svg xmlns="http://www.w3.org/2000/svg" width="${f(w)}" height="${f(h)}" viewBox="0 0 ${f(w)} ${f(h)}">`,
      `<rect width="${f(w)}" height="${f(h)}" fill="#fff"/>`];
    for (const [a, b] of this.edges) {
      parts.push(`<line x1="${f(this.pos[a][0] * w)}" y1="${f(this.pos[a][1] * h)}" x2="${f(this.pos[b][0] * w)}" y2="${f(this.pos[b][1] * h)}" stroke="#777" stroke-width="1.5"/>`);
    }
    for (let v = 0; v < this.n; v++) {
      const [x, y] = [f(this.pos[v][0] * w), f(this.pos[v][1] * h)];
      const win = this.o.highlight?.has(v);
      parts.push(`<circle cx="${x}" cy="${y}" r="${RADIUS}" fill="${win ? '#009e73' : '#fff'}" stroke="#0072b2" stroke-width="1.5"/>`,
        `<text x="${x}" y="${y}" font-family="sans-serif" font-size="12" text-anchor="middle" dominant-baseline="central" fill="${win ? '#fff' : '#000'}">${xmlText(v)}</text>`);
    }
    parts.push('</svg>');
    return parts.join('\n');
  }

  point(event) {
    const rect = this.canvas.getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  }

  at(event) {
    const [x, y] = this.point(event);
    const [w, h] = this.size();
    let best = null;
    for (let v = 0; v < this.n; v++) {
      if (Math.hypot(this.pos[v][0] * w - x, this.pos[v][1] * h - y) <= RADIUS + 3) best = v;
    }
    return best;
  }

  down(event) {
    if (event.button !== 0) return;
    const v = this.at(event);
    const [w, h] = this.size();
    if (v === null) {
      if (this.n >= this.o.maxVertices) {
        this.say(t('At most {n} vertices.', { n: this.o.maxVertices }));
        return;
      }
      const [x, y] = this.point(event);
      this.pos.push([x / w, y / h]);
      this.n += 1;
      this.changed();
      return;
    }
    this.selected = v;
    this.drag = { v, move: event.shiftKey, line: !event.shiftKey, x: 0, y: 0 };
    const move = (e) => {
      const [x, y] = this.point(e);
      if (this.drag.move) this.pos[v] = [Math.min(1, Math.max(0, x / w)), Math.min(1, Math.max(0, y / h))];
      else Object.assign(this.drag, { x, y });
      this.draw();
    };
    const up = (e) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      const target = this.at(e);
      const wasMove = this.drag.move;
      this.drag = null;
      if (wasMove) {
        positions.set(this.key(), this.pos.map((p) => [...p]));
        this.draw();
      } else if (target !== null && target !== v) {
        const k = this.edges.findIndex(([a, b]) => (a === v && b === target) || (a === target && b === v));
        if (k >= 0) this.edges.splice(k, 1);
        else this.edges.push([Math.min(v, target), Math.max(v, target)]);
        this.changed();
      } else {
        this.draw();
      }
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  }

  remove(v) {
    this.edges = this.edges.filter(([a, b]) => a !== v && b !== v).map(([a, b]) => [a > v ? a - 1 : a, b > v ? b - 1 : b]);
    this.pos.splice(v, 1);
    this.n -= 1;
    this.selected = null;
    this.changed();
  }

  say(text) {
    this.message.textContent = text;
    this.message.hidden = false;
  }

  changed() {
    positions.set(this.key(), this.pos.map((p) => [...p]));
    carry = document.activeElement === this.canvas ? { key: this.key(), selected: this.selected, pending: this.pending } : null;
    this.draw();
    this.o.onChange(this.text());
  }
}
