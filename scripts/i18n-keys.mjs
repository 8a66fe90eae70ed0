// The English strings the page translates: every literal first argument of
// t(…) / tr(…) in www/ (literals joined by + included), and the data-i18n*
// attributes of index.html. Used by the language test; run directly, it prints
// the keys that www/fr.js lacks.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const WWW = fileURLToPath(new URL('../www/', import.meta.url));

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    if (d.name === 'pkg' || d.name === 'fr.js') return [];
    const path = join(dir, d.name);
    return d.isDirectory() ? sources(path) : d.name.endsWith('.js') ? [path] : [];
  });
}

const LITERAL = String.raw`'(?:[^'\\\n]|\\.)*'`;
const CALL = new RegExp(String.raw`\b(?:t|tr)\(\s*(${LITERAL}(?:\s*\+\s*${LITERAL})*)\s*[,)]`, 'g');

/** Map of English key → the files using it. */
export function keys() {
  const found = new Map();
  const add = (key, file) => found.set(key, [...(found.get(key) ?? []), file]);
  for (const file of sources(WWW)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(CALL)) {
      // The literals are plain single-quoted JS strings: evaluate their concatenation.
      const key = m[1].match(new RegExp(LITERAL, 'g')).map((l) => JSON.parse(`"${l.slice(1, -1).replaceAll('"', '\\"').replaceAll("\\'", "'")}"`)).join('');
      add(key, file.slice(WWW.length));
    }
  }
  const html = readFileSync(join(WWW, 'index.html'), 'utf8');
  for (const m of html.matchAll(/data-i18n(?:-title|-label)?="([^"]*)"/g)) add(m[1].replaceAll('&amp;', '&'), 'index.html');
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { FR } = await import('../www/fr.js');
  const all = keys();
  const missing = [...all.keys()].filter((k) => !(k in FR));
  const unused = Object.keys(FR).filter((k) => !all.has(k));
  for (const k of missing) console.log(JSON.stringify(k));
  console.error(`${all.size} keys, ${missing.length} without French, ${unused.length} French entries unused`);
  for (const k of unused) console.error(`unused: ${JSON.stringify(k)}`);
}
