// Ludolab's page: share link → scenario (validated by Rust) → worker → result → drawing.
import init, { parseLink, defaultLink } from './pkg/ludolab.js';
import { SolverClient, Cancelled } from './solver-client.js';
import { el } from './dom.js';
import * as snakes from './views/snakes.js';
import * as pending from './views/pending.js';

const VIEWS = { snakes };
const EDIT_DEBOUNCE_MS = 150;
const $ = (id) => document.getElementById(id);
const form = $('form');
const body = $('results-body');

// Read by the end-to-end tests and the in-browser benchmark.
window.__ludolab = { drawnAt: null, computeMs: null };

let current = null; // the LinkInfo on screen
let solver = null;
let editTimer = null;

function setState(state, text) {
  document.body.dataset.state = state;
  $('status-text').textContent = text;
  $('results').setAttribute('aria-busy', String(state === 'computing'));
  $('cancel').disabled = state !== 'computing';
}

function showLinkError(message) {
  $('link-error').textContent = message;
  $('link-error').hidden = false;
}

function gameOf(query) {
  return new URLSearchParams(query.replace(/^#/, '')).get('game') ?? 'snakes';
}

/** Opens a share link: an invalid one shows why and falls back to the game's defaults. */
function open(query) {
  $('link-error').hidden = true;
  let info;
  try {
    info = parseLink(query);
  } catch (err) {
    showLinkError(`This link is not valid: ${err.message}. Showing the default scenario instead.`);
    info = parseLink(defaultLink(gameOf(query)));
  }
  show(info);
}

function show(info) {
  current = info;
  history.replaceState(null, '', `#${info.query}`);
  for (const a of document.querySelectorAll('#families a')) {
    if (a.dataset.game === info.game) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  document.title = `${info.title} — Ludolab`;
  const view = VIEWS[info.game];
  if (!view || !info.available) {
    solver.cancel();
    pending.renderForm(form);
    pending.renderPending(body, info);
    setState('idle', `${info.title} is not yet available.`);
    return;
  }
  view.renderForm(form, info, edit);
  compute(info);
}

/** A form edit: Rust validates the new link; errors go next to the field at fault. */
function edit(fields) {
  const params = new URLSearchParams(current.query);
  for (const [key, value] of Object.entries(fields)) params.set(key, value);
  clearFieldErrors();
  let info;
  try {
    info = parseLink(params.toString());
  } catch (err) {
    showFieldError(err.key, err.message);
    return;
  }
  current = info;
  history.replaceState(null, '', `#${info.query}`);
  clearTimeout(editTimer);
  editTimer = setTimeout(() => compute(info), EDIT_DEBOUNCE_MS);
}

function clearFieldErrors() {
  for (const node of form.querySelectorAll('.field-error')) node.remove();
  for (const node of form.querySelectorAll('[aria-invalid]')) node.removeAttribute('aria-invalid');
}

function showFieldError(key, message) {
  const field = key && form.elements.namedItem(key);
  const error = el('p', { className: 'error field-error', id: `error-${key ?? 'form'}`, textContent: message });
  error.setAttribute('role', 'alert');
  if (field instanceof Element) {
    field.setAttribute('aria-invalid', 'true');
    field.setAttribute('aria-errormessage', error.id);
    field.after(error);
  } else {
    form.append(error);
  }
}

async function compute(info) {
  const view = VIEWS[info.game];
  $('progress').value = 0;
  setState('computing', 'Computing…');
  try {
    const answer = await solver.solve(info.query, (fraction) => { $('progress').value = fraction; });
    if (info !== current) return;
    view.renderResult(body, info, answer);
    $('progress').value = 1;
    window.__ludolab.computeMs = answer.ms;
    window.__ludolab.drawnAt = performance.now();
    setState('done', `Computed in ${answer.ms.toFixed(1)} ms in the worker.`);
  } catch (err) {
    if (err instanceof Cancelled) {
      if (err.message === 'cancelled') setState('cancelled', 'Cancelled. Change a parameter to compute again.');
      return; // superseded: the newer request owns the status line
    }
    setState('error', `Error: ${err.message}`);
  }
}

async function copyLink() {
  const link = location.href;
  try {
    await navigator.clipboard.writeText(link);
    $('copy-status').textContent = 'Link copied.';
  } catch {
    $('copy-status').textContent = `Copy this link: ${link}`;
  }
}

async function main() {
  try {
    const wasm = await WebAssembly.compileStreaming(fetch(new URL('./pkg/ludolab_bg.wasm', import.meta.url)));
    await init({ module_or_path: wasm });
    solver = new SolverClient(new URL('./worker.js', import.meta.url), wasm);
  } catch (err) {
    setState('error', `Ludolab could not start: ${err.message}`);
    return;
  }
  $('cancel').addEventListener('click', () => solver.cancel());
  $('copy-link').addEventListener('click', copyLink);
  window.addEventListener('hashchange', () => open(location.hash));
  open(location.hash || `#${defaultLink('snakes')}`);
}

main();
