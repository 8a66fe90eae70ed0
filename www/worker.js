// The solver worker: runs the Rust core off the main thread.
// Messages in:  {type: 'init', module}            a compiled WebAssembly.Module
//               {type: 'solve', id, query}         a share-link query
// Messages out: {type: 'progress', id, fraction}
//               {type: 'result', id, result, ms}   typed arrays transferred, not copied
//               {type: 'error', id, message}
import init, { solve, solveSnakesMatrices } from './pkg/ludolab.js';

let ready = null;

self.onmessage = async ({ data: msg }) => {
  if (msg.type === 'init') {
    ready = init({ module_or_path: msg.module });
    return;
  }
  if (msg.type !== 'solve') return;
  try {
    await ready;
    const started = performance.now();
    // `matricesOnly` is for the benchmark: P and E alone, no report.
    const result = msg.matricesOnly
      ? (solveSnakesMatrices(msg.query), {})
      : solve(msg.query, (fraction) => self.postMessage({ type: 'progress', id: msg.id, fraction }));
    const ms = performance.now() - started;
    const transfer = Object.values(result).filter(ArrayBuffer.isView).map((array) => array.buffer);
    self.postMessage({ type: 'result', id: msg.id, result, ms }, transfer);
  } catch (err) {
    self.postMessage({ type: 'error', id: msg.id, message: err?.message ?? String(err) });
  }
};
