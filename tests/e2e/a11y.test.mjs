// Accessibility: axe-core on every view (WCAG 2 A and AA rules): no serious or
// critical violation; and every view's "How this is computed" panel.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { start, openDone } from './browser.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

const VIEWS = [
  '#game=snakes&v=1&preset=audet',
  '#game=snakes&v=1&preset=grid1',
  '#game=dice&v=1&mode=sequential&dice=10&target=100',
  '#game=dice&v=1&mode=one-turn&dice=5',
  '#game=orchard&trees=2&fruits=2&crows=2&strategy=max',
  '#game=graphs&kind=subtraction&sticks=9',
  '#game=graphs&kind=chomp&rows=4&cols=3',
  '#game=impartial&mode=nim',
  '#game=impartial&mode=octal&code=0.77&up_to=200',
  '#game=impartial&mode=graph&preset=petersen',
  '#game=dice&v=1&mode=simultaneous&dice=5&target=30',
  '#game=orchard&trees=3&fruits=4&crows=3&strategy=min&position=4,2,1&crows_left=2&simulate=1000',
  '#game=graphs&kind=edges',
  '#game=impartial&mode=sum&sum=nim 3; path:4&other=nim 1',
  '#game=impartial&mode=misere&of=nim&heaps=1,2,3',
  '#game=impartial&mode=solitaire',
  // The classroom's displays and exact fractions.
  '#game=graphs&kind=subtraction&sticks=9&present=1',
  '#game=orchard&trees=2&fruits=2&crows=2&embed=1',
  '#game=snakes&v=1&preset=milton-bradley&exact=yes',
];

describe('accessibility', () => {
  for (const link of VIEWS) {
    it(`has no serious or critical axe violation: ${link}`, async () => {
      const page = await openDone(env, link);
      // Legacy mode: axe runs in the page itself instead of gathering each frame's
      // results in a new blank page, which took half of each check (2.7 → 1.5 s a view);
      // what it gives up is cross-origin frames, which no view has.
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).options({ resultTypes: ['violations'] }).setLegacyMode(true).analyze();
      const bad = result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
      assert.deepEqual(bad, []);
      // Each view explains itself: equations in MathML, and the seed it comes from.
      const panel = page.locator('details.explain');
      await panel.locator('summary').click();
      assert.ok((await panel.locator('math').count()) >= 1);
      assert.match(await panel.textContent(), /Source: .*\(seed 00\d\)/);
      await page.close();
    });
  }
});
