// A static file server for www/ (no dependencies): `node scripts/serve.mjs [port] [root] [prefix]`.
// Used by `make serve` and started by the browser tests and the benchmark.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/**
 * Starts serving `root` on 127.0.0.1:`port` (0: any free port) under the URL path
 * `prefix` (e.g. '/tools/ludolab/', as a static host might); resolves to the server.
 */
export function serve(root, port = 0, prefix = '/') {
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    try {
      let path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (!path.startsWith(prefix)) throw new Error('outside the prefix');
      path = `/${path.slice(prefix.length)}`;
      if (path.endsWith('/')) path += 'index.html';
      const file = normalize(join(base, path));
      if (!file.startsWith(base)) throw new Error('outside the root');
      if (!(await stat(file)).isFile()) throw new Error('not a file');
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
      res.end(await readFile(file));
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found\n');
    }
  });
  return new Promise((ok) => server.listen(port, '127.0.0.1', () => ok(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2] ?? 8000);
  const root = process.argv[3] ?? fileURLToPath(new URL('../www', import.meta.url));
  const prefix = process.argv[4] ?? '/';
  const server = await serve(root, port, prefix);
  console.log(`Ludolab is served at http://127.0.0.1:${server.address().port}${prefix} (Ctrl+C to stop)`);
}
