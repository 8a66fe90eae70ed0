// The search mode of the game graphs in Chromium: the four algorithms side by
// side, the tree stepped node by node with its cut-offs greyed, a click on the
// board searching the next position, the exact answer's disagreement marker,
// Connect Four solved exactly, and a game against the computer.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, SHOTS, openDone, openLink, settled, drawingProblems } from './browser.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

const number = (text) => Number(text.replace(/[^\d-]/g, ''));

/** The runs table as {algorithm: {nodes, cutoffs, best}}. */
async function runs(page) {
  return page.$$eval('#runs-table tbody tr', (rows) => Object.fromEntries(rows.map((tr) => {
    const cells = [...tr.cells].map((c) => c.textContent);
    return [tr.dataset.algorithm, { value: cells[1], best: cells[2], nodes: cells[3], cutoffs: cells[5] }];
  })));
}

describe('Search: minimax and alpha-beta beside the exact answer', () => {
  it('counts the whole tic-tac-toe tree and proves the draw', async () => {
    const page = await openDone(env, '#game=search&v=1&search=tictactoe&depth=end&algorithm=minimax&moves=');
    assert.match(await page.textContent('#search-value'), /a draw/);
    const r = await runs(page);
    // Every node of the game tree, the root included (Schaeffer's count).
    assert.equal(number(r.minimax.nodes), 549946);
    for (const a of ['alphabeta', 'ordered', 'tt']) {
      assert.match(r[a].value, /draw/);
      assert.ok(number(r[a].nodes) < number(r.minimax.nodes) / 10, `${a} prunes`);
    }
    assert.equal(await page.getAttribute('#search-disagrees', 'data-disagrees'), 'false');
    // Depth "end" records no tree.
    assert.equal(await page.locator('#search-tree').count(), 0);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('draws the tree with its cut-offs greyed and steps through it node by node', async () => {
    const page = await openDone(env, '#game=search&v=1&search=tictactoe&depth=2&algorithm=alphabeta&moves=5,1,3');
    assert.equal(await page.textContent('#search-best'), '7');
    assert.equal(await page.getAttribute('#tree-graph canvas', 'data-drawn'), 'true');
    const pruned = Number(await page.getAttribute('#search-tree', 'data-pruned'));
    assert.ok(pruned > 0, 'alpha-beta cut some moves off');
    const tree = await page.evaluate(() => window.__ludolab.result.tree);
    assert.equal(tree.nodes.filter((n) => n.visit === null).length, pruned);
    // Minimax would visit every child: 1 + 6 + 6 × 5 nodes; alpha-beta fewer.
    assert.equal(number((await runs(page)).minimax.nodes), 37);
    const visits = tree.nodes.filter((n) => n.visit !== null).length;
    assert.ok(visits < 37);
    // Back to the root, then forward node by node: the caption follows the visit order.
    await page.fill('#step-slider', '0');
    assert.match(await page.textContent('#step-caption'), /^Node 1 of \d+: the position searched \(the root\)/);
    await page.click('#step-next');
    const second = await page.textContent('#step-caption');
    assert.match(second, /^Node 2 of/);
    assert.match(new URL(page.url()).hash, /step=1/);
    await page.keyboard.press('End');
    await page.focus('#step-slider');
    await page.keyboard.press('End');
    assert.match(await page.textContent('#step-caption'), new RegExp(`^Node ${visits} of ${visits}`));
    assert.ok(await page.isDisabled('#step-next'));
    await page.screenshot({ path: `${SHOTS}search-tree.png`, fullPage: true });
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('says how soon a proven node ends, and marks a cut-off’s value as a bound', async () => {
    // The stick game, 6 sticks, take 1–3, normal play, depth 4: nodes at 4 sticks or
    // fewer are proven. Step to each visit until the caption names one.
    const page = await openDone(env, '#game=search&v=1&search=sticks&sticks=6&take=1,2,3&misere=no&depth=4&algorithm=alphabeta');
    const tree = await page.evaluate(() => window.__ludolab.result.tree);
    assert.ok(tree.ends.some((e) => e !== null), 'some proven node has its distance');
    const captions = await page.evaluate(() => {
      const slider = document.getElementById('step-slider');
      const out = [];
      for (let k = 0; k <= Number(slider.max); k++) {
        slider.value = String(k);
        slider.dispatchEvent(new Event('input'));
        out.push(document.getElementById('step-caption').textContent);
      }
      return out;
    });
    assert.ok(captions.some((c) => /value for player 1: (win|loss) in \d+/.test(c)), captions.join('\n'));
    assert.ok(captions.some((c) => /value for player 1: [≥≤] /.test(c)), 'a cut-off shows a bound');
    assert.ok(captions.every((c) => !/undefined|NaN/.test(c)));
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('searches the position after a move clicked on the board, and takes it back', async () => {
    const page = await openDone(env, '#game=search&v=1&search=tictactoe&depth=2&moves=5,1,3');
    await page.click('#search-board [data-move="7"]');
    await page.waitForFunction(() => new URL(location.href).hash.includes('moves=5%2C1%2C3%2C7'));
    await settled(page);
    assert.equal(await page.inputValue('#field-moves'), '5,1,3,7');
    assert.match(await page.textContent('#search-position'), /After 5, 1, 3, 7/);
    await page.click('#search-back');
    await page.waitForFunction(() => /moves=5%2C1%2C3(&|$)/.test(new URL(location.href).hash));
    await settled(page);
    assert.equal(await page.inputValue('#field-moves'), '5,1,3');
    // A move that is not legal is refused beside its field, in its own words.
    await page.fill('#field-moves', '5,5');
    await page.press('#field-moves', 'Tab');
    await page.waitForSelector('.field-error');
    assert.match(await page.textContent('.field-error'), /Moves from the start.*legal move at move 2/s);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('marks a heuristic choice that the exact answer contradicts (Chomp 8 × 8)', async () => {
    const page = await openDone(env, '#game=search&v=1&search=chomp&rows=8&cols=8&depth=4&heuristic=parity&algorithm=alphabeta&moves=');
    assert.match(await page.textContent('#exact-answer'), /a win for the player to move \(by retrograde analysis of every board\)\. Moves that keep it: 1\.1\./);
    assert.equal(await page.getAttribute('#search-disagrees', 'data-disagrees'), 'true');
    assert.match(await page.textContent('#search-disagrees'), /not among them/);
    // The exact winning square is green on the bar, the search's choice outlined.
    assert.equal(await page.getAttribute('#search-board .square.winning', 'data-move'), '1.1');
    assert.equal(await page.locator('#search-board .square.best').count(), 1);
    const r = await runs(page);
    assert.ok(number(r.alphabeta.nodes) < number(r.minimax.nodes));
    await page.screenshot({ path: `${SHOTS}search-chomp.png`, fullPage: true });
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('never uses a solved game’s words when the node limit stopped the search', async () => {
    const { page, state } = await openLink(env, '#game=search&v=1&search=connect4&width=5&height=4&depth=end&algorithm=alphabeta&moves=');
    if (state === 'idle') await page.click('#confirm-compute');
    assert.equal(await settled(page), 'done');
    const value = await page.textContent('#search-value');
    assert.match(value, /not solved/);
    assert.doesNotMatch(value, /draw|win|loss|-?\d/);
    assert.match(await page.textContent('#search-stopped'), /stopped at 4,000,000 nodes.*To go further/);
    assert.match(await page.textContent('#search-best + .label'), /no move chosen/);
    const r = await runs(page);
    assert.equal(r.alphabeta.value, 'none: stopped');
    assert.equal(r.tt.value, 'draw (exact)');
    // The computer does not promise perfect play from a search that did not finish.
    assert.doesNotMatch(await page.textContent('#play-section'), /plays perfectly/);
    assert.match(await page.textContent('#exact-answer'), /Exactly: a draw/);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('solves Connect Four 5 × 4 exactly at once: “+ table” to the end hands over to the solver', async () => {
    const page = await openDone(env, '#game=search&v=1&search=connect4&width=5&height=4&depth=end&algorithm=tt&moves=');
    assert.match(await page.textContent('#search-value'), /a draw/);
    assert.match(await page.textContent('#exact-answer'), /Exactly: a draw \(by Connect Four’s exact solver\)/);
    assert.match(await page.textContent('#exact-score'), /Score 0: a draw/);
    const r = await runs(page);
    assert.match(r.tt.value, /draw/);
    assert.ok(await page.isVisible('#runs-solver'));
    assert.equal(await page.locator('#search-board .cell').count(), 20);
    const ms = await page.evaluate(() => window.__ludolab.computeMs);
    assert.ok(Number.isFinite(ms));
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('plays Connect Four against the computer from the link’s position', async () => {
    const page = await openDone(env, '#game=search&v=1&search=connect4&width=7&height=6&depth=2&moves=1,1,2,2');
    await page.click('#play-computer-first');
    await page.waitForSelector('#play-board:not([data-busy])');
    const log = await page.textContent('#play-log');
    assert.match(log, /I searched 2 plies deep \(\d+ nodes, alpha-beta\): \d (foresees|wins the game)/);
    // We answer in column 7; the computer searches again.
    await page.click('#play-board [data-move="7"]');
    await page.waitForSelector('#play-board:not([data-busy])');
    assert.match(await page.textContent('#play-log'), /You played 7\. I searched/);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('plays the stick game at a phone’s width without scrolling sideways', async () => {
    const page = await openDone(env, '#game=search&v=1&search=sticks&sticks=21&take=1,2,3&misere=no&depth=3&moves=', { viewport: { width: 390, height: 844 } });
    // 21 = 1 (mod 4): the first player wins by taking 1.
    assert.match(await page.textContent('#exact-answer'), /a win for the player to move.*Moves that keep it: 1\./);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(wide <= 0, `scrolls ${wide} px sideways`);
    await page.click('#play-board [data-move="1"]');
    await page.waitForSelector('#play-board:not([data-busy])');
    // 20 left is lost for the computer: whatever it takes, 17 to 19 sticks remain.
    assert.match(await page.textContent('#play-board'), /(17|18|19) sticks/);
    assert.match(await page.textContent('#play-log'), /You played 1\. I searched 3 plies deep/);
    await page.screenshot({ path: `${SHOTS}search-sticks-phone.png`, fullPage: true });
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('says a finished game is over, in the headline and the exact answer', async () => {
    const page = await openDone(env, '#game=search&v=1&search=tictactoe&depth=1&moves=1,2,3,4,5,6,7');
    assert.match(await page.textContent('#search-value'), /a loss for the player to move/);
    assert.match(await page.textContent('.headline'), /1 ply deep/);
    assert.equal(await page.textContent('#exact-answer'), 'The game is over: a loss for the player to move.');
    assert.equal(await page.locator('#search-board [data-move]').count(), 0);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('switches games and keeps the form built from the core (heuristics of the game only)', async () => {
    const page = await openDone(env, '#game=search&v=1&moves=');
    const ttt = await page.$$eval('#field-heuristic option', (o) => o.map((x) => x.value));
    await page.selectOption('#field-search', 'chomp');
    await page.waitForFunction(() => new URL(location.href).hash.includes('search=chomp'));
    await settled(page);
    const chomp = await page.$$eval('#field-heuristic option', (o) => o.map((x) => x.value));
    assert.deepEqual(ttt, ['lines', 'centre', 'zero']);
    assert.ok(chomp.includes('parity') && !chomp.includes('lines'), chomp.join());
    assert.equal(await page.inputValue('#field-moves'), '');
    assert.deepEqual(page.problems, []);
    await page.close();
  });
});

describe('Hex through the search (the seam a new game proves)', () => {
  for (const [width, height] of [[1366, 900], [390, 844]]) {
    it(`shows 3 × 3 Hex's winning first moves, the tree, and plays, at ${width} px`, async () => {
      const page = await openDone(env, '#game=search&v=1&search=hex&size=3&depth=2&moves=', { viewport: { width, height } });
      // The first player wins every n × n board; b2, the centre, is among the winning first moves.
      assert.match(await page.textContent('#exact-answer'), /a win for the player to move.*Moves that keep it: .*b2/s);
      assert.ok(await page.locator('#search-board .hex.winning[data-move="b2"]').count() === 1, 'b2 is marked winning');
      assert.equal(await page.locator('#search-board .hex').count(), 9);
      assert.equal(await page.inputValue('#field-size'), '3');
      assert.ok(await page.isVisible('#search-tree'), 'the tree is drawn');
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(wide <= 0, `scrolls ${wide} px sideways`);
      const font = await page.$eval('#search-board .hex text', (e) => e.getBoundingClientRect().height);
      assert.ok(font >= 11, `cell names ${font} px high`);
      await page.screenshot({ path: `${SHOTS}search-hex-${width}.png`, fullPage: true });
      // A click on b2 searches the position after it.
      await page.click('#search-board .hex[data-move="b2"]');
      await page.waitForFunction(() => new URL(location.href).hash.includes('moves=b2'));
      await settled(page);
      assert.match(await page.textContent('#search-position'), /After b2/);
      // Play against the computer from there: it answers with a cell.
      await page.click('#play-board .hex[data-move="a1"]');
      await page.waitForSelector('#play-board:not([data-busy])');
      assert.match(await page.textContent('#play-log'), /You played a1\. I searched/);
      assert.deepEqual(page.problems, []);
      await page.close();
    });
  }

  it('draws a depth-2 tree readably on a phone: names in view, panned, not squeezed into a fan', async () => {
    for (const [width, height] of [[390, 844], [1366, 900]]) {
      const page = await openDone(env, '#game=search&v=1&search=hex&depth=2', { viewport: { width, height } });
      const drawn = await page.$eval('#tree-graph canvas', (c) => ({ texts: c.drawnTexts.length, vertices: +c.dataset.vertices }));
      // Squeezed to 8 px a leaf, no name could be written (issue 69): now each node in view has its move.
      assert.ok(drawn.vertices >= 5 && drawn.texts >= drawn.vertices, JSON.stringify(drawn));
      assert.deepEqual(await drawingProblems(page), []);
      await page.locator('#tree-graph').screenshot({ path: `${SHOTS}search-hex-tree-depth2-${width}.png` });
      // Fit still shows the whole tree at once, every node in view.
      await page.click('#tree-graph button:has-text("Fit")');
      const nodes = Number((await page.textContent('#tree-graph figcaption')).match(/(\d+) nodes/)[1]);
      assert.equal(await page.$eval('#tree-graph canvas', (c) => +c.dataset.vertices), nodes);
      assert.deepEqual(page.problems, []);
      await page.close();
    }
  });

  it('is played to its end by keyboard: arrows move, focus stays, the chain and the loser are told', async () => {
    const page = await openDone(env, '#game=search&v=1&search=hex&size=3&depth=2&algorithm=alphabeta&moves=');
    // Tab into the play board; arrows walk the open cells; Enter plays and the keyboard stays on the board.
    await page.focus('#play-board .hex[data-move="a1"]');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.move), 'b1');
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.move), 'b2');
    const focusRing = await page.$eval('#play-board .hex[data-move="b2"] polygon', (p) => getComputedStyle(p).strokeDasharray);
    assert.notEqual(focusRing, 'none', 'focus is dashed, unlike a mark');
    for (let k = 0; k < 5 && !(await page.getAttribute('#play-log', 'data-result')); k++) {
      await page.keyboard.press('Enter');
      await page.waitForSelector('#play-board:not([data-busy])');
      const inside = await page.evaluate(() => document.getElementById('play-board').contains(document.activeElement));
      if (!(await page.getAttribute('#play-log', 'data-result'))) assert.ok(inside, 'focus stays on the board after a move');
    }
    const log = await page.textContent('#play-log');
    assert.match(log, /The game is over: (you won!|I won, you lost\.)/);
    assert.doesNotMatch(log, /foresees|alphabeta/, log);
    if (/I won/.test(log)) assert.match(log, /I searched .*alpha-beta\): [a-c][1-3] wins the game\./);
    assert.ok(await page.locator('#play-board .hex.chain').count() >= 3, 'the winning chain is outlined');
    assert.match(await page.textContent('#play-board .hex-legend'), /No swap rule/);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('says a finished position is over instead of offering its moves, and marks the line', async () => {
    const page = await openDone(env, '#game=search&v=1&search=tictactoe&moves=1,4,2,5,3');
    assert.match(await page.textContent('#search-position'), /The game is over: player 1 won\./);
    assert.doesNotMatch(await page.textContent('#search-position'), /Click a move/);
    assert.equal(await page.locator('#search-board .cell.line').count(), 3);
    const french = await openDone(env, '#game=search&v=1&search=tictactoe&moves=1,4,2,5,3&lang=fr');
    assert.match(await french.textContent('#search-position'), /La partie est finie : le joueur 1 a gagné\./);
    await french.close();
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('answers a depth-2 search on 5 × 5 at once, and the exact answer by Hex’s own solver on request', async () => {
    // Issue 70: the exact answer (seconds) no longer comes before a search of milliseconds.
    const page = await openDone(env, '#game=search&v=1&search=hex&size=5&depth=2&moves=c3,b4');
    assert.ok(await page.isVisible('#search-best'), 'the search’s answer at once');
    assert.match(await page.textContent('#exact-note'), /about 2 s/);
    await page.click('#exact-compute');
    await page.waitForSelector('#exact-answer', { timeout: 60_000 });
    await settled(page);
    const answer = await page.textContent('#exact-answer');
    assert.match(answer, /a win for the player to move \(by Hex’s own solver\)/);
    for (const cell of ['a4', 'a5', 'c4', 'd3', 'd4', 'e2', 'e4']) assert.match(answer, new RegExp(`\\b${cell}\\b`), cell);
    assert.equal(await page.locator('#search-board .hex.winning').count(), 7);
    // The empty board: the search at once; the exact answer, about 16 s, on request, and cancelled.
    await page.goto(`${env.base}#game=search&v=1&search=hex&size=5&depth=2&moves=`);
    await page.waitForFunction(() => document.body.dataset.state === 'done' && document.querySelector('#exact-compute'));
    assert.match(await page.textContent('#exact-note'), /about 1\d s/);
    await page.click('#exact-compute');
    await page.waitForFunction(() => document.body.dataset.state === 'computing');
    await page.click('#cancel');
    await page.waitForFunction(() => /cancelled/.test(document.querySelector('#exact-note')?.textContent ?? ''));
    assert.ok(await page.isEnabled('#exact-compute'));
    assert.ok(await page.isVisible('#search-best'), 'the search’s answer stays');
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('keeps a size out of range beside its field', async () => {
    const { page, state } = await openLink(env, '#game=search&v=1&search=hex&size=12');
    assert.equal(state, 'error');
    assert.match(await page.textContent('.field-error'), /12/);
    assert.deepEqual(page.problems, []);
    await page.close();
  });
});
