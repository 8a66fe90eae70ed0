// Parity games side by side with Oink, in one run, on the same files: the
// family that separates solvers (van Dijk, CAV 2018: N vertices, priorities 0..N,
// 1–2 successors; `rngame N N 1 2`), Oink's counter families and Two Counters
// (our generators write the games Oink's tools write for the same n). Each run
// is a whole process with its solution verified (ours `--check`, Oink's `-v`),
// one thread, stopped after the timeout. Writes the table into BENCHMARKS.md
// (between its bench-parity oink markers) and target/bench-parity-oink.json.
//
//   OINK_EXE=/path/to/oink [OINK_LABEL="Oink <commit>"] node scripts/bench-parity-oink.mjs
//     [--seeds 1,2,3,4,5] [--vertices 100000] [--timeout 30]
// (`make bench-parity` runs it when OINK_EXE is set; Oink is built from
// github.com/trolando/oink with cmake, its README.)
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cli, generate, verticesOf, writeBetween } from './parity-files.mjs';

const oink = process.env.OINK_EXE;
if (!oink) throw new Error('OINK_EXE must name a build of Oink');
const label = process.env.OINK_LABEL ?? `Oink (${oink})`;
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const seeds = arg('--seeds', '1,2,3,4,5').split(',').map(Number);
const vertices = Number(arg('--vertices', '100000'));
const timeout = Number(arg('--timeout', '30'));

const games = [];
for (const seed of seeds) {
  const file = `target/parity/rn-${vertices}-${seed}.pg`;
  generate(file, ['random', '--vertices', String(vertices), '--priorities', String(vertices), '--min-degree', '1', '--max-degree', '2', '--seed', String(seed)]);
  games.push({ game: `random ${vertices.toLocaleString('en')}, seed ${seed}`, file });
}
for (const [family, n] of [['counter-rr', 1000], ['counter-dp', 1000], ['counter-m', 1000], ['counter-core', 1000], ['two-counters', 100]]) {
  const file = `target/parity/${family}-${n}.pg`;
  generate(file, [family, '--size', String(n)]);
  games.push({ game: `${family} ${n}`, file });
}
// The larger sizes the issue names, run by the tangle learners only (the
// others need minutes from size 30 on), Two Counters 200 with a longer timeout.
const learners = ['portfolio', 'tangle', 'recursive-tangle', 'tl', 'rtl'];
for (const family of ['counter-rr', 'counter-dp', 'counter-m', 'counter-qpt', 'counter-core']) {
  const file = `target/parity/${family}-10000.pg`;
  generate(file, [family, '--size', '10000']);
  games.push({ game: `${family} 10000`, file, only: learners });
}
{
  const file = 'target/parity/two-counters-200.pg';
  generate(file, ['two-counters', '--size', '200']);
  games.push({ game: 'two-counters 200', file, only: ['portfolio', 'recursive-tangle', 'rtl'], timeout: 300 });
}

const ours = ['portfolio', 'tangle', 'recursive-tangle', 'promotion', 'zielonka'];
const theirs = ['tl', 'rtl', 'npp', 'zlk'];

/** Runs one solver on one file: whole-process seconds, or null past the timeout. */
function run(command, args, verified, limit = timeout) {
  const started = process.hrtime.bigint();
  const r = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 28, timeout: limit * 1000, killSignal: 'SIGKILL' });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  if (r.error?.code === 'ETIMEDOUT' || r.signal) return null;
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${r.stderr}`);
  if (!verified(r.stdout + r.stderr)) throw new Error(`${command} ${args.join(' ')}: not verified`);
  return wall;
}

const rows = [];
for (const { game, file, only, timeout: limit = timeout } of games) {
  const times = {};
  for (const solver of ours) {
    if (only && !only.includes(solver)) continue;
    times[`ours ${solver}`] = run(cli, ['parity', '--file', file, '--solver', solver, '--check', '--json'], (out) => JSON.parse(out).verified === true, limit);
  }
  for (const solver of theirs) {
    if (only && !only.includes(solver)) continue;
    times[`Oink ${solver}`] = run(oink, [`--${solver}`, '-v', file], (out) => /solution verified/.test(out), limit);
  }
  const n = verticesOf(file);
  rows.push({ game, vertices: n, times, limit });
  console.error(game, JSON.stringify(times));
}

const fmt = (s, limit) => (s === undefined ? '—' : s === null ? `> ${limit} s` : s < 0.1 ? `${(s * 1000).toFixed(0)} ms` : `${s.toFixed(2)} s`);
const best = (times, side) => {
  const xs = Object.entries(times).filter(([k, v]) => k.startsWith(side) && v !== null).map(([, v]) => v);
  return xs.length ? Math.min(...xs) : null;
};
const columns = [...ours.map((s) => `ours ${s}`), ...theirs.map((s) => `Oink ${s}`)];
const table = [
  `Measured ${new Date().toISOString().slice(0, 10)}, ${label}, whole process with verification, one thread, timeout ${timeout} s (Two Counters 200: 300 s); — not run.`,
  '',
  `| game | vertices | ${columns.join(' | ')} | best ours / best Oink |`,
  `|---|---|${columns.map(() => '---').join('|')}|---|`,
  ...rows.map((r) => {
    const a = best(r.times, 'ours');
    const b = best(r.times, 'Oink');
    const ratio = a !== null && b !== null ? `${(a / b).toFixed(2)}×` : a === null ? 'ours timed out' : 'Oink timed out';
    return `| ${r.game} | ${r.vertices.toLocaleString('en')} | ${columns.map((c) => fmt(r.times[c], r.limit)).join(' | ')} | ${ratio} |`;
  }),
];
console.log(table.join('\n'));

writeBetween('bench-parity oink', table);
writeFileSync('target/bench-parity-oink.json', JSON.stringify({ label, timeout, rows }, null, 2));
