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

export class SolverClient {
  /**
   * @param {URL} workerUrl  the module worker script
   * @param {WebAssembly.Module} module  a family's bundle, compiled once, shared with every worker started
   * @param {string} glue  the URL of that bundle's wasm-bindgen glue
   */
  constructor(workerUrl, module, glue) {
    this.workerUrl = workerUrl;
    this.module = module;
    this.glue = glue;
    this.nextId = 1;
    this.pending = null;
    this.spawn();
  }

  spawn() {
    this.worker = new Worker(this.workerUrl, { type: 'module' });
    this.worker.onmessage = (event) => this.onMessage(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.fail(new Error(t('the solver stopped unexpectedly: {why}', { why: event.message || 'worker error' })));
    };
    this.worker.postMessage({ type: 'init', module: this.module, glue: this.glue });
  }

  /** Runs another family's bundle from now on (the request in flight, if any, is cancelled). */
  use(module, glue) {
    if (glue === this.glue) return;
    this.module = module;
    this.glue = glue;
    this.restart('superseded by another family');
  }

  /** Whether a request is in flight. */
  get busy() {
    return this.pending !== null;
  }

  /**
   * Solves a share-link query in the worker.
   * @returns {Promise<{result: object, ms: number}>} rejects with Cancelled when superseded or cancelled
   */
  solve(query, onProgress = () => {}, { task = null } = {}) {
    if (this.pending) this.restart('superseded by a newer request');
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject, onProgress };
      this.worker.postMessage({ type: 'solve', id, query, task });
    });
  }

  /**
   * One request of play on a link (the core decides the moves): `action` is
   * start, show, move (with `move`) or reply; the answer is the family's turn.
   * @returns {Promise<object>}
   */
  play(query, position, action, move = '') {
    if (this.pending) this.restart('superseded by a newer request');
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
    if (this.pending) this.restart(reason);
  }

  restart(reason) {
    this.worker.terminate();
    const pending = this.pending;
    this.pending = null;
    pending?.reject(new Cancelled(reason));
    this.spawn();
  }

  fail(error) {
    const pending = this.pending;
    this.pending = null;
    this.worker.terminate();
    pending?.reject(error);
    this.spawn();
  }

  onMessage(msg) {
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
