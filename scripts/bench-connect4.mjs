// The Connect Four benchmark, natively: Pons' shared sample set by set (one
// table per set, kept between positions as his benchmark does) and every empty
// board 4..7 × 4..6, with the release CLI, on one thread and on two (`--threads`:
// the threads divide the tree, ABDADA), one after the other in one run. Prints a
// Markdown table for BENCHMARKS.md and writes target/bench-connect4.json.
//
//   node scripts/bench-connect4.mjs [--sets L3_R1,L2_R1,...] [--boards 7x6,6x6|none] [--threads 1,2] [--time-limit S]
//
// Begin-Hard (Test_L1_R3) takes minutes per position: it runs only when named.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const sample = JSON.parse(readFileSync('tests/data/connect4_pons_sample.json', 'utf8'));
const sets = arg('--sets', 'L3_R1,L2_R1,L2_R2,L1_R1,L1_R2').split(',').filter(Boolean).map((s) => `Test_${s}`);
const allBoards = [];
for (let w = 4; w <= 7; w++) for (let h = 4; h <= 6; h++) allBoards.push(`${w}x${h}`);
const boards = arg('--boards', allBoards.join(',')).split(',').filter((b) => b && b !== 'none');
const timeLimit = arg('--time-limit', '1800');
const threads = arg('--threads', '1,2').split(',').filter(Boolean).map(Number);
const cli = 'target/release/ludolab';

function solve(args, input) {
  const run = spawnSync(cli, ['connect4', '--json', ...args], { input, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`${cli} ${args.join(' ')}: ${run.stderr}`);
  return run.stdout.trim().split('\n').map((l) => JSON.parse(l));
}

const out = { sets: [], boards: [] };
for (const name of sets) {
  const set = sample.sets[name];
  const input = set.positions.map((p) => `${p.moves}\n`).join('');
  const answers = solve(['--batch', '--time-limit', timeLimit], input);
  const wrong = answers.filter((a, k) => a.score !== set.positions[k].score).length;
  const n = answers.length;
  const seconds = answers.reduce((s, a) => s + a.seconds, 0);
  const nodes = answers.reduce((s, a) => s + a.nodes, 0);
  const pons = set.positions.reduce((s, p) => s + p.pons_nodes, 0) / n;
  const row = { set: name, blog: set.blog_name, positions: n, wrong, mean_us: (seconds / n) * 1e6, mean_nodes: nodes / n, pons_nodes: pons, nodes_per_s: nodes / seconds };
  out.sets.push(row);
  console.error(`${name} ${set.blog_name}: ${row.mean_us.toFixed(1)} µs, ${row.mean_nodes.toFixed(0)} nodes (Pons ${pons.toFixed(0)}), ${wrong} wrong`);
}
for (const b of boards) {
  const [w, h] = b.split('x');
  for (const t of threads) {
    const [a] = solve(['--width', w, '--height', h, '--threads', String(t), '--time-limit', timeLimit]);
    out.boards.push({ board: b, threads: t, score: a.score, bounds: a.bounds, seconds: a.seconds, nodes: a.nodes, nodes_per_s: a.nodes / a.seconds });
    console.error(`${b} on ${t} thread(s): score ${a.score} in ${a.seconds.toFixed(2)} s, ${a.nodes} nodes`);
  }
}
mkdirSync('target', { recursive: true });
writeFileSync('target/bench-connect4.json', JSON.stringify(out, null, 2));

const fmt = (x, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const time = (us) => (us >= 1e6 ? `${fmt(us / 1e6, 2)} s` : us >= 1e3 ? `${fmt(us / 1e3, 2)} ms` : `${fmt(us, 1)} µs`);
console.log('| set | positions | wrong | mean time | mean nodes | Pons nodes | nodes/s |');
console.log('|---|---|---|---|---|---|---|');
for (const r of out.sets) console.log(`| ${r.blog} (${r.set}) | ${r.positions} | ${r.wrong} | ${time(r.mean_us)} | ${fmt(r.mean_nodes)} | ${fmt(r.pons_nodes)} | ${fmt(r.nodes_per_s / 1e6, 1)} M |`);
console.log('\n| board | threads | score | time | nodes (all threads) | nodes/s |');
console.log('|---|---|---|---|---|---|');
for (const r of out.boards) console.log(`| ${r.board.replace('x', ' × ')} | ${r.threads} | ${r.score ?? `not solved (${r.bounds.join('..')})`} | ${fmt(r.seconds, 2)} s | ${fmt(r.nodes)} | ${fmt(r.nodes_per_s / 1e6, 1)} M |`);
