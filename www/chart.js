// Chart figures drawn by Rust with plotters: bars (distributions) and lines
// (curves), with a hover read-out and PNG / CSV export.
import { drawing } from './core.js';
import { el, downloadBlob, downloadSvg, csvLine, drawWhenShown, textScale } from './dom.js';
import { t, getLang } from './i18n.js';

const decimalMark = () => (getLang() === 'fr' ? ',' : '.');
// The thousands separator of the language, as Intl writes it (a narrow no-break space in French).
const thousands = () => (getLang() === 'fr' ? '\u202f' : ',');

/** The parts every chart shares: caption, canvas, tooltip, Save PNG / Save CSV. */
class ChartFigure {
  /** The drawing bundle (core.js, `drawing`), or null before it has landed. */
  get drawer() {
    return drawing();
  }

  /** @param {object} o  {id, title, fileName, describe(k) → text, …} */
  constructor(parent, o) {
    this.o = o;
    this.figure = el('figure', { className: 'chart', id: o.id });
    this.canvas = el('canvas');
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-label', o.title);
    this.tooltip = el('div', { className: 'tooltip', hidden: true });
    const png = el('button', { type: 'button', className: 'secondary', textContent: t('Save PNG') });
    const svg = el('button', { type: 'button', className: 'secondary save-svg', textContent: t('Save SVG') });
    const csv = el('button', { type: 'button', className: 'secondary', textContent: t('Save CSV') });
    png.addEventListener('click', () => this.canvas.toBlob((b) => downloadBlob(b, `${o.fileName}.png`), 'image/png'));
    // The same drawing as SVG, at the size it is shown.
    svg.addEventListener('click', () => {
      const width = Math.round(Math.max(280, this.canvas.clientWidth || 560));
      downloadSvg(this.svg(width, Math.round(width * aspect(width))), o.fileName, o.title);
    });
    csv.addEventListener('click', () => downloadBlob(new Blob([this.csv()], { type: 'text/csv' }), `${o.fileName}.csv`));
    this.empty = el('p', { className: 'muted chart-empty', hidden: true });
    this.figure.append(el('figcaption', { textContent: o.title }), this.canvas, this.empty, this.tooltip,
      el('div', { className: 'heatmap-tools' }, [png, svg, csv]));
    this.tools = this.figure.lastChild;
    parent.append(this.figure);
    this.canvas.addEventListener('mousemove', (e) => this.hover(e));
    this.canvas.addEventListener('mouseleave', () => { this.tooltip.hidden = true; });
    // Drawn at the size it is shown, in device pixels: redrawn when that changes.
    new ResizeObserver(() => this.redrawSoon()).observe(this.figure);
  }

  redrawSoon() {
    clearTimeout(this.resizeTimer);
    this.resizeTimer = setTimeout(() => {
      const dpr = window.devicePixelRatio || 1;
      // Not before the drawing bundle has landed: drawn then.
      if (this.drawn && this.drawer && Math.abs(this.canvas.clientWidth * dpr - this.canvas.width) > 2) this.drawn();
    }, 120);
  }

  /** Nothing to draw: the canvas gives way to a sentence saying why. */
  showEmpty(why) {
    this.canvas.hidden = true;
    this.tools.hidden = true;
    this.empty.hidden = false;
    this.empty.textContent = why ?? t('Nothing to draw.');
    this.canvas.dataset.drawn = 'true';
    this.drawn = null;
  }

  /** Sizes the canvas to its box (device pixels); returns the drawing's scale: the device pixel ratio, times 1.5 when presented. */
  size() {
    const dpr = window.devicePixelRatio || 1;
    const width = Math.max(280, this.canvas.clientWidth || 560);
    this.canvas.width = Math.round(width * dpr);
    this.canvas.height = Math.round(width * aspect(width) * dpr);
    return dpr * textScale();
  }

  /** Where the pointer is across the plot, from 0 to 1 (outside: null). */
  across(event) {
    if (!this.layout) return null;
    const rect = this.canvas.getBoundingClientRect();
    const x = (event.clientX - rect.left) * (this.canvas.width / rect.width);
    const f = (x - this.layout.plotX) / this.layout.plotW;
    return f >= 0 && f <= 1 ? f : null;
  }

  hover(event) {
    const f = this.across(event);
    const k = f === null ? null : this.pointAt(f);
    if (k === null) {
      this.tooltip.hidden = true;
      return;
    }
    this.tooltip.textContent = this.o.describe(k);
    this.tooltip.hidden = false;
    const fr = this.figure.getBoundingClientRect();
    this.tooltip.style.left = `${Math.min(event.clientX - fr.left + 14, fr.width - this.tooltip.offsetWidth - 4)}px`;
    this.tooltip.style.top = `${event.clientY - fr.top + 14}px`;
  }
}

/**
 * A chart's height over its width: half; three quarters on a phone, where a
 * legend of several rows would leave the plot a strip (a 4-player race's
 * length: 70 px of 170).
 */
function aspect(width) {
  return width < 500 ? 0.75 : 0.5;
}

export class BarChart extends ChartFigure {
  /** Draws bars `values` (series index per bar in `series`), the first at x = xStart. */
  draw(values, series, xStart = 1) {
    this.values = values;
    this.series = series;
    this.xStart = xStart;
    if (!values.length || !values.some((v) => v > 0)) {
      this.showEmpty(this.o.empty);
      return;
    }
    this.drawn = () => {
      const scale = this.size();
      this.layout = this.drawer.drawBars(this.canvas, values, series, { ...this.options(), scale });
      this.canvas.dataset.drawn = 'true';
    };
    drawWhenShown(this.canvas, this.drawn);
  }

  options() {
    const { xLabel, yLabel, names = [], labels = [], counts = false } = this.o;
    return { xLabel, yLabel, names, labels, xStart: this.xStart, counts, decimalMark: decimalMark(), thousands: thousands() };
  }

  svg(width, height) {
    return this.drawer.barsSvg(this.values, this.series, width, height, this.options());
  }

  pointAt(f) {
    const k = Math.floor(f * this.layout.bars);
    return k < this.layout.bars ? k : null;
  }

  csv() {
    const withSeries = this.o.names.length > 1;
    const lines = [csvLine([this.o.xLabel, this.o.yLabel, ...(withSeries ? [t('series')] : [])])];
    this.values.forEach((v, k) => {
      const x = this.o.labels?.[k] ?? this.xStart + k;
      lines.push(csvLine([x, v, ...(withSeries ? [this.o.names[this.series[k]]] : [])]));
    });
    return lines.join('\n') + '\n';
  }
}

export class LineChart extends ChartFigure {
  /** Draws the points (xs[k], ys[k]) joined by a line; `ys` may hold several series end to end (o.names). */
  draw(xs, ys) {
    this.xs = xs;
    this.ys = ys;
    if (!xs.length) {
      this.showEmpty(this.o.empty);
      return;
    }
    this.drawn = () => {
      const scale = this.size();
      this.layout = this.drawer.drawLine(this.canvas, xs, ys, { ...this.options(), scale });
      this.canvas.dataset.drawn = 'true';
    };
    drawWhenShown(this.canvas, this.drawn);
  }

  options() {
    return { xLabel: this.o.xLabel, yLabel: this.o.yLabel, names: this.o.names ?? [], decimalMark: decimalMark() };
  }

  svg(width, height) {
    return this.drawer.lineSvg(this.xs, this.ys, width, height, this.options());
  }

  /** The point nearest to the pointer. */
  pointAt(f) {
    const [lo, hi] = [this.xs[0], this.xs[this.xs.length - 1]];
    const target = lo + f * (hi - lo);
    let k = 0;
    this.xs.forEach((v, i) => { if (Math.abs(v - target) < Math.abs(this.xs[k] - target)) k = i; });
    return k;
  }

  csv() {
    const names = this.o.names?.length > 1 ? this.o.names : [this.o.yLabel];
    const n = this.xs.length;
    const rows = Array.from(this.xs, (x, k) => csvLine([x, ...names.map((_, s) => this.ys[s * n + k])]));
    return [csvLine([this.o.xLabel, ...names]), ...rows].join('\n') + '\n';
  }
}
