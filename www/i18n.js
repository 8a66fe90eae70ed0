// The page's two languages. Strings are written in English in the code and
// looked up in the French dictionary (fr.js) by their English text; numbers are
// formatted for the language (0.509 / 0,509). The language comes from the share
// link (`lang=fr`), else the browser; the toggle in the header writes it to the link.
// The French strings are loaded only for a page in French (`loadLang`).
let FR = null;
let lang = 'en';

/** Loads what `lang` needs before the page switches to it (the French strings, once). */
export async function loadLang(next) {
  if (next === 'fr' && !FR) ({ FR } = await import('./fr.js'));
}

/** English strings asked for in French with no translation (read by the tests). */
export const missing = new Set();

/** 'en' or 'fr'. */
export function getLang() {
  return lang;
}

/** The browser's preferred language, if it is one of ours ('fr' or 'en'). */
export function browserLang() {
  const first = (navigator.languages?.[0] ?? navigator.language ?? 'en').toLowerCase();
  return first.startsWith('fr') ? 'fr' : 'en';
}

export function setLang(next) {
  lang = next === 'fr' ? 'fr' : 'en';
  document.documentElement.lang = lang;
  formats.clear();
}

/**
 * Translates an English string; `{name}` placeholders are filled from `vars`
 * (after translation, so that the French may put them in another order).
 */
export function t(english, vars) {
  let text = english;
  if (lang === 'fr') {
    const french = FR?.[english];
    if (french === undefined) missing.add(english);
    else text = french;
  }
  return vars ? text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole)) : text;
}

/** The message of an error from the core in the page's language (`fr` is set by Rust). */
export function errorText(err) {
  return lang === 'fr' && typeof err?.fr === 'string' ? err.fr : err?.message ?? String(err);
}

/** A text the core sends in both languages (`{en, fr}`), or a plain string. */
export function both(text) {
  if (text === null || text === undefined) return text;
  return typeof text === 'string' ? text : text[lang] ?? text.en;
}

const formats = new Map();

function format(decimals) {
  let f = formats.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
      minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: false,
    });
    formats.set(decimals, f);
  }
  return f;
}

/** A number with `decimals` decimals in the page's language ("undefined" when not finite). */
export function fixed(value, decimals) {
  if (!Number.isFinite(value)) return t('not defined');
  // A value that rounds to zero is shown as 0, never as "-0.000".
  return format(decimals).format(Math.abs(value) < 0.5 * 10 ** -decimals ? 0 : value);
}

/** A number in scientific notation (1.2e-7 / 1,2e-7). */
export function exponential(value, digits) {
  const text = Number(value).toExponential(digits);
  return lang === 'fr' ? text.replace('.', ',') : text;
}

/** A whole number with the language's thousands separator (3,108,105 / 3 108 105). */
export function count(n) {
  return n.toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB');
}

/**
 * Puts the static page (index.html) in the current language: elements marked
 * `data-i18n` get their English text (kept in the attribute) translated, and
 * `data-i18n-title` / `data-i18n-label` their title / aria-label.
 */
export function translatePage(root = document) {
  for (const node of root.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll('[data-i18n-title]')) node.title = t(node.dataset.i18nTitle);
  for (const node of root.querySelectorAll('[data-i18n-label]')) node.setAttribute('aria-label', t(node.dataset.i18nLabel));
}
