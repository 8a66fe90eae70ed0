// The Rust core on the page, one bundle per family (ARCHITECTURE.md, "Loading"):
// `load(key)` fetches and compiles a family's wasm once (streaming: V8 compiles
// it off the main thread while it downloads; the link's own family was started
// by boot.js as the page was parsed), instantiates it here for reading
// links and drawing, and keeps the compiled module for the worker, which
// instantiates the same module without compiling it again.
// `core()` is the bundle of the family on screen: its exports (parseLink,
// estimateCost, …), or null before it has landed; `drawing()` the drawing
// bundle's (drawHeatmap, drawBars, …), below.
import { FAMILIES, RENAMED, DRAWING } from './pkg/families.js';

/**
 * Every family's spec, as the core wrote it at build time: from the index its
 * key, title, default link and files; the rest (labels, kinds, ranges, forms)
 * once `loadSpec(key)` has fetched it (`fetchFamily` does, and the page's early
 * form waits for it; boot.js hints the link's own at once).
 */
export const SPECS = Object.fromEntries(FAMILIES.map((f) => [f.key, { ...f }]));

const specLoads = new Map(); // key → Promise<spec>

/** Fetches the rest of `key`'s spec into `SPECS[key]` (once) and resolves to it. */
export function loadSpec(key) {
  if (!SPECS[key]) return Promise.reject(new Error(`unknown family ${key}`));
  let promise = specLoads.get(key);
  if (!promise) {
    promise = import(new URL(SPECS[key].details, new URL('./', import.meta.url)).href)
      .then((module) => Object.assign(SPECS[key], module.default));
    promise.catch(() => specLoads.delete(key));
    specLoads.set(key, promise);
  }
  return promise;
}

/** The family an old link's `game` (and `kind`) opens now, as the core reads it; else `game` itself. */
export function renamedFamily(params) {
  const game = params.get('game');
  const renamed = RENAMED.find(([old, kind]) => old === game && (kind === '*' || kind === params.get('kind')));
  return renamed?.[2] ?? game;
}

const loaded = new Map(); // key → Promise<{key, exports, module, glue, full}>
let active = null;

/** The exports of the bundle on screen, or null before it has landed. */
export function core() {
  return active?.exports ?? null;
}

/** The family whose bundle is on screen. */
export function activeFamily() {
  return active?.key ?? null;
}

/** The URL of a family's file, relative to the page (versioned by the build). */
export function bundleUrl(key, what) {
  return new URL(SPECS[key].bundle[what], new URL('./', import.meta.url)).href;
}

/**
 * Starts fetching and compiling `key`'s bundle (once) and resolves to
 * `{key, exports, module, glue, full}`; does not make it the active one.
 */
export function fetchFamily(key) {
  if (!SPECS[key]) return Promise.reject(new Error(`unknown family ${key}`));
  let promise = loaded.get(key);
  if (!promise) {
    promise = (async () => {
      // The link's bundle is already downloading and compiling (boot.js): the
      // family's own, or its full one for a link that needs what the own holds back.
      const boot = globalThis.__ludolabBoot;
      if (boot?.key === key) boot.start();
      const bootFull = boot?.key === key && boot.full && !boot.compileTaken;
      const glue = bootFull ? boot.glue : bundleUrl(key, 'glue');
      const early = boot?.key === key && boot.glue === glue && !boot.compileTaken ? boot.module : null;
      if (early) boot.compileTaken = true;
      const [module, exports] = await Promise.all([
        early ?? WebAssembly.compileStreaming(fetch(bundleUrl(key, 'wasm'))),
        import(glue),
        loadSpec(key),
      ]);
      await exports.default({ module_or_path: module });
      // The family's full bundle, if its own holds code back and does not run
      // here already: the worker fetches it when a link needs it.
      const held = bootFull ? null : SPECS[key].bundle.full;
      const site = new URL('./', import.meta.url);
      const full = held ? { glue: new URL(held.glue, site).href, wasm: new URL(held.wasm, site).href } : null;
      if (bootFull) fullLoads.set(key, Promise.resolve(true));
      return { key, exports, module, glue, full };
    })();
    // A failed download may be tried again (the network came back).
    promise.catch(() => loaded.delete(key));
    loaded.set(key, promise);
  }
  return promise;
}

const fullLoads = new Map(); // key → Promise<true>

/**
 * Reads links with `key`'s full bundle on this page from now on (fetched
 * once): what a link its own bundle cannot read asks for (the core's error
 * says `needs`: a Snakes die whose fractions outgrow the bounded ones of
 * Snakes' own bundle). Resolves to whether it runs here; the worker swaps to
 * it on its own when a solve needs it (worker.js).
 */
export function useFullCore(key) {
  const bundle = loaded.get(key);
  const held = SPECS[key]?.bundle.full;
  if (!bundle || !held) return Promise.resolve(false);
  let promise = fullLoads.get(key);
  if (!promise) {
    promise = (async () => {
      const own = await bundle;
      const site = new URL('./', import.meta.url);
      const [module, exports] = await Promise.all([
        WebAssembly.compileStreaming(fetch(new URL(held.wasm, site).href)),
        import(new URL(held.glue, site).href),
      ]);
      await exports.default({ module_or_path: module });
      // The bundle on screen (and whenever it is again) reads with these exports.
      own.exports = exports;
      return true;
    })();
    promise.catch(() => fullLoads.delete(key));
    fullLoads.set(key, promise);
  }
  return promise.catch(() => false);
}

/** Makes a loaded bundle the one on screen (null: none yet); what waited for it runs. */
export function activate(bundle) {
  active = bundle;
  if (!bundle) return;
  familyLanded();
  for (const [key, f] of waiting.splice(0)) f(key === bundle.key ? bundle.exports : null);
}

// Drawings of a result shown before its family's bundle landed (one computed when
// the site was built): [family, f], run when that family's bundle lands.
const waiting = [];

/**
 * Runs `f(exports)` with the bundle on screen: at once when it has landed,
 * else when the bundle of the family on screen lands; `f(null)` when another
 * family's lands first or opens meanwhile (what waited is no longer on screen).
 */
export function whenCore(f) {
  if (active) {
    f(active.exports);
    return;
  }
  const key = pendingFamily;
  if (key) waiting.push([key, f]);
}

let pendingFamily = null;

/** The family whose bundle is awaited (its early page is on screen). */
export function awaitFamily(key) {
  pendingFamily = key;
  for (let k = waiting.length - 1; k >= 0; k--) if (waiting[k][0] !== key) waiting.splice(k, 1)[0][1](null);
}

// The drawing bundle (cargo feature `draw`): the charts, heat maps and game graphs
// every family's page draws, the LaTeX tables and QR codes. One for all families,
// so a family's bundle holds its solvers only and a link's first result waits for
// that alone; fetched when a result first has something to draw, once the
// family's bundle has arrived (the two would share a slow line, and its compile
// the phone's cores with the first solve), and kept by the browser for every
// other family.
let familyLanded;
const afterFamily = new Promise((ok) => { familyLanded = ok; });
let drawingLoad = null;
let drawingExports = null;
const drawingWaiting = [];
let drawingTries = 0;

/** The drawing bundle's exports (drawHeatmap, drawBars, latexTable, qrSvg, …), or null before it has landed. */
export function drawing() {
  return drawingExports;
}

/** Starts the drawing bundle's download and compile (once), after the family's own bundle; resolves to its exports. */
export function loadDrawing() {
  if (!drawingLoad) {
    drawingLoad = (async () => {
      // After the family's own bundle, never beside it.
      await afterFamily;
      // A try after a failed one imports the glue afresh (a failed import stays failed).
      const again = drawingTries++ ? `&try=${drawingTries}` : '';
      const url = (what) => new URL(DRAWING[what] + (what === 'glue' ? again : ''), new URL('./', import.meta.url)).href;
      const [module, exports] = await Promise.all([WebAssembly.compileStreaming(fetch(url('wasm'))), import(url('glue'))]);
      await exports.default({ module_or_path: module });
      drawingExports = exports;
      for (const f of drawingWaiting.splice(0)) f(exports);
      return exports;
    })();
    // A failed download is tried again while figures wait for it: 2, 4, 8… s
    // later (at most 30 s apart), and at once when the network comes back.
    drawingLoad.catch(() => {
      drawingLoad = null;
      if (!drawingWaiting.length) return;
      const retry = () => { clearTimeout(timer); removeEventListener('online', retry); if (!drawingExports) loadDrawing().catch(() => {}); };
      const timer = setTimeout(retry, Math.min(30, 2 ** drawingTries) * 1000);
      addEventListener('online', retry);
    });
  }
  return drawingLoad;
}

/**
 * Asks for the drawing bundle a second after the family's own has landed, when
 * the page is idle (what a result with no figure may still need: the printed
 * handout's QR code).
 */
export async function loadDrawingSoon() {
  await afterFamily;
  await new Promise((ok) => setTimeout(ok, 1000));
  const go = () => loadDrawing().catch(() => {});
  if (window.requestIdleCallback) requestIdleCallback(go, { timeout: 2000 });
  else go();
}

/**
 * Runs `f(exports)` with the drawing bundle: at once when it has landed, else
 * when it lands (asked now, unless `load` is false: then when something else asks).
 */
export function whenDrawing(f, { load = true } = {}) {
  if (drawingExports) {
    f(drawingExports);
    return;
  }
  drawingWaiting.push(f);
  if (load) loadDrawing().catch(() => {});
}
