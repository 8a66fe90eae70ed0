// The link sweep in the browser: seeded links of every family and mode from the
// core's generator (limits, degenerate boards, one-vertex graphs, spoiled values).
// A valid link settles `done` with every chart drawn and no "[object", "undefined",
// "NaN", "Infinity" or "null" on the page or in any of its exports (CSV, LaTeX, SVG),
// and drawings a person can read (browser.mjs, drawingProblems); an invalid one settles `error`, keeps its family and
// mode, and names the field at fault by its label. LUDOLAB_SWEEP_SEED replays a
// run; LUDOLAB_SWEEP_LINKS sets the count (`make sweep` runs 1,000).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, newPage, brokenTexts, orchardSweeps, drawingProblems } from './browser.mjs';

const SEED = Number(process.env.LUDOLAB_SWEEP_SEED ?? Math.floor(Math.random() * 2 ** 31));
const COUNT = Number(process.env.LUDOLAB_SWEEP_LINKS ?? 48);
// Valid links cost at most this in the page's estimate (the page would ask first above 3 s).
const BUDGET = Number(process.env.LUDOLAB_SWEEP_BUDGET ?? 1);

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

describe('link sweep', () => {
  it(`opens ${COUNT} generated links (seed ${SEED}) and finds no broken state`, { timeout: 60 * 60 * 1000 }, async () => {
    console.log(`link sweep: seed ${SEED}, ${COUNT} links; replay with LUDOLAB_SWEEP_SEED=${SEED}`);
    let page = await newPage(env.browser);
    await page.goto(`${env.base}#game=snakes&v=1&preset=grid1`);
    await page.waitForFunction(() => document.body.dataset.state === 'done');
    const { links, specs } = await page.evaluate(async ([seed, count, budget]) => {
      // Each family's links from its own bundle (one bundle per family), taken in turn.
      const { FAMILIES } = await import('./pkg/families.js');
      const { fetchFamily } = await import('./core.js');
      const each = [];
      for (const [k, f] of FAMILIES.entries()) {
        const { exports } = await fetchFamily(f.key);
        each.push(exports.sweepLinks(seed + k, Math.ceil(count / FAMILIES.length), budget));
      }
      const all = [];
      for (let k = 0; all.length < count; k++) all.push(each[k % each.length][Math.floor(k / each.length)]);
      return { links: all, specs: FAMILIES };
    }, [SEED, COUNT, BUDGET]);
    const failures = [];
    let done = 0;
    for (const [k, link] of links.entries()) {
      // A fresh page now and then, so that one page's history does not grow without end.
      if (k > 0 && k % 40 === 0) {
        await page.context().close();
        page = await newPage(env.browser);
        await page.goto(`${env.base}#game=snakes&v=1&preset=grid1`);
        await page.waitForFunction(() => document.body.dataset.state === 'done');
      }
      page.problems.length = 0;
      const same = await page.evaluate((q) => location.hash.slice(1) === q, link.query);
      if (same) continue;
      await page.evaluate((q) => { document.body.dataset.state = 'navigating'; location.hash = q; }, link.query);
      try {
        await page.waitForFunction(() => ['done', 'error', 'idle', 'cancelled'].includes(document.body.dataset.state), null, { timeout: 120_000 });
      } catch {
        const [state, status] = await page.evaluate(() => [document.body.dataset.state, document.querySelector('#status-text').textContent]);
        failures.push(`${link.query}: did not settle (state ${state}, "${status}") ${page.problems.join('; ')}`);
        await page.context().close();
        page = await newPage(env.browser);
        await page.goto(`${env.base}#game=snakes&v=1&preset=grid1`);
        await page.waitForFunction(() => document.body.dataset.state === 'done');
        continue;
      }
      let state = await page.evaluate(() => document.body.dataset.state);
      // Orchard's sweeps start once its result is drawn: a state read just then finds them computing.
      if (state === 'computing' && link.game === 'orchard') {
        await page.waitForFunction(() => ['done', 'error', 'idle', 'cancelled'].includes(document.body.dataset.state), null, { timeout: 300_000 });
        state = await page.evaluate(() => document.body.dataset.state);
      }
      if (state === 'idle') {
        await page.click('#confirm-compute');
        await page.waitForFunction(() => ['done', 'error'].includes(document.body.dataset.state), null, { timeout: 300_000 });
        state = await page.evaluate(() => document.body.dataset.state);
      }
      // Orchard's sweeps come after the main result.
      if (state === 'done' && link.game === 'orchard') {
        await orchardSweeps(page, 120_000);
      }
      // The drawings below the first screen come just after it (dom.js drawWhenShown).
      await page.waitForFunction(() => !document.body.dataset.drawing);
      const seen = await page.evaluate(() => ({
        text: document.querySelector('main').innerText,
        undrawn: [...document.querySelectorAll('figure canvas')].filter((c) => !c.dataset.drawn && !c.hidden).map((c) => c.closest('figure').id),
        family: document.querySelector('#families a[aria-current="page"]')?.dataset.game,
        modes: Object.fromEntries(['mode', 'kind'].map((k) => [k, document.querySelector(`#form [name="${k}"]`)?.value])),
        errors: [...document.querySelectorAll('.field-error')].map((e) => e.textContent),
        lang: document.documentElement.lang,
      }));
      const fail = (why) => failures.push(`${link.query}: ${why}`);
      if (link.bad_key === null) {
        if (state !== 'done') fail(`settled ${state}: ${await page.textContent('#status-text')}`);
        for (const broken of await brokenTexts(page)) fail(broken);
        for (const seen of await drawingProblems(page)) fail(`drawing: ${seen}`);
        if (seen.undrawn.length) fail(`not drawn: ${seen.undrawn.join(', ')}`);
        done++;
      } else {
        if (state !== 'error') fail(`an invalid link settled ${state}`);
        if (seen.family !== link.game) fail(`the family became ${seen.family}`);
        if (link.mode && seen.modes[link.mode[0]] !== link.mode[1]) fail(`the mode became ${seen.modes[link.mode[0]]}`);
        const field = specs.find((s) => s.key === link.game).fields.find((f) => f.key === link.bad_key);
        const label = field.label[seen.lang] ?? field.label.en;
        if (!seen.errors.some((e) => e.includes(label))) fail(`no message names "${label}": ${JSON.stringify(seen.errors)}`);
      }
      if (page.problems.length) fail(page.problems.join('; '));
    }
    await page.context().close();
    assert.ok(done * 2 > links.length, `only ${done} valid links of ${links.length}`);
    assert.deepEqual(failures, [], `seed ${SEED}`);
  });
});
