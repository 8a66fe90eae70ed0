// The drawing check on the drawings a newcomer meets, on a desktop (1,366 px) and
// a phone (390 px): each shows what it should, its text is at least 12 px (11 px
// on the phone), no two labels overlap, and the page never scrolls sideways. The
// link sweep runs the same check on every generated link.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, newPage, settled, SHOTS, drawingProblems } from './browser.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

const LINKS = {
  'snakes-board': '#game=snakes&v=1&preset=audet',
  'snakes-big-board': '#game=snakes&v=1&squares=400&width=20',
  'sticks': '#game=graphs&v=1&kind=subtraction&sticks=21&take=1%2C2%2C3&misere=yes',
  'typed-arena': '#game=graphs&v=1&kind=edges',
  'chomp': '#game=graphs&v=1&kind=chomp&rows=4&cols=3',
  'search-tree': '#game=search&v=1&search=tictactoe&depth=2&moves=5%2C1%2C3',
  'chain': '#game=orchard&v=1&trees=2&fruits=2&crows=2',
  'graph-game': '#game=impartial&v=1&mode=graph&preset=petersen',
};

describe('drawings a person can read', () => {
  for (const [width, height] of [[1366, 900], [390, 844]]) {
    it(`at ${width} px: every drawing shows something, text large enough, no label over another, no sideways scroll`, { timeout: 10 * 60 * 1000 }, async () => {
      const failures = [];
      for (const [name, link] of Object.entries(LINKS)) {
        const page = await newPage(env.browser, { viewport: { width, height } });
        await page.goto(env.base + link);
        if ((await settled(page)) === 'idle') {
          await page.click('#confirm-compute');
          await settled(page);
        }
        // Drawings in a folded form (the Snakes board on a phone) are looked at unfolded.
        if (await page.locator('#toggle-parameters[aria-expanded="false"]').isVisible()) await page.click('#toggle-parameters');
        for (const problem of await drawingProblems(page)) failures.push(`${name} at ${width} px: ${problem}`);
        if (await page.evaluate(() => document.documentElement.scrollWidth > innerWidth)) failures.push(`${name} at ${width} px: the page scrolls sideways`);
        if (page.problems.length) failures.push(`${name}: ${page.problems.join('; ')}`);
        await page.screenshot({ path: `${SHOTS}drawing-${name}-${width}.png`, fullPage: true });
        await page.context().close();
      }
      assert.deepEqual(failures, []);
    });
  }

  it('folds the header on a phone: the content starts in the first fifth of the screen', async () => {
    const page = await newPage(env.browser, { viewport: { width: 390, height: 844 } });
    await page.goto(`${env.base}#game=impartial&v=1&mode=nim`);
    await settled(page);
    const header = await page.locator('.site-header').boundingBox();
    assert.ok(header.height <= 110, `the header is ${header.height} px tall`);
    // The family on screen is in view in the menu's row.
    const mark = await page.locator('#families a[aria-current="page"]').boundingBox();
    assert.ok(mark.x >= 0 && mark.x + mark.width <= 390, JSON.stringify(mark));
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth));
    await page.context().close();
  });
});
