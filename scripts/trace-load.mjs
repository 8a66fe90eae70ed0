// Where a link's first seconds go on the emulated phone (slow 4G, CPU 4×, cold
// cache; the figures of `make lighthouse`): each request's start and end, and
// the page's states, in ms from navigation.
//   node scripts/trace-load.mjs [dist] '#game=…' [plain]
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SITE = process.argv[2] ?? join(ROOT, 'dist');
const LINK = process.argv[3] ?? '#game=snakes&v=1&squares=100&width=10&ladder=4%3A14%2C9%3A31%2C21%3A42%2C28%3A84&snake=16%3A6%2C47%3A26%2C49%3A11%2C62%3A19';
const plain = process.argv[4] === 'plain';
const server = await serve(SITE, 0, '/', { plain });
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] });
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'en-GB' });
await context.addInitScript(() => {
  window.__states = [];
  const note = () => window.__states.push([Math.round(performance.now()), document.body?.dataset.state ?? '', document.body?.dataset.firstResult ?? '']);
  new MutationObserver(note).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-state', 'data-first-result'] });
});
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Network.enable');
await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 });
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
const started = Date.now();
await page.goto(base + LINK, { waitUntil: 'commit' });
await page.waitForFunction(() => ['done', 'error', 'idle'].includes(document.body.dataset.state), null, { timeout: 120_000 });
console.log(`settled after ${Date.now() - started} ms (from the request)`);
await page.waitForFunction(() => !document.body.dataset.drawing, null, { timeout: 60_000 }).catch(() => {});
console.log(`drawn after ${Date.now() - started} ms`);
const seen = await page.evaluate(() => ({
  resources: performance.getEntriesByType('resource').map((r) => [r.name.replace(location.origin, ''), Math.round(r.startTime), Math.round(r.responseEnd), r.encodedBodySize]),
  states: window.__states,
  paint: performance.getEntriesByType('paint').map((p) => [p.name, Math.round(p.startTime)]),
}));
for (const [name, start, end, bytes] of seen.resources) console.log(`${String(start).padStart(6)} → ${String(end).padStart(6)}  ${String(bytes).padStart(7)} B  ${name.slice(0, 70)}`);
for (const p of seen.paint) console.log(`${String(p[1]).padStart(6)}  ${p[0]}`);
let last = '';
for (const [at, state, first] of seen.states) {
  const s = `${state} ${first}`;
  if (s !== last) console.log(`${String(at).padStart(6)}  state ${state}${first ? ` (first result: ${first})` : ''}`);
  last = s;
}
await browser.close();
await new Promise((ok) => server.close(ok));
