/**
 * The `--jobs` worker pool (piscina): N worker threads each running worker.ts, or the main thread
 * itself for `--jobs 0`. Works from the built `dist/` (worker.js) and from the TypeScript sources
 * under tsx or vitest (worker.ts, loaded with `--import tsx`).
 *
 * Measured and left as they are (docs/benchmarks-cli.md, `bench/cli-jobs.js`): workers start before
 * the inputs are listed; results come back as strings (the main thread's whole share of a batch is
 * ≈ 0.15 CPU-s per 181 pages, so transferable bytes gain nothing); no `resourceLimits` (a larger
 * young generation gave no CPU gain and +58 MB of RSS with two workers) and no V8 flags (the helper
 * threads' time is TurboFan work that must be done anyway). What limits `--jobs 2` is each isolate's
 * warm-up (library load and JIT) and the contention of two extraction threads, not the pool.
 * @module
 */
import { extname } from 'node:path';
import { Piscina } from 'piscina';
import { processPage, type PageConfig, type PageOutcome, type PageTask } from './page.js';

/** Runs pages; `close` ends the worker threads. */
export interface PageRunner {
  run(task: PageTask): Promise<PageOutcome>;
  close(): Promise<void>;
}

/**
 * Node flags for the workers: none of our own from the built package (they inherit what Node lets a
 * worker inherit; passing V8 flags such as `--max-old-space-size` explicitly would be refused), and
 * `--import tsx` when running from the TypeScript sources.
 */
function workerExecArgv(workerUrl: URL): string[] | undefined {
  return extname(workerUrl.pathname) === '.ts' ? ['--import', 'tsx'] : undefined;
}

/**
 * A runner with `jobs` worker threads (`jobs` >= 1), or one that runs pages in the main thread
 * (`jobs` = 0: no threads; for debugging and small batches).
 */
export function createPageRunner(config: PageConfig, jobs: number): PageRunner {
  if (jobs === 0) return { run: (task) => processPage(task, config), close: async () => undefined };
  const workerUrl = new URL(`./worker${extname(new URL(import.meta.url).pathname)}`, import.meta.url);
  const pool = new Piscina<PageTask, PageOutcome>({
    filename: workerUrl.href,
    minThreads: jobs,
    maxThreads: jobs,
    idleTimeout: 60_000,
    workerData: config,
    ...(workerExecArgv(workerUrl) ? { execArgv: workerExecArgv(workerUrl) } : {}),
  });
  return {
    run: (task) => pool.run(task, task.bytes ? { transferList: [task.bytes.buffer as ArrayBuffer] } : {}),
    close: () => pool.destroy(),
  };
}
