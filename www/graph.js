// A game graph on a canvas, drawn by Rust (plotters) under the page's pan and
// zoom: drag to pan, wheel or +/− to zoom, arrow keys to pan, hover for a
// vertex's details, Save PNG.
import { drawing } from './core.js';
import { el, downloadBlob, downloadSvg, drawWhenShown } from './dom.js';
import { t } from './i18n.js';

export class GraphView {
  /** The drawing bundle (core.js, `drawing`), or null before it has landed. */
  get drawer() {
    return drawing();
  }

  /**
   * @param {HTMLElement} parent
   * @param {object} o  {id, title, fileName, describe(v) → text}
   */
  constructor(parent, o) {
    this.o = o;
    this.zoom = 70;
    this.pan = [0, 0];
    this.figure = el('figure', { className: 'graph', id: o.id });
    this.canvas = el('canvas', { tabIndex: 0 });
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-label', t('{title}. Drag or use the arrow keys to pan, the wheel or + and − to zoom.', { title: o.title }));
    this.tooltip = el('div', { className: 'tooltip', hidden: true });
    const button = (text, label, action) => {
      const b = el('button', { type: 'button', className: 'secondary', textContent: text });
      if (label) b.setAttribute('aria-label', label);
      b.addEventListener('click', action);
      return b;
    };
    const tools = el('div', { className: 'heatmap-tools' }, [
      button('+', t('zoom in'), () => this.zoomBy(1.25)),
      button('−', t('zoom out'), () => this.zoomBy(0.8)),
      button(t('Fit'), t('fit the whole graph'), () => this.fit(true, true)),
      button(t('Save PNG'), null, () => this.canvas.toBlob((b) => downloadBlob(b, `${o.fileName}.png`), 'image/png')),
      button(t('Save SVG'), null, () => downloadSvg(this.svg(), o.fileName, o.title)),
    ]);
    tools.lastChild.classList.add('save-svg');
    this.figure.append(el('figcaption', { textContent: o.title }), this.canvas, this.tooltip, tools);
    parent.append(this.figure);
    this.canvas.addEventListener('pointerdown', (e) => this.drag(e));
    this.canvas.addEventListener('wheel', (e) => {
      e.preventDefault();
      this.zoomBy(e.deltaY < 0 ? 1.15 : 1 / 1.15);
    }, { passive: false });
    this.canvas.addEventListener('mousemove', (e) => this.hover(e));
    this.canvas.addEventListener('mouseleave', () => { this.tooltip.hidden = true; });
    this.canvas.addEventListener('keydown', (e) => this.key(e));
  }

  /** Draws `g` = {x, y, owner, fill, labels, notes, edges, bends, strong, highlight}. */
  draw(g) {
    const first = !this.g;
    this.g = g;
    if (first) this.fit(false);
    this.render();
  }

  /** The graph fitted to the canvas, down to the view's least zoom (its names legible) or, for `whole`, all of it. */
  fit(render = true, whole = false) {
    const width = Math.max(280, this.canvas.clientWidth || 600);
    const cols = Math.max(...this.g.x) + 1;
    const rows = Math.max(...this.g.y) + 1;
    this.zoom = Math.max(whole ? 4 : this.o.minZoom ?? 8, Math.min(90, (width - 80) / Math.max(cols - 1, 1), 420 / Math.max(rows - 1, 1)));
    // Room above the top row for a move back to the same vertex, drawn as a loop at its upper right;
    // a graph narrower than the canvas (one vertex, a short path) in its middle, not a corner.
    const height = Math.min(640, Math.max(200, rows * this.zoom + 80 + this.loopRoom(this.zoom)));
    const spare = (room, extent) => Math.max(0, (room - 80 - extent) / 2);
    this.pan = [spare(width, (cols - 1) * this.zoom), this.loopRoom(this.zoom) + (rows === 1 ? spare(height, 0) : 0)];
    if (render) this.render();
  }

  /** CSS px a loop on a top-row vertex needs above the 40 px margin (the core's radius: 0.28 zoom, at most 26). */
  loopRoom(zoom) {
    const { x, y, edges } = this.g;
    const top = Math.min(...y);
    let loop = false;
    for (let k = 0; k + 1 < edges.length; k += 2) if (edges[k] === edges[k + 1] && y[edges[k]] === top) loop = true;
    return loop ? Math.max(0, Math.ceil(1.7 * Math.min(zoom * 0.28, 26) - 36)) : 0;
  }

  render() {
    if (!this.drawer) {
      // Drawn when the drawing bundle lands; meanwhile the page says it is still
      // drawing (body[data-drawing], as for the figures below the first screen).
      if (!this.waiting) {
        this.waiting = true;
        drawWhenShown(this.canvas, () => {
          this.waiting = false;
          this.render();
        });
      }
      return;
    }
    const dpr = window.devicePixelRatio || 1;
    const width = Math.max(280, this.canvas.clientWidth || 600);
    const rows = Math.max(...this.g.y) + 1;
    const height = Math.min(640, Math.max(200, rows * this.zoom + 80 + this.loopRoom(this.zoom)));
    this.canvas.width = Math.round(width * dpr);
    this.canvas.height = Math.round(height * dpr);
    this.canvas.style.height = `${height}px`;
    // The layout's bends route each edge around the vertices it does not join.
    const { x, y, owner, fill, labels, notes = [], edges, bends = [], strong, highlight } = this.g;
    this.mapping = this.drawer.drawArena(this.canvas, {
      x, y, owner, fill, labels, notes, edges, bends, strong, highlight,
      zoom: this.zoom, panX: this.pan[0], panY: this.pan[1], scale: dpr,
    });
    // What a reader sees, for the tests' drawing check: the vertices in view and
    // each text's box [x, y, width, height, font size] in CSS pixels.
    const inView = x.filter((_, v) => {
      const [px, py] = this.position(v);
      return px >= 0 && py >= 0 && px <= width && py <= height;
    }).length;
    this.canvas.drawnTexts = this.mapping.texts.map((b) => b.map((q) => q / dpr));
    this.canvas.dataset.vertices = String(inView);
    this.canvas.dataset.drawn = 'true';
  }

  /** The whole graph as SVG (whatever the pan and zoom on screen), fitted by the core as in a notebook. */
  svg() {
    const { x, y, owner, fill, labels, notes = [], edges, bends = [], strong, highlight } = this.g;
    return this.drawer.arenaSvg({ x, y, owner, fill, labels, notes, edges, bends, strong, highlight });
  }

  /** Pans so that vertex v is in view, when it is not (a search tree followed node by node). */
  follow(v) {
    if (!this.mapping) return;
    const [px, py] = this.position(v);
    const rect = this.canvas.getBoundingClientRect();
    const margin = 30;
    if (px >= margin && px <= rect.width - margin && py >= margin && py <= rect.height - margin) return;
    this.pan = [this.pan[0] + rect.width / 2 - px, this.pan[1] + (py < margin || py > rect.height - margin ? rect.height / 2 - py : 0)];
    this.render();
  }

  zoomBy(f) {
    this.zoom = Math.max(4, Math.min(400, this.zoom * f));
    this.render();
  }

  drag(event) {
    const start = [event.clientX, event.clientY];
    const pan0 = [...this.pan];
    let moved = false;
    const move = (e) => {
      const d = [e.clientX - start[0], e.clientY - start[1]];
      if (Math.abs(d[0]) + Math.abs(d[1]) > 3) moved = true;
      this.pan = [pan0[0] + d[0], pan0[1] + d[1]];
      this.render();
    };
    const up = (e) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      if (!moved) {
        const v = this.vertexAt(e);
        if (v !== null) this.o.onClick?.(v);
      }
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  }

  key(event) {
    const step = 40;
    const moves = { ArrowUp: [0, step], ArrowDown: [0, -step], ArrowLeft: [step, 0], ArrowRight: [-step, 0] };
    if (moves[event.key]) {
      event.preventDefault();
      this.pan = [this.pan[0] + moves[event.key][0], this.pan[1] + moves[event.key][1]];
      this.render();
    } else if (event.key === '+' || event.key === '=') {
      this.zoomBy(1.25);
    } else if (event.key === '-') {
      this.zoomBy(0.8);
    }
  }

  /** The vertex under a pointer event, or null. */
  vertexAt(event) {
    if (!this.mapping) return null;
    const rect = this.canvas.getBoundingClientRect();
    const px = (event.clientX - rect.left) * (this.canvas.width / rect.width);
    const py = (event.clientY - rect.top) * (this.canvas.height / rect.height);
    const m = this.mapping;
    let best = null;
    let bestD = (m.radius * 1.3) ** 2;
    for (let v = 0; v < this.g.x.length; v++) {
      const d = (m.originX + m.unit * this.g.x[v] - px) ** 2 + (m.originY + m.unit * this.g.y[v] - py) ** 2;
      if (d < bestD) { bestD = d; best = v; }
    }
    return best;
  }

  /** Where vertex v is drawn, in CSS pixels from the canvas's top left. */
  position(v) {
    const m = this.mapping;
    const ratio = this.canvas.getBoundingClientRect().width / this.canvas.width;
    return [(m.originX + m.unit * this.g.x[v]) * ratio, (m.originY + m.unit * this.g.y[v]) * ratio];
  }

  hover(event) {
    const v = this.vertexAt(event);
    if (v === null) {
      this.tooltip.hidden = true;
      return;
    }
    this.tooltip.textContent = this.o.describe(v);
    this.tooltip.hidden = false;
    const fr = this.figure.getBoundingClientRect();
    this.tooltip.style.left = `${Math.min(event.clientX - fr.left + 14, fr.width - this.tooltip.offsetWidth - 4)}px`;
    this.tooltip.style.top = `${event.clientY - fr.top + 14}px`;
  }
}
