// Small DOM helpers. Text is always set as text, never parsed as HTML.
import { t } from './i18n.js';

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
export function dataTable({ id, caption, headers, rows, fileName }) {
  const table = el('table', { className: 'data' }, [
    el('caption', { textContent: caption }),
    el('thead', {}, [el('tr', {}, headers.map((h) => el('th', { scope: 'col', textContent: h })))]),
    el('tbody', {}, rows.map((row) => el('tr', {}, row.map((cell) => el('td', { textContent: String(cell) }))))),
  ]);
  const save = el('button', { type: 'button', className: 'secondary', textContent: t('Save CSV') });
  save.addEventListener('click', () => {
    const text = [csvLine(headers), ...rows.map(csvLine)].join('\n') + '\n';
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

/**
 * A maker of form fields whose changes call `onChange({key: value})`:
 * `field(key, label, control, hint)` appends one and returns its control.
 */
export function fieldMaker(form, onChange) {
  return (key, label, control, hint) => {
    const c = formField(form, { key, label, control, hint });
    c.addEventListener('change', () => onChange({ [key]: c.value }));
    return c;
  };
}

/** A select of `options` with `value` chosen; `labels` may name options (else the value shows). */
export function selectOf(options, value, labels = {}) {
  const s = el('select', {}, options.map((o) => el('option', { value: o, textContent: labels[o] ?? o })));
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
