// Computing: the cost guard before long work, the worker's progress and
// Cancel, the result drawn by the family's view, follow-up tasks and play.
import { core } from './core.js';
import { Cancelled } from './solver-client.js';
import { el, labelOf, choiceLabels } from './dom.js';
import { both, count, duration, errorText, fixed, getLang, t } from './i18n.js';
import { $, actions, body, page, VIEWS } from './page.js';
import { doneText, setState, showFieldError } from './display.js';
import { unpack } from './worker.js';

/** Remembers the go-ahead for `info`'s link and its view. */
export function agree(info) {
  page.agreed.add(info.query);
  const seconds = core().estimateCost(info.query).seconds;
  page.agreedSeconds.set(info.game, Math.max(page.agreedSeconds.get(info.game) ?? 0, seconds));
}

/**
 * Asks before a computation estimated to take long; resolves whether to go on.
 * The view's results on screen stay (a board stays drawn and playable): the
 * question comes above them.
 */
export function confirmCost(info, cost = core().estimateCost(info.query)) {
  if (!cost.confirm || page.agreed.has(info.query) || cost.seconds <= 2 * (page.agreedSeconds.get(info.game) ?? -1)) return true;
  // Work in flight gives way without a "Cancelled." nobody asked for.
  page.solver.cancel('superseded');
  const go = el('button', { type: 'button', id: 'confirm-compute', textContent: t('Compute') });
  go.addEventListener('click', () => {
    agree(info);
    if (info === page.current) compute(info);
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
  if (page.shown?.info.game === info.game && !body.querySelector('#cancelled, #fix-first')) {
    body.querySelector('#cost-confirm')?.remove();
    body.prepend(box);
  } else {
    body.replaceChildren(box);
    // What the link holds under the question: the board or a first part the
    // core tells without the work (drawn by the view, playable), else the
    // link's values by the form's labels.
    const before = unpack(core().preview?.(info.query) ?? null);
    const shown = el('div', { id: 'preview' });
    box.after(shown);
    try {
      if (!before) throw null;
      const view = el('div', { id: 'preview-view' });
      shown.append(el('p', { className: 'muted', id: 'preview-note', textContent:
        t('Meanwhile, what the link holds (a board is played and edited from here) or the part of it computed at once; the rest comes with Compute.') }), view);
      VIEWS[info.game].renderResult(view, info, { result: before, ms: 0 }, viewContext(info));
    } catch (err) {
      // A view that cannot draw its preview (a bug, which the tests see) still leaves the question.
      if (err) console.error(err);
      shown.replaceChildren(linkSummary(info));
    }
  }
  setState('idle', t('Waiting for your go-ahead: this one takes a while.'));
  go.focus({ preventScroll: page.shown?.info.game === info.game });
  return false;
}

/** The link's values by the form's labels (a choice by its label): what waits for the go-ahead. */
function linkSummary(info) {
  const rows = [...new URLSearchParams(info.query)].filter(([key]) => !['game', 'v', 'lang'].includes(key) && info.spec?.fields.some((f) => f.key === key));
  const list = el('dl', { className: 'link-summary' });
  for (const [key, value] of rows) {
    list.append(el('dt', { textContent: labelOf(info, key) }), el('dd', { textContent: choiceLabels(info, key)[value] ?? value }));
  }
  return el('div', { id: 'preview-summary' }, [
    el('p', { className: 'muted', textContent: rows.length ? t('The link asks for:') : t('The link asks for the chapter’s defaults.') }), ...(rows.length ? [list] : []),
  ]);
}

/** Progress in the bar and, as a percentage with the solver's counts
 * (heaps done, rare heaps), in the status line; once a job has run a while,
 * the time left as the work done so far predicts it (the cost estimate made
 * before it started cannot know how loaded this machine is). A negative
 * fraction is a solver that cannot tell how much is done (a game-tree
 * search): a moving bar, no percentage, no time left. */
export function progressTo(label) {
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
export function cancelled(info) {
  setState('cancelled', t('Cancelled.'));
  if (info !== page.current) return;
  const again = el('button', { type: 'button', id: 'compute-again', textContent: t('Compute') });
  again.addEventListener('click', () => {
    agree(info);
    compute(info);
  });
  body.replaceChildren(el('div', { className: 'confirm', id: 'cancelled' }, [
    el('p', { textContent: t('The computation was cancelled. Press Compute to start it again, or change a parameter.') }), again,
  ]));
}

export async function compute(info) {
  // A debounced edit may fire after another link took over the page.
  if (info !== page.current) return;
  // The core's estimate, once (reading the link again costs a phone some milliseconds).
  const cost = core().estimateCost(info.query);
  if (!confirmCost(info, cost)) return;
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
    // An answer whose members may run side by side (the parity portfolio's
    // solvers) uses as many workers as the machine has cores, up to its members.
    const members = Math.min(cost.members, navigator.hardwareConcurrency || 1);
    // An answer the core finds by probes side by side (Connect Four's score,
    // when it comes alone) uses as many workers as the machine has cores, up to its probes.
    const probes = Math.min(cost.probes ?? 0, navigator.hardwareConcurrency || 1);
    const plan = (answers, running, free) => core().probePlan(info.query, answers, running, free);
    const answer = members > 1
      ? await page.solver.race(info.query, members, progressTo(t('Computing…')))
      : probes > 1
        ? await page.solver.probes(info.query, probes, plan, progressTo(t('Computing…')))
        : await page.solver.solve(info.query, progressTo(t('Computing…')));
    if (info !== page.current) return;
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
    // The results' placeholder said "Computing…": it says what stopped the work instead.
    body.querySelector('#computing-note, #pending-state')?.replaceWith(el('p', { className: 'error', id: 'not-computed', textContent: t('Not computed: {why}', { why: errorText(err) }) }));
    // Refused once the work began (a sum too long to add, known once its parts
    // are solved): the field at fault says so too, by its label.
    if (err?.key && err.field) showFieldError(err.key, both(err.field));
  }
}

/** Marks the page's first result (`built`: computed when the site was built), once, for the loading measures. */
function firstResult(kind) {
  if (document.body.dataset.firstResult) return;
  document.body.dataset.firstResult = kind;
  window.__ludolab.firstResultAt = performance.now();
}

/** What a built result's view may ask: nothing yet (it is inert until the live one replaces it). */
const BUILT_CONTEXT = {
  more: () => Promise.reject(new Cancelled('superseded')),
  other: () => Promise.reject(new Cancelled('superseded')),
  play: () => Promise.reject(new Cancelled('superseded')),
  link: () => '#',
  edit: () => false,
  remember: () => {},
};

/** Bytes from base64: the browser's own decoder where it has one (a phone decodes Snakes' 240 kB in a few ms, not 200). */
function fromBase64(text) {
  return Uint8Array.fromBase64 ? Uint8Array.fromBase64(text) : Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/**
 * Shows the default link's answer computed when the site was built by the same
 * core (`text`: pkg/<family>/first.json, as the worker gives it), before the
 * family's bundle has landed: marked as such and inert, its figures drawn when
 * the core lands, and replaced by the live answer (`draw`) when it comes.
 * `info` is the early page's reading of the link (the built file carries the
 * core's, in both languages).
 */
export function showBuilt(view, info, text) {
  let built;
  try {
    // A large array left out of the file (`{$later: bytes}`: it only feeds a
    // figure) comes as `{later: bytes}`; the figure waits for the live answer.
    built = JSON.parse(text, (_, value) => (value && typeof value.$bytes === 'string' ? fromBase64(value.$bytes)
      : value && typeof value.$later === 'number' ? { later: value.$later } : value));
  } catch {
    return; // a damaged file: the live answer comes anyway
  }
  const lang = (info.lang ?? getLang()) === 'fr' ? 'fr' : 'en';
  const read = { ...info, ...built.info[lang], spec: info.spec, address: info.address, provisional: true };
  try {
    view.renderResult(body, read, { result: unpack(built.result), ms: 0, built: true }, BUILT_CONTEXT);
  } catch (err) {
    console.error(err);
    return;
  }
  for (const child of body.children) child.inert = true;
  body.prepend(el('p', { className: 'built-note', id: 'built-note', textContent:
    t('Computed when this site was built, by the same core; your browser is computing it again and will show its own answer here in a moment.') }));
  firstResult('built');
  // For the tests: the built answer, to hold against the live one.
  window.__ludolab.built = built.result;
  setState('computing', t('Checking this answer in your browser…'));
  // Nothing to cancel yet: the bundle is still on its way (as before the built answer came).
  $('cancel').disabled = true;
}

/** What a view may ask of the page for the link `info`. */
function viewContext(info) {
  return {
    more: (task, label) => more(info, task, label),
    // Another scenario of the family, the on-screen link changed by `changes`
    // (checked by the core): its link, and its report computed in the worker.
    link: (changes) => `#${actions.linkWith(info, changes)}`,
    other: (changes, label) => more(info, null, label, actions.linkWith(info, changes)),
    play: (position, action, move) => play(info, position, action, move),
    edit: actions.edit,
    remember: actions.remember,
  };
}

export function draw(info, answer) {
  page.shown = { info, answer };
  VIEWS[info.game].renderResult(body, info, answer, viewContext(info));
  // Marked once drawn, as a built answer is: the loading measures count a result on
  // screen (before stop 85 the mark came first, and left out the drawing's time).
  firstResult('live');
  window.__ludolab.drawnAt = performance.now();
  // The link whose result is on screen, for the tests' state check.
  window.__ludolab.shownQuery = info.query;
  // The report on screen, for the tests (the layout of a drawing, say).
  window.__ludolab.result = answer.result;
}

/**
 * A follow-up computation of the scenario on screen (Orchard's sweeps), with
 * the status bar's progress and Cancel. Rejects with Cancelled once the
 * scenario is no longer on screen.
 */
export async function more(info, task, label, query = info.query) {
  if (info !== page.current) throw new Cancelled('superseded');
  $('progress').value = 0;
  setState('computing', label);
  try {
    // A task the core splits into parts (Connect Four's columns) runs on as
    // many workers as the machine has cores, up to its parts.
    const parts = task ? core().taskParts(query, task) : 0;
    const workers = Math.min(parts, navigator.hardwareConcurrency || 1);
    const answer = workers > 1
      ? await page.solver.split(query, task, parts, workers, progressTo(label))
      : await page.solver.solve(query, progressTo(label), { task });
    if (info !== page.current) throw new Cancelled('superseded');
    $('progress').value = 1;
    setState('done', t('{task}: done in {time}.', { task: label.replace(/…$/, ''), time: duration(answer.ms / 1000) }));
    return answer;
  } catch (err) {
    if (err instanceof Cancelled) {
      if (err.message === 'cancelled') setState('cancelled', t('Cancelled.'));
    } else if (info === page.current) {
      setState('error', t('Error: {why}', { why: errorText(err) }));
    }
    throw err;
  }
}

/** One request of play, answered by the core in the worker (the rules live in Rust). */
export async function play(info, position, action, move) {
  if (info !== page.current) throw new Cancelled('superseded');
  return page.solver.play(info.query, position, action, move);
}
