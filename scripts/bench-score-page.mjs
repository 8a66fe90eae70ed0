// Connect Four's score of a long solve in the page: on every core (the core's
// probes side by side, one worker each) and on one worker (hardwareConcurrency
// made 1: one solve), alternated, `rounds` times; the time from the go-ahead's
// click to the score on screen, as the page waits for it. Serves dist/ as the
// browser tests do (`make dist-test` or `make dist` first).
//
//   node scripts/bench-score-page.mjs [7x6,6x6] [rounds]
import { start, newPage } from '../tests/e2e/browser.mjs';

const boards = (process.argv[2] ?? '7x6').split(',');
const rounds = Number(process.argv[3] ?? 2);
const env = await start();
const rows = [];
for (const board of boards) {
  const [w, h] = board.split('x').map(Number);
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [['every core', null], ['one worker', 1]] : [['one worker', 1], ['every core', null]];
    for (const [label, cores] of order) {
      const page = await newPage(env.browser);
      if (cores) await page.addInitScript((c) => Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => c }), cores);
      await page.goto(`${env.base}#game=connect4&v=1&width=${w}&height=${h}&moves=`);
      await page.waitForFunction(() => document.getElementById('confirm-compute') || document.getElementById('c4-verdict'), null, { timeout: 600_000 });
      const t0 = Date.now();
      if (await page.$('#confirm-compute')) await page.click('#confirm-compute');
      // The score on screen (the columns' follow-up starts after it).
      await page.waitForFunction(() => /^[+-]?\d+: /.test(document.getElementById('c4-verdict')?.textContent ?? ''), null, { timeout: 1_200_000 });
      const seconds = (Date.now() - t0) / 1000;
      const verdict = (await page.textContent('#c4-verdict')).slice(0, 40);
      const work = await page.textContent('#c4-work');
      console.log(`${board} ${label}: score in ${seconds.toFixed(1)} s (${page.workers().length} workers; ${verdict}; ${work} nodes)`);
      rows.push({ board, label, seconds });
      await page.close();
    }
  }
}
await env.close();
for (const board of boards) {
  const of = (l) => rows.filter((r) => r.board === board && r.label === l).map((r) => r.seconds.toFixed(1));
  console.log(`${board}: one worker ${of('one worker').join(', ')} s; every core ${of('every core').join(', ')} s`);
}
