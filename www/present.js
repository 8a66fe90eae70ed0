// Print and present: the display keys (present, embed, lang), the printed
// handout's link and QR code, copying the link and the embed code.
import { drawing, whenDrawing, loadDrawingSoon } from './core.js';
import { both, t } from './i18n.js';
import { $, page } from './page.js';

/** `query` with its `lang` key set to `lang` (removed for null). */
export function withLang(query, lang) {
  const params = new URLSearchParams(query.replace(/^#/, ''));
  if (lang) params.set('lang', lang);
  else params.delete('lang');
  return params.toString();
}

/**
 * The link's display keys on the page: `present=1` shows the results alone,
 * large; `embed=1` one view for a frame, with a link to open it in Ludolab. A
 * link with errors shows its form whatever it asks, so it can be fixed.
 */
export function applyDisplay(info) {
  const ok = !info.errors.length;
  document.body.classList.toggle('present', ok && info.present);
  document.body.classList.toggle('embed', ok && info.embed);
  // A choice is written by its label in the form, drawn just after this (in the same task).
  queueMicrotask(() => { $('display-scenario').textContent = ok ? scenarioSentence(info) : ''; });
  $('open-full').href = `${location.pathname}#${withoutDisplay(info.address)}`;
  printLink(info);
}

/**
 * The printed handout's way back to the live view: the share link as text and
 * as a QR code (drawn by the core; a link too long for a QR code keeps the text).
 */
export function printLink(info) {
  const link = `${location.origin}${location.pathname}#${withoutDisplay(info.address)}`;
  $('print-url').textContent = link;
  let qr = '';
  try {
    // Before the drawing bundle lands there is no QR code yet: drawn when it does,
    // if the link is still this one. Not a reason to ask for it before the first
    // result (a result with no figure, the octal table's, would share the phone's
    // cores with its compile): asked once the page is idle after it.
    if (!drawing()) {
      whenDrawing(() => { if ($('print-url').textContent === link) printLink(info); }, { load: false });
      loadDrawingSoon();
    }
    qr = drawing()?.qrSvg(link, 132) ?? '';
  } catch {
    // Longer than a QR code holds: the link is printed as text only.
  }
  const doc = new DOMParser().parseFromString(qr || '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml');
  $('print-qr').replaceChildren(...(qr ? [document.importNode(doc.documentElement, true)] : []));
}

export const PRINT_WIDTH = 680;

// CSS pixels of an A4 or Letter page inside its margins

export function beforePrint() {
  // Print previews may nest (a PDF printed from a preview): the first one prepares, the last one restores.
  if (page.printed.depth++ > 0) return;
  page.printed.opened = [...document.querySelectorAll('details:not([open])')];
  for (const d of page.printed.opened) d.open = true;
  page.printed.zoomed = [];
  for (const table of document.querySelectorAll('#results table.data')) {
    const width = table.scrollWidth;
    if (width > PRINT_WIDTH) {
      table.style.zoom = String(PRINT_WIDTH / width);
      page.printed.zoomed.push(table);
    }
  }
}

export function afterPrint() {
  if (page.printed.depth === 0 || --page.printed.depth > 0) return;
  for (const d of page.printed.opened) d.open = false;
  for (const table of page.printed.zoomed) table.style.zoom = '';
  page.printed.opened = [];
  page.printed.zoomed = [];
}

/** The parameters as a sentence: "Snakes and Ladders — Board = audet; Method = exact." */
/**
 * A field's value as the page shows it: a flag as t('yes') or t('no'), a choice
 * by its label in the form (in the page's language), other values as typed.
 */
export function shownValue(key, value) {
  if (value === 'yes' || value === 'no') return t(value);
  const control = document.getElementById(`field-${key}`);
  const option = control?.tagName === 'SELECT' ? [...control.options].find((o) => o.value === value) : null;
  return option?.textContent || value;
}

export function scenarioSentence(info) {
  const labelled = (info.spec?.fields ?? [])
    .filter((f) => info.fields[f.key] !== undefined && info.fields[f.key] !== '')
    .map((f) => `${both(f.label)} = ${shownValue(f.key, info.fields[f.key])}`);
  return `${both(info.title)}${labelled.length ? ` — ${labelled.join('; ')}` : ''}.`;
}

/** A query without its display keys: the link to the full page. */
export function withoutDisplay(query) {
  const params = new URLSearchParams(query);
  params.delete('present');
  params.delete('embed');
  return params.toString();
}

/** The `<iframe>` that embeds the view on screen in another page. */
export function embedCode() {
  const params = new URLSearchParams(withoutDisplay(page.current.address));
  params.set('embed', '1');
  const src = `${location.origin}${location.pathname}#${params.toString()}`;
  const title = `${both(page.current.title)} — Ludolab`.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  return `<iframe src="${src.replaceAll('&', '&amp;')}" title="${title}" width="800" height="600" ` +
    'style="border:0;max-width:100%" loading="lazy"></iframe>';
}

export async function copyLink() {
  const link = location.href;
  try {
    await navigator.clipboard.writeText(link);
    $('copy-status').textContent = t('Link copied.');
    // Said, then gone: a status that stays would outlive the link it names.
    clearTimeout(copyLink.timer);
    copyLink.timer = setTimeout(() => { $('copy-status').textContent = ''; }, 4000);
  } catch {
    $('copy-status').textContent = t('Copy this link: {link}', { link });
  }
}

export async function copyEmbed() {
  const code = embedCode();
  try {
    await navigator.clipboard.writeText(code);
    $('copy-status').textContent = t('Embed code copied: paste it into a course page.');
  } catch {
    $('copy-status').textContent = t('Copy this code into your page: {code}', { code });
  }
}
