// The main thread's side of the solver worker: one request at a time, progress,
// cancel (terminate the worker and start a fresh one) and supersession (a new
// request cancels the one in flight, so the page never waits on stale work).
import { t } from './i18n.js';

export class Cancelled extends Error {
  constructor(reason) {
    super(reason);
    this.name = 'Cancelled';
  }
}

/** Named counts added up, name by name (the work of several workers or parts, for one bar). */
function added(counts) {
  const sum = {};
  for (const each of counts) for (const [name, n] of Object.entries(each)) sum[name] = (sum[name] ?? 0) + n;
  return sum;
}

export class SolverClient {
  /**
   * @param {URL} workerUrl  the module worker script
   * @param {WebAssembly.Module} module  a family's bundle, compiled once, shared with every worker started
   * @param {string} glue  the URL of that bundle's wasm-bindgen glue
   * @param {{glue: string, wasm: string}|null} full  the family's full bundle, where its own
   *   holds code back: the worker fetches it for a link that needs that code
   */
  constructor(workerUrl, module, glue, full = null) {
    this.workerUrl = workerUrl;
    this.module = module;
    this.glue = glue;
    this.full = full;
    this.nextId = 1;
    this.pending = null;
    /** Stops the split task in flight (`split`), if any. */
    this.splitting = null;
    /** Helper workers of a race (`race`), started when one first needs them. */
    this.helpers = [];
    /**
     * The link the page opened with, solved in the worker boot.js started while
     * the page loaded: `{id, query, answer}`, `query` the core's link once the
     * worker has said it is solving it (null: not solving), `answer` its last
     * message once it has come. A request for that link takes it over.
     */
    this.early = null;
    const boot = globalThis.__ludolabBoot;
    if (boot?.glue === glue) boot.start();
    if (boot && !boot.taken && !boot.failed && boot.glue === glue) {
      boot.taken = true;
      this.early = { id: 0, query: undefined, answer: null, waiters: [] };
      this.listen(boot.worker);
      for (const msg of boot.inbox) this.onMessage(msg);
      // Its own download failed (the page's, tried again, came): the page's module then.
      boot.module.catch(() => this.worker.postMessage({ type: 'init', module: this.module, glue: this.glue, full: this.full }));
    } else {
      this.spawn();
    }
  }

  spawn() {
    this.early = null;
    this.listen(new Worker(this.workerUrl, { type: 'module' }));
    this.worker.postMessage({ type: 'init', module: this.module, glue: this.glue, full: this.full });
  }

  listen(worker) {
    this.worker = worker;
    this.worker.onmessage = (event) => this.onMessage(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.fail(new Error(t('the solver stopped unexpectedly: {why}', { why: event.message || 'worker error' })));
    };
  }

  /**
   * Before a request: the early solve of boot.js is taken over when it is this
   * request's (its record), else given up (its worker started afresh if still at work).
   */
  takeEarly(query, task = null, member = null) {
    const early = this.early;
    if (!early) return false;
    this.early = null;
    if (query !== null && early.query === query && task === null && member === null) return early;
    // Still solving (or not yet said): that work is no one's now.
    if (early.query !== null && !early.answer) this.restart('superseded by a newer request');
    return false;
  }

  /** Runs another family's bundle from now on (the request in flight, if any, is cancelled). */
  use(module, glue, full = null) {
    if (glue === this.glue) return;
    this.stopSplit('superseded');
    this.module = module;
    this.glue = glue;
    this.full = full;
    // Helpers run one family's bundle: the next race starts its own.
    for (const h of this.helpers) h.worker.terminate();
    this.helpers = [];
    this.restart('superseded by another family');
  }

  /** Whether a request is in flight. */
  get busy() {
    return this.pending !== null || this.splitting !== null;
  }

  /**
   * Solves a share-link query in the worker.
   * @returns {Promise<{result: object, ms: number}>} rejects with Cancelled when superseded or cancelled
   */
  solve(query, onProgress = () => {}, { task = null } = {}) {
    this.stopSplit('superseded');
    if (this.pending) this.restart('superseded by a newer request');
    return this.solveOne(query, onProgress, { task });
  }

  /** `solve` in this worker alone (`member`: one member of a race; `part`: one part of a split task). */
  solveOne(query, onProgress, { task = null, member = null, part = null } = {}) {
    if (this.pending) this.restart('superseded by a newer request');
    if (this.early && this.early.query === undefined) {
      // The early worker has not yet said which link it solves (its message may
      // wait behind this task): ask again once it has.
      return new Promise((resolve, reject) => {
        this.early.waiters.push({ go: () => this.solveOne(query, onProgress, { task, member, part }).then(resolve, reject), reject });
      });
    }
    const early = this.takeEarly(query, task, member);
    if (early) {
      return new Promise((resolve, reject) => {
        this.pending = { id: early.id, resolve, reject, onProgress };
        if (early.answer) this.onMessage(early.answer);
      });
    }
    return this.send({ type: 'solve', query, task, member, part }, onProgress);
  }

  /** One message to this worker, answered as `solve` (a split task's part or join; no early solve to take over). */
  send(message, onProgress = () => {}) {
    if (this.pending) this.restart('superseded by a newer request');
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject, onProgress };
      this.worker.postMessage({ ...message, id });
    });
  }

  /** The helper workers `count` workers need besides this one (started once, kept). */
  crew(count) {
    this.takeEarly(null);
    while (this.helpers.length < count - 1) this.helpers.push(new SolverClient(this.workerUrl, this.module, this.glue, this.full));
    return [this, ...this.helpers.slice(0, count - 1)];
  }

  /** Stops a split task in flight, if any: its workers, and its promise rejected with Cancelled(reason). */
  stopSplit(reason) {
    const split = this.splitting;
    this.splitting = null;
    split?.(reason);
  }

  /**
   * Computes a follow-up task split into `parts` parts (the core's
   * `taskParts(query, task)`: Connect Four's columns) on `count` workers, this
   * one and helpers of the same bundle: each worker takes the next part left
   * (the first in this worker, whose table may already hold it), then the
   * core puts the parts together, in this worker. Progress is one bar: each
   * count the sum of every part's so far (a part's counts are work done),
   * with the parts done and their number. Cancel, or any newer request, stops
   * every worker at once; a part's error is the task's, and stops the others.
   * @returns {Promise<{result: object, ms: number}>} as `solve`, `ms` the whole's
   */
  split(query, task, parts, count, onProgress = () => {}) {
    this.stopSplit('superseded');
    if (this.pending) this.restart('superseded by a newer request');
    const workers = this.crew(Math.max(1, Math.min(count, parts)));
    const started = performance.now();
    // Each part's counts so far, added up for the bar.
    const work = new Array(parts).fill(null).map(() => ({}));
    const results = new Array(parts);
    let next = 0;
    let done = 0;
    const tell = () => {
      // t('parts done'), t('parts')
      onProgress(-1, { ...added(work), 'parts done': done, parts });
    };
    return new Promise((resolve, reject) => {
      const end = this.ending(workers, resolve, reject);
      const finish = end.finish;
      const take = (w) => {
        if (end.settled || next >= parts) return;
        const part = next++;
        w.send({ type: 'solve', query, task, part }, (fraction, c) => {
          work[part] = c;
          tell();
        }).then(({ result }) => {
          if (end.settled) return;
          results[part] = result;
          done++;
          tell();
          if (done < parts) take(w);
          // Every part in: this worker (idle by now) puts them together.
          else this.send({ type: 'join', query, task, parts: results }).then(
            ({ result: whole }) => finish(true, { result: whole, ms: performance.now() - started }),
            (err) => finish(false, err),
          );
        }, (err) => finish(false, err));
      };
      tell();
      for (const w of workers) take(w);
    });
  }

  /**
   * The one ending of work spread over `workers` (a split task, probes):
   * `finish(ok, value)` resolves or rejects once, frees the page's Cancel
   * (`this.splitting`), and on a failure or a Cancel stops the workers still
   * at work; `settled` once it has.
   */
  ending(workers, resolve, reject) {
    const end = { settled: false };
    const stop = (reason) => end.finish(false, new Cancelled(reason));
    end.finish = (ok, value) => {
      if (end.settled) return;
      end.settled = true;
      if (this.splitting === stop) this.splitting = null;
      if (!ok) for (const w of workers) if (w.pending) w.drop('superseded');
      (ok ? resolve : reject)(value);
    };
    this.splitting = stop;
    return end;
  }

  /**
   * Solves a query by `count` members side by side (the parity portfolio's
   * solvers: the core's `estimateCost(query).members`), member 0 in this worker
   * and each other in a helper worker of the same bundle: the first answer wins
   * and the others are stopped. Progress is one bar: each count is the sum of
   * the members' (their work together). Cancel (or a newer request) stops them all.
   * @returns {Promise<{result: object, ms: number}>} as `solve`
   */
  race(query, count, onProgress = () => {}) {
    this.stopSplit('superseded');
    if (this.pending) this.restart('superseded by a newer request');
    const members = this.crew(count);
    const counts = members.map(() => ({}));
    return new Promise((resolve, reject) => {
      let settled = false;
      const finish = (winner, ok, value) => {
        if (settled) return;
        settled = true;
        // The others stop at once: their workers are ended and started afresh.
        for (const m of members) if (m !== winner) m.cancel('superseded');
        (ok ? resolve : reject)(value);
      };
      members.forEach((m, k) => {
        const progress = (fraction, c) => {
          counts[k] = c;
          onProgress(fraction, added(counts));
        };
        m.solveOne(query, progress, { member: k }).then(
          (answer) => finish(m, true, answer),
          // A member stopped because another won is no answer; any other
          // error (the link's, found once work began) is every member's.
          (err) => { if (!(err instanceof Cancelled && err.message === 'superseded' && settled)) finish(m, false, err); },
        );
      });
    });
  }

  /**
   * Finds an answer by probes side by side (Connect Four's score: the core's
   * `estimateCost(query).probes`) on `count` workers, this one and helpers of
   * the same bundle, that share no memory: `plan(answers, running, free)` is
   * the core's `probePlan` for the query, which says which thresholds to test
   * now and which probes in flight the answers made useless (their workers
   * start afresh); each worker tests one threshold at a time and keeps its
   * table for the next. Once the plan is done, this worker puts the answers
   * together (the core's `probeJoin`). Progress is one bar: each count the
   * sum of every probe's so far, with the probes done. Cancel, or any newer
   * request, stops every worker at once; a probe's error is the answer's.
   * @returns {Promise<{result: object, ms: number}>} as `solve`
   */
  probes(query, count, plan, onProgress = () => {}) {
    this.stopSplit('superseded');
    if (this.pending) this.restart('superseded by a newer request');
    const workers = this.crew(Math.max(1, count));
    const started = performance.now();
    const answers = [];
    const running = new Map(); // worker → {threshold, counts}
    // What the answers so far prove, named by the core (Connect Four's score window).
    let proven = {};
    const tell = () => {
      // t('probes done')
      const work = added([...answers.map((a) => ({ nodes: a.nodes })), ...[...running.values()].map((r) => r.counts)]);
      onProgress(-1, { ...work, ...proven, 'probes done': answers.length });
    };
    return new Promise((resolve, reject) => {
      const end = this.ending(workers, resolve, reject);
      const finish = end.finish;
      const step = () => {
        if (end.settled) return;
        let next;
        try {
          const idle = workers.filter((w) => !running.has(w)).length;
          next = plan(answers, [...running.values()].map((r) => r.threshold), idle);
        } catch (err) {
          finish(false, err);
          return;
        }
        proven = Object.fromEntries(next.counts);
        for (const [w, r] of [...running]) {
          if (!next.stop.includes(r.threshold)) continue;
          running.delete(w);
          w.drop('superseded');
        }
        if (next.done) {
          this.send({ type: 'probe-join', query, answers, seconds: (performance.now() - started) / 1000 }).then(
            ({ result }) => finish(true, { result, ms: performance.now() - started }),
            (err) => finish(false, err),
          );
          return;
        }
        const idle = workers.filter((w) => !running.has(w));
        next.start.slice(0, idle.length).forEach((threshold, k) => {
          const w = idle[k];
          const r = { threshold, counts: {} };
          running.set(w, r);
          w.send({ type: 'probe', query, threshold }, (fraction, c) => {
            r.counts = c;
            tell();
          }).then(({ result }) => {
            if (end.settled || running.get(w) !== r) return;
            running.delete(w);
            answers.push(result);
            tell();
            step();
          }, (err) => {
            // A probe stopped because the answers made it useless is no error.
            if (!end.settled && running.get(w) === r) finish(false, err);
          });
        });
        // Nothing at work and nothing to start: the answer would never come (a bug): say so.
        if (running.size === 0) finish(false, new Error('the probes stopped with the answer unknown'));
      };
      tell();
      step();
    });
  }

  /**
   * One request of play on a link (the core decides the moves): `action` is
   * start, show, move (with `move`) or reply; the answer is the family's turn.
   * @returns {Promise<object>}
   */
  play(query, position, action, move = '') {
    this.stopSplit('superseded');
    if (this.pending) this.restart('superseded by a newer request');
    this.takeEarly(null);
    const id = this.nextId++;
    const [seed] = crypto.getRandomValues(new Uint32Array(1));
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve: ({ result }) => resolve(result), reject, onProgress: () => {} };
      this.worker.postMessage({ type: 'play', id, query, position, action, move, seed });
    });
  }

  /**
   * Stops the computation in flight, if any: `cancelled` when the user asked
   * (the page then says "Cancelled."), `superseded` when the page itself moves on.
   */
  cancel(reason = 'cancelled') {
    // A split task stops whole, even while this worker waits for the others.
    this.stopSplit(reason);
    this.dropWaiters(new Cancelled(reason));
    if (this.pending) this.restart(reason);
  }

  /** Requests waiting on the early worker's word end with `error` (the worker is given up). */
  dropWaiters(error) {
    for (const w of this.early?.waiters.splice(0) ?? []) w.reject(error);
  }

  restart(reason) {
    // A race's helpers stop with it (Cancel, a newer request, another family).
    for (const h of this.helpers) h.cancel(reason);
    this.drop(reason);
  }

  /** Ends this worker's request, if any, and starts the worker afresh, its helpers left at work (a probe made useless). */
  drop(reason) {
    this.dropWaiters(new Cancelled(reason));
    this.worker.terminate();
    const pending = this.pending;
    this.pending = null;
    pending?.reject(new Cancelled(reason));
    this.spawn();
  }

  fail(error) {
    this.dropWaiters(error);
    const pending = this.pending;
    this.pending = null;
    this.worker.terminate();
    pending?.reject(error);
    this.spawn();
  }

  onMessage(msg) {
    const early = this.early;
    if (early && msg.id === early.id) {
      // The early solve, not yet asked for: what it is, then its answer, kept.
      if (msg.type === 'early') {
        early.query = msg.query;
        for (const w of early.waiters.splice(0)) w.go();
      } else if (msg.type !== 'progress') {
        early.answer = msg;
      }
      return;
    }
    const pending = this.pending;
    if (!pending || msg.id !== pending.id) return; // a late message of a request already given up
    if (msg.type === 'progress') {
      pending.onProgress(msg.fraction, msg.counts ?? {});
    } else if (msg.type === 'result') {
      this.pending = null;
      pending.resolve({ result: msg.result, ms: msg.ms });
    } else if (msg.type === 'error') {
      this.pending = null;
      if (msg.fatal) {
        this.worker.terminate();
        this.spawn();
        pending.reject(new Error(t('the solver stopped on an internal error ({why}); it has been restarted', { why: msg.message })));
        return;
      }
      // The core's message in English, and in French as `fr` (see errorText);
      // `field`: the same naming the field by its label, for beside it.
      pending.reject(Object.assign(new Error(msg.message), msg.fr ? { fr: msg.fr } : {}, msg.key ? { key: msg.key } : {}, msg.field ? { field: msg.field } : {}));
    }
  }
}
