/**
 * Writes small WARC files for tests with warcio's serializer: one record per page, optionally
 * gzipped per record (as Common Crawl ships them).
 */
import { writeFile } from 'node:fs/promises';
import { WARCRecord, WARCSerializer } from 'warcio';

/** One record to write. */
export interface TestRecord {
  readonly type: 'response' | 'request' | 'metadata' | 'revisit' | 'resource';
  readonly url: string;
  /** HTTP headers of a response (Content-Type among them). */
  readonly httpHeaders?: Record<string, string>;
  /** HTTP status of a response. @default 200 */
  readonly status?: number;
  readonly body: Uint8Array | string;
}

/** How to write the file. */
export interface TestWarcOptions {
  readonly gzip: boolean;
  readonly version?: 'WARC/1.0' | 'WARC/1.1';
}

const REASONS: Record<number, string> = { 200: 'OK', 301: 'Moved Permanently', 404: 'Not Found', 500: 'Internal Server Error' };

/** The serialized records of a WARC file holding `records`, a warcinfo record first: one byte array per record. */
export async function warcParts(records: readonly TestRecord[], options: TestWarcOptions): Promise<Uint8Array[]> {
  const warcVersion = options.version ?? 'WARC/1.1';
  const parts: Uint8Array[] = [];
  const info = await WARCRecord.createWARCInfo({ filename: 'test.warc', warcVersion }, { software: 'matn tests' });
  parts.push(await WARCSerializer.serialize(info, { gzip: options.gzip }));
  for (const r of records) {
    const body = typeof r.body === 'string' ? new TextEncoder().encode(r.body) : r.body;
    async function* content(): AsyncGenerator<Uint8Array> { yield body; }
    const status = r.status ?? 200;
    const record = await WARCRecord.create({
      url: r.url, date: '2024-05-01T10:00:00Z', type: r.type, warcVersion,
      ...(r.httpHeaders ? { httpHeaders: r.httpHeaders, statusline: `HTTP/1.1 ${status} ${REASONS[status] ?? 'Status'}` } : {}),
    }, content());
    parts.push(await WARCSerializer.serialize(record, { gzip: options.gzip }));
  }
  return parts;
}

/** The byte arrays one after the other. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.byteLength; }
  return out;
}

/** The bytes of a WARC file holding `records` (after a warcinfo record). */
export async function warcBytes(records: readonly TestRecord[], options: TestWarcOptions): Promise<Uint8Array> {
  return concatBytes(await warcParts(records, options));
}

/** Writes the WARC file of `records` to `path`. */
export async function writeWarc(path: string, records: readonly TestRecord[], options: TestWarcOptions): Promise<void> {
  await writeFile(path, await warcBytes(records, options));
}
