/**
 * WARC input: the HTML pages of a web archive (WARC/1.0 and 1.1, plain or gzipped per record as
 * Common Crawl ships them), read as a stream with warcio (Webrecorder's reader: maintained, typed,
 * streams record by record, and inflates per-record gzip members itself). Only `response` records
 * whose HTTP Content-Type is HTML are pages; requests, metadata, revisits and other media are passed
 * over. The HTTP header's Content-Type travels with the page, so its charset reaches `normalize` as
 * the transport declaration.
 * @module
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { DEFAULT_NORMALIZE_OPTIONS } from '../encoding/normalize.js';
import { MatnError } from '../core/errors.js';
import { urlId } from '../runner/inputs.js';
import type { ExtractManyOptions } from './many.js';

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
}

/** Defaults of {@link ReadWarcOptions}. @category Pipeline */
export const DEFAULT_READ_WARC_OPTIONS: Readonly<Required<ReadWarcOptions>> = Object.freeze({
  maxBytes: DEFAULT_NORMALIZE_OPTIONS.maxBytes,
  mediaTypes: Object.freeze(['text/html', 'application/xhtml+xml']),
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

/** Reads a record's decoded payload, stopping after `limit` bytes. */
async function readPayload(content: AsyncIterable<Uint8Array>, limit: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of content) {
    const room = limit - length;
    chunks.push(chunk.byteLength > room ? chunk.subarray(0, room) : chunk);
    length += Math.min(chunk.byteLength, room);
    if (length >= limit) break; // the parser passes over the rest of the record
  }
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.byteLength; }
  return out;
}

/**
 * The HTML pages of a WARC file, one at a time (memory holds one record). Records are taken when
 * their WARC-Type is `response` and their HTTP Content-Type's media type is one of
 * `options.mediaTypes`.
 * @throws MatnError `io-error` when the file cannot be read, does not start like a WARC file, or is cut short.
 * @example
 * ```ts
 * for await (const page of readWarc('crawl.warc.gz')) console.log(page.url, page.bytes.byteLength);
 * ```
 * @category Pipeline
 */
export async function* readWarc(source: WarcSource, options: ReadWarcOptions = {}): AsyncGenerator<WarcPage> {
  const maxBytes = options.maxBytes ?? DEFAULT_READ_WARC_OPTIONS.maxBytes;
  const mediaTypes = new Set(options.mediaTypes ?? DEFAULT_READ_WARC_OPTIONS.mediaTypes);
  if (typeof source === 'string' && !(await looksLikeWarc(source))) throw new MatnError('io-error', `${source} is not a WARC file (it starts with neither "WARC/" nor a gzip header)`, { path: source });
  const { WARCParser } = await import('warcio'); // loaded only when a WARC is read
  const input = typeof source === 'string' ? createReadStream(source) : source;
  const name = typeof source === 'string' ? source : 'stream';
  try {
    for await (const record of new WARCParser(input)) {
      if (record.warcType !== 'response') continue;
      const contentType = record.httpHeaders?.headers.get('content-type') ?? '';
      if (!mediaTypes.has(mediaTypeOf(contentType))) continue;
      const url = record.warcTargetURI ?? '';
      const recordId = record.warcHeader('WARC-Record-ID') ?? '';
      const bytes = await readPayload(record, maxBytes + 1);
      yield { id: warcPageId(url, recordId || url), url, recordId, date: record.warcDate ?? '', contentType, bytes };
    }
  } catch (error) {
    if (error instanceof MatnError) throw error;
    throw new MatnError('io-error', `cannot read WARC ${name}: ${(error as Error).message}`, { path: name }, { cause: error });
  } finally {
    if (typeof input !== 'string' && 'destroy' in input && typeof input.destroy === 'function') (input as { destroy(): void }).destroy();
  }
}

/**
 * Options of {@link extractWarc}: those of {@link extractMany} and of {@link readWarc}.
 * @category Pipeline
 */
export type ExtractWarcOptions = ExtractManyOptions & Pick<ReadWarcOptions, 'mediaTypes'>;

/**
 * Extracts every HTML page of a WARC file through {@link extractMany} (worker threads with
 * `jobs`), yielding one record per page: `{id, url, ...}` or `{id, url, error}`.
 * @example
 * ```ts
 * for await (const record of extractWarc('crawl.warc.gz', { jobs: 2 })) console.log(record.url, record.title);
 * ```
 * @category Pipeline
 */
export async function* extractWarc(source: WarcSource, options: ExtractWarcOptions = {}): AsyncGenerator<Record<string, unknown>> {
  const { extractMany } = await import('./many.js');
  const maxBytes = options.maxBytes ?? DEFAULT_READ_WARC_OPTIONS.maxBytes;
  const pages = readWarc(source, { maxBytes, ...(options.mediaTypes ? { mediaTypes: options.mediaTypes } : {}) });
  async function* items(): AsyncGenerator<{ id: string; url: string; bytes: Uint8Array; contentType?: string }> {
    for await (const page of pages) yield { id: page.id, url: page.url, bytes: page.bytes, ...(page.contentType !== '' ? { contentType: page.contentType } : {}) };
  }
  yield* extractMany(items(), options);
}
