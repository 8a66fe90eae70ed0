// What the parity benchmarks share: the games they generate once into
// target/parity/ (by our CLI, which writes the games Oink's tools write), and
// their tables written into BENCHMARKS.md between markers.
import { spawnSync } from 'node:child_process';
import { writeFileSync, readFileSync, mkdirSync, existsSync } from 'node:fs';

export const cli = 'target/release/ludolab';

/** Writes `file` by `ludolab parity --generate …args` unless it is there. */
export function generate(file, args) {
  mkdirSync('target/parity', { recursive: true });
  if (existsSync(file)) return;
  const run = spawnSync(cli, ['parity', '--generate', ...args, '--output', file], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${cli} parity --generate ${args.join(' ')}: ${run.stderr}`);
}

/** The number of vertices of a game file (its header's largest id, plus one). */
export function verticesOf(file) {
  return Number(readFileSync(file, 'utf8').match(/^parity (\d+);/)[1]) + 1;
}

/** Replaces what BENCHMARKS.md holds between `<!-- marker -->` and `<!-- /marker -->`. */
export function writeBetween(marker, lines) {
  let doc = readFileSync('BENCHMARKS.md', 'utf8');
  const open = `<!-- ${marker} -->\n`;
  const close = `<!-- /${marker} -->`;
  const a = doc.indexOf(open);
  const b = doc.indexOf(close);
  if (a < 0 || b < a) throw new Error(`BENCHMARKS.md has no ${marker} markers`);
  doc = `${doc.slice(0, a + open.length)}${lines.join('\n')}\n${doc.slice(b)}`;
  writeFileSync('BENCHMARKS.md', doc);
}
