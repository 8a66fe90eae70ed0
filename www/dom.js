// Small DOM helpers. Text is always set as text, never parsed as HTML.
import { t, both } from './i18n.js';

export { fixed } from './i18n.js';

/** Creates an element with properties and children. */
export function el(tag, props = {}, children = []) {
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

/** One CSV line; fields with commas, quotes or line breaks are quoted. */
export function csvLine(fields) {
  return fields.map((f) => {
    const text = f === null || f === undefined || (typeof f === 'number' && !Number.isFinite(f)) ? '' : String(f);
    return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  }).join(',');
}

/**
 * A table with a "Save CSV" button: `headers` and `rows` of cell texts.
 * @returns {HTMLElement}
 */
export function dataTable({ id, caption, headers, rows, fileName, csvRows = rows, format = String }) {
  const tbody = el('tbody');
  // Appended row by row: a spread of thousands of children would overflow the call stack.
  for (const row of rows) {
    const tr = el('tr');
    for (const cell of row) tr.append(el('td', { textContent: format(cell) }));
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
  return el('div', { className: 'table-block', id }, [scrollBox(table, caption), save]);
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
export function spec(info, key) {
  const f = info.spec?.fields.find((x) => x.key === key);
  if (!f) throw new Error(`no field ${key} in ${info.game}`);
  return f;
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
