// A bar chart figure (drawn by Rust with plotters) with hover read-out and PNG / CSV export.
import { drawBars, drawLine } from './pkg/ludolab.js';
import { el, downloadBlob, csvLine } from './dom.js';

export class BarChart {
  /**
   * @param {HTMLElement} parent
   * @param {object} o  {id, title, xLabel, yLabel, names, fileName, describe(k) → text}
   */
  constructor(parent, o) {
    this.o = o;
    this.figure = el('figure', { className: 'chart', id: o.id });
    this.canvas = el('canvas');
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-label', o.title);
    this.tooltip = el('div', { className: 'tooltip', hidden: true });
    const png = el('button', { type: 'button', className: 'secondary', textContent: 'Save PNG' });
    const csv = el('button', { type: 'button', className: 'secondary', textContent: 'Save CSV' });
    png.addEventListener('click', () => this.canvas.toBlob((b) => downloadBlob(b, `${o.fileName}.png`), 'image/png'));
    csv.addEventListener('click', () => downloadBlob(new Blob([this.csv()], { type: 'text/csv' }), `${o.fileName}.csv`));
    this.figure.append(el('figcaption', { textContent: o.title }), this.canvas, this.tooltip,
      el('div', { className: 'heatmap-tools' }, [png, csv]));
    parent.append(this.figure);
    this.canvas.addEventListener('mousemove', (e) => this.hover(e));
    this.canvas.addEventListener('mouseleave', () => { this.tooltip.hidden = true; });
  }

  /** Draws bars `values` (series index per bar in `series`), the first at x = xStart. */
  draw(values, series, xStart = 1) {
    this.values = values;
    this.series = series;
    this.xStart = xStart;
    const dpr = window.devicePixelRatio || 1;
    const width = Math.max(280, this.canvas.clientWidth || 560);
    this.canvas.width = Math.round(width * dpr);
    this.canvas.height = Math.round(width * 0.5 * dpr);
    const { xLabel, yLabel, names = [] } = this.o;
    this.layout = drawBars(this.canvas, values, series, { xLabel, yLabel, names, xStart, scale: dpr });
    this.canvas.dataset.drawn = 'true';
  }

  hover(event) {
    if (!this.layout) return;
    const rect = this.canvas.getBoundingClientRect();
    const x = (event.clientX - rect.left) * (this.canvas.width / rect.width);
    const l = this.layout;
    const k = Math.floor(((x - l.plotX) / l.plotW) * l.bars);
    if (!(k >= 0 && k < l.bars)) {
      this.tooltip.hidden = true;
      return;
    }
    this.tooltip.textContent = this.o.describe(k);
    this.tooltip.hidden = false;
    const fr = this.figure.getBoundingClientRect();
    this.tooltip.style.left = `${Math.min(event.clientX - fr.left + 14, fr.width - this.tooltip.offsetWidth - 4)}px`;
    this.tooltip.style.top = `${event.clientY - fr.top + 14}px`;
  }

  csv() {
    const header = csvLine([this.o.xLabel, this.o.yLabel, ...(this.o.names.length > 1 ? ['series'] : [])]);
    const lines = [header];
    this.values.forEach((v, k) => {
      const row = [this.xStart + k, v];
      if (this.o.names.length > 1) row.push(this.o.names[this.series[k]]);
      lines.push(csvLine(row));
    });
    return lines.join('\n') + '\n';
  }
}

/** A line chart figure (Rust draws it) with hover read-out of the nearest point and PNG / CSV export. */
export class LineChart {
  /** @param {object} o  {id, title, xLabel, yLabel, fileName, describe(k)} */
  constructor(parent, o) {
    this.o = o;
    this.figure = el('figure', { className: 'chart', id: o.id });
    this.canvas = el('canvas');
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-label', o.title);
    this.tooltip = el('div', { className: 'tooltip', hidden: true });
    const png = el('button', { type: 'button', className: 'secondary', textContent: 'Save PNG' });
    const csv = el('button', { type: 'button', className: 'secondary', textContent: 'Save CSV' });
    png.addEventListener('click', () => this.canvas.toBlob((b) => downloadBlob(b, `${o.fileName}.png`), 'image/png'));
    csv.addEventListener('click', () => downloadBlob(new Blob([this.csv()], { type: 'text/csv' }), `${o.fileName}.csv`));
    this.figure.append(el('figcaption', { textContent: o.title }), this.canvas, this.tooltip,
      el('div', { className: 'heatmap-tools' }, [png, csv]));
    parent.append(this.figure);
    this.canvas.addEventListener('mousemove', (e) => this.hover(e));
    this.canvas.addEventListener('mouseleave', () => { this.tooltip.hidden = true; });
  }

  draw(xs, ys) {
    this.xs = xs;
    this.ys = ys;
    const dpr = window.devicePixelRatio || 1;
    const width = Math.max(280, this.canvas.clientWidth || 560);
    this.canvas.width = Math.round(width * dpr);
    this.canvas.height = Math.round(width * 0.5 * dpr);
    this.layout = drawLine(this.canvas, xs, ys, { xLabel: this.o.xLabel, yLabel: this.o.yLabel, scale: dpr });
    this.canvas.dataset.drawn = 'true';
  }

  hover(event) {
    if (!this.layout) return;
    const rect = this.canvas.getBoundingClientRect();
    const x = (event.clientX - rect.left) * (this.canvas.width / rect.width);
    const l = this.layout;
    const f = (x - l.plotX) / l.plotW;
    if (!(f >= 0 && f <= 1)) {
      this.tooltip.hidden = true;
      return;
    }
    const [lo, hi] = [this.xs[0], this.xs[this.xs.length - 1]];
    const target = lo + f * (hi - lo);
    let k = 0;
    this.xs.forEach((v, i) => { if (Math.abs(v - target) < Math.abs(this.xs[k] - target)) k = i; });
    this.tooltip.textContent = this.o.describe(k);
    this.tooltip.hidden = false;
    const fr = this.figure.getBoundingClientRect();
    this.tooltip.style.left = `${Math.min(event.clientX - fr.left + 14, fr.width - this.tooltip.offsetWidth - 4)}px`;
    this.tooltip.style.top = `${event.clientY - fr.top + 14}px`;
  }

  csv() {
    return [csvLine([this.o.xLabel, this.o.yLabel]), ...Array.from(this.xs, (x, k) => csvLine([x, this.ys[k]]))].join('\n') + '\n';
  }
}
