/**
 * WARC input: the HTML pages of a web archive (WARC/1.0 and 1.1, plain or gzipped per record as
 * Common Crawl ships them), read as a stream with warcio (Webrecorder's reader: maintained, typed,
 * streams record by record, and inflates per-record gzip members itself). Only `response` records
 * whose HTTP Content-Type is HTML and whose HTTP status is 2xx are pages (every status with
 * `httpStatus: 'all'`); requests, metadata, revisits and other media are passed over. The HTTP
 * header's Content-Type travels with the page, so its charset reaches `normalize` as the transport
 * declaration. warcio reads what it can of a damaged archive; the framing checks that turn damage
 * into an error with its offset are ours (readRecords).
 * @module
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import type { AsyncIterReader, WARCRecord } from 'warcio';
import { DEFAULT_NORMALIZE_OPTIONS } from '../encoding/normalize.js';
import { MatnError } from '../core/errors.js';
import { urlId } from '../runner/inputs.js';
import type { ExtractManyOptions, ManyItem } from './many.js';

/**
 * One HTML page of a WARC file.
 * @category Pipeline
 */
export interface WarcPage {
  /** File-name-safe id: a slug of WARC-Target-URI and a hash of WARC-Record-ID (unique per capture). */
  readonly id: string;
  /** WARC-Target-URI: the page's address (links and images resolve against it). */
  readonly url: string;
  /** WARC-Record-ID, e.g. `<urn:uuid:…>`. */
  readonly recordId: string;
  /** WARC-Date (capture time), '' when absent. */
  readonly date: string;
  /** The HTTP response's Content-Type header ('' when absent). */
  readonly contentType: string;
  /** The HTTP response's status code (200, 404, …), null when its status line has none. */
  readonly httpStatus: number | null;
  /**
   * The HTTP payload, de-chunked and decoded. A payload over `maxBytes` is cut at `maxBytes + 1`
   * bytes and the rest passed over, so extracting it fails with `input-too-large` instead of
   * holding the whole payload in memory.
   */
  readonly bytes: Uint8Array;
}

/**
 * Options of {@link readWarc}.
 * @category Pipeline
 */
export interface ReadWarcOptions {
  /** Largest payload read; a bigger one is cut at maxBytes + 1 (see {@link WarcPage.bytes}). @default 33554432 */
  maxBytes?: number;
  /** Media types (the Content-Type before `;`, lower case) that make a response record a page. @default ['text/html', 'application/xhtml+xml'] */
  mediaTypes?: readonly string[];
  /**
   * Which captures are pages: `'2xx'` those whose HTTP status is 2xx (an error page or a redirect
   * is not the page its URL names), `'all'` every status (each page says its `httpStatus`).
   * @default '2xx'
   */
  httpStatus?: WarcStatusFilter;
}

/** Which HTTP statuses make a WARC response a page: see {@link ReadWarcOptions.httpStatus}. @category Pipeline */
export type WarcStatusFilter = '2xx' | 'all';

/** The values of {@link WarcStatusFilter}. @category Pipeline */
export const WARC_STATUS_FILTERS: readonly WarcStatusFilter[] = Object.freeze(['2xx', 'all']);

/** Defaults of {@link ReadWarcOptions}. @category Pipeline */
export const DEFAULT_READ_WARC_OPTIONS: Readonly<Required<ReadWarcOptions>> = Object.freeze({
  maxBytes: DEFAULT_NORMALIZE_OPTIONS.maxBytes,
  mediaTypes: Object.freeze(['text/html', 'application/xhtml+xml']),
  httpStatus: '2xx',
});

/** Where WARC records come from: a file path, or a stream of bytes (Node Readable, async iterable). */
export type WarcSource = string | AsyncIterable<Uint8Array>;

/**
 * The id of a WARC page: a slug of its host and path and 10 hex digits of the SHA-256 of its
 * WARC-Record-ID, so two captures of one URL get two ids and the same record always the same id
 * (queue jobs built from it are idempotent).
 */
export function warcPageId(targetUri: string, recordId: string): string {
  return urlId(targetUri, recordId);
}

const GZIP_MAGIC = [0x1f, 0x8b];
const WARC_MAGIC = [...'WARC/'].map((c) => c.charCodeAt(0));

/**
 * True when the file starts like a WARC file: `WARC/` (uncompressed) or a gzip member (gzipped
 * per record or as a whole). warcio reads anything else as an empty archive, which would hide a
 * wrong file silently.
 * @throws MatnError `io-error` when the file cannot be read.
 * @category Pipeline
 */
export async function looksLikeWarc(path: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(path, 'r');
    const head = Buffer.alloc(WARC_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const starts = (magic: readonly number[]): boolean => bytesRead >= magic.length && magic.every((b, i) => head[i] === b);
    return starts(GZIP_MAGIC) || starts(WARC_MAGIC);
  } catch (error) {
    throw new MatnError('io-error', `cannot read WARC ${path}: ${(error as Error).message}`, { path }, { cause: error });
  } finally {
    await handle?.close();
  }
}

/** The media type of a Content-Type value (before `;`, trimmed, lower case). */
function mediaTypeOf(contentType: string): string {
  return contentType.split(';')[0].trim().toLowerCase();
}

/** The HTTP status of a response record's status line, or null when it has none that parses. */
function httpStatusOf(record: WARCRecord): number | null {
  const status = Number(record.httpHeaders?.statusCode);
  return Number.isInteger(status) && status >= 100 && status <= 999 ? status : null;
}

/**
 * Reads a record's decoded payload, stopping after `limit` bytes. The bytes are always the page's
 * own copy: warcio hands out views of its read buffers (Node Buffers from the file stream), and a
 * view shared with the reader must never leave it.
 */
async function readPayload(content: AsyncIterable<Uint8Array>, limit: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of content) {
    const room = limit - length;
    chunks.push(chunk.byteLength > room ? chunk.subarray(0, room) : chunk);
    length += Math.min(chunk.byteLength, room);
    if (length >= limit) break; // the rest of the record is drained by readRecords
  }
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.byteLength; }
  return out;
}

/** A WARC record's version line: `WARC/1.0`, `WARC/1.1`. */
const WARC_VERSION_LINE = /^WARC\/\d+\.\d+$/u;
const DIGITS = /^\d+$/u;
/** Longest line read while checking what follows a record (the check stops at the first bad one). */
const MAX_CHECKED_LINE = 256;

/** Bytes of the source seen so far, and its first two (a gzip file starts with 1f 8b). */
interface SourceCount { total: number; head: number[] }

async function* counted(input: AsyncIterable<Uint8Array>, count: SourceCount): AsyncGenerator<Uint8Array> {
  for await (const chunk of input) {
    for (let i = 0; count.head.length < 2 && i < chunk.byteLength; i++) count.head.push(chunk[i]);
    count.total += chunk.byteLength;
    yield chunk;
  }
}

/** True when a line holds nothing but line-break characters (the blank lines between records). */
function isBlankLine(line: Uint8Array): boolean {
  return line.every((b) => b === 0x0d || b === 0x0a);
}

/**
 * Checks what follows the records of an archive: nothing, or blank lines. Anything else is data
 * warcio would pass over without a word (a lone line break ends its parsing).
 */
async function checkEnd(reader: AsyncIterReader, count: SourceCount, gzipped: boolean, damage: Damage): Promise<void> {
  if (gzipped) {
    // warcio drops gzip when bytes that are not gzip follow; its raw offset then stops at the last whole member
    if (reader.compressed === null) throw damage('warc-invalid', reader._rawOffset, 'is not a gzip member (bytes after the last record)');
    if (reader.getRawOffset() < count.total) throw damage('warc-truncated', reader.getRawOffset(), 'starts a gzip member that the file cuts short');
    return;
  }
  for (;;) {
    const at = reader.getReadOffset();
    const line = await reader.readlineRaw(MAX_CHECKED_LINE);
    if (line === null) return;
    if (!isBlankLine(line)) throw damage('warc-invalid', at, 'is not a WARC record (bytes after the last record)');
  }
}

type Damage = (code: 'warc-truncated' | 'warc-invalid', offset: number, what: string) => MatnError;

/**
 * The records of an archive whose framing holds, one at a time, each read to its end before the
 * next is parsed; at the first record that cannot be read the archive's damage is thrown (see
 * {@link readWarc}). warcio is lenient on purpose (it reads what it can and warns on the console),
 * so the framing is checked here: every record starts with a version line and has `WARC-Type` and
 * a numeric `Content-Length`; its block is as long as that length says; in a plain file a line
 * break follows it; a gzipped file holds gzip members to its last byte.
 */
async function* readRecords(
  input: AsyncIterable<Uint8Array>,
  name: string,
  visit: (record: WARCRecord) => Promise<WarcPage | null>,
): AsyncGenerator<WarcPage> {
  const { AsyncIterReader, LimitReader, WARCParser } = await import('warcio'); // loaded only when a WARC is read
  const count: SourceCount = { total: 0, head: [] };
  const reader = new AsyncIterReader(counted(input, count));
  const parser = new WARCParser(reader);
  const damage: Damage = (code, offset, what) => new MatnError(code, `${name}: the data at byte ${offset} ${what}`, { path: name, offset });
  for (;;) {
    const record = await parser.parse();
    const gzipped = count.head[0] === GZIP_MAGIC[0] && count.head[1] === GZIP_MAGIC[1];
    if (record === null) return checkEnd(reader, count, gzipped, damage);
    const offset = parser.offset;
    if (gzipped && reader.compressed === null) throw damage('warc-invalid', reader._rawOffset, 'is not a gzip member (bytes after the last record)');
    const headers = record.warcHeaders;
    if (!WARC_VERSION_LINE.test(headers.statusline.trim())) throw damage('warc-invalid', offset, 'is not a WARC record (no WARC/ version line)');
    if (!record.warcType || !DIGITS.test(headers.headers.get('Content-Length') ?? '')) {
      const ended = (await reader.readlineRaw(MAX_CHECKED_LINE)) === null;
      throw ended ? damage('warc-truncated', offset, 'starts a record whose header the file cuts short') : damage('warc-invalid', offset, 'starts a record header without WARC-Type or Content-Length');
    }
    const page = await visit(record);
    // the rest of the block (all of it when the record is passed over), up to its Content-Length
    const block = record._reader;
    if (block instanceof LimitReader) {
      for await (const _ of block) { /* passed over */ }
      if (block.limit > 0) throw damage('warc-truncated', offset, `starts a record the file cuts short (${block.limit} bytes of its Content-Length missing)`);
    }
    if (!gzipped) {
      const next = await reader.readlineRaw(MAX_CHECKED_LINE);
      if (next !== null && !isBlankLine(next)) throw damage('warc-invalid', offset, 'starts a record whose Content-Length does not end at a line break');
    }
    if (page !== null) yield page;
  }
}

/**
 * The HTML pages of a WARC file, one at a time (memory holds one record). Records are taken when
 * their WARC-Type is `response`, their HTTP Content-Type's media type is one of
 * `options.mediaTypes`, and (by default) their HTTP status is 2xx.
 *
 * A damaged archive yields every page before the damage, then throws: `warc-truncated` when the
 * file ends inside a record (or inside a gzip member), `warc-invalid` when bytes that are not a
 * record stand where one should (trailing garbage, a Content-Length that does not match its
 * record, bytes that are not gzip after gzip members); `details.offset` is the byte offset of the
 * record (of its gzip member in a gzipped file) or of the stray bytes. Nothing after the damage is
 * read.
 * @throws MatnError `io-error` when the file cannot be read or does not start like a WARC file;
 * `warc-truncated` or `warc-invalid` (with `details.offset`) when it is damaged.
 * @example
 * ```ts
 * for await (const page of readWarc('crawl.warc.gz')) console.log(page.url, page.httpStatus, page.bytes.byteLength);
 * ```
 * @category Pipeline
 */
export async function* readWarc(source: WarcSource, options: ReadWarcOptions = {}): AsyncGenerator<WarcPage> {
  const maxBytes = options.maxBytes ?? DEFAULT_READ_WARC_OPTIONS.maxBytes;
  const mediaTypes = new Set(options.mediaTypes ?? DEFAULT_READ_WARC_OPTIONS.mediaTypes);
  const allStatuses = (options.httpStatus ?? DEFAULT_READ_WARC_OPTIONS.httpStatus) === 'all';
  if (typeof source === 'string' && !(await looksLikeWarc(source))) throw new MatnError('io-error', `${source} is not a WARC file (it starts with neither "WARC/" nor a gzip header)`, { path: source });
  const input = typeof source === 'string' ? createReadStream(source) : source;
  const name = typeof source === 'string' ? source : 'stream';
  const visit = async (record: WARCRecord): Promise<WarcPage | null> => {
    if (record.warcType !== 'response') return null;
    const contentType = record.httpHeaders?.headers.get('content-type') ?? '';
    if (!mediaTypes.has(mediaTypeOf(contentType))) return null;
    const httpStatus = httpStatusOf(record);
    if (!allStatuses && (httpStatus === null || httpStatus < 200 || httpStatus > 299)) return null;
    const url = record.warcTargetURI ?? '';
    const recordId = record.warcHeader('WARC-Record-ID') ?? '';
    const bytes = await readPayload(record, maxBytes + 1);
    return { id: warcPageId(url, recordId || url), url, recordId, date: record.warcDate ?? '', contentType, httpStatus, bytes };
  };
  try {
    yield* readRecords(input, name, visit);
  } catch (error) {
    if (error instanceof MatnError) throw error;
    throw new MatnError('io-error', `cannot read WARC ${name}: ${(error as Error).message}`, { path: name }, { cause: error });
  } finally {
    if ('destroy' in input && typeof input.destroy === 'function') (input as { destroy(): void }).destroy();
  }
}

/**
 * Options of {@link extractWarc}: those of {@link extractMany} and of {@link readWarc}.
 * @category Pipeline
 */
export type ExtractWarcOptions = ExtractManyOptions & Pick<ReadWarcOptions, 'mediaTypes' | 'httpStatus'>;

/** True for the errors of a damaged archive (see {@link readWarc}). */
export function isWarcDamage(error: unknown): error is MatnError {
  return error instanceof MatnError && (error.code === 'warc-truncated' || error.code === 'warc-invalid');
}

/** The id of a damaged archive's error record: the file's name and the offset, e.g. `crawl.warc.gz@9439`. */
export function warcDamageId(error: MatnError): string {
  return `${basename(String(error.details.path))}@${String(error.details.offset)}`;
}

/**
 * Extracts every HTML page of a WARC file through {@link extractMany} (worker threads with
 * `jobs`), yielding one record per page: `{id, url, httpStatus, ...}` or `{id, url, httpStatus,
 * error}`. A damaged archive ends with one more record, `{id: 'FILE@OFFSET', error: {code:
 * 'warc-truncated' | 'warc-invalid', message, offset}}`, after the pages before the damage.
 * @example
 * ```ts
 * for await (const record of extractWarc('crawl.warc.gz', { jobs: 2 })) console.log(record.url, record.title);
 * ```
 * @category Pipeline
 */
export async function* extractWarc(source: WarcSource, options: ExtractWarcOptions = {}): AsyncGenerator<Record<string, unknown>> {
  const { extractMany } = await import('./many.js');
  const maxBytes = options.maxBytes ?? DEFAULT_READ_WARC_OPTIONS.maxBytes;
  const pages = readWarc(source, { maxBytes, ...(options.mediaTypes ? { mediaTypes: options.mediaTypes } : {}), ...(options.httpStatus ? { httpStatus: options.httpStatus } : {}) });
  let damage: MatnError | null = null;
  async function* items(): AsyncGenerator<ManyItem> {
    try {
      for await (const page of pages) {
        yield { id: page.id, url: page.url, httpStatus: page.httpStatus, bytes: page.bytes, ...(page.contentType !== '' ? { contentType: page.contentType } : {}) };
      }
    } catch (error) {
      if (!isWarcDamage(error)) throw error;
      damage = error;
    }
  }
  yield* extractMany(items(), options);
  const found = damage as MatnError | null;
  if (found !== null) yield { id: warcDamageId(found), error: { code: found.code, message: found.message, offset: found.details.offset } };
}
