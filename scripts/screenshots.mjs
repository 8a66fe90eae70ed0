// Writes the README's screenshots into docs/: each link at 1,366 px (and the
// phone ones at 390 px), after its computation settles; the embedded view in
// an iframe of a course page; the printed handout as a PDF rendered to PNG
// (pdftoppm, from Debian's poppler-utils). `node scripts/screenshots.mjs [name…]`.
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { start, newPage, settled, orchardSweeps } from '../tests/e2e/browser.mjs';

const DOCS = fileURLToPath(new URL('../docs/', import.meta.url));
const SHOTS = [
  ['never-ends', '#game=snakes&v=1&squares=9&die=2&rule=exact', 1366],
  ['bad-value', '#game=graphs&v=1&kind=chomp&rows=41&cols=3', 1366],
  ['chomp-12', '#game=graphs&v=1&kind=chomp&rows=12&cols=12', 1366],
  ['sticks-million', '#game=graphs&v=1&kind=subtraction&sticks=1000000', 1366],
  ['arena-layered', `#game=graphs&v=1&kind=edges&edges=${encodeURIComponent('s:1>a:2; s>b:2; a>s; a>w; b>l; b>w; w=1; l=2')}`, 1366],
  ['petersen', '#game=impartial&v=1&mode=graph&preset=petersen', 1366],
  ['octal-long-period', '#game=impartial&v=1&mode=octal&code=0.16&up_to=1000000', 1366],
  ['orchard-chain', '#game=orchard&v=1&trees=2&fruits=2&crows=2', 1366],
  ['arena', '#game=graphs&v=1&kind=subtraction&sticks=9', 1366],
  ['search-chomp', '#game=search&v=1&search=chomp&rows=8&cols=8&depth=4&heuristic=parity&algorithm=alphabeta&moves=', 1366],
  ['search-tree', '#game=search&v=1&search=tictactoe&depth=2&heuristic=lines&algorithm=alphabeta&moves=5%2C1%2C3', 1366],
  ['phone-search', '#game=search&v=1&search=connect4&width=7&height=6&depth=4&heuristic=lines&algorithm=alphabeta&moves=4%2C4%2C3', 390],
  ['phone-chomp', '#game=graphs&v=1&kind=chomp&rows=10&cols=10', 390],
  ['phone-snakes', '#game=snakes&v=1&preset=audet', 390],
  ['phone-orchard-chain', '#game=orchard&v=1&trees=2&fruits=2&crows=2', 390],
  ['phone-bad-value', '#game=dice&v=1&mode=one-turn&dice=0', 390],
  ['present', '#game=graphs&v=1&kind=subtraction&sticks=9&step=3&present=1', 1366],
  ['phone-present', '#game=snakes&v=1&preset=milton-bradley&exact=yes&present=1', 390],
  ['exact', '#game=snakes&v=1&preset=milton-bradley&exact=yes', 1366],
  ['embed', '#game=orchard&v=1&trees=2&fruits=2&crows=2&embed=1', 1366],
  ['handout', '#game=graphs&v=1&kind=subtraction&sticks=9', 1366],
  ['chomp-4x3', '#game=graphs&v=1&kind=chomp&rows=4&cols=3', 1366],
  ['phone-chomp-4x3', '#game=graphs&v=1&kind=chomp&rows=4&cols=3', 390],
  ['search-stopped', '#game=search&v=1&search=connect4&width=5&height=4&depth=end&algorithm=alphabeta&moves=', 1366],
  ['octal-switch', '#game=impartial&v=1&mode=octal&code=0.77&up_to=100000', 1366],
  ['parity', '#game=parity&v=1&step=2', 1366],
  ['parity-phone', '#game=parity&v=1&step=2', 390],
  ['partizan', `#game=partizan&v=1&ruleset=domineering&position=${encodeURIComponent('.../.../...')}&sum=${encodeURIComponent('toads:TT..FF; expr:^')}`, 1366],
  ['partizan-phone', '#game=partizan&v=1&ruleset=hackenbush', 390],
];

/** The embedded view as a course page shows it: a heading, a paragraph and the iframe snippet. */
async function embedded(page, link) {
  await page.setContent(`<!doctype html><body style="font-family:sans-serif;max-width:900px;margin:2rem auto">
    <h1>Cours 3 — chaînes de Markov</h1><p>Le verger à deux arbres de deux fruits et deux corbeaux :</p>
    <iframe src="${link}" title="Orchard — Ludolab" width="860" height="640" style="border:1px solid #ccc"></iframe></body>`);
  const frame = await (await page.waitForSelector('iframe')).contentFrame();
  await frame.waitForFunction(() => document.body.dataset.state === 'done');
}

/** The printed handout: A4 PDF, its first page as PNG. */
async function handout(page, name) {
  await page.emulateMedia({ media: 'print' });
  const pdf = `${DOCS}${name}.pdf`;
  await page.pdf({ path: pdf, format: 'A4', printBackground: true });
  const run = spawnSync('pdftoppm', ['-png', '-r', '90', '-f', '1', '-l', '1', '-singlefile', pdf, `${DOCS}${name}`]);
  if (run.status !== 0) throw new Error(`pdftoppm: ${run.stderr}`);
  spawnSync('rm', [pdf]);
}

const only = process.argv.slice(2);
const env = await start();
try {
  for (const [name, link, width] of SHOTS) {
    if (only.length && !only.includes(name)) continue;
    const page = await newPage(env.browser, { viewport: { width, height: width > 500 ? 900 : 844 } });
    if (name === 'embed') {
      await embedded(page, env.base + link);
      await page.screenshot({ path: `${DOCS}${name}.png` });
      console.log(`docs/${name}.png  ${link} in an iframe`);
      await page.context().close();
      continue;
    }
    await page.goto(env.base + link);
    if ((await settled(page)) === 'idle') {
      await page.click('#confirm-compute');
      await settled(page);
    }
    // The octal form switched to the table with more heaps than the table takes: the note.
    if (name === 'octal-switch') {
      await page.selectOption('#field-mode', 'table');
      await page.waitForSelector('#switch-note');
      await settled(page);
    }
    if (name === 'handout') {
      await handout(page, name);
      console.log(`docs/${name}.png  ${link} printed (A4, page 1)`);
      await page.context().close();
      continue;
    }
    if (link.includes('orchard')) await orchardSweeps(page, 120_000).catch(() => {});
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${DOCS}${name}.png`, fullPage: true });
    console.log(`docs/${name}.png  ${link}  ${width} px`);
    await page.context().close();
  }
} finally {
  await env.close();
}
