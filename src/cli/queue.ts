/**
 * `matn queue add`, `matn queue status` and `matn worker`: the distributed mode (src/queue/) on
 * the command line. BullMQ and ioredis are loaded only when one of these commands runs.
 * @module
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { ALGORITHMS, DEFAULT_EXTRACT_OPTIONS, isMatnError } from '../index.js';
import { iterateArguments } from './arguments.js';
import { DEFAULT_FETCH_OPTIONS } from '../fetching/fetch-options.js';
import { OUTPUT_FORMATS, type OutputFormat } from '../runner/formats.js';
import { iterateUrls, type PageSource } from '../runner/inputs.js';
import { write, type CliIo } from './io.js';
import { DEFAULT_MAX_BYTES, normalizeOptionsOf, oneOf, parseByteCount, parseCount, UsageError, type ReadOptions } from './options.js';
import { DEFAULT_EXTRACT_FIELDS, EXTRACT_FIELDS, type ExtractField } from '../runner/record.js';
import { checkWarcFiles, iterateWarcSources } from './warc-input.js';
import { WARC_STATUS_FILTERS, type WarcStatusFilter } from '../sources/warc.js';

/** Default Redis URL of the queue commands. */
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

function parsePositive(value: string): number {
  const n = parseCount(value);
  if (n === 0) throw new InvalidArgumentError('expected a whole number >= 1');
  return n;
}

function parseFields(value: string): ExtractField[] {
  const fields = value.split(',').map((f) => f.trim()).filter(Boolean);
  for (const f of fields) if (!(EXTRACT_FIELDS as readonly string[]).includes(f)) throw new InvalidArgumentError(`unknown field "${f}"`);
  return fields as ExtractField[];
}

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

interface TargetOptions { redis: string; queue: string }

function addTarget(command: Command): Command {
  return command
    .option('--redis <url>', 'Redis URL', DEFAULT_REDIS_URL)
    .option('--queue <name>', 'queue name', 'matn');
}

interface AddOptions extends TargetOptions { urls?: string; warc?: string[]; warcStatus: WarcStatusFilter; attempts: number; backoff: number; maxBytes: number }

async function runAdd(paths: string[], options: AddOptions, io: CliIo): Promise<number> {
  const modes = [paths.length > 0, options.urls !== undefined, options.warc !== undefined].filter(Boolean).length;
  if (modes !== 1) throw new UsageError('give one of: paths (files, directories, globs), --urls FILE, --warc FILE');
  if (options.warc !== undefined) await checkWarcFiles(options.warc);
  const sources: AsyncIterable<PageSource> = options.warc !== undefined ? iterateWarcSources(options.warc, { maxBytes: options.maxBytes, httpStatus: options.warcStatus })
    : options.urls !== undefined ? iterateUrls(options.urls, io.stdin) : iterateArguments(paths);
  const { enqueuePages } = await import('../queue/producer.js');
  const result = await enqueuePages(sources, { redis: options.redis, name: options.queue }, {
    attempts: options.attempts, backoffMs: options.backoff,
    onRefused: (r) => write(io.stderr, `matn: refused ${r.id}: ${r.code}: ${r.message}\n`),
  });
  await write(io.stdout, `${JSON.stringify({ queue: options.queue, ...result })}\n`);
  return result.refused;
}

async function runStatus(options: TargetOptions & { json?: boolean }, io: CliIo): Promise<number> {
  const { queueStatus } = await import('../queue/status.js');
  const s = await queueStatus({ redis: options.redis, name: options.queue });
  if (options.json) {
    await write(io.stdout, `${JSON.stringify(s)}\n`);
    return 0;
  }
  const rate = s.pagesPerSecond === null ? 'n/a' : `${s.pagesPerSecond.toFixed(1)} pages/s (last ${s.sample} pages, ${s.activeSeconds.toFixed(1)} s active)`;
  await write(io.stdout, `queue ${s.name}: ${s.waiting} waiting, ${s.active} active, ${s.delayed} delayed (retry backoff), ${s.completed} completed, ${s.failed} failed, ${s.deadLetter} in dead-letter; ${s.workers} workers; throughput ${rate}\n`);
  return 0;
}

interface WorkerCommandOptions extends TargetOptions, ReadOptions {
  jobs: number; out?: string; stream?: string; format: OutputFormat; fields: ExtractField[]; algorithm: string;
  lockMs: number; allowPrivate?: boolean; timeout: number; quiet?: boolean;
}

async function runWorker(options: WorkerCommandOptions, io: CliIo): Promise<number> {
  if ((options.out === undefined) === (options.stream === undefined)) throw new UsageError('give one of --out DIR or --stream KEY');
  const { startWorker } = await import('../queue/worker.js');
  const worker = await startWorker({
    redis: options.redis,
    name: options.queue,
    jobs: options.jobs,
    lockMs: options.lockMs,
    sink: options.out !== undefined ? { dir: options.out } : { stream: options.stream ?? '' },
    fetch: { allowPrivate: options.allowPrivate === true, timeoutMs: options.timeout },
    page: {
      algorithm: options.algorithm, extractor: {}, metadata: {}, keepHeadline: false,
      normalize: normalizeOptionsOf(options), fields: options.fields, format: options.format, maxBytes: options.maxBytes,
    },
  });
  if (options.quiet !== true) await write(io.stderr, `matn worker: queue ${options.queue}, ${options.jobs} jobs; SIGTERM or Ctrl-C to stop after the pages in hand\n`);
  // graceful stop: finish the pages in hand, take no more
  await new Promise<void>((resolve) => {
    const stop = (): void => { process.off('SIGTERM', stop); process.off('SIGINT', stop); resolve(); };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
  await worker.close();
  if (options.quiet !== true) await write(io.stderr, `matn worker: stopped; ${worker.counts.done} pages done, ${worker.counts.failed} failed\n`);
  return 0;
}

/** Adds `matn queue add|status` and `matn worker`; `setResult` receives the number of failures. */
export function addQueueCommands(program: Command, io: CliIo, setResult: (failed: number) => void): void {
  // usage mistakes exit 2; an unreachable Redis is reported in one line and exits 1
  const usage = (command: Command) => async (error: unknown): Promise<number> => {
    if (error instanceof UsageError) command.error(`error: ${error.message}`, { exitCode: 2, code: 'matn.usage' });
    if (isMatnError(error, 'io-error')) {
      await write(io.stderr, `matn: ${error.message}\n`);
      return 1;
    }
    throw error;
  };
  const queue = program.command('queue').description('distributed mode on Redis (BullMQ): add pages as jobs, show the queue');
  const add = addTarget(queue.command('add')
    .description('enqueue pages: files/directories/globs (workers read them by absolute path), --urls (workers fetch them), --warc (pages travel in the job)')
    .argument('[path...]', 'files, directories (walked recursively) or quoted globs')
    .option('--urls <file>', 'one URL per line (- for stdin)')
    .addOption(new Option('--warc <file>', 'the HTML response records of a WARC file (repeatable)').argParser(collect))
    .addOption(new Option('--warc-status <which>', 'with --warc: 2xx (captures with a 2xx HTTP status) or all').argParser(oneOf(WARC_STATUS_FILTERS)).default('2xx'))
    .addOption(new Option('--attempts <n>', 'attempts per page before the dead-letter list').argParser(parsePositive).default(3))
    .addOption(new Option('--backoff <ms>', 'delay before the first retry, doubled each time').argParser(parseCount).default(1000))
    .addOption(new Option('--max-bytes <n>', 'largest WARC payload read').argParser(parseByteCount).default(DEFAULT_MAX_BYTES)))
    .addHelpText('after', '\nJob id = page id, so adding a page twice is a no-op. Prints {"queue","submitted","added","refused"}; each refused input\n(a line that is not an http(s) URL, a damaged WARC file) is named on stderr, and then the exit code is 1.');
  add.action(async (paths: string[], options: AddOptions) => setResult(await runAdd(paths, options, io).catch(usage(add))));

  const status = addTarget(queue.command('status')
    .description('job counts, dead-letter length, connected workers and throughput')
    .option('--json', 'one JSON object'));
  status.action(async (options: TargetOptions & { json?: boolean }) => setResult(await runStatus(options, io).catch(usage(status))));

  const worker = addTarget(program.command('worker')
    .description('extract pages from the queue until SIGTERM/SIGINT (then finish the pages in hand); run one per machine or more')
    .addOption(new Option('--jobs <n>', 'pages extracted at once (worker threads)').argParser(parsePositive).default(1))
    .option('--out <dir>', 'one file per page, written atomically (DIR/<id>.json …)')
    .option('--stream <key>', 'append records to this Redis stream instead (fields id, record)')
    .addOption(new Option('--format <format>', 'file format with --out').argParser(oneOf(OUTPUT_FORMATS)).default('jsonl'))
    .addOption(new Option('--fields <list>', 'fields of each record').argParser(parseFields).default(DEFAULT_EXTRACT_FIELDS, DEFAULT_EXTRACT_FIELDS.join(',')))
    .addOption(new Option('--algorithm <name>', 'content extraction algorithm').argParser(oneOf(ALGORITHMS)).default(DEFAULT_EXTRACT_OPTIONS.algorithm))
    .addOption(new Option('--lock-ms <ms>', 'a job\'s lock: a dead worker\'s pages are taken again after this').argParser(parsePositive).default(30_000))
    .addOption(new Option('--timeout <ms>', 'URL jobs: time allowed for one request').argParser(parsePositive).default(DEFAULT_FETCH_OPTIONS.timeoutMs))
    .option('--allow-private', 'URL jobs: also fetch private, loopback and link-local addresses')
    .option('--default-charset <charset>', 'charset used when nothing declares or detects one')
    .addOption(new Option('--max-bytes <n>', 'largest page in bytes').argParser(parseByteCount).default(DEFAULT_MAX_BYTES))
    .option('-q, --quiet', 'no start and stop lines on stderr'));
  worker.action(async (options: WorkerCommandOptions) => setResult(await runWorker(options, io).catch(usage(worker))));
}
