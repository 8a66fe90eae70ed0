// Connect Four solved in Chromium (kind=connect4): play a few columns, read the
// per-column scores, undo, share the link and reopen it, cancel a long solve,
// hand the position to the teaching search, at desktop and phone widths.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { start, SHOTS, newPage, openDone, brokenTexts } from './browser.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

/** The scores above the columns: {column: score or null}. */
async function columnScores(page) {
  return page.$$eval('#c4-board .c4-score', (cells) => Object.fromEntries(cells.map((b) => [
    b.dataset.column, b.dataset.score === undefined ? null : Number(b.dataset.score)])));
}

async function waitSettledAfterEdit(page, previous) {
  await page.waitForFunction((before) => location.hash !== before && document.body.dataset.state === 'done', previous, { timeout: 60_000 });
}

describe('Connect Four solved exactly', () => {
  it('opens on 5 × 5, a draw with every column scored, and plays, undoes and shares', async () => {
    const page = await openDone(env, '#game=connect4&v=1');
    assert.match(await page.textContent('#c4-verdict'), /0: a draw/);
    assert.equal(await page.locator('#c4-board .c4-cell').count(), 25);
    const empty = await columnScores(page);
    assert.deepEqual(Object.keys(empty), ['1', '2', '3', '4', '5']);
    // Tromp: 5 × 5 is a draw; the best columns keep it, the others lose.
    const best = await page.$$eval('#c4-board .c4-score.best', (b) => b.map((x) => Number(x.dataset.column)));
    assert.ok(best.length > 0);
    for (const [c, s] of Object.entries(empty)) assert.ok(best.includes(Number(c)) ? s === 0 : s < 0, `column ${c}: ${s}`);
    // Play the centre column twice: the link carries the moves.
    let hash = await page.evaluate(() => location.hash);
    await page.click('#c4-board .c4-score[data-column="3"]');
    await waitSettledAfterEdit(page, hash);
    hash = await page.evaluate(() => location.hash);
    assert.match(hash, /^#game=connect4&.*moves=3\b/);
    await page.click('#c4-board .c4-cell >> nth=2');
    await waitSettledAfterEdit(page, hash);
    hash = await page.evaluate(() => location.hash);
    assert.match(hash, /moves=33\b/);
    assert.equal(await page.locator('#c4-board .c4-cell.p1').count(), 1);
    assert.equal(await page.locator('#c4-board .c4-cell.p2').count(), 1);
    const after = await columnScores(page);
    // The verdict is the best column's score.
    const verdict = Number((await page.textContent('#c4-verdict')).match(/^[+-]?\d+/)[0]);
    assert.equal(verdict, Math.max(...Object.values(after).filter((s) => s !== null)));
    // Reopen the shared link: the same position and scores.
    const again = await openDone(env, hash);
    assert.deepEqual(await columnScores(again), after);
    await again.close();
    // Undo.
    await page.click('#c4-undo');
    await waitSettledAfterEdit(page, hash);
    assert.match(await page.evaluate(() => location.hash), /moves=3(&|$)/);
    assert.deepEqual(await brokenTexts(page), []);
    await page.screenshot({ path: `${SHOTS}connect4.png`, fullPage: true });
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('says a finished game and a full column, and refuses a bad move beside the field', async () => {
    const page = await openDone(env, '#game=connect4&v=1&width=4&height=4&moves=1212121');
    assert.match(await page.textContent('#c4-verdict'), /player 1 won/);
    assert.equal(await page.locator('#c4-board .c4-score:not([disabled])').count(), 0);
    const full = await openDone(env, '#game=connect4&v=1&width=4&height=4&moves=1111');
    assert.ok(await full.isDisabled('#c4-board .c4-score[data-column="1"]'));
    assert.equal(await full.textContent('#c4-board .c4-score[data-column="1"] .c4-value'), '—');
    // The board saved as a picture: the core's drawing, as a notebook shows it.
    const [download] = await Promise.all([full.waitForEvent('download'), full.click('#c4-svg')]);
    assert.equal(download.suggestedFilename(), 'connect4-1111.svg');
    const svg = readFileSync(await download.path(), 'utf8');
    assert.equal((svg.match(/<circle/g) ?? []).length, 16);
    assert.equal((svg.match(/fill="#e6b800"/g) ?? []).length, 2, "player 1's two stones");
    assert.match(svg, />—<\/text>/, 'the full column has no score');
    await full.close();
    const bad = await newPage(env.browser);
    await bad.goto(`${env.base}#game=connect4&v=1&width=4&height=4&moves=115`);
    await bad.waitForFunction(() => /column 5 is not on the board/.test(document.body.textContent));
    await bad.close();
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('fits a phone, 7 columns wide, and hands the position to the teaching search', async () => {
    const moves = '7422341735647741166133573473242566'; // Pons' End-Easy: +1
    const page = await openDone(env, `#game=connect4&v=1&width=7&height=6&moves=${moves}`, { viewport: { width: 390, height: 844 } });
    assert.match(await page.textContent('#c4-verdict'), /^\+1: player 1 \(to move\) wins/);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(wide <= 0, `scrolls ${wide} px sideways`);
    const font = await page.$eval('#c4-board .c4-when', (e) => parseFloat(getComputedStyle(e).fontSize));
    assert.ok(font >= 11, `column words at ${font} px`);
    await page.screenshot({ path: `${SHOTS}connect4-phone.png`, fullPage: true });
    const hash = await page.evaluate(() => location.hash);
    await page.click('#c4-search');
    // The address changes before the page hears of it (hashchange comes after), so
    // 'done' may still be Connect Four's: wait for the search family's own table.
    await page.waitForFunction((before) => location.hash !== before && document.body.dataset.state === 'done'
      && document.querySelector('#runs-table'), hash, { timeout: 60_000 });
    assert.match(await page.evaluate(() => location.hash), /^#game=search&v=1&search=connect4.*moves=742/);
    assert.ok(await page.isVisible('#runs-table'), 'the search family shows its runs');
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('shows the board under a go-ahead question, and a column is played from it', async () => {
    const page = await newPage(env.browser, { viewport: { width: 390, height: 844 } });
    await page.goto(`${env.base}#game=connect4&v=1&width=7&height=6&moves=4453`);
    await page.waitForSelector('#confirm-compute');
    // The position the link holds, before any solve: its four stones, nothing claimed.
    assert.equal(await page.locator('#preview #c4-board .c4-cell').count(), 42);
    assert.equal(await page.locator('#preview #c4-board .c4-cell.p1, #preview #c4-board .c4-cell.p2').count(), 4);
    assert.match(await page.textContent('#c4-verdict'), /not solved yet/);
    assert.equal(await page.$('#c4-work'), null, 'no work told before any');
    assert.equal(await page.getAttribute('#progress', 'value'), '0', 'the bar stands still while the question waits');
    const hash = await page.evaluate(() => location.hash);
    await page.click('#preview .c4-score[data-column="1"]');
    await page.waitForFunction((before) => location.hash !== before, hash);
    assert.match(await page.evaluate(() => location.hash), /moves=44531\b/);
    // Asked again (with the new board) or solved at once: either way the board holds the move.
    await page.waitForFunction(() => document.getElementById('c4-moves')?.dataset.moves === '44531', null, { timeout: 120_000 });
    assert.equal(await page.locator('#c4-board .c4-cell.p1, #c4-board .c4-cell.p2').count(), 5, 'the move is on the board');
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(wide <= 0, `scrolls ${wide} px sideways`);
    await page.screenshot({ path: `${SHOTS}connect4-asks-with-board.png`, fullPage: true });
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('gives a long solve’s score first, then every column’s, with its own Cancel', async () => {
    // 6 × 6 from the empty board: its own solve is over the page's "at once"
    // budget, so the report comes with the score alone and the columns follow.
    const page = await newPage(env.browser);
    await page.goto(`${env.base}#game=connect4&v=1&width=6&height=6&moves=`);
    // The page may ask first (its estimate is a few seconds).
    await page.waitForFunction(() => document.getElementById('confirm-compute') || document.getElementById('c4-columns'), null, { timeout: 120_000 });
    if (await page.$('#confirm-compute')) await page.click('#confirm-compute');
    await page.waitForSelector('#c4-columns', { timeout: 120_000 });
    // Tromp: 6 × 6 is the second player's, with the last stone.
    assert.match(await page.textContent('#c4-verdict'), /^-1: /);
    const searched = async () => Number((await page.textContent('#c4-work')).replace(/\D/g, ''));
    const scoreOnly = await searched();
    assert.ok(scoreOnly > 1e6, String(scoreOnly));
    assert.deepEqual(Object.values(await columnScores(page)), [null, null, null, null, null, null]);
    assert.match(await page.textContent('#c4-legend'), /being computed now/);
    assert.match(await page.getAttribute('#c4-board .c4-score[data-column="1"]', 'title'), /being scored/);
    // The follow-up runs on every core: the core splits it into 3 parts
    // (columns 3 and 4, 2 and 5, 1 and 6: a mirror position's columns in
    // pairs), one bar adding up the workers' nodes; on one core, the
    // progress names the column being scored.
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    const split = cores > 1;
    await page.waitForFunction((split) => (split ? /Scoring every column… · nodes [\d,]+ · parts done [0-2] · parts 3$/ : /Scoring every column… · nodes [\d,]+ · column \d/)
      .test(document.getElementById('status-text').textContent), split, { timeout: 60_000 });
    if (split) assert.ok(page.workers().length >= 2, `${page.workers().length} workers`);
    await page.click('#cancel');
    await page.waitForFunction(() => /cancelled/.test(document.getElementById('c4-legend').textContent));
    // Cancel stops every worker at once: no part's message comes after it.
    const after = await page.textContent('#status-text');
    await page.waitForTimeout(1500);
    assert.equal(await page.textContent('#status-text'), after);
    assert.equal(await page.isDisabled('#c4-columns'), false);
    assert.match(await page.textContent('#c4-verdict'), /^-1: /);
    // Asked again: every column scored, the best ones keeping −1.
    await page.click('#c4-columns');
    await page.waitForFunction(() => document.querySelectorAll('#c4-board .c4-score[data-score]').length === 6, null, { timeout: 120_000 });
    const scores = Object.values(await columnScores(page));
    assert.equal(Math.max(...scores), -1, String(scores));
    assert.equal(await page.locator('#c4-columns').count(), 0);
    // The headline counts the position's solve and the columns' together, and says each.
    const [score, columns] = (await page.textContent('#c4-work + .label')).match(/[\d\s\u202f,]+(?= for)/g).map((n) => Number(n.replace(/\D/g, '')));
    assert.equal(score, scoreOnly);
    assert.ok(columns > 0);
    assert.equal(await searched(), score + columns);
    const best = await page.$$eval('#c4-board .c4-score.best', (b) => b.map((x) => Number(x.dataset.score)));
    assert.ok(best.length > 0 && best.every((v) => v === -1), String(best));
    assert.deepEqual(await brokenTexts(page), []);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('shows the positions searched while a long solve runs, and cancels it', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.base}#game=connect4&v=1&width=7&height=6&moves=44`);
    await page.waitForSelector('#confirm-compute');
    await page.click('#confirm-compute');
    // The go-ahead's box gives way at once to what is happening.
    await page.waitForSelector('#computing-note');
    assert.equal(await page.locator('#cost-confirm').count(), 0);
    await page.waitForFunction(() => /nodes [\d,]+/.test(document.getElementById('status-text').textContent), null, { timeout: 60_000 });
    // And how fast: nodes per second, once the solve has run a little.
    await page.waitForFunction(() => /nodes per second [\d,]+/.test(document.getElementById('status-text').textContent), null, { timeout: 60_000 });
    // The score window proven so far, and no percentage nor time left: how
    // much of a search is done is not known.
    const line = await page.textContent('#status-text');
    const proven = line.match(/score at least (-?\d+) · score at most (-?\d+)/);
    assert.ok(proven && +proven[1] <= +proven[2], line);
    assert.ok(+proven[1] >= -20 && +proven[2] <= 20, line);
    assert.doesNotMatch(line, /%|left/);
    assert.equal(await page.$eval('#progress', (p) => p.hasAttribute('value')), false);
    // On several cores the score is probed by a worker a core (the core's
    // probes: thresholds tested side by side), one bar adding up their work.
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    if (cores > 1) {
      await page.waitForFunction(() => /probes done \d+/.test(document.getElementById('status-text').textContent), null, { timeout: 60_000 });
      assert.ok(page.workers().length >= 2, `${page.workers().length} workers`);
    }
    await page.click('#cancel');
    await page.waitForFunction(() => document.body.dataset.state === 'cancelled');
    // Cancel stops every worker at once: no probe's message comes after it.
    const after = await page.textContent('#status-text');
    await page.waitForTimeout(1500);
    assert.equal(await page.textContent('#status-text'), after);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('probes a long solve’s score on two workers and finds the one worker’s (6 × 6 from the empty board)', async () => {
    // 6 × 6, the smallest board whose score comes alone (its columns to follow):
    // one worker solves it, two probe it side by side.
    const link = '#game=connect4&v=1&width=6&height=6&moves=';
    const scores = [];
    for (const cores of [1, 2]) {
      const page = await newPage(env.browser);
      await page.addInitScript((c) => Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => c }), cores);
      // The requests the page sends its workers, by type.
      await page.addInitScript(() => {
        const post = Worker.prototype.postMessage;
        window.__sent = [];
        Worker.prototype.postMessage = function (message, ...rest) {
          if (message?.type) window.__sent.push(message.type);
          return post.call(this, message, ...rest);
        };
      });
      await page.goto(env.base + link);
      await page.waitForFunction(() => document.getElementById('confirm-compute') || /^[+-]?\d+: /.test(document.getElementById('c4-verdict')?.textContent ?? ''), null, { timeout: 120_000 });
      if (await page.$('#confirm-compute')) await page.click('#confirm-compute');
      await page.waitForFunction(() => /^[+-]?\d+: /.test(document.getElementById('c4-verdict')?.textContent ?? ''), null, { timeout: 120_000 });
      scores.push(await page.textContent('#c4-verdict'));
      assert.ok(Number((await page.textContent('#c4-work')).replace(/\D/g, '')) > 0);
      const sent = await page.evaluate(() => window.__sent);
      assert.equal(sent.includes('probe') && sent.includes('probe-join'), cores > 1, sent.join(', '));
      assert.deepEqual(page.problems, []);
      await page.close();
    }
    // Tromp: 6 × 6 is the second player's, with the last stone.
    assert.equal(scores[0], scores[1]);
    assert.match(scores[0], /^-1: /);
  });
});
