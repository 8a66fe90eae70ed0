// In-browser benchmark: times solvers inside the worker over several runs.
// `make bench-web` opens it headless and writes window.__bench to target/bench.json.
import { SolverClient } from './solver-client.js';
import { el } from './dom.js';

const CASES = [
  { name: 'snakes/audet P+E (distributions)', query: 'game=snakes&v=1&preset=audet' },
  { name: 'snakes/milton-bradley P+E (distributions)', query: 'game=snakes&v=1&preset=milton-bradley' },
  { name: 'snakes/grid1 P+E (distributions)', query: 'game=snakes&v=1&preset=grid1' },
];
const WARMUP = 5;
const RUNS = 25;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function run(solver) {
  const $ = (id) => document.getElementById(id);
  document.body.dataset.state = 'computing';
  $('run').disabled = true;
  const tbody = $('table').querySelector('tbody');
  tbody.replaceChildren();
  const results = [];
  for (const c of CASES) {
    $('status-text').textContent = `Running ${c.name}…`;
    const times = [];
    for (let k = 0; k < WARMUP + RUNS; k++) {
      const { ms } = await solver.solve(c.query);
      if (k >= WARMUP) times.push(ms);
    }
    const row = { name: c.name, query: c.query, median_ms: median(times), min_ms: Math.min(...times), runs: RUNS };
    results.push(row);
    tbody.append(el('tr', {}, [row.name, row.median_ms.toFixed(3), row.min_ms.toFixed(3), String(RUNS)]
      .map((text) => el('td', { textContent: text }))));
  }
  window.__bench = { userAgent: navigator.userAgent, warmup: WARMUP, results };
  $('results').textContent = JSON.stringify(window.__bench, null, 2);
  $('status-text').textContent = 'Done.';
  $('run').disabled = false;
  document.body.dataset.state = 'done';
}

async function main() {
  const wasm = await WebAssembly.compileStreaming(fetch(new URL('./pkg/ludolab_bg.wasm', import.meta.url)));
  const solver = new SolverClient(new URL('./worker.js', import.meta.url), wasm);
  document.getElementById('run').addEventListener('click', () => run(solver));
  await run(solver);
}

main().catch((err) => {
  document.getElementById('status-text').textContent = `Error: ${err.message}`;
  document.body.dataset.state = 'error';
});
