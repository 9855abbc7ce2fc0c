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
  readonly body: Uint8Array | string;
}

/** The bytes of a WARC file holding `records` (after a warcinfo record). */
export async function warcBytes(records: readonly TestRecord[], options: { gzip: boolean; version?: 'WARC/1.0' | 'WARC/1.1' }): Promise<Uint8Array> {
  const warcVersion = options.version ?? 'WARC/1.1';
  const parts: Uint8Array[] = [];
  const info = await WARCRecord.createWARCInfo({ filename: 'test.warc', warcVersion }, { software: 'matn tests' });
  parts.push(await WARCSerializer.serialize(info, { gzip: options.gzip }));
  for (const r of records) {
    const body = typeof r.body === 'string' ? new TextEncoder().encode(r.body) : r.body;
    async function* content(): AsyncGenerator<Uint8Array> { yield body; }
    const record = await WARCRecord.create({
      url: r.url, date: '2024-05-01T10:00:00Z', type: r.type, warcVersion,
      ...(r.httpHeaders ? { httpHeaders: r.httpHeaders, statusline: 'HTTP/1.1 200 OK' } : {}),
    }, content());
    parts.push(await WARCSerializer.serialize(record, { gzip: options.gzip }));
  }
  const length = parts.reduce((n, p) => n + p.byteLength, 0);
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.byteLength; }
  return out;
}

/** Writes the WARC file of `records` to `path`. */
export async function writeWarc(path: string, records: readonly TestRecord[], options: { gzip: boolean; version?: 'WARC/1.0' | 'WARC/1.1' }): Promise<void> {
  await writeFile(path, await warcBytes(records, options));
}
