// Parity games in Chromium (kind=parity): the example game solved and drawn,
// Zielonka's recursion stepped, a generated game solved, a .pg file loaded
// (gzip too), the link shared and reopened, a malformed game refused beside its
// field, at desktop and phone widths.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { writeFileSync, mkdirSync } from 'node:fs';
import { start, SHOTS, newPage, openDone, brokenTexts, drawingProblems } from './browser.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

async function waitSettledAfterEdit(page, previous) {
  await page.waitForFunction((before) => location.hash !== before && ['done', 'error'].includes(document.body.dataset.state), previous, { timeout: 60_000 });
}

describe('Parity games', () => {
  for (const [width, height, shot] of [[1366, 900, 'parity'], [390, 844, 'parity-phone']]) {
    it(`solves and draws the example game, and steps Zielonka's recursion (${width} px)`, async () => {
      const page = await openDone(env, '#game=parity&v=1', { viewport: { width, height } });
      // The example: Even wins 3 vertices, Odd 4 (checked by both solvers and brute force natively).
      assert.equal(await page.textContent('#parity-regions'), '3 / 4');
      // Oink's preprocessing solves the example before any solver: a and c win
      // on their own loops, the five others are attracted.
      assert.equal(await page.textContent('#parity-preprocessed'),
        'Before the solver: 2 vertices won on a self-loop, 0 winning cycles of one player (0 vertices), 5 vertices attracted to them; nothing was left to the solver.');
      assert.equal(await page.textContent('#parity-solver'), 'preprocessing alone');
      const below = await page.locator('#parity-solver').locator('xpath=..').textContent();
      assert.match(below, /the first of several solvers to finish \(side by side on every core, in turn on one\): nothing was left to do;.*passed the verifier/);
      await page.waitForFunction(() => document.querySelector('#parity-graph canvas')?.dataset.drawn === 'true');
      assert.equal(await page.$eval('#parity-graph canvas', (c) => c.dataset.vertices), '7');
      // Step the recursion: the caption follows, the link remembers the call.
      const first = await page.textContent('#parity-step-caption');
      assert.match(first, /^Call 1 of 8\. Call at depth 0 on 7 vertices/);
      assert.match(first, /Top priority 4, favouring Even/);
      await page.click('#parity-step-next');
      await page.click('#parity-step-next');
      assert.match(await page.textContent('#parity-step-caption'), /^Call 3 of 8\./);
      await page.waitForFunction(() => /step=2/.test(location.hash));
      assert.ok(await page.isDisabled('#parity-step-prev') === false);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(wide <= 0, `scrolls ${wide} px sideways`);
      assert.deepEqual(await drawingProblems(page), []);
      assert.deepEqual(await brokenTexts(page), []);
      await page.screenshot({ path: `${SHOTS}${shot}.png`, fullPage: true });
      // Reopen the shared link: the same call of the recursion.
      const again = await openDone(env, await page.evaluate(() => location.hash), { viewport: { width, height } });
      assert.match(await again.textContent('#parity-step-caption'), /^Call 3 of 8\./);
      await again.close();
      assert.deepEqual(page.problems, []);
      await page.close();
    });
  }

  for (const [width, height, shot] of [[1366, 900, 'parity-tangles'], [390, 844, 'parity-tangles-phone']]) {
    it(`steps a tangle-learning run with its tangles drawn, and reopens the shared step (${width} px)`, async () => {
      const page = await openDone(env, '#game=parity&v=1&source=two-counters&size=1&solver=tangle', { viewport: { width, height } });
      // Tangle learning asked for: its run is stepped instead of Zielonka's recursion.
      assert.equal(await page.$('#parity-step-caption'), null);
      assert.match(await page.textContent('#parity-tangle-caption'), /^Region 1 of 9\. Round 1: top priority \d+, favouring (Even|Odd); its region is /);
      // Step to the first region where a tangle (with escapes) is learned.
      let k = 0;
      while (!/learns \d+ tangles?:.*escapes/.test(await page.textContent('#parity-tangle-caption'))) {
        await page.click('#parity-tangle-next');
        k += 1;
        assert.ok(k < 9, 'no tangle learned in the run');
      }
      const caption = await page.textContent('#parity-tangle-caption');
      assert.match(caption, new RegExp(`^Region ${k + 1} of 9\\.`));
      await page.waitForFunction((step) => new RegExp(`step=${step}(&|$)`).test(location.hash), k);
      await page.waitForFunction(() => document.querySelector('#parity-tangle-graph canvas')?.dataset.drawn === 'true');
      assert.equal(await page.$eval('#parity-tangle-graph canvas', (c) => c.dataset.vertices), '8');
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(wide <= 0, `scrolls ${wide} px sideways`);
      assert.deepEqual(await drawingProblems(page), []);
      assert.deepEqual(await brokenTexts(page), []);
      await page.screenshot({ path: `${SHOTS}${shot}.png`, fullPage: true });
      // Reopen the shared link: the same region, in French too.
      const again = await openDone(env, await page.evaluate(() => location.hash), { viewport: { width, height } });
      assert.equal(await again.textContent('#parity-tangle-caption'), caption);
      await again.close();
      const french = await openDone(env, `${await page.evaluate(() => location.hash)}&lang=fr`, { viewport: { width, height } });
      assert.match(await french.textContent('#parity-tangle-caption'), new RegExp(`^Région ${k + 1} sur 9\\. Tour \\d+ :.*apprend`));
      assert.deepEqual(await brokenTexts(french), []);
      assert.deepEqual(french.problems, []);
      await french.close();
      assert.deepEqual(page.problems, []);
      await page.close();
    });
  }

  it('generates games, solves a large one without drawing it, and edits a small one', async () => {
    const page = await openDone(env, '#game=parity&v=1&source=random&vertices=100000&priorities=1000&min-degree=2&max-degree=5&seed=1&solver=zielonka');
    assert.match(await page.textContent('#parity-size'), /100,000 vertices/);
    const [even, odd] = (await page.textContent('#parity-regions')).split(' / ').map((s) => Number(s.replace(/,/g, '')));
    assert.equal(even + odd, 100000);
    assert.match(await page.textContent('#parity-summary'), /too many to draw/);
    // The same game by the other solver: the same regions.
    const other = await openDone(env, '#game=parity&v=1&source=random&vertices=100000&priorities=1000&min-degree=2&max-degree=5&seed=1&solver=promotion');
    assert.equal(await other.textContent('#parity-regions'), await page.textContent('#parity-regions'));
    await other.close();
    // Friedmann's recursive ladder: drawn, and "Edit this game" makes it a typed one.
    const ladder = await openDone(env, '#game=parity&v=1&source=recursive-ladder&size=4');
    assert.match(await ladder.textContent('#parity-size'), /^20 vertices/);
    const hash = await ladder.evaluate(() => location.hash);
    await ladder.click('#parity-edit');
    await waitSettledAfterEdit(ladder, hash);
    assert.match(await ladder.evaluate(() => location.hash), /source=typed&pg=parity/);
    assert.match(await ladder.textContent('#parity-size'), /^20 vertices/);
    await ladder.close();
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('loads a .pg file, gzip-compressed too, and refuses a malformed game beside its field', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const text = 'parity 2;\n0 2 0 1 "x";\n1 1 1 0,2 "y";\n2 1 0 2 "z";\n';
    writeFileSync(`${SHOTS}game.pg.gz`, gzipSync(text));
    const page = await openDone(env, '#game=parity&v=1');
    let hash = await page.evaluate(() => location.hash);
    await page.setInputFiles('#parity-file', `${SHOTS}game.pg.gz`);
    await waitSettledAfterEdit(page, hash);
    assert.match(await page.textContent('#parity-file-status, #parity-size'), /./);
    assert.match(await page.textContent('#parity-size'), /^3 vertices/);
    // z loops on priority 1 forever: Odd wins it; y (Odd's) moves there, and x can only go to y.
    assert.equal(await page.textContent('#parity-regions'), '0 / 3');
    await page.fill('#field-pg', 'parity 1;\n0 2 0 1;\n1 1 1;\n');
    await page.dispatchEvent('#field-pg', 'change');
    await page.waitForFunction(() => /line 3: vertex 1 has no successor/.test(document.body.textContent));
    // What was typed stays in the field.
    assert.match(await page.inputValue('#field-pg'), /1 1 1;/);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('says where a stepped run stops, on a phone (Zielonka at its cap, tangle learning at its longest)', async () => {
    // Friedmann's ladder of 12 rungs (60 vertices, drawn): Zielonka's recursion
    // makes more calls than the page records; the limit comes from the core.
    const page = await openDone(env, '#game=parity&v=1&source=recursive-ladder&size=12', { viewport: { width: 390, height: 844 } });
    assert.match(await page.textContent('#parity-step-caption'), /^Call 1 of 400\./);
    assert.equal(await page.textContent('#parity-step-capped'), 'The first 400 calls are shown.');
    await page.screenshot({ path: `${SHOTS}parity-capped-phone.png`, fullPage: true });
    // counter_core 9 (57 vertices): tangle learning's longest run on a drawn game, 228 regions, all shown.
    await page.goto(`${env.base}#game=parity&v=1&source=counter-core&size=9&solver=tangle`);
    await page.waitForFunction(() => /^Region 1 of 228\./.test(document.getElementById('parity-tangle-caption')?.textContent ?? ''));
    assert.equal(await page.$('#parity-tangle-capped'), null);
    // Its last region solves what was left: no next round is announced.
    await page.$eval('#parity-tangle-slider', (slider) => {
      slider.value = slider.max;
      slider.dispatchEvent(new Event('input'));
    });
    const last = await page.textContent('#parity-tangle-caption');
    assert.match(last, /^Region 228 of 228\./);
    assert.doesNotMatch(last, /starts again from the top/);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
    await page.screenshot({ path: `${SHOTS}parity-tangle-longest-phone.png`, fullPage: true });
    assert.deepEqual(await brokenTexts(page), []);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('asks before a million-vertex game, shows its progress, and cancels it', async () => {
    const page = await newPage(env.browser, { viewport: { width: 390, height: 844 } });
    // The family that separates solvers (priorities 0..N, 1–2 successors): the
    // preprocessing steps leave it almost whole, and the default takes minutes.
    await page.goto(`${env.base}#game=parity&v=1&source=random&vertices=1000000&priorities=1000000&min-degree=1&max-degree=2&seed=2`);
    await page.waitForSelector('#confirm-compute');
    // One game of this size takes 11 s, another 165 s (seed 2: 80 s): no forecast is
    // honest, and the question says the time cannot be told (issue 69).
    assert.match(await page.textContent('#cost-confirm'), /cannot be told beforehand/);
    await page.click('#confirm-compute');
    await page.waitForFunction(() => /work [\d,]+/.test(document.getElementById('status-text').textContent), null, { timeout: 60_000 });
    // Nothing is solved until the end: a moving bar and the work, never "0 %".
    const work = () => page.evaluate(() => Number(document.getElementById('status-text').textContent.match(/work ([\d,]+)/)[1].replace(/,/g, '')));
    const first = await work();
    assert.doesNotMatch(await page.textContent('#status-text'), /\d %/);
    assert.equal(await page.$eval('#progress', (p) => p.hasAttribute('value')), false, 'an indeterminate bar');
    await page.waitForFunction((w) => Number(document.getElementById('status-text').textContent.match(/work ([\d,]+)/)?.[1].replace(/,/g, '')) > w, first, { timeout: 30_000 });
    await page.click('#cancel');
    await page.waitForFunction(() => document.body.dataset.state === 'cancelled');
    await page.screenshot({ path: `${SHOTS}parity-cancelled-phone.png`, fullPage: true });
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('runs the portfolio’s members side by side in workers: the first answer kept, the regions every member finds', async () => {
    const link = '#game=parity&v=1&source=random&vertices=100000&priorities=100000&min-degree=1&max-degree=2&seed=1';
    const page = await openDone(env, link);
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    const regions = await page.textContent('#parity-regions');
    const solver = await page.textContent('#parity-solver');
    if (cores > 1) {
      // The solver's worker and a helper a member (each started with the page's bundle).
      assert.ok(page.workers().length >= Math.min(3, cores), `${page.workers().length} workers`);
      // The member that finished is named, and said to be the default's.
      assert.match(solver, /^(recursive tangle learning|Zielonka’s recursive algorithm|tangle learning)$/);
      assert.match(await page.textContent('main'), /finished first by the default, the first of several solvers to finish/);
    }
    // Each member alone (one worker) finds the same regions.
    for (const member of ['recursive-tangle', 'zielonka', 'tangle']) {
      await page.evaluate((q) => { document.body.dataset.state = 'navigating'; location.hash = q; }, `${link.slice(1)}&solver=${member}`);
      await page.waitForFunction(() => document.body.dataset.state === 'done');
      assert.equal(await page.textContent('#parity-regions'), regions, member);
    }
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('solves Oink’s hard families by tangle learning, and asks first where a solver is slow', async () => {
    for (const lang of ['en', 'fr']) {
      const page = await openDone(env, `#game=parity&v=1&source=counter-dp&size=300&solver=tangle&lang=${lang}`, { viewport: { width: 390, height: 844 } });
      assert.match(await page.textContent('#parity-size'), /1[,\u202f]204/);
      // Nothing for the preprocessing there: every vertex left to the solver.
      assert.match(await page.textContent('#parity-preprocessed'), lang === 'en'
        ? /^Before the solver: no self-loop or winning cycle to solve; 1,204 vertices left to the solver, 304 distinct priorities compressed to 304\.$/
        : /^Avant le solveur : aucune boucle ni aucun cycle gagnant à résoudre ; 1\u202f204 sommets laissés au solveur, 304 priorités distinctes comprimées en 304\.$/);
      assert.match(await page.textContent('#parity-solver'), lang === 'en' ? /tangle learning/ : /apprentissage d’enchevêtrements/);
      assert.match(await page.locator('#parity-solver').locator('xpath=..').textContent(), lang === 'en' ? /passed the verifier/ : /passé le vérificateur/);
      assert.equal(await page.$eval('#field-source', (s) => s.value), 'counter-dp');
      assert.deepEqual(await brokenTexts(page), []);
      assert.deepEqual(page.problems, []);
      await page.close();
    }
    // Two Counters of size 20 by tangle learning: far beyond a minute, the page asks first.
    const page = await newPage(env.browser);
    await page.goto(`${env.base}#game=parity&v=1&source=two-counters&size=20&solver=tangle`);
    await page.waitForSelector('#cost-confirm');
    // The default (recursive tangle learning finishes it) solves size 40 at once.
    await page.goto(`${env.base}#game=parity&v=1&source=two-counters&size=40`);
    await page.waitForFunction(() => document.body.dataset.state === 'done');
    assert.match(await page.locator('#parity-solver').locator('xpath=..').textContent(), /recursive tangle learning/);
    // Beyond the page's size: refused beside the field, the limit named.
    await page.goto(`${env.base}#game=parity&v=1&source=two-counters&size=151&solver=tangle`);
    await page.waitForFunction(() => document.body.dataset.state === 'error');
    assert.match(await page.evaluate(() => document.querySelector('main').innerText), /up to 150/);
    assert.deepEqual(page.problems, []);
    await page.close();
  });
});
