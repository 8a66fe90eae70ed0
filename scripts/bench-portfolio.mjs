// The default parity solver (the portfolio) beside each of its members, in one
// run, on the set the issue names: the family that separates solvers at 10^5
// vertices (seeds 1-5) and at 10^6 (seed 1), Oink's counter families at 1,000 and
// 10,000, Two Counters 100 and 200. Each run is a whole process of the release CLI
// with its solution verified (`--check`), stopped after the timeout (a member:
// after twice the slower portfolio run, at least 5 s). The portfolio
// runs twice: on every core (its members side by side, portfolio.rs) and bound to
// one core by taskset (its members in turn, as before). Writes the table into
// BENCHMARKS.md (between its bench-portfolio markers) and target/bench-portfolio.json.
//
// Each cell is the median of --runs runs (3; one for the game of 10^6 vertices):
// a run of a few milliseconds moves by half from one process to the next.
//
//   node scripts/bench-portfolio.mjs [--runs 3] [--timeout 120] [--large-timeout 400] [--no-large]
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { cli, generate, verticesOf, writeBetween } from './parity-files.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const timeout = Number(arg('--timeout', '120'));
const largeTimeout = Number(arg('--large-timeout', '400'));
const runs = Number(arg('--runs', '3'));
const members = ['recursive-tangle', 'zielonka', 'tangle'];

const games = [];
const rn = (n, seed, limit) => {
  const file = `target/parity/rn-${n}-${seed}.pg`;
  generate(file, ['random', '--vertices', String(n), '--priorities', String(n), '--min-degree', '1', '--max-degree', '2', '--seed', String(seed)]);
  games.push({ game: `random ${n.toLocaleString('en')}, seed ${seed}`, file, limit, runs: n > 100000 ? 1 : runs });
};
for (const seed of [1, 2, 3, 4, 5]) rn(100000, seed, timeout);
if (!process.argv.includes('--no-large')) rn(1000000, 1, largeTimeout);
for (const n of [1000, 10000]) {
  for (const family of ['counter-rr', 'counter-dp', 'counter-m', 'counter-qpt', 'counter-core']) {
    const file = `target/parity/${family}-${n}.pg`;
    generate(file, [family, '--size', String(n)]);
    games.push({ game: `${family} ${n}`, file, limit: timeout, runs });
  }
}
for (const n of [100, 200]) {
  const file = `target/parity/two-counters-${n}.pg`;
  generate(file, ['two-counters', '--size', String(n)]);
  games.push({ game: `two-counters ${n}`, file, limit: timeout, runs });
}

/** The median of `count` whole processes: [seconds, the solver that finished], or null past the limit. */
function run(prefix, solver, file, limit, count) {
  const all = [];
  for (let k = 0; k < count; k++) {
    const one = runOnce(prefix, solver, file, limit);
    if (one === null) return null;
    all.push(one);
  }
  all.sort((a, b) => a[0] - b[0]);
  return all[Math.floor(all.length / 2)];
}

/** One whole process: [seconds, the solver that finished], or null past the limit. */
function runOnce(prefix, solver, file, limit) {
  const [command, ...args] = [...prefix, cli, 'parity', '--file', file, '--solver', solver, '--check', '--json'];
  const started = process.hrtime.bigint();
  const r = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 28, timeout: Math.ceil(limit * 1000), killSignal: 'SIGKILL' });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  if (r.error?.code === 'ETIMEDOUT' || r.signal) return null;
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${r.stderr}`);
  const out = JSON.parse(r.stdout);
  if (out.verified !== true) throw new Error(`${file} ${solver}: not verified`);
  return [wall, out.finished_by];
}

const rows = [];
for (const { game, file, limit, runs: count } of games) {
  const times = {};
  times.portfolio = run([], 'portfolio', file, limit, count);
  times['portfolio, one core'] = run(['taskset', '-c', '0'], 'portfolio', file, limit, count);
  // A member is timed up to twice the slower portfolio run (at least 5 s): past
  // that it cannot be the best, and Zielonka's algorithm would take hours on the
  // counter families.
  const slower = Math.max(...['portfolio', 'portfolio, one core'].map((c) => times[c]?.[0] ?? limit));
  const memberLimit = Math.min(limit, Math.max(5, 2 * slower));
  for (const m of members) times[m] = run([], m, file, memberLimit, count);
  rows.push({ game, vertices: verticesOf(file), times, limit, memberLimit });
  console.error(game, JSON.stringify(times));
}

const fmt = (t, limit) => (t === null ? `> ${limit < 10 ? limit.toFixed(1) : limit.toFixed(0)} s` : t[0] < 0.1 ? `${(t[0] * 1000).toFixed(0)} ms` : `${t[0].toFixed(2)} s`);
const columns = ['portfolio', 'portfolio, one core', ...members];
const table = [
  `Measured ${new Date().toISOString().slice(0, 10)}, ${availableParallelism()} cores, the median of ${runs} runs (one at 10⁶ vertices), whole process with verification (\`ludolab parity --file F --solver S --check --json\`), each member alone and the portfolio on every core (its members side by side; which finished in brackets) and on one (\`taskset -c 0\`: in turn).`,
  '',
  `| game | vertices | ${columns.join(' | ')} | portfolio ÷ best member |`,
  `|---|---|${columns.map(() => '---').join('|')}|---|`,
  ...rows.map((r) => {
    const best = Math.min(...members.map((m) => r.times[m]?.[0] ?? Infinity));
    const p = r.times.portfolio;
    const ratio = p === null ? 'timed out' : Number.isFinite(best) ? `${(p[0] / best).toFixed(2)}×` : 'members timed out';
    const cell = (c) => fmt(r.times[c], c.startsWith('portfolio') ? r.limit : r.memberLimit) + (c.startsWith('portfolio') && r.times[c] ? ` (${r.times[c][1]})` : '');
    return `| ${r.game} | ${r.vertices.toLocaleString('en')} | ${columns.map(cell).join(' | ')} | ${ratio} |`;
  }),
];
console.log(table.join('\n'));
writeBetween('bench-portfolio', table);
writeFileSync('target/bench-portfolio.json', JSON.stringify({ timeout, largeTimeout, rows }, null, 2));
