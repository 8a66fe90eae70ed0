// The Connect Four benchmark, natively: Pons' shared sample set by set (one
// table per set, kept between positions as his benchmark does) and every empty
// board 4..7 × 4..6 (its score alone), with the release CLI, on one thread and on two (`--threads`:
// the threads divide the tree, ABDADA), one after the other in one run. Prints a
// Markdown table for BENCHMARKS.md and writes target/bench-connect4.json.
//
//   node scripts/bench-connect4.mjs [--sets L3_R1,L2_R1,...] [--boards 7x6,6x6|none] [--threads 1,2] [--time-limit S] [--c4-boards 7x6] [--page]
//
// Begin-Hard (Test_L1_R3) takes minutes per position: it runs only when named.
//
// Beside Steininger's c4 in the same run when C4_SRC names a checkout of
// github.com/ChristopheSteininger/c4: the script builds it with g++ as its
// CMake preset does (-O3 -flto, NDEBUG; its board and thread count are
// compile-time settings, so one build per board and thread count, under
// target/c4/; its table as shipped, 2^27 entries, 1 GB) and runs it on each of
// --c4-boards (7x6 by default) right after ours on the same thread count.
// --page also times the page's worker on 7 × 6 from the empty board (the
// in-browser bench's case; needs the built site: `make dist`).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync, cpSync, existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
const c4Src = process.env.C4_SRC;
const c4Boards = arg('--c4-boards', '7x6').split(',').filter((b) => b && b !== 'none');
const page = process.argv.includes('--page');

/** Every .cpp file under `dir`. */
function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.cpp') ? [path] : [];
  });
}

/** c4 built for a w × h board and t threads (once; kept under target/c4/). */
function buildC4(w, h, t) {
  const dir = `target/c4/${w}x${h}-t${t}`;
  const exe = join(dir, 'c4');
  if (existsSync(exe)) return exe;
  cpSync(join(c4Src, 'src'), join(dir, 'src'), { recursive: true });
  const settings = join(dir, 'src/solver/settings.h');
  const text = readFileSync(settings, 'utf8')
    .replace(/BOARD_WIDTH = \d+;/, `BOARD_WIDTH = ${w};`)
    .replace(/BOARD_HEIGHT = \d+;/, `BOARD_HEIGHT = ${h};`)
    .replace(/NUM_THREADS = \d+;/, `NUM_THREADS = ${t};`);
  writeFileSync(settings, text);
  const files = [...sources(join(dir, 'src/solver')), join(dir, 'src/c4.cpp')];
  const run = spawnSync('g++', ['-std=c++20', '-O3', '-flto', '-DNDEBUG', '-pthread', ...files, '-o', exe], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`building c4: ${run.stderr}`);
  return exe;
}

/** c4's strong solve of the empty board: its score, seconds and node count. */
function runC4(exe) {
  const run = spawnSync(exe, [], { input: '\n', encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`${exe}: ${run.stderr}`);
  const number = (re) => Number(run.stdout.match(re)?.[1].replace(/,/g, ''));
  return { score: number(/Final strong score is (-?\d+)/), seconds: number(/Time to solve\s*=\s*([\d.,]+) s/), nodes: number(/Total\s*=\s*([\d,]+)/) };
}

function solve(args, input) {
  const run = spawnSync(cli, ['connect4', '--json', ...args], { input, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`${cli} ${args.join(' ')}: ${run.stderr}`);
  return run.stdout.trim().split('\n').map((l) => JSON.parse(l));
}

const out = { sets: [], boards: [], c4: [] };
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
    // The score alone (a batch of one line, the empty board), as c4 and Pons' tools solve it.
    const [a] = solve(['--batch', '--width', w, '--height', h, '--threads', String(t), '--time-limit', timeLimit], '\n');
    out.boards.push({ board: b, threads: t, score: a.score, bounds: a.bounds, seconds: a.seconds, nodes: a.nodes, nodes_per_s: a.nodes / a.seconds });
    console.error(`${b} on ${t} thread(s): score ${a.score} in ${a.seconds.toFixed(2)} s, ${a.nodes} nodes`);
    if (c4Src && c4Boards.includes(b)) {
      const c = runC4(buildC4(w, h, t));
      out.c4.push({ board: b, threads: t, ...c, ours_seconds: a.seconds, ours_score: a.score });
      console.error(`${b} on ${t} thread(s), c4: score ${c.score} in ${c.seconds.toFixed(2)} s, ${c.nodes} nodes`);
      if (c.score !== a.score) throw new Error(`${b}: c4 says ${c.score}, ours ${a.score}`);
    }
  }
}
if (page) {
  const name = 'connect4/7×6 from the empty board, its score';
  const file = 'target/bench-connect4-page.json';
  const run = spawnSync('node', ['scripts/bench-web.mjs'], {
    env: { ...process.env, BENCH_ONLY: `^${name}$`, LUDOLAB_BENCH_OUT: file },
    encoding: 'utf8', stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (run.status !== 0) throw new Error('the in-browser bench failed');
  const row = JSON.parse(readFileSync(file, 'utf8')).results.find((r) => r.name === name);
  out.page = { board: '7x6', seconds: row.median_ms / 1000 };
  console.error(`7x6 in the page (one worker): ${out.page.seconds.toFixed(1)} s`);
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
if (out.c4.length) {
  console.log('\nBeside c4 (its strong solve, its table of 1 GB; its nodes are counted its own way: forced moves played without a node), each right after ours:\n');
  console.log('| board | threads | ours | c4 | ours ÷ c4 | c4 nodes |');
  console.log('|---|---|---|---|---|---|');
  for (const r of out.c4) console.log(`| ${r.board.replace('x', ' × ')} | ${r.threads} | ${fmt(r.ours_seconds, 2)} s | ${fmt(r.seconds, 2)} s | ${fmt(r.ours_seconds / r.seconds, 2)} | ${fmt(r.nodes)} |`);
}
if (out.page) console.log(`\n7 × 6 from the empty board in the page (one worker, its score): ${fmt(out.page.seconds, 1)} s`);
