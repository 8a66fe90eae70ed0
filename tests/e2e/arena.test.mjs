// Game graphs in Chromium: the seed's stick game stepped through A₀…A₅, a
// Chomp game played to the end, a typed arena with draws.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, SHOTS, openDone } from './browser.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

describe('Game graphs', () => {
  it('draws Chomp’s vertices as boards layered by rank at every drawable size, desktop and phone', async () => {
    for (const [rows, cols, vertices] of [[4, 3, null], [4, 4, null], [3, 3, null], [1, 1, null], [4, 5, null]]) {
      for (const width of [1366, 390]) {
        const page = await openDone(env, `#game=graphs&v=1&kind=chomp&rows=${rows}&cols=${cols}`, { viewport: { width, height: 844 } });
        const n = Number((await page.textContent('#arena-size')).match(/[\d,]+/)[0].replaceAll(',', ''));
        const drawn = page.locator('#chomp-bars svg.chomp-vertex');
        assert.equal(await drawn.count(), vertices ?? n, `${rows} × ${cols} at ${width} px`);
        // Every board is on screen with a size (not a blank), rows labelled in readable text.
        const boxes = await drawn.evaluateAll((svgs) => svgs.map((s) => s.getBoundingClientRect()).map((b) => [b.width, b.height]));
        assert.ok(boxes.every(([w, h]) => w >= 10 && h >= 10), `${rows} × ${cols}: ${JSON.stringify(boxes.slice(0, 3))}`);
        const fonts = await page.$$eval('.chomp-rank-head', (hs) => hs.map((h) => parseFloat(getComputedStyle(h).fontSize)));
        assert.ok(fonts.length > 0 && fonts.every((f) => f >= 11), `fonts ${fonts}`);
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), `no sideways scroll at ${width} px`);
        // The poison of every board that still has it, and the strategy's squares.
        if (rows * cols > 1) assert.ok((await page.locator('#chomp-bars rect.eat').count()) > 0);
        if (rows === 4 && cols === 3) {
          await page.screenshot({ path: `${SHOTS}chomp-4x3-${width}.png`, fullPage: true });
          await page.fill('#step-slider', '0');
          await page.dispatchEvent('#step-slider', 'input');
          assert.equal(await page.locator('.chomp-rank-block.reached').count(), 1);
        }
        assert.deepEqual(page.problems, []);
        await page.close();
      }
    }
    // Beyond what is drawable: said so, and the ranks in numbers.
    const big = await openDone(env, '#game=graphs&v=1&kind=chomp&rows=6&cols=6');
    assert.equal(await big.locator('#chomp-bars').count(), 0);
    assert.match(await big.textContent('#summary-why'), /too many boards to draw one by one/);
    assert.ok((await big.locator('#layers-table tbody tr').count()) > 0);
    await big.close();
  });

  it('steps through the stick game’s attractor A0 … A5', async () => {
    const page = await openDone(env, '#game=graphs&kind=subtraction&sticks=9&take=1,2,3&misere=yes');
    assert.match(await page.textContent('#attractor-sizes'), /10 \/ 10/);
    assert.match(await page.textContent('#arena-winner'), /player 2 wins/);
    assert.match(await page.textContent('.headline'), /from the start \(9 · P1\)/);
    assert.equal(await page.getAttribute('#arena-graph canvas', 'data-drawn'), 'true');
    // Back to A0, then step forward: A0 = {0:J1}, … A5 = the whole attractor of 10.
    const sizes = [];
    await page.fill('#step-slider', '0');
    for (let k = 0; k <= 5; k++) {
      sizes.push(Number((await page.textContent('#step-caption')).match(/^A\d+: (\d+) vert/)[1]));
      if (k < 5) await page.click('#step-next');
    }
    assert.deepEqual(sizes, [1, 2, 5, 6, 9, 10]);
    assert.ok(await page.isDisabled('#step-next'));
    assert.match(new URL(page.url()).hash, /step=5/);
    await page.click('#step-prev');
    assert.match(new URL(page.url()).hash, /step=4/);
    // Hovering a vertex reads its ranks.
    const box = await page.locator('#arena-graph canvas').boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.screenshot({ path: `${SHOTS}arena-sticks.png`, fullPage: true });
    // Playing: 9 ≡ 1 (mod 4) is lost for the first player, so after any take the computer is in its attractor.
    await page.click('#play-moves button:first-child');
    await page.waitForSelector('#play-board:not([data-busy])');
    assert.match(await page.textContent('#play-log'), /I am in my attractor with rank \d+/);
    // The computer starts: from 9 sticks it is the one to lose, so it plays at random and
    // leaves you a winning position (the hints show a winning take).
    await page.click('#play-computer-first');
    await page.waitForFunction(() => /hope for a mistake/.test(document.getElementById('play-log').textContent));
    await page.check('#play-hints');
    assert.ok(await page.locator('#play-moves button.winning').count() >= 1, 'a winning take for you');
    assert.match(await page.textContent('#play-board'), /^\|+ +[5-8] sticks$/);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('offers no computer start where the arena has no such position (Chomp)', async () => {
    const page = await openDone(env, '#game=graphs&kind=chomp&rows=3&cols=3');
    await page.waitForSelector('#chomp-board .square');
    assert.equal(await page.isVisible('#play-computer-first'), false);
    await page.close();
  });

  it('plays a Chomp game to the end', async () => {
    const page = await openDone(env, '#game=graphs&kind=chomp&rows=4&cols=3');
    assert.match(await page.textContent('#arena-size'), /66 vertices/);
    assert.match(await page.textContent('#attractor-sizes'), /33 \/ 33/);
    await page.check('#play-hints');
    assert.equal(await page.locator('#chomp-board .square.winning').count(), 1, 'one winning first move');
    // Always eat the top-right-most square left (a slow, losing way to play).
    for (let turn = 0; turn < 20; turn++) {
      await page.waitForSelector('#chomp-board:not([data-busy])');
      if (await page.getAttribute('#play-log', 'data-result')) break;
      const squares = page.locator('#chomp-board .square:not(.eaten):not(.poison)');
      if ((await squares.count()) === 0) break;
      await squares.first().click();
    }
    assert.equal(await page.getAttribute('#play-log', 'data-result'), 'computer');
    await page.screenshot({ path: `${SHOTS}arena-chomp.png`, fullPage: true });
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('shows draws on a typed arena with a cycle', async () => {
    const page = await openDone(env, '#game=graphs&kind=edges');
    assert.equal(await page.textContent('#attractor-sizes'), '1 / 2');
    assert.match(await page.textContent('.headline'), /3 draws/);
    assert.match(await page.textContent('#arena-winner'), /a draw/);
    assert.match(await page.textContent('.headline'), /from the start \(a\)/);
    await page.fill('#field-edges', 'a:1>b:2; b>a; a>w; w=1');
    await page.locator('#field-edges').dispatchEvent('change');
    await page.waitForFunction(() => document.querySelector('#first-moves')?.textContent.includes('to w'));
    await page.fill('#field-edges', 'a>b');
    await page.locator('#field-edges').dispatchEvent('change');
    assert.match(await page.textContent('#error-edges'), /an owner for this vertex/);
    assert.deepEqual(page.problems, []);
    await page.close();
  });
});
