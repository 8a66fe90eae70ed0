// `make lighthouse`: the site as a phone on slow 4G meets it. Serves dist/
// compressed, then for the default link of every family and two heavy links:
// 1. Lighthouse's mobile profile (simulated slow 4G: 150 ms round trip,
//    1.6 Mbit/s down, 750 kbit/s up; CPU slowed 4×; cold cache): performance,
//    accessibility, largest paint, layout shift, blocking time, bytes;
// 2. the first result on an emulated phone: Chromium's own network and CPU
//    emulation (the same figures, cache disabled), from navigation until the
//    page shows a result (`body[data-first-result]`: the live one, or for a
//    default link the one computed when the site was built), and until the live
//    one (`body[data-state="done"]`), in milliseconds.
// On two hosts (LIGHTHOUSE_HOSTS=compressed,plain by default): `compressed`, as
// `make serve` serves (brotli made at build time), and `plain`, as a plain
// static host such as GitHub Pages serves (gzip made on the fly, HTTP/1.1).
// Prints a table, writes target/lighthouse.json and the table into
// BENCHMARKS.md between its lighthouse markers. Not part of make test (timings).
//   node scripts/lighthouse.mjs [dist] [runs, default 3: the median is kept]
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SITE = process.argv[2] ?? join(ROOT, 'dist');
// Three runs by default, the median kept: one run's largest paint can be an outlier (2.9 s for 1.2 s).
const RUNS = Number(process.argv[3] ?? 3);
const CHROME = process.env.CHROMIUM ?? '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

const { FAMILIES } = await import(join(SITE, 'pkg/families.js'));
const ALL_LINKS = [
  ...FAMILIES.map((f) => [`${f.key} default`, `#${f.default_link}`]),
  ['snakes custom 10×10, 8 jumps', '#game=snakes&v=1&squares=100&width=10&ladder=4%3A14%2C9%3A31%2C21%3A42%2C28%3A84&snake=16%3A6%2C47%3A26%2C49%3A11%2C62%3A19'],
  ['octal table, 3-digit codes', '#game=impartial&v=1&mode=table&digits=3'],
  ['misère quotient, Kayles to 24', '#game=impartial&v=1&mode=quotient&code=0.77&heap_limit=24'],
  ['dice edited, D = 6, N = 50', '#game=dice&v=1&mode=sequential&dice=6&target=50'],
];
// LIGHTHOUSE_ONLY=arena measures the links whose name holds it (the table is then not rewritten).
const ONLY = process.env.LIGHTHOUSE_ONLY;
const LINKS = ONLY ? ALL_LINKS.filter(([name]) => name.includes(ONLY)) : ALL_LINKS;

const HOSTS = (process.env.LIGHTHOUSE_HOSTS ?? 'compressed,plain').split(',');

/** The largest paint's element and phases (load delay, render delay…) from Lighthouse's audit. */
function largestPaint(audit) {
  const tables = audit?.details?.type === 'list' ? audit.details.items : [audit?.details];
  const node = tables?.[0]?.items?.[0]?.node;
  const phases = (tables?.[1]?.items ?? []).map((p) => `${p.phase} ${Math.round(p.timing)}`).join(', ');
  // No node: the element was gone by the audit's end (the introduction, replaced by the result).
  const name = node ? node.selector ?? node.nodeLabel ?? '?' : 'an element since removed';
  return node || phases ? `${name}${phases ? ` (${phases} ms)` : ''}` : null;
}

/** Lighthouse's mobile defaults (simulated throttling), performance and accessibility. */
async function audit(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
  try {
    const { lhr } = await lighthouse(url, {
      port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'],
    });
    const a = lhr.audits;
    return {
      performance: lhr.categories.performance.score,
      accessibility: lhr.categories.accessibility.score,
      lcp_ms: a['largest-contentful-paint'].numericValue,
      fcp_ms: a['first-contentful-paint'].numericValue,
      cls: a['cumulative-layout-shift'].numericValue,
      tbt_ms: a['total-blocking-time'].numericValue,
      bytes: a['total-byte-weight'].numericValue,
      // What moved, for whoever has to fix a layout shift.
      shifted: (a['layout-shifts']?.details?.items ?? []).slice(0, 3)
        .map((item) => `${item.node?.selector ?? '?'} ${item.score?.toFixed?.(3) ?? ''}`),
      // Which element was the largest paint and where its time went, for a run that is slow.
      lcp_element: largestPaint(a['largest-contentful-paint-element']),
    };
  } finally {
    await chrome.kill();
  }
}

/** Milliseconds from navigation to the first result on an emulated phone (cold cache). */
async function firstResult(browser, url, shotsOf = null) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'en-GB' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 150, downloadThroughput: (1.6e6 / 8), uploadThroughput: (750e3 / 8),
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  // What the phone shows while it loads, at 0.5, 1 and 2 s (target/lighthouse/).
  const shots = shotsOf ? [500, 1000, 2000].map((at) => new Promise((ok) => setTimeout(() => {
    page.screenshot({ path: join(ROOT, `target/lighthouse/${shotsOf}-${at}ms.png`) }).then(ok, ok);
  }, Math.max(0, at - (Date.now() - started))))) : [];
  // (A build from before the built answers marks no first result: its first is its live one.)
  await page.waitForFunction(() => document.body.dataset.firstResult || ['done', 'error', 'idle'].includes(document.body.dataset.state), null, { timeout: 120_000 });
  const ms = Date.now() - started;
  await page.waitForFunction(() => ['done', 'error', 'idle'].includes(document.body.dataset.state), null, { timeout: 120_000 });
  const live = Date.now() - started;
  const kind = await page.evaluate(() => document.body.dataset.firstResult ?? null);
  await Promise.all(shots);
  const state = await page.evaluate(() => document.body.dataset.state);
  await context.close();
  return { ms, live, kind, state };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const rows = [];
mkdirSync(join(ROOT, 'target/lighthouse'), { recursive: true });
const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS.filter((f) => !f.startsWith('--headless')) });
for (const host of HOSTS) {
  const server = await serve(SITE, 0, '/', { plain: host === 'plain' });
  const base = `http://127.0.0.1:${server.address().port}/`;
  for (const [name, link] of LINKS) {
    const audits = [];
    const results = [];
    for (let k = 0; k < RUNS; k++) {
      audits.push(await audit(base + link));
      results.push(await firstResult(browser, base + link, k === 0 ? `${host}-${name.replace(/[^a-z0-9]+/gi, '-')}` : null));
    }
    const pick = (key) => median(audits.map((x) => x[key]));
    const row = {
      host, name, link,
      performance: pick('performance'), accessibility: pick('accessibility'),
      lcp_ms: pick('lcp_ms'), fcp_ms: pick('fcp_ms'), cls: pick('cls'), tbt_ms: pick('tbt_ms'), bytes: pick('bytes'),
      first_result_ms: median(results.map((r) => r.ms)), live_result_ms: median(results.map((r) => r.live)),
      built: results.some((r) => r.kind === 'built'),
      state: [...new Set(results.map((r) => r.state))].join(','),
      shifted: audits.map((x) => x.shifted),
      lcp_elements: audits.map((x) => `${(x.lcp_ms / 1000).toFixed(1)} s ${x.lcp_element ?? '?'}`),
    };
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  await new Promise((ok) => server.close(ok));
}
await browser.close();

const table = [
  '| host | link | performance | accessibility | first paint | largest paint | layout shift | blocking time | bytes | first result (emulated phone) | live result |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.host} | ${r.name} | ${r.performance.toFixed(2)} | ${r.accessibility.toFixed(2)} | ${(r.fcp_ms / 1000).toFixed(1)} s | ` +
    `${(r.lcp_ms / 1000).toFixed(1)} s | ${r.cls.toFixed(3)} | ${Math.round(r.tbt_ms)} ms | ${Math.round(r.bytes / 1000)} kB | ` +
    `${(r.first_result_ms / 1000).toFixed(1)} s${r.built ? ' (built)' : ''} | ` +
    `${(r.live_result_ms / 1000).toFixed(1)} s${r.state === 'done' ? '' : ` (${r.state})`} |`),
].join('\n');
console.log(`\n${table}`);
mkdirSync(join(ROOT, 'target'), { recursive: true });
writeFileSync(join(ROOT, 'target/lighthouse.json'), JSON.stringify(rows, null, 2));
if (SITE === join(ROOT, 'dist') && !ONLY) {
  const path = join(ROOT, 'BENCHMARKS.md');
  const text = readFileSync(path, 'utf8');
  const marked = /<!-- lighthouse:start -->[\s\S]*<!-- lighthouse:end -->/;
  if (marked.test(text)) {
    writeFileSync(path, text.replace(marked, `<!-- lighthouse:start -->\n${table}\n<!-- lighthouse:end -->`));
    console.log('BENCHMARKS.md: the table is updated.');
  }
}
