// The states a person reaches by straying a little (issue "every state a user
// can reach renders correctly"): each link the issue names, opened as it was.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, SHOTS, newPage, openLink, openDone, settled, orchardSweeps } from './browser.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

const NOT_BROKEN = /\b(undefined|NaN|null)\b/;
const mainText = (page) => page.evaluate(() => document.querySelector('main').innerText);

describe('edges', () => {
  it('shows a board where games never end as a result, not an error', async () => {
    const page = await openDone(env, '#game=snakes&v=1&squares=9&die=2&rule=exact');
    assert.match(await page.textContent('#p00'), /p\[0\]\[0\] not defined/);
    assert.match(await page.textContent('.headline'), /from square 0 a game may never end/);
    assert.match(await page.textContent('#termination'), /Trapped squares, from which the goal cannot be reached: 0, 2, 4, 6, 8\./);
    assert.match(await page.textContent('#chart-length'), /No game started from these squares ever ends/);
    assert.doesNotMatch(await mainText(page), NOT_BROKEN);
    assert.deepEqual(page.problems, []);
  });

  for (const sticks of ['1000000', '500000']) {
    it(`plays the stick game with ${sticks} sticks, inside the stated range`, async () => {
      const page = await openDone(env, `#game=graphs&v=1&kind=subtraction&sticks=${sticks}`);
      assert.match(await page.textContent('#arena-size'), /vertices/);
      for (const id of ['#layers-1 canvas', '#layers-2 canvas']) assert.equal(await page.getAttribute(id, 'data-drawn'), 'true', id);
      assert.ok((await page.locator('#layers-table tbody tr').count()) <= 200, 'a readable table, the CSV holds all');
      await page.click('#play-moves button:first-child');
      await page.waitForSelector('#play-board:not([data-busy])');
      assert.match(await page.textContent('#play-log'), /You played taking \d/);
      assert.doesNotMatch(await mainText(page), NOT_BROKEN);
      assert.deepEqual(page.problems, []);
    });
  }

  it('says what was computed for Chomp above 10 × 10, without zeros that mean nothing', async () => {
    const page = await openDone(env, '#game=graphs&v=1&kind=chomp&rows=12&cols=12');
    const head = await page.textContent('.headline');
    assert.match(head, /2,704,156 boards/);
    assert.match(head, /direct recursion/);
    assert.doesNotMatch(head, /\b0 vertices|0 \/ 0/);
    assert.match(await page.textContent('#first-moves'), /\(1, 1\)/);
    assert.deepEqual(page.problems, []);
  });

  for (const [link, family, mode, field, label] of [
    ['#game=graphs&v=1&kind=chomp&rows=41&cols=3', 'graphs', ['kind', 'chomp'], 'rows', 'Rows'],
    ['#game=impartial&v=1&mode=octal&code=9.99', 'impartial', ['mode', 'octal'], 'code', 'Octal code'],
    ['#game=dice&v=1&mode=one-turn&dice=0', 'dice', ['mode', 'one-turn'], 'dice', 'D: most dice per turn'],
  ]) {
    it(`keeps the family, the mode and the typed value of ${link}`, async () => {
      const { page, state } = await openLink(env, link);
      assert.equal(state, 'error');
      assert.equal(await page.getAttribute('#families a[aria-current="page"]', 'data-game'), family);
      assert.equal(await page.inputValue(`#field-${mode[0]}`), mode[1]);
      const typed = new URLSearchParams(link.slice(1)).get(field);
      assert.equal(await page.inputValue(`#field-${field}`), typed);
      assert.match(await page.textContent(`#error-${field}`), new RegExp(`^${label.replace(/[()]/g, '\\$&')} — "${typed}" is not valid`));
      assert.equal(new URL(page.url()).hash, link, 'the address bar keeps what was typed');
      assert.match(await page.textContent('#fix-first'), /Nothing is computed/);
      assert.deepEqual(page.problems, []);
    });
  }

  it('draws a typed arena in layers, no edge through a vertex, and Petersen as a pentagon and a pentagram', async () => {
    const page = await openDone(env, `#game=graphs&v=1&kind=edges&edges=${encodeURIComponent('s:1>a:2; s>b:2; a>s; a>w; b>l; b>w; w=1; l=2')}`);
    const clear = await page.evaluate(() => {
      const { drawing: d } = window.__ludolab.result;
      const { x, y, bends } = d.layout;
      const rows = new Set(y).size;
      const dist = (p, a, b) => {
        const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
        const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy || 1)));
        return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
      };
      let worst = Infinity;
      let e = 0;
      for (let a = 0; a < x.length; a++) {
        for (let k = d.offsets[a]; k < d.offsets[a + 1]; k++, e++) {
          const b = d.targets[k];
          const pts = [[x[a], y[a]], ...bends[e], [x[b], y[b]]];
          for (let i = 1; i < pts.length; i++) {
            for (let v = 0; v < x.length; v++) if (v !== a && v !== b) worst = Math.min(worst, dist([x[v], y[v]], pts[i - 1], pts[i]));
          }
        }
      }
      return { rows, worst };
    });
    assert.ok(clear.rows > 1, 'not all in one row');
    assert.ok(clear.worst > 0.3, `an edge passes ${clear.worst} from a vertex it does not join`);
    await page.screenshot({ path: `${SHOTS}arena-typed-layered.png`, fullPage: true });
    const petersen = await openDone(env, '#game=impartial&v=1&mode=graph&preset=petersen');
    const radii = await petersen.evaluate(() => {
      const { x, y } = window.__ludolab.result.graph;
      return x.map((xi, v) => Math.hypot(xi - 0.5, y[v] - 0.5));
    });
    assert.ok(radii.slice(0, 5).every((r) => Math.abs(r - 0.42) < 1e-9) && radii.slice(5).every((r) => Math.abs(r - 0.2) < 1e-9));
    await petersen.screenshot({ path: `${SHOTS}petersen.png`, fullPage: true });
    assert.deepEqual([...page.problems, ...petersen.problems], []);
  });

  it('draws bar charts at the device pixel ratio, again after a resize', async () => {
    const page = await newPage(env.browser, { deviceScaleFactor: 2 });
    await page.goto(`${env.base}#game=graphs&v=1&kind=chomp&rows=10&cols=10`);
    // Done, and the charts drawn: they are drawn in tasks after the result (and
    // with the drawing bundle), which a loaded machine may not have reached yet.
    assert.equal(await settled(page), 'done');
    const sharp = () => page.evaluate(() => [...document.querySelectorAll('#layers-1 canvas, #layers-2 canvas')]
      .map((c) => Math.abs(c.width - c.clientWidth * devicePixelRatio) <= 2));
    assert.deepEqual(await sharp(), [true, true]);
    await page.setViewportSize({ width: 900, height: 800 });
    await page.waitForTimeout(500);
    await settled(page);
    assert.deepEqual(await sharp(), [true, true]);
    assert.match(await page.textContent('#attractor-sizes'), /184,754 \/ 184,754/);
    assert.deepEqual(page.problems, []);
  });

  it('summarises a long period and lays the values out in readable rows', async () => {
    const page = await openDone(env, '#game=impartial&v=1&mode=octal&code=0.16&up_to=1000000');
    assert.match(await page.textContent('#exceptions-list'), /3,634 exceptions .*: 0, 1, 2, .* … , .*105,350\./);
    assert.ok(await page.isVisible('#save-exceptions'));
    const widest = await page.evaluate(() => Math.max(...[...document.querySelectorAll('#values-table tr')].map((r) => r.cells.length)));
    assert.ok(widest <= 21, `${widest} cells in a row`);
    assert.match(await page.textContent('#values-table caption'), /too long to lay out by rows/);
    assert.deepEqual(page.problems, []);
  });

  for (const link of ['#game=graphs&v=1&kind=chomp&rows=10&cols=10', '#game=orchard&v=1&trees=2&fruits=2&crows=2', '#game=snakes&v=1&preset=audet',
    '#game=impartial&v=1&mode=octal&code=0.16&up_to=1000000', '#game=dice&v=1']) {
    it(`fits a phone at 390 px: ${link}`, async () => {
      const page = await openDone(env, link, { viewport: { width: 390, height: 844 } });
      if (link.includes('orchard')) await orchardSweeps(page, 60_000);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'nothing scrolls sideways');
      // The form folds away: the results come first.
      const top = await page.evaluate(() => document.querySelector('#results').getBoundingClientRect().top);
      assert.ok(top < 400, `results start ${top} px down`);
      if (link.includes('orchard')) {
        const inside = await page.evaluate(() => {
          const svg = document.querySelector('#chain-graph').getBoundingClientRect();
          return [...document.querySelectorAll('#chain-graph .chain-node')].every((n) => n.getBoundingClientRect().right <= svg.right + 1);
        });
        assert.ok(inside, 'every state of the chain is on screen');
      }
      await page.screenshot({ path: `${SHOTS}phone-${link.slice(6, 30).replace(/[^a-z0-9]+/g, '-')}.png`, fullPage: true });
      assert.deepEqual(page.problems, []);
    });
  }

  it('places the chain’s probabilities where no two overlap', async () => {
    const page = await openDone(env, '#game=orchard&v=1&trees=2&fruits=2&crows=2');
    const overlaps = await page.evaluate(() => {
      const boxes = [...document.querySelectorAll('#chain-graph .chain-prob')].map((t) => t.getBBox());
      let n = 0;
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i], boxes[j]];
          if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) n++;
        }
      }
      return n;
    });
    assert.equal(overlaps, 0);
    assert.deepEqual(page.problems, []);
  });

  it('shows progress as a percentage and, after Cancel, offers to compute again', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.base}#game=orchard&v=1&trees=8&fruits=20&crows=20&strategy=optimal`);
    await page.waitForSelector('#confirm-compute');
    await page.click('#confirm-compute');
    await page.waitForFunction(() => /\d+ %/.test(document.querySelector('#status-text').textContent), null, { timeout: 20_000 });
    await page.click('#cancel');
    await page.waitForFunction(() => document.body.dataset.state === 'cancelled');
    assert.doesNotMatch(await page.textContent('#status-text'), /change a parameter/i);
    assert.ok(await page.isVisible('#compute-again'));
    assert.deepEqual(page.problems, []);
  });

  it('names players P1 and P2 in English and J1 and J2 in French', async () => {
    const en = await openDone(env, '#game=graphs&v=1&kind=subtraction&sticks=9');
    assert.doesNotMatch(await mainText(en), /\bJ[12]\b/);
    assert.match(await en.textContent('.headline'), /9 · P1/);
    const fr = await openDone(env, '#game=graphs&v=1&lang=fr&kind=subtraction&sticks=9');
    assert.match(await fr.textContent('.headline'), /9 · J1/);
    assert.deepEqual([...en.problems, ...fr.problems], []);
  });

  it('rebuilds the form for the fields of a mode chosen from the menu, focus kept', async () => {
    const page = await openDone(env, '#game=dice&v=1&mode=sequential');
    const names = () => page.$$eval('#form [name]', (e) => e.map((x) => x.name));
    assert.ok(!(await names()).includes('first'));
    await page.focus('#field-mode');
    await page.selectOption('#field-mode', 'compare');
    await page.waitForFunction(() => document.querySelector('#field-first'));
    assert.ok((await names()).includes('simulate'));
    assert.equal(await page.evaluate(() => document.activeElement?.name), 'mode');
    await page.selectOption('#field-mode', 'one-turn');
    await page.waitForFunction(() => !document.querySelector('#field-target'));
    const arena = await openDone(env, '#game=graphs&v=1&kind=subtraction');
    await arena.selectOption('#field-kind', 'chomp');
    await arena.waitForFunction(() => document.querySelector('#field-rows') && !document.querySelector('#field-sticks'));
    assert.deepEqual([...page.problems, ...arena.problems], []);
  });

  it('switches mode atomically: a value the new mode refuses goes back to its default, with a note', async () => {
    const page = await openDone(env, '#game=impartial&v=1&mode=octal&code=0.77&up_to=100000');
    await page.selectOption('#field-mode', 'table');
    assert.equal(await settled(page), 'done');
    // The table is what is computed, the form shows the table's fields, the note says why.
    await page.waitForSelector('#octal-table-rows');
    assert.equal(await page.inputValue('#field-mode'), 'table');
    assert.match(await page.textContent('#switch-note'), /went back to [\d,]+: .*65,?536/);
    const hash = new URLSearchParams((await page.evaluate(() => location.hash)).slice(1));
    assert.equal(hash.get('mode'), 'table');
    assert.ok(Number(hash.get('up_to')) <= 65536, hash.toString());
    assert.equal(hash.get('code'), null, 'another mode’s key does not ride along');
    // Dice: the compare mode's strategies leave with it.
    const dice = await openDone(env, '#game=dice&v=1&mode=compare&dice=5&target=30&first=blind&simulate=100');
    await dice.selectOption('#field-mode', 'simultaneous');
    assert.equal(await settled(dice), 'done');
    const q = new URLSearchParams((await dice.evaluate(() => location.hash)).slice(1));
    assert.deepEqual([q.get('mode'), q.get('first'), q.get('simulate')], ['simultaneous', null, null]);
    assert.deepEqual([...page.problems, ...dice.problems], []);
    await page.close();
    await dice.close();
  });

  it('marks results stale while a refused edit shows in the form, and clears the mark when fixed', async () => {
    const page = await openDone(env, '#game=orchard&v=1&trees=4&fruits=10&crows=9');
    await page.fill('#field-trees', '99');
    await page.dispatchEvent('#field-trees', 'change');
    await page.waitForSelector('#stale-note');
    assert.ok(await page.$eval('#results-body', (b) => b.classList.contains('stale')));
    assert.match(await page.textContent('#stale-note'), /values before your last edit/);
    await page.fill('#field-trees', '3');
    await page.dispatchEvent('#field-trees', 'change');
    assert.equal(await settled(page), 'done');
    await page.waitForFunction(() => !document.querySelector('#stale-note') && !document.querySelector('#results-body.stale'));
    assert.deepEqual(page.problems, []);
    await page.close();
  });
});
