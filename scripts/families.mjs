// Writes what the page needs before any wasm arrives, asked of the families'
// own bundles (the core stays the one place that decides): `<out>/families.js`
// with every family's spec (labels, kinds, ranges, defaults), the fields of each
// value of its first choice key (a mode's form), and the files of its bundle; and
// `<out>/precache.json`, the service worker's list of the site's files; and
// `<out>/boot.js`, the page's first script.
//   node scripts/families.mjs <out-dir> <family>…
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sharesQuickBundle } from './quick-bundles.mjs';
import { TYPED } from '../www/worker.js';

/** The packed arrays' kinds: the worker's own list, which its `unpack` reads. */
const PACKED = new Set(Object.keys(TYPED));
/** Packed arrays past this many bytes are left out of a built answer (drawn from the live one). */
const LATER_BYTES = 16_384;

const [out, ...bundles] = process.argv.slice(2);
const www = join(out, '..');
// The drawing bundle (cargo feature `draw`) is no family: every family's page draws with it.
const DRAWING_KEY = 'draw';
const keys = bundles.filter((key) => key !== DRAWING_KEY);
const families = [];
for (const key of keys) {
  const dir = join(out, key);
  const glue = await import(pathToFileURL(join(dir, 'ludolab.js')).href);
  glue.initSync({ module: readFileSync(join(dir, 'ludolab_bg.wasm')) });
  // A family's bundle describes that family alone; make test's shared quick bundle
  // (scripts/build-wasm.sh, LUDOLAB_WASM_QUICK) describes every family it holds.
  const described = glue.families();
  const spec = described.find((f) => f.key === key);
  if (!spec || (described.length !== 1 && !sharesQuickBundle(key))) {
    throw new Error(`the ${key} bundle describes ${described.map((f) => f.key).join(', ')}`);
  }
  // A mode's form: the fields and options the core gives a link that names only that mode.
  const first = spec.fields.find((f) => f.kind === 'choice');
  const forms = {};
  for (const value of first?.values ?? []) {
    const info = glue.parseLink(`game=${key}&v=1&${first.key}=${encodeURIComponent(value)}`);
    if (info.errors.length) continue; // a value that needs other keys: the default form stands in
    forms[value] = { fields: info.fields, options: info.options };
    // Snakes and Ladders draws its board in the form: a preset's board comes along.
    if (key === 'snakes') forms[value].board = glue.snakesBoard(info.query);
  }
  const base = glue.parseLink(spec.default_link);
  families.push({
    ...spec,
    choices: base.choices,
    form_key: first?.key ?? null,
    forms,
    default_form: { fields: base.fields, options: base.options, ...(key === 'snakes' ? { board: glue.snakesBoard(base.query) } : {}) },
    // Versioned by their content: a host may keep them for a year (see scripts/serve.mjs).
    // (`full`: the family's full bundle, where its own holds code back, which the
    // worker fetches for a link that needs it: Cargo.toml, `package.metadata.ludolab.later`.)
    bundle: {
      glue: versioned(`pkg/${key}/ludolab.js`), wasm: versioned(`pkg/${key}/ludolab_bg.wasm`),
      ...(existsSync(join(out, `${key}-full`)) ? { full: { glue: versioned(`pkg/${key}-full/ludolab.js`), wasm: versioned(`pkg/${key}-full/ludolab_bg.wasm`) } } : {}),
    },
    // The view and the modules it imports, for the page's preload hints.
    modules: closure(`views/${key}.js`),
    // The default link's answer, computed now by this bundle (see `built` below).
    first: built(key, glue, spec.default_link),
  });
}

/**
 * The default link's answer computed at build time by the family's own bundle,
 * as the worker gives it (`pkg/<key>/first.json`): the page shows it, marked as
 * such, while the bundle downloads, and the live answer replaces it (a browser
 * test checks that the two read the same). The core's reading of the link comes
 * along in both languages, since the page needs it before the core lands. Bytes
 * (packed arrays) as `{"$bytes": base64}`. Returns its versioned URL and size.
 */
function built(key, glue, link) {
  const info = { en: glue.parseLink(link), fr: glue.parseLink(`${link}&lang=fr`) };
  const result = glue.solve(info.en.query, () => {});
  const text = JSON.stringify({ link: info.en.query, info, result }, (_, value) => {
    if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') };
    // A large packed array (Snakes' P, E and A, Dice Battle's EG: 80 kB each,
    // 4/5 of their files) feeds only a figure, which the core draws once it has
    // landed, by when the live answer is close: its size stands in for it.
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const keys = Object.keys(value);
      const bytes = value[keys[0]];
      if (keys.length === 1 && PACKED.has(keys[0]) && bytes instanceof Uint8Array && bytes.length > LATER_BYTES) return { $later: bytes.length };
    }
    return value;
  });
  const path = `pkg/${key}/first.json`;
  writeFileSync(join(www, path), text);
  return { url: versioned(path), bytes: text.length };
}

/** `path` (relative to www/) with `?v=` and the first hex digits of its SHA-256. */
function versioned(path) {
  const hash = createHash('sha256').update(readFileSync(join(www, path))).digest('hex');
  return `${path}?v=${hash.slice(0, 12)}`;
}

/** A module (relative to www/) and every module it imports statically, but the bundles. */
function closure(start) {
  const seen = new Set();
  const visit = (path) => {
    if (seen.has(path) || path.startsWith('pkg/')) return;
    seen.add(path);
    const text = readFileSync(join(www, path), 'utf8');
    for (const [, spec] of text.matchAll(/^import[^'"]*from\s+'(\.[^']+)'/gm)) {
      visit(relative(www, join(www, dirname(path), spec)).split('\\').join('/'));
    }
  };
  visit(start);
  return [...seen];
}
// Old links of renamed or split families, as the core reads them: `[old game, old kind or '*', new game]`.
const renamed = (await import(pathToFileURL(join(out, keys[0], 'ludolab.js')).href)).renamedLinks();
// The drawing bundle's files, versioned as a family's are.
const drawing = { glue: versioned(`pkg/${DRAWING_KEY}/ludolab.js`), wasm: versioned(`pkg/${DRAWING_KEY}/ludolab_bg.wasm`) };
writeFileSync(join(out, 'families.js'),
  '// Generated by scripts/families.mjs from the families\' bundles: do not edit.\n' +
  `export const FAMILIES = ${JSON.stringify(families)};\n` +
  `export const RENAMED = ${JSON.stringify(renamed)};\n` +
  `export const DRAWING = ${JSON.stringify(drawing)};\n`);
console.log(`[build-wasm] ${out}/families.js: ${families.length} families`);

// The page's first script (`pkg/boot.js`, which scripts/dist.mjs writes into
// index.html itself, so that it runs as the page is parsed with no request of its
// own): for the link's family it fetches the default link's built answer, and just
// after the first paint starts the bundle's download and compile and the solver
// worker, which solves the link at once if that is quick (the
// page takes that answer when it asks the same), and hints the modules the page
// will import (the glue, the view and what it imports, the French strings for a
// French link). A classic script (no import.meta): URLs are the page's own.
// A link is the default one when its keys but `lang` are the default link's, in any
// order; a built answer past FIRST_BEFORE_WASM bytes is fetched before the bundle
// (on a slow line the two would share it and the first result would wait for both).
const FIRST_BEFORE_WASM = 20_000;
const needs = Object.fromEntries(families.map((f) => [f.key, {
  wasm: f.bundle.wasm, glue: f.bundle.glue, full: f.bundle.full ?? null, modules: f.modules, link: f.default_link,
  first: f.first.url, firstBeforeWasm: f.first.bytes > FIRST_BEFORE_WASM,
}]));
writeFileSync(join(out, 'boot.js'), `// Generated by scripts/families.mjs: do not edit.
(() => {
const NEEDS = ${JSON.stringify(needs)};
const RENAMED = ${JSON.stringify(renamed)};
const params = new URLSearchParams(location.hash.slice(1));
const game = params.get('game');
const renamed = RENAMED.find(([old, kind]) => old === game && (kind === '*' || kind === params.get('kind')));
const key = renamed?.[2] ?? game ?? ${JSON.stringify(families[0].key)};
const need = NEEDS[key];
const url = (href) => new URL(href, document.baseURI).href;
const hint = (href) => {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = url(href);
  document.head.append(link);
};
const sorted = (query) => [...new URLSearchParams(query)].filter(([k]) => k !== 'lang').map(String).sort().join('&');
if (need) {
  for (const module of [need.glue, ...need.modules]) hint(module);
  // The default link's answer computed when the site was built (link.js shows it
  // until the live one comes): at once, since the first result waits for it.
  const first = !location.hash.slice(1) || sorted(location.hash.slice(1)) === sorted(need.link)
    ? fetch(url(need.first)).then((response) => (response.ok ? response.text() : null)).catch(() => null)
    : null;
  const boot = { key, glue: url(need.glue), inbox: [], failed: false, started: false, first };
  // Idempotent: run 0.1 s after the first paint, or at once by whichever page
  // module needs the bundle first (core.js, solver-client.js).
  boot.start = () => {
    if (boot.started) return;
    boot.started = true;
    try {
      // A big built answer comes first: on a slow line the two would share it.
      const wasm = first && need.firstBeforeWasm ? first.then(() => fetch(url(need.wasm))) : fetch(url(need.wasm));
      boot.module = WebAssembly.compileStreaming(wasm);
      boot.module.catch(() => {});
      const worker = new Worker(url('worker.js'), { type: 'module' });
      boot.worker = worker;
      worker.onmessage = (event) => boot.inbox.push(event.data);
      worker.onerror = (event) => { event.preventDefault(); boot.failed = true; };
      worker.postMessage({ type: 'glue', glue: boot.glue });
      const full = need.full && { glue: url(need.full.glue), wasm: url(need.full.wasm) };
      boot.module.then((compiled) => worker.postMessage({ type: 'init', module: compiled, glue: boot.glue, full }), () => {});
      worker.postMessage({ type: 'early', id: 0, query: location.hash.slice(1) || ${JSON.stringify(families[0].default_link)} });
    } catch {
      // No streaming compile or module workers here: the page loads the bundle itself.
      Object.assign(boot, { failed: true, taken: true, compileTaken: true });
    }
  };
  window.__ludolabBoot = boot;
  // 0.1 s after the first paint (the page's text, from the HTML and its inline
  // style): the page is read as soon as it can be, and Lighthouse's model of the
  // largest paint does not wait for the bundle (started in the painting frame,
  // it counted: 2.8 s against 1.7 s for the impartial default). On this thread,
  // where a download is asked at high priority (a worker's own script waits
  // behind the page's modules on a slow line: the bundle then started 0.9 s
  // later). A hidden tab, which paints nothing, starts at once.
  if (document.visibilityState === 'visible' && window.requestAnimationFrame) requestAnimationFrame(() => setTimeout(boot.start, 100));
  else boot.start();
}
const lang = params.get('lang') ?? ((navigator.languages?.[0] ?? navigator.language ?? '').toLowerCase().startsWith('fr') ? 'fr' : 'en');
if (lang === 'fr') hint('fr.js');
})();
`);

// Every file of the site (each family's bundle and view included), so that a new
// view needs no edit of sw.js.
const skip = /^bench\.|^sw\.js$|^preview\.png$|^first\.json$|\.d\.ts$|package\.json$|\.gitignore$|precache\.json$|\.(br|gz)$/;
const files = ['./'];
(function walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (!skip.test(name)) files.push(relative(www, path).split('\\').join('/'));
  }
})(www);
// The bundles as the page asks for them (versioned: the HTTP cache already holds the
// link's own, so the service worker does not download it again).
const served = [...families.flatMap((f) => [f.bundle, f.bundle.full ?? {}]), drawing];
const asked = new Map(served.flatMap((b) => [b.glue, b.wasm].filter(Boolean).map((url) => [url.split('?')[0], url])));
writeFileSync(join(out, 'precache.json'), JSON.stringify(files.sort().map((f) => asked.get(f) ?? f), null, 0));
console.log(`[build-wasm] ${out}/precache.json: ${files.length} files`);
