// A static file server (no dependencies) that serves a site as a static host
// does: `node scripts/serve.mjs [port] [root] [prefix]`.
// - Compressed: a precompressed `file.br` or `file.gz` beside the file (what
//   `make dist` writes) when the browser accepts it, else text and wasm gzipped
//   on the fly (kept in memory), with `Content-Encoding` and `Vary`.
// - Cached as the build intends: a URL with `?v=` (a bundle versioned by its
//   content) for a year, immutable; anything else revalidated (`no-cache` + ETag).
// Used by `make serve` (on dist/), the browser tests, the benchmark and Lighthouse.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, constants } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
/** What is worth compressing (PNG already is). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.svg']);

async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The encodings a request accepts, by name (q=0 refused). */
function accepted(req) {
  const names = new Set();
  for (const part of String(req.headers['accept-encoding'] ?? '').split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) names.add(name.trim().toLowerCase());
  }
  return names;
}

/**
 * Starts serving `root` on 127.0.0.1:`port` (0: any free port) under the URL path
 * `prefix` (e.g. '/tools/ludolab/', as a static host might); resolves to the server.
 * `plain`: as a plain static host (GitHub Pages) serves, gzip made on the fly and
 * the precompressed files ignored.
 * `server.sent` counts the bytes sent per path (for the byte tests).
 */
export function serve(root, port = 0, prefix = '/', { plain = false } = {}) {
  const base = resolve(root);
  const gzipped = new Map(); // file → {mtime, body}: compressed on the fly once
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://x');
      let path = decodeURIComponent(url.pathname);
      if (!path.startsWith(prefix)) throw new Error('outside the prefix');
      path = `/${path.slice(prefix.length)}`;
      if (path.endsWith('/')) path += 'index.html';
      const file = normalize(join(base, path));
      if (!file.startsWith(base)) throw new Error('outside the root');
      const info = await stat(file);
      if (!info.isFile()) throw new Error('not a file');
      const ext = extname(file);
      const headers = {
        'Content-Type': TYPES[ext] ?? 'application/octet-stream',
        'Cache-Control': url.searchParams.has('v') ? 'public, max-age=31536000, immutable' : 'no-cache',
        ETag: `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`,
        'X-Content-Type-Options': 'nosniff',
      };
      if (req.headers['if-none-match'] === headers.ETag) {
        res.writeHead(304, headers);
        res.end();
        return;
      }
      let body;
      if (COMPRESSIBLE.has(ext)) {
        headers.Vary = 'Accept-Encoding';
        const accepts = accepted(req);
        if (!plain && accepts.has('br') && (await isFile(`${file}.br`))) {
          headers['Content-Encoding'] = 'br';
          body = await readFile(`${file}.br`);
        } else if (!plain && accepts.has('gzip') && (await isFile(`${file}.gz`))) {
          headers['Content-Encoding'] = 'gzip';
          body = await readFile(`${file}.gz`);
        } else if (accepts.has('gzip')) {
          let cached = gzipped.get(file);
          if (!cached || cached.mtime !== info.mtimeMs) {
            cached = { mtime: info.mtimeMs, body: gzipSync(await readFile(file), { level: constants.Z_BEST_SPEED + 5 }) };
            gzipped.set(file, cached);
          }
          headers['Content-Encoding'] = 'gzip';
          body = cached.body;
        }
      }
      body ??= await readFile(file);
      server.sent.set(path, (server.sent.get(path) ?? 0) + body.length);
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found\n');
    }
  });
  server.sent = new Map();
  return new Promise((ok) => server.listen(port, '127.0.0.1', () => ok(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2] ?? 8000);
  const root = process.argv[3] ?? fileURLToPath(new URL('../www', import.meta.url));
  const prefix = process.argv[4] ?? '/';
  const server = await serve(root, port, prefix);
  console.log(`Ludolab is served at http://127.0.0.1:${server.address().port}${prefix} from ${root}, compressed (Ctrl+C to stop)`);
}
