import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Password hashing (scrypt) in a bounded pool of worker threads of its own (docs/configuration.md
 * HASH_WORKERS, HASH_QUEUE). Before, scrypt ran on libuv's thread pool, which file reads and DNS share:
 * 64 parallel bogus logins made `GET /` wait 18.5 s. Now at most `workers` hashes run at once, at most
 * `queue` wait, and anything beyond is refused at once ({@link HashPoolFull}), so a login flood cannot
 * starve the rest of the server.
 */

/** Pool sizes. */
export interface HashPoolOptions {
  /** Worker threads (default: cores − 1, at least 1). */
  workers: number;
  /** Jobs that may wait for a free worker; one more is refused (default 32). */
  queue: number;
}

/** Default number of hashing threads: leave one core to the event loop. */
export function defaultHashWorkers(): number {
  return Math.max(1, availableParallelism() - 1);
}

/** The pool is busy: more jobs are waiting than the queue holds. Logins answer RATE_LIMITED. */
export class HashPoolFull extends Error {
  constructor() {
    super('password hashing queue is full');
    this.name = 'HashPoolFull';
  }
}

/** One scrypt derivation; parameters as node:crypto `scrypt` takes them. */
export interface ScryptJob {
  password: string;
  salt: Buffer;
  keyBytes: number;
  N: number;
  r: number;
  p: number;
  maxmem: number;
}

// Plain JavaScript evaluated in the worker, so it runs the same under tsx, Vitest and a build.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
parentPort.on('message', (m) => {
  try {
    const key = scryptSync(m.password, Buffer.from(m.salt), m.keyBytes, { N: m.N, r: m.r, p: m.p, maxmem: m.maxmem });
    parentPort.postMessage({ id: m.id, key });
  } catch (e) {
    parentPort.postMessage({ id: m.id, error: String(e && e.message || e) });
  }
});
`;

interface Pending {
  job: ScryptJob;
  resolve(key: Buffer): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  busy: { id: number; pending: Pending } | null;
}

/** A fixed set of hashing threads with a bounded queue. Threads start lazily and never keep the process alive. */
export class HashPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(readonly options: HashPoolOptions) {}

  /** Jobs running plus waiting. */
  get load(): number {
    return this.slots.filter((s) => s.busy).length + this.waiting.length;
  }

  /**
   * Derives a key in a worker.
   * @throws HashPoolFull at once when `queue` jobs are already waiting.
   */
  derive(job: ScryptJob): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('hash pool closed'));
    return new Promise<Buffer>((resolve, reject) => {
      const pending: Pending = { job, resolve, reject };
      const slot = this.freeSlot();
      if (slot) return this.run(slot, pending);
      if (this.waiting.length >= this.options.queue) return reject(new HashPoolFull());
      this.waiting.push(pending);
    });
  }

  /** Stops the threads; waiting and running jobs are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.waiting.splice(0)) p.reject(new Error('hash pool closed'));
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }

  private freeSlot(): Slot | null {
    const idle = this.slots.find((s) => !s.busy);
    if (idle) return idle;
    if (this.slots.length < this.options.workers) return this.spawn();
    return null;
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    const slot: Slot = { worker, busy: null };
    worker.on('message', (m: { id: number; key?: Uint8Array; error?: string }) => {
      const busy = slot.busy;
      if (!busy || busy.id !== m.id) return;
      this.finish(slot);
      if (m.error !== undefined || !m.key) busy.pending.reject(new Error(m.error ?? 'scrypt failed'));
      else busy.pending.resolve(Buffer.from(m.key));
    });
    worker.on('error', (err: Error) => this.lose(slot, err));
    worker.on('exit', () => this.lose(slot, new Error('hash worker exited')));
    this.slots.push(slot);
    return slot;
  }

  /** A worker died: fail its job, drop it, and let the next job start a fresh one. */
  private lose(slot: Slot, err: Error): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    const busy = slot.busy;
    slot.busy = null;
    busy?.pending.reject(err);
    if (!this.closed) this.startWaiting();
  }

  private run(slot: Slot, pending: Pending): void {
    const id = this.nextId++;
    slot.busy = { id, pending };
    slot.worker.ref(); // a running job keeps the process alive until it answers
    const { job } = pending;
    slot.worker.postMessage({ id, password: job.password, salt: job.salt, keyBytes: job.keyBytes, N: job.N, r: job.r, p: job.p, maxmem: job.maxmem });
  }

  private finish(slot: Slot): void {
    slot.busy = null;
    slot.worker.unref();
    this.startWaiting();
  }

  private startWaiting(): void {
    while (this.waiting.length > 0) {
      const slot = this.freeSlot();
      if (!slot) return;
      this.run(slot, this.waiting.shift()!);
    }
  }
}

let shared: HashPool | null = null;

/** The process's hashing pool (created on first use with the defaults unless {@link configureHashPool} ran). */
export function hashPool(): HashPool {
  shared ??= new HashPool({ workers: defaultHashWorkers(), queue: 32 });
  return shared;
}

/**
 * Sizes the process's hashing pool (server start, from HASH_WORKERS and HASH_QUEUE). A pool already
 * running with other sizes is replaced; jobs it runs finish on it.
 */
export function configureHashPool(options: HashPoolOptions): HashPool {
  if (shared && shared.options.workers === options.workers && shared.options.queue === options.queue) return shared;
  const old = shared;
  shared = new HashPool(options);
  if (old) setTimeout(() => void old.close(), 60_000).unref();
  return shared;
}
