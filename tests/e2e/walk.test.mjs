// A newcomer's second walk (issue 40), in Chromium: a printed table keeps its
// headings, keyboard focus never hides under the status bar, a chart's legend
// and ticks fit a phone, Connect Four's board stays while the next position is
// asked about, the present sentence speaks the page's language, a file's
// byte-order mark is no error, the smallest games read right in both languages,
// and a time that cannot be told is not guessed.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { SHOTS, start, newPage, openDone, openLink, brokenTexts, drawingProblems } from './browser.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

const hasTool = (tool) => spawnSync(tool, ['-v']).error === undefined;

/** Waits until the result on screen is that of a link containing `part` (after a go-ahead, `idle` is no answer yet). */
const solved = (page, part) => page.waitForFunction((part) => document.body.dataset.state === 'done' &&
  (window.__ludolab.shownQuery ?? '').includes(part), part, { timeout: 90_000 });

/** The SVG a chart's "Save SVG" button makes, parsed in the page: its texts with their positions, its rectangles. */
async function chartSvg(page, id) {
  return page.evaluate(async (id) => {
    const blobs = [];
    const original = URL.createObjectURL;
    URL.createObjectURL = (blob) => { blobs.push(blob); return original.call(URL, blob); };
    try {
      document.querySelector(`#${id} .save-svg`).click();
    } finally {
      URL.createObjectURL = original;
    }
    const doc = new DOMParser().parseFromString(await blobs[0].text(), 'image/svg+xml');
    const root = doc.documentElement;
    return {
      width: Number(root.getAttribute('width')),
      texts: [...doc.querySelectorAll('text')].map((t) => ({ text: t.textContent.trim(), x: Number(t.getAttribute('x')), y: Number(t.getAttribute('y')) })),
      rects: [...doc.querySelectorAll('rect')].map((r) => ['x', 'y', 'width', 'height'].map((k) => Number(r.getAttribute(k)))),
    };
  }, id);
}

describe('Printing the octal table', () => {
  it('repeats the column headings on every page, prints no extend column and the title once', async () => {
    const page = await openDone(env, '#game=impartial&v=1&mode=table&digits=2&up_to=500');
    await page.emulateMedia({ media: 'print' });
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    const heads = await page.$$eval('#octal-table-rows thead th', (ths) => ths.filter((th) => getComputedStyle(th).display !== 'none').map((th) => th.innerText.trim()));
    assert.ok(heads.length >= 8 && heads.every(Boolean), JSON.stringify(heads));
    assert.ok(!heads.includes('extend'), JSON.stringify(heads));
    assert.equal(await page.$eval('#octal-table-rows caption', (c) => getComputedStyle(c).display), 'none');
    const pdf = `${SHOTS}octal-table.pdf`;
    await page.pdf({ path: pdf, format: 'A4' });
    if (hasTool('pdftotext')) {
      const printed = spawnSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).stdout;
      const pages = printed.split('\f').filter((p) => p.trim());
      assert.ok(pages.length >= 3, `${pages.length} pages`);
      for (const [k, text] of pages.entries()) {
        if (!/0\.\d+\s+(solved|unsolved|trivial)/.test(text)) continue;
        assert.match(text, /code.*status.*period.*pre-period/, `page ${k + 1} has its headings`);
      }
      assert.equal(printed.match(/Octal games of 1 to 2 digits/g)?.length, 1, 'the title once');
      assert.doesNotMatch(printed, /extend|×4 heaps/);
    }
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    assert.deepEqual(page.problems, []);
    await page.close();
  });
});

describe('Keyboard focus', () => {
  for (const viewport of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
    it(`scrolls every control reached by Tab clear of the status bar, with a visible outline (${viewport.width} px)`, async () => {
      const page = await openDone(env, '#game=snakes&v=1&preset=audet', { viewport });
      // A phone opens on the results: the board (its ladders and snakes) is behind "Show parameters".
      if (await page.isVisible('#toggle-parameters')) await page.click('#toggle-parameters');
      await page.evaluate(() => { document.activeElement?.blur(); window.scrollTo(0, 0); });
      const hidden = [];
      const faint = [];
      let jumps = 0;
      for (let i = 0; i < 90; i++) {
        await page.keyboard.press('Tab');
        const seen = await page.evaluate(() => {
          const e = document.activeElement;
          if (!e || e === document.body) return null;
          const box = e.getBoundingClientRect();
          const bar = document.querySelector('.status-bar').getBoundingClientRect();
          const hit = e.querySelector?.(':scope > .hit');
          const style = getComputedStyle(hit ?? e);
          return {
            name: e.id || e.getAttribute('aria-label') || e.textContent.trim().slice(0, 40),
            covered: box.bottom > bar.top + 1 || box.top < 0,
            jump: Boolean(hit),
            // A jump's focus is the dark band of its hit line; a control's, its outline.
            visible: hit ? style.stroke !== 'rgba(0, 0, 0, 0)' && Number(style.strokeOpacity) >= 0.5 && !/rgba\(.*, 0\.\d+\)/.test(style.stroke)
              : style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
          };
        });
        if (!seen) continue;
        if (seen.covered) hidden.push(seen.name);
        if (!seen.visible) faint.push(seen.name);
        if (seen.jump) jumps++;
      }
      assert.deepEqual(hidden, [], 'focused behind the status bar');
      assert.deepEqual(faint, [], 'focused without a visible outline');
      assert.ok(jumps >= 5, `${jumps} ladders and snakes reached`);
      assert.deepEqual(page.problems, []);
      await page.close();
    });
  }
});

describe('A chart with four players on a phone', () => {
  for (const [lang, wins] of [['en', 'player 4 wins'], ['fr', 'le joueur 4 gagne']]) {
    it(`shows every player in its legend, ticks apart and bars on whole pixels (${lang})`, async () => {
      const page = await openDone(env, `#game=snakes&v=1&preset=audet&rule=exact&die=1,2,3&players=4&lang=${lang}`,
        { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
      await page.locator('#chart-length').scrollIntoViewIfNeeded();
      await page.waitForSelector('#chart-length canvas[data-drawn="true"]');
      const svg = await chartSvg(page, 'chart-length');
      assert.ok(svg.width <= 390, String(svg.width));
      const legend = svg.texts.filter((t) => /\b[1-4]\b/.test(t.text) && /wins|gagne/.test(t.text));
      assert.equal(legend.length, 4, JSON.stringify(svg.texts.map((t) => t.text)));
      assert.ok(legend.some((t) => t.text === wins));
      // Each name ends inside the chart (about 7 px a character at 12 px).
      for (const t of legend) assert.ok(t.x + 6.5 * t.text.length <= svg.width, JSON.stringify(t));
      // The y ticks: numbers left of the axis, at least 20 px apart.
      const ticks = svg.texts.filter((t) => /^0[.,]\d+$/.test(t.text)).map((t) => t.y).sort((a, b) => a - b);
      assert.ok(ticks.length >= 2, JSON.stringify(ticks));
      for (let k = 1; k < ticks.length; k++) assert.ok(ticks[k] - ticks[k - 1] >= 20, JSON.stringify(ticks));
      // A plot, not a strip under two rows of legend (issue 69: 70 px of a 170 px chart).
      const [w, h] = await page.$eval('#chart-length canvas', (c) => [c.clientWidth, c.clientHeight]);
      assert.ok(h >= 0.7 * w, `the chart is ${w} × ${h} px`);
      // Bars on whole pixels (no blurred edges).
      const bars = svg.rects.filter(([, , w, h]) => w > 0 && h > 0 && w < 40);
      assert.ok(bars.length > 100);
      assert.ok(bars.every((r) => r.every(Number.isInteger)), JSON.stringify(bars.find((r) => !r.every(Number.isInteger))));
      assert.deepEqual(await drawingProblems(page), []);
      assert.deepEqual(page.problems, []);
      await page.close();
    });
  }

  it('keeps a gap between bars wherever there is room for one', async () => {
    const page = await openDone(env, '#game=snakes&v=1&preset=audet&players=2', { viewport: { width: 1366, height: 900 } });
    await page.locator('#chart-one-player').scrollIntoViewIfNeeded();
    await page.waitForSelector('#chart-one-player canvas[data-drawn="true"]');
    const svg = await chartSvg(page, 'chart-one-player');
    const bars = svg.rects.filter(([, , w, h]) => w > 0 && h > 0 && w < 60).sort((a, b) => a[0] - b[0]);
    const pitch = (bars.at(-1)[0] - bars[0][0]) / (bars.length - 1);
    if (pitch >= 3) for (let k = 1; k < bars.length; k++) assert.ok(bars[k][0] > bars[k - 1][0] + bars[k - 1][2], `bars ${k - 1} and ${k} touch`);
    await page.close();
  });
});

describe('Connect Four on 7 × 6', () => {
  it('keeps the board while the next position is asked about or solved, and asks once per range', async () => {
    // Two positions past the page's "at once" estimate whose solves are short (44455's
    // score alone, then 444553's score and columns: 44 million nodes natively, against
    // 77 million for 4453 and 44534 before); the next one, opened alone, asks too, so
    // not being asked below is the range's doing.
    const alone = await newPage(env.browser);
    await alone.goto(`${env.base}#game=connect4&v=1&width=7&height=6&moves=444553`);
    await alone.waitForSelector('#confirm-compute');
    await alone.close();
    const page = await newPage(env.browser);
    await page.goto(`${env.base}#game=connect4&v=1&width=7&height=6&moves=44455`);
    await page.waitForSelector('#confirm-compute');
    await page.click('#confirm-compute');
    await solved(page, 'moves=44455');
    // A move whose estimate is in the range agreed to: solved without asking, the board on screen all along.
    await page.click('#c4-board .c4-score[data-column="3"]');
    // Past the edit's debounce: solving, solved, or asking.
    await page.waitForFunction(() => document.body.dataset.state === 'computing' || document.querySelector('#cost-confirm') ||
      (document.body.dataset.state === 'done' && window.__ludolab.shownQuery.includes('moves=444553')));
    assert.equal(await page.locator('#cost-confirm').count(), 0, 'not asked again');
    assert.equal(await page.locator('#c4-board').count(), 1, 'the board stays');
    await solved(page, 'moves=444553');
    assert.match(await page.textContent('#c4-moves'), /Moves so far: 444553 \(6 stones\)/);
    // Far longer (the empty board): asked above the board, which stays playable; a move made then is kept.
    await page.click('#c4-start');
    await page.waitForSelector('#cost-confirm');
    assert.equal(await page.locator('#c4-board').count(), 1, 'the board stays under the question');
    const [question, board] = await Promise.all(['#cost-confirm', '#c4-board'].map((s) => page.locator(s).boundingBox()));
    assert.ok(question.y < board.y, 'the question above the board');
    assert.match(await page.textContent('#c4-moves'), /Next position: —/);
    await page.click('#c4-board .c4-score[data-column="3"]');
    await page.waitForFunction(() => /moves=3(&|$)/.test(location.hash));
    assert.equal(await page.locator('#cost-confirm').count(), 1);
    assert.match(await page.textContent('#c4-moves'), /Next position: 3;/);
    assert.deepEqual(page.problems, []);
    await page.close();
  });
});

describe('The present sentence', () => {
  it('names each choice by its label in the page’s language', async () => {
    for (const [link, said, not] of [
      ['#game=graphs&v=1&lang=fr&kind=subtraction&sticks=9&take=3&present=1', /Jeu = jeu des bâtonnets/, /subtraction/],
      ['#game=impartial&v=1&lang=fr&mode=table&digits=2&up_to=100&present=1', /table des jeux octaux/, /= table;/],
      ['#game=graphs&v=1&kind=chomp&present=1', /Game = Chomp/, /= chomp/],
      ['#game=dice&v=1&present=1', /Game = sequential game/, /= sequential;/],
    ]) {
      const { page } = await openLink(env, link);
      const sentence = await page.textContent('#display-scenario');
      assert.match(sentence, said, sentence);
      assert.doesNotMatch(sentence, not, sentence);
      assert.deepEqual(page.problems, []);
      await page.close();
    }
  });
});

describe('A byte-order mark', () => {
  it('is skipped in a typed arena, even before a comment; an invisible character is shown as a sign', async () => {
    const edges = encodeURIComponent('\u{feff}# a comment first\na:1>b:2\nb>a\na>w\nw=1');
    const page = await openDone(env, `#game=graphs&v=1&kind=edges&edges=${edges}`);
    assert.match(await page.textContent('#results'), /player 1 wins/);
    await page.close();
    const { page: bad } = await openLink(env, `#game=graphs&v=1&kind=edges&edges=${encodeURIComponent('a:1>b:2\nb\u{200b}>a')}`);
    const said = await bad.evaluate(() => document.querySelector('main').innerText);
    assert.match(said, /b◌>a/);
    assert.doesNotMatch(said, /\\u\{|\\u[0-9a-f]{4}|0x[0-9a-f]{2}/i);
    await bad.close();
  });

  it('is skipped in a parity game', async () => {
    const text = encodeURIComponent('\u{feff}parity 1;\n0 2 0 1;\n1 1 1 0,1;');
    const page = await openDone(env, `#game=parity&v=1&source=typed&pg=${text}`);
    assert.match(await page.textContent('#results'), /2 vertices/);
    assert.deepEqual(page.problems, []);
    await page.close();
  });
});

describe('The smallest games', () => {
  it('Orchard with 1 tree, 1 fruit and 1 crow: singulars, and its one point drawn as such', async () => {
    for (const [lang, words, not] of [
      ['en', [/1 tree \(1 fruit\), 1 crow/, /Win probability with 1 crow \(1 fruit/, /1 state written/], /1 trees|1 fruits|1 crows|1 states|0\.0e\+0/],
      ['fr', [/1 arbre \(1 fruit\), 1 corbeau/, /avec 1 corbeau \(1 fruit/, /1 état écrit/], /1 arbres|1 fruits|1 corbeaux|1 états|0,0e\+0/],
    ]) {
      const page = await openDone(env, `#game=orchard&v=1&trees=1&fruits=1&crows=1&lang=${lang}`, { viewport: { width: 390, height: 844 } });
      const shown = await page.evaluate(() => { for (const d of document.querySelectorAll('details')) d.open = true; return document.querySelector('main').innerText; });
      for (const w of words) assert.match(shown, w);
      assert.doesNotMatch(shown, not);
      await page.locator('#chart-crows').scrollIntoViewIfNeeded();
      await page.waitForSelector('#chart-crows canvas[data-drawn="true"]');
      const svg = await chartSvg(page, 'chart-crows');
      const ys = svg.texts.filter((t) => /^0[.,]\d{3}$/.test(t.text)).map((t) => t.text);
      assert.equal(new Set(ys).size, ys.length, `y labels repeat: ${ys}`);
      assert.ok(ys.length >= 2);
      const xs = svg.texts.filter((t) => /^\d$/.test(t.text));
      const one = xs.find((t) => t.text === '1');
      // The one point's x label in the middle of the axis, not at its left end.
      assert.ok(one && xs.some((t) => t.x < one.x) && xs.some((t) => t.x > one.x), JSON.stringify(xs));
      assert.deepEqual(await brokenTexts(page), []);
      assert.deepEqual(page.problems, []);
      await page.close();
    }
  });

  it('a finished tic-tac-toe: one node, the root named and drawn in the middle', async () => {
    const page = await openDone(env, '#game=search&v=1&search=tictactoe&moves=1,2,3,4,5,6,7', { viewport: { width: 390, height: 844 } });
    const shown = await page.evaluate(() => document.querySelector('main').innerText);
    assert.match(shown, /Search tree: 1 node \(/);
    assert.doesNotMatch(shown, /1 nodes|after the root/);
    assert.match(await page.textContent('#step-caption'), /the position searched \(the root\)/);
    const { center, width } = await page.$eval('#tree-graph canvas', (c) => {
      const root = c.drawnTexts.find((b) => b[3] > 0);
      return { center: root[0] + root[2] / 2, width: c.clientWidth };
    });
    assert.ok(Math.abs(center - width / 2) < width * 0.15, `root at ${center} of ${width}`);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('Chomp 1 × 1: one vertex, no move, a board one can see', async () => {
    for (const [lang, words, not] of [
      ['en', [/1 vertex\b/, /0 moves/, /Player 1 has no move/], /1 vertices|every move leaves/],
      ['fr', [/1 sommet\b/, /0 coup\b/, /Le joueur 1 n’a aucun coup/], /1 sommets|chaque coup laisse/],
    ]) {
      const page = await openDone(env, `#game=graphs&v=1&kind=chomp&rows=1&cols=1&lang=${lang}`, { viewport: { width: 390, height: 844 } });
      const shown = await page.evaluate(() => document.querySelector('main').innerText);
      for (const w of words) assert.match(shown, w);
      assert.doesNotMatch(shown, not);
      const box = await page.locator('#chomp-bars svg').first().boundingBox();
      assert.ok(box.width >= 24 && box.height >= 24, JSON.stringify(box));
      assert.deepEqual(await brokenTexts(page), []);
      assert.deepEqual(page.problems, []);
      await page.close();
    }
  });
});

describe('The cost guard', () => {
  it('says a misère quotient’s time cannot be told instead of guessing it', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.base}#game=impartial&v=1&mode=quotient&code=0.3&heap_limit=300`);
    await page.waitForSelector('#cost-confirm');
    const said = await page.textContent('#cost-confirm');
    assert.match(said, /cannot be told beforehand/);
    assert.doesNotMatch(said, /\d+ s\b|MB/);
    await page.click('#confirm-compute');
    await solved(page, 'heap_limit=300');
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('writes long numbers with the language’s thousands separator', async () => {
    for (const [lang, said] of [['en', /at most 200,000 positions \(this one may have 478,170\)/], ['fr', /au plus 200\u202f000 positions \(celle-ci peut en avoir 478\u202f170\)/]]) {
      const page = await openDone(env, `#game=orchard&v=1&trees=5&fruits=20&exact=yes&lang=${lang}`);
      assert.match(await page.textContent('#exact-note'), said);
      await page.close();
    }
  });
});
