// Partizan games in Chromium (game=partizan): each ruleset's default position
// solved and drawn (value, outcome, winning moves, game tree, thermograph),
// the board edited by clicks (a cell blocked, a square added, an edge chopped),
// a typed game, a bad position named beside its field and kept as typed, a
// board past the cost guard refused, at desktop and phone widths.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { start, SHOTS, newPage, openDone, openLink, settled, brokenTexts, drawingProblems, fieldOf } from './browser.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

async function afterEdit(page, previous) {
  await page.waitForFunction((before) => location.hash !== before && ['done', 'error'].includes(document.body.dataset.state), previous, { timeout: 60_000 });
  return page.evaluate(() => location.hash);
}

// The values of some rulesets' start positions, worked out elsewhere (tests/partizan.rs).
const KNOWN = {
  domineering: [/^\{0,/, /first player/],
  toads: [/^±1\/8$/, /first player/],
  clobber: [/^0$/, /second player/],
  hackenbush: [/^−1\/4$/, /Right wins/],
  cutcake: [/^1$/, /Left wins/],
  expr: [/^\{2↑\*\|−1↑\*\}$/, /first player/],
};

describe('partizan games', () => {
  for (const width of [1366, 390]) {
    // Every ruleset of the core's list, so that a new one is drawn here by its line alone.
    const rulesets = fieldOf('partizan', 'ruleset');
    rulesets.values.forEach((ruleset, i) => {
      const [value, outcome] = KNOWN[ruleset] ?? [/\S/, /wins/];
      it(`draws ${ruleset}'s default position at ${width} px`, async () => {
        const page = await openDone(env, `#game=partizan&v=1&ruleset=${ruleset}`, { viewport: { width, height: 900 } });
        assert.match((await page.textContent('#pz-value')).trim(), value);
        assert.match(await page.textContent('#pz-outcome'), outcome);
        assert.ok(await page.isVisible('#pz-tree-section svg'), 'the game tree');
        assert.ok(await page.locator('#pz-thermograph-section polyline').count() === 2, 'both walls');
        if (ruleset !== 'expr') assert.ok(await page.isVisible('#pz-board'), 'the board');
        // The help beside the position's field is the core's, for this ruleset.
        assert.equal(await page.textContent('#field-position-hint'), rulesets.hints[i].en);
        assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0, 'no sideways scroll');
        assert.deepEqual(await drawingProblems(page), []);
        assert.deepEqual(await brokenTexts(page), []);
        await page.screenshot({ path: `${SHOTS}partizan-${ruleset}-${width}.png`, fullPage: true });
        assert.deepEqual(page.problems, []);
        await page.close();
      });
    });
  }

  it('gives an all-small position its atomic weight, and a hot one none', async () => {
    const page = await openDone(env, '#game=partizan&v=1&ruleset=clobber&position=xxo');
    assert.equal((await page.textContent('#pz-value')).trim(), '↑');
    assert.equal((await page.textContent('#pz-atomic')).trim(), '1');
    await page.goto(`${env.base}#game=partizan&v=1&ruleset=domineering&position=..%2F..`);
    await page.waitForFunction(() => document.body.dataset.state === 'done' && document.querySelector('#pz-value')?.textContent.trim() === '±1');
    assert.equal(await page.locator('#pz-atomic').count(), 0);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('edits Cutcake: a piece grown, a cut clicked, a piece removed and one added', async () => {
    const page = await openDone(env, '#game=partizan&v=1&ruleset=cutcake&position=2x3');
    let hash = await page.evaluate(() => location.hash);
    assert.equal((await page.textContent('#pz-value')).trim(), '0');
    // The − buttons stop at one row or column; the only piece cannot be removed.
    assert.equal(await page.locator('#pz-pieces li >> nth=0').locator('button >> nth=4').isDisabled(), true);
    await page.click('#pz-pieces li >> nth=0 >> button >> nth=2');
    hash = await afterEdit(page, hash);
    assert.match(hash, /position=2x4(&|$)/);
    assert.equal((await page.textContent('#pz-value')).trim(), '1');
    // 2 × 4 = 1: Left's one winning cut is down the middle (2 × 2 + 2 × 2 = 0), marked.
    assert.equal(await page.locator('#pz-board .pz-cut.win-left').count(), 1);
    assert.equal(await page.locator('#pz-board .pz-cut.win-right').count(), 0);
    // Left's cut between columns 2 and 3 of the 2 × 4 piece: two 2 × 2 pieces, 0.
    // Near the line's end: where lines cross, the one drawn last takes the click.
    await page.click('#pz-board .pz-cut-hit.left >> nth=1', { position: { x: 3, y: 3 } });
    hash = await afterEdit(page, hash);
    assert.match(hash, /position=2x2%2B2x2/);
    assert.equal((await page.textContent('#pz-value')).trim(), '0');
    // Right's cuts by keyboard: the first horizontal line of piece 1, focused, Enter.
    await page.focus('#pz-board .pz-cut-hit.right >> nth=0');
    await page.keyboard.press('Enter');
    hash = await afterEdit(page, hash);
    assert.match(hash, /position=1x2%2B1x2%2B2x2/);
    await page.click('#pz-pieces li >> nth=2 >> button >> nth=4');
    hash = await afterEdit(page, hash);
    assert.match(hash, /position=1x2%2B1x2(&|$)/);
    assert.equal((await page.textContent('#pz-value')).trim(), '2');
    await page.click('#pz-add-piece');
    hash = await afterEdit(page, hash);
    assert.match(hash, /position=1x2%2B1x2%2B2x2/);
    assert.deepEqual(await brokenTexts(page), []);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('edits Domineering by clicks, shows the winning moves, undoes, and reopens the link', async () => {
    const page = await openDone(env, '#game=partizan&v=1&ruleset=domineering&position=..%2F..');
    assert.equal((await page.textContent('#pz-value')).trim(), '±1');
    // ±1: each player wins moving first, by either of its two dominoes.
    assert.equal(await page.locator('#pz-left-moves figure').count(), 2);
    assert.equal(await page.locator('#pz-right-moves figure').count(), 2);
    // And on the board itself: every cell is in a winning move of each player.
    assert.equal(await page.locator('#pz-board .pz-cell.win-left').count(), 4);
    assert.equal(await page.locator('#pz-board .pz-cell.win-right').count(), 4);
    let hash = await page.evaluate(() => location.hash);
    await page.click('#pz-board .pz-cell >> nth=0');
    hash = await afterEdit(page, hash);
    assert.match(hash, /position=%23\.%2F\.\./);
    // One vertical domino left for Left, one horizontal for Right: *.
    assert.equal((await page.textContent('#pz-value')).trim(), '*');
    assert.match(await page.textContent('#pz-outcome'), /first player/);
    await page.click('#pz-board .pz-cell >> nth=1');
    hash = await afterEdit(page, hash);
    // Only Right's domino is left: −1.
    assert.equal((await page.textContent('#pz-value')).trim(), '−1');
    assert.match(await page.textContent('#pz-left-moves'), /no winning move/);
    const again = await openDone(env, hash);
    assert.equal((await again.textContent('#pz-value')).trim(), '−1');
    await again.close();
    await page.click('#undo');
    hash = await afterEdit(page, hash);
    assert.equal((await page.textContent('#pz-value')).trim(), '*');
    await page.click('#undo');
    await afterEdit(page, hash);
    assert.equal((await page.textContent('#pz-value')).trim(), '±1');
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  for (const [width, height] of [[1366, 900], [390, 844]]) {
    it(`plays Domineering on the board, turn by turn, with Undo, and plays a winning move from its picture (${width} px)`, async () => {
      const page = await openDone(env, '#game=partizan&v=1&ruleset=domineering&position=...%2F...%2F...', { viewport: { width, height } });
      let hash = await page.evaluate(() => location.hash);
      await page.check('#pz-mode-play');
      assert.match(await page.textContent('#pz-turn'), /Left \(blue\) to move/);
      // Play's controls and the winning moves' pictures (buttons) pass axe, minor rules too.
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).options({ resultTypes: ['violations'] }).setLegacyMode(true).analyze();
      assert.deepEqual(axe.violations.map((v) => `${v.id}: ${v.nodes[0].target.join(' ')}`), []);
      // The centre is in two of Left's vertical dominoes: a second tap says which.
      await page.click('#pz-board .pz-cell >> nth=4');
      assert.match(await page.textContent('#pz-turn'), /tap the other cell/);
      assert.equal(await page.locator('#pz-board .pz-cell.marked').count(), 3, 'the centre and the two cells it can join');
      await page.click('#pz-board .pz-cell >> nth=7');
      hash = await afterEdit(page, hash);
      assert.match(decodeURIComponent(hash), /position=\.\.\.\/\.#\.\/\.#\./);
      assert.match(await page.textContent('#pz-turn'), /Right \(red\) to move/);
      assert.equal(await page.isChecked('#pz-mode-play'), true, 'still playing after the new result');
      // Right's domino on the top row's left pair: one tap is enough where one move uses the cell.
      await page.click('#pz-board .pz-cell >> nth=0');
      hash = await afterEdit(page, hash);
      assert.match(decodeURIComponent(hash), /position=##\.\/\.#\.\/\.#\./);
      assert.match(await page.textContent('#pz-turn'), /Left \(blue\) to move/);
      // Undo twice: back to the empty board, Left to move.
      await page.click('#pz-undo-move');
      hash = await afterEdit(page, hash);
      await page.click('#pz-undo-move');
      hash = await afterEdit(page, hash);
      assert.match(decodeURIComponent(hash), /position=\.\.\.\/\.\.\.\/\.\.\./);
      assert.match(await page.textContent('#pz-turn'), /Left \(blue\) to move/);
      assert.equal(await page.isDisabled('#pz-undo-move'), true);
      // A winning move's picture is played by a tap: then Right moves.
      await page.click('#pz-left-moves figure >> nth=0');
      hash = await afterEdit(page, hash);
      assert.match(await page.textContent('#pz-turn'), /Right \(red\) to move/);
      // Edit mode again: a tap cycles a cell, as before.
      await page.check('#pz-mode-edit');
      assert.equal(await page.isVisible('#pz-undo-move'), false);
      await page.click('#pz-board .pz-cell >> nth=0');
      hash = await afterEdit(page, hash);
      assert.match(decodeURIComponent(hash), /position=#/);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(wide <= 0, `scrolls ${wide} px sideways`);
      await page.screenshot({ path: `${SHOTS}partizan-play-${width}.png`, fullPage: true });
      assert.deepEqual(page.problems, []);
      await page.close();
    });
  }

  it('says when the player to move has none, in French too', async () => {
    const page = await openDone(env, '#game=partizan&v=1&ruleset=domineering&position=%23.%2F%23.&lang=fr');
    await page.check('#pz-mode-play');
    await page.selectOption('#pz-play-side', 'right');
    assert.match(await page.textContent('#pz-turn'), /Droite \(rouge\) n’a plus de coup/);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('chops a Hackenbush edge: what no longer touches the ground falls', async () => {
    const page = await openDone(env, `#game=partizan&v=1&ruleset=hackenbush&position=${encodeURIComponent('g-a:b,a-b:r,b-c:b')}`);
    // Berlekamp: blue, red, blue up from the ground is 1 − 1/2 + 1/4 = 3/4.
    assert.equal((await page.textContent('#pz-value')).trim(), '3/4');
    // Left wins moving first by chopping either blue edge (to 1/2 or to 0): both
    // marked on the drawing; Right's one move loses, so nothing of his is marked.
    assert.equal(await page.locator('#pz-board .pz-win-halo.left').count(), 2);
    assert.equal(await page.locator('#pz-board .pz-win-halo.right').count(), 0);
    assert.ok(await page.isVisible('#pz-board-legend'));
    const hash = await page.evaluate(() => location.hash);
    // A vertical edge has a box of no width: the click is forced at its middle.
    await page.locator('#pz-board .pz-edge').nth(1).click({ force: true });
    const after = await afterEdit(page, hash);
    // The red edge chopped: the blue edge above it falls; one blue edge is left.
    assert.equal(decodeURIComponent(after.match(/position=([^&]*)/)[1]), 'g-a:b');
    assert.equal((await page.textContent('#pz-value')).trim(), '1');
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('keeps a Hackenbush drawing in place after a chop: stalks straight, nothing cut off drawn', async () => {
    for (const width of [1366, 390]) {
      // x-y stands on nothing: it is not drawn (it was a lone dot on the ground).
      const position = 'g-a:b,a-b:r,b-c:b,g-d:r,d-e:b,d-f:r,x-y:b';
      const page = await openDone(env, `#game=partizan&v=1&ruleset=hackenbush&position=${encodeURIComponent(position)}`, { viewport: { width, height: 900 } });
      const places = () => page.$$eval('#pz-board circle.pz-vertex', (cs) => Object.fromEntries(cs.map((c) => [c.dataset.name, [+c.getAttribute('cx'), +c.getAttribute('cy')]])));
      const before = await places();
      assert.deepEqual(Object.keys(before).sort(), ['a', 'b', 'c', 'd', 'e', 'f']);
      assert.ok(before.a[0] === before.b[0] && before.b[0] === before.c[0], `a stalk stands straight: ${JSON.stringify(before)}`);
      assert.ok(before.a[1] > before.b[1] && before.b[1] > before.c[1], 'a, b, c one above the other');
      assert.equal(before.d[0], (before.e[0] + before.f[0]) / 2, 'd over the middle of its branches');
      const hash = await page.evaluate(() => location.hash);
      // Chop d-f (the sixth edge): the others stay exactly where they were.
      await page.locator('#pz-board .pz-edge').nth(5).click({ force: true });
      await afterEdit(page, hash);
      assert.equal(await page.inputValue('#field-position'), 'g-a:b,a-b:r,b-c:b,g-d:r,d-e:b');
      const after = await places();
      assert.deepEqual(Object.keys(after).sort(), ['a', 'b', 'c', 'd', 'e']);
      for (const [name, at] of Object.entries(after)) assert.deepEqual(at, before[name], `${name} stayed in place`);
      assert.deepEqual(await drawingProblems(page), []);
      await page.screenshot({ path: `${SHOTS}partizan-hackenbush-chopped-${width}.png`, fullPage: true });
      assert.deepEqual(page.problems, []);
      await page.close();
    }
  });

  it('draws Hackenbush edges up from the ground and from a picked vertex', async () => {
    const page = await openDone(env, '#game=partizan&v=1&ruleset=hackenbush&position=');
    assert.equal((await page.textContent('#pz-value')).trim(), '0');
    let hash = await page.evaluate(() => location.hash);
    await page.click('#pz-grow-b');
    hash = await afterEdit(page, hash);
    assert.equal(await page.inputValue('#field-position'), 'g-v1:b');
    assert.equal((await page.textContent('#pz-value')).trim(), '1');
    // Pick the blue edge's top, and grow a red edge from it: 1/2.
    await page.click('#pz-board circle.pz-vertex >> nth=0');
    assert.match(await page.textContent('#pz-from'), /vertex v1/);
    await page.click('#pz-grow-r');
    hash = await afterEdit(page, hash);
    assert.equal(await page.inputValue('#field-position'), 'g-v1:b,v1-v2:r');
    assert.equal((await page.textContent('#pz-value')).trim(), '1/2');
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('switches the ruleset to its own position, and grows a Toads and Frogs strip', async () => {
    const page = await openDone(env, '#game=partizan&v=1');
    let hash = await page.evaluate(() => location.hash);
    await page.selectOption('#field-ruleset', 'toads');
    hash = await afterEdit(page, hash);
    assert.match(hash, /ruleset=toads/);
    assert.equal(await page.inputValue('#field-position'), 'TTT..FFF');
    await page.click('#pz-add-square');
    hash = await afterEdit(page, hash);
    assert.equal(await page.inputValue('#field-position'), 'TTT..FFF.');
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('reads a typed game, and names a bad token beside the field, keeping what was typed', async () => {
    const page = await openDone(env, '#game=partizan&v=1&ruleset=expr&position=%5E%2B%5E%2B*');
    assert.equal((await page.textContent('#pz-value')).trim(), '⇑*');
    await page.fill('#field-position', '{1|2|3}');
    await page.press('#field-position', 'Tab');
    await page.waitForSelector('#error-position');
    assert.match(await page.textContent('#error-position'), /"\|".*ambiguous/);
    assert.equal(await page.inputValue('#field-position'), '{1|2|3}');
    await page.fill('#field-position', '1/3');
    await page.press('#field-position', 'Tab');
    await page.waitForFunction(() => /dyadic/.test(document.querySelector('#error-position')?.textContent ?? ''));
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('draws tiny, miny and the line-break sign with the page’s own glyphs, not as boxes', async () => {
    // This machine's fonts (DejaVu, Liberation) lack ⧾, ⧿ and ␊: without the
    // page's small font they are drawn as empty boxes.
    const page = await openDone(env, `#game=partizan&v=1&ruleset=expr&position=${encodeURIComponent('Tiny(2)')}`);
    assert.match(await page.textContent('main'), /⧾2/);
    // The headline's ⧾ is drawn by the page's font, not as a system font's empty box
    // (with the font after system-ui in the stack, Chromium drew DejaVu's box).
    await page.waitForFunction(() => [...document.fonts].some((f) => f.family.includes('Ludolab Symbols') && f.status === 'loaded'));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '#pz-value' });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    assert.ok(fonts.some((f) => f.isCustomFont && f.glyphCount >= 1), JSON.stringify(fonts));
    // A line break in a link's value is quoted as ␊.
    await page.goto(`${env.base}#game=partizan&v=1&ruleset=expr%0A`);
    await page.waitForFunction(() => document.body.dataset.state === 'error' && /␊/.test(document.body.textContent));
    // The browser fetches each small font file because the page shows one of its signs.
    await page.waitForFunction(() => [...document.fonts].filter((f) => f.family.includes('Ludolab Symbols') && f.status === 'loaded').length === 2, null, { timeout: 10_000 });
    const faces = await page.evaluate(() => ({
      loaded: [...document.fonts].filter((f) => f.family.includes('Ludolab Symbols') && f.status === 'loaded').length,
      check: ['⧾', '⧿', '␊', '␉'].map((c) => document.fonts.check('16px "Ludolab Symbols"', c)),
    }));
    assert.equal(faces.loaded, 2, 'both small font files load');
    assert.deepEqual(faces.check, [true, true, true, true]);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('writes ↓¹⁰²⁴ in the fixed-width form with its superscript digits together', async () => {
    const page = await openDone(env, '#game=partizan&v=1&ruleset=expr&position=v1024', { viewport: { width: 390, height: 844 } });
    assert.equal(await page.textContent('#pz-canonical'), '↓¹⁰²⁴');
    // A fixed-width font gives each superscript digit a whole cell ("↓¹ ⁰ ² ⁴"):
    // the run is set in the text's own font, about as wide as a body text's.
    const [run, body] = await page.$eval('#pz-canonical .sup-run', (span) => {
      const probe = document.createElement('span');
      probe.textContent = span.textContent;
      document.querySelector('main').append(probe);
      const widths = [span.getBoundingClientRect().width, probe.getBoundingClientRect().width];
      probe.remove();
      return widths;
    });
    assert.ok(run <= body * 1.15, `the run ¹⁰²⁴ is ${run} px wide, ${body} px in the body's font`);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('keeps the sum box’s values on a phone’s screen', async () => {
    const page = await openDone(env, '#game=partizan&v=1&ruleset=domineering&position=..%2F..&sum=domineering%3A...%2F...%3B%20expr%3A%7B2%7C%7B1%7C-1%7D%7D%3B%20toads%3ATT..FF', { viewport: { width: 390, height: 844 } });
    const [table, box] = await page.$eval('#pz-sum-table table', (t) => [t.scrollWidth, t.parentElement.clientWidth]);
    assert.ok(table <= box, `the parts' table is ${table} px wide in a ${box} px box`);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('adds positions in the sum box and says where to play in the sum', async () => {
    const page = await openDone(env, '#game=partizan&v=1&ruleset=domineering&position=..%2F..');
    let hash = await page.evaluate(() => location.hash);
    await page.click('#pz-add-to-sum');
    hash = await afterEdit(page, hash);
    assert.match(hash, /sum=domineering%3A\.\.%2F\.\./);
    // ±1 + ±1 = 0: the second player wins the sum, and no first move wins it.
    assert.equal((await page.textContent('#pz-sum-value')).trim(), '0');
    assert.match(await page.textContent('#pz-sum-left'), /no winning move/);
    // A typed ↑ added by hand: ↑ ± 1 ± 1 = ↑, Left's.
    await page.fill('#field-sum', 'domineering:../..; expr:^');
    await page.press('#field-sum', 'Tab');
    hash = await afterEdit(page, hash);
    assert.equal((await page.textContent('#pz-sum-value')).trim(), '↑');
    assert.match(await page.textContent('#pz-sum-outcome'), /Left wins/);
    assert.equal(await page.locator('#pz-sum-table tbody tr').count(), 3);
    // The parts compared: ±1 = ±1, each ‖ ↑.
    const order = await page.$$eval('#pz-order-table tbody tr', (rows) => rows.map((r) => [...r.querySelectorAll('td, th')].map((c) => c.textContent.trim()).join(' ')));
    assert.deepEqual(order, ['1 = = ‖', '2 = = ‖', '3 ‖ ‖ =']);
    // A bad part is named beside the field, and the other keys kept.
    await page.fill('#field-sum', 'expr:^; chess:e4');
    await page.press('#field-sum', 'Tab');
    await page.waitForSelector('#error-sum');
    assert.match(await page.textContent('#error-sum'), /part 2/);
    await page.click('#pz-clear-sum').catch(() => {});
    assert.deepEqual(await brokenTexts(page), []);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('names the sum box beside its field when its values are too long to add, known once its parts are solved', async () => {
    // Found by the link sweep: sixteen Cutcake pieces, a Domineering board and three typed
    // parts are each solved, but adding them would take about 2.9·10⁷ steps.
    const sum = 'cutcake:1x64+3x29+4x64+43x49+7x32+13x40+3x1+3x3+4x14+64x51+21x1+13x21+18x1+3x45+9x23+33x1; '
      + 'domineering:#...##/.....#/.#...#/.#..#./#...../#..#.#; expr:*64 + *2 + 7/64';
    const { page, state } = await openLink(env, `#game=partizan&v=1&ruleset=cutcake&position=4x6%2B3x5&sum=${encodeURIComponent(sum)}`);
    assert.equal(state, 'error');
    const beside = await page.textContent('#error-sum');
    assert.match(beside, /^Added to it \(the sum box\) — /);
    assert.match(beside, /about 29,008,000 steps, more than the 10,000,000 allowed/);
    // What was typed stays in the field.
    assert.equal(await page.inputValue('#field-sum'), sum);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('searches who wins on a board too large for its value: 6 × 6 Domineering', async () => {
    const board = encodeURIComponent(Array(6).fill('......').join('/'));
    const page = await newPage(env.browser);
    // Too large for a value: the error says the outcome alone can be searched.
    await page.goto(`${env.base}#game=partizan&v=1&ruleset=domineering&position=${board}`);
    await settled(page);
    assert.match(await page.textContent('#error-position'), /solve=outcome/);
    let hash = await page.evaluate(() => location.hash);
    await page.selectOption('#field-solve', 'outcome');
    await page.waitForFunction((before) => location.hash !== before, hash);
    if ((await settled(page)) === 'idle') await page.click('#confirm-compute');
    await page.waitForFunction(() => document.body.dataset.state === 'done', null, { timeout: 120_000 });
    assert.match(await page.textContent('#pz-outcome'), /first player/);
    // Left wins by a domino in rows 1–2, 3–4 or 5–6 of any column: 18 moves.
    assert.equal(await page.locator('#pz-left-moves figure').count(), 18);
    assert.deepEqual(await brokenTexts(page), []);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('refuses a board past the cost guard before any work, and solves 5 × 5 Domineering', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.base}#game=partizan&v=1&ruleset=domineering&position=${encodeURIComponent(Array(8).fill('........').join('/'))}`);
    await settled(page);
    assert.match(await page.textContent('#error-position'), /more than the 400,000 allowed/);
    await page.close();
    const five = await openDone(env, `#game=partizan&v=1&ruleset=domineering&position=${encodeURIComponent(Array(5).fill('.....').join('/'))}`);
    // 5 × 5 Domineering is a second-player win.
    assert.equal((await five.textContent('#pz-value')).trim(), '0');
    assert.match(await five.textContent('#pz-outcome'), /second player/);
    assert.deepEqual(five.problems, []);
    await five.close();
  });
});
