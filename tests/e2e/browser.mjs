// Shared set-up of the browser tests and the benchmark: Debian's Chromium driven
// by playwright-core, and www/ served on a free port.
import { chromium } from 'playwright-core';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve } from '../../scripts/serve.mjs';

// The site as users get it: `make dist`'s output (www/ built, with .br and .gz), served compressed.
export const WWW = fileURLToPath(new URL('../../dist', import.meta.url));
export const SHOTS = fileURLToPath(new URL('../../target/e2e/', import.meta.url));
// Every family's `game` key, in menu order, as the core's registry lists them
// (the build writes pkg/families.js from it): no test names the families by hand.
const { FAMILIES } = await import(new URL('../../dist/pkg/families.js', import.meta.url).href);
export const GAMES = FAMILIES.map((f) => f.key);
// Each family's fields, from its own spec file (the index lists the file).
const FIELDS = Object.fromEntries(await Promise.all(FAMILIES.map(async (f) => [
  f.key, (await import(new URL(`../../dist/${f.details.split('?')[0]}`, import.meta.url).href)).default.fields,
])));
/** Key `key` of family `game` as the core describes it (a choice's values, labels and hints come from the core's lists). */
export function fieldOf(game, key) {
  return FIELDS[game].find((f) => f.key === key);
}

// Chromium's headless shell (Debian's chromium-headless-shell: the same Blink and V8
// as chromium, without the browser's window and its compositing) where installed:
// the browser tests take much less time in it (BENCHMARKS.md, "make test").
// CHROMIUM=… names another build (the benchmarks and Lighthouse use chromium itself).
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const CHROMIUM_PATH = process.env.CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

// Without the background-networking flags Chromium keeps calling out to a network it cannot reach.
const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
];

/** The browser users run, for figures that time the page: chromium itself. */
export const CHROMIUM_FULL = process.env.CHROMIUM ?? '/usr/bin/chromium';

/**
 * Serves `root` (dist/ by default) under `prefix` and launches Chromium (the
 * headless shell where installed; `executable` names another).
 */
export async function start({ root = WWW, prefix = '/', executable = CHROMIUM_PATH } = {}) {
  mkdirSync(SHOTS, { recursive: true });
  const server = await serve(root, 0, prefix);
  const base = `http://127.0.0.1:${server.address().port}${prefix}`;
  const browser = await chromium.launch({
    executablePath: executable,
    args: FLAGS,
  });
  return {
    base,
    browser,
    server,
    async close() {
      await browser.close();
      await new Promise((ok) => server.close(ok));
    },
  };
}

/**
 * A new page that records console errors and page errors in `page.problems`,
 * so that a test can fail on any it did not expect.
 */
export async function newPage(browser, options = {}) {
  // English unless a test asks otherwise: the page takes its default language from the browser.
  // No service worker unless a test asks (hosting.test.mjs): once a page is idle it would
  // download every family's files into each test's fresh context (sw.js), for nothing.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB', serviceWorkers: 'block', ...options });
  // Waits are for states, not speed (BENCHMARKS.md times what is slow): twice Playwright's
  // 30 s, since make test runs the native tests beside these and a slow 2-core machine
  // once took 42 s to settle a 20 s page (CI, stop 54).
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  page.problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') page.problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => page.problems.push(`page error: ${err.stack ?? err.message}`));
  return page;
}

/** Waits until the page has finished a computation (or failed one). */
export async function settled(page) {
  // Done, and the drawings below the first screen drawn too (dom.js drawWhenShown).
  await page.waitForFunction(() => ['done', 'error', 'idle', 'cancelled'].includes(document.body.dataset.state) &&
    !document.body.dataset.drawing);
  return page.evaluate(() => document.body.dataset.state);
}

/** Opens a link of the served page in a new page and waits for it to settle: `{page, state}`. */
export async function openLink(env, link, options) {
  const page = await newPage(env.browser, options);
  await page.goto(env.base + link);
  return { page, state: await settled(page) };
}

/** Opens a link like `openLink` and fails unless its computation finished: the page. */
export async function openDone(env, link, options) {
  const { page, state } = await openLink(env, link, options);
  if (state !== 'done') throw new Error(`${link} settled in state ${state}, not done`);
  return page;
}

/** What a page must never show a person: a JS value's leak instead of text. */
// A word JavaScript leaks, not one of the page's own (a "null-window search").
export const BROKEN_TEXT = /\[object|\b(undefined|NaN|Infinity)\b|\bnull\b(?!-)/;

/**
 * The texts of every export the page offers beside its results: each "Save CSV",
 * "Save LaTeX" and "Save SVG" button in `main` clicked in turn, the blob it would
 * download read back. Returns `[{button, text}]`.
 */
export async function exportTexts(page) {
  return page.evaluate(async () => {
    const blobs = [];
    const original = URL.createObjectURL;
    URL.createObjectURL = (blob) => { blobs.push(blob); return original.call(URL, blob); };
    const out = [];
    try {
      for (const button of document.querySelectorAll('main .table-block button, main .latex-save, main .save-svg')) {
        if (button.disabled || !button.offsetParent) continue;
        const before = blobs.length;
        button.click();
        for (const blob of blobs.slice(before)) out.push({ button: `${button.closest('[id]')?.id ?? ''} ${button.textContent}`, text: await blob.text() });
      }
    } finally {
      URL.createObjectURL = original;
    }
    return out;
  });
}

/** The broken texts on the page and in its exports: `[]` when a person sees none. */
export async function brokenTexts(page) {
  const found = [];
  const shown = await page.evaluate(() => document.querySelector('main').innerText);
  const m = shown.match(BROKEN_TEXT);
  if (m) found.push(`the page shows "${m[0]}" in "…${shown.slice(Math.max(0, m.index - 60), m.index + 20)}…"`);
  for (const { button, text } of await exportTexts(page)) {
    const e = text.match(BROKEN_TEXT);
    if (e) found.push(`${button} exports "${e[0]}" in "…${text.slice(Math.max(0, e.index - 60), e.index + 20)}…"`);
  }
  return found;
}

/** Orchard's sweeps, computed once their section is in view: scrolls to it and waits for both maps. */
export async function orchardSweeps(page, timeout = 120_000) {
  await page.locator('#sweeps').scrollIntoViewIfNeeded();
  await page.waitForSelector('#heatmap-sweep canvas[data-drawn="true"]', { timeout });
  await page.waitForSelector('#heatmap-min-crows canvas[data-drawn="true"]', { timeout });
}

/**
 * What a person would find wrong in the drawings on screen: a drawing that
 * shows nothing, text smaller than `minFont` CSS px (11 at 390 px wide, 12 on a
 * desktop), texts whose boxes overlap by more than 2 px. Looks at the game
 * graphs (the texts the core reports drawing), every SVG drawing's text (the
 * board, the chain, Chomp's boards) and the Chomp drawing's vertices. `[]` when
 * all is well.
 */
export async function drawingProblems(page, { minFont } = {}) {
  return page.evaluate((asked) => {
    const minFont = asked ?? (innerWidth <= 500 ? 11 : 12);
    const out = [];
    const overlaps = (boxes, name) => {
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i], boxes[j]];
          const dx = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const dy = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (dx > 2 && dy > 2) {
            out.push(`${name}: "${a.text}" overlaps "${b.text}"`);
            return;
          }
        }
      }
    };
    const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
    for (const canvas of document.querySelectorAll('main figure.graph canvas')) {
      if (!shown(canvas) || !canvas.dataset.drawn) continue;
      const id = canvas.closest('figure').id;
      if (canvas.dataset.vertices === '0') out.push(`${id}: no vertex in view`);
      const texts = canvas.drawnTexts ?? [];
      const small = texts.find((b) => b[4] < minFont - 0.1);
      if (small) out.push(`${id}: text of ${small[4].toFixed(1)} px`);
      overlaps(texts.map(([x, y, w, h], k) => ({ left: x - w / 2, right: x + w / 2, top: y - h / 2, bottom: y + h / 2, text: `#${k}` })), id);
    }
    for (const svg of document.querySelectorAll('main svg')) {
      if (!shown(svg) || svg.closest('.print-only, #print-qr')) continue;
      const name = svg.closest('[id]')?.id ?? 'svg';
      const texts = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim() && shown(t));
      for (const t of texts) {
        const size = parseFloat(getComputedStyle(t).fontSize) * (t.getScreenCTM()?.a ?? 1);
        if (size < minFont - 0.1) {
          out.push(`${name}: "${t.textContent.trim()}" at ${size.toFixed(1)} px`);
          break;
        }
      }
      overlaps(texts.map((t) => Object.assign(t.getBoundingClientRect().toJSON(), { text: t.textContent.trim() })), name);
    }
    const chomp = document.querySelector('#chomp-bars');
    if (chomp && !chomp.querySelector('svg.chomp-vertex')) out.push('chomp-bars: no board drawn');
    return out;
  }, minFont);
}
