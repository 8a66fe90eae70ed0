// Display: the status line, the menu and the languages, the form's errors
// and a link's bad values.
import { SPECS } from './core.js';
import { el } from './dom.js';
import { both, duration, getLang, setLang, t, translatePage } from './i18n.js';
import { $, body, form, page } from './page.js';
import { withLang } from './present.js';

export function setState(state, text) {
  document.body.dataset.state = state;
  // The bar moves only while work runs: loading or computing. Waiting for a
  // go-ahead, an error or a result stops an indeterminate bar where it is.
  const bar = $('progress');
  if (state !== 'computing' && !bar.hasAttribute('value')) bar.value = 0;
  if (state === 'done' || state === 'idle') keepOffline();
  $('status-text').textContent = text;
  $('results').setAttribute('aria-busy', String(state === 'computing'));
  $('cancel').disabled = state !== 'computing';
}

/** Folds the form away (phones) or opens it; a form with errors is always open. */
export function foldForm(folded) {
  $('parameters').classList.toggle('collapsed', folded);
  const button = $('toggle-parameters');
  button.setAttribute('aria-expanded', String(!folded));
  button.dataset.i18n = folded ? 'Show parameters' : 'Hide parameters';
  button.textContent = folded ? t('Show parameters') : t('Hide parameters');
}

export function showLinkError(message) {
  $('link-error').textContent = message;
  $('link-error').hidden = false;
}

/** The menu's mark on the family on screen. */
export function markFamily(key) {
  for (const a of document.querySelectorAll('#families a')) {
    if (a.dataset.game === key) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  // On a phone the menu is one row that scrolls sideways: the family on screen is kept in it.
  const nav = document.querySelector('.site-header nav');
  const mark = nav?.querySelector('a[aria-current]');
  if (nav && mark && nav.scrollWidth > nav.clientWidth) {
    nav.scrollLeft = Math.max(0, mark.offsetLeft - (nav.clientWidth - mark.offsetWidth) / 2);
  }
}

/**
 * The menu: one link per family, from the core's registry, carrying the
 * link's language so that following one (or copying it) keeps it.
 */
export function buildMenu() {
  $('families').replaceChildren(...Object.values(SPECS).map((spec) => {
    const a = el('a', { href: `#game=${spec.key}&v=1`, textContent: both(spec.title) });
    a.dataset.game = spec.key;
    return el('li', {}, [a]);
  }));
}

export function setFamilyLinks(lang) {
  for (const a of document.querySelectorAll('#families a')) {
    // The page's own file before the fragment ("./#…"): a link starting with "#" or
    // "/#" reads to checkers as a skip link (it is a family's page, not a jump within this one).
    a.setAttribute('href', `${location.pathname.split('/').pop() || './'}#${withLang(`game=${a.dataset.game}&v=1`, lang)}`);
    a.textContent = both(SPECS[a.dataset.game].title);
  }
}

export function applyLang(lang) {
  setLang(lang);
  translatePage();
  for (const button of document.querySelectorAll('.lang-choice')) {
    button.setAttribute('aria-pressed', String(button.dataset.lang === lang));
  }
}

/** The status line's time, written as the results write theirs (12.3 ms, 80.04 s). */
export function doneText(ms) {
  return t('Computed in {time}.', { time: duration(ms / 1000) });
}

/**
 * A link with bad values: each error beside its field (by the field's label),
 * nothing computed until they are fixed; the address bar keeps what was typed.
 */
export function showErrors(info) {
  foldForm(false);
  clearFieldErrors();
  for (const e of info.errors) showFieldError(e.key, e.message[getLang()] ?? e.message.en, e.label);
  page.shown = null;
  body.replaceChildren(el('p', { className: 'muted', id: 'fix-first', textContent:
    t('Nothing is computed until the highlighted values are fixed.') }));
  setState('error', info.errors.length === 1
    ? t('One value of this link is not valid: fix it to compute.')
    : t('{n} values of this link are not valid: fix them to compute.', { n: info.errors.length }));
}

/**
 * Marks the results on screen as belonging to the values before an edit the
 * core refused (`on`), or clears the mark: never a result that silently
 * disagrees with the form above it.
 */
export function markStale(on) {
  document.getElementById('stale-note')?.remove();
  document.getElementById('switch-note')?.remove();
  body.classList.toggle('stale', on);
  if (!on || !body.firstChild) return;
  const note = el('p', { className: 'advice', id: 'stale-note', textContent:
    t('These results are for the values before your last edit: fix the marked field, or undo it, to see results that match the form.') });
  note.setAttribute('role', 'status');
  body.before(note);
}

export function clearFieldErrors() {
  for (const node of document.querySelectorAll('.field-error')) node.remove();
  for (const node of document.querySelectorAll('[aria-invalid]')) node.removeAttribute('aria-invalid');
}

export function showFieldError(key, message) {
  const field = key && form.elements.namedItem(key);
  const error = el('p', { className: 'error field-error', id: `error-${key || 'form'}`, textContent: message });
  error.setAttribute('role', 'alert');
  if (key) error.dataset.key = key;
  // A view may give a key its own slot, in the form or next to a result's inputs.
  const slot = key && document.querySelector(`[data-error-for~="${key}"]`);
  if (slot) {
    slot.append(error);
  } else if (field instanceof Element) {
    field.setAttribute('aria-invalid', 'true');
    field.setAttribute('aria-errormessage', error.id);
    field.after(error);
  } else {
    // A key with no field on screen (another mode's, or unknown): at the top of the form.
    form.prepend(error);
  }
}

/**
 * Offline after one visit (sw.js): the service worker keeps every family's
 * files, so it starts only once the first result is on screen and the page is
 * idle, never competing with what the link needs. A page served from a file
 * or an old browser just skips it.
 */
export function keepOffline() {
  if (page.offline || !navigator.serviceWorker) return;
  page.offline = true;
  const register = () => navigator.serviceWorker.register(new URL('./sw.js', import.meta.url)).catch(() => {});
  if (window.requestIdleCallback) requestIdleCallback(register, { timeout: 5000 });
  else setTimeout(register, 1000);
}
