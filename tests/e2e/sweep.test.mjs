// The link sweep in the browser: seeded links of every family and mode from the
// core's generator (limits, degenerate boards, one-vertex graphs, spoiled values).
// A valid link settles `done` with every chart drawn and no "[object", "undefined",
// "NaN", "Infinity" or "null" on the page or in any of its exports (CSV, LaTeX, SVG),
// and drawings a person can read (browser.mjs, drawingProblems); an invalid one settles `error`, keeps its family and
// mode, and names the field at fault by its label. A valid link settles within its
// estimate: at most (4 × the core's seconds + SLACK, the family's bundle and the
// first screen's drawings) × this run's speed, the median of time ÷ estimate over
// the links estimated above 50 ms, at least 1 (make test runs it beside other work). LUDOLAB_SWEEP_SEED replays a
// run; LUDOLAB_SWEEP_LINKS sets the count (`make sweep` runs 1,000); LUDOLAB_SWEEP_VERBOSE prints each link's time.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, newPage, brokenTexts, orchardSweeps, drawingProblems } from './browser.mjs';

const SEED = Number(process.env.LUDOLAB_SWEEP_SEED ?? Math.floor(Math.random() * 2 ** 31));
const COUNT = Number(process.env.LUDOLAB_SWEEP_LINKS ?? 48);
// Valid links cost at most this in the page's estimate (the page would ask first above 3 s).
const BUDGET = Number(process.env.LUDOLAB_SWEEP_BUDGET ?? 1);
// Seconds beyond the estimate's share: a family's bundle fetched and compiled on
// its first link, the worker's start and the first screen's drawings.
const SLACK = 3;

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
      const { fetchFamily, SPECS } = await import('./core.js');
      const each = [];
      for (const [k, f] of FAMILIES.entries()) {
        const { exports } = await fetchFamily(f.key);
        each.push(exports.sweepLinks(seed + k, Math.ceil(count / FAMILIES.length), budget));
      }
      const all = [];
      for (let k = 0; all.length < count; k++) all.push(each[k % each.length][Math.floor(k / each.length)]);
      // Each spec whole: fetchFamily loaded the rest of it (its fields) into SPECS.
      return { links: all, specs: Object.values(SPECS) };
    }, [SEED, COUNT, BUDGET]);
    const failures = [];
    const timed = [];
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
      // The first settled state is caught in the page as it is set: a poll could
      // miss a short one (Orchard's sweeps start at once when their section is in
      // view) and time the sweeps too.
      await page.evaluate((q) => {
        const settled = ['done', 'error', 'idle', 'cancelled'];
        window.sweepSettled = null;
        const started = performance.now();
        const seen = new MutationObserver((records) => {
          // Each record holds the value before its change: the value after is the next one's (or the current).
          const values = [...records.slice(1).map((r) => r.oldValue), document.body.dataset.state];
          const first = values.find((v) => settled.includes(v));
          if (first) {
            window.sweepSettled = { state: first, took: (performance.now() - started) / 1000 };
            seen.disconnect();
          }
        });
        seen.observe(document.body, { attributes: true, attributeFilter: ['data-state'], attributeOldValue: true });
        document.body.dataset.state = 'navigating';
        location.hash = q;
      }, link.query);
      try {
        await page.waitForFunction(() => window.sweepSettled, null, { timeout: 120_000, polling: 50 });
      } catch {
        const [state, status] = await page.evaluate(() => [document.body.dataset.state, document.querySelector('#status-text').textContent]);
        failures.push(`${link.query}: did not settle (state ${state}, "${status}") ${page.problems.join('; ')}`);
        await page.context().close();
        page = await newPage(env.browser);
        await page.goto(`${env.base}#game=snakes&v=1&preset=grid1`);
        await page.waitForFunction(() => document.body.dataset.state === 'done');
        continue;
      }
      const { took, state: first } = await page.evaluate(() => window.sweepSettled);
      if (process.env.LUDOLAB_SWEEP_VERBOSE) console.log(`link sweep: ${k} ${took.toFixed(2)} s (estimated ${link.seconds.toFixed(3)} s) ${link.query}`);
      let state = await page.evaluate(() => document.body.dataset.state);
      if (first === 'done' && link.bad_key === null) timed.push({ query: link.query, estimate: link.seconds, took });
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
      const label = (game, key) => {
        const field = specs.find((s) => s.key === game).fields.find((f) => f.key === key);
        return field.label[seen.lang] ?? field.label.en;
      };
      // The sum box's values are known only once its parts are solved: a sum too
      // long to add is refused then, beside its field, before the sum is begun
      // (src/partizan/report.rs, sum_report); the parts' solve was within the estimate.
      const refusedAfterParts = state === 'error' && link.bad_key === null && link.game === 'partizan'
        && new URLSearchParams(link.query).has('sum') && seen.errors.some((e) => e.includes(label('partizan', 'sum')));
      if (link.bad_key === null && !refusedAfterParts) {
        if (state !== 'done') fail(`settled ${state}: ${await page.textContent('#status-text')}`);
        for (const broken of await brokenTexts(page)) fail(broken);
        for (const seen of await drawingProblems(page)) fail(`drawing: ${seen}`);
        if (seen.undrawn.length) fail(`not drawn: ${seen.undrawn.join(', ')}`);
        done++;
      } else if (!refusedAfterParts) {
        if (state !== 'error') fail(`an invalid link settled ${state}`);
        if (seen.family !== link.game) fail(`the family became ${seen.family}`);
        if (link.mode && seen.modes[link.mode[0]] !== link.mode[1]) fail(`the mode became ${seen.modes[link.mode[0]]}`);
        const named = label(link.game, link.bad_key);
        if (!seen.errors.some((e) => e.includes(named))) fail(`no message names "${named}": ${JSON.stringify(seen.errors)}`);
      }
      if (page.problems.length) fail(page.problems.join('; '));
    }
    await page.context().close();
    const ratios = timed.filter((t) => t.estimate > 0.05).map((t) => t.took / t.estimate).sort((a, b) => a - b);
    const speed = Math.max(1, ratios.length ? ratios[Math.floor(ratios.length / 2)] : 1);
    const limit = (t) => (4 * t.estimate + SLACK) * speed;
    const slowest = timed.reduce((a, t) => (t.took / limit(t) > a.took / limit(a) ? t : a), timed[0]);
    console.log(`link sweep: ${timed.length} links timed, speed ${speed.toFixed(2)} (${ratios.length} estimated above 50 ms); `
      + `closest to its limit: ${slowest?.took.toFixed(2)} s for ${slowest?.estimate.toFixed(3)} s estimated, ${slowest?.query}`);
    for (const t of timed) {
      if (t.took > limit(t)) {
        failures.push(`${t.query}: settled in ${t.took.toFixed(2)} s, estimated ${t.estimate.toFixed(3)} s (limit ${limit(t).toFixed(2)} s at speed ${speed.toFixed(2)})`);
      }
    }
    assert.ok(done * 2 > links.length, `only ${done} valid links of ${links.length}`);
    assert.deepEqual(failures, [], `seed ${SEED}`);
  });
});
