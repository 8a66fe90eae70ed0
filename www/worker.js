// The solver worker: runs the Rust core off the main thread.
// Messages in:  {type: 'init', module}            a compiled WebAssembly.Module
//               {type: 'solve', id, query, task}   a share-link query; `task` picks a
//                                                  side computation (Orchard's sweeps)
// Messages out: {type: 'progress', id, fraction}
//               {type: 'result', id, result, ms}   typed arrays transferred, not copied
//               {type: 'error', id, message, fr, fatal}   `fr`: the core's French message
import init, { solve, solveSnakesMatrices, orchardTask, debugPanic } from './pkg/ludolab.js';

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
    const progress = (fraction) => self.postMessage({ type: 'progress', id: msg.id, fraction });
    let result;
    if (msg.matricesOnly) result = (solveSnakesMatrices(msg.query), {});
    else if (msg.task === 'debug-panic') result = debugPanic();
    else if (msg.task) result = orchardTask(msg.query, msg.task, progress);
    else result = solve(msg.query, progress);
    const ms = performance.now() - started;
    const transfer = Object.values(result).filter(ArrayBuffer.isView).map((array) => array.buffer);
    self.postMessage({ type: 'result', id: msg.id, result, ms }, transfer);
  } catch (err) {
    // A trap (a Rust panic: a bug) leaves the module unusable: the page restarts this worker.
    const fatal = err instanceof WebAssembly.RuntimeError;
    const message = err?.message ?? String(err);
    self.postMessage({ type: 'error', id: msg.id, message, fr: fatal ? undefined : err?.fr, fatal });
  }
};
