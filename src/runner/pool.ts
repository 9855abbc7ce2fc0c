/**
 * The `--jobs` worker pool (piscina): N worker threads each running worker.ts, or the main thread
 * itself for `--jobs 0`. Works from the built `dist/` (worker.js) and from the TypeScript sources
 * under tsx or vitest (worker.ts, loaded with `--import tsx`).
 *
 * Isolation (issue 16): a page that crashes its worker, runs it out of memory (each worker has a
 * V8 heap limit, `workerMemoryMb`) or runs past `pageTimeoutMs` gives an error outcome for that page
 * only (`worker-crashed`, `out-of-memory`, `timeout`); piscina replaces the worker and the batch goes
 * on. `run` never rejects. With `--jobs 0` nothing is isolated: extraction is synchronous in the main
 * thread, so neither limit applies and a page that exhausts memory ends the process.
 *
 * At most `jobs` pages are handed to piscina at a time, so a page's time limit starts when a worker
 * takes it, not while it waits in a queue. A caller may withdraw a page (`run`'s `signal`: `matn
 * serve` past `--extract-timeout`): its worker is ended at once, so a page that runs too long never
 * holds a thread after its caller gave up. A page's bytes reach its worker as a copy.
 *
 * Measured and left as they are (docs/decisions.md, `bench/cli-jobs.js`): workers start before
 * the inputs are listed (without `--jobs`, after the CLI has counted at most smallBatchPages + 1 of them to pick the
 * number, jobs-choice.ts); results come back as strings (the main thread's whole share of a batch is
 * ≈ 0.15 CPU-s per 181 pages, so transferable bytes gain nothing); no V8 flags (none of those
 * tried lowered CPU on 10, 181 and 724 pages alike; the helper threads' time is TurboFan work that
 * must be done anyway). One page at a time per worker: the round trip through the main thread
 * between two pages (≈ 1 ms) is the price of a page time limit that starts when a worker takes the
 * page. What limits `--jobs 2` is each isolate's warm-up (library load and JIT), the cores `--jobs 1`
 * already uses, and the contention of two extraction threads, not the pool (the arithmetic:
 * docs/decisions.md).
 * @module
 */
import { extname } from 'node:path';
import pLimit from 'p-limit';
import { Piscina } from 'piscina';
import { CodedError } from '../core/errors.js';
import { PageError } from '../fetching/page-error.js';
import { failedOutcome, processPage, type PageConfig, type PageOutcome, type PageTask } from './page.js';
import type { WorkerData } from './worker.js';

/** Options of one {@link PageRunner.run} call. */
export interface RunOptions {
  /**
   * Withdraws the page when aborted: a page still waiting for a worker is never started, one that
   * is running has its worker ended (the pool starts a new one), and `run` resolves at once with an
   * error outcome: the signal's `reason` when it is a coded error (`MatnError`, `PageError`), else
   * `timeout`. With `jobs: 0` a page already running in the main thread cannot be stopped.
   */
  readonly signal?: AbortSignal;
}

/** Runs pages; `run` never rejects (a failure is an error outcome); `close` ends the worker threads. */
export interface PageRunner {
  run(task: PageTask, options?: RunOptions): Promise<PageOutcome>;
  /**
   * Resolves once every worker thread has loaded the library (and, with `warmUp`, warmed up).
   * piscina hands pages to its first workers before they have loaded; a caller with a deadline
   * per page (`matn serve`) waits for this before it takes pages.
   */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Options of {@link createPageRunner}. */
export interface PoolOptions {
  /** Worker threads; 0 runs pages in the main thread, isolating nothing. @default 1 */
  jobs?: number;
  /**
   * Worker threads started beyond `jobs` that run no page of their own: when a withdrawn or timed
   * out page ends its worker, the next page goes to one of them at once instead of waiting for the
   * replacement to start (loading the library takes a worker hundreds of ms). Pages run at once
   * stay at most `jobs`. Ignored with `jobs: 0`.
   * @default 0
   */
  spareWorkers?: number;
  /**
   * Each worker extracts a small page of its own before it takes pages, so that its first page
   * does not pay for lazy loading and first compilation (a service answering one page at a time
   * wants that; a batch does not, its workers warm up on its pages). @default false
   */
  warmUp?: boolean;
  /** Time one page may take in a worker before the worker is ended and the page gets `timeout`. @default 60000 */
  pageTimeoutMs?: number;
  /**
   * V8 old-generation heap of each worker, in MiB (`resourceLimits.maxOldGenerationSizeMb`); a page
   * that needs more gets `out-of-memory`. The default leaves room for the largest accepted page
   * (32 MiB) at the ≈ 20× input that extraction is meant to stay under, with margin.
   * @default 2048
   */
  workerMemoryMb?: number;
}

/** Defaults of {@link PoolOptions}. */
export const DEFAULT_POOL_OPTIONS: Readonly<Required<PoolOptions>> = Object.freeze({
  jobs: 1,
  spareWorkers: 0,
  warmUp: false,
  pageTimeoutMs: 60_000,
  workerMemoryMb: 2048,
});

/**
 * Node flags for the workers: none of our own from the built package (they inherit what Node lets a
 * worker inherit; passing V8 flags such as `--max-old-space-size` explicitly would be refused), and
 * `--import tsx` when running from the TypeScript sources.
 */
function workerExecArgv(workerUrl: URL): string[] | undefined {
  return extname(workerUrl.pathname) === '.ts' ? ['--import', 'tsx'] : undefined;
}

/** The page error of a worker that did not return: timed out, out of memory, or crashed otherwise. */
export function workerFailure(error: unknown, options: Readonly<Required<PoolOptions>>): PageError {
  const { name, code, message } = error as { name?: string; code?: string; message?: string };
  if (name === 'AbortError') {
    return new PageError('timeout', `the page took longer than ${options.pageTimeoutMs} ms (--page-timeout); its worker was ended`, { pageTimeoutMs: options.pageTimeoutMs });
  }
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new PageError('out-of-memory', `the page needed more than the worker's ${options.workerMemoryMb} MiB heap (--worker-memory); its worker was replaced`, { workerMemoryMb: options.workerMemoryMb });
  }
  return new PageError('worker-crashed', `the worker processing the page stopped: ${message ?? String(error)}`, { cause: code ?? name ?? null });
}

/** The error of a withdrawn page: the abort's reason when it is coded, else `timeout`. */
function withdrawnError(signal: AbortSignal): unknown {
  return signal.reason instanceof CodedError ? signal.reason : new PageError('timeout', 'the page was withdrawn before it was done');
}

/** Resolves when `signal` aborts; `settled` removes the listener once the page is done. */
function whenAborted(signal: AbortSignal, settled: Promise<unknown>): Promise<void> {
  return new Promise((resolve) => {
    const onAbort = (): void => resolve();
    signal.addEventListener('abort', onAbort, { once: true });
    void settled.finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** `run` with {@link RunOptions.signal}: the page's own outcome, or the withdrawn one as soon as the signal aborts. */
function withdrawable(run: (task: PageTask, signal?: AbortSignal) => Promise<PageOutcome>, config: PageConfig): PageRunner['run'] {
  return (task, options = {}) => {
    const { signal } = options;
    if (signal === undefined) return run(task);
    const withdrawn = (): PageOutcome => failedOutcome(task, withdrawnError(signal), config.format, config.outDir);
    if (signal.aborted) return Promise.resolve(withdrawn());
    const done = run(task, signal);
    return Promise.race([done, whenAborted(signal, done).then(withdrawn)]);
  };
}

/**
 * A runner with `jobs` worker threads (`jobs` >= 1), or one that runs pages in the main thread
 * (`jobs` = 0: no threads, no limits; for debugging and small batches).
 */
export function createPageRunner(config: PageConfig, options: PoolOptions = {}): PageRunner {
  const o: Readonly<Required<PoolOptions>> = { ...DEFAULT_POOL_OPTIONS, ...options };
  if (o.jobs === 0) {
    return { run: withdrawable((task) => processPage(task, config), config), ready: async () => undefined, close: async () => undefined };
  }
  const workerUrl = new URL(`./worker${extname(new URL(import.meta.url).pathname)}`, import.meta.url);
  const pool = new Piscina<PageTask, PageOutcome>({
    filename: workerUrl.href,
    minThreads: o.jobs + o.spareWorkers,
    maxThreads: o.jobs + o.spareWorkers,
    idleTimeout: 60_000,
    workerData: { config, warmUp: o.warmUp } satisfies WorkerData,
    resourceLimits: { maxOldGenerationSizeMb: o.workerMemoryMb },
    ...(workerExecArgv(workerUrl) ? { execArgv: workerExecArgv(workerUrl) } : {}),
  });
  const handOver = pLimit(o.jobs);
  const run = (task: PageTask, withdrawn?: AbortSignal): Promise<PageOutcome> => handOver(async () => {
    if (withdrawn?.aborted) return failedOutcome(task, withdrawnError(withdrawn), config.format, config.outDir);
    // the worker gets a copy: transferring the caller's buffer would detach it (and with it, for a
    // view such as a Node Buffer, every other view of that memory: a stream's read buffer)
    const bytes = task.bytes === undefined ? undefined : new Uint8Array(task.bytes);
    const timeout = AbortSignal.timeout(o.pageTimeoutMs);
    try {
      return await pool.run(bytes === undefined ? task : { ...task, bytes }, {
        signal: withdrawn === undefined ? timeout : AbortSignal.any([timeout, withdrawn]),
        ...(bytes === undefined ? {} : { transferList: [bytes.buffer] }),
      });
    } catch (error) {
      return failedOutcome(task, withdrawn?.aborted ? withdrawnError(withdrawn) : workerFailure(error, o), config.format, config.outDir);
    }
  });
  // one call per thread at once: the least-busy balancer gives each to a different idle worker
  const ready = async (): Promise<void> => { await Promise.all(Array.from({ length: pool.options.maxThreads }, () => pool.run({ id: 'ready' }, { name: 'ready' }))); };
  return { run: withdrawable(run, config), ready, close: () => pool.destroy() };
}
