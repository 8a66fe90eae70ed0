// Loading as a phone does: what a link downloads (bytes, not time: timings are
// `make lighthouse`'s), the page drawn before the family's bundle lands, and the
// static header kept equal to the core's families.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { start, newPage, settled, WWW, GAMES } from './browser.mjs';

const { FAMILIES: FAMILIES_OF_SITE } = await import(join(WWW, 'pkg/families.js'));

// At most this many compressed bytes for a Snakes link in English; the default
// link adds its answer computed when the site was built, without its matrices.
const BUDGET = 340_000;
const FIRST_BUDGET = 40_000;
const BUDGET_DEFAULT = BUDGET + FIRST_BUDGET;

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

/** Opens `link` in a fresh page and returns what the server sent until the first result: {page, sent: Map, total} (total: but the drawing bundle). */
async function transferred(link, options) {
  const page = await newPage(env.browser, options);
  env.server.sent.clear();
  await page.goto(env.base + link);
  assert.equal(await settled(page), 'done');
  const sent = new Map(env.server.sent);
  // The drawing bundle (one for every family, asked once the family's own has
  // arrived; make test builds it unoptimised) is weighed apart: the first result
  // does not wait for it.
  const total = [...sent].filter(([file]) => !file.startsWith('/pkg/draw/')).reduce((a, [, b]) => a + b, 0);
  return { page, sent, total };
}

/** Holds back every family bundle `page` asks for; resolves to the function that lets them through. */
async function holdBundle(page) {
  let release;
  const held = new Promise((ok) => { release = ok; });
  await page.route(/ludolab_bg\.wasm/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe('loading', () => {
  for (const [link, budget, built] of [['#game=snakes&v=1&preset=milton-bradley', BUDGET, false], ['#game=snakes&v=1&preset=audet', BUDGET_DEFAULT, true]]) {
  it(`downloads only its own family, in English without the French strings, under ${budget / 1000} kB: ${link}`, async () => {
    const { page, sent, total } = await transferred(link);
    const files = [...sent.keys()];
    // The default link's answer computed when the site was built, and only for it.
    assert.equal(files.includes('/pkg/snakes/first.json'), built, files.join(', '));
    // Without P, E and A (240 kB of packed numbers, drawn from the live answer).
    if (built) assert.ok(sent.get('/pkg/snakes/first.json') < FIRST_BUDGET, `the built answer took ${sent.get('/pkg/snakes/first.json')} bytes`);
    for (const other of GAMES.filter((g) => g !== 'snakes')) {
      assert.ok(!files.includes(`/views/${other}.js`), `the ${other} view was downloaded`);
      assert.ok(!files.some((f) => f.startsWith(`/pkg/${other}/`)), `the ${other} bundle was downloaded`);
    }
    assert.ok(!files.includes('/fr.js'), 'the French strings were downloaded for an English page');
    assert.ok(files.includes('/pkg/snakes/ludolab_bg.wasm'), files.join(', '));
    // Nor the family's full bundle (the sparse LU): these boards have no trap.
    assert.ok(!files.some((f) => f.startsWith('/pkg/snakes-full/')), files.join(', '));
    assert.ok(total <= budget, `${total} bytes sent (at most ${budget}): ${files.map((f) => `${f} ${sent.get(f)}`).join(', ')}`);
    // Sent compressed, with the bundle compiled once (no second download).
    assert.ok(sent.get('/pkg/snakes/ludolab_bg.wasm') < 0.5 * readFileSync(join(WWW, 'pkg/snakes/ludolab_bg.wasm')).length);
    assert.deepEqual(page.problems, []);
    await page.close();
  });
  }

  // Each family whose bundle holds code back (Cargo.toml, `package.metadata.ludolab.later`):
  // a link that does without it, one that needs it and the same answer another way (a
  // selector and its text), and another link that needs it, opened next in the same page.
  const HELD = {
    snakes: {
      without: '#game=snakes&v=1&preset=grid1&method=distributions',
      needs: '#game=snakes&v=1&preset=grid1&method=vectorised',
      same: '#p00',
      then: ['game=snakes&v=1&squares=6&die=1,2&ladder=1:6&snake=4:2,5:2', '#termination', /one player never finishes with probability 0\.500000/],
    },
    dice: {
      without: '#game=dice&v=1&mode=sequential&dice=3&target=20',
      needs: '#game=dice&v=1&mode=one-turn&dice=3',
      same: null,
      then: ['game=dice&v=1&mode=simultaneous&dice=3&target=10', '#table-4', /optimal simultaneous\s*0\.000000/],
    },
    // A misère sum of Kayles heaps past the search's 40 tokens: answered by the quotient.
    impartial: {
      without: '#game=impartial&v=1&mode=misere&of=octal&code=0.77&heaps=9',
      needs: '#game=impartial&v=1&mode=misere&of=octal&code=0.77&heaps=20,21',
      same: null,
      then: ['game=impartial&v=1&mode=quotient&code=0.33&heap_limit=2&heaps=1,2', '#quotient-presentation', /⟨a, b \| a² = 1, b³ = b⟩/],
    },
  };
  it('lists a full bundle for exactly the families of the test\'s table', async () => {
    const { FAMILIES } = await import(join(WWW, 'pkg/families.js'));
    assert.deepEqual(FAMILIES.filter((f) => f.bundle.full).map((f) => f.key).sort(), Object.keys(HELD).sort());
    for (const key of Object.keys(HELD)) {
      assert.match(FAMILIES.find((f) => f.key === key).bundle.full.wasm, new RegExp(`^pkg/${key}-full/ludolab_bg\\.wasm\\?v=`));
    }
  });
  for (const [key, { without, needs, same, then }] of Object.entries(HELD)) {
    // make test builds most families into one shared quick bundle with every feature
    // (scripts/build-wasm.sh, LUDOLAB_WASM_QUICK): such a family's own bundle holds nothing back.
    const { bundle } = FAMILIES_OF_SITE.find((f) => f.key === key);
    const version = (url) => url.split('?v=')[1];
    const skip = bundle.full && version(bundle.wasm) === version(bundle.full.wasm) && 'built into the shared quick bundle, which holds every feature';
    it(`fetches the full ${key} bundle once, only for the links that need what its own holds back`, { skip }, async () => {
      const full = `/pkg/${key}-full/ludolab_bg.wasm`;
      const reference = await transferred(without);
      assert.ok(!reference.sent.has(full), [...reference.sent.keys()].join(', '));
      const shown = same && await reference.page.textContent(same);
      await reference.page.close();
      // The worker hears that the link needs code its bundle lacks, fetches the full bundle and asks again.
      const { page, sent } = await transferred(needs);
      assert.ok(sent.has(`/pkg/${key}/ludolab_bg.wasm`) && sent.has(full), [...sent.keys()].join(', '));
      if (same) assert.equal(await page.textContent(same), shown);
      // Another such link in the same page: the full bundle is not fetched again.
      env.server.sent.clear();
      await page.evaluate((hash) => { document.body.dataset.state = 'navigating'; location.hash = hash; }, then[0]);
      assert.equal(await settled(page), 'done');
      assert.match(await page.textContent(then[1]), then[2]);
      assert.ok(!env.server.sent.has(full), 'the full bundle was sent again');
      assert.deepEqual(page.problems, []);
      await page.close();
    });
  }

  // A link whose view needs what its family's own bundle holds back (the core's
  // `held_back` pairs: the misère quotient mode) downloads the full bundle only,
  // not the family's own first (in make test's quick build the two are copies of
  // one bundle under their two names: which name is asked is what counts).
  it('opens a misère quotient link with the full impartial bundle alone, then other modes with it', async () => {
    const { page, sent } = await transferred('#game=impartial&v=1&mode=quotient&code=0.77&heap_limit=12');
    const files = [...sent.keys()];
    assert.ok(files.includes('/pkg/impartial-full/ludolab_bg.wasm') && files.includes('/pkg/impartial-full/ludolab.js'), files.join(', '));
    assert.ok(!files.some((f) => /^\/pkg\/impartial\/ludolab/.test(f)), files.join(', '));
    assert.match(await page.textContent('#quotient-order'), /\|Q\| = \d+/);
    // The sum box asks the worker, which runs the full bundle.
    await page.fill('#quotient-sum', '3,4');
    await page.waitForFunction(() => /in P|not in P/.test(document.querySelector('#quotient-outcome')?.textContent ?? ''));
    // Another mode in the same page: nothing more is downloaded.
    env.server.sent.clear();
    await page.evaluate(() => { document.body.dataset.state = 'navigating'; location.hash = 'game=impartial&v=1&mode=nim&heaps=3,4,5'; });
    assert.equal(await settled(page), 'done');
    assert.ok(![...env.server.sent.keys()].some((f) => f.endsWith('.wasm')), [...env.server.sent.keys()].join(', '));
    assert.deepEqual(page.problems, []);
    await page.close();
    // Any other mode's link downloads the family's own bundle, not the full one.
    const other = await transferred('#game=impartial&v=1&mode=table&digits=2');
    assert.ok(other.sent.has('/pkg/impartial/ludolab_bg.wasm') && !other.sent.has('/pkg/impartial-full/ludolab_bg.wasm'), [...other.sent.keys()].join(', '));
    assert.deepEqual(other.page.problems, []);
    await other.page.close();
  });

  // Snakes' own bundle has fractions of bounded size (src/toolkit/small.rs, no
  // num-bigint): small boards' P and E as fractions stay within it; a link whose
  // numbers outgrow it is read by the full bundle on the page and in the worker.
  const { bundle: snakes } = FAMILIES_OF_SITE.find((f) => f.key === 'snakes');
  const sameSnakes = snakes.wasm.split('?v=')[1] === snakes.full.wasm.split('?v=')[1] && 'built into the shared quick bundle';
  it('keeps short fractions in the Snakes bundle and reads and solves longer ones with its full bundle', { skip: sameSnakes }, async () => {
    const full = '/pkg/snakes-full/ludolab_bg.wasm';
    const short = await transferred('#game=snakes&v=1&preset=example2');
    assert.match(await short.page.textContent('#p00'), /p\[0\]\[0\] = 1192\/1683 ≈ 0\.7083/);
    assert.ok(!short.sent.has(full), [...short.sent.keys()].join(', '));
    await short.page.close();
    // A die whose weights have denominators past 2^53: the page's reading of the link needs the full bundle.
    const one = await transferred('#game=snakes&v=1&squares=10&die=2');
    const almost = await one.page.textContent('#p00');
    await one.page.close();
    const weights = '1:1/9007199254740993,2:9007199254740992/9007199254740993';
    const { page, sent } = await transferred(`#game=snakes&v=1&squares=10&die=${encodeURIComponent(weights)}`);
    assert.ok(sent.has(full), [...sent.keys()].join(', '));
    assert.equal(await page.textContent('#p00'), almost);
    assert.equal(new URLSearchParams(new URL(page.url()).hash.slice(1)).get('die'), weights);
    assert.equal(await page.inputValue('#field-die'), weights);
    // Exact fractions of a 20-square board with a snake from 19 to 1 (170-digit
    // denominators): solved by the full bundle, already on the page.
    env.server.sent.clear();
    await page.evaluate(() => { document.body.dataset.state = 'navigating'; location.hash = 'game=snakes&v=1&squares=20&snake=19:1&exact=yes'; });
    assert.equal(await settled(page), 'done');
    assert.match(await page.textContent('#p00'), /p\[0\]\[0\] = \d+…\d+ \(\d{3} digits\) \/ \d+…\d+ \(\d{3} digits\)/);
    assert.ok(!env.server.sent.has(full), 'the full bundle was sent again');
    assert.deepEqual(page.problems, []);
    await page.close();
    // Typed into the form of a page that has only Snakes' own bundle: the edit is read once the full bundle has come.
    const typed = await transferred('#game=snakes&v=1&squares=10');
    await typed.page.fill('#field-die', weights);
    await typed.page.evaluate(() => { document.body.dataset.state = 'navigating'; });
    await typed.page.dispatchEvent('#field-die', 'change');
    assert.equal(await settled(typed.page), 'done');
    assert.equal(await typed.page.textContent('#p00'), almost);
    assert.equal(await typed.page.inputValue('#field-die'), weights);
    assert.deepEqual(typed.page.problems, []);
    await typed.page.close();
    // Offline before the full bundle came: the page says why and keeps the link as typed.
    const offline = await newPage(env.browser);
    await offline.route(/snakes-full\/ludolab_bg\.wasm/, (route) => route.abort());
    await offline.goto(`${env.base}#game=snakes&v=1&squares=10&die=${encodeURIComponent(weights)}`);
    assert.equal(await settled(offline), 'error');
    assert.match(await offline.textContent('#status'), /numbers with this many digits: .*\(bignum\); check the connection and try again/);
    assert.equal(new URLSearchParams(new URL(offline.url()).hash.slice(1)).get('die'), weights);
    assert.match(await offline.textContent('#results'), /Not computed: numbers with this many digits: .*check the connection and try again/);
    assert.ok(!/Computing…/.test(await offline.textContent('#results')));
    offline.problems = offline.problems.filter((p) => !/snakes-full|ERR_FAILED/.test(p));
    assert.deepEqual(offline.problems, []);
    await offline.close();
  });

  it('says why when the full Snakes bundle cannot be fetched, and tries again on the next request', async () => {
    const page = await newPage(env.browser);
    let refuse = true;
    await page.route(/snakes-full\/ludolab_bg\.wasm/, (route) => (refuse ? route.abort() : route.continue()));
    await page.goto(`${env.base}#game=snakes&v=1&preset=grid1&method=vectorised`);
    assert.equal(await settled(page), 'error');
    assert.match(await page.textContent('#status'), /needs a part of the solver that is not downloaded yet \(linalg\); check the connection and try again/);
    // The results no longer say "Computing…": they say why not.
    assert.match(await page.textContent('#results'), /Not computed: .*check the connection and try again/);
    assert.ok(!/Computing…/.test(await page.textContent('#results')));
    refuse = false;
    await page.evaluate(() => { document.body.dataset.state = 'navigating'; location.hash = 'game=snakes&v=1&preset=grid1&method=vectorised&players=2'; });
    assert.equal(await settled(page), 'done');
    assert.match(await page.textContent('#p00'), /0\.6667/);
    page.problems = page.problems.filter((p) => !/snakes-full|ERR_FAILED/.test(p));
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('adds the French strings to a French link', async () => {
    const { page, sent } = await transferred('#game=snakes&v=1&lang=fr&preset=audet');
    assert.ok(sent.has('/fr.js'));
    assert.equal(await page.textContent('#parameters-title'), 'Paramètres');
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('serves what a static host serves: compressed, typed, cached by version', async () => {
    const { FAMILIES } = await import(join(WWW, 'pkg/families.js'));
    const wasm = FAMILIES[0].bundle.wasm;
    const response = await fetch(env.base + wasm, { headers: { 'Accept-Encoding': 'br, gzip' } });
    assert.equal(response.headers.get('content-type'), 'application/wasm');
    assert.equal(response.headers.get('content-encoding'), 'br');
    assert.match(response.headers.get('cache-control'), /immutable/);
    const page = await fetch(env.base, { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(page.headers.get('content-encoding'), 'gzip');
    assert.equal(page.headers.get('cache-control'), 'no-cache');
    const again = await fetch(env.base, { headers: { 'If-None-Match': page.headers.get('etag') } });
    assert.equal(again.status, 304);
  });

  it('asks the drawing bundle after the family\'s own has arrived, draws with it, and keeps it for the next family', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.base}#game=orchard&v=1&trees=3&fruits=5&crows=4&strategy=max`);
    assert.equal(await settled(page), 'done');
    // The page's own clock: when each request began and its last byte came.
    const timing = new Map(await page.evaluate(() => performance.getEntriesByType('resource')
      .map((r) => [new URL(r.name).pathname.replace(/^.*\/pkg\//, '/pkg/'), [r.startTime, r.responseEnd]])));
    const [family, drawings] = ['/pkg/orchard/ludolab_bg.wasm', '/pkg/draw/ludolab_bg.wasm'];
    assert.ok(timing.has(family) && timing.has(drawings), [...timing.keys()].join(', '));
    assert.ok(timing.get(drawings)[0] >= timing.get(family)[1], `the drawing bundle was asked before the family's arrived: ${JSON.stringify([...timing])}`);
    assert.ok(await page.$('#chart-strategies canvas[data-drawn="true"]'), 'the strategies\' chart is drawn');
    // Another family: its own bundle comes, the drawing bundle is not sent again.
    env.server.sent.clear();
    await page.evaluate(() => { document.body.dataset.state = 'navigating'; location.hash = 'game=graphs&v=1&kind=chomp&rows=3&cols=4'; });
    assert.equal(await settled(page), 'done');
    await page.waitForFunction(() => !document.body.dataset.drawing);
    assert.ok(env.server.sent.has('/pkg/graphs/ludolab_bg.wasm'), [...env.server.sent.keys()].join(', '));
    assert.ok(!env.server.sent.has('/pkg/draw/ludolab_bg.wasm'), 'the drawing bundle was sent again');
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('asks for the drawing bundle after a result with no figure, for the handout\'s QR code', async () => {
    const page = await newPage(env.browser);
    let askedAt = null;
    page.on('request', (r) => { if (/\/pkg\/draw\/ludolab_bg\.wasm/.test(r.url()) && askedAt === null) askedAt = Date.now(); });
    await page.goto(`${env.base}#game=impartial&v=1&mode=table&digits=1&up_to=200`);
    await page.waitForFunction(() => document.body.dataset.state === 'done');
    const doneAt = Date.now();
    await page.waitForSelector('#print-qr svg', { state: 'attached', timeout: 30_000 });
    assert.ok(askedAt !== null && askedAt >= doneAt, 'the drawing bundle was asked before the result was shown');
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('tries the drawing bundle again when its download fails, and draws then', async () => {
    const page = await newPage(env.browser);
    let refused = 0;
    await page.route(/\/pkg\/draw\/ludolab_bg\.wasm/, (route) => (refused++ === 0 ? route.abort('failed') : route.continue()));
    await page.goto(`${env.base}#game=orchard&v=1&trees=3&fruits=5&crows=4&strategy=min`);
    // The result comes without it; its figures wait, then are drawn by the second try (2 s later).
    await page.waitForFunction(() => document.body.dataset.state === 'done');
    assert.equal(await settled(page), 'done');
    assert.ok(refused >= 2, `the drawing bundle was asked ${refused} times`);
    assert.ok(await page.$('#chart-strategies canvas[data-drawn="true"]'), 'the strategies\' chart is drawn');
    // The refused download is the only problem the page met.
    assert.ok(page.problems.every((p) => /ludolab_bg\.wasm|Failed to fetch|net::ERR_FAILED/.test(p)), page.problems.join('; '));
    await page.close();
  });

  it('says it is still drawing while a game graph waits for the drawing bundle, then draws it', async () => {
    // A graph drawn straight from its view (not below the first screen) once
    // waited unmarked: a reader of body[data-drawing] took the page as finished.
    for (const link of ['#game=search&v=1&search=hex&depth=2', '#game=graphs&v=1', '#game=parity&v=1']) {
      const page = await newPage(env.browser);
      let release;
      const held = new Promise((ok) => { release = ok; });
      await page.route(/\/pkg\/draw\/ludolab_bg\.wasm/, async (route) => { await held; await route.continue(); });
      await page.goto(env.base + link);
      await page.waitForFunction(() => document.body.dataset.state === 'done');
      const figure = await page.$eval('main figure.graph', (f) => f.id);
      assert.equal(await page.evaluate(() => document.body.dataset.drawing), 'later', `${link}: ${figure} waits unmarked`);
      assert.equal(await page.$(`#${figure} canvas[data-drawn="true"]`), null, `${link}: drawn without the drawing bundle`);
      release();
      assert.equal(await settled(page), 'done');
      const drawn = await page.$eval(`#${figure} canvas`, (c) => ({ drawn: c.dataset.drawn, texts: c.drawnTexts?.length ?? -1 }));
      assert.equal(drawn.drawn, 'true', `${link}: ${figure} not drawn once the bundle came`);
      assert.ok(drawn.texts > 0, `${link}: ${JSON.stringify(drawn)}`);
      assert.deepEqual(page.problems, []);
      await page.close();
    }
  });

  it('draws the header, the form and a computing state before the bundle lands', async () => {
    const page = await newPage(env.browser, { viewport: { width: 390, height: 844 } });
    // The family's bundle is held back until the early page has been looked at.
    const release = await holdBundle(page);
    await page.goto(`${env.base}#game=dice&v=1&mode=sequential&dice=7&target=50`);
    // The results' place is in the static HTML, so it is there at first paint,
    // before the early page marks the state: wait for the state itself (the
    // bundle is held, so it cannot be past computing).
    await page.waitForSelector('#result-pending');
    await page.waitForFunction(() => document.body.dataset.state === 'computing', null, { timeout: 30_000 });
    assert.equal(await page.evaluate(() => document.body.dataset.state), 'computing');
    assert.match(await page.textContent('#status-text'), /Loading the solver/);
    assert.equal(await page.getAttribute('#families a[data-game="dice"]', 'aria-current'), 'page');
    // The form holds the link's values (the phone folds it: open it).
    await page.click('#toggle-parameters');
    assert.equal(await page.inputValue('[name="dice"]'), '7');
    assert.equal(await page.inputValue('[name="target"]'), '50');
    const pending = await page.locator('#result-pending').boundingBox();
    assert.ok(pending.height >= 200, `the results' place is kept (${pending.height} px)`);
    await page.screenshot({ path: join(WWW, '../target/e2e/loading-early-390.png') });
    // An edit made before the bundle lands is kept and read when it does.
    await page.fill('[name="target"]', '60');
    await page.dispatchEvent('[name="target"]', 'change');
    release();
    assert.equal(await settled(page), 'done');
    assert.match(page.url(), /target=60/);
    assert.equal(await page.inputValue('[name="target"]'), '60');
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  // Chromium records a text's paint when the frame is shown: the page's scripts
  // changing the results' place before that (as they did in about four loads in
  // ten, running within 20 ms of the paint) lost the introduction's paint, and the
  // largest paint became the result, drawn later (app.js, firstPaintShown). Each
  // load is one draw of a race the old page lost often: eight of them.
  it('keeps the introduction as the largest paint: nothing changes the page before its first paint is shown', async () => {
    const links = FAMILIES_OF_SITE.filter((f) => ['impartial', 'parity', 'partizan', 'snakes'].includes(f.key)).map((f) => `#${f.default_link}`);
    for (const link of [...links, ...links]) {
      const page = await newPage(env.browser, { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
      await page.addInitScript(() => {
        window.__largest = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__largest.push(`${entry.id || entry.element?.tagName || '(no id)'} at ${Math.round(entry.startTime)} ms`);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(env.base + link);
      assert.equal(await settled(page), 'done');
      const largest = await page.evaluate(() => window.__largest);
      assert.ok(largest.length > 0 && largest.every((entry) => entry.startsWith('about ')), `${link}: ${largest.join(', ')}`);
      assert.deepEqual(page.problems, []);
      await page.context().close();
    }
  });

  // What firstPaintShown does where the paint is not reported: a browser without
  // paint timing (one frame), a hidden tab (nothing to wait for), a paint never
  // reported (3 s at most). Each still opens and solves its link.
  for (const [what, script] of [
    ['without paint timing', () => {
      Object.defineProperty(PerformanceObserver, 'supportedEntryTypes', { get: () => ['largest-contentful-paint'] });
    }],
    ['in a hidden tab', () => {
      Object.defineProperty(Document.prototype, 'visibilityState', { get: () => 'hidden' });
    }],
    ['when the first paint is never reported', () => {
      const observe = PerformanceObserver.prototype.observe;
      PerformanceObserver.prototype.observe = function (options) {
        if (options?.type !== 'paint') observe.call(this, options);
      };
      const byName = Performance.prototype.getEntriesByName;
      Performance.prototype.getEntriesByName = function (name, type) {
        return name === 'first-contentful-paint' ? [] : byName.call(this, name, type);
      };
    }],
  ]) {
    it(`opens and solves a link ${what}`, async () => {
      const page = await newPage(env.browser, { viewport: { width: 390, height: 844 } });
      await page.addInitScript(script);
      await page.goto(`${env.base}#game=impartial&v=1&mode=nim&heaps=3%2C4%2C5`);
      assert.equal(await settled(page), 'done');
      assert.match(await page.textContent('#results-body'), /\S/);
      assert.deepEqual(page.problems, []);
      await page.context().close();
    });
  }

  it('marks a bad value once the core lands, keeping what was typed', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.base}#game=dice&v=1&mode=sequential&dice=0&target=50`);
    assert.equal(await settled(page), 'error');
    assert.equal(await page.inputValue('[name="dice"]'), '0');
    assert.match(await page.textContent('.field-error'), /0/);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('shows no built answer for a link other than the default', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.base}#game=connect4&v=1&width=4&height=4&moves=`);
    assert.equal(await settled(page), 'done');
    assert.equal(await page.evaluate(() => document.body.dataset.firstResult), 'live');
    assert.equal(await page.$('#built-note'), null);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('writes the core\'s families into the page\'s static header', async () => {
    const { FAMILIES } = await import(join(WWW, 'pkg/families.js'));
    const html = readFileSync(join(WWW, 'index.html'), 'utf8');
    const menu = [...html.matchAll(/<a href="\.\/#game=(\w+)&amp;v=1" data-game="\w+">([^<]+)<\/a>/g)].map(([, key, title]) => [key, title]);
    assert.deepEqual(menu, FAMILIES.map((f) => [f.key, f.title.en]));
  });
});

// A default link's answer computed when the site was built (scripts/families.mjs,
// pkg/<family>/first.json) is shown, marked and inert, before the family's bundle
// lands, and the live answer that replaces it is the same: the same report (but
// for the times and memory it measured) and the same headline.
// The paths at which the built report and the live one differ (in the page: typed arrays compared by value).
const differences = () => {
  const measured = new Set(['ms', 'seconds', 'wasm_memory_mb', 'peak_memory_mb']);
  const found = [];
  const walk = (a, b, path) => {
    if (found.length > 5) return;
    // A large array the built file leaves out (it feeds only a figure) stands as its size.
    if (a && typeof a.later === 'number' && Object.keys(a).length === 1) {
      if (!ArrayBuffer.isView(b) || b.byteLength !== a.later) found.push(`${path}: left out as ${a.later} bytes, live ${b?.byteLength ?? b}`);
      return;
    }
    if (ArrayBuffer.isView(a) || ArrayBuffer.isView(b)) {
      if (!ArrayBuffer.isView(a) || !ArrayBuffer.isView(b) || a.length !== b.length || a.some((x, k) => !Object.is(x, b[k]))) found.push(path);
    } else if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
      if (!Object.is(a, b)) found.push(`${path}: ${a} ≠ ${b}`);
    } else if (Object.keys(a).sort().join() !== Object.keys(b).sort().join()) {
      found.push(`${path}: keys ${Object.keys(a)} ≠ ${Object.keys(b)}`);
    } else {
      for (const key of Object.keys(a)) if (!measured.has(key)) walk(a[key], b[key], `${path}.${key}`);
    }
  };
  walk(window.__ludolab.built, window.__ludolab.result, 'result');
  return found;
};
// A time the headline gives ("0.2 s", "3 ms") or a rate ("2.7 million positions a
// second") is the machine's, not the answer's.
const untimed = (text) => text.replace(/[^\n]*(a second|par seconde)/g, 'R').replace(/\d[\d.,\u202f ]*\s?(µs|ms|s|min)\b/g, 'T');

describe('a default link answered when the site was built', () => {
  for (const { key, default_link: link } of FAMILIES_OF_SITE) {
    for (const lang of ['en', 'fr']) {
      it(`${key} in ${lang}: shown before the bundle lands, then the same answer live`, async () => {
        const page = await newPage(env.browser, { viewport: { width: 390, height: 844 } });
        const release = await holdBundle(page);
        await page.goto(`${env.base}#${link}${lang === 'fr' ? '&lang=fr' : ''}`);
        await page.waitForSelector('#built-note', { timeout: 30_000 });
        assert.equal(await page.evaluate(() => document.body.dataset.firstResult), 'built');
        assert.equal(await page.evaluate(() => document.body.dataset.state), 'computing');
        assert.match(await page.textContent('#built-note'), lang === 'fr' ? /construction de ce site/ : /when this site was built/);
        // Inert until the live answer replaces it: nothing in it can be pressed.
        assert.ok(await page.evaluate(() => [...document.getElementById('results-body').children]
          .filter((c) => c.id !== 'built-note').every((c) => c.inert)));
        const builtHeadline = untimed(await page.locator('#results-body .headline').first().innerText());
        // A figure whose matrix the file leaves out (Snakes' P, E and A, Dice
        // Battle's EG) says when it comes.
        const notes = await page.locator('#results-body figure.heatmap[data-left-out] p.muted').allInnerTexts();
        assert.equal(notes.length, { snakes: 3, dice: 1 }[key] ?? 0);
        for (const note of notes) assert.match(note, lang === 'fr' ? /réponse de votre navigateur/ : /your browser’s own answer/);
        release();
        assert.equal(await settled(page), 'done');
        assert.equal(await page.$('#built-note'), null);
        assert.equal(await page.$('#results-body canvas.later'), null);
        assert.equal(untimed(await page.locator('#results-body .headline').first().innerText()), builtHeadline);
        assert.deepEqual(await page.evaluate(differences), []);
        assert.deepEqual(page.problems, []);
        await page.close();
      });
    }
  }
});
