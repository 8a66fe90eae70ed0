// What waits for a go-ahead shows what the link holds (issue 69, item 7): a
// search's board and a partizan board, played or edited from under the
// question; an octal game's first heaps and the octal table's first rows,
// computed at once; else the link's values by the form's labels. At 1,366 and
// 390 px, in English and French.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, SHOTS, openLink, brokenTexts, drawingProblems } from './browser.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

/** Opens `link`, which must wait for a go-ahead; the page. */
async function waiting(link, width, lang = 'en') {
  const { page, state } = await openLink(env, `${link}&lang=${lang}`, { viewport: { width, height: 900 } });
  assert.equal(state, 'idle', `${link} waits for a go-ahead`);
  assert.ok(await page.isVisible('#cost-confirm #confirm-compute'));
  assert.ok(await page.isVisible('#preview'), 'something of the link is shown under the question');
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0, 'no sideways scroll');
  assert.deepEqual(await brokenTexts(page), []);
  assert.deepEqual(await drawingProblems(page), []);
  return page;
}

const hash = (page) => page.evaluate(() => location.hash);

describe('a link that asks first shows what it holds', () => {
  for (const width of [1366, 390]) {
    it(`draws Hex's empty 7 × 7 board under the question and searches after a move clicked, at ${width} px`, async () => {
      const page = await waiting('#game=search&v=1&search=hex&size=7&depth=end', width);
      assert.equal(await page.locator('#preview #search-board .hex').count(), 49);
      assert.match(await page.textContent('#preview-note'), /what the link holds/);
      await page.screenshot({ path: `${SHOTS}preview-hex-${width}.png`, fullPage: true });
      const before = await hash(page);
      await page.click('#preview #search-board .hex[data-move="d4"]');
      await page.waitForFunction((b) => location.hash !== b, before);
      assert.match(await hash(page), /moves=d4/);
      assert.deepEqual(page.problems, []);
      await page.close();
    });

    it(`draws a 4 × 7 Domineering board under the question, edited and played from there, at ${width} px`, async () => {
      const page = await waiting(`#game=partizan&v=1&ruleset=domineering&position=${encodeURIComponent('......./......./......./.......')}`, width);
      assert.equal(await page.locator('#preview #pz-board .pz-cell').count(), 28);
      await page.screenshot({ path: `${SHOTS}preview-domineering-${width}.png`, fullPage: true });
      // Play: Left's vertical domino on the top-left cell and the one under it.
      await page.check('#preview #pz-mode-play');
      const before = await hash(page);
      await page.locator('#preview #pz-board .pz-cell').first().click();
      await page.waitForFunction((b) => location.hash !== b, before);
      assert.match(decodeURIComponent(await hash(page)), /position=#\.{6}\/#\.{6}\//);
      assert.deepEqual(page.problems, []);
      await page.close();
    });
  }

  it('computes an octal game’s first heaps at once under the question, in both languages', async () => {
    for (const [lang, note] of [['en', /what the link holds/], ['fr', /ce que contient le lien/]]) {
      const page = await waiting('#game=impartial&v=1&mode=octal&code=0.376&up_to=3000000', 390, lang);
      assert.match(await page.textContent('#preview-note'), note);
      assert.match(await page.textContent('#preview #values-table caption'), /G\(0\) … G\(200\)/);
      assert.deepEqual(page.problems, []);
      await page.close();
    }
  });

  it('shows the octal table’s first rows (the one-digit codes) under the question', async () => {
    const page = await waiting('#game=impartial&v=1&mode=table&digits=3&up_to=5000', 1366);
    assert.match(await page.textContent('#preview'), /codes of 1 digit, 200 heaps/);
    assert.ok(await page.locator('#preview table tbody tr').count() >= 8);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('lists a parity game’s keys by the form’s labels where nothing can be drawn at once, in both languages', async () => {
    for (const [lang, asks, vertices] of [['en', 'The link asks for:', 'Vertices'], ['fr', 'Le lien demande :', 'Sommets']]) {
      const page = await waiting('#game=parity&v=1&source=random&vertices=1000000&priorities=1000000&min-degree=1&max-degree=2', 390, lang);
      assert.equal((await page.textContent('#preview-summary p')).trim(), asks);
      const pairs = await page.$$eval('#preview-summary dt', (dts) => dts.map((dt) => [dt.textContent, dt.nextElementSibling.textContent]));
      assert.deepEqual(pairs.find(([label]) => label === vertices), [vertices, '1000000']);
      await page.screenshot({ path: `${SHOTS}preview-parity-${lang}.png`, fullPage: true });
      assert.deepEqual(page.problems, []);
      await page.close();
    }
  });
});
