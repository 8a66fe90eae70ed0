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
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/**
 * Translates an English string; `{name}` placeholders are filled from `vars`
 * (after translation, so that the French may put them in another order).
 * Singular and plural are one rule, here, for every string: `{n:tree|trees}`
 * writes the number and the word that agrees with it ("1 tree", "3 trees"),
 * `{n?tree|trees}` the word alone. English takes the singular for 1 only,
 * French for 0 and 1 ("0 arbre", "1,5 arbre" too).
 */
export function t(english, vars) {
  let text = english;
  if (lang === 'fr') {
    const french = FR?.[english];
    if (french === undefined) missing.add(english);
    else text = french;
  }
  if (!vars) return text;
  return text.replace(/\{(\w+)(?:([:?])([^|{}]*)\|([^{}]*))?\}/g, (whole, name, how, one, many) => {
    if (!(name in vars)) return whole;
    const value = String(vars[name]);
    if (!how) return value;
    const word = isSingular(vars[name]) ? one : many;
    return how === ':' ? `${value} ${word}` : word;
  });
}

/** Whether a number (or a number written for the page) takes the singular in the page's language. */
export function isSingular(value) {
  const n = typeof value === 'number' ? value
    : Number(String(value).replace(/[\s\u202f\u00a0]/g, '').replace(lang === 'fr' ? ',' : /,/g, lang === 'fr' ? '.' : ''));
  return lang === 'fr' ? Math.abs(n) < 2 : n === 1;
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

// Numbers are written here rather than by Intl.NumberFormat: the first
// formatter loads the locale data, about 100 ms of a phone's main thread before
// the first result (a profile with the CPU slowed 4×). The rounding is Intl's:
// the shortest decimal that reads back as the number, rounded half away from zero.

/** The digits of |value| and where its decimal point falls (`1.5e-7` → ['15', -6]). */
function decimalDigits(value) {
  const [mantissa, exponent = '0'] = Math.abs(value).toString().split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  return [whole + fraction, whole.length + Number(exponent)];
}

/** |value| rounded to `decimals` decimals, as a digit string with its point: ['12', '35']. */
function rounded(value, decimals) {
  const [digits, point] = decimalDigits(value);
  const keep = point + decimals;
  if (keep < 0) return ['0', '0'.repeat(decimals)];
  const padded = digits.padEnd(keep, '0').padStart(1, '0');
  let head = padded.slice(0, keep) || '0';
  if (Number(padded[keep] ?? 0) >= 5) {
    // Add one at the last kept digit, carrying left.
    const carried = [...head];
    let i = carried.length - 1;
    while (i >= 0 && carried[i] === '9') carried[i--] = '0';
    if (i < 0) carried.unshift('1');
    else carried[i] = String(Number(carried[i]) + 1);
    head = carried.join('');
  }
  head = head.padStart(decimals + 1, '0');
  const whole = head.slice(0, head.length - decimals).replace(/^0+(?=\d)/, '');
  return [whole, head.slice(head.length - decimals)];
}

/** A number with `decimals` decimals in the page's language ("undefined" when not finite). */
export function fixed(value, decimals) {
  if (!Number.isFinite(value)) return t('not defined');
  // A value that rounds to zero is shown as 0, never as "-0.000".
  if (Math.abs(value) < 0.5 * 10 ** -decimals) value = 0;
  const [whole, fraction] = rounded(value, decimals);
  const sign = value < 0 ? '-' : '';
  return fraction ? `${sign}${whole}${lang === 'fr' ? ',' : '.'}${fraction}` : `${sign}${whole}`;
}

/** A duration: milliseconds below a second, else seconds, written the language's way (3.32 s / 3,32 s). */
export function duration(seconds) {
  return seconds < 1 ? t('{ms} ms', { ms: fixed(seconds * 1000, 1) }) : t('{s} s', { s: fixed(seconds, 2) });
}

/** A number in scientific notation (1.2e-7 / 1,2e-7). */
export function exponential(value, digits) {
  // Zero is 0, not "0.0e+0".
  if (Number(value) === 0) return '0';
  const text = Number(value).toExponential(digits);
  return lang === 'fr' ? text.replace('.', ',') : text;
}

/** A whole number with the language's thousands separator (3,108,105 / 3 108 105). */
export function count(n) {
  if (!Number.isSafeInteger(n)) return n.toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB');
  const grouped = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'fr' ? '\u202f' : ',');
  return n < 0 ? `-${grouped}` : grouped;
}

/**
 * Puts the static page (index.html) in the current language: elements marked
 * `data-i18n` get their English text (kept in the attribute) translated, and
 * `data-i18n-title` / `data-i18n-label` their title / aria-label.
 */
export function translatePage(root = document) {
  // Text already right is left alone: rewriting it paints it again, and the page's
  // largest paint (the introduction, in the HTML) would move to after the scripts.
  for (const node of root.querySelectorAll('[data-i18n]')) {
    const text = t(node.dataset.i18n);
    if (node.textContent !== text) node.textContent = text;
  }
  for (const node of root.querySelectorAll('[data-i18n-title]')) node.title = t(node.dataset.i18nTitle);
  for (const node of root.querySelectorAll('[data-i18n-label]')) node.setAttribute('aria-label', t(node.dataset.i18nLabel));
}
