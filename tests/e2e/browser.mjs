// Shared set-up of the browser tests and the benchmark: Debian's Chromium driven
// by playwright-core, and www/ served on a free port.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve } from '../../scripts/serve.mjs';

// The site as users get it: `make dist`'s output (www/ built, with .br and .gz), served compressed.
export const WWW = fileURLToPath(new URL('../../dist', import.meta.url));
export const SHOTS = fileURLToPath(new URL('../../target/e2e/', import.meta.url));

// Without the background-networking flags Chromium keeps calling out to a network it cannot reach.
const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
];

/** Serves `root` (dist/ by default) under `prefix` and launches Chromium. */
export async function start({ root = WWW, prefix = '/' } = {}) {
  mkdirSync(SHOTS, { recursive: true });
  const server = await serve(root, 0, prefix);
  const base = `http://127.0.0.1:${server.address().port}${prefix}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
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
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB', ...options });
  const page = await context.newPage();
  page.problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') page.problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => page.problems.push(`page error: ${err.message}`));
  return page;
}

/** Waits until the page has finished a computation (or failed one). */
export async function settled(page) {
  await page.waitForFunction(() => ['done', 'error', 'idle', 'cancelled'].includes(document.body.dataset.state));
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
