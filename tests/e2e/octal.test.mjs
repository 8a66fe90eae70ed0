// Octal games at record scale in Chromium: the table of every 1–2 digit code
// (sort, filter, links, CSV, extending a row), Grundy's game, and the progress
// of a long computation (heaps done and rare heaps, then Cancel).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { start, SHOTS, openDone } from './browser.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

const codesShown = (page) => page.$$eval('#octal-table-rows tbody tr', (rows) => rows.map((r) => r.dataset.code));

describe('Octal games at record scale', () => {
  it('opens a row’s game by a tap anywhere on the row, from the top of the page (390 px)', async () => {
    const page = await openDone(env, '#game=impartial&mode=table&digits=2&up_to=2000', { viewport: { width: 390, height: 844 } });
    const row = page.locator('#octal-table-rows tr[data-code="0.77"]');
    await row.scrollIntoViewIfNeeded();
    assert.ok(await page.evaluate(() => window.scrollY) > 0);
    await row.locator('td:nth-child(5)').click();
    await page.waitForFunction(() => /mode=octal/.test(location.hash) && /code=0\.77/.test(location.hash));
    await page.waitForFunction(() => document.body.dataset.state === 'done');
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('lists every code of 1 to 2 digits, grouped, sortable, filterable, with links and CSV', async () => {
    const page = await openDone(env, '#game=impartial&mode=table&digits=2&up_to=2000', { acceptDownloads: true });
    assert.equal(await page.textContent('#table-codes'), '127');
    assert.equal((await codesShown(page)).length, 127);
    // Dawson's Kayles 0.07 and 0.4: the same game, one heap apart.
    const row = (code) => page.locator(`#octal-table-rows tr[data-code="${code}"]`);
    assert.match(await row('0.07').textContent(), /solved.*34.*53.*0\.4, one heap earlier/);
    assert.match(await row('0.6').textContent(), /unsolved/);
    // Filter: unsolved only; then one code per game.
    await page.selectOption('#table-filter', 'unsolved');
    const unsolved = await codesShown(page);
    assert.ok(unsolved.includes('0.6') && !unsolved.includes('0.77'), unsolved.join(' '));
    assert.equal(unsolved.length, Number(await page.textContent('#table-unsolved')));
    await page.selectOption('#table-filter', 'games');
    assert.equal((await codesShown(page)).length, Number(await page.textContent('#table-games')));
    await page.selectOption('#table-filter', 'all');
    // Sort by largest value, descending: the first row has the table's largest.
    await page.getByRole('button', { name: 'largest value' }).click();
    await page.getByRole('button', { name: 'largest value' }).click();
    assert.equal(await page.getAttribute('#octal-table-rows th:nth-child(7)', 'aria-sort'), 'descending');
    const largest = await page.$$eval('#octal-table-rows tbody tr td:nth-child(7)', (cells) => cells.map((c) => Number(c.textContent)));
    assert.deepEqual(largest, [...largest].sort((a, b) => b - a));
    // The code filter, and the CSV of what is shown.
    await page.fill('#table-search', '.07');
    assert.deepEqual(await codesShown(page), ['0.07']);
    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#save-table')]);
    assert.equal(csv.suggestedFilename(), 'octal-table-2-2000.csv');
    const lines = readFileSync(await csv.path(), 'utf8').trim().split('\n');
    assert.equal(lines[0], 'code,status,period,preperiod,proven,heaps,largest,largest_at,rare,same_as,shift');
    assert.match(lines[1], /^0\.07,solved,34,53,true,2000,9,\d+,\d+,0\.4,-1$/);
    // A row's link opens the code's own view.
    assert.equal(await row('0.07').locator('a').getAttribute('href'), '#game=impartial&v=1&mode=octal&code=0.07&up_to=2000');
    await page.screenshot({ path: `${SHOTS}octal-table.png`, fullPage: true });
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('grows the table of 1,023 codes as its box scrolls, shows the rest on request, and prints every row (390 px)', async () => {
    const page = await openDone(env, '#game=impartial&v=1&mode=table&digits=3&up_to=1000', { viewport: { width: 390, height: 844 } });
    const rows = () => page.$$eval('#octal-table-rows tbody tr[data-code]', (r) => r.length);
    // The first screens only, and a button for the rest: nothing more is built unseen.
    await page.waitForFunction(() => !document.body.dataset.drawing);
    assert.equal(await rows(), 40);
    assert.equal(await page.textContent('#table-more'), 'Show the remaining 983 codes');
    assert.equal(await page.textContent('#table-shown'), '1,023 of 1,023 codes shown.');
    // Scrolled to its end, the box gets more rows, in the table's order.
    await page.$eval('#octal-table-rows', (t) => { const box = t.parentElement; box.scrollTop = box.scrollHeight; });
    await page.waitForFunction(() => document.querySelectorAll('#octal-table-rows tbody tr[data-code]').length > 40);
    const some = (await codesShown(page)).filter(Boolean);
    assert.ok(some.length < 1023, `${some.length} rows after one scroll`);
    assert.equal(new Set(some).size, some.length);
    assert.match(await page.textContent('#table-more'), new RegExp(`^Show the remaining ${(1023 - some.length).toLocaleString('en')} codes$`));
    // A row extended keeps the rows grown so far, and the box's place.
    const top = await page.$eval('#octal-table-rows', (t) => t.parentElement.scrollTop);
    const unsolved = page.locator('#octal-table-rows tr.status-unsolved').first();
    const code = await unsolved.getAttribute('data-code');
    // (A click event, not Playwright's click, which would scroll the row into view first.)
    await unsolved.getByRole('button').dispatchEvent('click');
    await page.waitForFunction((c) => document.querySelector(`#octal-table-rows tr[data-code="${c}"]`)?.textContent.includes('4,000'), code);
    assert.equal(await rows(), some.length);
    assert.equal(await page.$eval('#octal-table-rows', (t) => t.parentElement.scrollTop), top);
    // A sort starts again from the top; the button adds every row, then goes.
    await page.getByRole('button', { name: 'largest value' }).click();
    assert.equal(await rows(), 40);
    await page.click('#table-more');
    assert.equal(await rows(), 1023);
    assert.equal(await page.locator('#table-more').count(), 0);
    const largest = await page.$$eval('#octal-table-rows tbody tr td:nth-child(7)', (cells) => cells.map((c) => Number(c.textContent)));
    assert.deepEqual(largest, [...largest].sort((a, b) => a - b));
    // Filtered to 200 rows or fewer (the codes from 0.1), every row at once, no button.
    await page.fill('#table-search', '0.1');
    await page.waitForFunction(() => !document.body.dataset.drawing);
    const kept = Number((await page.textContent('#table-shown')).match(/^[\d,]+/)[0].replace(/,/g, ''));
    assert.ok(kept > 40 && kept <= 200, `${kept} codes from 0.1`);
    assert.equal(await rows(), kept);
    assert.equal(await page.locator('#table-more').count(), 0);
    await page.fill('#table-search', '');
    // Printed, a table not yet grown prints every row.
    await page.getByRole('button', { name: 'code', exact: true }).click();
    assert.equal(await rows(), 40);
    await page.pdf({ path: `${SHOTS}octal-table-printed.pdf` });
    assert.equal(await rows(), 1023);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('extends an unsolved row on its own until its period is proven', async () => {
    const page = await openDone(env, '#game=impartial&mode=table&digits=2&up_to=300');
    // 0.16 needs 105,351 + … heaps; at 300 it is unsolved; ×4 gives 1,200.
    const row = page.locator('#octal-table-rows tr[data-code="0.16"]');
    assert.match(await row.textContent(), /unsolved/);
    // The extend button sits beside the status, on screen on a laptop (1,366 px), not past the table's edge.
    await page.setViewportSize({ width: 1366, height: 900 });
    assert.equal(await page.textContent('#octal-table-rows th:nth-child(3)'), 'extend');
    const box = await row.getByRole('button').boundingBox();
    assert.ok(box && box.x + box.width <= 1366, JSON.stringify(box));
    await row.getByRole('button').click();
    await page.waitForFunction(() => document.querySelector('#octal-table-rows tr[data-code="0.16"]')?.textContent.includes('1,200'));
    assert.match(await row.textContent(), /unsolved.*1,200/);
    // 0.15 (period 10 from 1, proven early) has nothing to extend.
    assert.equal(await page.locator('#octal-table-rows tr[data-code="0.15"] button').count(), 0);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('computes Grundy’s game and says that no theorem proves a period', async () => {
    const page = await openDone(env, '#game=impartial&mode=octal&code=grundy&up_to=100000');
    assert.match(await page.textContent('#values h3'), /Grundy’s game/);
    assert.match(await page.textContent('#octal-stats'), /G\(n\) AND 254 has an even number of 1 bits; 1,274 rare heaps among those computed \(heap 0 included, as the published tables count\), the last at 82,860/);
    assert.equal(await page.textContent('#proof'), 'not proven');
    assert.equal(await page.textContent('#proof + .label'), 'no theorem applies to this game');
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('shows heaps done, rare heaps and the time left while a long computation runs, and cancels it', async () => {
    const page = await openDone(env, '#game=impartial&mode=nim');
    await page.goto(`${env.base}#game=impartial&mode=octal&code=0.06&up_to=4000000`);
    // Asked first (estimated over 3 s); then the status line counts heaps.
    await page.click('#confirm-compute');
    await page.waitForFunction(() => /heaps [\d,]+ · rare [\d,]+/.test(document.getElementById('status-text').textContent), null, { timeout: 60_000 });
    // After three seconds, the time left as the work done so far predicts it.
    await page.waitForFunction(() => /· about \d+ (s|min) left$/.test(document.getElementById('status-text').textContent), null, { timeout: 60_000 });
    await page.click('#cancel');
    await page.waitForFunction(() => document.getElementById('status-text').textContent.includes('Cancelled'));
    assert.deepEqual(page.problems, []);
    await page.close();
  });
});
