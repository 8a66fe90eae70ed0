// The preprocessing steps of `ludolab parity` measured one by one: the default
// solver with every step, with each turned off alone (Oink's flag names), and
// with none, on the rn family (van Dijk's: N vertices, priorities 0..N, 1–2
// successors), the easy shape, Oink's counter families and Two Counters. Solve
// time as the CLI reports it (preprocessing included, reading excluded), each
// solution verified; and what the steps solved. Writes the table into
// BENCHMARKS.md (between its bench-parity steps markers) and
// target/bench-parity-steps.json.
//
//   node scripts/bench-parity-steps.mjs   (make bench-parity-steps)
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cli, generate, verticesOf, writeBetween } from './parity-files.mjs';


const games = [];
for (const seed of [1, 2, 3, 4, 5]) {
  const file = `target/parity/rn-100000-${seed}.pg`;
  generate(file, ['random', '--vertices', '100000', '--priorities', '100000', '--min-degree', '1', '--max-degree', '2', '--seed', String(seed)]);
  games.push({ game: `random 100,000, priorities 0..N, seed ${seed}`, file });
}
{
  const file = 'target/parity/easy-100000.pg';
  generate(file, ['random', '--vertices', '100000', '--priorities', '1000', '--min-degree', '2', '--max-degree', '5', '--seed', '1']);
  games.push({ game: 'random 100,000, priorities 0..1000, 2–5 successors', file });
}
for (const [family, n] of [['counter-rr', 10000], ['counter-dp', 10000], ['counter-m', 10000], ['counter-qpt', 10000], ['counter-core', 10000], ['two-counters', 100]]) {
  const file = `target/parity/${family}-${n}.pg`;
  generate(file, [family, '--size', String(n)]);
  games.push({ game: `${family} ${n}`, file });
}

const configs = [
  ['every step', []],
  ['--no-single', ['--no-single']],
  ['--no-loops', ['--no-loops']],
  ['--no-wcwc', ['--no-wcwc']],
  ['--no-compress', ['--no-compress']],
  ['--no-scc', ['--no-scc']],
  ['none', ['--no-single', '--no-loops', '--no-wcwc', '--no-compress', '--no-scc']],
];
const REPEATS = 3;

/** The median solve seconds of the default solver with `flags`, and what the steps did. */
function measure(file, flags) {
  const times = [];
  let pre;
  for (let i = 0; i < REPEATS; i++) {
    const r = spawnSync(cli, ['parity', '--file', file, '--check', '--json', ...flags], { encoding: 'utf8', maxBuffer: 1 << 28 });
    if (r.status !== 0) throw new Error(`${cli} parity --file ${file} ${flags.join(' ')}: ${r.stderr}`);
    const out = JSON.parse(r.stdout);
    if (out.verified !== true) throw new Error(`${file} ${flags.join(' ')}: not verified`);
    times.push(out.solve_seconds);
    pre = out.preprocessed;
  }
  times.sort((a, b) => a - b);
  return { seconds: times[Math.floor(times.length / 2)], pre };
}

const rows = [];
for (const { game, file } of games) {
  const times = {};
  let pre;
  for (const [name, flags] of configs) {
    const m = measure(file, flags);
    times[name] = m.seconds;
    if (name === 'every step') pre = m.pre;
  }
  const n = verticesOf(file);
  rows.push({ game, vertices: n, times, pre });
  console.error(game, JSON.stringify(times), JSON.stringify(pre));
}

const fmt = (s) => (s < 0.1 ? `${(s * 1000).toFixed(0)} ms` : `${s.toFixed(2)} s`);
const solved = (p) => (p.single_parity && p.left === 0 ? 'one parity'
  : `${p.self_loops.toLocaleString('en')} / ${p.cycles.toLocaleString('en')} (${p.on_cycles.toLocaleString('en')}) / ${p.attracted.toLocaleString('en')}; ${p.priorities.toLocaleString('en')} → ${p.compressed.toLocaleString('en')}`);
const table = [
  `Measured ${new Date().toISOString().slice(0, 10)} by \`make bench-parity-steps\`: the default solver's solve time (preprocessing included, reading excluded), median of ${REPEATS}, each solution verified; one thread. The last column is what every step did: vertices solved by their self-loop / winner-controlled winning cycles (their vertices) / vertices attracted to those; distinct priorities left → after compression.`,
  '',
  `| game | vertices | ${configs.map(([c]) => c).join(' | ')} | loops / cycles / attracted; priorities |`,
  `|---|---|${configs.map(() => '---').join('|')}|---|`,
  ...rows.map((r) => `| ${r.game} | ${r.vertices.toLocaleString('en')} | ${configs.map(([c]) => fmt(r.times[c])).join(' | ')} | ${solved(r.pre)} |`),
];
console.log(table.join('\n'));

writeBetween('bench-parity steps', table);
writeFileSync('target/bench-parity-steps.json', JSON.stringify({ rows }, null, 2));
