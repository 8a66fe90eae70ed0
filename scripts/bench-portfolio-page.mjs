// The parity portfolio in the page on the random game of 10^6 vertices (seed 1):
// its members side by side in workers, then one worker (hardwareConcurrency
// made 1: in turn, as before), then Zielonka's algorithm and tangle learning
// alone; the time from the go-ahead to the result, and the page's own figure.
// Serves www/ as the browser tests do (`make dist-test` or `make wasm` first).
//
//   node scripts/bench-portfolio-page.mjs
import { start, newPage } from '../tests/e2e/browser.mjs';
const env = await start();
const base = 'game=parity&v=1&source=random&vertices=1000000&priorities=1000000&min-degree=1&max-degree=2&seed=1';
for (const [label, extra, cores] of [['portfolio, workers side by side', '', null], ['portfolio, one worker (in turn)', '', 1], ['zielonka alone', '&solver=zielonka', null], ['tangle alone', '&solver=tangle', null]]) {
  const page = await newPage(env.browser);
  if (cores) await page.addInitScript((c) => Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => c }), cores);
  await page.goto(`${env.base}#${base}${extra}`);
  await page.waitForSelector('#confirm-compute');
  const t0 = Date.now();
  await page.click('#confirm-compute');
  await page.waitForFunction(() => ['done', 'error'].includes(document.body.dataset.state), null, { timeout: 600_000 });
  const took = (Date.now() - t0) / 1000;
  console.log(`${label}: ${took.toFixed(1)} s wall, ${await page.textContent('#status-text')} workers ${page.workers().length}; ${await page.textContent('#parity-solver').catch(() => '')}`);
  await page.close();
}
await env.close();
