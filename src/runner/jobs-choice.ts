/**
 * The default of `--jobs`, picked from the batch (issue 19): the main thread for a small batch of
 * files known up front, else one worker per core. An explicit `--jobs N` is always obeyed.
 *
 * Why: every worker of the pool loads the library and warms up its JIT, a fixed cost of about one
 * pass over a 181-page corpus (docs/decisions.md); on a handful of pages that costs more than
 * extracting them in the main thread.
 *
 * Why only when small in bytes: the main thread isolates nothing (no `--page-timeout`, no
 * `--worker-memory`; a page that exhausts the heap ends the run). Extraction needs up to ≈ 100× a
 * page's size in heap (docs/limits.md), so a batch of at most `smallBatchBytes` in all cannot run
 * the main thread out of memory; and a user who asks for a time or heap limit gets the workers
 * that enforce it.
 * @module
 */

/** Options of {@link chooseJobs}. */
export interface JobsChoiceOptions {
  /**
   * Most pages a batch may have to run in the main thread by default. Measured (docs/decisions.md,
   * 2 cores, load 2–4): the main thread beat two workers on every batch tried, 10 to 181 en-news pages
   * and the 212 small pages of charset-chardet-dev (4 MB); 200 is the largest count measured there,
   * rounded down. The byte limit below usually binds first (50 en-news pages are over 8 MiB).
   * @default 200
   */
  readonly smallBatchPages: number;
  /**
   * Most bytes (file sizes on disk, all pages together) a batch may have to run in the main thread by
   * default: at ≈ 100× the input in heap at worst, 8 MiB stays far below Node's default heap limit
   * (≈ 4 GiB on a 64-bit machine) even if it were all one page.
   * @default 8 MiB (8,388,608 bytes)
   */
  readonly smallBatchBytes: number;
}

/** Defaults of {@link JobsChoiceOptions}. */
export const DEFAULT_JOBS_CHOICE_OPTIONS: Readonly<JobsChoiceOptions> = Object.freeze({
  smallBatchPages: 200,
  smallBatchBytes: 8 * 1024 * 1024,
});

/** What is known of a batch before it starts. */
export interface BatchSize {
  /** Pages counted (all of them when `complete`, else counting stopped past a limit). */
  readonly pages: number;
  /** Their bytes on disk. */
  readonly bytes: number;
  /** True when every page of the batch was counted. */
  readonly complete: boolean;
}

/** Why a number of jobs was picked. */
export type JobsReason =
  /** `--jobs N` given. */
  | 'explicit'
  /** Default: the batch is small, so the main thread. */
  | 'small-batch'
  /** Default: the batch has more pages or bytes than a small one. */
  | 'large-batch'
  /** Default: the batch's size is not known up front (stdin, URLs, WARC, gzipped files). */
  | 'unknown-size'
  /** Default: `--page-timeout` or `--worker-memory` given, which only workers enforce. */
  | 'isolation';

/** The number of worker threads (0: the main thread) and why. */
export interface JobsChoice {
  readonly jobs: number;
  readonly reason: JobsReason;
  /** The batch as counted, when it was. */
  readonly batch: BatchSize | null;
}

/** What {@link chooseJobs} decides from. */
export interface JobsRequest {
  /** `--jobs` when the user gave it. */
  readonly explicitJobs?: number;
  /** True when `--page-timeout` or `--worker-memory` was given. */
  readonly isolationAsked: boolean;
  /** The batch's size, or null when it is not known up front. */
  readonly batch: BatchSize | null;
  /** Workers of a pool by default (`os.availableParallelism()`). */
  readonly cores: number;
}

/** True when `batch` is small enough for the main thread under `options`. */
export function isSmallBatch(batch: BatchSize, options: Readonly<JobsChoiceOptions> = DEFAULT_JOBS_CHOICE_OPTIONS): boolean {
  return batch.complete && batch.pages <= options.smallBatchPages && batch.bytes <= options.smallBatchBytes;
}

/** Picks the number of jobs (see the module comment); pure. */
export function chooseJobs(request: JobsRequest, options: Readonly<JobsChoiceOptions> = DEFAULT_JOBS_CHOICE_OPTIONS): JobsChoice {
  const { batch } = request;
  if (request.explicitJobs !== undefined) return { jobs: request.explicitJobs, reason: 'explicit', batch };
  const pool = Math.max(1, request.cores);
  if (request.isolationAsked) return { jobs: pool, reason: 'isolation', batch };
  if (batch === null) return { jobs: pool, reason: 'unknown-size', batch };
  return isSmallBatch(batch, options) ? { jobs: 0, reason: 'small-batch', batch } : { jobs: pool, reason: 'large-batch', batch };
}

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** How the pages ran, for the summary line: e.g. `main thread (default for a small batch: 3 pages, 0.1 MB)`. */
export function describeJobs(choice: JobsChoice, options: Readonly<JobsChoiceOptions> = DEFAULT_JOBS_CHOICE_OPTIONS): string {
  const where = choice.jobs === 0 ? 'main thread' : `${choice.jobs} worker${choice.jobs === 1 ? '' : 's'}`;
  const limits = `${options.smallBatchPages} pages, ${megabytes(options.smallBatchBytes)}`;
  switch (choice.reason) {
    case 'explicit': return `${where} (--jobs ${choice.jobs})`;
    case 'small-batch': return `${where} (default for a small batch: ${choice.batch?.pages ?? 0} pages, ${megabytes(choice.batch?.bytes ?? 0)}; at most ${limits})`;
    case 'large-batch': return `${where} (default: batch over ${limits})`;
    case 'unknown-size': return `${where} (default: batch size not known up front)`;
    case 'isolation': return `${where} (default: --page-timeout and --worker-memory need workers)`;
  }
}
