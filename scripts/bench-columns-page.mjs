// Connect Four's "every column" follow-up in the page: on every core (the
// core splits it into groups of columns, one worker each at a time), then on
// one worker (hardwareConcurrency made 1: the task whole, as before); the
// time from the position's score on screen to every column's, as the page
// waits for it. Serves dist/ as the browser tests do (`make dist-test` or
// `make dist` first).
//
//   node scripts/bench-columns-page.mjs [6x6,7x6]
import { start, newPage } from '../tests/e2e/browser.mjs';

const boards = (process.argv[2] ?? '6x6,7x6').split(',');
const env = await start();
const rows = [];
for (const board of boards) {
  const [w, h] = board.split('x').map(Number);
  for (const [label, cores] of [['every core', null], ['one worker', 1]]) {
    const page = await newPage(env.browser);
    if (cores) await page.addInitScript((c) => Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => c }), cores);
    await page.goto(`${env.base}#game=connect4&v=1&width=${w}&height=${h}&moves=`);
    await page.waitForFunction(() => document.getElementById('confirm-compute') || document.getElementById('c4-columns'), null, { timeout: 600_000 });
    if (await page.$('#confirm-compute')) await page.click('#confirm-compute');
    await page.waitForSelector('#c4-columns', { timeout: 600_000 });
    const t0 = Date.now();
    await page.waitForFunction((w) => document.querySelectorAll('#c4-board .c4-score[data-score]').length === w, w, { timeout: 1_200_000 });
    const seconds = (Date.now() - t0) / 1000;
    const workers = page.workers().length;
    const status = `${await page.textContent('#status-text')} ${await page.textContent('#c4-work + .label')}`;
    console.log(`${board} ${label}: every column in ${seconds.toFixed(1)} s (${workers} workers; ${status})`);
    rows.push({ board, label, seconds, workers });
    await page.close();
  }
}
await env.close();
for (const board of boards) {
  const [all, one] = ['every core', 'one worker'].map((l) => rows.find((r) => r.board === board && r.label === l).seconds);
  console.log(`${board}: ${one.toFixed(1)} s on one worker, ${all.toFixed(1)} s on every core (${(one / all).toFixed(2)}×)`);
}
