// Loading as a phone does: what a link downloads (bytes, not time: timings are
// `make lighthouse`'s), the page drawn before the family's bundle lands, and the
// static header kept equal to the core's families.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { start, newPage, settled, WWW, GAMES } from './browser.mjs';

// At most this many compressed bytes for the default Snakes link in English.
const BUDGET = 400_000;

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

/** Opens `link` in a fresh page and returns what the server sent until the first result: {page, sent: Map, total}. */
async function transferred(link, options) {
  const page = await newPage(env.browser, options);
  env.server.sent.clear();
  await page.goto(env.base + link);
  assert.equal(await settled(page), 'done');
  const sent = new Map(env.server.sent);
  return { page, sent, total: [...sent.values()].reduce((a, b) => a + b, 0) };
}

describe('loading', () => {
  it('downloads only its own family, in English without the French strings, under 400 kB', async () => {
    const { page, sent, total } = await transferred('#game=snakes&v=1&preset=audet');
    const files = [...sent.keys()];
    for (const other of GAMES.filter((g) => g !== 'snakes')) {
      assert.ok(!files.includes(`/views/${other}.js`), `the ${other} view was downloaded`);
      assert.ok(!files.some((f) => f.startsWith(`/pkg/${other}/`)), `the ${other} bundle was downloaded`);
    }
    assert.ok(!files.includes('/fr.js'), 'the French strings were downloaded for an English page');
    assert.ok(files.includes('/pkg/snakes/ludolab_bg.wasm'), files.join(', '));
    assert.ok(total <= BUDGET, `${total} bytes sent (at most ${BUDGET}): ${files.map((f) => `${f} ${sent.get(f)}`).join(', ')}`);
    // Sent compressed, with the bundle compiled once (no second download).
    assert.ok(sent.get('/pkg/snakes/ludolab_bg.wasm') < 0.5 * readFileSync(join(WWW, 'pkg/snakes/ludolab_bg.wasm')).length);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('adds the French strings to a French link', async () => {
    const { page, sent } = await transferred('#game=snakes&v=1&lang=fr&preset=audet');
    assert.ok(sent.has('/fr.js'));
    assert.equal(await page.textContent('#parameters-title'), 'Paramètres');
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('serves what a static host serves: compressed, typed, cached by version', async () => {
    const { FAMILIES } = await import(join(WWW, 'pkg/families.js'));
    const wasm = FAMILIES[0].bundle.wasm;
    const response = await fetch(env.base + wasm, { headers: { 'Accept-Encoding': 'br, gzip' } });
    assert.equal(response.headers.get('content-type'), 'application/wasm');
    assert.equal(response.headers.get('content-encoding'), 'br');
    assert.match(response.headers.get('cache-control'), /immutable/);
    const page = await fetch(env.base, { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(page.headers.get('content-encoding'), 'gzip');
    assert.equal(page.headers.get('cache-control'), 'no-cache');
    const again = await fetch(env.base, { headers: { 'If-None-Match': page.headers.get('etag') } });
    assert.equal(again.status, 304);
  });

  it('draws the header, the form and a computing state before the bundle lands', async () => {
    const page = await newPage(env.browser, { viewport: { width: 390, height: 844 } });
    let release;
    const held = new Promise((ok) => { release = ok; });
    // The family's bundle is held back until the early page has been looked at.
    await page.route(/ludolab_bg\.wasm/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${env.base}#game=dice&v=1&mode=sequential&dice=7&target=50`);
    // The results' place is in the static HTML, so it is there at first paint,
    // before the early page marks the state: wait for the state itself (the
    // bundle is held, so it cannot be past computing).
    await page.waitForSelector('#result-pending');
    await page.waitForFunction(() => document.body.dataset.state === 'computing', null, { timeout: 30_000 });
    assert.equal(await page.evaluate(() => document.body.dataset.state), 'computing');
    assert.match(await page.textContent('#status-text'), /Loading the solver/);
    assert.equal(await page.getAttribute('#families a[data-game="dice"]', 'aria-current'), 'page');
    // The form holds the link's values (the phone folds it: open it).
    await page.click('#toggle-parameters');
    assert.equal(await page.inputValue('[name="dice"]'), '7');
    assert.equal(await page.inputValue('[name="target"]'), '50');
    const pending = await page.locator('#result-pending').boundingBox();
    assert.ok(pending.height >= 200, `the results' place is kept (${pending.height} px)`);
    await page.screenshot({ path: join(WWW, '../target/e2e/loading-early-390.png') });
    // An edit made before the bundle lands is kept and read when it does.
    await page.fill('[name="target"]', '60');
    await page.dispatchEvent('[name="target"]', 'change');
    release();
    assert.equal(await settled(page), 'done');
    assert.match(page.url(), /target=60/);
    assert.equal(await page.inputValue('[name="target"]'), '60');
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('marks a bad value once the core lands, keeping what was typed', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.base}#game=dice&v=1&mode=sequential&dice=0&target=50`);
    assert.equal(await settled(page), 'error');
    assert.equal(await page.inputValue('[name="dice"]'), '0');
    assert.match(await page.textContent('.field-error'), /0/);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('writes the core\'s families into the page\'s static header', async () => {
    const { FAMILIES } = await import(join(WWW, 'pkg/families.js'));
    const html = readFileSync(join(WWW, 'index.html'), 'utf8');
    const menu = [...html.matchAll(/<a href="\.\/#game=(\w+)&amp;v=1" data-game="\w+">([^<]+)<\/a>/g)].map(([, key, title]) => [key, title]);
    assert.deepEqual(menu, FAMILIES.map((f) => [f.key, f.title.en]));
  });
});
