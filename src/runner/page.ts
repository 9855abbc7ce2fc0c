/**
 * Processing one page, in a worker thread (or in the main thread with `--jobs 0`): read the file
 * (gunzip `.gz`), extract, build the record, serialize it, and with `--out` write it atomically.
 * Never throws: a failure becomes an error outcome.
 * @module
 */
import { readFileSync, statSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { isMatnError, MatnError } from '../core/errors.js';
import type { NormalizeOptions } from '../encoding/normalize.js';
import type { AlgorithmName } from '../extractors/registry.js';
import { isPageError, PageError } from '../fetching/page-error.js';
import type { MetadataOptions } from '../metadata/options.js';
import { extract } from '../pipeline.js';
import { outputExtension, serializeFile, serializeRecord, type OutputFormat } from './formats.js';
import { isGzipName } from './inputs.js';
import { outputPath, writeFileAtomic } from './out-dir.js';
import { errorRecord, extractRecord, needsMatching, type ExtractField, type RecordSource } from './record.js';

/** What every page of a batch shares (sent once to each worker). */
export interface PageConfig {
  readonly algorithm: string;
  /** Options of the algorithm (`--option key=value`). */
  readonly extractor: Readonly<Record<string, unknown>>;
  /** Options of the metadata stage (`--meta-option key=value`). @default {} */
  readonly metadata?: Readonly<MetadataOptions>;
  /** `--keep-headline`: the body keeps a first line that repeats the title. */
  readonly keepHeadline: boolean;
  readonly normalize: NormalizeOptions;
  readonly fields: readonly ExtractField[];
  readonly format: OutputFormat;
  /** Largest page (file, decompressed file, or body) in bytes. */
  readonly maxBytes: number;
  /** `--out DIR`, or null for stdout. */
  readonly outDir: string | null;
  /** `--url`: the address of the files or standard input (a fetched page uses its own). @default '' */
  readonly url?: string;
}

/** One page to process: a file to read, or fetched bytes with their Content-Type. */
export interface PageTask {
  readonly id: string;
  readonly file?: string;
  readonly url?: string;
  readonly finalUrl?: string;
  readonly bytes?: Uint8Array;
  readonly contentType?: string;
  /** The HTTP status of a captured page (a WARC record's), echoed in its record. */
  readonly httpStatus?: number | null;
}

/** `{code, message, ...details}` of a failure. */
export type ErrorInfo = { code: string; message: string } & Record<string, unknown>;

/** The result of one page: its serialized output (stdout mode) or the file written (`--out`). */
export interface PageOutcome {
  readonly id: string;
  readonly ok: boolean;
  /** Set when the page failed. */
  readonly error?: ErrorInfo;
  /** The serialized record to print (success in stdout mode, or any failure). */
  readonly output?: string;
  /** The file written with `--out`. */
  readonly written?: string;
  /** Set when `--resume` skipped the page. */
  readonly skipped?: boolean;
}

/** `{code, message, ...details}` of a failure: a PageError's or MatnError's code, else `internal-error`. */
export function describeFailure(error: unknown): ErrorInfo {
  if (isPageError(error)) return { code: error.code, message: error.message, ...pick(error.details, ['status', 'contentType', 'address', 'pageTimeoutMs', 'workerMemoryMb']) };
  if (isMatnError(error)) return { code: error.code, message: error.message, ...pick(error.details, ['offset']) };
  return { code: 'internal-error', message: error instanceof Error ? error.message : String(error) };
}

function pick(details: Readonly<Record<string, unknown>>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (details[key] !== undefined) out[key] = details[key];
  return out;
}

/**
 * Reads a page file as bytes, refusing it before reading when it is over `maxBytes`; gunzips `.gz`.
 * Synchronous on purpose: it runs in a worker thread whose only job is this page (no event loop
 * turn per file).
 */
export function readPageFile(path: string, maxBytes: number): Uint8Array {
  let size: number;
  try {
    const info = statSync(path);
    if (!info.isFile()) throw new MatnError('io-error', `not a file: ${path}`, { path });
    size = info.size;
  } catch (error) {
    if (isMatnError(error)) throw error;
    throw new MatnError('io-error', `cannot read ${path}: ${(error as Error).message}`, { path }, { cause: error });
  }
  if (size > maxBytes) {
    throw new MatnError('input-too-large', `${path} has ${size} bytes, more than the limit of ${maxBytes} (raise --max-bytes)`, { path, size, maxBytes });
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new MatnError('io-error', `cannot read ${path}: ${(error as Error).message}`, { path }, { cause: error });
  }
  return isGzipName(path) ? gunzipPage(bytes, path, maxBytes) : bytes;
}

function gunzipPage(bytes: Uint8Array, path: string, maxBytes: number): Uint8Array {
  try {
    return gunzipSync(bytes, { maxOutputLength: maxBytes });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
      throw new PageError('input-too-large', `${path} unpacks to more than the limit of ${maxBytes} bytes (raise --max-bytes)`, { path, maxBytes });
    }
    throw new PageError('bad-gzip', `${path} is not a valid gzip file: ${(error as Error).message}`, { path });
  }
}

function sourceOf(task: PageTask): RecordSource {
  return { id: task.id, file: task.file, url: task.url, finalUrl: task.finalUrl, httpStatus: task.httpStatus };
}

/** The outcome of a page that failed (also used for fetch failures in the main thread). */
export function failedOutcome(task: PageTask, error: unknown, format: OutputFormat, outDir: string | null): PageOutcome {
  const info = describeFailure(error);
  const record = errorRecord(sourceOf(task), info, error);
  // with --out, failures are printed as JSON lines on stdout (the files hold only good pages)
  return { id: task.id, ok: false, error: info, output: outDir === null ? serializeRecord(record, format) : serializeRecord(record, 'jsonl') };
}

/** Processes one page; never rejects. */
export async function processPage(task: PageTask, config: PageConfig): Promise<PageOutcome> {
  try {
    const bytes = task.bytes ?? readPageFile(task.file ?? '', config.maxBytes);
    const normalize = task.contentType ? { ...config.normalize, contentType: task.contentType } : config.normalize;
    const page = extract(bytes, {
      algorithm: config.algorithm as AlgorithmName, // checked by commander (and by getExtractor)
      normalize,
      extractor: { ...config.extractor },
      metadata: { ...config.metadata },
      headline: { dropHeadline: !config.keepHeadline },
      // the page's address resolves its links, images and pager: the fetched URL, else --url
      url: task.finalUrl ?? task.url ?? config.url ?? '',
      // --fields match/checks turn on the opt-in moderation stage (docs/moderation.md)
      ...(needsMatching(config.fields) ? { matching: true } : {}),
    });
    const record = extractRecord(sourceOf(task), page, config.fields);
    if (config.outDir === null) return { id: task.id, ok: true, output: serializeRecord(record, config.format) };
    const path = outputPath(config.outDir, task.id, outputExtension(config.format));
    await writeFileAtomic(path, serializeFile(record, config.format));
    return { id: task.id, ok: true, written: path };
  } catch (error) {
    return failedOutcome(task, error, config.format, config.outDir);
  }
}
