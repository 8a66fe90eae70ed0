// The heat map component on its own: discrete legends, block aggregation, undefined cells.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, newPage, settled, SHOTS } from './browser.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

describe('heat map component', () => {
  it('draws categorical matrices with a discrete legend and big ones as labelled blocks', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.base}#game=snakes&v=1&preset=grid1`);
    await settled(page);
    const out = await page.evaluate(async () => {
      const { HeatMap } = await import('./heatmap.js');
      const host = document.getElementById('results-body');
      host.replaceChildren();
      // An OPT-like matrix of dice counts 1..7, with an undefined cell.
      const cat = new HeatMap(host, {
        id: 'test-cat', title: 'OPT — dice to throw', symbol: 'opt', fileName: 'opt',
        xLabel: 'score of the opponent', yLabel: 'score of the player to move', categorical: true, decimals: 0,
      });
      // Its saves wait for the values (Orchard's sweeps arrive after the result).
      const saves = () => [...cat.figure.querySelectorAll('.heatmap-tools button')].map((b) => b.disabled);
      const before = saves();
      const values = Float64Array.from({ length: 30 * 30 }, (_, k) => 1 + ((k * 7 + Math.floor(k / 30)) % 7));
      values[5] = NaN;
      cat.draw(values, 30, 30);
      const after = saves();
      // More rows than the canvas has pixels.
      const big = new HeatMap(host, {
        id: 'test-big', title: 'A 1500 × 1500 matrix', symbol: 'x', fileName: 'big',
        xLabel: 'column', yLabel: 'row', decimals: 2,
      });
      const n = 1500;
      const v = new Float64Array(n * n);
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) v[i * n + j] = (i + j) / (2 * n);
      big.draw(v, n, n);
      // A figure below the first screen is drawn just after (dom.js drawWhenShown).
      await new Promise((done) => { const wait = () => (document.body.dataset.drawing ? setTimeout(wait, 10) : done()); wait(); });
      return {
        categories: cat.drawn.categories,
        catNote: cat.note.hidden ? null : cat.note.textContent,
        block: big.drawn.layout.block,
        note: big.note.hidden ? null : big.note.textContent,
        label: big.canvas.getAttribute('aria-label'),
        before,
        after,
      };
    });
    assert.deepEqual(out.before, [true, true, true, true], 'PNG, SVG, CSV and LaTeX wait for the values');
    assert.deepEqual(out.after, [false, false, false, false]);
    assert.deepEqual(out.categories, [1, 2, 3, 4, 5, 6, 7]);
    assert.equal(out.catNote, null);
    assert.ok(out.block > 1, `block ${out.block}`);
    assert.match(out.note, /^1500×1500 matrix drawn as blocks of \d+×\d+ cells/);
    assert.match(out.label, /1500 by 1500 heat map, values from 0\.00 to 1\.00/);

    // Hover resolves single cells even when blocks are drawn, and undefined cells say so.
    await page.locator('#test-big canvas').scrollIntoViewIfNeeded();
    const box = await page.locator('#test-big canvas').boundingBox();
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.4);
    assert.match(await page.textContent('#test-big .tooltip'), /^x\[\d+\]\[\d+\] = 0\.\d{4}/);
    await page.locator('#test-cat canvas').focus();
    for (let k = 0; k < 5; k++) await page.keyboard.press('ArrowRight');
    assert.match(await page.textContent('#test-cat .tooltip'), /^opt\[0\]\[5\] = not defined/);
    await page.screenshot({ path: `${SHOTS}heatmap-component.png`, fullPage: true });
    assert.deepEqual(page.problems, []);
  });
});
