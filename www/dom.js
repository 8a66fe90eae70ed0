// Small DOM helpers. Text is always set as text, never parsed as HTML.
import { drawing, whenDrawing, loadDrawing } from './core.js';
import { t, both, getLang } from './i18n.js';

export { fixed } from './i18n.js';

/**
 * How much larger a figure's text and margins are drawn: 1.5 in a presented
 * view (read from the back of a room), 1 otherwise.
 */
export function textScale() {
  return document.body.classList.contains('present') ? 1.5 : 1;
}

/** Whether `x` is a text the core sends in both languages (`{en, fr}`). */
const isBilingual = (x) => x !== null && typeof x === 'object' && typeof x.en === 'string';

/**
 * The one path from a value the core sent to the text a person reads: a text in
 * both languages in the page's language, a missing value or a non-finite number
 * as empty, the rest as itself. Tables, exports and `el` all go through it.
 */
export function cellText(x) {
  if (x === null || x === undefined || (typeof x === 'number' && !Number.isFinite(x))) return '';
  return isBilingual(x) ? both(x) : String(x);
}

/** Creates an element with properties and children (a bilingual `textContent` or `title` in the page's language). */
export function el(tag, props = {}, children = []) {
  if (isBilingual(props.textContent) || isBilingual(props.title)) {
    props = { ...props };
    for (const key of ['textContent', 'title']) if (isBilingual(props[key])) props[key] = both(props[key]);
  }
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/** Offers a blob as a download. */
export function downloadBlob(blob, name) {
  const a = el('a', { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** `text` safe inside XML (an SVG's title, a LaTeX-free caption). */
export function xmlText(text) {
  return String(text).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/**
 * Offers an SVG document drawn by the core as `name`.svg, with the figure's
 * caption as its `<title>` and the share link that reopens it as its `<desc>`.
 */
export function downloadSvg(svg, name, title) {
  const head = svg.indexOf('>', svg.indexOf('<svg')) + 1;
  const named = `${svg.slice(0, head)}\n<title>${xmlText(title)}</title>\n<desc>${xmlText(location.href)}</desc>${svg.slice(head)}`;
  downloadBlob(new Blob([named], { type: 'image/svg+xml' }), `${name}.svg`);
}

// What the page's stylesheet gives an SVG drawing, copied onto each element of a saved copy.
const SVG_STYLES = ['fill', 'stroke', 'stroke-width', 'stroke-dasharray', 'stroke-linecap', 'opacity', 'font-size',
  'font-weight', 'font-family', 'text-anchor', 'dominant-baseline', 'paint-order'];

/**
 * A drawing made in the page as SVG (the board, the Markov chain) saved as a
 * file that stands alone: the stylesheet's colours and fonts written onto its
 * elements, its size from its viewBox, interactive-only parts left out.
 */
/** An SVG document written by the core, as an element of this page. */
export function svgOf(text) {
  return document.importNode(new DOMParser().parseFromString(text, 'image/svg+xml').documentElement, true);
}

export function saveDomSvg(drawing, name, title) {
  const copy = drawing.cloneNode(true);
  const from = [drawing, ...drawing.querySelectorAll('*')];
  const to = [copy, ...copy.querySelectorAll('*')];
  from.forEach((node, k) => {
    const style = getComputedStyle(node);
    const out = to[k];
    out.removeAttribute('class');
    out.removeAttribute('tabindex');
    out.removeAttribute('role');
    if (node === drawing) return;
    // Presentation attributes, not a style attribute: the page's CSP forbids inline styles.
    for (const p of SVG_STYLES) out.setAttribute(p, style.getPropertyValue(p));
  });
  for (const ghost of copy.querySelectorAll('[data-interactive]')) ghost.remove();
  const [, , w, h] = (drawing.getAttribute('viewBox') ?? '0 0 600 400').split(/\s+/).map(Number);
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(w));
  copy.setAttribute('height', String(h));
  downloadSvg(new XMLSerializer().serializeToString(copy), name, title);
}

/** One CSV line; fields with commas, quotes or line breaks are quoted. */
export function csvLine(fields) {
  return fields.map((f) => {
    const text = cellText(f);
    return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  }).join(',');
}

/**
 * A "Save LaTeX" button: the table `table()` gives, `{headers, rows}` of cell
 * texts as shown (in the page's language), as a LaTeX tabular made by the core
 * (toolkit::latex).
 */
export function latexButton({ caption, table, fileName }) {
  const b = el('button', { type: 'button', className: 'secondary latex-save', textContent: t('Save LaTeX') });
  b.title = t('The table as a LaTeX tabular (exact fractions as \\frac), for a handout');
  b.addEventListener('click', async () => {
    const { headers, rows } = table();
    const tex = (drawing() ?? await loadDrawing()).latexTable(caption, headers.map(cellText), rows.map((r) => r.map(cellText)), getLang(), location.href);
    downloadBlob(new Blob([tex], { type: 'application/x-tex' }), `${fileName}.tex`);
  });
  return b;
}

/** The cell texts of a table on the page: `{headers, rows}` (headers from its thead, if any). */
export function shownTable(table) {
  const texts = (tr) => [...tr.cells].map((c) => c.textContent.trim());
  const head = table.tHead?.rows[0];
  const rows = [...table.tBodies].flatMap((b) => [...b.rows]).filter((r) => !r.hidden).map(texts);
  return { headers: head ? texts(head) : [], rows };
}

/**
 * A table with a "Save CSV" button: `headers` and `rows` of cell texts.
 * @returns {HTMLElement}
 */
export function dataTable({ id, caption, headers, rows, fileName, csvRows = rows, latexRows = null, format = cellText }) {
  // A cell the core wrote in both languages is read in the page's, whatever `format` does with the rest.
  const shown = (cell) => (isBilingual(cell) ? both(cell) : format(cell));
  const tbody = el('tbody');
  // Appended row by row: a spread of thousands of children would overflow the call stack.
  for (const row of rows) {
    const tr = el('tr');
    for (const cell of row) tr.append(el('td', { textContent: shown(cell) }));
    tbody.append(tr);
  }
  const table = el('table', { className: 'data' }, [
    el('caption', { textContent: caption }),
    el('thead', {}, [el('tr', {}, headers.map((h) => el('th', { scope: 'col', textContent: h })))]),
    tbody,
  ]);
  const save = el('button', { type: 'button', className: 'secondary', textContent: t('Save CSV') });
  save.addEventListener('click', () => {
    const text = [csvLine(headers), ...csvRows.map(csvLine)].join('\n') + '\n';
    downloadBlob(new Blob([text], { type: 'text/csv' }), `${fileName}.csv`);
  });
  const latex = latexButton({ caption, table: () => ({ headers, rows: latexRows ?? rows.map((row) => row.map(shown)) }), fileName });
  return el('div', { className: 'table-block', id }, [scrollBox(table, caption), save, latex]);
}

/**
 * A horizontally scrollable box for a wide table: focusable, so that keyboard
 * users can scroll it too, and named for screen readers.
 */
export function scrollBox(child, label) {
  const box = el('div', { className: 'table-scroll', tabIndex: 0 }, [child]);
  box.setAttribute('role', 'region');
  box.setAttribute('aria-label', label);
  return box;
}

/** A labelled form field (with an optional hint), appended to `form`; returns the control. */
export function formField(form, { key, label, control, hint }) {
  const id = `field-${key}`;
  control.id = id;
  control.name = key;
  const parts = [el('label', { htmlFor: id, textContent: label }), control];
  if (hint) {
    const h = el('p', { className: 'hint', id: `${id}-hint`, textContent: hint });
    control.setAttribute('aria-describedby', h.id);
    parts.push(h);
  }
  form.append(el('div', { className: 'field' }, parts));
  return control;
}

/** A key's field in the family's spec (label, kind and range, from the core). */
/**
 * What the menu calls each value of a choice drawn from one of the core's
 * lists (the field's `labels`: searched games, algorithms, parity solvers,
 * partizan rulesets), in the page's language: `{value: label}`.
 */
export function choiceLabels(info, key) {
  const f = info.spec?.fields.find((x) => x.key === key);
  if (!f?.labels) return {};
  return Object.fromEntries(f.values.map((v, i) => [v, both(f.labels[i])]));
}

/** The help the core gives for each value of a choice (a ruleset's notation), by value, in the page's language. */
export function choiceHints(info, key) {
  const f = info.spec?.fields.find((x) => x.key === key);
  if (!f?.hints) return {};
  return Object.fromEntries(f.values.map((v, i) => [v, both(f.hints[i])]));
}

export function spec(info, key) {
  const f = info.spec?.fields.find((x) => x.key === key);
  if (!f) throw new Error(`no field ${key} in ${info.game}`);
  return f;
}

/**
 * The keys the form shows for `value` of the choice `key` (a mode), in link
 * order: the core's table of the keys each value uses, walked through the
 * choices among them (misère play's `of`) at their current value.
 */
export function formKeys(info, key, value) {
  const out = [];
  for (const used of spec(info, key).uses?.find((u) => u.value === value)?.keys ?? []) {
    if (!used.form) continue;
    out.push(used.key);
    const inner = spec(info, used.key);
    if (inner.uses) out.push(...formKeys(info, used.key, info.fields[used.key] ?? inner.values?.[0]));
  }
  return out;
}

// Drawings below the first screen (and a long table's rows past it, `later`)
// wait, each for a task of its own, until the result above them is shown: on a
// phone they would otherwise lengthen the task that shows the first result
// (Snakes' heat maps: about 300 ms with the CPU slowed 4×). `body[data-drawing]`
// is set while any waits.
const laterDrawings = [];

function drawNextLater() {
  try {
    laterDrawings.shift()?.();
  } finally {
    if (laterDrawings.length) setTimeout(drawNextLater, 0);
    else delete document.body.dataset.drawing;
  }
}

/** Runs now what waits below the first screen (drawings, a long table's rows). */
export function flushLater() {
  while (laterDrawings.length) laterDrawings.shift()();
}

// A page printed at once prints every drawing.
if (typeof window !== 'undefined') window.addEventListener('beforeprint', flushLater);

/**
 * Runs `task` after the result above it is shown, in a task of its own, in turn
 * with the drawings below the first screen (`body[data-drawing]` is set until
 * it has run): a long table's rows past its first screen.
 */
export function later(task) {
  if (!laterDrawings.length) {
    document.body.dataset.drawing = 'later';
    setTimeout(drawNextLater, 0);
  }
  laterDrawings.push(task);
}

// Once one figure of a result is below the first screen, those built after it
// are too: they skip the position check, whose layout costs each one a reflow.
let belowFromHere = false;

/**
 * Runs `draw` now if `canvas` shows on the first screen (it sizes and draws
 * before the result is painted), otherwise soon after, in a task of its own:
 * below the first screen its size may change unseen.
 */
export function drawWhenShown(canvas, draw) {
  // A result shown before the drawing bundle landed (the family's bundle comes
  // first, a result computed when the site was built before both): its figures
  // are drawn by the core when that comes.
  if (!drawing()) {
    document.body.dataset.drawing = 'later';
    whenDrawing(() => {
      if (!laterDrawings.length) delete document.body.dataset.drawing;
      if (canvas.isConnected) drawWhenShown(canvas, draw);
    });
    return;
  }
  const below = belowFromHere || (canvas.isConnected && canvas.getBoundingClientRect().top > window.innerHeight);
  if (!below) {
    draw();
    return;
  }
  if (!belowFromHere) {
    belowFromHere = true;
    // The figures of one result are built in one task; the next result checks again.
    setTimeout(() => { belowFromHere = false; }, 0);
  }
  // A figure replaced before its turn (another result) is not drawn.
  later(() => { if (canvas.isConnected) draw(); });
}

/** A field's label in the page's language. */
export function labelOf(info, key) {
  return both(spec(info, key).label);
}

/**
 * The control of a key, built from its spec: a number input with the core's
 * range, or a text input; its value is the link's (as typed when at fault).
 */
export function controlFor(info, key, fallback = '') {
  const f = spec(info, key);
  const value = info.fields[key] ?? fallback;
  if (f.kind === 'whole') return el('input', { type: 'number', min: f.min, max: f.max, step: 1, value });
  return el('input', { type: 'text', value, spellcheck: false, ...(f.kind === 'wholes' ? { inputMode: 'numeric' } : {}) });
}

/**
 * A maker of form fields whose changes call `onChange({key: value})`:
 * `field(key, control, hint)` appends one, labelled from the core's spec, and
 * returns its control; without a control, one is built from the spec.
 */
export function fieldMaker(form, onChange, info) {
  return (key, control, hint) => {
    const c = formField(form, { key, label: labelOf(info, key), control: control ?? controlFor(info, key), hint });
    c.addEventListener('change', () => onChange({ [key]: c.value }));
    return c;
  };
}

/**
 * A select of `options` with `value` chosen; `labels` may name options (else the
 * value shows). A value typed in a link that is not an option is kept, as typed.
 */
export function selectOf(options, value, labels = {}) {
  const all = value === undefined || value === null || options.includes(value) ? options : [...options, value];
  const s = el('select', {}, all.map((o) => el('option', { value: o, textContent: labels[o] ?? o })));
  s.value = value;
  return s;
}

/** A result section with a heading, appended to `parent`. */
export function section(parent, title, id) {
  const s = el('section', { className: 'result-section', id }, [el('h3', { textContent: title })]);
  parent.append(s);
  return s;
}

/** Digits of a fraction shown in full; a longer one is summarised and offered as a file. */
const FRACTION_DIGITS = 40;

/**
 * An exact fraction from the core ({numerator, denominator, value}) as the
 * headline shows it: `p/q`, or, when a part is longer than 40 digits, its
 * first and last digits and its length, with a button that saves it whole.
 * Returns {text, save} (save: a button or null).
 */
export function fractionText(f, fileName) {
  const short = (digits) => {
    const bare = digits.replace(/^-/, '');
    if (bare.length <= FRACTION_DIGITS) return digits;
    const sign = digits.startsWith('-') ? '−' : '';
    return t('{sign}{first}…{last} ({n} digits)', { sign, first: bare.slice(0, 6), last: bare.slice(-6), n: bare.length });
  };
  const whole = f.denominator === '1' ? f.numerator : `${f.numerator}/${f.denominator}`;
  const text = f.denominator === '1' ? short(f.numerator) : `${short(f.numerator)} / ${short(f.denominator)}`;
  const long = Math.max(f.numerator.length, f.denominator.length) > FRACTION_DIGITS + 1;
  if (!long) return { text: whole.replace(/^-/, '−'), save: null };
  const save = el('button', { type: 'button', className: 'secondary fraction-save', textContent: t('Save the whole fraction') });
  save.addEventListener('click', () => downloadBlob(new Blob([`${whole}\n`], { type: 'text/plain' }), `${fileName}.txt`));
  return { text, save };
}

/**
 * A headline number that is exact on demand: `decimal` as the page shows it,
 * or, with the fraction (`exact=yes`), the fraction ≈ the decimal.
 */
export function exactStat(id, name, fraction, decimal, label, fileName) {
  if (!fraction) return stat(id, `${name} = ${decimal}`, label);
  const { text, save } = fractionText(fraction, fileName);
  const node = stat(id, `${name} = ${text}`, `≈ ${decimal} — ${label}`);
  node.classList.add('exact');
  if (save) node.append(save);
  return node;
}

/**
 * The decimal ⇄ fraction switch of a view whose core computes exact values:
 * it sets `exact=yes` in the link (or removes it), and its error, if any,
 * shows beside it.
 */
export function exactToggle(info, onChange) {
  const on = info.fields.exact === 'yes';
  const b = el('button', { type: 'button', id: 'exact-toggle', className: 'secondary', textContent: on ? t('Show decimals') : t('Show exact fractions') });
  b.setAttribute('aria-pressed', String(on));
  b.title = t('The headline numbers as exact fractions, computed by the core (the link keeps the choice: exact=yes)');
  b.addEventListener('click', () => onChange({ exact: on ? null : 'yes' }));
  const box = el('div', { className: 'exact-switch' }, [b]);
  box.dataset.errorFor = 'exact';
  return box;
}

/** A headline number with its explanation. */
export function stat(id, value, label) {
  return el('div', { className: 'stat' }, [
    el('div', { className: 'value', id, textContent: value }),
    el('div', { className: 'label', textContent: label }),
  ]);
}

/**
 * A "How this is computed" panel: `parts` are paragraphs of text, or `{ math }`
 * MathML strings written in this code (never user text), parsed as markup.
 */
export function explain(parent, { parts, source }) {
  const body = [el('summary', { textContent: t('How this is computed') })];
  for (const part of parts) {
    if (typeof part === 'string') {
      body.push(el('p', { textContent: part }));
    } else {
      const doc = new DOMParser().parseFromString(`<p>${part.math}</p>`, 'text/html');
      body.push(document.importNode(doc.body.firstElementChild, true));
    }
  }
  body.push(el('p', { className: 'muted', textContent: t('Source: {source}', { source }) }));
  const panel = el('details', { className: 'explain' }, body);
  parent.append(panel);
  return panel;
}

/**
 * Previous / slider / next over steps 0..max with a caption (an attractor's
 * steps, a recursion's calls); `start(show)` draws step k with `show(k)`, which
 * returns the caption, and the link remembers the step (`step`). `ids` and
 * `labels` name the controls: {prefix, previous, next, slider}.
 */
export function stepControls(body, { max, initial, ctx, prefix = 'step', previous = t('Previous step'), next = t('Next step'), slider: sliderLabel = t('step k of the attractor') }) {
  const slider = el('input', { type: 'range', min: 0, max, value: initial, id: `${prefix}-slider` });
  slider.setAttribute('aria-label', sliderLabel);
  const prev = el('button', { type: 'button', className: 'secondary', textContent: previous, id: `${prefix}-prev` });
  prev.dataset.step = 'prev';
  const forward = el('button', { type: 'button', textContent: next, id: `${prefix}-next` });
  forward.dataset.step = 'next';
  const caption = el('p', { id: `${prefix}-caption` });
  caption.setAttribute('aria-live', 'polite');
  body.append(el('div', { className: 'inline-form' }, [prev, slider, forward]), caption);
  return {
    start(show) {
      let step = initial;
      const render = () => {
        caption.textContent = show(step);
        slider.value = String(step);
        prev.disabled = step === 0;
        forward.disabled = step === max;
      };
      const go = (k) => {
        step = Math.max(0, Math.min(max, k));
        render();
        ctx.remember?.({ step: String(step) });
      };
      slider.addEventListener('input', () => go(Number(slider.value)));
      prev.addEventListener('click', () => go(step - 1));
      forward.addEventListener('click', () => go(step + 1));
      render();
    },
  };
}
