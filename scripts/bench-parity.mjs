// The parity-game benchmark: PGSolver-style random games of 10^3 to 10^6
// vertices (priorities 0..1000, 2-5 successors, seed 1) and Friedmann's
// recursive ladders, both solvers. Natively each run is a whole process of the
// release CLI (--check: the solution is verified in the same run); in the
// browser, the in-browser bench's parity cases (scripts/bench-web.mjs with
// BENCH_ONLY=parity, on the built dist/). Writes both tables into BENCHMARKS.md
// (between its bench-parity markers) and target/bench-parity.json.
//
//   node scripts/bench-parity.mjs [--sizes 1000,10000,100000,1000000] [--runs 3] [--no-browser]
import { spawnSync } from 'node:child_process';
import { writeFileSync, readFileSync, mkdirSync, existsSync } from 'node:fs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const sizes = arg('--sizes', '1000,10000,100000,1000000').split(',').map(Number);
const runs = Number(arg('--runs', '3'));
const cli = 'target/release/ludolab';
mkdirSync('target/parity', { recursive: true });

function cliRun(args) {
  const started = process.hrtime.bigint();
  const run = spawnSync(cli, ['parity', ...args, '--whole'], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  if (run.status !== 0) throw new Error(`${cli} parity ${args.join(' ')}: ${run.stderr}`);
  return { wall, stdout: run.stdout };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
function measure(label, vertices, file, solver) {
  const all = [];
  for (let k = 0; k < runs; k++) {
    const { wall, stdout } = cliRun(['--file', file, '--solver', solver, '--check', '--json']);
    const a = JSON.parse(stdout);
    if (a.verified !== true) throw new Error(`${label} ${solver}: not verified`);
    all.push({ wall, solve: a.solve_seconds, read: a.read_seconds, mb: a.peak_memory_mb ?? null, even: a.won_by_even.length });
  }
  const row = {
    game: label, vertices, solver,
    process_s: median(all.map((r) => r.wall)),
    read_s: median(all.map((r) => r.read)),
    solve_s: median(all.map((r) => r.solve)),
    peak_mb: median(all.map((r) => r.mb ?? 0)),
    won_by_even: all[0].even,
  };
  rows.push(row);
  console.error(`${label} ${solver}: solve ${row.solve_s.toFixed(4)} s, process ${row.process_s.toFixed(3)} s, ${row.peak_mb.toFixed(0)} MB`);
}

for (const n of sizes) {
  const file = `target/parity/random-${n}.pg`;
  if (!existsSync(file)) {
    cliRun(['--generate', 'random', '--vertices', String(n), '--priorities', '1000', '--min-degree', '2', '--max-degree', '5', '--seed', '1', '--output', file]);
  }
  for (const solver of ['zielonka', 'promotion']) measure(`random ${n}`, n, file, solver);
}
for (const [n, solvers] of [[20, ['zielonka', 'promotion']], [24, ['zielonka', 'promotion']], [28, ['zielonka', 'promotion']], [32, ['zielonka', 'promotion']], [40, ['promotion']], [10000, ['promotion']]]) {
  const file = `target/parity/recursive-ladder-${n}.pg`;
  if (!existsSync(file)) cliRun(['--generate', 'recursive-ladder', '--size', String(n), '--output', file]);
  for (const solver of solvers) measure(`recursive ladder ${n}`, 5 * n, file, solver);
}

const fmt = (s) => (s < 0.01 ? `${(s * 1000).toFixed(2)} ms` : `${s.toFixed(3)} s`);
const lines = [
  '| game | vertices | solver | solve | whole process (read, solve, verify, write) | peak memory |',
  '|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.game} | ${r.vertices.toLocaleString('en')} | ${r.solver} | ${fmt(r.solve_s)} | ${fmt(r.process_s)} | ${r.peak_mb.toFixed(0)} MB |`),
];
console.log(lines.join('\n'));

let browser = null;
if (!process.argv.includes('--no-browser')) {
  const webOut = 'target/bench-parity-web.json';
  const web = spawnSync('node', ['scripts/bench-web.mjs'], {
    env: { ...process.env, BENCH_ONLY: 'parity', LUDOLAB_BENCH_OUT: webOut }, stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (web.status !== 0) throw new Error('the in-browser bench failed');
  const results = JSON.parse(readFileSync(webOut, 'utf8')).results.filter((r) => r.name.startsWith('parity/'));
  const ms = (x) => (x < 1000 ? `${x.toFixed(1)} ms` : `${(x / 1000).toFixed(2)} s`);
  browser = [
    '| case | page solve (generate, solve, verify; median) | solve alone | worker memory (peak so far) | cost estimate / measured |',
    '|---|---|---|---|---|',
    ...results.map((r) => `| ${r.name.slice(7)} | ${ms(r.median_ms)} | ${ms(r.solve_ms)} | ${r.wasm_memory_mb.toFixed(0)} MB | ${r.estimate_ratio.toFixed(2)} |`),
  ];
  console.log(browser.join('\n'));
}

// The tables go between their markers in BENCHMARKS.md.
let doc = readFileSync('BENCHMARKS.md', 'utf8');
const put = (name, table) => {
  const open = `<!-- bench-parity ${name} -->\n`;
  const close = `<!-- /bench-parity ${name} -->`;
  const a = doc.indexOf(open);
  const b = doc.indexOf(close);
  if (a < 0 || b < a) throw new Error(`BENCHMARKS.md has no ${name} markers`);
  doc = `${doc.slice(0, a + open.length)}${table.join('\n')}\n${doc.slice(b)}`;
};
put('native', lines);
if (browser) put('browser', browser);
writeFileSync('BENCHMARKS.md', doc);
writeFileSync('target/bench-parity.json', JSON.stringify({ runs, rows }, null, 2));
