// Writes the deployable site: www/ (with the built bundles in www/pkg/) copied to
// dist/, and beside every text or wasm file its brotli (`.br`, quality 11) and
// gzip (`.gz`, level 9) forms, which a static host (or scripts/serve.mjs) sends
// to browsers that accept them. Bundles are versioned by content (`?v=` in
// pkg/families.js), the rest is revalidated: see ARCHITECTURE.md, "Loading".
//   node scripts/dist.mjs [www] [dist]
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const [from = 'www', to = 'dist'] = process.argv.slice(2);
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.svg']);

rmSync(to, { recursive: true, force: true });
cpSync(from, to, { recursive: true, filter: (path) => !/\.(br|gz)$/.test(path) });

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
    const brotli = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: extname(name) === '.wasm' ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
      },
    });
    writeFileSync(`${path}.br`, brotli);
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    raw += body.length;
    br += brotli.length;
    files += 1;
  }
})(to);
console.log(`[dist] ${to}/: ${files} files compressed, ${raw} bytes, ${br} with brotli`);
