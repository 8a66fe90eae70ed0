// Ludolab's page: share link → scenario (validated by Rust) → worker → result → drawing.
// Before the family's bundle lands, the form is drawn from the link and the specs
// the core wrote at build time, and validated when the core arrives (ARCHITECTURE.md, "Loading").
// One module per job: page.js (the state), link.js, display.js, compute.js, present.js.
import { core, SPECS } from './core.js';
import { both, browserLang, loadLang } from './i18n.js';
import { $, form, page, VIEWS } from './page.js';
import { edit, onKey, open, paramsOf, read, redo, undo, withLang } from './link.js';
import { applyLang, buildMenu, clearFieldErrors, doneText, draw, foldForm, setFamilyLinks, setState, showErrors } from './display.js';
import { compute } from './compute.js';
import { afterPrint, applyDisplay, beforePrint, copyEmbed, copyLink, displayKeys, setDisplay } from './present.js';

export const NARROW = window.matchMedia('(max-width: 800px)');

/** The toggle: the page in `lang`, kept in the link; the result on screen is redrawn, not recomputed. */
export async function chooseLang(lang) {
  await loadLang(lang);
  // Before the core lands, the link's language is applied when it does.
  if (!core() || page.current?.provisional) {
    if (page.early) page.early.address = withLang(page.early.address, lang);
    applyLang(lang);
    return;
  }
  applyLang(lang);
  const info = read(withLang(page.current.address, lang));
  page.current = info;
  history.replaceState(null, '', `#${info.address}`);
  setFamilyLinks(info.lang);
  document.title = `${both(info.title)} — Ludolab`;
  applyDisplay(info);
  clearFieldErrors();
  $('link-error').hidden = true;
  VIEWS[info.game].renderForm(form, info, edit);
  if (info.errors.length) {
    showErrors(info);
  } else if (page.shown && page.shown.info.game === info.game && document.body.dataset.state === 'done') {
    draw(info, page.shown.answer);
    setState('done', doneText(page.shown.answer.ms));
  } else {
    compute(info);
  }
}

export async function main() {
  // The header, the menu and the form come from the page's own scripts and the
  // specs the core wrote at build time; the family's bundle is fetched (and
  // compiled, off the main thread) meanwhile.
  const query = location.hash || `#${Object.values(SPECS)[0].default_link}`;
  const named = paramsOf(query).get('lang');
  const lang = named === 'en' || named === 'fr' ? named : browserLang();
  await loadLang(lang);
  applyLang(lang);
  buildMenu();
  $('cancel').addEventListener('click', () => page.solver?.cancel());
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('copy-link').addEventListener('click', copyLink);
  $('copy-embed').addEventListener('click', copyEmbed);
  $('present-link').addEventListener('click', () => setDisplay({ present: '1' }));
  $('present-edit').addEventListener('click', () => setDisplay({ present: null }));
  $('print-page').addEventListener('click', () => window.print());
  window.addEventListener('beforeprint', beforePrint);
  window.addEventListener('afterprint', afterPrint);
  $('toggle-parameters').addEventListener('click', () => foldForm(!$('parameters').classList.contains('collapsed')));
  // A phone opens on the results; the form is a tap away.
  foldForm(NARROW.matches);
  for (const button of document.querySelectorAll('.lang-choice')) {
    button.addEventListener('click', () => chooseLang(button.dataset.lang));
  }
  // A plain click on the menu opens the family at once (a new history entry,
  // as the link would make) instead of a task later on `hashchange`, so the
  // page never shows the new address over the old view.
  $('families').addEventListener('click', (event) => {
    const a = event.target.closest('a[data-game]');
    if (!a || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    history.pushState(null, '', a.getAttribute('href'));
    open(location.hash);
  });
  window.addEventListener('hashchange', () => {
    if (location.hash.slice(1) !== page.current?.address) open(location.hash);
  });
  document.addEventListener('keydown', onKey);
  document.addEventListener('keydown', displayKeys);
  keepClearOfStatusBar();
  await open(query);
}

/**
 * The status bar is sticky at the bottom: the page's scroll padding follows its
 * height (one line, or two on a phone), so a control reached by Tab is never
 * focused behind it.
 */
export function keepClearOfStatusBar() {
  const bar = document.querySelector('.status-bar');
  if (!bar || !window.ResizeObserver) return;
  new ResizeObserver(() => {
    document.documentElement.style.setProperty('--status-bar-height', `${bar.offsetHeight}px`);
  }).observe(bar);
}

main();
