/**
 * `extractMany`: many pages from code, through the worker pool (`runner/pool.ts`, piscina) and the
 * bounded scheduler (`runner/batch.ts`) that `matn extract` uses: at most `window` pages in flight or
 * waiting to be read, results in input order or as they complete. A thin wrapper over the runner.
 * @module
 */
import { basename } from 'node:path';
import type { AlgorithmName } from '../extractors/registry.js';
import type { MetadataOptions } from '../metadata/options.js';
import type { NormalizeOptions } from '../encoding/normalize.js';
import { DEFAULT_RECORD_FIELDS, type RecordField } from '../output/record.js';
import type { PageTask } from '../runner/page.js';

/**
 * One page for {@link extractMany}: a file path, or bytes (or a file) with an id, and optionally
 * the page's address (the base its links and images resolve against) and its Content-Type.
 * @category Pipeline
 */
export type ManyItem = string | {
  /** Defaults to the file's name without its extension, else the item's position. */
  readonly id?: string;
  readonly file?: string;
  readonly bytes?: Uint8Array | ArrayBuffer;
  /** The page's address: printed as `url` and used as the base of its links and images. */
  readonly url?: string;
  readonly contentType?: string;
  /** The HTTP status of the capture (a WARC record's): printed as `httpStatus` after `url`. */
  readonly httpStatus?: number | null;
};

/**
 * Options of {@link extractMany}.
 * @category Pipeline
 */
export interface ExtractManyOptions {
  /** Worker threads; 0 runs the pages in the calling thread. @default 0 */
  jobs?: number;
  /** Results in input order (else as they complete). @default true */
  ordered?: boolean;
  /** Pages started but not yet read by the caller, at most (bounds memory). @default 4 × max(1, jobs) */
  window?: number;
  /** Fields of each record (`id` is always there, `error` when a page fails). @default DEFAULT_RECORD_FIELDS */
  fields?: readonly RecordField[];
  /** @default 'auto' */
  algorithm?: AlgorithmName;
  /** Options of the algorithm. @default {} */
  extractor?: Readonly<Record<string, unknown>>;
  /** @default {} */
  metadata?: MetadataOptions;
  /** @default {} */
  normalize?: NormalizeOptions;
  /** Largest page in bytes. @default 33554432 */
  maxBytes?: number;
  /**
   * With `jobs` ≥ 1: time one page may take in a worker; past it the worker is ended and the page's
   * record is `{ id, error: { code: 'timeout' } }`. (A crashed worker gives `worker-crashed`, one out
   * of memory `out-of-memory`; the pool replaces it and goes on.) @default 60000
   */
  pageTimeoutMs?: number;
  /** With `jobs` ≥ 1: V8 old-generation heap of each worker, in MiB. @default 2048 */
  workerMemoryMb?: number;
}

const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
const EXTENSION = /\.[^.]+$/u;

/** The pool's task for an item (the pool hands a worker a copy of the bytes). */
function taskOf(item: ManyItem, index: number): PageTask {
  if (typeof item === 'string') return { id: basename(item).replace(EXTENSION, ''), file: item };
  const bytes = item.bytes instanceof ArrayBuffer ? new Uint8Array(item.bytes) : item.bytes;
  const id = item.id ?? (item.file !== undefined ? basename(item.file).replace(EXTENSION, '') : String(index));
  return {
    id,
    ...(item.file !== undefined ? { file: item.file } : {}),
    ...(bytes !== undefined ? { bytes } : {}),
    ...(item.url !== undefined ? { url: item.url } : {}),
    ...(item.contentType !== undefined ? { contentType: item.contentType } : {}),
    ...(item.httpStatus !== undefined ? { httpStatus: item.httpStatus } : {}),
  };
}

/** The items with their positions, until `isStopped()` (the consumer left): no item is pulled after that. */
async function* indexed<T>(items: Iterable<T> | AsyncIterable<T>, isStopped: () => boolean): AsyncGenerator<[T, number]> {
  let i = 0;
  for await (const item of items) {
    if (isStopped()) return;
    yield [item, i++];
  }
}

/**
 * Extracts many pages with bounded memory and yields one record per page (`{id, ...toRecord}` or
 * `{id, error: {code, message}}`): the records `matn extract` prints. Breaking out of the loop stops
 * starting pages and ends the workers.
 * @example
 * ```ts
 * for await (const record of extractMany(['a.html', 'b.html'], { jobs: 2 })) console.log(record.title);
 * ```
 * @category Pipeline
 */
export async function* extractMany(items: Iterable<ManyItem> | AsyncIterable<ManyItem>, options: ExtractManyOptions = {}): AsyncGenerator<Record<string, unknown>> {
  const [{ createPageRunner }, { runBounded }] = await Promise.all([import('../runner/pool.js'), import('../runner/batch.js')]);
  const jobs = options.jobs ?? 0;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const runner = createPageRunner({
    algorithm: options.algorithm ?? 'auto',
    extractor: options.extractor ?? {},
    metadata: options.metadata ?? {},
    keepHeadline: false,
    normalize: { maxBytes, ...options.normalize },
    fields: ['id', ...(options.fields ?? DEFAULT_RECORD_FIELDS).filter((f) => f !== 'url')],
    format: 'jsonl',
    maxBytes,
    outDir: null,
  }, { jobs, ...(options.pageTimeoutMs !== undefined ? { pageTimeoutMs: options.pageTimeoutMs } : {}), ...(options.workerMemoryMb !== undefined ? { workerMemoryMb: options.workerMemoryMb } : {}) });
  // results are handed to the consumer one at a time: the scheduler waits while one is unread
  const queue: Record<string, unknown>[] = [];
  let notify: (() => void) | null = null;
  let taken: (() => void) | null = null;
  let stopped = false;
  let finished = false;
  let failure: unknown = null;
  const wakeConsumer = (): void => { notify?.(); notify = null; };
  const run = runBounded(indexed(items, () => stopped), ([item, i]) => {
    if (stopped) return Promise.resolve(null);
    return runner.run(taskOf(item, i));
  }, async (outcome) => {
    if (outcome === null || outcome.output === undefined || stopped) return;
    queue.push(JSON.parse(outcome.output) as Record<string, unknown>);
    wakeConsumer();
    await new Promise<void>((resolve) => { taken = resolve; });
  }, { window: options.window ?? 4 * Math.max(1, jobs), ordered: options.ordered ?? true })
    .catch((error: unknown) => { failure = error; })
    .finally(() => { finished = true; wakeConsumer(); });
  try {
    for (;;) {
      if (queue.length === 0 && !finished) await new Promise<void>((resolve) => { notify = resolve; });
      if (queue.length > 0) {
        const record = queue.shift()!;
        const release = taken as (() => void) | null;
        taken = null;
        release?.();
        yield record;
        continue;
      }
      if (finished) break;
    }
    if (failure !== null) throw failure;
  } finally {
    stopped = true;
    (taken as (() => void) | null)?.();
    await run;
    await runner.close();
  }
}
