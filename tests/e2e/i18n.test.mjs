// French and English: every string of the page has its French (checked in the
// sources and on every view), `lang=fr` in a link opens the page in French with
// French numbers (0,5087), the toggle switches and writes the link, the
// browser's language is the default, and the core's errors come in French.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, openDone, openLink, newPage, settled, orchardSweeps } from './browser.mjs';
import { keys } from '../../scripts/i18n-keys.mjs';
import { FR } from '../../www/fr.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execSync } from 'node:child_process';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

// Words of English that French text never contains.
const ENGLISH = new RegExp(String.raw`\b(the|and|with|from|which|this|is|are|of|to|player|wins?|loses?|moves?|Save|probability|` +
  String.raw`heaps?|rolls?|dice|games?|trees|crows|vertex|vertices|rows?|columns?|steps?|rank|sticks|squares?|board|` +
  String.raw`sequential|simultaneous|none|left|take|value|undefined|infinite|exactly)\b`);

/** Every view of the page, in French. */
const VIEWS = [
  '#game=snakes&v=1&lang=fr&preset=audet',
  '#game=snakes&v=1&lang=fr&preset=grid1&method=exact',
  '#game=snakes&lang=fr&squares=10&ladder=2:9&snake=8:3',
  '#game=dice&lang=fr&mode=sequential&dice=10&target=100',
  '#game=dice&lang=fr&mode=variant&dice=5&target=30',
  '#game=dice&lang=fr&mode=simultaneous&dice=5&target=30',
  '#game=dice&lang=fr&mode=compare&dice=6&target=50&first=optimal&second=3&simulate=1000',
  '#game=dice&lang=fr&mode=one-turn&dice=5',
  '#game=orchard&lang=fr&trees=2&fruits=2&crows=2&strategy=max',
  '#game=orchard&lang=fr&trees=3&fruits=4&crows=3&strategy=min&position=4,2,1&crows_left=2&simulate=1000',
  '#game=graphs&lang=fr&kind=subtraction&sticks=9',
  '#game=graphs&lang=fr&kind=chomp&rows=4&cols=3',
  '#game=graphs&lang=fr&kind=chomp&rows=12&cols=12',
  '#game=graphs&lang=fr&kind=edges',
  '#game=impartial&lang=fr&mode=nim',
  '#game=impartial&lang=fr&mode=octal&code=0.77&up_to=200',
  '#game=impartial&lang=fr&mode=subtraction&set=1,3,4&up_to=100',
  '#game=impartial&lang=fr&mode=graph&preset=petersen',
  '#game=impartial&lang=fr&mode=sum&sum=nim 3; path:4&other=nim 1',
  '#game=impartial&lang=fr&mode=misere&of=nim&heaps=1,2,3',
  '#game=impartial&lang=fr&mode=misere&of=octal&code=0.77&heaps=3,4',
  '#game=impartial&lang=fr&mode=solitaire',
  '#game=partizan&lang=fr&ruleset=hackenbush',
  '#game=partizan&lang=fr&ruleset=expr',
];

/** The page's visible text with every "How this is computed" panel open. */
async function visibleText(page) {
  return page.evaluate(() => {
    for (const d of document.querySelectorAll('details')) d.open = true;
    return document.body.innerText;
  });
}

describe('languages', () => {
  it('has a French translation of every string the page uses, and no stale one', () => {
    const all = keys();
    assert.deepEqual([...all.keys()].filter((k) => !(k in FR)), []);
    assert.deepEqual(Object.keys(FR).filter((k) => !all.has(k)), []);
    // The same placeholders on both sides.
    for (const [en, fr] of Object.entries(FR)) {
      // The same names (a language may use one twice: a number, then a word agreeing with it).
      const names = (s) => [...new Set([...s.matchAll(/\{(\w+)(?=[}:?])/g)].map((m) => m[1]))].sort();
      assert.deepEqual(names(fr), names(en), en);
    }
  });

  it('leaves no French in the English strings and no English in the French ones (page and core)', () => {
    // Words of French that English text never contains (quoted names and {placeholders} aside).
    const FRENCH = /\b(le|la|les|des|du|une|est|pour|avec|joueur|sommet|coup|gagne|perd|sinon|alors|tant|chaque|tas)\b/i;
    const WORDS = /\b(the|with|player|move|heap|wins|loses|then|else|return|while|each)\b/i;
    const plain = (s) => s.replace(/\{[^}]*\}|«[^»]*»|“[^”]*”|‘[^’]*’|\b[A-Za-z]+’s\b/g, '');
    const pairs = Object.entries(FR);
    // The core's texts: every text!("English", "French") of the Rust sources.
    const rust = execSync('git ls-files src', { cwd: ROOT, encoding: 'utf8' }).split('\n').filter((f) => f.endsWith('.rs'));
    for (const file of rust) {
      const source = readFileSync(join(ROOT, file), 'utf8');
      for (const m of source.matchAll(/text!\(\s*"((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)"/g)) pairs.push([m[1], m[2]]);
    }
    assert.ok(pairs.length > 1000, `${pairs.length} pairs`);
    assert.deepEqual(pairs.filter(([en]) => FRENCH.test(plain(en))).map(([en]) => en), [], 'French in English');
    assert.deepEqual(pairs.filter(([, fr]) => WORDS.test(plain(fr))).map(([, fr]) => fr), [], 'English in French');
  });

  for (const link of VIEWS) {
    it(`shows ${link} in French, every string translated`, async () => {
      const { page, state } = await openLink(env, link);
      if (state === 'idle') {
        // A long computation asks first (in French too).
        assert.match(await page.textContent('#cost-confirm'), /Ce calcul devrait prendre environ \d+ s/);
        await page.click('#confirm-compute');
        await page.waitForFunction(() => document.body.dataset.state === 'done', null, { timeout: 120_000 });
      }
      assert.equal(await page.getAttribute('html', 'lang'), 'fr');
      const text = await visibleText(page);
      // Orchard's sweeps arrive after the main result: wait for them too.
      if (link.includes('orchard')) await orchardSweeps(page, 120_000);
      assert.deepEqual(await page.evaluate(() => [...window.__ludolab.missing]), []);
      const english = text.split('\n').filter((line) => ENGLISH.test(line));
      assert.deepEqual(english, [], 'English left on the French page');
      assert.deepEqual(page.problems, []);
      await page.close();
    });
  }

  it('writes numbers the French way: 0,5087 and 47,76', async () => {
    const page = await openDone(env, '#game=snakes&v=1&lang=fr&preset=audet');
    assert.match(await page.textContent('#p00'), /p\[0\]\[0\] = 0,5087/);
    assert.match(await page.textContent('#e00'), /e\[0\]\[0\] = 47,76/);
    assert.match(await page.textContent('#p00 + .label'), /probabilité que le premier joueur gagne/);
    assert.match(await page.textContent('#status-text'), /Calculé en \d+,\d ms/);
    assert.equal(await page.textContent('#families a[data-game="snakes"]'), 'Serpents et échelles');
    assert.equal(await page.title(), 'Serpents et échelles — Ludolab');
    await page.close();
    // The views' own times and rates too, never with a decimal point.
    for (const [link, label] of [
      ['#game=connect4&v=1&lang=fr&width=6&height=5&moves=', '#c4-work + .label'],
      ['#game=parity&v=1&lang=fr', '#parity-solver + .label'],
    ]) {
      const view = await openDone(env, link);
      const text = await view.textContent(label);
      assert.match(text, /\d,\d+ m?s/, text);
      assert.doesNotMatch(text, /\d\.\d/, text);
      await view.close();
    }
  });

  it('switches language with the toggle, keeps it in the link, and redraws without recomputing', async () => {
    const page = await openDone(env, '#game=snakes&v=1&preset=audet');
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    assert.match(await page.textContent('#p00'), /0\.5087/);
    const drawn = await page.evaluate(() => window.__ludolab.drawnAt);
    const computed = await page.evaluate(() => window.__ludolab.computeMs);
    await page.click('.lang-choice[data-lang="fr"]');
    await page.waitForFunction(() => document.documentElement.lang === 'fr');
    assert.match(page.url(), /[#&]lang=fr(&|$)/);
    assert.match(await page.textContent('#p00'), /0,5087/);
    assert.equal(await page.textContent('#parameters-title'), 'Paramètres');
    assert.equal(await page.getAttribute('.lang-choice[data-lang="fr"]', 'aria-pressed'), 'true');
    assert.ok(await page.evaluate((t) => window.__ludolab.drawnAt > t, drawn), 'the result was redrawn');
    assert.equal(await page.evaluate(() => window.__ludolab.computeMs), computed, 'not recomputed');
    // An edit keeps the language, and so does undo.
    await page.fill('#field-width', '5');
    await page.press('#field-width', 'Enter');
    await page.waitForFunction(() => location.hash.includes('width=5'));
    assert.match(page.url(), /lang=fr/);
    await settled(page);
    await page.click('#undo');
    await page.waitForFunction(() => !location.hash.includes('width=5'));
    assert.match(page.url(), /lang=fr/);
    assert.equal(await page.getAttribute('html', 'lang'), 'fr');
    // A family link keeps the language too.
    await page.click('#families a[data-game="dice"]');
    assert.match(page.url(), /game=dice&v=1&lang=fr/);
    // The Snakes page was "done" already: wait for Dice Battle's own result, not a state.
    await page.waitForFunction(() => document.body.dataset.state === 'done'
      && /Le jeu séquentiel/.test(document.getElementById('results')?.textContent ?? ''), null, { timeout: 60_000 });
    await page.click('.lang-choice[data-lang="en"]');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    assert.match(page.url(), /lang=en/);
    assert.match(await page.textContent('#results'), /The sequential game/);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('takes the browser’s language when the link names none, and writes it in the link', async () => {
    const page = await openDone(env, '#game=dice&v=1&mode=one-turn&dice=5', { locale: 'fr-FR' });
    assert.equal(await page.getAttribute('html', 'lang'), 'fr');
    assert.match(page.url(), /lang=fr/);
    assert.equal(await page.textContent('#game-value'), 'un jeu équitable');
    await page.close();
    // A link that names English wins over a French browser.
    const english = await openDone(env, '#game=dice&v=1&lang=en&mode=one-turn&dice=5', { locale: 'fr-FR' });
    assert.equal(await english.getAttribute('html', 'lang'), 'en');
    await english.close();
  });

  it('gives the core’s errors in French, next to the field at fault', async () => {
    const { page, state } = await openLink(env, '#game=orchard&lang=fr&trees=12');
    // The link keeps what was typed; the message is beside the field, by its French label.
    assert.equal(state, 'error');
    assert.equal(await page.inputValue('#field-trees'), '12');
    assert.match(await page.textContent('#error-trees'), /Arbres — "12" n’est pas valide : attendu un nombre entier de 1 à 8/);
    await page.fill('#field-crows', '99');
    await page.press('#field-crows', 'Enter');
    await page.waitForSelector('#error-crows');
    assert.match(await page.textContent('#error-crows'), /Pièces du corbeau — "99" n’est pas valide : attendu un nombre entier de 1 à 20/);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('leaves an invalid language in the link with an error naming the allowed ones', async () => {
    const { page } = await openLink(env, '#game=dice&lang=de');
    assert.match(await page.textContent('#error-lang'), /invalid value "de" for "lang" \(expected one of en, fr\)/);
    assert.match(new URL(page.url()).hash, /lang=de/);
    await page.close();
  });

  it('keeps the page in French with no console error when a fresh page opens French directly', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.base}#game=impartial&lang=fr&mode=nim`);
    assert.equal(await settled(page), 'done');
    assert.equal(await page.getAttribute('.lang-choice[aria-pressed="true"]', 'aria-label'), 'Français');
    assert.deepEqual(page.problems, []);
    await page.close();
  });
});
