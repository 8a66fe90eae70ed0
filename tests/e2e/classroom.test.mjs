// For the classroom, in Chromium: presentation links (present=1, the keys that
// drive a stepped view or a game), embed links in an iframe of another page
// (the snippet the page gives, under its CSP), SVG export of every kind of
// figure, LaTeX export of tables and matrices (compiled when pdflatex is
// there), and the printed handout (PDF: parameters, explanations, link, QR).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, existsSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { start, SHOTS, openDone, newPage, settled } from './browser.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

const visible = (page, selector) => page.$eval(selector, (e) => e.offsetParent !== null || getComputedStyle(e).position === 'fixed');
const text = async (download) => readFileSync(await download.path(), 'utf8');
const hasTool = (tool) => spawnSync(tool, ['-v']).error === undefined;

/** Parses an SVG file in the page: its root's name, parse errors, and its texts. */
function parseSvg(page, svg) {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
    return {
      root: doc.documentElement.nodeName,
      error: doc.querySelector('parsererror')?.textContent ?? null,
      texts: [...doc.querySelectorAll('text')].map((t) => t.textContent.trim()).filter(Boolean),
      title: doc.querySelector('title')?.textContent ?? null,
      shapes: doc.querySelectorAll('rect, circle, path, polyline, polygon, line').length,
    };
  }, svg);
}

describe('Presentation links', () => {
  it('show the results alone and large; Edit and Present switch without recomputing', async () => {
    const page = await openDone(env, '#game=snakes&v=1&preset=audet&present=1');
    assert.equal(await visible(page, '.site-header'), false);
    assert.equal(await visible(page, '#parameters'), false);
    assert.equal(await visible(page, '#present-edit'), true);
    assert.match(await page.textContent('#display-scenario'), /^Snakes and Ladders — .*audet/);
    const big = await page.$eval('#p00', (e) => parseFloat(getComputedStyle(e).fontSize));
    await page.screenshot({ path: `${SHOTS}present.png` });
    const drawnAt = await page.evaluate(() => window.__ludolab.drawnAt);
    await page.click('#present-edit');
    assert.equal(await visible(page, '#parameters'), true);
    assert.ok(!page.url().includes('present=1'), page.url());
    const normal = await page.$eval('#p00', (e) => parseFloat(getComputedStyle(e).fontSize));
    assert.ok(big >= 1.5 * normal, `${big} vs ${normal}`);
    await page.click('#present-link');
    assert.ok(page.url().endsWith('&present=1'), page.url());
    assert.equal(await visible(page, '#parameters'), false);
    await page.keyboard.press('Escape');
    assert.equal(await visible(page, '#parameters'), true);
    assert.equal(await page.evaluate(() => window.__ludolab.drawnAt), drawnAt);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('step the attractor with the arrow keys and Space, and keep the step in the link', async () => {
    const page = await openDone(env, '#game=graphs&v=1&kind=subtraction&sticks=9&step=0&present=1');
    assert.match(await page.textContent('#step-caption'), /^A0:/);
    await page.keyboard.press('ArrowRight');
    assert.match(await page.textContent('#step-caption'), /^A1:/);
    await page.keyboard.press('Space');
    assert.match(await page.textContent('#step-caption'), /^A2:/);
    await page.keyboard.press('ArrowLeft');
    assert.match(await page.textContent('#step-caption'), /^A1:/);
    assert.ok(page.url().includes('step=1') && page.url().includes('present=1'), page.url());
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('play against the computer from the keyboard', async () => {
    const page = await openDone(env, '#game=dice&v=1&dice=3&target=20&present=1');
    // No steps here: the first arrow enters the game, the next moves between throws, Space plays.
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'throw-1');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'throw-2');
    await page.keyboard.press('Space');
    await page.waitForFunction(() => document.querySelectorAll('#play-log li').length > 0);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('undo walks back through the parameters and stays presented', async () => {
    const page = await openDone(env, '#game=graphs&v=1&kind=subtraction&sticks=9');
    await page.fill('#field-sticks', '8');
    await page.dispatchEvent('#field-sticks', 'change');
    await page.waitForFunction(() => document.body.dataset.state === 'done' && location.hash.includes('sticks=8'));
    await page.click('#present-link');
    await page.keyboard.press('Control+z');
    await page.waitForFunction(() => document.body.dataset.state === 'done' && location.hash.includes('sticks=9'));
    assert.ok(page.url().endsWith('&present=1'), page.url());
    assert.equal(await visible(page, '#parameters'), false);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('a bad display value is set aside beside the form, the rest of the link kept', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.base}#game=dice&v=1&dice=3&present=yes`);
    assert.equal(await settled(page), 'error');
    assert.equal(await visible(page, '#parameters'), true);
    assert.match(await page.textContent('#parameters'), /"yes".*present/);
    await page.close();
  });
});

describe('Embed links', () => {
  it('the page’s own snippet embeds one view in another page, under the CSP', async () => {
    const page = await openDone(env, '#game=orchard&v=1&trees=2&fruits=2&crows=2');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.base.replace(/\/$/, '') });
    await page.click('#copy-embed');
    await page.waitForFunction(() => document.getElementById('copy-status').textContent !== '');
    const snippet = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(snippet, /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/#game=orchard&amp;v=1&amp;trees=2&amp;fruits=2&amp;crows=2&amp;strategy=max&amp;embed=1" title="Orchard — Ludolab"/);
    // A course page on another origin (about:blank) holding the snippet.
    const host = await newPage(env.browser);
    await host.setContent(`<!doctype html><h1>Cours</h1>${snippet}`);
    const frame = await (await host.waitForSelector('iframe')).contentFrame();
    await frame.waitForFunction(() => document.body.dataset.state === 'done');
    assert.equal(await frame.$eval('body', (b) => b.classList.contains('embed')), true);
    assert.equal(await frame.$eval('.site-header', (e) => e.offsetParent !== null), false);
    assert.equal(await frame.$eval('#parameters', (e) => e.offsetParent !== null), false);
    const open = await frame.$eval('#open-full', (a) => ({ href: a.href, target: a.target, shown: a.offsetParent !== null }));
    assert.equal(open.shown, true);
    assert.equal(open.target, '_blank');
    assert.ok(open.href.endsWith('#game=orchard&v=1&trees=2&fruits=2&crows=2&strategy=max'), open.href);
    // Sized to its frame: nothing wider than the 800 px iframe.
    assert.ok(await frame.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
    await host.screenshot({ path: `${SHOTS}embed.png` });
    assert.deepEqual(host.problems, []);
    await host.close();
    await page.close();
  });
});

describe('SVG export', () => {
  const cases = [
    ['a heat map', '#game=snakes&v=1&preset=audet', '#heatmap-p .save-svg', ['square of the opponent', 'square of the player to move']],
    ['a bar chart', '#game=snakes&v=1&preset=audet', '#chart-length .save-svg', ['move', 'probability']],
    ['a line chart', '#game=dice&v=1&dice=6&target=30', 'figure.chart .save-svg', ['D (most dice)', 'expected gain']],
    ['a game graph', '#game=graphs&v=1&kind=subtraction&sticks=9', 'figure.graph .save-svg', ['9']],
    ['the Markov chain', '#game=orchard&v=1&trees=2&fruits=2&crows=2', '#chain-svg', []],
    ['a graph game’s drawing', '#game=impartial&v=1&mode=graph&preset=petersen', '#graph-svg', ['0', '9']],
  ];
  for (const [what, link, button, titles] of cases) {
    it(`saves ${what} as an SVG that parses, text as text`, async () => {
      const page = await openDone(env, link, { acceptDownloads: true });
      const source = page.locator(button).first();
      const [download] = await Promise.all([page.waitForEvent('download'), source.click()]);
      assert.match(download.suggestedFilename(), /\.svg$/);
      const svg = await text(download);
      const parsed = await parseSvg(page, svg);
      assert.equal(parsed.error, null);
      assert.equal(parsed.root, 'svg');
      assert.ok(parsed.title, 'a title');
      assert.ok(parsed.texts.length > 0 && parsed.shapes > 0, JSON.stringify(parsed).slice(0, 300));
      // The axis titles the figure shows on screen are in the file as text, with its ticks.
      for (const title of titles) assert.ok(parsed.texts.includes(title), `${title} in ${parsed.texts.slice(0, 40)}`);
      if (what.includes('chart')) assert.ok(parsed.texts.length >= 6, `ticks and axis titles: ${parsed.texts}`);
      assert.deepEqual(page.problems, []);
      await page.close();
    });
  }

  it('saves the board as a stand-alone SVG (styles written in, the editor’s handles left out)', async () => {
    const page = await openDone(env, '#game=snakes&v=1&preset=audet', { acceptDownloads: true });
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#board-svg')]);
    const svg = await text(download);
    const parsed = await parseSvg(page, svg);
    assert.equal(parsed.error, null);
    assert.ok(parsed.texts.includes('100') && parsed.texts.includes('1'));
    assert.ok(!svg.includes('class="hit"') && !svg.includes('class='), 'no page classes left');
    assert.match(svg, /fill="rgb/);
    await page.close();
  });
});

describe('LaTeX export', () => {
  it('writes exact fractions as \\frac, and the file compiles', async () => {
    const page = await openDone(env, '#game=snakes&v=1&matrix=1%2F8%2C1%2F4%3B3%2F8%2C1%2F2&method=exact', { acceptDownloads: true });
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#p-exact-table .latex-save')]);
    assert.equal(download.suggestedFilename().endsWith('.tex'), true);
    const tex = await text(download);
    assert.match(tex, /^% Ludolab: http/);
    assert.match(tex, /\\begin\{tabular\}\{[lr]+\}/);
    assert.match(tex, /\$\\frac\{1192\}\{1683\}\$/);
    compiles(tex, 'p-exact');
    await page.close();
  });

  it('writes a heat map’s matrix with French decimals', async () => {
    const page = await openDone(env, '#game=snakes&v=1&lang=fr&preset=example2', { acceptDownloads: true });
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#heatmap-p .latex-save')]);
    const tex = await text(download);
    assert.match(tex, /\$0\{,\}\d{4}\$/);
    assert.ok(!/\$0\.\d/.test(tex), 'no English decimal point in French');
    compiles(tex, 'p-map-fr');
    await page.close();
  });

  it('saves the octal table as shown', async () => {
    const page = await openDone(env, '#game=impartial&v=1&mode=table&digits=1&up_to=200', { acceptDownloads: true });
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('.table-tools .latex-save')]);
    const tex = await text(download);
    const rows = await page.$$eval('#octal-table-rows tbody tr', (r) => r.length);
    // A line per row shown, and the header's.
    assert.equal(tex.split('\\\\\n').length - 1, rows + 1);
    compiles(tex, 'octal-table');
    await page.close();
  });
});

/** Compiles `tex` in a document with pdflatex when it is installed (make test installs it). */
function compiles(tex, name) {
  if (!hasTool('pdflatex')) {
    assert.ok(!process.env.LUDOLAB_REQUIRE_TEX, 'pdflatex is required but missing');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'ludolab-tex-'));
  try {
    writeFileSync(join(dir, `${name}.tex`), `\\documentclass{article}\n\\begin{document}\n${tex}\\end{document}\n`);
    const run = spawnSync('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', `${name}.tex`], { cwd: dir, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stdout);
  } finally {
    // One directory per check would pile up in the system's temporary folder.
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('Printing', () => {
  it('present and print the board first, above the headline, from the top of the page', async () => {
    const page = await openDone(env, '#game=snakes&v=1&preset=audet');
    assert.equal(await visible(page, '#board-figure'), false, 'the editor shows the board when not presented');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.click('#present-link');
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'presented from the top');
    assert.equal(await visible(page, '#board-figure'), true);
    const jumps = await page.locator('#board-figure .jump').count();
    assert.equal(jumps, await page.locator('#board-editor .jump').count());
    assert.ok(jumps > 0);
    const [figure, headline] = await Promise.all(['#board-figure', '.headline'].map((s) => page.locator(s).first().boundingBox()));
    assert.ok(figure.y + figure.height <= headline.y + 1, 'the board comes before its headline');
    assert.ok(figure.height > 100, `a board you can see (${figure.height} px)`);
    // No id twice: the figure's arrowheads are its own.
    assert.equal(await page.evaluate(() => { const ids = [...document.querySelectorAll('[id]')].map((e) => e.id); return ids.length - new Set(ids).size; }), 0);
    await page.keyboard.press('Escape');
    await page.emulateMedia({ media: 'print' });
    assert.equal(await visible(page, '#board-figure'), true, 'printed with the handout');
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('prints the parameters, the results with explanations open, the link and its QR code, no buttons', async () => {
    const page = await openDone(env, '#game=graphs&v=1&kind=subtraction&sticks=9');
    const link = `${env.base}#game=graphs&v=1&kind=subtraction&sticks=9&take=1%2C2%2C3&misere=yes`;
    assert.equal(await page.textContent('#print-url'), link);
    assert.ok(await page.$eval('#print-qr svg', (s) => s.querySelectorAll('path, rect').length > 0));
    await page.emulateMedia({ media: 'print' });
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    assert.equal(await page.$$eval('details.explain:not([open])', (d) => d.length), 0);
    assert.equal(await visible(page, '#print-qr'), true);
    assert.equal(await page.$$eval('#results button', (bs) => bs.filter((b) => b.offsetParent !== null).length), 0);
    const pdf = `${SHOTS}handout.pdf`;
    await page.pdf({ path: pdf, format: 'A4', printBackground: true });
    if (hasTool('pdftotext')) {
      const run = spawnSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
      const printed = run.stdout.replace(/\s+/g, ' ');
      assert.match(printed, /Game graphs — .*Sticks = 9/);
      assert.match(printed, /How this is computed/);
      assert.ok(printed.replace(/ /g, '').includes('kind=subtraction&sticks=9&take=1%2C2%2C3&misere=yes'), 'the link as text');
      assert.ok(!/Save (PNG|SVG|CSV|LaTeX)|Next step|Copy link/.test(printed), printed.slice(0, 2000));
    }
    assert.ok(existsSync(pdf));
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    assert.ok(await page.$$eval('details.explain:not([open])', (d) => d.length) > 0, 'closed again');
    assert.deepEqual(page.problems, []);
    await page.close();
  });
});

describe('Printing a wide table', () => {
  it('scales it to the page and back after', async () => {
    const page = await openDone(env, '#game=dice&v=1&dice=3&target=20&exact=yes');
    await page.emulateMedia({ media: 'print' });
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    const zoom = await page.$eval('#eg-exact table', (t) => Number(t.style.zoom));
    assert.ok(zoom > 0 && zoom < 1, String(zoom));
    const width = await page.$eval('#eg-exact table', (t) => t.getBoundingClientRect().width);
    assert.ok(width <= 700, String(width));
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    assert.equal(await page.$eval('#eg-exact table', (t) => t.style.zoom), '');
    await page.close();
  });
});

describe('Exact fractions on demand', () => {
  /** numerator / denominator of two long decimal strings, to about 12 digits. */
  const ratio = (num, den) => {
    const scale = 10n ** 15n;
    return Number((BigInt(num) * scale) / BigInt(den)) / 1e15;
  };

  it('switch the headline to fractions and back, the link keeping the choice', async () => {
    const page = await openDone(env, '#game=snakes&v=1&preset=example2');
    assert.match(await page.textContent('#p00'), /^p\[0\]\[0\] = 1192\/1683 ≈ 0\.7083$/);
    await page.click('#exact-toggle');
    await page.waitForFunction(() => document.body.dataset.state === 'done' && location.hash.includes('exact=yes'));
    assert.equal(await page.textContent('#p00'), 'p[0][0] = 1192/1683');
    assert.equal(await page.textContent('#one-player'), 'rolls = 24/11');
    assert.match(await page.textContent('#one-player + .label'), /^≈ 2\.1818 — /);
    assert.equal(await page.getAttribute('#exact-toggle', 'aria-pressed'), 'true');
    await page.click('#exact-toggle');
    await page.waitForFunction(() => document.body.dataset.state === 'done' && !location.hash.includes('exact='));
    assert.match(await page.textContent('#one-player'), /^2\.1818$/);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('summarise a long fraction and save it whole (Milton Bradley: Althoen, King and Schilling’s 39.2251)', async () => {
    const page = await openDone(env, '#game=snakes&v=1&preset=milton-bradley&exact=yes', { acceptDownloads: true });
    assert.match(await page.textContent('#one-player'), /^rolls = 225837…048583 \(60 digits\) \/ 575747…613400 \(58 digits\)$/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#one-player ~ .fraction-save')]);
    const [num, den] = readFileSync(await download.path(), 'utf8').trim().split('/');
    assert.ok(Math.abs(ratio(num, den) - 39.2251) < 5e-5, `${num}/${den}`);
    await page.close();
  });

  it('give every Orchard strategy exactly for the default game, and say why not for a huge one', async () => {
    let page = await openDone(env, '#game=orchard&v=1&exact=yes');
    const rows = await page.$$eval('#strategy-fractions tbody tr', (trs) => trs.map((tr) => tr.textContent));
    assert.equal(rows.length, 4);
    const decimal = Number((await page.textContent('#win-probability + .label')).match(/≈ ([\d.]+)/)[1]);
    assert.ok(Math.abs(decimal - 0.684047498128) < 1e-12, String(decimal));
    await page.close();
    // 5 trees of 20 fruits: past the exact limit (478,170 positions), yet quick in decimals;
    // 8 × 20 would say the same after some 20 s of decimals (the cost guard's tests open it).
    page = await openDone(env, '#game=orchard&v=1&trees=5&fruits=20&exact=yes');
    assert.match(await page.textContent('#exact-note'), /at most 200,000 positions \(this one may have 478,170\)/);
    assert.match(await page.textContent('#win-probability'), /^P\(win\) = 0\.\d{12}$/);
    await page.close();
  });

  it('give Dice Battle’s EG exactly for small D and N, and name the limit beside the field', async () => {
    let page = await openDone(env, '#game=dice&v=1&dice=3&target=20&exact=yes', { acceptDownloads: true });
    assert.match(await page.textContent('#eg00'), /^EG\(0,0\) = \d+…\d+ \(\d+ digits\) \/ \d+…\d+ \(\d+ digits\)$/);
    assert.equal(await page.$$eval('#eg-exact tbody tr', (r) => r.length), 20);
    // The table's LaTeX has the fractions as \frac, and compiles.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#eg-exact .latex-save')]);
    const tex = await text(download);
    assert.match(tex, /\\frac\{\d+\}\{\d+\}/);
    compiles(tex, 'eg-exact');
    await page.close();
    page = await newPage(env.browser);
    await page.goto(`${env.base}#game=dice&v=1&dice=10&exact=yes`);
    assert.equal(await settled(page), 'error');
    assert.match(await page.textContent('#error-exact'), /D ≤ 6 and N ≤ 40 \(here D = 10 and N = 100\)/);
    await page.close();
  });
});
