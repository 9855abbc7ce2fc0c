/**
 * `matn worker`: takes page jobs from the queue and extracts them in a worker-thread pool (the
 * CLI's, runner/pool.ts), writing each record to an output directory (one file per page, written
 * atomically, named by page id: a page processed twice, after a worker died holding it, still gives
 * one file) or appending it to a Redis stream. Failures that may pass (I/O, network, timeouts) are
 * retried with backoff; a page whose last attempt fails, or that can never succeed (not text, too
 * large), goes to the dead-letter list. `close()` stops taking jobs and waits for the ones running.
 * @module
 */
import { mkdir } from 'node:fs/promises';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Dispatcher } from 'undici';
import type { FetchOptions } from '../fetching/fetch-options.js';
import { failedOutcome, type PageConfig, type PageOutcome, type PageTask } from '../runner/page.js';
import { createPageRunner } from '../runner/pool.js';
import type { PageJobData } from './jobs.js';
import { assertRedisReachable, connectionOf, deadLetterKey, DEFAULT_QUEUE_OPTIONS, type QueueTarget } from './options.js';

/** Where records go: a directory, or a Redis stream. */
export type ResultSink = { readonly dir: string } | { readonly stream: string };

/** Options of {@link startWorker}. */
export interface WorkerOptions extends QueueTarget {
  /** Pages extracted at once (worker threads and jobs held). @default 1 */
  readonly jobs?: number;
  /** Extraction settings of every page; `outDir` is set from `sink`. */
  readonly page: Omit<PageConfig, 'outDir'>;
  readonly sink: ResultSink;
  /** A job's lock, in ms: a dead worker's jobs are taken again after it. @default 30000 */
  readonly lockMs?: number;
  /** Fetching URL jobs (the SSRF guard refuses private addresses unless `allowPrivate`). @default {} */
  readonly fetch?: FetchOptions;
  /** Called after each page (for progress lines). */
  readonly onPage?: (outcome: PageOutcome) => void;
}

/** A running worker. */
export interface RunningWorker {
  /** Stops taking jobs, waits for the running ones, ends the threads and connections. */
  close(): Promise<void>;
  /** Pages done and failed so far. */
  readonly counts: { done: number; failed: number };
}

/** Error codes that may pass on a later attempt (the rest fail at once). */
const RETRIABLE = new Set(['io-error', 'fetch-error', 'timeout', 'http-error', 'internal-error']);

/** The page task of a job (URL jobs are fetched first, in this thread). */
async function taskOf(data: PageJobData, fetcher: () => Promise<{ fetch: (url: string) => Promise<{ bytes: Uint8Array; finalUrl: string; contentType: string }> }>): Promise<PageTask> {
  if (data.kind === 'file') return { id: data.id, file: data.path };
  if (data.kind === 'bytes') {
    return {
      id: data.id, url: data.url, bytes: Buffer.from(data.base64, 'base64'),
      ...(data.contentType ? { contentType: data.contentType } : {}), ...(data.httpStatus !== undefined ? { httpStatus: data.httpStatus } : {}),
    };
  }
  const page = await (await fetcher()).fetch(data.url);
  return { id: data.id, url: data.url, finalUrl: page.finalUrl, bytes: page.bytes, contentType: page.contentType };
}

/**
 * Starts a worker on the queue; it runs until {@link RunningWorker.close}.
 * @throws MatnError `io-error` when Redis cannot be reached at start (later drops are ridden out).
 */
export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  await assertRedisReachable(options.redis);
  const name = options.name ?? DEFAULT_QUEUE_OPTIONS.name;
  const jobs = Math.max(1, options.jobs ?? 1);
  const outDir = 'dir' in options.sink ? options.sink.dir : null;
  // temp files are not swept at start (as `extract --out` does): other workers may be writing
  // theirs in the same directory; a killed worker's `.NAME.RANDOM.matn-tmp` is never a final name
  if (outDir !== null) await mkdir(outDir, { recursive: true });
  // stream mode: the pool serializes records (JSON Lines), the worker appends them
  const config: PageConfig = { ...options.page, outDir, ...(outDir === null ? { format: 'jsonl' as const } : {}) };
  const runner = createPageRunner(config, { jobs });
  let dispatcher: Dispatcher | null = null;
  let fetchClient: { fetch: (url: string) => Promise<{ bytes: Uint8Array; finalUrl: string; contentType: string }> } | null = null;
  const fetcher = async (): Promise<NonNullable<typeof fetchClient>> => {
    if (fetchClient) return fetchClient;
    const { createDispatcher, fetchPage } = await import('../fetching/fetch.js'); // undici only for URL jobs
    const own = createDispatcher(options.fetch?.allowPrivate === true);
    dispatcher = own;
    fetchClient = { fetch: (url) => fetchPage(url, { maxBytes: options.page.maxBytes, ...options.fetch }, own) };
    return fetchClient;
  };
  const counts = { done: 0, failed: 0 };
  const deadKey = deadLetterKey(name);
  // our own connection for the dead-letter list and the result stream (BullMQ's are its own)
  const client = new Redis(options.redis, { maxRetriesPerRequest: null });
  client.on('error', () => undefined); // reconnects by itself

  const worker: Worker<PageJobData> = new Worker<PageJobData>(name, async (job: Job<PageJobData>) => {
    let outcome: PageOutcome;
    try {
      outcome = await runner.run(await taskOf(job.data, fetcher));
    } catch (error) {
      outcome = failedOutcome({ id: job.data.id }, error, 'jsonl', outDir);
    }
    options.onPage?.(outcome);
    if (outcome.ok) {
      if ('stream' in options.sink && outcome.output !== undefined) {
        await client.xadd(options.sink.stream, '*', 'id', job.data.id, 'record', outcome.output.trimEnd());
      }
      counts.done++;
      return { id: job.data.id };
    }
    const error = outcome.error ?? { code: 'internal-error', message: 'unknown failure' };
    const retriable = RETRIABLE.has(error.code);
    const last = !retriable || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    if (last) {
      counts.failed++;
      await client.lpush(deadKey, JSON.stringify({ id: job.data.id, jobId: job.id, attempts: job.attemptsMade + 1, error, at: new Date().toISOString() }));
    }
    const message = `${error.code}: ${error.message}`;
    throw retriable ? new Error(message) : new UnrecoverableError(message);
  }, {
    connection: connectionOf(options.redis),
    concurrency: jobs,
    lockDuration: options.lockMs ?? DEFAULT_QUEUE_OPTIONS.lockMs,
    // look for jobs of dead workers as often as a lock can expire
    stalledInterval: options.lockMs ?? DEFAULT_QUEUE_OPTIONS.lockMs,
  });
  worker.on('error', () => undefined); // connection hiccups: ioredis reconnects, BullMQ resumes
  await worker.waitUntilReady();
  return {
    counts,
    async close() {
      await worker.close();
      await runner.close();
      await client.quit();
      await (dispatcher as Dispatcher | null)?.close();
    },
  };
}
