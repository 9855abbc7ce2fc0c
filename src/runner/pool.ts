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
 * takes it, not while it waits in a queue.
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
import { PageError } from '../fetching/page-error.js';
import { failedOutcome, processPage, type PageConfig, type PageOutcome, type PageTask } from './page.js';

/** Runs pages; `run` never rejects (a failure is an error outcome); `close` ends the worker threads. */
export interface PageRunner {
  run(task: PageTask): Promise<PageOutcome>;
  close(): Promise<void>;
}

/** Options of {@link createPageRunner}. */
export interface PoolOptions {
  /** Worker threads; 0 runs pages in the main thread, isolating nothing. @default 1 */
  jobs?: number;
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

/**
 * A runner with `jobs` worker threads (`jobs` >= 1), or one that runs pages in the main thread
 * (`jobs` = 0: no threads, no limits; for debugging and small batches).
 */
export function createPageRunner(config: PageConfig, options: PoolOptions = {}): PageRunner {
  const o: Readonly<Required<PoolOptions>> = { ...DEFAULT_POOL_OPTIONS, ...options };
  if (o.jobs === 0) return { run: (task) => processPage(task, config), close: async () => undefined };
  const workerUrl = new URL(`./worker${extname(new URL(import.meta.url).pathname)}`, import.meta.url);
  const pool = new Piscina<PageTask, PageOutcome>({
    filename: workerUrl.href,
    minThreads: o.jobs,
    maxThreads: o.jobs,
    idleTimeout: 60_000,
    workerData: config,
    resourceLimits: { maxOldGenerationSizeMb: o.workerMemoryMb },
    ...(workerExecArgv(workerUrl) ? { execArgv: workerExecArgv(workerUrl) } : {}),
  });
  const handOver = pLimit(o.jobs);
  const run = (task: PageTask): Promise<PageOutcome> => handOver(async () => {
    try {
      return await pool.run(task, {
        signal: AbortSignal.timeout(o.pageTimeoutMs),
        ...(task.bytes ? { transferList: [task.bytes.buffer as ArrayBuffer] } : {}),
      });
    } catch (error) {
      return failedOutcome(task, workerFailure(error, o), config.format, config.outDir);
    }
  });
  return { run, close: () => pool.destroy() };
}
