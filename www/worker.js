// The solver worker: runs the Rust core off the main thread.
// Messages in:  {type: 'init', module, glue}      a family's compiled WebAssembly.Module and the
//                                                  URL of its wasm-bindgen glue (one bundle per family)
//               {type: 'solve', id, query, task}   a share-link query; `task` names a
//                                                  family's follow-up task (Orchard's sweeps)
//               {type: 'play', id, query, position, action, move, seed}   one request of play
// Messages out: {type: 'progress', id, fraction, counts} (counts: the solver's named counts, {heaps, rare})
//               {type: 'result', id, result, ms}   typed arrays transferred, not copied
//               {type: 'error', id, message, fr, key, fatal}   `fr`: the core's French message
//
// The core packs long arrays (unpack.js): the result's are typed arrays,
// transferred (ARCHITECTURE.md, "Reports in the page").

import { unpack } from './unpack.js';

let ready = null;

self.onmessage = async ({ data: msg }) => {
  if (msg.type === 'init') {
    // The module comes compiled from the page: instantiating it compiles nothing again.
    ready = import(msg.glue).then(async (glue) => {
      await glue.default({ module_or_path: msg.module });
      return glue;
    });
    return;
  }
  if (msg.type !== 'solve' && msg.type !== 'play') return;
  try {
    const { solve, extra, play, debugPanic } = await ready;
    const started = performance.now();
    const progress = (fraction, counts) => self.postMessage({ type: 'progress', id: msg.id, fraction, counts: counts ?? {} });
    let result;
    if (msg.type === 'play') result = play(msg.query, msg.position ?? '', msg.action, msg.move ?? '', msg.seed ?? 0);
    else if (msg.task === 'debug-panic') result = debugPanic();
    else if (msg.task) result = extra(msg.query, msg.task, progress);
    else result = solve(msg.query, progress);
    const ms = performance.now() - started;
    const buffers = [];
    result = unpack(result, buffers);
    self.postMessage({ type: 'result', id: msg.id, result, ms }, buffers);
  } catch (err) {
    // A trap (a Rust panic: a bug) leaves the module unusable: the page restarts this worker.
    const fatal = err instanceof WebAssembly.RuntimeError;
    const message = err?.message ?? String(err);
    self.postMessage({ type: 'error', id: msg.id, message, fr: fatal ? undefined : err?.fr, key: err?.key, fatal });
  }
};
