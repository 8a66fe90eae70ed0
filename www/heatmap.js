// A heat map figure: the canvas drawn by Rust (plotters), plus hover and keyboard
// read-out of single cells, and PNG / CSV export.
import { drawing } from './core.js';
import { el, downloadBlob, downloadSvg, drawWhenShown, latexButton, textScale } from './dom.js';
import { t, fixed, getLang } from './i18n.js';

// The band above an exported drawing that holds its title, in CSS px.
const TITLE_BAND = 30;

export class HeatMap {
  /** The drawing bundle (core.js, `drawing`), or null before it has landed. */
  get drawer() {
    return drawing();
  }

  /**
   * @param {HTMLElement} parent
   * @param {object} o  {id, title, xLabel, yLabel, symbol, fileName, categorical, min, max, decimals}
   */
  constructor(parent, o) {
    this.o = o;
    this.figure = el('figure', { className: 'heatmap', id: o.id });
    const caption = el('figcaption', { textContent: o.title });
    this.canvas = el('canvas', { tabIndex: 0 });
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-label', o.title);
    this.tooltip = el('div', { className: 'tooltip', hidden: true });
    this.note = el('p', { className: 'muted', hidden: true });
    this.live = el('p', { className: 'visually-hidden' });
    this.live.setAttribute('aria-live', 'polite');
    const png = el('button', { type: 'button', className: 'secondary', textContent: t('Save PNG') });
    const svg = el('button', { type: 'button', className: 'secondary save-svg', textContent: t('Save SVG') });
    const csv = el('button', { type: 'button', className: 'secondary', textContent: t('Save CSV') });
    png.addEventListener('click', () => this.savePng());
    svg.addEventListener('click', () => this.saveSvg());
    csv.addEventListener('click', () => this.saveCsv());
    // The matrix as a LaTeX table with its row and column numbers, values as the hover shows them.
    const latex = latexButton({ caption: o.title, table: () => this.table(), fileName: o.fileName });
    const tools = el('div', { className: 'heatmap-tools' }, [png, svg, csv, latex]);
    // Nothing to save until the values arrive (Orchard's sweeps come after the result).
    this.saves = [png, svg, csv, latex];
    for (const button of this.saves) button.disabled = true;
    this.figure.append(caption, this.canvas, this.tooltip, this.note, tools, this.live);
    parent.append(this.figure);

    this.canvas.addEventListener('mousemove', (e) => this.hover(e));
    this.canvas.addEventListener('mouseleave', () => { this.tooltip.hidden = true; });
    this.canvas.addEventListener('keydown', (e) => this.key(e));
    this.canvas.addEventListener('blur', () => { this.tooltip.hidden = true; });
    this.resizeObserver = new ResizeObserver(() => this.redrawSoon());
    this.resizeObserver.observe(this.figure);
  }

  /**
   * Draws a rows × cols row-major matrix; `{later}` (a built answer's matrix,
   * left out of its file) says it comes with the live answer.
   */
  draw(values, rows, cols) {
    if (values?.later) {
      this.canvas.classList.add('later');
      this.figure.dataset.leftOut = 'true';
      this.note.textContent = t('Drawn when your browser’s own answer comes.');
      this.note.hidden = false;
      return;
    }
    this.values = values;
    this.rows = rows;
    this.cols = cols;
    this.cursor = [0, 0];
    for (const button of this.saves) button.disabled = false;
    // A figure before the drawing bundle lands: its place, square, until drawn.
    if (!this.drawer) this.canvas.classList.add('later');
    // On the first screen at once; below it, just after the result is shown.
    drawWhenShown(this.canvas, () => this.render());
  }

  /** Sizes the canvas to its box in device pixels; returns the drawing's scale. */
  size() {
    const dpr = window.devicePixelRatio || 1;
    const width = Math.max(280, this.canvas.clientWidth || 560);
    this.canvas.width = Math.round(width * dpr);
    const scale = dpr * textScale();
    this.canvas.height = this.drawer.heatmapHeight(this.rows, this.cols, this.canvas.width, scale);
    return scale;
  }

  /** The drawing's options for the core (the canvas adds its device scale). */
  options() {
    const { xLabel, yLabel, categorical = false, min, max, decimals = 2, palette, rowStart = 0, colStart = 0 } = this.o;
    return { xLabel, yLabel, categorical, min, max, decimals, palette, rowStart, colStart,
      decimalMark: getLang() === 'fr' ? ',' : '.', undefinedLabel: t('not defined') };
  }

  render() {
    if (!this.values) return;
    const scale = this.size();
    const { decimals = 2 } = this.o;
    const drawn = this.drawer.drawHeatmap(this.canvas, this.values, this.rows, this.cols, { ...this.options(), scale });
    this.canvas.classList.remove('later');
    this.drawn = drawn;
    this.layout = drawn.layout;
    const b = drawn.layout.block;
    this.note.textContent = b > 1
      ? t('{rows}×{cols} matrix drawn as blocks of {b}×{b} cells (the mean of each block); hover shows single cells.',
        { rows: this.rows, cols: this.cols, b })
      : '';
    this.note.hidden = b <= 1;
    this.canvas.dataset.drawn = 'true';
    this.canvas.setAttribute('aria-label', t('{title}: {rows} by {cols} heat map, values from {lo} to {hi}. ' +
      'Focus it and use the arrow keys to read single cells.',
    { title: this.o.title, rows: this.rows, cols: this.cols, lo: fixed(drawn.min, decimals), hi: fixed(drawn.max, decimals) }));
  }

  redrawSoon() {
    clearTimeout(this.resizeTimer);
    this.resizeTimer = setTimeout(() => {
      const dpr = window.devicePixelRatio || 1;
      // Not before the drawing bundle has landed: drawn then.
      if (this.values && this.drawer && Math.abs(this.canvas.clientWidth * dpr - this.canvas.width) > 2) this.render();
    }, 120);
  }

  /** Cell under a mouse event, from the layout Rust returned (canvas pixels). */
  cellAt(event) {
    const rect = this.canvas.getBoundingClientRect();
    const x = (event.clientX - rect.left) * (this.canvas.width / rect.width);
    const y = (event.clientY - rect.top) * (this.canvas.height / rect.height);
    const l = this.layout;
    const fx = (x - l.plotX) / l.plotW;
    const fy = (y - l.plotY) / l.plotH;
    if (!(fx >= 0 && fx < 1 && fy >= 0 && fy < 1)) return null;
    return [Math.floor(fy * l.rows), Math.floor(fx * l.cols)];
  }

  describe(i, j) {
    const v = this.values[i * this.cols + j];
    const shown = !Number.isFinite(v) ? (this.o.undefinedText ?? t('not defined')) : this.o.categorical ? String(v) : fixed(v, this.o.valueDecimals ?? 4);
    const detail = this.o.detail ? `\n${this.o.detail(i, j)}` : '';
    const [r, c] = [i + (this.o.rowStart ?? 0), j + (this.o.colStart ?? 0)];
    return `${this.o.symbol}[${r}][${c}] = ${shown}\n${t('row {r}: {label}', { r, label: this.o.yLabel })}\n` +
      `${t('column {c}: {label}', { c, label: this.o.xLabel })}${detail}`;
  }

  hover(event) {
    if (!this.layout) return;
    const cell = this.cellAt(event);
    if (!cell) {
      this.tooltip.hidden = true;
      return;
    }
    const figureRect = this.figure.getBoundingClientRect();
    this.showTooltip(cell, event.clientX - figureRect.left, event.clientY - figureRect.top);
  }

  showTooltip([i, j], x, y) {
    this.tooltip.textContent = this.describe(i, j);
    this.tooltip.hidden = false;
    const maxLeft = this.figure.clientWidth - this.tooltip.offsetWidth - 4;
    this.tooltip.style.left = `${Math.max(0, Math.min(x + 14, maxLeft))}px`;
    this.tooltip.style.top = `${y + 14}px`;
  }

  key(event) {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const move = moves[event.key];
    if (!move || !this.layout) return;
    event.preventDefault();
    const step = event.shiftKey ? 10 : 1;
    this.cursor = [
      Math.min(this.rows - 1, Math.max(0, this.cursor[0] + move[0] * step)),
      Math.min(this.cols - 1, Math.max(0, this.cursor[1] + move[1] * step)),
    ];
    const [i, j] = this.cursor;
    const l = this.layout;
    const scale = this.canvas.getBoundingClientRect().width / this.canvas.width;
    const x = (l.plotX + (j + 0.5) * l.plotW / l.cols) * scale;
    const y = (l.plotY + (i + 0.5) * l.plotH / l.rows) * scale;
    this.showTooltip(this.cursor, x, y);
    this.live.textContent = this.describe(i, j).replaceAll('\n', '; ');
  }

  /** The drawing as PNG, its title written above it (a file read away from the page needs it). */
  savePng() {
    const dpr = this.canvas.width / Math.max(1, this.canvas.clientWidth || this.canvas.width);
    const band = Math.round(TITLE_BAND * dpr);
    const out = el('canvas', { width: this.canvas.width, height: this.canvas.height + band });
    const c = out.getContext('2d');
    c.fillStyle = '#fff';
    c.fillRect(0, 0, out.width, out.height);
    c.fillStyle = '#1d2330';
    c.font = `${Math.round(15 * dpr)}px sans-serif`;
    c.fillText(this.o.title, Math.round(8 * dpr), Math.round(20 * dpr), out.width - 16 * dpr);
    c.drawImage(this.canvas, 0, band);
    out.toBlob((blob) => downloadBlob(blob, `${this.o.fileName}.png`), 'image/png');
  }

  /** The same drawing as SVG, at the width it is shown (text as text), its title written above it. */
  saveSvg() {
    const width = Math.round(Math.max(280, this.canvas.clientWidth || 560));
    const drawn = new DOMParser().parseFromString(this.drawer.heatmapSvg(this.values, this.rows, this.cols, width, this.options()), 'image/svg+xml').documentElement;
    const height = Number.parseFloat(drawn.getAttribute('height')) || 400;
    drawn.setAttribute('y', String(TITLE_BAND));
    const NS = 'http://www.w3.org/2000/svg';
    const outer = document.createElementNS(NS, 'svg');
    for (const [k, v] of Object.entries({ width, height: height + TITLE_BAND, viewBox: `0 0 ${width} ${height + TITLE_BAND}` })) outer.setAttribute(k, String(v));
    const title = document.createElementNS(NS, 'text');
    for (const [k, v] of Object.entries({ x: 8, y: 20, 'font-family': 'sans-serif', 'font-size': 15, fill: '#1d2330' })) title.setAttribute(k, String(v));
    title.textContent = this.o.title;
    outer.append(title, drawn);
    downloadSvg(new XMLSerializer().serializeToString(outer), this.o.fileName, this.o.title);
  }

  saveCsv() {
    downloadBlob(new Blob([this.csv()], { type: 'text/csv' }), `${this.o.fileName}.csv`);
  }

  /** The matrix as the page shows its cells: a header of column numbers, a row number first on each line. */
  table() {
    const [r0, c0] = [this.o.rowStart ?? 0, this.o.colStart ?? 0];
    const shown = (v) => (!Number.isFinite(v) ? '—' : this.o.categorical ? String(v) : fixed(v, this.o.valueDecimals ?? 4));
    const headers = [`${this.o.symbol ?? ''} ${t('row')} \\ ${t('column')}`.trim(), ...Array.from({ length: this.cols }, (_, j) => j + c0)];
    const rows = Array.from({ length: this.rows }, (_, i) => [i + r0,
      ...Array.from(this.values.subarray(i * this.cols, (i + 1) * this.cols), shown)]);
    return { headers, rows };
  }

  /** The matrix as CSV: a header of column indices, then one row per line, full precision. */
  csv() {
    const [r0, c0] = [this.o.rowStart ?? 0, this.o.colStart ?? 0];
    const header = ['row\\col', ...Array.from({ length: this.cols }, (_, j) => j + c0)].join(',');
    const lines = [header];
    for (let i = 0; i < this.rows; i++) {
      const row = this.values.subarray(i * this.cols, (i + 1) * this.cols);
      lines.push([i + r0, ...Array.from(row, (v) => (Number.isFinite(v) ? String(v) : ''))].join(','));
    }
    return lines.join('\n') + '\n';
  }
}
