// The page writes numbers itself (www/i18n.js: fixed, count) instead of with
// Intl.NumberFormat, whose first use costs a phone about 100 ms before the
// first result. They must read exactly as Intl writes them: random numbers of
// every magnitude, every decimals count the page uses, in both languages.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fixed, count, duration, setLang } from '../../www/i18n.js';

function* numbers(seed) {
  let x = seed;
  const next = () => { x = (x * 1103515245 + 12345) % 2147483648; return x / 2147483648; };
  for (const v of [0, -0, 0.5, 1.005, 2.675, -1.005, 0.125, -0.125, 9.995, 99.5, 999999.5, 1e-7, 5e-7, 1.5e-7, 123456789.987654321, 1e20, 0.045, 1.45, 8.345, 1 / 3, 2 / 3, -2 / 3]) yield v;
  for (let i = 0; i < 20000; i++) {
    const magnitude = 10 ** Math.floor(next() * 24 - 10);
    const v = (next() - 0.3) * magnitude;
    yield i % 5 === 0 ? Math.round(v * 1000) / 1000 : v;
  }
}

describe('numbers written without Intl', () => {
  for (const lang of ['en', 'fr']) {
    it(`fixed() and count() read as Intl writes them (${lang})`, () => {
      setLang(lang);
      const locale = lang === 'fr' ? 'fr-FR' : 'en-GB';
      for (const decimals of [0, 1, 2, 3, 4, 6]) {
        const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: false });
        for (const v of numbers(decimals + 7)) {
          const expected = intl.format(Math.abs(v) < 0.5 * 10 ** -decimals ? 0 : v);
          assert.equal(fixed(v, decimals), expected, `${v} to ${decimals} decimals`);
        }
      }
      for (const n of [0, 7, -7, 999, 1000, -1000, 123456, 3108105, -3108105, 2 ** 53 - 1, 1.5, 1e21]) {
        assert.equal(count(n), n.toLocaleString(locale), String(n));
      }
      setLang('en');
    });
  }
  it('writes durations in ms below a second and in s from a second, the language’s way', async () => {
    assert.equal(duration(0), '0.0 ms');
    assert.equal(duration(0.0123), '12.3 ms');
    assert.equal(duration(0.99994), '999.9 ms');
    assert.equal(duration(1), '1.00 s');
    assert.equal(duration(3.3172), '3.32 s');
    setLang('fr');
    assert.equal(duration(3.3172), '3,32 s');
    assert.equal(duration(0.0123), '12,3 ms');
    setLang('en');
  });
});
