// Impartial games in Chromium: the seed's Nim example and a game against the
// computer, Kayles's period laid out, a drawn graph, sums, misère, solitaire.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, SHOTS, openDone, brokenTexts, exportTexts } from './browser.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

describe('Impartial games', () => {
  it('writes the core’s bilingual texts in the page’s language in sums and misère tables and their exports', async () => {
    for (const [link, lang, table] of [
      ['#game=impartial&v=1&mode=sum&sum=nim+3%3B+0.77+10%3B+path%3A5', 'en-GB', '#sum-table'],
      ['#game=impartial&v=1&mode=sum&sum=nim+3%3B+0.77+10%3B+path%3A5', 'fr-FR', '#sum-table'],
      ['#game=impartial&v=1&mode=misere&of=nim&heaps=1,2,4', 'en-GB', '#misere-moves'],
    ]) {
      const page = await openDone(env, link, { locale: lang });
      assert.deepEqual(await brokenTexts(page), [], `${link} in ${lang}`);
      const cells = await page.locator(`${table} td`).allTextContents();
      assert.ok(cells.length > 0 && cells.every((c) => c.length > 0), `${table}: ${cells}`);
      const csv = (await exportTexts(page)).find((x) => x.button.startsWith(table.slice(1)) && /CSV/.test(x.button));
      assert.ok(csv, `${table} offers a CSV`);
      if (lang === 'fr-FR') assert.match(csv.text, /tas|chemin|Nim/);
      assert.deepEqual(page.problems, []);
      await page.close();
    }
  });

  it('shows the seed’s Nim example and plays against the computer', async () => {
    const page = await openDone(env, '#game=impartial&mode=nim&heaps=8,8,7,7,7,6,4,4,4,2,1');
    assert.match(await page.textContent('#grundy'), /G = 6/);
    assert.equal(await page.locator('#nim-moves tbody tr').count(), 7);
    assert.match(await page.textContent('#nim-binary'), /nim-sum.*0110/s);
    // Take heap 5 (six tokens) down to 0: a winning move; the computer has none.
    await page.click('#nim-board .nim-heap:nth-child(6) .token >> nth=0');
    await page.waitForSelector('#nim-board:not([data-busy])');
    assert.match(await page.textContent('#play-log'), /The nim-sum is 0: no winning move for me/);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('ends a game of Nim: whoever takes the last token wins, and the board stops', async () => {
    // One heap of one: your move takes the last token.
    let page = await openDone(env, '#game=impartial&mode=nim&heaps=1');
    await page.click('#nim-board .token');
    await page.waitForSelector('#nim-board:not([data-busy])');
    assert.match(await page.textContent('#play-log'), /You left 0 in heap 0\. You took the last token: you win!/);
    assert.equal(await page.getAttribute('#play-log', 'data-result'), 'you');
    assert.equal(await page.locator('#nim-board .token').count(), 0);
    await page.close();
    // Two heaps of one: you take one, the computer the last.
    page = await openDone(env, '#game=impartial&mode=nim&heaps=1,1');
    await page.click('#nim-board .nim-heap:nth-child(1) .token');
    await page.waitForSelector('#nim-board:not([data-busy])');
    assert.match(await page.textContent('#play-log'), /I took the last token: I win\./);
    assert.equal(await page.getAttribute('#play-log', 'data-result'), 'computer');
    // A new game starts again from the link's heaps.
    await page.click('#play-section button:text("New game")');
    await page.waitForFunction(() => document.querySelectorAll('#nim-board .token:not([disabled])').length === 2);
    assert.equal(await page.textContent('#play-log'), '');
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('lays Kayles out by its period with the 14 exceptions', async () => {
    const page = await openDone(env, '#game=impartial&mode=octal&code=0.77&up_to=300');
    assert.match(await page.textContent('#period'), /period 12/);
    assert.match(await page.textContent('#exceptions'), /14 exceptions/);
    assert.match(await page.textContent('#proof'), /^proven/);
    assert.equal(await page.locator('#values-table td.exception').count(), 14);
    assert.match(await page.textContent('#exceptions-list'), /0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70/);
    await page.screenshot({ path: `${SHOTS}impartial-kayles.png`, fullPage: true });
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('clears a graph to the empty graph (value 0) and grows it again', async () => {
    const page = await openDone(env, '#game=impartial&v=1&mode=graph&edges=3:0-1,1-2');
    await page.click('#graph-game button:text("Clear")');
    await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get('edges')?.trim() === '0:');
    await page.waitForFunction(() => document.querySelector('#graph-value')?.textContent.startsWith('Value 0: the empty graph'));
    const box = await page.locator('#graph-editor').boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(() => document.querySelector('#graph-value')?.textContent.startsWith('Value 1'));
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('reads an empty edge list as the empty graph, as 0: is, in both languages', async () => {
    // Issue 69: `edges=` was refused while `edges=0:` was the empty graph.
    for (const [lang, said] of [['en', /^Value 0: the empty graph/], ['fr', /^Valeur 0 : le graphe vide/]]) {
      const page = await openDone(env, `#game=impartial&v=1&mode=graph&edges=&lang=${lang}`);
      assert.match(await page.textContent('#graph-value'), said);
      assert.equal(await page.locator('#graph-components').count(), 0, 'no table of no component');
      assert.deepEqual(await brokenTexts(page), []);
      assert.deepEqual(page.problems, []);
      await page.close();
    }
  });

  it('calls a period a candidate until it is proven (0.16 at 200 heaps), never a bare dash', async () => {
    const page = await openDone(env, '#game=impartial&v=1&mode=octal&code=0.16&up_to=200');
    const period = await page.textContent('#period');
    assert.match(period, /^no period (proven|found) yet/);
    assert.doesNotMatch(await page.textContent('.headline'), /—/);
    assert.equal(await page.textContent('#proof'), 'not proven');
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('draws a graph, values it and highlights a winning move', async () => {
    const page = await openDone(env, '#game=impartial&mode=graph&edges=3:0-1,1-2');
    assert.match(await page.textContent('#graph-value'), /^Value 2/);
    const canvas = page.locator('#graph-editor');
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    // Add a vertex in an empty corner: a path of 3 plus a lone vertex, value 2 ⊕ 1 = 3.
    await page.mouse.click(box.x + 30, box.y + 30);
    await page.waitForFunction(() => document.querySelector('#graph-value')?.textContent.startsWith('Value 3'));
    assert.match(new URL(page.url()).hash, /edges=4/);
    assert.match(await page.textContent('#graph-value'), /Winning moves \(in green on the drawing\): remove vertex/);
    assert.match(await page.textContent('#graph-value'), /colouring game, solved by its own rules, has value 3/);
    await page.screenshot({ path: `${SHOTS}impartial-graph.png`, fullPage: true });
    // A preset.
    await page.selectOption('#graph-preset', 'petersen');
    await page.waitForFunction(() => location.hash.includes('preset=petersen'));
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('edits the graph from the keyboard: select, add a vertex, toggle an edge, remove', async () => {
    const page = await openDone(env, '#game=impartial&mode=graph&edges=3:0-1,1-2');
    const editor = page.locator('#graph-editor');
    await editor.focus();
    // Select vertex 0, then 2, and join them: a triangle, value 1.
    await page.keyboard.press('ArrowRight');
    assert.match(await page.textContent('#graph-editor-status'), /Vertex 0 selected; neighbours: 1\./);
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get('edges') === '3: 0-1,1-2,0-2');
    await page.waitForFunction(() => document.querySelector('#graph-value')?.textContent.startsWith('Value 1'));
    // Focus and selection survive the recomputation; A adds a lone vertex: 1 ⊕ 1 = 0.
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'graph-editor');
    await page.keyboard.press('a');
    await page.waitForFunction(() => document.querySelector('#graph-value')?.textContent.startsWith('Value 0'));
    assert.equal(await page.getAttribute('#graph-editor', 'data-vertices'), '4');
    // Delete removes the selected (new) vertex again.
    await page.keyboard.press('Delete');
    await page.waitForFunction(() => document.querySelector('#graph-value')?.textContent.startsWith('Value 1'));
    assert.equal(await page.getAttribute('#graph-editor', 'data-vertices'), '3');
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('compares sums, and answers misère and solitaire questions', async () => {
    let page = await openDone(env, '#game=impartial&mode=sum&sum=0.77 10&other=nim 2');
    assert.match(await page.textContent('#equivalent'), /^Equivalent: both have value 2/);
    await page.close();
    page = await openDone(env, '#game=impartial&mode=misere&of=octal&code=0.77&heaps=9');
    assert.match(await page.textContent('#misere-outcome'), /P: the player to move loses/);
    await page.close();
    page = await openDone(env, '#game=impartial&mode=solitaire&line=1101101');
    assert.match(await page.textContent('#solitaire-verdict'), /wins: jump 3 over 4 into 5/);
    assert.equal(await page.locator('#solitaire-table tbody tr').count(), 20);
    assert.deepEqual(page.problems, []);
    await page.close();
  });
});
