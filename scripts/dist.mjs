// Writes the deployable site: www/ (with the built bundles in www/pkg/) copied to
// dist/, and beside every text or wasm file its brotli (`.br`, quality 11) and
// gzip (`.gz`, level 9) forms, which a static host (or scripts/serve.mjs) sends
// to browsers that accept them. Bundles are versioned by content (`?v=` in
// pkg/families.js), the rest is revalidated: see ARCHITECTURE.md, "Loading".
//   node scripts/dist.mjs [www] [dist]
// LUDOLAB_WASM_QUICK=1 (make test's dist-test): the quick bundles (the families not
// named in LUDOLAB_WASM_FULL, built for the browser tests only) are compressed at
// brotli quality 5 and gzip level 6, in a fraction of the time (BENCHMARKS.md,
// "make test"); the pages, the scripts and the full bundles as `make dist` compresses them.
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { createHash } from 'node:crypto';
import { sharesQuickBundle } from './quick-bundles.mjs';

const [from = 'www', to = 'dist'] = process.argv.slice(2);
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.svg']);

rmSync(to, { recursive: true, force: true });
cpSync(from, to, { recursive: true, filter: (path) => !/\.(br|gz)$/.test(path) });

// Every script minified, one file for one file (the page stays plain modules, no
// bundle): without the comments and long local names, what a link downloads
// before its first result is a third smaller (Snakes: 66 → 43 kB with brotli;
// BENCHMARKS.md, "Loading on a phone"). Names other files import, properties and
// the bench page's are kept; LUDOLAB_MINIFY=0 copies the sources as they are.
if (process.env.LUDOLAB_MINIFY !== '0') await minifyScripts(to);

/** Each `.js` and `.mjs` under `dir` rewritten by terser (ES modules but the two classic scripts). */
async function minifyScripts(dir) {
  const { minify } = await import('terser');
  // Not modules: the service worker, and the boot script written into the page.
  const classic = new Set(['sw.js', 'boot.js']);
  const scripts = [];
  (function walk(d) {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.m?js$/.test(name)) scripts.push(path);
    }
  })(dir);
  for (const path of scripts) {
    const module = !classic.has(path.split(/[\\/]/).at(-1));
    const source = readFileSync(path, 'utf8');
    const out = await minify(source, { module, ecma: 2022, compress: { passes: 2 }, mangle: true, format: { comments: false } });
    if (!out.code) throw new Error(`terser returned nothing for ${path}`);
    writeFileSync(path, out.code);
  }
}

// The menu of families, written into the page from the registry's list (the
// core's pkg/families.js), so that the header is drawn at once with no list
// kept by hand; the page rewrites it in the reader's language.
const { FAMILIES } = await import(pathToFileURL(resolve(to, 'pkg/families.js')).href);
const page = join(to, 'index.html');
const menu = FAMILIES.map((f) => `        <li><a href="./#game=${f.key}&amp;v=1" data-game="${f.key}">${f.title.en}</a></li>`).join('\n');
const html = readFileSync(page, 'utf8');
const filled = html.replace(/(<ul id="families" class="families">)[\s\S]*?(<\/ul>)/, `$1\n${menu}\n      $2`);
if (filled === html && !html.includes(menu)) throw new Error('index.html has no <ul id="families" class="families"> to fill');
// The page's first script (pkg/boot.js: the link's bundle, its worker, the hints)
// and its style sheet written into the page itself, so that they apply as the page
// is parsed instead of a round trip later; the page's policy allows them by hash.
const boot = readFileSync(join(to, 'pkg/boot.js'), 'utf8');
if (boot.includes('</')) throw new Error('pkg/boot.js cannot be written inside a <script> element');
const tag = '<script async src="pkg/boot.js"></script>';
if (!filled.includes(tag)) throw new Error(`index.html has no ${tag} to fill`);
const digest = createHash('sha256').update(boot).digest('base64');
// The style sheet too: the page paints when its HTML has come, not a round trip
// later behind the scripts' requests (a phone on a slow line: about 0.4 s).
const style = readFileSync(join(to, 'style.css'), 'utf8');
if (style.includes('</')) throw new Error('style.css cannot be written inside a <style> element');
const sheet = '<link rel="stylesheet" href="style.css">';
if (!filled.includes(sheet)) throw new Error(`index.html has no ${sheet} to fill`);
const styleDigest = createHash('sha256').update(style).digest('base64');
const inlined = filled.replace(tag, () => `<script>${boot}</script>`)
  .replace(sheet, () => `<style>${style}</style>`)
  .replace("script-src 'self'", () => `script-src 'self' 'sha256-${digest}'`)
  .replace("style-src 'self'", () => `style-src 'self' 'sha256-${styleDigest}'`);
writeFileSync(page, inlined);

const quick = (path) => extname(path) === '.wasm' && sharesQuickBundle(path.split(/[\\/]/).at(-2));

const compressed = new Map(); // content → its two compressed forms
let raw = 0;
let br = 0;
let files = 0;
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      walk(path);
      continue;
    }
    if (!COMPRESSIBLE.has(extname(name))) continue;
    const body = readFileSync(path);
    // Copies (make test's shared quick bundle, in each family's directory) compressed once.
    const key = `${quick(path)} ${createHash('sha256').update(body).digest('hex')}`;
    let packed = compressed.get(key);
    if (!packed) {
      packed = {
        brotli: brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: quick(path) ? 5 : 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            [constants.BROTLI_PARAM_MODE]: extname(name) === '.wasm' ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
          },
        }),
        gzip: gzipSync(body, { level: quick(path) ? 6 : 9 }),
      };
      compressed.set(key, packed);
    }
    const brotli = packed.brotli;
    writeFileSync(`${path}.br`, brotli);
    writeFileSync(`${path}.gz`, packed.gzip);
    raw += body.length;
    br += brotli.length;
    files += 1;
  }
})(to);
console.log(`[dist] ${to}/: ${files} files compressed, ${raw} bytes, ${br} with brotli`);
