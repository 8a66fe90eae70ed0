// Issue 25's before-and-after pictures (docs/before-after/): the same links on
// the site as it was before the newcomer's walk (5bafd06, built in a worktree)
// and on today's dist/, at a phone's width, each clipped to what the item is
// about, as PNG at a device scale of 1 (small files).   node scripts/before-after.mjs <before-dist> [after-dist]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { start, newPage, CHROMIUM_FULL } from '../tests/e2e/browser.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'docs/before-after');
const [beforeDist, afterDist = join(ROOT, 'dist')] = process.argv.slice(2);
mkdirSync(OUT, { recursive: true });

// [name, link, what to show (a selector, or null: the first screen)]
const ITEMS = [
  ['chomp-drawing', '#game=graphs&v=1&kind=chomp&rows=4&cols=3', '#chomp-bars, #arena-graph'],
  ['sum-table', '#game=impartial&v=1&mode=sum&sum=nim+3%3B+0.77+10%3B+path%3A5', '#sum'],
  ['search-summary', '#game=search&v=1&search=connect4&width=5&height=4&depth=end&algorithm=alphabeta&moves=', '.headline'],
  ['search-tree', '#game=search&v=1&search=tictactoe&depth=2&algorithm=alphabeta&moves=5,1,3', '#tree-graph'],
  ['phone-header', '#game=snakes&v=1&preset=audet', null],
];

for (const [when, dist] of [['before', beforeDist], ['after', afterDist]]) {
  const env = await start({ root: dist, executable: CHROMIUM_FULL });
  for (const [name, link, selector] of ITEMS) {
    const page = await newPage(env.browser, { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    await page.goto(env.base + link);
    await page.waitForFunction(() => ['done', 'error', 'idle'].includes(document.body.dataset.state), null, { timeout: 120_000 });
    // A computation that asks first: go ahead, as a person would.
    if (await page.$('#confirm-compute')) {
      await page.click('#confirm-compute');
      await page.waitForFunction(() => ['done', 'error'].includes(document.body.dataset.state), null, { timeout: 120_000 });
    }
    await page.waitForTimeout(800);
    const path = join(OUT, `${name}-${when}.png`);
    const target = selector && (await page.$(selector));
    if (target) {
      await target.scrollIntoViewIfNeeded();
      await target.screenshot({ path });
    } else {
      await page.screenshot({ path });
    }
    console.log(path);
    await page.close();
  }
  await env.close();
}
