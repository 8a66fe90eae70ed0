// The state check: random sequences of edits of the form (modes, sizes, presets,
// values in and out of range), seeded, on every family. After each edit settles,
// the result on screen belongs to the form on screen (the link in the address
// bar) or is marked stale, and nothing broken is shown. LUDOLAB_STATES_SEED
// replays a run; LUDOLAB_STATES_EDITS sets the edits per family.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, newPage, BROKEN_TEXT, GAMES } from './browser.mjs';

const SEED = Number(process.env.LUDOLAB_STATES_SEED ?? Math.floor(Math.random() * 2 ** 31));
const EDITS = Number(process.env.LUDOLAB_STATES_EDITS ?? 8);
const FAMILIES = GAMES;

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

/** mulberry32: a small seeded generator, the same sequence for the same seed. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** One random edit of a visible control of the form, made in the page: what was done. */
async function randomEdit(page, r) {
  return page.evaluate(([u1, u2, u3]) => {
    const controls = [...document.querySelectorAll('#form select, #form input[type=number], #form input[type=text]')]
      .filter((c) => c.getClientRects().length && !c.disabled);
    if (!controls.length) return null;
    const c = controls[Math.floor(u1 * controls.length)];
    let value;
    if (c.tagName === 'SELECT') {
      const options = [...c.options].filter((o) => !o.disabled);
      value = options[Math.floor(u2 * options.length)].value;
    } else if (c.type === 'number') {
      const min = Number(c.min || 0);
      const max = Number(c.max || min + 100);
      // Mostly small values in range (cheap to compute), sometimes the edges, now and then one out of range.
      value = String(u3 < 0.1 ? max + 1 : u3 < 0.2 ? min : u3 < 0.25 ? max : Math.round(min + u2 * Math.min(max - min, 12)));
    } else {
      value = u3 < 0.3 ? '' : u3 < 0.5 ? c.value : `${c.value},${Math.round(u2 * 9)}`;
    }
    c.value = value;
    c.dispatchEvent(new Event('change', { bubbles: true }));
    return `${c.name}=${value}`;
  }, [r(), r(), r()]);
}

describe('state check', () => {
  it(`edits each family ${EDITS} times at random (seed ${SEED}) and never shows a result that disagrees with the form`, { timeout: 30 * 60 * 1000 }, async () => {
    console.log(`state check: seed ${SEED}, ${EDITS} edits per family; replay with LUDOLAB_STATES_SEED=${SEED}`);
    const r = random(SEED);
    const failures = [];
    for (const game of FAMILIES) {
      const page = await newPage(env.browser);
      await page.goto(`${env.base}#game=${game}&v=1`);
      await page.waitForFunction(() => document.body.dataset.state === 'done', null, { timeout: 120_000 });
      const done = [];
      for (let k = 0; k < EDITS; k++) {
        const edit = await randomEdit(page, r);
        if (!edit) break;
        done.push(edit);
        // Settled: not waiting out the debounce, not computing (a long one is cancelled: the check is about states).
        await page.waitForTimeout(200);
        await page.waitForFunction(() => !['pending', 'computing', 'loading'].includes(document.body.dataset.state), null, { timeout: 120_000 })
          .catch(async () => { await page.click('#cancel').catch(() => {}); });
        const seen = await page.evaluate(() => ({
          state: document.body.dataset.state,
          address: location.hash.slice(1),
          shown: window.__ludolab.shownQuery,
          stale: document.querySelector('#results-body.stale') !== null,
          fixFirst: document.querySelector('#fix-first') !== null,
          text: document.querySelector('main').innerText,
        }));
        const where = `${game} after ${done.join(' · ')}`;
        if (seen.state === 'done' && !seen.stale && seen.shown !== seen.address) {
          failures.push(`${where}: the result is for ${seen.shown}, the form for ${seen.address}`);
        }
        if (seen.state === 'error' && !seen.stale && !seen.fixFirst) failures.push(`${where}: an error with an unmarked result`);
        const bad = seen.text.match(BROKEN_TEXT);
        if (bad) failures.push(`${where}: the page shows "${bad[0]}"`);
      }
      if (page.problems.length) failures.push(`${game}: ${page.problems.join('; ')}`);
      await page.context().close();
    }
    assert.deepEqual(failures, [], `seed ${SEED}`);
  });
});
