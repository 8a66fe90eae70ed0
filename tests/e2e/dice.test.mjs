// Dice Battle in Chromium: the sequential game's heat maps and table, a comparison
// with its simulation, the one-turn matrix game.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, SHOTS, openDone, newPage, settled } from './browser.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

const open = (link) => openDone(env, link);

describe('Dice Battle', () => {
  it('opens a sequential link and shows EG, OPT and the exact table of strategies', async () => {
    const page = await open('#game=dice&mode=sequential&dice=10&target=100');
    assert.match(await page.textContent('#eg00'), /EG\(0,0\) = 0\.068719/);
    assert.match(await page.textContent('#opt00'), /OPT\(0,0\) = 6/);
    for (const id of ['#heatmap-eg canvas', '#heatmap-opt canvas']) {
      assert.equal(await page.getAttribute(id, 'data-drawn'), 'true', id);
    }
    // P(1, k) = 1/6 for k = 1..6.
    const firstRow = await page.$$eval('#score-table tbody tr:first-child td', (cells) => cells.map((c) => c.textContent));
    assert.deepEqual(firstRow.slice(0, 8), ['1', '0.1667', '0.1667', '0.1667', '0.1667', '0.1667', '0.1667', '']);
    const table = await page.textContent('#strategy-table');
    for (const v of ['0.06699', '-0.03129', '0.31870', '0.16779', '0.06872', '0.39867', '-0.20472', '-0.28425', '0.05514']) {
      assert.ok(table.includes(v), v);
    }
    // OPT is categorical: hovering reads a whole number of dice.
    const box = await page.locator('#heatmap-opt canvas').boundingBox();
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.3);
    assert.match(await page.textContent('#heatmap-opt .tooltip'), /^OPT\[\d+\]\[\d+\] = \d+\n/);
    assert.equal(new URL(page.url()).hash, '#game=dice&v=1&mode=sequential&dice=10&target=100');
    // The seed's Figure 1, exactly: its D = 10 point is Table 1's optimal-vs-blind.
    for (const id of ['#curve-dice canvas', '#curve-target canvas']) {
      assert.equal(await page.getAttribute(id, 'data-drawn'), 'true', id);
    }
    await page.locator('#curve-dice canvas').scrollIntoViewIfNeeded();
    const curve = await page.locator('#curve-dice canvas').boundingBox();
    await page.mouse.move(curve.x + curve.width - 40, curve.y + curve.height / 2);
    assert.match(await page.textContent('#curve-dice .tooltip'), /^D = 10: 0\.16779$/);
    await page.screenshot({ path: `${SHOTS}dice-sequential.png` });
    assert.deepEqual(page.problems, []);
  });

  it('compares two strategies exactly and by simulation, and edits follow the link', async () => {
    const page = await open('#game=dice&mode=compare&first=random&second=optimal&simulate=20000&seed=5');
    const table = await page.textContent('#comparison-table');
    assert.match(table, /exact.*-0\.2842/s);
    assert.match(table, /simulated: 20000 games, seed 5/);
    await page.selectOption('#field-second', 'blind');
    // blind is player 2's default: the canonical link leaves "second" out.
    await page.waitForFunction(() => !location.hash.includes('second=') && document.body.dataset.state === 'done'
      && document.querySelector('#comparison-table')?.textContent.includes('-0.2047'));
    assert.deepEqual(page.problems, []);
  });

  it('solves the one-turn game by linear programming', async () => {
    const page = await open('#game=dice&mode=one-turn&dice=3');
    assert.match(await page.textContent('#one-turn-matrix'), /-3\/8.*-49\/216.*773\/3888/s);
    assert.match(await page.textContent('#mixed-strategy'), /3\s*1\.000000/);
    const five = await open('#game=dice&mode=one-turn&dice=5');
    const strategy = await five.textContent('#mixed-strategy');
    assert.match(strategy, /2\s*0\.17558/);
    assert.match(strategy, /5\s*0\.77148/);
    // The symmetric game's value 0 in words, never a bare 0.000000000; the mix said to be below.
    assert.equal(await five.textContent('#game-value'), 'a fair game');
    assert.match(await five.textContent('#game-strategy'), /^a mixed strategy/);
    assert.match(await page.textContent('#game-strategy'), /^3 dice/);
    // Table 2 for D = 2..10 and Table 3 (one turn, exactly): the diagonal is 0.
    const t2 = await five.$$eval('#table-2 tbody tr:nth-child(4) td', (cells) => cells.map((c) => c.textContent));
    assert.deepEqual(t2, ['5', '', '0.17558', '0.05294', '', '0.77148', '', '', '', '', '']);
    const t3 = await five.$$eval('#table-3 tbody tr', (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent)));
    assert.deepEqual(t3.map((row, i) => row[i + 1]), ['0.00000', '0.00000', '0.00000']);
    assert.deepEqual([...page.problems, ...five.problems], []);
  });

  it('refuses out-of-range parameters next to the field', async () => {
    const page = await open('#game=dice&mode=sequential&dice=10&target=100');
    await page.fill('#field-dice', '31');
    await page.press('#field-dice', 'Enter');
    await page.locator('#error-dice').waitFor();
    assert.match(await page.textContent('#error-dice'), /expected a whole number from 1 to 30/);
    assert.deepEqual(page.problems, []);
  });
});

describe('Dice Battle, question 6', () => {
  it('solves the variant by value iteration and reports the iterations', async () => {
    const page = await open('#game=dice&mode=variant&dice=10&target=100');
    assert.match(await page.textContent('#iterations'), /Value iteration to 1e-12: \d+ iterations/);
    for (const id of ['#heatmap-eg canvas', '#heatmap-opt canvas']) {
      assert.equal(await page.getAttribute(id, 'data-drawn'), 'true', id);
    }
    assert.deepEqual(page.problems, []);
  });
});

describe('Dice Battle, playing', () => {
  it('plays a human turn against the optimal computer, which explains its choice', async () => {
    const page = await open('#game=dice&mode=sequential&dice=6&target=30');
    assert.match(await page.textContent('#play-score'), /You 0 — computer 0 \(target 30\)/);
    await page.click('#throw-3');
    await page.waitForSelector('#play:not([data-busy])');
    const entries = await page.locator('#play-log li').allTextContents();
    // Oldest first, as a game is read: your throw, then the computer's answer.
    assert.match(entries[0], /^You threw 3 dice for \d+/);
    if (entries.length > 1) {
      assert.match(entries[1], /The computer threw \d dice \(OPT\(\d+, \d+\) = \d: with it the computer wins with probability 0\.\d{3}/);
    }
    assert.match(await page.textContent('#play-score'), /You [1-9]\d* — computer \d+/);
    assert.match(await page.textContent('#play-dice'), /You: [⚀-⚅ ]+→ \d+/);
    await page.locator('#play').screenshot({ path: `${SHOTS}dice-play.png` });
    assert.deepEqual(page.problems, []);
  });

  it('plays to the end, says who won, stops the throws, and starts again', async () => {
    const page = await open('#game=dice&mode=sequential&dice=6&target=12');
    await page.selectOption('#play-opponent', 'blind');
    for (let i = 0; i < 40 && !(await page.getAttribute('#play-log', 'data-result')); i++) {
      await page.click('#throw-6');
      await page.waitForSelector('#play:not([data-busy])');
    }
    const result = await page.getAttribute('#play-log', 'data-result');
    assert.ok(['you', 'computer'].includes(result), `a winner: ${result}`);
    const last = (await page.locator('#play-log li').allTextContents()).at(-1);
    assert.match(last, result === 'you' ? /you win!$/ : /\(blind: always 6, .*\).*: it wins\.$/);
    assert.equal(await page.isDisabled('#throw-1'), true, 'no throw after the end');
    assert.doesNotMatch(await page.textContent('#play-score'), /probability/, 'no chance after the end');
    await page.click('#play-restart');
    await page.waitForFunction(() => /You 0 — computer 0/.test(document.getElementById('play-score').textContent));
    assert.equal(await page.locator('#play-log li').count(), 0);
    assert.equal(await page.getAttribute('#play-log', 'data-result'), null);
    assert.equal(await page.textContent('#play-dice'), '');
    assert.equal(await page.isDisabled('#throw-1'), false);
    assert.deepEqual(page.problems, []);
  });
});

describe('Dice Battle, links', () => {
  it('reads D and N as the seed and the labels name them, and an edit lets an unknown key go', async () => {
    const page = await open('#game=dice&v=1&mode=compare&N=100&D=10');
    assert.match(await page.evaluate(() => location.hash), /dice=10&target=100/);
    assert.equal(await page.inputValue('#field-target'), '100');
    const stuck = await newPage(env.browser);
    await stuck.goto(`${env.base}#game=dice&v=1&mode=compare&foo=3&target=30`);
    await stuck.waitForFunction(() => /not valid/.test(document.getElementById('status').textContent));
    await stuck.fill('#field-target', '40');
    await stuck.locator('#field-target').press('Enter');
    await settled(stuck);
    const hash = await stuck.evaluate(() => location.hash);
    assert.doesNotMatch(hash, /foo/);
    assert.match(hash, /target=40/);
    assert.doesNotMatch(await stuck.textContent('#status'), /not valid/);
    assert.deepEqual(page.problems, []);
    await stuck.close();
    await page.close();
  });
});

describe('Dice Battle, simultaneous', () => {
  it('solves a matrix game in every state and shows the mixed strategy on hover', async () => {
    const page = await open('#game=dice&mode=simultaneous&dice=10&target=100');
    assert.match(await page.textContent('#eg00'), /EG1\(0,0\) = 0\.000000/);
    assert.match(await page.textContent('#antisymmetry'), /max \|EG1\(i,j\) \+ EG1\(j,i\)\| = \d\.\de-1[5-9]/);
    assert.equal(await page.getAttribute('#heatmap-eg1 canvas', 'data-drawn'), 'true');
    // In the middle of the window: the menu's ninth family pushed the map's centre
    // under the status bar at the bottom, which took the pointer.
    await page.locator('#heatmap-eg1 canvas').evaluate((c) => c.scrollIntoView({ block: 'center' }));
    const box = await page.locator('#heatmap-eg1 canvas').boundingBox();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
    assert.match(await page.textContent('#heatmap-eg1 .tooltip'), /player 1 plays: \d+ dice/);
    assert.match(await page.textContent('#table-4'), /optimal simultaneous\s*0\.000000/);
    await page.screenshot({ path: `${SHOTS}dice-simultaneous.png` });
    assert.deepEqual(page.problems, []);
  });
});
