// The Snakes and Ladders editor and the views beyond P and E, in Chromium.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, newPage, settled, SHOTS, openDone } from './browser.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

const open = (link, options) => openDone(env, link, options);

const hash = (page) => decodeURIComponent(new URL(page.url()).hash);
const p00 = (page) => page.textContent('#p00');

/** Waits for a new result after an edit. */
async function recomputed(page, before) {
  await page.waitForFunction((old) => document.body.dataset.state === 'done'
    && document.querySelector('#p00')?.textContent !== old, before);
}

async function centre(page, square) {
  const box = await page.locator(`svg.board rect[data-square="${square}"]`).boundingBox();
  return [box.x + box.width / 2, box.y + box.height / 2];
}

describe('board editor', () => {
  it('adds a ladder by dragging, follows in the link and p[0][0], and undoes it', async () => {
    const page = await open('#game=snakes&v=1&preset=audet');
    const before = await p00(page);
    assert.match(before, /0\.5087/);
    const [x1, y1] = await centre(page, 2);
    const [x2, y2] = await centre(page, 60);
    await page.mouse.move(x1, y1);
    await page.mouse.down();
    await page.mouse.move((x1 + x2) / 2, (y1 + y2) / 2, { steps: 5 });
    await page.mouse.move(x2, y2, { steps: 5 });
    await page.mouse.up();
    await recomputed(page, before);
    const link = hash(page);
    assert.match(link, /squares=100/);
    assert.match(link, /ladder=1:38,2:60,4:14/);
    assert.doesNotMatch(link, /preset=/);
    const after = await p00(page);
    assert.notEqual(after, before);
    assert.ok(await page.locator('svg.board .ladder[data-from="2"][data-to="60"]').count() === 1);
    await page.screenshot({ path: `${SHOTS}snakes-editor.png` });

    // Ctrl+Z restores the preset, Ctrl+Y redoes the ladder.
    await page.locator('body').press('Control+z');
    await recomputed(page, after);
    assert.equal(hash(page), '#game=snakes&v=1&preset=audet');
    assert.equal(await p00(page), before);
    assert.equal(await page.inputValue('#field-preset'), 'audet');
    await page.locator('body').press('Control+y');
    await recomputed(page, before);
    assert.match(hash(page), /ladder=1:38,2:60,4:14/);
    // The Undo button does the same.
    await page.click('#undo');
    await recomputed(page, after);
    assert.equal(hash(page), '#game=snakes&v=1&preset=audet');
    assert.deepEqual(page.problems, []);
  });

  it('removes a jump by click or keyboard, adds one by typing, and refuses invalid ones', async () => {
    const page = await open('#game=snakes&v=1&preset=grid1');
    assert.match(await p00(page), /2\/3/);
    // Click the snake 4→3: removed.
    // A horizontal line has a zero-height box: click its middle regardless.
    await page.locator('svg.board .snake[data-from="4"] .hit').click({ force: true });
    await page.waitForFunction(() => !location.hash.includes('preset='));
    assert.equal(hash(page), '#game=snakes&v=1&squares=6&ladder=1:5&die=1,2,3');
    // Keyboard: focus the ladder 1→5 and press Delete.
    await settled(page);
    await page.locator('svg.board .ladder[data-from="1"]').focus();
    await page.keyboard.press('Delete');
    await page.waitForFunction(() => !location.hash.includes('ladder='));
    // Typed: a snake 5→2.
    await page.fill('#jump-from', '5');
    await page.fill('#jump-to', '2');
    await page.click('#jump-add');
    await page.waitForFunction(() => location.hash.includes('snake=5%3A2'));
    // Invalid: a jump from the start square is refused, with the reason, and the link stays.
    const link = hash(page);
    await page.fill('#jump-from', '0');
    await page.fill('#jump-to', '4');
    await page.click('#jump-add');
    const error = page.locator('#board-editor .field-error');
    await error.waitFor();
    assert.match(await error.textContent(), /jump 0→4 starts on square 0 \(jumps start on squares 1 to 5\)/);
    // Said once, beside the editor: no second copy anywhere on the page.
    assert.equal(await page.locator('.field-error:visible').count(), 1);
    assert.equal(hash(page), link);
    assert.deepEqual(page.problems, []);
  });

  it('edits the die, the rule and the size, with errors next to the field', async () => {
    const page = await open('#game=snakes&v=1&preset=audet');
    const before = await p00(page);
    await page.selectOption('#field-rule', 'exact');
    await recomputed(page, before);
    assert.match(hash(page), /rule=exact/);
    assert.match(await p00(page), /0\.5078/);
    await page.fill('#field-die', '1:0.5,2:0.4');
    await page.press('#field-die', 'Enter');
    const error = page.locator('#field-die ~ .field-error, #error-die');
    await error.first().waitFor();
    assert.match(await error.first().textContent(), /the die's probabilities sum to 0\.9/);
    assert.equal(await page.getAttribute('#field-die', 'aria-invalid'), 'true');
    await page.fill('#field-squares', '1');
    await page.press('#field-squares', 'Enter');
    await page.locator('#error-squares').waitFor();
    assert.match(await page.textContent('#error-squares'), /from 2 to 2500/);
    assert.deepEqual(page.problems, []);
  });
});

describe('empty boards, custom boards and resizing', () => {
  it('clears a preset’s board to an empty one, undoes it, and starts a custom board from a preset', async () => {
    const page = await open('#game=snakes&v=1&preset=audet');
    const jumps = await page.locator('svg.board .jump').count();
    assert.ok(jumps > 0);
    const before = await p00(page);
    await page.click('#board-clear');
    await recomputed(page, before);
    assert.equal(await page.locator('svg.board .jump').count(), 0);
    assert.equal(await page.inputValue('#field-preset'), 'custom');
    assert.doesNotMatch(hash(page), /preset=/);
    assert.doesNotMatch(hash(page), /ladder=\d|snake=\d/);
    // Undo brings the preset back.
    const empty = await p00(page);
    await page.click('#undo');
    await recomputed(page, empty);
    assert.equal(await page.locator('svg.board .jump').count(), jumps);
    assert.match(hash(page), /preset=audet/);
    // "custom" is offered, and starts one's own board from an empty one of the same size.
    assert.equal(await page.locator('#field-preset option[value="custom"]').isDisabled(), false);
    await page.selectOption('#field-preset', 'custom');
    await page.waitForFunction(() => !location.hash.includes('preset='));
    assert.equal(await page.locator('svg.board .jump').count(), 0);
    assert.match(hash(page), /squares=100/);
    // Editing a preset's board makes it one's own too: a preset, then a jump added by typing.
    await page.selectOption('#field-preset', 'audet');
    await page.waitForFunction(() => location.hash.includes('preset=audet'));
    const grid = await page.locator('svg.board .jump').count();
    await page.fill('#jump-from', '2');
    await page.fill('#jump-to', '60');
    await page.click('#jump-add');
    await page.waitForFunction(() => !location.hash.includes('preset='));
    assert.equal(await page.locator('svg.board .jump').count(), grid + 1);
    assert.deepEqual(page.problems, []);
  });

  it('shrinking a board below its jumps names them, marks the results stale and offers to drop them', async () => {
    const page = await open('#game=snakes&v=1&squares=30&ladder=3:12,20:29&snake=25:2');
    await page.fill('#field-squares', '22');
    await page.press('#field-squares', 'Enter');
    await page.waitForSelector('#drop-jumps');
    assert.match(await page.textContent('#squares-offer'), /2 jumps do not fit a board of 22 squares: 20→29, 25→2/);
    await page.waitForSelector('#stale-note');
    const before = await p00(page);
    await page.click('#drop-jumps');
    await recomputed(page, before);
    assert.match(hash(page), /squares=22/);
    assert.match(hash(page), /ladder=3:12(&|$)/);
    assert.equal(await page.locator('#stale-note').count(), 0);
    assert.equal(await page.locator('svg.board .jump').count(), 1);
    assert.deepEqual(page.problems, []);
  });
});

describe('random boards', () => {
  it('draws a random board of the same size into the link', async () => {
    const page = await open('#game=snakes&v=1&preset=grid1');
    const before = await p00(page);
    await page.fill('#field-squares', '60');
    await page.press('#field-squares', 'Enter');
    await recomputed(page, before);
    const sized = await p00(page);
    await page.click('#random-board');
    await recomputed(page, sized);
    const link = hash(page);
    assert.match(link, /squares=60/);
    assert.match(link, /ladder=\d+:\d+/);
    assert.match(link, /snake=\d+:\d+/);
    assert.ok((await page.locator('svg.board .jump').count()) >= 6);
    assert.deepEqual(page.problems, []);
  });
});

describe('Snakes and Ladders views', () => {
  it('shows the seed\'s Example 2 as fractions', async () => {
    const page = await open('#game=snakes&preset=example2');
    assert.match(await p00(page), /p\[0\]\[0\] = 1192\/1683 ≈ 0\.7083/);
    assert.match(await page.textContent('#e00'), /664\/363/);
    const fractions = await page.textContent('#p-exact-table');
    for (const f of ['1192/1683', '152/187', '184/561', '328/561']) assert.ok(fractions.includes(f), f);
    assert.match(await page.textContent('#a-table'), /1\/8.*1\/4.*3\/8.*1\/2/s);
    assert.deepEqual(page.problems, []);
  });

  it('reports trapped squares and leaves P and E undefined there', async () => {
    const page = await open('#game=snakes&squares=6&die=1,2&ladder=1:6&snake=4:2,5:2');
    const report = await page.textContent('#termination');
    assert.match(report, /Trapped squares, from which the goal cannot be reached: 1, 2, 3\./);
    assert.match(report, /one player never finishes with probability 0\.500000, and a two-player game lasts forever with probability 0\.250000/);
    assert.match(await p00(page), /not defined/);
    assert.match(await page.textContent('#race-summary'), /infinite/);
    assert.deepEqual(page.problems, []);
  });

  it('races m players, compares rules, lists surprises and draws the distributions', async () => {
    const page = await open('#game=snakes&preset=audet&players=3&starts=0,0,10');
    const race = await page.textContent('#race-table');
    assert.match(race, /player 3\s*10/);
    // Three players: the headline is the race's, not the two-player p[0][0] and e[0][0].
    assert.equal(await page.$('#p00'), null);
    assert.match(await page.textContent('#race-p1 + .label'), /player 1 wins, 3 players moving in turn from squares 0, 0, 10/);
    assert.match(await page.textContent('#race-length'), /^\d+\.\d{2} moves$/);
    assert.equal(Number(await page.textContent('#race-p1')).toFixed(4), Number(race.match(/player 1\s*0\s*(0\.\d+)/)[1]).toFixed(4));
    assert.match(await page.textContent('#surprise-table'), /p\[74\]\[91\] = 0\.494.*p\[81\]\[91\] = 0\.251/s);
    assert.match(await page.textContent('#rules-table'), /exact\s*0\.507803\s*52\.5188\s*39\.5984\s*33/);
    assert.match(await page.textContent('#one-player-summary'), /expected rolls 36\.1931, median 30, minimum 7/);
    for (const id of ['#chart-length canvas', '#chart-one-player canvas', '#heatmap-a canvas']) {
      assert.equal(await page.getAttribute(id, 'data-drawn'), 'true', id);
    }
    await page.locator('#chart-one-player canvas').hover({ position: { x: 200, y: 100 } });
    assert.match(await page.textContent('#chart-one-player .tooltip'), /^roll \d+: 0\.\d{5}$/);
    await page.screenshot({ path: `${SHOTS}snakes-views.png`, fullPage: true });
    assert.deepEqual(page.problems, []);
    // A board whose games last ~10⁹ rolls under the exact rule: its row says so, the rest stands.
    const slow = await open('#game=snakes&squares=23&snake=17:0&die=1:1/6,12:5/6&rule=overshoot');
    assert.match(await slow.textContent('#rules-table'), /exact\s*not computed: games under this rule last more than 10,000,000 rolls/);
    assert.match(await slow.textContent('#rules-table'), /overshoot\s*0\.769679/);
    assert.deepEqual(slow.problems, []);
  });

  it('computes with each method and says so', async () => {
    for (const [method, text] of [['series', /Method: series; \d+ terms summed, error at most \S+ on P/], ['vectorised', /Method: vectorised \(direct solution\)/], ['exact', /Method: exact/]]) {
      const page = await open(`#game=snakes&preset=grid1&method=${method}`);
      assert.match(await page.textContent('#termination'), text);
      assert.match(await p00(page), /2\/3 ≈ 0\.6667/);
      assert.deepEqual(page.problems, []);
    }
    const page = await newPage(env.browser);
    await page.goto(`${env.base}#game=snakes&preset=audet&method=exact`);
    await settled(page);
    assert.match(await page.textContent('#error-method'), /Method — the exact method takes at most 20 squares and this board has 100/);
  });
});
