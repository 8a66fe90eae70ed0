// The page's state in one place, and the places every module draws into.
import { missing } from './i18n.js';

/** What the page holds between events: read and written by every module, declared here only. */
export const page = {
  current: null, // the LinkInfo on screen
  shown: null, // the last result drawn: {info, answer}, redrawn when the language changes
  solver: null, // the worker's client, pointed at the family's bundle
  editTimer: null, // the debounce of the last edit
  opening: 0, // the link being opened: a newer one makes an older one's late bundle give way
  early: null, // edits made before the bundle landed: the link they make, read when it lands
  past: [], // undo: the queries before the current one
  future: [], // redo: the queries after it
  // Links whose long computation the user agreed to (asked once per link), and per
  // view the longest estimate agreed to: a move in the same range (up to twice as
  // long) does not ask again (Connect Four asks once, not at every move).
  agreed: new Set(),
  agreedSeconds: new Map(),
  // Printing opens every explanation (closed again after) and scales a table
  // wider than the page down to fit it.
  printed: { opened: [], zoomed: [], depth: 0 },
  offline: false, // the service worker registered
};

/**
 * What the lower modules ask of the link layer, bound by app.js at start:
 * a drawn result edits the link (`edit`, `remember`, `linkWith`), and the
 * link layer computes and draws. So no module imports one above it.
 */
export const actions = { edit: null, remember: null, linkWith: null };
// Each family's view, www/views/<game>.js, imported when its family is first
// opened (the view contract: ARCHITECTURE.md).
export const VIEWS = {};

/** The view module of family `key`, imported once. */
export async function viewOf(key) {
  VIEWS[key] ??= await import(`./views/${key}.js`);
  return VIEWS[key];
}

export const $ = (id) => document.getElementById(id);

export const form = $('form');

export const body = $('results-body');

// Read by the end-to-end tests and the in-browser benchmark.
window.__ludolab = { drawnAt: null, computeMs: null, missing };
