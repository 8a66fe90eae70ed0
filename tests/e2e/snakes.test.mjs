// End-to-end tests of the page in Debian's Chromium: share links, the worker,
// heat maps, hover, export, cancel, and no console error anywhere.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { start, newPage, settled, SHOTS, openLink, GAMES } from './browser.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

const open = (link, options) => openLink(env, link, options);

/** Whether a canvas has at least `min` distinct colours (a drawn heat map, not a blank). */
function distinctColours(page, selector) {
  return page.$eval(selector, (canvas) => {
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    const seen = new Set();
    for (let k = 0; k < data.length; k += 4 * 7) seen.add((data[k] << 16) | (data[k + 1] << 8) | data[k + 2]);
    return seen.size;
  });
}

describe('Snakes and Ladders view', () => {
  it('opens the audet link, computes p[0][0] and e[0][0] and draws both heat maps', async () => {
    const { page, state } = await open('#game=snakes&preset=audet');
    assert.equal(state, 'done');
    assert.match(await page.textContent('#p00'), /p\[0\]\[0\] = 0\.5087/);
    assert.match(await page.textContent('#e00'), /e\[0\]\[0\] = 47\.76/);
    for (const id of ['#heatmap-p canvas', '#heatmap-e canvas']) {
      assert.ok((await distinctColours(page, id)) > 20, `${id} is drawn`);
    }
    // The address bar holds the canonical share link.
    assert.equal(new URL(page.url()).hash, '#game=snakes&v=1&preset=audet');
    await page.screenshot({ path: `${SHOTS}snakes-audet.png` });
    assert.deepEqual(page.problems, []);
  });

  it('shows a tooltip with row, column and value on hover and by keyboard', async () => {
    const { page } = await open('#game=snakes&v=1&preset=audet');
    const canvas = page.locator('#heatmap-p canvas');
    const box = await canvas.boundingBox();
    // Somewhere inside the cells: the middle of the canvas.
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.45);
    const tooltip = page.locator('#heatmap-p .tooltip');
    await tooltip.waitFor({ state: 'visible' });
    const text = await tooltip.textContent();
    assert.match(text, /^p\[\d+\]\[\d+\] = [01]\.\d{4}\nrow \d+: square of the player to move\ncolumn \d+: square of the opponent$/);
    await page.screenshot({ path: `${SHOTS}snakes-hover.png` });

    // Keyboard: focus the canvas, step right from (0, 0) to (0, 1): p[0][1] = 0.5198 (seed: 0.520).
    await canvas.focus();
    await page.keyboard.press('ArrowRight');
    assert.match(await tooltip.textContent(), /^p\[0\]\[1\] = 0\.5198\n/);
    assert.match(await page.textContent('#heatmap-p .visually-hidden'), /p\[0\]\[1\]/);
    assert.deepEqual(page.problems, []);
  });

  it('copies a link that reopens the same view', async () => {
    const { page } = await open('#game=snakes&v=1&preset=grid1', { permissions: ['clipboard-read', 'clipboard-write'] });
    await page.click('#copy-link');
    await page.locator('#copy-status', { hasText: 'Link copied.' }).waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(link, page.url());
    const { page: again, state } = await open(link.slice(env.base.length));
    assert.equal(state, 'done');
    assert.equal(await again.inputValue('#field-preset'), 'grid1');
    assert.equal(await again.textContent('#p00'), await page.textContent('#p00'));
    assert.match(await again.textContent('#p00'), /0\.6667/);
    assert.deepEqual([...page.problems, ...again.problems], []);
  });

  it('rewrites the link on every edit and recomputes', async () => {
    const { page } = await open('#game=snakes&v=1&preset=audet');
    await page.selectOption('#field-preset', 'example2');
    await page.waitForFunction(() => document.querySelector('#p00')?.textContent.includes('0.7083'));
    assert.equal(new URL(page.url()).hash, '#game=snakes&v=1&preset=example2');
    assert.match(await page.textContent('#e00'), /e\[0\]\[0\] = 664\/363 ≈ 1\.83/);
    assert.deepEqual(page.problems, []);
  });

  it('explains an invalid link beside its field and keeps what was typed', async () => {
    const { page, state } = await open('#game=snakes&preset=nope');
    assert.equal(state, 'error');
    const error = page.locator('#error-preset');
    assert.ok(await error.isVisible());
    assert.match(await error.textContent(), /Board — "nope" is not valid: expected one of audet, milton-bradley, grid1, example2/);
    assert.equal(new URL(page.url()).hash, '#game=snakes&preset=nope');
    assert.equal(await page.inputValue('#field-preset'), 'nope');
    // Fixing it computes.
    await page.selectOption('#field-preset', 'audet');
    await page.waitForFunction(() => document.body.dataset.state === 'done');
    assert.match(await page.textContent('#p00'), /0\.5087/);
    await page.screenshot({ path: `${SHOTS}snakes-invalid-link.png` });
    assert.deepEqual(page.problems, []);
  });

  it('saves the matrix as CSV and the plot as PNG', async () => {
    const { page } = await open('#game=snakes&v=1&preset=example2', { acceptDownloads: true });
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('#heatmap-p').getByRole('button', { name: 'Save CSV' }).click(),
    ]);
    assert.equal(csv.suggestedFilename(), 'snakes-example2-P.csv');
    const lines = readFileSync(await csv.path(), 'utf8').trim().split('\n');
    assert.equal(lines[0], 'row\\col,0,1');
    const [, p00, p01] = lines[1].split(',').map(Number);
    assert.ok(Math.abs(p00 - 1192 / 1683) < 1e-14 && Math.abs(p01 - 152 / 187) < 1e-14, lines[1]);
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('#heatmap-e').getByRole('button', { name: 'Save PNG' }).click(),
    ]);
    assert.equal(png.suggestedFilename(), 'snakes-example2-E.png');
    assert.deepEqual([...readFileSync(await png.path()).subarray(1, 4)], [0x50, 0x4e, 0x47]); // "PNG"
    assert.deepEqual(page.problems, []);
  });

  it('fits a 360 px wide phone', async () => {
    const { page, state } = await open('#game=snakes&v=1&preset=audet', { viewport: { width: 360, height: 740 } });
    assert.equal(state, 'done');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
    assert.ok((await distinctColours(page, '#heatmap-p canvas')) > 20);
    await page.screenshot({ path: `${SHOTS}snakes-phone.png`, fullPage: true });
    assert.deepEqual(page.problems, []);
  });
});

describe('shell', () => {
  it('opens every family from the menu with its default link', async () => {
    const { page } = await open('#game=snakes&v=1&preset=audet');
    // Every other family in menu order, then back to the first.
    const walk = [...GAMES.filter((g) => g !== 'snakes'), 'snakes'];
    for (const game of walk) {
      await page.click(`#families a[data-game="${game}"]`);
      // The click switches the view at once: the address and the menu agree with no wait.
      assert.match(new URL(page.url()).hash, new RegExp(`^#game=${game}&`));
      assert.equal(await page.getAttribute(`#families a[data-game="${game}"]`, 'aria-current'), 'page');
      await page.waitForFunction(() => document.body.dataset.state === 'done');
    }
    // The browser's Back button returns to the family before.
    await page.goBack();
    const before = walk.at(-2);
    await page.waitForFunction((game) => location.hash.startsWith(`#game=${game}&`) && document.body.dataset.state === 'done', before);
    assert.equal(await page.getAttribute(`#families a[data-game="${before}"]`, 'aria-current'), 'page');
    assert.deepEqual(page.problems, []);
  });

  it('cancels a computation by restarting the worker, and supersedes older requests', async () => {
    const { page } = await open('#game=snakes&v=1&preset=grid1');
    const outcome = await page.evaluate(async () => {
      const { SolverClient, Cancelled } = await import('./solver-client.js');
      const { fetchFamily } = await import('./core.js');
      const { module, glue } = await fetchFamily('snakes');
      const client = new SolverClient(new URL('worker.js', location.href), module, glue);
      const first = client.solve('game=snakes&preset=audet');
      client.cancel();
      const cancelled = await first.then(() => 'resolved', (e) => (e instanceof Cancelled ? e.message : `other: ${e}`));
      const older = client.solve('game=snakes&preset=audet');
      const newer = client.solve('game=snakes&preset=example2');
      const superseded = await older.then(() => 'resolved', (e) => (e instanceof Cancelled ? e.message : `other: ${e}`));
      const { result } = await newer;
      const failed = await client.solve('game=snakes&preset=nope').then(() => 'resolved', (e) => e.message);
      const { result: after } = await client.solve('game=snakes&preset=grid1');
      return { cancelled, superseded, n: result.n, p00: result.p.data[0], failed, afterN: after.n, busy: client.busy };
    });
    assert.equal(outcome.cancelled, 'cancelled');
    assert.equal(outcome.superseded, 'superseded by a newer request');
    assert.equal(outcome.n, 2);
    assert.ok(Math.abs(outcome.p00 - 1192 / 1683) < 1e-14);
    assert.match(outcome.failed, /invalid value "nope" for "preset"/);
    assert.equal(outcome.afterN, 6);
    assert.equal(outcome.busy, false);
    assert.deepEqual(page.problems, []);
  });
});

describe('security', () => {
  it('shows hostile text in a link harmlessly, under the strict CSP', async () => {
    const hostile = encodeURIComponent('<img src=x onerror=alert(1)>');
    for (const link of [`#game=snakes&preset=${hostile}`, `#game=graphs&kind=edges&edges=${hostile}`, `#game=impartial&mode=sum&sum=${hostile}`]) {
      const { page } = await open(link);
      // Rejected and quoted as text beside its field: no element was created from it, no script ran.
      assert.match(await page.textContent('.field-error'), /<img src=x onerror=alert\(1\)>/);
      assert.equal(await page.locator('img[src="x"]').count(), 0);
      // Nothing inline runs but the page's own first script and style sheet, each allowed by its hash.
      const [policy, script, style] = await page.evaluate(() => [document.querySelector('meta[http-equiv="Content-Security-Policy"]').content,
        document.querySelector('head script:not([src])').textContent, document.querySelector('head style').textContent]);
      const hash = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
      assert.equal(policy, `default-src 'self'; script-src 'self' ${hash(script)} 'wasm-unsafe-eval'; style-src 'self' ${hash(style)}`);
      assert.deepEqual(page.problems, []);
      await page.close();
    }
  });
});

describe('guards', () => {
  it('asks before a long computation and can still cancel it', async () => {
    const { page, state } = await open('#game=orchard&trees=8&fruits=20&crows=20&strategy=optimal');
    assert.equal(state, 'idle');
    assert.match(await page.textContent('#cost-confirm'), /should take about \d+ s in your browser and about \d+ MB/);
    await page.click('#confirm-compute');
    await page.waitForFunction(() => document.body.dataset.state === 'computing');
    await page.click('#cancel');
    await page.waitForFunction(() => document.body.dataset.state === 'cancelled');
    assert.match(new URL(page.url()).hash, /trees=8&fruits=20&crows=20&strategy=optimal/);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('restarts the worker after a panic and keeps working', async () => {
    const { page } = await open('#game=snakes&v=1&preset=grid1');
    const outcome = await page.evaluate(async () => {
      const { SolverClient } = await import('./solver-client.js');
      const { fetchFamily } = await import('./core.js');
      const { module, glue } = await fetchFamily('snakes');
      const client = new SolverClient(new URL('worker.js', location.href), module, glue);
      const failed = await client.solve('game=snakes', undefined, { task: 'debug-panic' }).then(() => 'resolved', (e) => e.message);
      const { result } = await client.solve('game=snakes&preset=grid1');
      return { failed, n: result.n };
    });
    assert.match(outcome.failed, /internal error .* it has been restarted/);
    assert.equal(outcome.n, 6);
    // The panic's own report (console_error_panic_hook) is expected here.
    assert.deepEqual(page.problems.filter((p) => !p.includes('deliberate panic')), []);
    await page.close();
  });
});
