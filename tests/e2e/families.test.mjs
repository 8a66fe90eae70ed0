// The chapters as families (stop 39): each of the game-graphs family's old
// kinds that became a family of its own opens it from an old link, loads its
// own bundle only, and the address bar shows the new link.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, newPage, settled } from './browser.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

describe('old links of the game graphs', () => {
  for (const [old, family, address, shown] of [
    ['#game=arena&v=1&kind=connect4&width=5&height=4&moves=33', 'connect4', '#game=connect4&v=1&width=5&height=4&moves=33', '#c4-board'],
    ['#game=arena&v=1&kind=parity&source=ladder&size=3', 'parity', '#game=parity&v=1&source=ladder&size=3&solver=portfolio', '#parity-regions'],
    ['#game=arena&kind=search&search=sticks&sticks=7&depth=end', 'search', '#game=search&v=1&search=sticks&sticks=7&take=1%2C2%2C3&misere=yes&depth=end&heuristic=modulo&algorithm=alphabeta&moves=', '#runs-table'],
    ['#game=arena&v=1&kind=chomp&rows=3&cols=3', 'graphs', '#game=graphs&v=1&kind=chomp&rows=3&cols=3', '#first-moves'],
  ]) {
    it(`opens ${old} as the ${family} family`, async () => {
      const page = await newPage(env.browser);
      const bundles = [];
      page.on('request', (r) => {
        const m = new URL(r.url()).pathname.match(/\/pkg\/(\w+)\/ludolab_bg\.wasm$/);
        if (m) bundles.push(m[1]);
      });
      await page.goto(env.base + old);
      assert.equal(await settled(page), 'done');
      assert.equal(new URL(page.url()).hash, address);
      assert.equal(await page.getAttribute('#families a[aria-current="page"]', 'data-game'), family);
      assert.ok(await page.isVisible(shown), `${shown} is drawn`);
      // Its family's bundle only (and the drawing bundle, every family's).
      assert.deepEqual([...new Set(bundles)].filter((b) => b !== 'draw'), [family]);
      assert.deepEqual(page.problems, []);
      await page.close();
    });
  }
});
