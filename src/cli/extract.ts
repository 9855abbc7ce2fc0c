/**
 * `matn extract`: main text, metadata and posts of pages, one record per page, offline (files,
 * directories, globs) or online (`--urls`), in a worker pool, streamed with bounded memory.
 * @module
 */
import { mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import pLimit, { type LimitFunction } from 'p-limit';
import type { Dispatcher } from 'undici';
import type { MetadataOptions } from '../index.js';
import type { FetchOptions } from '../fetching/fetch-options.js';
import type { FetchedPage } from '../fetching/fetch.js';
import { outputExtension, type OutputFormat } from '../runner/formats.js';
import { countSources, iterateUrls, type PageSource } from '../runner/inputs.js';
import { isUrlArgument, iterateArguments, readStdin } from './arguments.js';
import { RecordWriter, write, type CliIo } from './io.js';
import { exists, outputPath, readDoneIds, removeStaleTempFiles } from '../runner/out-dir.js';
import { failedOutcome, type PageConfig, type PageOutcome } from '../runner/page.js';
import { PageError } from '../fetching/page-error.js';
import { createPageRunner, DEFAULT_POOL_OPTIONS, type PageRunner } from '../runner/pool.js';
import { countOutcome, createProgress, formatSummary, newCounts, type BatchCounts } from './progress.js';
import { normalizeOptionsOf, UsageError, type ReadOptions } from './options.js';
import { runBounded } from '../runner/batch.js';
import { checkWarcFiles, iterateWarcSources } from './warc-input.js';
import { chooseJobs, DEFAULT_JOBS_CHOICE_OPTIONS, describeJobs, type JobsChoice, type JobsChoiceOptions } from '../runner/jobs-choice.js';
import { peekBatch } from '../runner/batch-peek.js';
import type { ExtractField } from '../runner/record.js';
import type { WarcStatusFilter } from '../sources/warc.js';

export { DEFAULT_EXTRACT_FIELDS, EXTRACT_FIELDS, extractRecord } from '../runner/record.js';
export type { ExtractField } from '../runner/record.js';
export { formatMarkdown, formatText } from '../runner/formats.js';

/** Options of the `extract` command, as commander parses them. */
export interface ExtractCommandOptions extends ReadOptions {
  /** Unset: `jsonl` when stdout is not a terminal, `text` on a terminal. */
  format?: OutputFormat;
  algorithm: string;
  fields: readonly ExtractField[];
  /** Keep the headline that repeats the title at the top of the body. */
  keepHeadline?: boolean;
  /** Extractor options (already validated, see `extractorOptionsOf`). */
  extractorOptions?: Record<string, unknown>;
  /** Metadata options (already validated, see `metadataOptionsOf`). */
  metadataOptions?: MetadataOptions;
  /** A file of URLs, one per line, or `-` for stdin (online mode). */
  urls?: string;
  /** WARC files whose HTML response records are the pages (`--warc`, repeatable). */
  warc?: readonly string[];
  /** `--warc-status`: which HTTP statuses of WARC captures are pages. @default '2xx' */
  warcStatus?: WarcStatusFilter;
  /** `--url`: the address of the files or standard input, the base their links and images resolve against. */
  url?: string;
  out?: string;
  /** `true` with `--out`; a JSON Lines file of a previous run without it. */
  resume?: boolean | string;
  /**
   * Worker threads; 0 runs pages in the main thread. Unset: picked from the batch ({@link chooseJobs}):
   * 0 for a small batch of files known up front, else `os.availableParallelism()`.
   */
  jobs?: number;
  /** Limits of a small batch when `jobs` is unset. @default DEFAULT_JOBS_CHOICE_OPTIONS */
  jobsChoice?: JobsChoiceOptions;
  ordered?: boolean;
  quiet?: boolean;
  timeout?: number;
  retries?: number;
  retryDelay?: number;
  maxRedirects?: number;
  userAgent?: string;
  allowPrivate?: boolean;
  /** Time one page may take in a worker (milliseconds); `timeout` record past it. Given: workers by default. @default 60000 */
  pageTimeout?: number;
  /** V8 heap of each worker (MiB); `out-of-memory` record past it. Given: workers by default. @default 2048 */
  workerMemory?: number;
  /** Requests in flight, at most, overall. @default 16 */
  concurrency?: number;
  /** Requests in flight, at most, per host. @default 2 */
  perHost?: number;
}

/** Default of `--concurrency`. */
export const DEFAULT_CONCURRENCY = 16;
/** Default of `--per-host`. */
export const DEFAULT_PER_HOST = 2;

/** Checks combinations commander cannot; throws {@link UsageError}. */
export function checkExtractUsage(paths: readonly string[], options: ExtractCommandOptions): void {
  if (options.urls !== undefined && paths.length > 0) throw new UsageError('give either paths or --urls, not both');
  if (options.warc !== undefined && (paths.length > 0 || options.urls !== undefined)) throw new UsageError('give either --warc or paths/--urls, not both');
  if (options.urls === undefined && options.warc === undefined && paths.length === 0) throw new UsageError('nothing to extract: give files, directories or globs, or --urls FILE (- for stdin)');
  if (options.resume !== undefined && options.resume !== false) {
    if (options.out !== undefined && typeof options.resume === 'string') throw new UsageError('with --out, --resume takes no file: it skips pages whose file exists in the --out directory');
    if (options.out === undefined && typeof options.resume !== 'string') throw new UsageError('--resume needs --out DIR, or a file: --resume previous.jsonl (pages with a good record there are skipped)');
    if (options.out === undefined && (options.format ?? 'jsonl') !== 'jsonl') throw new UsageError('--resume FILE works with --format jsonl only');
  }
}

/** Per-host and overall request limits (p-limit); a host's limiter is dropped when idle. */
class RequestLimits {
  private readonly overall: LimitFunction;
  private readonly hosts = new Map<string, LimitFunction>();
  constructor(concurrency: number, private readonly perHost: number) {
    this.overall = pLimit(concurrency);
  }

  async run<T>(url: string, fn: () => Promise<T>): Promise<T> {
    let host: string;
    try { host = new URL(url).host; } catch { host = ''; }
    let limit = this.hosts.get(host);
    if (!limit) {
      limit = pLimit(this.perHost);
      this.hosts.set(host, limit);
    }
    const own = limit;
    try {
      return await own(() => this.overall(fn)); // waiting for a host slot holds no overall slot
    } finally {
      if (own.activeCount === 0 && own.pendingCount === 0 && this.hosts.get(host) === own) this.hosts.delete(host);
    }
  }
}

/** What online mode needs: the HTTP client (loaded only in online mode), its pool and limits. */
interface Fetcher {
  readonly dispatcher: Dispatcher;
  readonly limits: RequestLimits;
  readonly options: FetchOptions;
  readonly fetchPage: (url: string, options: FetchOptions, dispatcher: Dispatcher) => Promise<FetchedPage>;
}

interface BatchContext {
  readonly config: PageConfig;
  readonly runner: PageRunner;
  readonly options: ExtractCommandOptions;
  readonly done: ReadonlySet<string> | null;
  /** Ids of the batch so far: a second page with one gets `duplicate-id` (files get unique ids; a URL listed twice does not). */
  readonly seen: Set<string>;
  readonly fetcher: Fetcher | null;
  /** Standard input, for the `-` argument. */
  readonly stdin: CliIo['stdin'];
}

/** What a failed record says of its input: the id, and the file or the URL (and a capture's HTTP status). */
function taskOf(source: PageSource): { id: string; file?: string; url?: string; httpStatus?: number | null } {
  switch (source.kind) {
    case 'file': return { id: source.id, file: source.path };
    case 'url': return { id: source.id, url: source.url };
    case 'bytes': return { id: source.id, url: source.url, ...(source.httpStatus !== undefined ? { httpStatus: source.httpStatus } : {}) };
    default: return { id: source.id };
  }
}

/** Processes one input; never rejects, so one page cannot stop the batch. */
async function processSource(source: PageSource, ctx: BatchContext): Promise<PageOutcome> {
  const task = taskOf(source);
  try {
    return await processSourceOrThrow(source, ctx);
  } catch (error) {
    return failedOutcome(task, error, ctx.config.format, ctx.config.outDir);
  }
}

async function processSourceOrThrow(source: PageSource, ctx: BatchContext): Promise<PageOutcome> {
  const { config } = ctx;
  const task = taskOf(source);
  if (source.kind === 'file' && source.problem) return failedOutcome(task, new PageError(source.problem.code, source.problem.message), config.format, config.outDir);
  if (source.kind === 'unreadable') return failedOutcome(task, source.error, config.format, config.outDir);
  if (ctx.seen.has(source.id)) {
    return failedOutcome(task, new PageError('duplicate-id', `another page of this batch has the id "${source.id}" (the same URL listed twice?); its record would be taken for the other's`), config.format, config.outDir);
  }
  ctx.seen.add(source.id);
  if (ctx.options.resume) {
    const done = config.outDir !== null ? await exists(outputPath(config.outDir, source.id, outputExtension(config.format))) : ctx.done?.has(source.id) === true;
    if (done) return { id: source.id, ok: true, skipped: true };
  }
  if (source.kind === 'bytes') {
    // the page's own address is the URL it was captured from
    return ctx.runner.run({ ...task, bytes: source.bytes, ...(source.contentType ? { contentType: source.contentType } : {}) });
  }
  if (source.kind === 'stdin') {
    try {
      return await ctx.runner.run({ ...task, bytes: await readStdin(ctx.stdin, config.maxBytes) });
    } catch (error) {
      return failedOutcome(task, error, config.format, config.outDir);
    }
  }
  if (source.kind === 'file' || !ctx.fetcher) return ctx.runner.run(task);
  const { dispatcher, limits, options, fetchPage } = ctx.fetcher;
  try {
    const page = await limits.run(source.url, () => fetchPage(source.url, options, dispatcher));
    return await ctx.runner.run({ ...task, finalUrl: page.finalUrl, bytes: page.bytes, contentType: page.contentType });
  } catch (error) {
    return failedOutcome(task, error, config.format, config.outDir);
  }
}

function pageConfigOf(options: ExtractCommandOptions, format: OutputFormat): PageConfig {
  return {
    algorithm: options.algorithm,
    extractor: options.extractorOptions ?? {},
    metadata: options.metadataOptions ?? {},
    keepHeadline: options.keepHeadline === true,
    normalize: normalizeOptionsOf(options),
    fields: options.fields,
    format,
    maxBytes: options.maxBytes,
    outDir: options.out ?? null,
    ...(options.url !== undefined ? { url: options.url } : {}),
  };
}

async function fetcherOf(options: ExtractCommandOptions, paths: readonly string[]): Promise<Fetcher | null> {
  if (options.urls === undefined && !paths.some(isUrlArgument)) return null;
  const { createDispatcher, fetchPage } = await import('../fetching/fetch.js'); // undici only in online mode
  return {
    fetchPage,
    dispatcher: createDispatcher(options.allowPrivate === true),
    limits: new RequestLimits(options.concurrency ?? DEFAULT_CONCURRENCY, options.perHost ?? DEFAULT_PER_HOST),
    options: {
      maxBytes: options.maxBytes,
      allowPrivate: options.allowPrivate === true,
      ...(options.timeout !== undefined ? { timeoutMs: options.timeout } : {}),
      ...(options.retries !== undefined ? { retries: options.retries } : {}),
      ...(options.retryDelay !== undefined ? { retryDelayMs: options.retryDelay } : {}),
      ...(options.maxRedirects !== undefined ? { maxRedirects: options.maxRedirects } : {}),
      ...(options.userAgent !== undefined ? { userAgent: options.userAgent } : {}),
    },
  };
}

/** Writes outcomes: records on stdout (a JSON array, JSON lines, or text blocks). */
function outputOf(io: CliIo, format: OutputFormat, outDir: string | null): { emit(o: PageOutcome): Promise<void>; end(): Promise<void> } {
  if (outDir === null && format === 'json') {
    const writer = new RecordWriter(io.stdout, 'json');
    return { emit: async (o) => { if (o.output !== undefined) await writer.pushSerialized(o.output); }, end: () => writer.end() };
  }
  return { emit: async (o) => { if (o.output !== undefined) await write(io.stdout, o.output); }, end: async () => undefined };
}

/** True when the pages are files named or found up front (no stdin, URL, URL list or WARC): only those are counted. */
function filesOnly(paths: readonly string[], options: ExtractCommandOptions): boolean {
  return options.urls === undefined && options.warc === undefined && !paths.some((p) => p === '-' || isUrlArgument(p));
}

/**
 * The number of jobs and the sources to run: `--jobs` when given; else the batch's head is counted
 * (files only, and only when no isolation limit was asked for) and {@link chooseJobs} decides.
 */
async function planJobs(paths: readonly string[], options: ExtractCommandOptions, sources: () => AsyncIterable<PageSource>): Promise<{ choice: JobsChoice; sources: AsyncIterable<PageSource> }> {
  const limits = options.jobsChoice ?? DEFAULT_JOBS_CHOICE_OPTIONS;
  const request = {
    ...(options.jobs !== undefined ? { explicitJobs: options.jobs } : {}),
    isolationAsked: options.pageTimeout !== undefined || options.workerMemory !== undefined,
    cores: availableParallelism(),
  };
  if (request.explicitJobs !== undefined || request.isolationAsked || !filesOnly(paths, options)) {
    return { choice: chooseJobs({ ...request, batch: null }, limits), sources: sources() };
  }
  const peeked = await peekBatch(sources(), { maxPages: limits.smallBatchPages, maxBytes: limits.smallBatchBytes });
  return { choice: chooseJobs({ ...request, batch: peeked.batch }, limits), sources: peeked.sources };
}

function isTerminal(stream: unknown): boolean {
  return (stream as { isTTY?: boolean }).isTTY === true;
}

/**
 * Runs the command: streams the pages through the pool and writes each result as it is ready
 * (in input order with `--ordered`). Resolves to the counts; the summary goes to stderr.
 */
export async function runExtractBatch(paths: readonly string[], options: ExtractCommandOptions, io: CliIo): Promise<BatchCounts> {
  checkExtractUsage(paths, options);
  if (options.warc !== undefined) await checkWarcFiles(options.warc);
  const format = options.format ?? (isTerminal(io.stdout) ? 'text' : 'jsonl');
  const config = pageConfigOf(options, format);
  if (config.outDir !== null) {
    await mkdir(config.outDir, { recursive: true });
    await removeStaleTempFiles(config.outDir);
  }
  const previous = typeof options.resume === 'string' ? await readDoneIds(options.resume) : null;
  // appending to a file a killed run left mid-line: start on a new line so no record is glued to it
  if (previous?.endsMidLine) await write(io.stdout, '\n');
  if (previous && previous.duplicates > 0) {
    await write(io.stderr, `matn: warning: ${options.resume as string} has ${previous.duplicates} duplicate id(s) (e.g. "${previous.firstDuplicate ?? ''}"): those pages are skipped once done under any of them\n`);
  }
  const fetcher = await fetcherOf(options, paths);
  const sources = (): AsyncIterable<PageSource> => (options.warc !== undefined ? iterateWarcSources(options.warc, { maxBytes: options.maxBytes, httpStatus: options.warcStatus ?? '2xx' })
    : options.urls !== undefined ? iterateUrls(options.urls, io.stdin) : iterateArguments(paths));
  const plan = await planJobs(paths, options, sources);
  const { jobs } = plan.choice;
  const progress = await createProgress(io.stderr, options.quiet === true);
  // a WARC is not read twice for the bar's total
  if (progress.active && options.urls !== '-' && !paths.includes('-') && options.warc === undefined) void countSources(sources()).then((n) => progress.setTotal(n), () => undefined);
  const runner = createPageRunner(config, {
    jobs,
    pageTimeoutMs: options.pageTimeout ?? DEFAULT_POOL_OPTIONS.pageTimeoutMs,
    workerMemoryMb: options.workerMemory ?? DEFAULT_POOL_OPTIONS.workerMemoryMb,
  });
  const ctx: BatchContext = { config, runner, options, done: previous?.ids ?? null, seen: new Set(), fetcher, stdin: io.stdin };
  const output = outputOf(io, format, config.outDir);
  const counts = newCounts();
  const started = performance.now();
  const window = Math.max(4, jobs * 4, fetcher ? (options.concurrency ?? DEFAULT_CONCURRENCY) * 2 : 0);
  try {
    await runBounded(plan.sources, (s) => processSource(s, ctx), async (outcome) => {
      countOutcome(counts, outcome);
      progress.update(counts);
      await output.emit(outcome);
    }, { window, ordered: options.ordered === true });
    await output.end();
  } finally {
    progress.stop();
    await runner.close();
    await fetcher?.dispatcher.close();
  }
  if (options.quiet !== true) await write(io.stderr, `${formatSummary(counts, (performance.now() - started) / 1000)}; ${describeJobs(plan.choice, options.jobsChoice)}\n`);
  return counts;
}

/** Runs the command; resolves to the number of failed pages. */
export async function runExtract(paths: readonly string[], options: ExtractCommandOptions, io: CliIo): Promise<number> {
  return (await runExtractBatch(paths, options, io)).failed;
}
