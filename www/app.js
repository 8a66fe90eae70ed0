// Ludolab's page: share link → scenario (validated by Rust) → worker → result → drawing.
// Before the family's bundle lands, the form is drawn from the link and the specs
// the core wrote at build time, and validated when the core arrives (ARCHITECTURE.md, "Loading").
import { SPECS, core, fetchFamily, activate, activeFamily, renamedFamily } from './core.js';
import { SolverClient, Cancelled } from './solver-client.js';
import { el } from './dom.js';
import { t, setLang, getLang, loadLang, browserLang, translatePage, errorText, fixed, count, missing, both } from './i18n.js';

// Each family's view, www/views/<game>.js, imported when its family is first
// opened (the view contract: ARCHITECTURE.md).
const VIEWS = {};

/** The view module of family `key`, imported once. */
async function viewOf(key) {
  VIEWS[key] ??= await import(`./views/${key}.js`);
  return VIEWS[key];
}

/** A query's parameters (a leading `#` or `?` ignored). */
function paramsOf(query) {
  return new URLSearchParams(query.replace(/^[#?]/, ''));
}

/** The family a link names, when it is one of the core's (else null: the core says why). */
function familyOf(query) {
  const params = paramsOf(query);
  if (![...params.keys()].length) return Object.keys(SPECS)[0];
  const key = renamedFamily(params);
  return key !== null && Object.hasOwn(SPECS, key) ? key : null;
}
const EDIT_DEBOUNCE_MS = 150;
const $ = (id) => document.getElementById(id);
const form = $('form');
const body = $('results-body');

// Read by the end-to-end tests and the in-browser benchmark.
window.__ludolab = { drawnAt: null, computeMs: null, missing };

let current = null; // the LinkInfo on screen
let shown = null; // the last result drawn: {info, answer}, redrawn when the language changes
let solver = null;
let editTimer = null;
// Undo / redo: the queries before and after the current one.
const past = [];
const future = [];
const MAX_HISTORY = 200;

function setState(state, text) {
  document.body.dataset.state = state;
  if (state === 'done' || state === 'idle') keepOffline();
  $('status-text').textContent = text;
  $('results').setAttribute('aria-busy', String(state === 'computing'));
  $('cancel').disabled = state !== 'computing';
}

const NARROW = window.matchMedia('(max-width: 800px)');

/** Folds the form away (phones) or opens it; a form with errors is always open. */
function foldForm(folded) {
  $('parameters').classList.toggle('collapsed', folded);
  const button = $('toggle-parameters');
  button.setAttribute('aria-expanded', String(!folded));
  button.dataset.i18n = folded ? 'Show parameters' : 'Hide parameters';
  button.textContent = folded ? t('Show parameters') : t('Hide parameters');
}

function showLinkError(message) {
  $('link-error').textContent = message;
  $('link-error').hidden = false;
}

/** `query` with its `lang` key set to `lang` (removed for null). */
function withLang(query, lang) {
  const params = new URLSearchParams(query.replace(/^#/, ''));
  if (lang) params.set('lang', lang);
  else params.delete('lang');
  return params.toString();
}

/** Reads a link with the core; the family's spec rides along (form labels and limits). */
function read(query) {
  const info = core().parseLink(query);
  info.spec = SPECS[info.game];
  // What the address bar shows: the canonical link, or the link as typed while it has errors.
  info.address = info.errors.length ? query.replace(/^#/, '') : info.query;
  return info;
}

// The link being opened: a newer one makes an older one's late bundle give way.
let opening = 0;

/**
 * Opens a share link. One bad value keeps the family, the mode and every good
 * value. Before the family's bundle has landed, the form is drawn from the link
 * as typed, and the results' place says the solver is coming.
 */
async function open(query) {
  const token = ++opening;
  $('link-error').hidden = true;
  const key = familyOf(query);
  // At once, before anything loads: the menu marks the family, and what is on
  // screen is no longer the answer to the address.
  if (key) markFamily(key);
  document.body.dataset.state = 'pending';
  const named = paramsOf(query).get('lang');
  const lang = named === 'en' || named === 'fr' ? named : getLang();
  await loadLang(lang);
  if (token !== opening) return;
  if (key && activeFamily() !== key) {
    if (lang !== getLang()) applyLang(lang);
    await paintEarly(query, key, token);
  }
  // An unknown family is read by the bundle on screen (or the first), whose core says why.
  if (!(await loadFamily(key ?? activeFamily() ?? Object.keys(SPECS)[0], token))) return;
  let info;
  try {
    info = read(early?.token === token ? early.address : query);
  } catch (err) {
    // No family can be told: say why, and open the default scenario.
    if (lang !== getLang()) applyLang(lang);
    const why = errorText(err);
    const first = Object.keys(SPECS)[0];
    if (activeFamily() !== first && !(await loadFamily(first, token))) return;
    showLinkError(t('This link is not valid: {why}. Showing the default scenario instead.', { why }));
    info = read(SPECS[first].default_link);
  }
  await viewOf(info.game);
  if (token !== opening) return;
  show(info);
}

/**
 * Loads a family's bundle, makes it the page's and points the worker at it,
 * unless a newer link took over meanwhile: whether the link may go on (false
 * also when it could not be loaded: the status line says why).
 */
async function loadFamily(key, token) {
  try {
    const bundle = await fetchFamily(key);
    if (token !== opening) return false;
    activate(bundle);
    if (solver) solver.use(bundle.module, bundle.glue);
    else solver = new SolverClient(new URL('./worker.js', import.meta.url), bundle.module, bundle.glue);
    return true;
  } catch (err) {
    if (token === opening) setState('error', t('Ludolab could not start: {why}', { why: err.message }));
    return false;
  }
}

// Edits made before the bundle landed: the link they make, read when it lands.
let early = null;

/**
 * The page before the family's bundle lands: header, menu, the form filled
 * from the link (with the defaults of its mode, as the core wrote them at
 * build time) and a "computing" state in the results' reserved place. Nothing
 * here decides validity: the core reads the link when it arrives, marks any
 * field at fault and draws the form again only if it differs.
 */
async function paintEarly(query, key, token) {
  const view = await viewOf(key);
  if (token !== opening) return;
  const info = provisional(query, key);
  // The family on screen has no bundle yet: its view must not reach another's.
  activate(null);
  current = info;
  early = { token, address: info.address };
  markFamily(key);
  setFamilyLinks(info.lang);
  document.title = `${both(info.title)} — Ludolab`;
  applyDisplay(info);
  clearFieldErrors();
  view.renderForm(form, info, formEdit);
  shown = null;
  // The page's own introduction (in the HTML, painted at once) stays where it is,
  // untouched; the family's sentence and the state follow it.
  let pending = document.getElementById('result-pending');
  if (!pending || !body.contains(pending)) {
    pending = el('div', { className: 'result-pending', id: 'result-pending' }, [el('p', { className: 'intro', id: 'about', textContent:
      t('Ludolab computes the exact mathematics of games of chance and strategy in your browser: win probabilities, expected lengths, optimal strategies and who can force a win, as exact numbers and fractions rather than simulations. The link you opened holds one scenario; change any parameter and the results follow, and the link keeps what you see.') })]);
    body.replaceChildren(pending);
  }
  const family = view.intro?.(info);
  for (const extra of [...pending.children].filter((child) => child.id !== 'about')) extra.remove();
  pending.append(...(family ? [el('p', { className: 'family-intro', textContent: family })] : []), el('p', { textContent: t('Computing…') }));
  $('progress').removeAttribute('value');
  setState('computing', t('Loading the solver…'));
  // Nothing to cancel yet: the download goes on, and a newer link supersedes it.
  $('cancel').disabled = true;
}

/**
 * The form's edits: read by the core, or, before it lands, kept in the link
 * it will read (a form drawn early stays on screen when the core agrees with it).
 */
function formEdit(changes) {
  if (!current?.provisional) return edit(changes);
  const params = paramsOf(early.address);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) params.delete(k);
    else params.set(k, v);
  }
  early.address = params.toString();
  return true;
}

/** A link as the page reads it before the core has: its values over its mode's defaults. */
function provisional(query, key) {
  const spec = SPECS[key];
  const params = paramsOf(query);
  const mode = spec.form_key ? params.get(spec.form_key) : null;
  const base = (mode !== null && spec.forms[mode]) || spec.default_form;
  const fields = { ...base.fields };
  let own = false;
  for (const [k, v] of params) {
    if (['game', 'v', 'lang', 'present', 'embed'].includes(k)) continue;
    if (fields[k] !== v) own = true;
    fields[k] = v;
  }
  const lang = params.get('lang');
  return {
    game: key,
    title: spec.title,
    lang: lang === 'en' || lang === 'fr' ? lang : null,
    present: params.get('present') === '1',
    embed: params.get('embed') === '1',
    query: query.replace(/^[#?]/, ''),
    address: query.replace(/^[#?]/, ''),
    fields,
    choices: spec.choices,
    options: base.options,
    errors: [],
    spec,
    // A drawing in the form (the Snakes board) only where the link keeps its mode's:
    // otherwise the form is incomplete until the core draws it.
    board: own ? undefined : base.board,
    complete: !own || base.board === undefined,
    provisional: true,
  };
}

/** The menu's mark on the family on screen. */
function markFamily(key) {
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
 * The language of a link: the one it names, else the page's (from the browser
 * at first). A French page writes `lang=fr` into the link, so that a shared
 * link opens in the language its sender saw.
 */
function withPageLang(info) {
  if (info.lang) {
    if (info.lang !== getLang()) applyLang(info.lang);
    return info;
  }
  if (getLang() !== 'fr') return info;
  const french = read(withLang(info.address, 'fr'));
  return french;
}

/**
 * The menu: one link per family, from the core's registry, carrying the
 * link's language so that following one (or copying it) keeps it.
 */
function buildMenu() {
  $('families').replaceChildren(...Object.values(SPECS).map((spec) => {
    const a = el('a', { href: `#game=${spec.key}&v=1`, textContent: both(spec.title) });
    a.dataset.game = spec.key;
    return el('li', {}, [a]);
  }));
}

function setFamilyLinks(lang) {
  for (const a of document.querySelectorAll('#families a')) {
    // The page's own file before the fragment ("./#…"): a link starting with "#" or
    // "/#" reads to checkers as a skip link (it is a family's page, not a jump within this one).
    a.setAttribute('href', `${location.pathname.split('/').pop() || './'}#${withLang(`game=${a.dataset.game}&v=1`, lang)}`);
    a.textContent = both(SPECS[a.dataset.game].title);
  }
}

function applyLang(lang) {
  setLang(lang);
  translatePage();
  for (const button of document.querySelectorAll('.lang-choice')) {
    button.setAttribute('aria-pressed', String(button.dataset.lang === lang));
  }
}

/** The toggle: the page in `lang`, kept in the link; the result on screen is redrawn, not recomputed. */
async function chooseLang(lang) {
  await loadLang(lang);
  // Before the core lands, the link's language is applied when it does.
  if (!core() || current?.provisional) {
    if (early) early.address = withLang(early.address, lang);
    applyLang(lang);
    return;
  }
  applyLang(lang);
  const info = read(withLang(current.address, lang));
  current = info;
  history.replaceState(null, '', `#${info.address}`);
  setFamilyLinks(info.lang);
  document.title = `${both(info.title)} — Ludolab`;
  applyDisplay(info);
  clearFieldErrors();
  $('link-error').hidden = true;
  VIEWS[info.game].renderForm(form, info, edit);
  if (info.errors.length) {
    showErrors(info);
  } else if (shown && shown.info.game === info.game && document.body.dataset.state === 'done') {
    draw(info, shown.answer);
    setState('done', doneText(shown.answer.ms));
  } else {
    compute(info);
  }
}

/**
 * The link's display keys on the page: `present=1` shows the results alone,
 * large; `embed=1` one view for a frame, with a link to open it in Ludolab. A
 * link with errors shows its form whatever it asks, so it can be fixed.
 */
function applyDisplay(info) {
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
function printLink(info) {
  const link = `${location.origin}${location.pathname}#${withoutDisplay(info.address)}`;
  $('print-url').textContent = link;
  let qr = '';
  try {
    // Before the core lands there is no QR code yet: the link's view, when it does, draws it.
    qr = core()?.qrSvg(link, 132) ?? '';
  } catch {
    // Longer than a QR code holds: the link is printed as text only.
  }
  const doc = new DOMParser().parseFromString(qr || '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml');
  $('print-qr').replaceChildren(...(qr ? [document.importNode(doc.documentElement, true)] : []));
}

// Printing opens every explanation (closed again after) and scales a table
// wider than the page down to fit it.
const printed = { opened: [], zoomed: [], depth: 0 };
const PRINT_WIDTH = 680; // CSS pixels of an A4 or Letter page inside its margins

function beforePrint() {
  // Print previews may nest (a PDF printed from a preview): the first one prepares, the last one restores.
  if (printed.depth++ > 0) return;
  printed.opened = [...document.querySelectorAll('details:not([open])')];
  for (const d of printed.opened) d.open = true;
  printed.zoomed = [];
  for (const table of document.querySelectorAll('#results table.data')) {
    const width = table.scrollWidth;
    if (width > PRINT_WIDTH) {
      table.style.zoom = String(PRINT_WIDTH / width);
      printed.zoomed.push(table);
    }
  }
}

function afterPrint() {
  if (printed.depth === 0 || --printed.depth > 0) return;
  for (const d of printed.opened) d.open = false;
  for (const table of printed.zoomed) table.style.zoom = '';
  printed.opened = [];
  printed.zoomed = [];
}

/** The parameters as a sentence: "Snakes and Ladders — Board = audet; Method = exact." */
/**
 * A field's value as the page shows it: a flag as t('yes') or t('no'), a choice
 * by its label in the form (in the page's language), other values as typed.
 */
function shownValue(key, value) {
  if (value === 'yes' || value === 'no') return t(value);
  const control = document.getElementById(`field-${key}`);
  const option = control?.tagName === 'SELECT' ? [...control.options].find((o) => o.value === value) : null;
  return option?.textContent || value;
}

function scenarioSentence(info) {
  const labelled = (info.spec?.fields ?? [])
    .filter((f) => info.fields[f.key] !== undefined && info.fields[f.key] !== '')
    .map((f) => `${both(f.label)} = ${shownValue(f.key, info.fields[f.key])}`);
  return `${both(info.title)}${labelled.length ? ` — ${labelled.join('; ')}` : ''}.`;
}

/** A query without its display keys: the link to the full page. */
function withoutDisplay(query) {
  const params = new URLSearchParams(query);
  params.delete('present');
  params.delete('embed');
  return params.toString();
}

/** Turns a display key on or off: the link changes, nothing is recomputed, not an undo step. */
function setDisplay(changes) {
  remember(changes);
  // A presented view starts from its top: the scenario, then its headline.
  if (changes.present === '1') window.scrollTo(0, 0);
}

/** The `<iframe>` that embeds the view on screen in another page. */
function embedCode() {
  const params = new URLSearchParams(withoutDisplay(current.address));
  params.set('embed', '1');
  const src = `${location.origin}${location.pathname}#${params.toString()}`;
  const title = `${both(current.title)} — Ludolab`.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  return `<iframe src="${src.replaceAll('&', '&amp;')}" title="${title}" width="800" height="600" ` +
    'style="border:0;max-width:100%" loading="lazy"></iframe>';
}

/**
 * Presented or embedded, the arrow keys and Space drive the view: a stepped
 * view (an attractor, a search tree) goes to its next or previous step; in a
 * game against the computer they move between the legal moves, and Space or
 * Enter plays the one with focus. Escape leaves the presentation.
 */
function displayKeys(event) {
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

function doneText(ms) {
  return t('Computed in {ms} ms.', { ms: fixed(ms, 1) });
}

function show(info) {
  clearTimeout(editTimer);
  info = withPageLang(info);
  const before = current;
  current = info;
  early = null;
  updateHistoryButtons();
  history.replaceState(null, '', `#${info.address}`);
  markFamily(info.game);
  setFamilyLinks(info.lang);
  document.title = `${both(info.title)} — Ludolab`;
  applyDisplay(info);
  clearFieldErrors();
  // The form drawn before the core landed stays when the core reads the link the
  // same way (nothing moves, the focus stays); otherwise it is drawn again.
  const same = before?.provisional && before.complete && before.game === info.game && !info.errors.length &&
    before.lang === info.lang &&
    JSON.stringify([before.fields, before.options]) === JSON.stringify([info.fields, info.options]);
  if (!same) VIEWS[info.game].renderForm(form, info, formEdit);
  if (info.errors.length) showErrors(info);
  else compute(info);
}

/**
 * A link with bad values: each error beside its field (by the field's label),
 * nothing computed until they are fixed; the address bar keeps what was typed.
 */
function showErrors(info) {
  foldForm(false);
  clearFieldErrors();
  for (const e of info.errors) showFieldError(e.key, e.message[getLang()] ?? e.message.en, e.label);
  shown = null;
  body.replaceChildren(el('p', { className: 'muted', id: 'fix-first', textContent:
    t('Nothing is computed until the highlighted values are fixed.') }));
  setState('error', info.errors.length === 1
    ? t('One value of this link is not valid: fix it to compute.')
    : t('{n} values of this link are not valid: fix them to compute.', { n: info.errors.length }));
}

/**
 * A form edit: `changes` maps keys to new values (null removes the key). Rust
 * validates the new link; errors go next to the field at fault. Returns whether
 * the edit was accepted.
 */
function edit(changes) {
  const params = new URLSearchParams(current.address);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const switched = Object.keys(changes).some((key) => key in (current.choices ?? {}));
  // A drawing's step (view state the views remember) belongs to what it drew: a switch drops it.
  if (switched && !('step' in changes)) params.delete('step');
  clearFieldErrors();
  let info;
  try {
    info = read(params.toString());
  } catch (err) {
    showFieldError(err.key, errorText(err));
    return false;
  }
  // A switch (a new mode, kind, game searched…) is atomic: a value the new
  // choice refuses goes back to that choice's default, with a note saying so,
  // rather than leaving a form that shows one thing and a result of another.
  const resets = [];
  if (info.errors.length && switched && !current.errors.length && info.errors.every((e) => e.key && !(e.key in changes))) {
    for (const e of info.errors) {
      const label = both(e.label) ?? e.key;
      const message = e.message[getLang()] ?? e.message.en;
      // The core's message names the field first ("Label — why"): the note says why only.
      resets.push({ key: e.key, label, why: message.startsWith(`${label} — `) ? message.slice(label.length + 3) : message });
      params.delete(e.key);
    }
    const again = read(params.toString());
    if (again.errors.length) resets.length = 0;
    else info = again;
  }
  if (info.errors.length) {
    if (current.errors.length) {
      // The link is being fixed: keep what was typed, in the address bar too.
      current = info;
      history.replaceState(null, '', `#${info.address}`);
      showErrors(info);
    } else {
      // A bad edit of a good link: the message beside the field, the result
      // kept but marked as belonging to the values before the edit.
      for (const e of info.errors) showFieldError(e.key, e.message[getLang()] ?? e.message.en, e.label);
      markStale(true);
    }
    return false;
  }
  markStale(false);
  if (info.query === current.address) return true;
  past.push(current.address);
  if (past.length > MAX_HISTORY) past.shift();
  future.length = 0;
  const wasError = current.errors.length > 0;
  const reshaped = formShape(current) !== formShape(info);
  accept(info);
  // The form was drawn for a link with errors, or for other fields (another
  // mode, another game searched): draw it again for this one.
  if (wasError || reshaped) {
    const focused = document.activeElement?.name;
    VIEWS[info.game].renderForm(form, info, edit);
    // Keyboard users stay on the control they changed.
    const again = focused && form.elements.namedItem(focused);
    if (again instanceof HTMLElement) again.focus();
  }
  if (resets.length) {
    const note = el('p', { className: 'note', id: 'switch-note', textContent: resets.map((r) =>
      t('{label} went back to {now}: {why}', { label: r.label, now: info.fields[r.key] ?? t('its default'), why: r.why })).join(' ') });
    note.setAttribute('role', 'status');
    form.prepend(note);
  }
  return true;
}

/**
 * Marks the results on screen as belonging to the values before an edit the
 * core refused (`on`), or clears the mark: never a result that silently
 * disagrees with the form above it.
 */
function markStale(on) {
  document.getElementById('stale-note')?.remove();
  document.getElementById('switch-note')?.remove();
  body.classList.toggle('stale', on);
  if (!on || !body.firstChild) return;
  const note = el('p', { className: 'advice', id: 'stale-note', textContent:
    t('These results are for the values before your last edit: fix the marked field, or undo it, to see results that match the form.') });
  note.setAttribute('role', 'status');
  body.before(note);
}

/**
 * What decides the form's fields: the link's keys, the values of its choice
 * keys (a mode, a kind, the game searched) and the choices its scenario allows.
 */
function formShape(info) {
  const choices = Object.keys(info.choices ?? {}).sort().map((k) => info.fields[k] ?? null);
  return JSON.stringify([Object.keys(info.fields).sort(), choices, info.options ?? []]);
}

/**
 * Writes view state that needs no computation (a step of an animation) into the
 * link: validated by Rust, no recompute, not an undo step.
 */
function remember(changes) {
  // Before the core lands, nothing is on screen to remember.
  if (current?.provisional) return;
  const params = new URLSearchParams(current.address);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const info = read(params.toString());
  // Only the view writes these keys; a refused value leaves the link as it was.
  if (info.errors.length) return;
  // The same link object, updated: what the view asks later (play, more) still belongs to it.
  Object.assign(current, info);
  history.replaceState(null, '', `#${current.address}`);
  // The scenario's sentence and the printed link follow (a step changed, say).
  applyDisplay(current);
}

/** Puts an accepted link on screen without rebuilding the form (focus stays put). */
function accept(info) {
  current = info;
  history.replaceState(null, '', `#${info.address}`);
  applyDisplay(info);
  updateHistoryButtons();
  VIEWS[info.game]?.update?.(form, info);
  clearTimeout(editTimer);
  // Not 'done' while the debounce runs: what is on screen is for the previous link.
  document.body.dataset.state = 'pending';
  editTimer = setTimeout(() => compute(info), EDIT_DEBOUNCE_MS);
}

function undo() {
  if (!past.length) return;
  future.push(current.address);
  travel(past.pop());
}

function redo() {
  if (!future.length) return;
  past.push(current.address);
  travel(future.pop());
}

function travel(query) {
  clearFieldErrors();
  if (familyOf(query) !== current.game) {
    // Another family's link: its bundle first.
    open(withLang(query, current.lang));
    return;
  }
  // Undo walks through parameters, not languages or displays: the link keeps its language, presented or embedded.
  const params = new URLSearchParams(withLang(query, current.lang));
  for (const key of ['present', 'embed']) {
    if (current[key]) params.set(key, '1');
    else params.delete(key);
  }
  const info = read(params.toString());
  if (info.game !== current.game || info.errors.length || current.errors.length) {
    show(info);
  } else {
    accept(info);
  }
}

function updateHistoryButtons() {
  const undoButton = document.getElementById('undo');
  const redoButton = document.getElementById('redo');
  if (undoButton) undoButton.disabled = past.length === 0;
  if (redoButton) redoButton.disabled = future.length === 0;
}

function onKey(event) {
  const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement;
  if (typing || !(event.ctrlKey || event.metaKey)) return;
  const key = event.key.toLowerCase();
  if (key === 'z' && !event.shiftKey) {
    event.preventDefault();
    undo();
  } else if (key === 'y' || (key === 'z' && event.shiftKey)) {
    event.preventDefault();
    redo();
  }
}

function clearFieldErrors() {
  for (const node of document.querySelectorAll('.field-error')) node.remove();
  for (const node of document.querySelectorAll('[aria-invalid]')) node.removeAttribute('aria-invalid');
}

function showFieldError(key, message) {
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

// Links whose long computation the user agreed to (asked once per link), and per
// view the longest estimate agreed to: a move in the same range (up to twice as
// long) does not ask again (Connect Four asks once, not at every move).
const agreed = new Set();
const agreedSeconds = new Map();

/** Remembers the go-ahead for `info`'s link and its view. */
function agree(info) {
  agreed.add(info.query);
  const seconds = core().estimateCost(info.query).seconds;
  agreedSeconds.set(info.game, Math.max(agreedSeconds.get(info.game) ?? 0, seconds));
}

/**
 * Asks before a computation estimated to take long; resolves whether to go on.
 * The view's results on screen stay (a board stays drawn and playable): the
 * question comes above them.
 */
function confirmCost(info) {
  const cost = core().estimateCost(info.query);
  if (!cost.confirm || agreed.has(info.query) || cost.seconds <= 2 * (agreedSeconds.get(info.game) ?? -1)) return true;
  // Work in flight gives way without a "Cancelled." nobody asked for.
  solver.cancel('superseded');
  const go = el('button', { type: 'button', id: 'confirm-compute', textContent: t('Compute') });
  go.addEventListener('click', () => {
    agree(info);
    if (info === current) compute(info);
  });
  // A time that cannot be told beforehand (a misère quotient's) is said to be so, never guessed.
  const box = el('div', { className: 'confirm', id: 'cost-confirm' }, [
    el('p', { textContent: cost.uncertain
      ? t('How long this computation takes cannot be told beforehand: it depends on what the solver meets on the way (a misère quotient’s size, a parity game built against this solver), from under a second to minutes. ' +
        'It runs in the background with a progress bar; you can cancel it.')
      : t('This computation should take about {seconds} s in your browser and about {megabytes} MB ' +
        'of memory. It runs in the background with a progress bar; you can cancel it.',
      { seconds: count(Math.ceil(cost.seconds)), megabytes: count(Math.ceil(cost.megabytes)) }) }),
    go,
  ]);
  if (shown?.info.game === info.game && !body.querySelector('#cancelled, #fix-first')) {
    body.querySelector('#cost-confirm')?.remove();
    body.prepend(box);
  } else {
    body.replaceChildren(box);
  }
  setState('idle', t('Waiting for your go-ahead: this one takes a while.'));
  go.focus({ preventScroll: shown?.info.game === info.game });
  return false;
}

/** Progress in the bar and, as a percentage with the solver's counts
 * (heaps done, rare heaps), in the status line; once a job has run a while,
 * the time left as the work done so far predicts it (the cost estimate made
 * before it started cannot know how loaded this machine is). A negative
 * fraction is a solver that cannot tell how much is done (a game-tree
 * search): a moving bar, no percentage, no time left. */
function progressTo(label) {
  const started = performance.now();
  return (fraction, counts = {}) => {
    const known = fraction >= 0;
    if (known) $('progress').value = fraction;
    else $('progress').removeAttribute('value');
    // The solvers' count names, translated: t('heaps'), t('rare'), t('codes'), t('nodes per second'),
    // t('score at least'), t('score at most'), t('column').
    const said = Object.entries(counts).map(([name, n]) => `${t(name)} ${count(n)}`);
    const left = known ? timeLeft(performance.now() - started, fraction) : null;
    $('status-text').textContent = [known ? `${label} ${fixed(100 * fraction, 0)} %` : label, ...said, ...(left ? [left] : [])].join(' · ');
  };
}

/**
 * "about 12 s left" from the time a job has run and the share of it done,
 * once both say something (3 s run, 0.5 % done); null before, or when done.
 */
export function timeLeft(elapsedMs, fraction) {
  if (!(elapsedMs >= 3000 && fraction >= 0.005 && fraction < 1)) return null;
  const seconds = (elapsedMs / 1000) * (1 - fraction) / fraction;
  if (seconds < 1) return t('less than a second left');
  if (seconds < 90) return t('about {s} s left', { s: Math.ceil(seconds) });
  return t('about {m} min left', { m: Math.ceil(seconds / 60) });
}

/** After Cancel: say so, and offer to start again. */
function cancelled(info) {
  setState('cancelled', t('Cancelled.'));
  if (info !== current) return;
  const again = el('button', { type: 'button', id: 'compute-again', textContent: t('Compute') });
  again.addEventListener('click', () => {
    agree(info);
    compute(info);
  });
  body.replaceChildren(el('div', { className: 'confirm', id: 'cancelled' }, [
    el('p', { textContent: t('The computation was cancelled. Press Compute to start it again, or change a parameter.') }), again,
  ]));
}

async function compute(info) {
  // A debounced edit may fire after another link took over the page.
  if (info !== current) return;
  if (!confirmCost(info)) return;
  // The go-ahead asked for is given: its box gives way to what is happening
  // (above the view's results, when they stayed on screen).
  const asked = body.querySelector('#cost-confirm');
  if (asked && body.childElementCount > 1) {
    asked.replaceWith(el('p', { className: 'muted', id: 'computing-note', textContent: t('Computing: the progress and Cancel are in the status line.') }));
  } else if (body.querySelector('#cost-confirm, #cancelled')) {
    body.replaceChildren(el('p', { className: 'muted', id: 'computing-note', textContent: t('Computing: the progress and Cancel are in the status line.') }));
  }
  $('progress').value = 0;
  setState('computing', t('Computing…'));
  try {
    const answer = await solver.solve(info.query, progressTo(t('Computing…')));
    if (info !== current) return;
    draw(info, answer);
    $('progress').value = 1;
    window.__ludolab.computeMs = answer.ms;
    setState('done', doneText(answer.ms));
  } catch (err) {
    if (err instanceof Cancelled) {
      if (err.message === 'cancelled') cancelled(info);
      return; // superseded: the newer request owns the status line
    }
    setState('error', t('Error: {why}', { why: errorText(err) }));
  }
}

function draw(info, answer) {
  shown = { info, answer };
  VIEWS[info.game].renderResult(body, info, answer, {
    more: (task, label) => more(info, task, label),
    // Another scenario of the family, the on-screen link changed by `changes`
    // (checked by the core): its link, and its report computed in the worker.
    link: (changes) => `#${linkWith(info, changes)}`,
    other: (changes, label) => more(info, null, label, linkWith(info, changes)),
    play: (position, action, move) => play(info, position, action, move),
    edit,
    remember,
  });
  window.__ludolab.drawnAt = performance.now();
  // The link whose result is on screen, for the tests' state check.
  window.__ludolab.shownQuery = info.query;
  // The report on screen, for the tests (the layout of a drawing, say).
  window.__ludolab.result = answer.result;
}

/** The canonical query of the link on screen changed by `changes`; throws the core's error. */
function linkWith(info, changes) {
  const params = new URLSearchParams(info.address);
  for (const [key, value] of Object.entries(changes)) params.set(key, value);
  const other = read(params.toString());
  if (other.errors.length) throw new Error(other.errors[0].message[getLang()] ?? other.errors[0].message.en);
  return other.query;
}

/**
 * A follow-up computation of the scenario on screen (Orchard's sweeps), with
 * the status bar's progress and Cancel. Rejects with Cancelled once the
 * scenario is no longer on screen.
 */
async function more(info, task, label, query = info.query) {
  if (info !== current) throw new Cancelled('superseded');
  $('progress').value = 0;
  setState('computing', label);
  try {
    const answer = await solver.solve(query, progressTo(label), { task });
    if (info !== current) throw new Cancelled('superseded');
    $('progress').value = 1;
    setState('done', t('{task}: done in {ms} ms.', { task: label.replace(/…$/, ''), ms: fixed(answer.ms, 1) }));
    return answer;
  } catch (err) {
    if (err instanceof Cancelled) {
      if (err.message === 'cancelled') setState('cancelled', t('Cancelled.'));
    } else if (info === current) {
      setState('error', t('Error: {why}', { why: errorText(err) }));
    }
    throw err;
  }
}

/** One request of play, answered by the core in the worker (the rules live in Rust). */
async function play(info, position, action, move) {
  if (info !== current) throw new Cancelled('superseded');
  return solver.play(info.query, position, action, move);
}

async function copyLink() {
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

async function copyEmbed() {
  const code = embedCode();
  try {
    await navigator.clipboard.writeText(code);
    $('copy-status').textContent = t('Embed code copied: paste it into a course page.');
  } catch {
    $('copy-status').textContent = t('Copy this code into your page: {code}', { code });
  }
}

async function main() {
  // The header, the menu and the form come from the page's own scripts and the
  // specs the core wrote at build time; the family's bundle is fetched (and
  // compiled, off the main thread) meanwhile.
  const query = location.hash || `#${Object.values(SPECS)[0].default_link}`;
  const named = paramsOf(query).get('lang');
  const lang = named === 'en' || named === 'fr' ? named : browserLang();
  await loadLang(lang);
  applyLang(lang);
  buildMenu();
  $('cancel').addEventListener('click', () => solver?.cancel());
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
    if (location.hash.slice(1) !== current?.address) open(location.hash);
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
function keepClearOfStatusBar() {
  const bar = document.querySelector('.status-bar');
  if (!bar || !window.ResizeObserver) return;
  new ResizeObserver(() => {
    document.documentElement.style.setProperty('--status-bar-height', `${bar.offsetHeight}px`);
  }).observe(bar);
}

let offline = false;

/**
 * Offline after one visit (sw.js): the service worker keeps every family's
 * files, so it starts only once the first result is on screen and the page is
 * idle, never competing with what the link needs. A page served from a file
 * or an old browser just skips it.
 */
function keepOffline() {
  if (offline || !navigator.serviceWorker) return;
  offline = true;
  const register = () => navigator.serviceWorker.register(new URL('./sw.js', import.meta.url)).catch(() => {});
  if (window.requestIdleCallback) requestIdleCallback(register, { timeout: 5000 });
  else setTimeout(register, 1000);
}

main();
