// In-browser benchmark: times solvers inside the worker over several runs.
// `make bench-web` opens it headless and writes window.__bench to target/bench.json.
import { fetchFamily } from './core.js';
import { SolverClient } from './solver-client.js';
import { el } from './dom.js';

// Each case is a whole analysis in the worker, as the page runs it (P and E by
// the method, termination, one player, the race, surprises, the rules table).
const CASES = [
  { name: 'snakes/audet (distributions)', query: 'game=snakes&v=1&preset=audet' },
  { name: 'snakes/audet (series)', query: 'game=snakes&v=1&preset=audet&method=series' },
  { name: 'snakes/audet (vectorised)', query: 'game=snakes&v=1&preset=audet&method=vectorised', runs: 3, warmup: 1 },
  { name: 'snakes/audet, race of 6 players (distributions)', query: 'game=snakes&v=1&preset=audet&players=6' },
  { name: 'snakes/milton-bradley (distributions)', query: 'game=snakes&v=1&preset=milton-bradley' },
  { name: 'snakes/grid1 (distributions, with fractions)', query: 'game=snakes&v=1&preset=grid1' },
  { name: 'snakes/random n=1000 seed 1 (distributions)', random: [1000, 1], runs: 5, warmup: 1 },
  { name: 'snakes/milton-bradley with exact=yes (expected rolls as a fraction)', query: 'game=snakes&v=1&preset=milton-bradley&exact=yes' },
  { name: 'snakes/random n=20 seed 2, exact P+E (method exact)', random: [20, 2], extra: '&method=exact', runs: 3, warmup: 1 },
  { name: 'snakes/20 squares, snakes 19→1, 18→2, 16→1, 13→2: exact P+E (170-digit denominators)', query: 'game=snakes&v=1&squares=20&snake=19:1,18:2,16:1,13:2&method=exact', runs: 3, warmup: 1 },
  { name: 'orchard/default game with exact=yes (four strategies as fractions)', query: 'game=orchard&v=1&trees=4&fruits=10&crows=9&strategy=max&exact=yes', runs: 3, warmup: 1 },
  { name: 'orchard/8 trees × 8 fruits, 9 crows, exact=yes (the four strategies as fractions, 115,830 positions)', query: 'game=orchard&v=1&trees=8&fruits=8&crows=9&strategy=max&exact=yes', runs: 1, warmup: 0 },
  { name: 'orchard/4 trees × 20 fruits, 9 crows, exact=yes (95,634 positions)', query: 'game=orchard&v=1&trees=4&fruits=20&crows=9&strategy=max&exact=yes', runs: 1, warmup: 0 },
  { name: 'dice/sequential D=6 N=40 with exact=yes (EG as fractions)', query: 'game=dice&v=1&mode=sequential&dice=6&target=40&exact=yes', runs: 3, warmup: 1 },
  { name: 'dice/sequential D=10 N=100 with the exact Table 1', query: 'game=dice&v=1&mode=sequential&dice=10&target=100' },
  { name: 'dice/sequential D=10 N=1000 with the exact Table 1', query: 'game=dice&v=1&mode=sequential&dice=10&target=1000', runs: 3, warmup: 1 },
  { name: 'dice/one-turn LP D=10', query: 'game=dice&v=1&mode=one-turn&dice=10' },
  { name: 'dice/simultaneous multi-turn D=10 N=100', query: 'game=dice&v=1&mode=simultaneous&dice=10&target=100', runs: 5, warmup: 1 },
  // The sequential solve with a single (blind vs blind) comparison: about the solve alone.
  { name: 'dice/sequential D=10 N=100, one comparison', query: 'game=dice&v=1&mode=compare&dice=10&target=100&first=blind' },
  { name: 'dice/sequential D=10 N=1000, one comparison', query: 'game=dice&v=1&mode=compare&dice=10&target=1000&first=blind', runs: 3, warmup: 1 },
  { name: 'orchard/default game 4×10, 9 crows: the four strategies, by roll, the page’s whole analysis', query: 'game=orchard&v=1&trees=4&fruits=10&crows=9&strategy=max' },
  { name: 'orchard/8 trees × 20 fruits × 20 crows, optimal (P and E)', query: 'game=orchard&v=1&trees=8&fruits=20&crows=20&strategy=optimal', task: 'value', runs: 3, warmup: 1 },
  { name: 'orchard/sweep 1–8 trees × 1–20 fruits at 9 crows, max', query: 'game=orchard&v=1&trees=4&fruits=10&crows=9&strategy=max', task: 'sweep', runs: 3, warmup: 1 },
  { name: 'orchard/fewest crows for P > 1/2, 1–8 trees × 1–20 fruits (up to 40 crows), max', query: 'game=orchard&v=1&trees=4&fruits=10&crows=9&strategy=max', task: 'min-crows', runs: 3, warmup: 1 },
  { name: 'arena/Chomp 10×10: graph of 369,508 vertices, both attractors, first moves', query: 'game=graphs&v=1&kind=chomp&rows=10&cols=10', runs: 3, warmup: 1 },
  { name: 'arena/Chomp 12×12: first moves by direct recursion over 2,704,156 boards', query: 'game=graphs&v=1&kind=chomp&rows=12&cols=12', runs: 3, warmup: 1 },
  { name: 'arena/Chomp 11×11: first moves by direct recursion over 705,432 boards', query: 'game=graphs&v=1&kind=chomp&rows=11&cols=11', runs: 3, warmup: 1 },
  { name: 'arena/Chomp 5×40: first moves by direct recursion', query: 'game=graphs&v=1&kind=chomp&rows=5&cols=40', runs: 3, warmup: 1 },
  { name: 'arena/Chomp 4×3, the seed’s arena, drawn', query: 'game=graphs&v=1&kind=chomp&rows=4&cols=3' },
  { name: 'arena/stick game, 10^6 sticks: 2,000,002 vertices, both attractors', query: 'game=graphs&v=1&kind=subtraction&sticks=1000000&take=1%2C2%2C3&misere=yes', runs: 3, warmup: 1 },
  { name: 'arena/the seed’s stick game, 9 sticks, drawn', query: 'game=graphs&v=1&kind=subtraction&sticks=9&take=1%2C2%2C3&misere=yes' },
  { name: 'arena/typed arena with a cycle, drawn', query: 'game=graphs&v=1&kind=edges' },
  { name: 'impartial/0.16 G(0..=10^6), period 149,459 proven', query: 'game=impartial&v=1&mode=octal&code=0.16&up_to=1000000', runs: 3, warmup: 1 },
  { name: 'impartial/subtraction {1,3,4} to 10^6', query: 'game=impartial&v=1&mode=subtraction&set=1%2C3%2C4&up_to=1000000', runs: 3, warmup: 1 },
  { name: 'impartial/Nim, the seed’s heaps', query: 'game=impartial&v=1&mode=nim' },
  { name: 'impartial/peg solitaire, all lines to 20 holes', query: 'game=impartial&v=1&mode=solitaire', runs: 3, warmup: 1 },
  { name: 'orchard/8 trees × 20 fruits × 20 crows, optimal: the page’s whole analysis', query: 'game=orchard&v=1&trees=8&fruits=20&crows=20&strategy=optimal', runs: 1, warmup: 0 },
  { name: 'dice/variant D=10 N=100', query: 'game=dice&v=1&mode=variant&dice=10&target=100', runs: 3, warmup: 1 },
  { name: 'dice/variant D=10 N=1000', query: 'game=dice&v=1&mode=variant&dice=10&target=1000', runs: 1, warmup: 0 },
  { name: 'dice/compare D=30 N=1000 with 10^6 simulated games', query: 'game=dice&v=1&mode=compare&dice=30&target=1000&simulate=1000000', runs: 1, warmup: 0 },
  { name: 'dice/simultaneous multi-turn D=15 N=200', query: 'game=dice&v=1&mode=simultaneous&dice=15&target=200', runs: 1, warmup: 0 },
  { name: 'impartial/Kayles G(0..=10^5), period and proof', query: 'game=impartial&v=1&mode=octal&code=0.77&up_to=100000', runs: 5, warmup: 1 },
  { name: 'impartial/0.16 G(0..=10^5), sparse space alone', query: 'game=impartial&v=1&mode=octal&code=0.16&up_to=100000', runs: 3, warmup: 1 },
  { name: 'impartial/node-Kayles on a random 30-vertex graph', query: 'game=impartial&v=1&mode=graph&edges=' + encodeURIComponent('30: 0-4,0-7,0-9,0-11,0-12,0-22,1-6,1-7,1-29,2-16,2-24,2-28,3-8,3-26,4-10,4-19,4-20,4-24,4-25,4-29,5-17,5-23,5-28,6-27,6-28,7-26,9-12,10-19,10-22,12-25,12-27,14-19,14-22,14-26,15-18,16-17,16-18,16-21,16-25,16-27,17-27,18-25,18-27,20-29,21-23,21-27,24-27,25-29,26-28,27-28,27-29'), runs: 5, warmup: 1 },
  // The search: each link runs the four algorithms on the same position (their
  // nodes and times are in the row's `runs`), plus the exact answer where it fits.
  { name: 'search/tic-tac-toe from the empty board, to the end', query: 'game=search&v=1&search=tictactoe&depth=end&algorithm=minimax&moves=', runs: 3, warmup: 1 },
  { name: 'search/Connect Four 5×4 from the empty board, depth 8', query: 'game=search&v=1&search=connect4&width=5&height=4&depth=8&moves=', runs: 3, warmup: 1 },
  { name: 'search/Connect Four 6×5 from the empty board, depth 8', query: 'game=search&v=1&search=connect4&width=6&height=5&depth=8&moves=', runs: 3, warmup: 1 },
  { name: 'search/Connect Four 7×6 from the empty board, depth 8', query: 'game=search&v=1&search=connect4&width=7&height=6&depth=8&moves=', runs: 3, warmup: 1 },
  { name: 'search/Chomp 8×8 from the full bar, depth 4', query: 'game=search&v=1&search=chomp&rows=8&cols=8&depth=4&heuristic=parity&moves=', runs: 3, warmup: 1 },
  { name: 'search/Connect Four 4×4 solved exactly (16 cells)', query: 'game=search&v=1&search=connect4&width=4&height=4&depth=end&algorithm=tt&moves=', runs: 3, warmup: 1 },
  { name: 'search/Connect Four 4×5 solved exactly (20 cells)', query: 'game=search&v=1&search=connect4&width=4&height=5&depth=end&algorithm=tt&moves=', runs: 3, warmup: 1 },
  { name: 'search/Connect Four 5×4 solved exactly (20 cells)', query: 'game=search&v=1&search=connect4&width=5&height=4&depth=end&algorithm=tt&moves=', runs: 1, warmup: 0 },
  // Connect Four solved (kind=connect4), one table per link: the link's report (the
  // position's score, and every column's when that solve was short), and the
  // follow-up task `columns` (every column's score, as the page asks next).
  // Pons' positions from tests/data/connect4_pons_sample.json (End-Easy, Middle-Medium,
  // Begin-Easy, Begin-Medium: the first position of each set).
  ...[[4, 4], [5, 4], [6, 4], [4, 5], [4, 6], [5, 6], [7, 5]].map(([w, h]) => (
    { name: `connect4/${w}×${h} from the empty board`, query: `game=connect4&v=1&width=${w}&height=${h}&moves=`, runs: 1, warmup: 0 })),
  // Pons' sets, every position of the shared sample once (scripts/bench-web.mjs
  // hands the sample over as window.__c4sample; Begin-Hard is the CLI's benchmark).
  ...['Test_L3_R1', 'Test_L2_R1', 'Test_L2_R2', 'Test_L1_R1', 'Test_L1_R2'].map((set) => ({ name: `connect4/set ${set}`, set })),
  { name: 'connect4/5×5 from the empty board, every column', query: 'game=connect4&v=1&width=5&height=5&moves=', runs: 3, warmup: 1 },
  { name: 'connect4/6×5 from the empty board, every column', query: 'game=connect4&v=1&width=6&height=5&moves=', runs: 1, warmup: 0 },
  { name: 'connect4/7×4 from the empty board, every column', query: 'game=connect4&v=1&width=7&height=4&moves=', runs: 1, warmup: 0 },
  { name: 'connect4/6×6 from the empty board, its score', query: 'game=connect4&v=1&width=6&height=6&moves=', runs: 1, warmup: 0 },
  { name: 'connect4/6×6 from the empty board, every column (follow-up)', query: 'game=connect4&v=1&width=6&height=6&moves=', task: 'columns', runs: 1, warmup: 0 },
  { name: 'connect4/7×6 from the empty board, its score', query: 'game=connect4&v=1&width=7&height=6&moves=', runs: 1, warmup: 0 },
  { name: 'connect4/7×6 from the empty board, every column (follow-up)', query: 'game=connect4&v=1&width=7&height=6&moves=', task: 'columns', runs: 1, warmup: 0 },
  { name: 'connect4/End-Easy 1 (37 stones)', query: 'game=connect4&v=1&width=7&height=6&moves=2252576253462244111563365343671351441', runs: 3, warmup: 1 },
  { name: 'connect4/Middle-Medium 1 (15 stones)', query: 'game=connect4&v=1&width=7&height=6&moves=274552224131661', runs: 3, warmup: 1 },
  { name: 'connect4/Begin-Easy 1 (8 stones)', query: 'game=connect4&v=1&width=7&height=6&moves=32164625', runs: 1, warmup: 0 },
  { name: 'connect4/Begin-Medium 1 (14 stones)', query: 'game=connect4&v=1&width=7&height=6&moves=32751571231557', runs: 3, warmup: 1 },
  // Parity games (kind=parity): the whole page solve (generate, solve, verify), random games
  // of 10^3..10^6 vertices (priorities 0..1000, 2-5 successors) and Friedmann's ladder.
  { name: 'parity/random 1,000 vertices, priority promotion', query: 'game=parity&v=1&source=random&vertices=1000&priorities=1000&min-degree=2&max-degree=5&seed=1&solver=promotion', runs: 5, warmup: 1 },
  { name: 'parity/random 1,000 vertices, Zielonka', query: 'game=parity&v=1&source=random&vertices=1000&priorities=1000&min-degree=2&max-degree=5&seed=1&solver=zielonka', runs: 5, warmup: 1 },
  { name: 'parity/random 10,000 vertices, priority promotion', query: 'game=parity&v=1&source=random&vertices=10000&priorities=1000&min-degree=2&max-degree=5&seed=1&solver=promotion', runs: 5, warmup: 1 },
  { name: 'parity/random 10,000 vertices, Zielonka', query: 'game=parity&v=1&source=random&vertices=10000&priorities=1000&min-degree=2&max-degree=5&seed=1&solver=zielonka', runs: 5, warmup: 1 },
  { name: 'parity/random 100,000 vertices, priority promotion', query: 'game=parity&v=1&source=random&vertices=100000&priorities=1000&min-degree=2&max-degree=5&seed=1&solver=promotion', runs: 3, warmup: 1 },
  { name: 'parity/random 100,000 vertices, Zielonka', query: 'game=parity&v=1&source=random&vertices=100000&priorities=1000&min-degree=2&max-degree=5&seed=1&solver=zielonka', runs: 3, warmup: 1 },
  { name: 'parity/random 1,000,000 vertices, priority promotion', query: 'game=parity&v=1&source=random&vertices=1000000&priorities=1000&min-degree=2&max-degree=5&seed=1&solver=promotion', runs: 1, warmup: 0 },
  { name: 'parity/random 1,000,000 vertices, Zielonka', query: 'game=parity&v=1&source=random&vertices=1000000&priorities=1000&min-degree=2&max-degree=5&seed=1&solver=zielonka', runs: 1, warmup: 0 },
  // The family that separates solvers (issue 41): N vertices, priorities 0..N, 1-2 successors
  // (Oink's `rngame N N 1 2`), by the page's default solver.
  ...[1, 2, 3, 4, 5].map((seed) => ({ name: `parity/rn 100,000 vertices seed ${seed}, default`, query: `game=parity&v=1&source=random&vertices=100000&priorities=100000&min-degree=1&max-degree=2&seed=${seed}`, runs: 3, warmup: 0 })),
  { name: 'parity/rn 1,000,000 vertices seed 2, default', query: 'game=parity&v=1&source=random&vertices=1000000&priorities=1000000&min-degree=1&max-degree=2&seed=2', runs: 1, warmup: 0 },
  { name: 'parity/rn 1,000,000 vertices seed 2, Zielonka', query: 'game=parity&v=1&source=random&vertices=1000000&priorities=1000000&min-degree=1&max-degree=2&seed=2&solver=zielonka', runs: 1, warmup: 0 },
  { name: 'parity/recursive ladder 40, priority promotion', query: 'game=parity&v=1&source=recursive-ladder&size=40&solver=promotion', runs: 5, warmup: 1 },
  { name: 'parity/recursive ladder 24, Zielonka', query: 'game=parity&v=1&source=recursive-ladder&size=24&solver=zielonka', runs: 3, warmup: 1 },
  // Partizan games (game=partizan): canonical forms of Domineering's rectangles (the
  // issue's browser target: 5 × 5 within 5 s) and the outcome search on 6 × 6.
  { name: 'partizan/Domineering 4×4 value', query: 'game=partizan&v=1&ruleset=domineering&position=....%2F....%2F....%2F....', runs: 5, warmup: 1 },
  { name: 'partizan/Domineering 5×5 value', query: 'game=partizan&v=1&ruleset=domineering&position=.....%2F.....%2F.....%2F.....%2F.....', runs: 3, warmup: 1 },
  { name: 'partizan/Domineering 4×6 value', query: 'game=partizan&v=1&ruleset=domineering&position=......%2F......%2F......%2F......', runs: 3, warmup: 1 },
  { name: 'partizan/Domineering 6×6 outcome by search', query: 'game=partizan&v=1&ruleset=domineering&solve=outcome&position=......%2F......%2F......%2F......%2F......%2F......', runs: 3, warmup: 1 },
  // P and E alone, without the rest of the report.
  { name: 'snakes/audet P+E only (distributions)', query: 'game=snakes&v=1&preset=audet', task: 'matrices' },
  { name: 'snakes/random n=1000 seed 1 P+E only (distributions)', random: [1000, 1], runs: 5, warmup: 1, task: 'matrices' },
];
const WARMUP = 5;
const RUNS = 25;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * One of Pons' sets from the shared sample: each position's link solved once
 * in the worker, as the page would (its own table each); the mean time and
 * nodes a position, and how many scores differ from his. None without the sample.
 */
async function runSet(solver, c) {
  const positions = window.__c4sample?.sets?.[c.set]?.positions;
  if (!positions) return null;
  const bundle = await fetchFamily('connect4');
  solver.use(bundle.module, bundle.glue);
  let ms = 0;
  let nodes = 0;
  let wrong = 0;
  for (const p of positions) {
    const answer = await solver.solve(`game=connect4&v=1&width=7&height=6&moves=${p.moves}`);
    ms += answer.ms;
    nodes += answer.result.nodes;
    if (answer.result.score !== p.score) wrong += 1;
  }
  const n = positions.length;
  return { name: c.name, set: c.set, positions: n, mean_ms: ms / n, median_ms: ms / n, mean_nodes: nodes / n, wrong };
}

async function run(solver) {
  const $ = (id) => document.getElementById(id);
  document.body.dataset.state = 'computing';
  $('run').disabled = true;
  const tbody = $('table').querySelector('tbody');
  tbody.replaceChildren();
  const results = [];
  // bench.html?only=search runs the cases whose name matches (a regular expression).
  const only = new URLSearchParams(location.search).get('only');
  for (const c of CASES.filter((x) => !only || new RegExp(only).test(x.name))) {
    $('status-text').textContent = `Running ${c.name}…`;
    if (c.set) {
      const row = await runSet(solver, c);
      if (row) {
        results.push(row);
        tbody.append(el('tr', {}, [row.name, row.mean_ms.toFixed(3), '', String(row.positions), '']
          .map((text) => el('td', { textContent: text }))));
      }
      continue;
    }
    const times = [];
    const [warmup, runs] = [c.warmup ?? WARMUP, c.runs ?? RUNS];
    // Each case runs in its family's own bundle, as the page would.
    const family = c.query ? new URLSearchParams(c.query).get('game') : 'snakes';
    const bundle = await fetchFamily(family);
    solver.use(bundle.module, bundle.glue, bundle.full);
    const { randomBoardLink, estimateCost } = bundle.exports;
    const query = c.query ?? `${randomBoardLink('game=snakes', ...c.random)}${c.extra ?? ''}`;
    let last;
    for (let k = 0; k < warmup + runs; k++) {
      last = await solver.solve(query, undefined, { task: c.task });
      if (k >= warmup) times.push(last.ms);
    }
    const row = { name: c.name, median_ms: median(times), min_ms: Math.min(...times), runs };
    // A search's four algorithms, as measured inside that analysis (last run).
    if (last.result?.kind === 'search') {
      row.algorithms = last.result.runs.map((x) => ({ algorithm: x.algorithm, nodes: x.nodes, cutoffs: x.cutoffs, ms: x.ms, complete: x.complete, value: x.value, exact: x.exact }));
    }
    // Connect Four solved: the nodes and the rate in the worker.
    if (last.result?.kind === 'connect4') {
      row.nodes = last.result.nodes;
      row.score = last.result.score;
      row.nodes_per_s = last.result.nodes / last.result.seconds;
    }
    // A parity game: the solve alone, the regions, and the worker's wasm memory (its peak so far).
    if (last.result?.kind === 'parity') {
      row.vertices = last.result.vertices;
      row.solve_ms = last.result.seconds * 1000;
      row.won_by_even = last.result.won_by_even.length;
      row.verified = last.result.verified;
      row.wasm_memory_mb = last.result.wasm_memory_mb;
    }
    // What the page's cost guard predicted for the links the page opens (not side tasks).
    if (!c.task) {
      row.estimate_ms = estimateCost(query).seconds * 1000;
      row.estimate_ratio = row.estimate_ms / row.median_ms;
    }
    results.push(row);
    tbody.append(el('tr', {}, [row.name, row.median_ms.toFixed(3), row.min_ms.toFixed(3), String(runs), row.estimate_ratio?.toFixed(2) ?? '']
      .map((text) => el('td', { textContent: text }))));
  }
  window.__bench = { userAgent: navigator.userAgent, warmup: WARMUP, results };
  $('results').textContent = JSON.stringify(window.__bench, null, 2);
  $('status-text').textContent = 'Done.';
  $('run').disabled = false;
  document.body.dataset.state = 'done';
}

async function main() {
  const first = await fetchFamily('snakes');
  const solver = new SolverClient(new URL('./worker.js', import.meta.url), first.module, first.glue, first.full);
  document.getElementById('run').addEventListener('click', () => run(solver));
  await run(solver);
}

main().catch((err) => {
  document.getElementById('status-text').textContent = `Error: ${err.message}`;
  document.body.dataset.state = 'error';
});
