// Hosting: the site under a sub-path of a static host, and offline after one
// visit (the service worker's cache).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { start, newPage, settled, WWW, GAMES } from './browser.mjs';

const { FAMILIES } = await import(join(WWW, 'pkg/families.js'));

let env;
before(async () => { env = await start({ prefix: '/courses/jeux/ludolab/' }); });
after(async () => { await env?.close(); });

/** Every file of www/ the page needs (not the benchmark), relative to www/. */
function siteFiles(dir = WWW, rel = '') {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return siteFiles(path, `${rel}${name}/`);
    return /^bench\.|^sw\.js$|^preview\.png$|^first\.json$|\.d\.ts$|package\.json|\.gitignore|precache\.json|\.(br|gz)$/.test(name) ? [] : [`${rel}${name}`];
  });
}

describe('hosting', () => {
  it('runs under a sub-path and works offline after one visit', async () => {
    // The one test with the service worker on (browser.mjs blocks it elsewhere).
    const page = await newPage(env.browser, { serviceWorkers: 'allow' });
    await page.goto(`${env.base}#game=orchard&trees=2&fruits=2&crows=2&strategy=max`);
    assert.equal(await settled(page), 'done');
    assert.match(await page.textContent('#win-probability'), /0\.677372685185/);
    // The service worker takes control, with the whole site cached.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 10000 }).catch(async () => {
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    });
    await page.context().setOffline(true);
    await page.goto(`${env.base}#game=impartial&mode=octal&code=0.77&up_to=200`);
    assert.equal(await settled(page), 'done');
    assert.match(await page.textContent('#period'), /period 12/);
    await page.context().setOffline(false);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  it('lists the families in a small index, each spec in its own file', async () => {
    // A link fetches its own family's spec only (core.js, loadSpec): the index holds no fields or forms.
    for (const f of FAMILIES) {
      assert.deepEqual(Object.keys(f).sort(), ['bundle', 'default_link', 'details', 'key', 'title'], f.key);
      assert.match(f.details, new RegExp(`^pkg/${f.key}/spec\\.js\\?v=`));
      const spec = (await import(join(WWW, f.details.split('?')[0]))).default;
      assert.ok(spec.fields.length > 0 && spec.default_form, `${f.key}: its spec file has its fields and default form`);
    }
  });

  it('caches every file the page needs', () => {
    // The build writes the list; the page's own files and the bundle must all be in it.
    // Bundles are listed as the page asks for them, versioned by content (`?v=`).
    const listed = new Set(JSON.parse(readFileSync(join(WWW, 'pkg', 'precache.json'), 'utf8')).map((f) => f.split('?')[0]));
    for (const file of siteFiles()) assert.ok(listed.has(file), `the precache list lacks ${file}`);
    for (const family of GAMES) {
      for (const file of [`pkg/${family}/ludolab.js`, `pkg/${family}/ludolab_bg.wasm`, `views/${family}.js`]) assert.ok(listed.has(file), file);
    }
    for (const file of ['./', 'pkg/families.js', 'pkg/boot.js', 'fr.js', 'pkg/draw/ludolab.js', 'pkg/draw/ludolab_bg.wasm']) assert.ok(listed.has(file), file);
    // A family's full bundle too (offline, a link that needs it still answers), as the page asks for it.
    const asked = new Set(JSON.parse(readFileSync(join(WWW, 'pkg', 'precache.json'), 'utf8')));
    for (const { bundle } of FAMILIES.filter((f) => f.bundle.full)) {
      for (const url of [bundle.full.glue, bundle.full.wasm]) assert.ok(asked.has(url), url);
    }
  });
});
