// Orchard in Chromium: the default link's strategies, sweeps and heat maps, the
// advisor, the seed's chain, a simulation.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, SHOTS, openDone, orchardSweeps } from './browser.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

const open = (link) => openDone(env, link);

describe('Orchard', () => {
  it('opens the default link: the strategies’ bars and the sweeps’ heat maps', async () => {
    const page = await open('#game=orchard&trees=4&fruits=10&crows=9&strategy=max');
    assert.match(await page.textContent('#win-probability'), /P\(win\) = 0\.684047498128/);
    const table = await page.textContent('#strategy-table');
    for (const v of ['0.684047498128', '0.532399142152', '0.631998012670']) assert.ok(table.includes(v), v);
    assert.equal(await page.getAttribute('#chart-strategies canvas', 'data-drawn'), 'true');
    // The sweeps wait until their section is in view (nothing computed for a reader who stops above), then stay cached.
    await page.waitForTimeout(300);
    assert.equal(await page.locator('#heatmap-sweep').count(), 0, 'no sweep before it is seen');
    assert.equal(await page.evaluate(() => document.body.dataset.state), 'done');
    await orchardSweeps(page, 60000);
    const canvas = page.locator('#heatmap-min-crows canvas');
    await canvas.scrollIntoViewIfNeeded();
    await canvas.focus();
    // Row 4 (4 trees), column 10 (10 fruits): 8 crows (SPEC §3).
    for (let k = 0; k < 3; k++) await page.keyboard.press('ArrowDown');
    for (let k = 0; k < 9; k++) await page.keyboard.press('ArrowRight');
    assert.match(await page.textContent('#heatmap-min-crows .tooltip'), /^crows\[4\]\[10\] = 8\n/);
    // The P map is read from the same solve at the game's 9 crows: its 4 × 10 cell is the game itself.
    const pAt = async () => {
      const map = page.locator('#heatmap-sweep canvas');
      await map.focus();
      for (let k = 0; k < 3; k++) await page.keyboard.press('ArrowDown');
      for (let k = 0; k < 9; k++) await page.keyboard.press('ArrowRight');
      const [, p] = (await page.textContent('#heatmap-sweep .tooltip')).match(/^P\[4\]\[10\] = (0\.\d+)\n/);
      return Number(p);
    };
    assert.ok(Math.abs((await pAt()) - 0.684047498128) < 1e-4);
    await page.screenshot({ path: `${SHOTS}orchard-default.png`, fullPage: true });
    // Another crow count redraws the P map from that solve: with 8 crows, P(win) = 0.63…
    await page.evaluate(() => { document.body.dataset.state = 'navigating'; location.hash = 'game=orchard&v=1&trees=4&fruits=10&crows=8&strategy=max'; });
    await page.waitForFunction(() => document.body.dataset.state === 'done');
    await orchardSweeps(page, 60000);
    const p8 = Number((await page.textContent('#win-probability')).match(/P\(win\) = (0\.\d+)/)[1]);
    assert.ok(p8 < 0.68 && Math.abs((await pAt()) - p8) < 1e-4, String(p8));
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('draws the seed’s chain and agrees with M^1000', async () => {
    const page = await open('#game=orchard&trees=2&fruits=2&crows=2&strategy=max');
    assert.match(await page.textContent('#win-probability'), /0\.677372685185/);
    assert.equal(await page.locator('#chain-graph .chain-node').count(), 12);
    const absorption = await page.textContent('#chain-absorption');
    for (const v of ['2341/3456', '107/288', '22/27', '121/144', '5/9', '7/12', '8/9', '2/3']) assert.ok(absorption.includes(v), v);
    await page.locator('#chain').screenshot({ path: `${SHOTS}orchard-chain.png` });
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('uses the advisor and a simulation from the page', async () => {
    const page = await open('#game=orchard&trees=3&fruits=4&crows=3&strategy=min');
    await page.fill('#advisor-position', '4,2,1');
    await page.fill('#advisor-crows', '2');
    await page.click('#advise');
    await page.waitForFunction(() => document.querySelector('#advice-best')?.textContent.includes('4,2,1|2'));
    assert.match(new URL(page.url()).hash, /position=4%2C2%2C1&crows_left=2/);
    const best = await page.textContent('#advice-best');
    assert.match(best, /take .* → [\d,]+\|2: P\(win\) = 0\.\d{9}/);
    // 4,2,1 minus two fruits: 2,2,1 · 3,1,1 · 3,2 · 4,1.
    assert.equal(await page.locator('#advice-picks tbody tr').count(), 4);
    // A bad position is refused next to the advisor's fields.
    await page.fill('#advisor-position', '4,2,99');
    await page.click('#advise');
    assert.match(await page.textContent('#advisor .field-error'), /Fruits per tree \(advisor\) — "4,2,99" is not valid/);
    await page.click('#simulate-now');
    await page.waitForSelector('#simulation-table');
    const z = Number((await page.textContent('#simulation-z')).match(/is ([\d.]+) standard errors/)[1]);
    assert.ok(z < 4, `simulation within 4 standard errors (${z})`);
    await page.screenshot({ path: `${SHOTS}orchard-advisor.png`, fullPage: true });
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('describes picks as the rules do and writes positions with separators', async () => {
    const page = await open('#game=orchard&v=1&trees=4&fruits=10,10,7,1&crows=9&strategy=max&position=10,10,7,1&crows_left=9');
    const picks = await page.locator('#advice-picks tbody tr td:first-child').allTextContents();
    // The max strategy's pick: one fruit from each tree with 10, in the words of the rule.
    assert.ok(picks.includes('1 from each of the 2 trees with 10'), picks.join(' / '));
    assert.ok(picks.includes('1 from the tree with 7, 1 from the tree with 1'), picks.join(' / '));
    assert.ok(picks.includes('2 from one of the 2 trees with 10'), picks.join(' / '));
    const max = await page.locator('#advice-strategies tbody tr', { hasText: 'max' }).locator('td').nth(1).textContent();
    assert.equal(max, '9,9,7,1|9');
    assert.doesNotMatch(await page.textContent('#advisor'), /\b1\d{3,}\|/, 'no run-together fruits');
    assert.deepEqual(page.problems, []);
    await page.close();
  });
});
