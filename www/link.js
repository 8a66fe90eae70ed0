// Link and history: reading a link with the core, opening it (its family's bundle
// first) and showing it, the form's edits, undo and redo, the address bar.
import { activate, activeFamily, awaitFamily, core, fetchFamily, loadSpec, renamedFamily, SPECS, useFullCore } from './core.js';
import { SolverClient } from './solver-client.js';
import { el } from './dom.js';
import { both, errorText, getLang, loadLang, t } from './i18n.js';
import { $, body, form, page, viewOf, VIEWS } from './page.js';
import { applyLang, clearFieldErrors, markFamily, markStale, setFamilyLinks, setState, showErrors, showFieldError, showLinkError } from './display.js';
import { compute, showBuilt } from './compute.js';
import { applyDisplay, withLang } from './present.js';

/** A query's parameters (a leading `#` or `?` ignored). */
export function paramsOf(query) {
  return new URLSearchParams(query.replace(/^[#?]/, ''));
}

/** The family a link names, when it is one of the core's (else null: the core says why). */
export function familyOf(query) {
  const params = paramsOf(query);
  if (![...params.keys()].length) return Object.keys(SPECS)[0];
  const key = renamedFamily(params);
  return key !== null && Object.hasOwn(SPECS, key) ? key : null;
}

export const EDIT_DEBOUNCE_MS = 150;

export const MAX_HISTORY = 200;

/** Reads a link with the core; the family's spec rides along (form labels and limits). */
export function read(query) {
  const info = core().parseLink(query);
  info.spec = SPECS[info.game];
  // What the address bar shows: the canonical link, or the link as typed while it has errors.
  info.address = info.errors.length ? query.replace(/^#/, '') : info.query;
  return info;
}

/**
 * `read`, and when the family's own bundle cannot read the link (its error
 * `needs` code it holds back), the family's full bundle, fetched once and kept
 * for every later reading on this page.
 */
async function readFully(query) {
  try {
    return read(query);
  } catch (err) {
    if (!err?.needs || !(await useFullCore(activeFamily()))) throw err;
    return read(query);
  }
}

/**
 * Opens a share link. One bad value keeps the family, the mode and every good
 * value. Before the family's bundle has landed, the form is drawn from the link
 * as typed, and the results' place says the solver is coming.
 */
export async function open(query) {
  const token = ++page.opening;
  $('link-error').hidden = true;
  const key = familyOf(query);
  // At once, before anything loads: the menu marks the family, and what is on
  // screen is no longer the answer to the address.
  if (key) markFamily(key);
  document.body.dataset.state = 'pending';
  const named = paramsOf(query).get('lang');
  const lang = named === 'en' || named === 'fr' ? named : getLang();
  await loadLang(lang);
  if (token !== page.opening) return;
  if (key && activeFamily() !== key) {
    if (lang !== getLang()) applyLang(lang);
    await paintEarly(query, key, token);
  }
  // An unknown family is read by the bundle on screen (or the first), whose core says why.
  if (!(await loadFamily(key ?? activeFamily() ?? Object.keys(SPECS)[0], token))) return;
  let info;
  try {
    info = await readFully(page.early?.token === token ? page.early.address : query);
    if (token !== page.opening) return;
  } catch (err) {
    if (token !== page.opening) return;
    // The family's full bundle could not be fetched: say why, and keep the link as typed.
    if (err?.needs) {
      const why = errorText(err);
      setState('error', why);
      body.querySelector('#pending-state')?.replaceWith(el('p', { className: 'error', id: 'not-computed', textContent: t('Not computed: {why}', { why }) }));
      return;
    }
    // No family can be told: say why, and open the default scenario.
    if (lang !== getLang()) applyLang(lang);
    const why = errorText(err);
    const first = Object.keys(SPECS)[0];
    if (activeFamily() !== first && !(await loadFamily(first, token))) return;
    showLinkError(t('This link is not valid: {why}. Showing the default scenario instead.', { why }));
    info = read(SPECS[first].default_link);
  }
  await viewOf(info.game);
  if (token !== page.opening) return;
  show(info);
}

/**
 * Loads a family's bundle, makes it the page's and points the worker at it,
 * unless a newer link took over meanwhile: whether the link may go on (false
 * also when it could not be loaded: the status line says why).
 */
export async function loadFamily(key, token) {
  try {
    const bundle = await fetchFamily(key);
    if (token !== page.opening) return false;
    activate(bundle);
    if (page.solver) page.solver.use(bundle.module, bundle.glue, bundle.full);
    else page.solver = new SolverClient(new URL('./worker.js', import.meta.url), bundle.module, bundle.glue, bundle.full);
    return true;
  } catch (err) {
    if (token === page.opening) setState('error', t('Ludolab could not start: {why}', { why: err.message }));
    return false;
  }
}

/**
 * The page before the family's bundle lands: header, menu, the form filled
 * from the link (with the defaults of its mode, as the core wrote them at
 * build time) and a "computing" state in the results' reserved place. Nothing
 * here decides validity: the core reads the link when it arrives, marks any
 * field at fault and draws the form again only if it differs.
 */
export async function paintEarly(query, key, token) {
  let view;
  try {
    [view] = await Promise.all([viewOf(key), loadSpec(key)]);
  } catch {
    return; // loadFamily below says why (it needs the spec too)
  }
  if (token !== page.opening) return;
  const info = provisional(query, key);
  // The family on screen has no bundle yet: its view must not reach another's.
  activate(null);
  awaitFamily(key);
  page.current = info;
  page.early = { token, address: info.address };
  markFamily(key);
  setFamilyLinks(info.lang);
  document.title = `${both(info.title)} — Ludolab`;
  applyDisplay(info);
  clearFieldErrors();
  view.renderForm(form, info, formEdit);
  page.shown = null;
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
  pending.append(...(family ? [el('p', { className: 'family-intro', textContent: family })] : []), el('p', { id: 'pending-state', textContent: t('Computing…') }));
  $('progress').removeAttribute('value');
  setState('computing', t('Loading the solver…'));
  // Nothing to cancel yet: the download goes on, and a newer link supersedes it.
  $('cancel').disabled = true;
  // The default link's answer computed when the site was built (boot.js fetched
  // it at once): shown, marked as such, until the live one replaces it.
  const boot = globalThis.__ludolabBoot;
  if (boot?.first && boot.key === key && !boot.firstTaken) {
    boot.firstTaken = true;
    // Not awaited: the bundle is loaded meanwhile.
    boot.first.then((text) => {
      if (text && token === page.opening && !core() && page.current === info && page.early?.address === info.address) showBuilt(view, info, text);
    });
  }
}

/**
 * The form's edits: read by the core, or, before it lands, kept in the link
 * it will read (a form drawn early stays on screen when the core agrees with it).
 */
export function formEdit(changes) {
  if (!page.current?.provisional) return edit(changes);
  const params = paramsOf(page.early.address);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) params.delete(k);
    else params.set(k, v);
  }
  page.early.address = params.toString();
  // The default link's built answer no longer answers the form.
  if (body.querySelector('#built-note')) body.replaceChildren(el('p', { className: 'muted', textContent: t('Computing…') }));
  return true;
}

/** A link as the page reads it before the core has: its values over its mode's defaults. */
export function provisional(query, key) {
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

/**
 * The language of a link: the one it names, else the page's (from the browser
 * at first). A French page writes `lang=fr` into the link, so that a shared
 * link opens in the language its sender saw.
 */
export function withPageLang(info) {
  if (info.lang) {
    if (info.lang !== getLang()) applyLang(info.lang);
    return info;
  }
  if (getLang() !== 'fr') return info;
  const french = read(withLang(info.address, 'fr'));
  return french;
}

export function show(info) {
  clearTimeout(page.editTimer);
  info = withPageLang(info);
  const before = page.current;
  page.current = info;
  page.early = null;
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
 * A form edit: `changes` maps keys to new values (null removes the key). Rust
 * validates the new link; errors go next to the field at fault. Returns whether
 * the edit was accepted.
 */
export function edit(changes) {
  const params = new URLSearchParams(page.current.address);
  // A key the family does not have (a typo, another family's) has no field to
  // fix it in: the first edit of the form lets it go, or the link stays stuck.
  const fields = new Set(page.current.spec?.fields.map((f) => f.key) ?? []);
  for (const e of page.current.errors ?? []) {
    if (e.key && !fields.has(e.key) && !(e.key in changes)) params.delete(e.key);
  }
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const switched = Object.keys(changes).some((key) => key in (page.current.choices ?? {}));
  // A drawing's step (view state the views remember) belongs to what it drew: a switch drops it.
  if (switched && !('step' in changes)) params.delete('step');
  clearFieldErrors();
  let info;
  try {
    info = read(params.toString());
  } catch (err) {
    // A value the family's own bundle cannot read (a die's weights with too
    // many digits): the edit is made again once its full bundle reads here.
    const family = activeFamily();
    if (err?.needs) {
      useFullCore(family).then((ok) => {
        if (ok && activeFamily() === family) edit(changes);
        else if (!ok) showFieldError(err.key, errorText(err));
      });
      return false;
    }
    showFieldError(err.key, errorText(err));
    return false;
  }
  // A switch (a new mode, kind, game searched…) is atomic: a value the new
  // choice refuses goes back to that choice's default, with a note saying so,
  // rather than leaving a form that shows one thing and a result of another.
  const resets = [];
  if (info.errors.length && switched && !page.current.errors.length && info.errors.every((e) => e.key && !(e.key in changes))) {
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
    if (page.current.errors.length) {
      // The link is being fixed: keep what was typed, in the address bar too.
      page.current = info;
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
  if (info.query === page.current.address) return true;
  page.past.push(page.current.address);
  if (page.past.length > MAX_HISTORY) page.past.shift();
  page.future.length = 0;
  const wasError = page.current.errors.length > 0;
  const reshaped = formShape(page.current) !== formShape(info);
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
 * What decides the form's fields: the link's keys, the values of its choice
 * keys (a mode, a kind, the game searched) and the choices its scenario allows.
 */
export function formShape(info) {
  const choices = Object.keys(info.choices ?? {}).sort().map((k) => info.fields[k] ?? null);
  return JSON.stringify([Object.keys(info.fields).sort(), choices, info.options ?? []]);
}

/**
 * Writes view state that needs no computation (a step of an animation) into the
 * link: validated by Rust, no recompute, not an undo step.
 */
export function remember(changes) {
  // Before the core lands, nothing is on screen to remember.
  if (page.current?.provisional) return;
  const params = new URLSearchParams(page.current.address);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const info = read(params.toString());
  // Only the view writes these keys; a refused value leaves the link as it was.
  if (info.errors.length) return;
  // The same link object, updated: what the view asks later (play, more) still belongs to it.
  Object.assign(page.current, info);
  history.replaceState(null, '', `#${page.current.address}`);
  // The scenario's sentence and the printed link follow (a step changed, say).
  applyDisplay(page.current);
}

/** Puts an accepted link on screen without rebuilding the form (focus stays put). */
export function accept(info) {
  page.current = info;
  history.replaceState(null, '', `#${info.address}`);
  applyDisplay(info);
  updateHistoryButtons();
  VIEWS[info.game]?.update?.(form, info);
  clearTimeout(page.editTimer);
  // Not 'done' while the debounce runs: what is on screen is for the previous link.
  document.body.dataset.state = 'pending';
  page.editTimer = setTimeout(() => compute(info), EDIT_DEBOUNCE_MS);
}

export function undo() {
  if (!page.past.length) return;
  page.future.push(page.current.address);
  travel(page.past.pop());
}

export function redo() {
  if (!page.future.length) return;
  page.past.push(page.current.address);
  travel(page.future.pop());
}

export function travel(query) {
  clearFieldErrors();
  if (familyOf(query) !== page.current.game) {
    // Another family's link: its bundle first.
    open(withLang(query, page.current.lang));
    return;
  }
  // Undo walks through parameters, not languages or displays: the link keeps its language, presented or embedded.
  const params = new URLSearchParams(withLang(query, page.current.lang));
  for (const key of ['present', 'embed']) {
    if (page.current[key]) params.set(key, '1');
    else params.delete(key);
  }
  const info = read(params.toString());
  if (info.game !== page.current.game || info.errors.length || page.current.errors.length) {
    show(info);
  } else {
    accept(info);
  }
}

export function updateHistoryButtons() {
  const undoButton = document.getElementById('undo');
  const redoButton = document.getElementById('redo');
  if (undoButton) undoButton.disabled = page.past.length === 0;
  if (redoButton) redoButton.disabled = page.future.length === 0;
}

export function onKey(event) {
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

/** The canonical query of the link on screen changed by `changes`; throws the core's error. */
export function linkWith(info, changes) {
  const params = new URLSearchParams(info.address);
  for (const [key, value] of Object.entries(changes)) params.set(key, value);
  const other = read(params.toString());
  if (other.errors.length) throw new Error(other.errors[0].message[getLang()] ?? other.errors[0].message.en);
  return other.query;
}
