// The solver worker: runs the Rust core off the main thread.
// Messages in:  {type: 'glue', glue}              the URL of a family's wasm-bindgen glue, imported
//                                                  at once while the bundle still downloads (boot.js)
//               {type: 'init', module, glue, full}  a family's compiled WebAssembly.Module and the
//                                                  URL of its wasm-bindgen glue (one bundle per family);
//                                                  `full` ({glue, wasm} URLs): the family's full bundle,
//                                                  where its own holds code back (Cargo.toml,
//                                                  `package.metadata.ludolab.later`), fetched the first
//                                                  time the core answers that a request needs it (an
//                                                  error with `needs`), which is then asked again
//               {type: 'early', id, query}        the link the page opened with (boot.js): solved at
//                                                  once if it is quick (no go-ahead to ask, one member),
//                                                  announced by {type: 'early', id, query} with the
//                                                  core's link (null: not solved), then answered as a solve
//               {type: 'solve', id, query, task, member}   a share-link query; `task` names a
//                                                  family's follow-up task (Orchard's sweeps); `member`,
//                                                  one member of an answer run side by side (solveMember)
//               {type: 'solve', id, query, task, part}  part `part` of a follow-up task split over
//                                                  workers (the core's taskParts: Connect Four's columns)
//               {type: 'join', id, query, task, parts}  those parts, in order, put together by the core
//               {type: 'probe', id, query, threshold}  one probe of an answer probed by workers side
//                                                  by side (the core's probes: Connect Four's score)
//               {type: 'probe-join', id, query, answers, seconds}  the report from the probes' answers
//               {type: 'play', id, query, position, action, move, seed}   one request of play
// Messages out: {type: 'progress', id, fraction, counts} (counts: the solver's named counts, {heaps, rare})
//               {type: 'result', id, result, ms}   typed arrays transferred, not copied
//               {type: 'error', id, message, fr, key, fatal}   `fr`: the core's French message
//
// The core packs long arrays as one-key objects {f64: bytes} (also u8, u16,
// i32, u32): `unpack` turns each into the typed array it names, so views read
// `report.p.data[k]` as numbers (ARCHITECTURE.md, "Reports in the page"). The
// page imports it from here too, for a preview the core made on the main
// thread: kept in this file, the worker starts without a module of its own to
// fetch (one round trip fewer on a phone), and only a worker listens.

/** The packed arrays' kinds and the typed arrays they become (the build's scripts/families.mjs reads it too). */
export const TYPED = { f64: Float64Array, u8: Uint8Array, u16: Uint16Array, i32: Int32Array, u32: Uint32Array };

/** Replaces every packed array in `value` by its typed array; collects their buffers in `buffers`. */
export function unpack(value, buffers = []) {
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return value;
  if (Array.isArray(value)) {
    for (let k = 0; k < value.length; k++) value[k] = unpack(value[k], buffers);
    return value;
  }
  const keys = Object.keys(value);
  if (keys.length === 1 && TYPED[keys[0]] && value[keys[0]] instanceof Uint8Array) {
    const bytes = value[keys[0]];
    const Type = TYPED[keys[0]];
    // A fresh copy from wasm memory: its own buffer, aligned at 0.
    const array = new Type(bytes.buffer, bytes.byteOffset, bytes.byteLength / Type.BYTES_PER_ELEMENT);
    buffers.push(array.buffer);
    return array;
  }
  for (const key of keys) value[key] = unpack(value[key], buffers);
  return value;
}

// The bundle, once 'init' has come (a solve asked before then waits for it).
let initialise;
let ready = new Promise((ok) => { initialise = ok; });
let glueUrl = null;
let glueModule = null;
// The family's full bundle ({glue, wasm}), if its own holds code back; `swapped` once it runs here.
let full = null;
let swapped = false;

/** Runs the family's full bundle from now on (once): every later request is asked of it. */
async function useFull() {
  const own = ready;
  swapped = true;
  ready = Promise.all([import(full.glue), WebAssembly.compileStreaming(fetch(full.wasm))]).then(async ([glue, module]) => {
    await glue.default({ module_or_path: module });
    return glue;
  });
  try {
    return await ready;
  } catch (err) {
    [ready, swapped] = [own, false];
    throw err;
  }
}

/** Whether this module runs as the worker (the page imports `unpack` from it too). */
const IN_WORKER = typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope;

if (IN_WORKER) self.onmessage = async ({ data }) => {
  let msg = data;
  if (msg.type === 'glue') {
    glueUrl = msg.glue;
    glueModule = import(msg.glue);
    glueModule.catch(() => {});
    return;
  }
  if (msg.type === 'init') {
    full = msg.full ?? null;
    // The module comes compiled from the page: instantiating it compiles nothing again.
    initialise((msg.glue === glueUrl ? glueModule : import(msg.glue)).then(async (glue) => {
      await glue.default({ module_or_path: msg.module });
      return glue;
    }));
    return;
  }
  if (msg.type === 'early') {
    let query = null;
    try {
      const core = await ready;
      const info = core.parseLink(msg.query);
      const cost = info.errors.length ? null : core.estimateCost(info.query);
      if (cost && !cost.confirm && !(cost.members > 1) && !(cost.probes > 1)) query = info.query;
    } catch {
      // Not solved early: the page asks in its own time and hears why.
    }
    self.postMessage({ type: 'early', id: msg.id, query });
    if (query === null) return;
    msg = { type: 'solve', id: msg.id, query };
  }
  if (!['solve', 'play', 'join', 'probe', 'probe-join'].includes(msg.type)) return;
  try {
    let started = performance.now();
    let result;
    try {
      result = answer(msg, await ready);
    } catch (err) {
      // Code the family's bundle holds back: its full bundle answers, from now on
      // (if it cannot be fetched, the core's message says so, and the next request tries again).
      if (!err?.needs || !full || swapped) throw err;
      const core = await useFull().catch(() => null);
      if (!core) throw err;
      started = performance.now();
      result = answer(msg, core);
    }
    const ms = performance.now() - started;
    const buffers = [];
    result = unpack(result, buffers);
    self.postMessage({ type: 'result', id: msg.id, result, ms }, buffers);
  } catch (err) {
    // A trap (a Rust panic: a bug) leaves the module unusable: the page restarts this worker.
    const fatal = err instanceof WebAssembly.RuntimeError;
    const message = err?.message ?? String(err);
    self.postMessage({ type: 'error', id: msg.id, message, fr: fatal ? undefined : err?.fr, key: err?.key, field: err?.field, fatal });
  }
};

/** The core's answer to one request. */
function answer(msg, core) {
  const { solve, solveMember, extra, extraPart, joinParts, play, probe, probeJoin, debugPanic } = core;
  const progress = (fraction, counts) => self.postMessage({ type: 'progress', id: msg.id, fraction, counts: counts ?? {} });
  if (msg.type === 'play') return play(msg.query, msg.position ?? '', msg.action, msg.move ?? '', msg.seed ?? 0);
  if (msg.type === 'join') return joinParts(msg.query, msg.task, msg.parts);
  if (msg.type === 'probe') return probe(msg.query, msg.threshold, progress);
  if (msg.type === 'probe-join') return probeJoin(msg.query, msg.answers, msg.seconds);
  if (msg.task === 'debug-panic') return debugPanic();
  if (msg.task && Number.isInteger(msg.part)) return extraPart(msg.query, msg.task, msg.part, progress);
  if (msg.task) return extra(msg.query, msg.task, progress);
  if (Number.isInteger(msg.member)) return solveMember(msg.query, msg.member, progress);
  return solve(msg.query, progress);
}
