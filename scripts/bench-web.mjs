// Runs the in-browser benchmark headless and writes target/bench.json: solver
// medians in the worker (www/bench.html) and, for the `audet` link, the time from
// navigation to both heat maps drawn (median of several cold page loads).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { start, newPage, settled, WWW, CHROMIUM_FULL } from '../tests/e2e/browser.mjs';

const LOADS = 7;
// LUDOLAB_SITE=<dir>: another built site (scripts/profile-compare.sh); LUDOLAB_BENCH_OUT=<file>.
const out = process.env.LUDOLAB_BENCH_OUT ?? fileURLToPath(new URL('../target/bench.json', import.meta.url));
const env = await start({ root: process.env.LUDOLAB_SITE ?? WWW, executable: CHROMIUM_FULL });
try {
  const page = await newPage(env.browser);
  // BENCH_ONLY=search: only the cases whose name matches it, a regular expression (and no page loads).
  const only = process.env.BENCH_ONLY;
  // Pons' shared sample, for the Connect Four sets' cases.
  const sample = JSON.parse(readFileSync(fileURLToPath(new URL('../tests/data/connect4_pons_sample.json', import.meta.url)), 'utf8'));
  await page.addInitScript((s) => { window.__c4sample = s; }, sample);
  await page.goto(`${env.base}bench.html${only ? `?only=${encodeURIComponent(only)}` : ''}`);
  await page.waitForFunction(() => window.__bench || document.body.dataset.state === "error", null, { timeout: 600_000 });
  const bench = await page.evaluate(() => window.__bench);
  if (!bench) throw new Error(await page.textContent('#status-text'));

  const loads = [];
  for (let k = 0; k < (only ? 0 : LOADS); k++) {
    const fresh = await newPage(env.browser);
    await fresh.goto(`${env.base}#game=snakes&v=1&preset=audet`);
    if ((await settled(fresh)) !== 'done') throw new Error('the audet link did not compute');
    loads.push(await fresh.evaluate(() => window.__ludolab.drawnAt));
    await fresh.context().close();
  }
  loads.sort((a, b) => a - b);
  if (!only) bench.audet_link_to_heatmaps_ms = { median: loads[LOADS >> 1], min: loads[0], max: loads[LOADS - 1], loads: LOADS };
  writeFileSync(out, JSON.stringify(bench, null, 2) + '\n');
  console.log(JSON.stringify(bench, null, 2));
} finally {
  await env.close();
}
