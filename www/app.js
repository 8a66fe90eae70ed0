// Ludolab's page: share link → scenario (validated by Rust) → worker → result → drawing.
// Before the family's bundle lands, the form is drawn from the link and the specs
// the core wrote at build time, and validated when the core arrives (ARCHITECTURE.md, "Loading").
// One module per job, each importing only those below it: page.js (the state),
// display.js, present.js, compute.js, link.js, and this entry (the buttons and keys).
import { core, SPECS } from './core.js';
import { both, browserLang, loadLang } from './i18n.js';
import { $, actions, form, page, VIEWS } from './page.js';
import { edit, linkWith, onKey, open, paramsOf, read, redo, remember, undo } from './link.js';
import { applyLang, buildMenu, clearFieldErrors, doneText, foldForm, setFamilyLinks, setState, showErrors } from './display.js';
import { compute, draw } from './compute.js';
import { afterPrint, applyDisplay, beforePrint, copyEmbed, copyLink, withLang } from './present.js';

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

/** Turns a display key on or off: the link changes, nothing is recomputed, not an undo step. */
export function setDisplay(changes) {
  remember(changes);
  // A presented view starts from its top: the scenario, then its headline.
  if (changes.present === '1') window.scrollTo(0, 0);
}

/**
 * Presented or embedded, the arrow keys and Space drive the view: a stepped
 * view (an attractor, a search tree) goes to its next or previous step; in a
 * game against the computer they move between the legal moves, and Space or
 * Enter plays the one with focus. Escape leaves the presentation.
 */
export function displayKeys(event) {
  const body = document.body.classList;
  if (!body.contains('present') && !body.contains('embed')) return;
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement ||
    target instanceof HTMLCanvasElement || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === 'Escape' && body.contains('present')) {
    setDisplay({ present: null });
    return;
  }
  const forward = ['ArrowRight', 'ArrowDown', 'PageDown', ' '].includes(event.key);
  const back = ['ArrowLeft', 'ArrowUp', 'PageUp'].includes(event.key);
  if (!forward && !back) return;
  const moves = (area) => [...(area?.querySelectorAll('button:not([disabled])') ?? [])]
    .filter((b) => !b.closest('.play-head') && b.offsetParent !== null);
  const play = target.closest?.('#play-section');
  if (play && target instanceof HTMLButtonElement) {
    if (event.key === ' ') return; // Space presses the focused move
    const all = moves(play);
    const k = all.indexOf(target);
    all[(k + (forward ? 1 : -1) + all.length) % all.length]?.focus();
    event.preventDefault();
    return;
  }
  if (event.key === ' ' && target instanceof HTMLButtonElement) return;
  const step = document.querySelector(`[data-step="${forward ? 'next' : 'prev'}"]:not([disabled])`);
  if (step) {
    step.click();
  } else {
    // No steps to take: the keys enter the game against the computer, if any.
    const first = moves(document.querySelector('#play-section'))[0];
    if (!first) return;
    first.focus();
  }
  event.preventDefault();
}

export async function main() {
  await firstPaintShown();
  // The link layer's answers to a drawn result's edits (compute.js asks through these).
  Object.assign(actions, { edit, remember, linkWith });
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
 * Resolves once the page's first paint (its text, from the HTML) is on screen.
 * The page's first changes wait for it: a change to the results' place before
 * that paint was presented dropped the introduction's paint from Chromium's
 * record of it (in about four loads in ten, the scripts running within 20 ms of
 * the paint), so that the largest paint became the result, later, which
 * Lighthouse's model then counted after the bundle's download (2.2–3.3 s
 * against 0.8–1.6 s: BENCHMARKS.md, "Loading on a phone", stop 88). Where paint
 * timing is not reported, one frame; a hidden tab paints nothing and waits for nothing.
 */
export function firstPaintShown() {
  if (document.visibilityState !== 'visible' || !window.requestAnimationFrame) return Promise.resolve();
  if (!window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    return new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));
  }
  if (performance.getEntriesByName('first-contentful-paint').length) return Promise.resolve();
  return new Promise((ok) => {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      ok();
    });
    observer.observe({ type: 'paint', buffered: true });
    // Never held for long: a tab hidden meanwhile, a frame kept from painting (an
    // embed out of view), a paint not reported.
    const done = () => { observer.disconnect(); ok(); };
    document.addEventListener('visibilitychange', done, { once: true });
    setTimeout(done, 3000);
  });
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
