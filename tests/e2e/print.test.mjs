// A printed handout of every board (issue 69): boards whose cells are buttons
// print their cells, a drawing wider than the page fits it, and a heading stays
// on the page of what it heads — checked in print media and on the PDF
// Chromium writes (pdftotext, which make test installs).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { start, SHOTS, openDone } from './browser.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

const hasTool = (tool) => spawnSync(tool, ['-v']).error === undefined;

/** The PDF's text, page by page. */
async function pdfPages(page, name) {
  const path = `${SHOTS}${name}.pdf`;
  await page.pdf({ path, format: 'A4', printBackground: true });
  const run = spawnSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  return run.stdout.split('\f').map((p) => p.replace(/\s+/g, ' '));
}

describe('Printing a board', () => {
  for (const [name, link, cells, count] of [
    ['domineering', '#game=partizan&v=1&ruleset=domineering&position=..../..../....', '#pz-board-section .pz-cell', 12],
    ['clobber', '#game=partizan&v=1&ruleset=clobber&position=xox/oxo', '#pz-board-section .pz-cell', 6],
    ['toads', '#game=partizan&v=1&ruleset=toads&position=TT..FF', '#pz-board-section .pz-cell', 6],
    ['connect4', '#game=connect4&v=1&width=5&height=4&moves=3344', '#c4-board .c4-cell', 20],
    ['tictactoe', '#game=search&v=1&search=tictactoe&moves=1,5', '#search-board .cell', 9],
  ]) {
    it(`prints ${name}'s board, every cell`, async () => {
      const page = await openDone(env, link);
      await page.emulateMedia({ media: 'print' });
      const shown = await page.$$eval(cells, (all) => all.filter((c) => c.getBoundingClientRect().width > 0).length);
      assert.equal(shown, count, `${name}: cells printed`);
      // The winning moves' pictures (buttons that play them on screen) print too.
      const pictures = await page.$$eval('.pz-move-play', (all) => all.filter((b) => b.getBoundingClientRect().width === 0).length);
      assert.equal(pictures, 0, `${name}: every winning move's picture printed`);
      assert.deepEqual(page.problems, []);
      await page.close();
    });
  }

  it('fits a wide game tree to the page and keeps a heading with its board', async () => {
    // A sum of switches: a wide canonical form.
    const page = await openDone(env, '#game=partizan&v=1&ruleset=expr&position=%7B%7B4%7C3%7D%7C%7B2%7C1%7D%7D%2B%7B%7B1%7C0%7D%7C%7B-1%7C-2%7D%7D');
    await page.emulateMedia({ media: 'print' });
    const [tree, body] = await page.evaluate(() => [document.querySelector('svg.pz-tree').getBoundingClientRect().right, document.body.getBoundingClientRect().right]);
    assert.ok(tree <= body + 1, `the tree ends at ${tree} px, the page at ${body}`);
    await page.close();
    const hex = await openDone(env, '#game=search&v=1&search=hex&size=5&depth=2&moves=c3,b4');
    await hex.emulateMedia({ media: 'print' });
    if (hasTool('pdftotext')) {
      const pages = await pdfPages(hex, 'print-hex');
      const at = pages.findIndex((p) => /The position/.test(p));
      assert.ok(at >= 0, 'the position is printed');
      // The board's cell names are on the heading's page.
      assert.match(pages[at], /The position.*\ba1\b.*\be5\b/, `page ${at + 1}: ${pages[at].slice(0, 300)}`);
    }
    assert.deepEqual(hex.problems, []);
    await hex.close();
  });
});
