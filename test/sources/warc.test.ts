import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { MatnError } from '../../src/core/errors.js';
import { extractWarc, readWarc, warcPageId, type WarcPage } from '../../src/sources/warc.js';
import { concatBytes, warcBytes, warcParts, writeWarc, type TestRecord } from '../helpers/warc.js';
import { parseLines, runInProcess } from '../cli/run.js';

const tmp = mkdtempSync(join(tmpdir(), 'matn-warc-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const article = (title: string, paragraph: string): string =>
  `<html><head><title>${title}</title></head><body><nav><a href="/">Home</a></nav><article><h1>${title}</h1><p>${paragraph}</p><p>${paragraph}</p></article></body></html>`;

// the Arabic page declares no charset of its own: only the HTTP header says windows-1256
const ARABIC = article('أخبار المدينة اليوم', 'افتتحت البلدية حديقة جديدة قرب النهر، وجاء السكان مع أطفالهم في الصباح الباكر للتنزه.');
const CHINESE = article('城市新闻', '市政府今天在河边开放了一个新公园，许多居民带着孩子一早就来散步。');

const RECORDS: readonly TestRecord[] = [
  { type: 'request', url: 'https://news.example.org/ar/1', httpHeaders: { Host: 'news.example.org' }, body: '' },
  { type: 'response', url: 'https://news.example.org/ar/1', httpHeaders: { 'Content-Type': 'text/html; charset=windows-1256' }, body: iconv.encode(ARABIC, 'windows-1256') },
  { type: 'response', url: 'https://news.example.org/logo.png', httpHeaders: { 'Content-Type': 'image/png' }, body: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) },
  { type: 'metadata', url: 'https://news.example.org/ar/1', body: 'via: test' },
  { type: 'response', url: 'https://news.example.org/zh/2', httpHeaders: { 'Content-Type': 'text/html; charset=GBK' }, body: iconv.encode(CHINESE, 'gbk') },
  { type: 'response', url: 'https://news.example.org/x/3', httpHeaders: { 'Content-Type': 'application/xhtml+xml' }, body: article('Third page', 'A paragraph of the third page, long enough to be the body of it.') },
];

describe('readWarc()', () => {
  it.each([
    ['WARC/1.1, gzipped per record', true, 'WARC/1.1'],
    ['WARC/1.0, uncompressed', false, 'WARC/1.0'],
  ] as const)('%s: the HTML response records only, with their HTTP Content-Type, URI and record id', async (_, gzip, version) => {
    const file = join(tmp, `pages-${version.replace('/', '')}${gzip ? '.warc.gz' : '.warc'}`);
    await writeWarc(file, RECORDS, { gzip, version });
    const pages = [];
    for await (const page of readWarc(file)) pages.push(page);
    expect(pages.map((p) => p.url)).toEqual(['https://news.example.org/ar/1', 'https://news.example.org/zh/2', 'https://news.example.org/x/3']);
    expect(pages[0].contentType).toBe('text/html; charset=windows-1256');
    expect(Buffer.from(pages[0].bytes).equals(iconv.encode(ARABIC, 'windows-1256'))).toBe(true);
    for (const p of pages) {
      expect(p.recordId).toMatch(/^<urn:uuid:[0-9a-f-]+>$/u);
      expect(p.id).toBe(warcPageId(p.url, p.recordId));
      expect(p.date).toBe('2024-05-01T10:00:00Z');
    }
  });

  it('takes the 2xx captures by default and says their status; httpStatus: all keeps every status', async () => {
    const file = join(tmp, 'statuses.warc.gz');
    await writeWarc(file, [
      { type: 'response', url: 'https://example.org/ok', httpHeaders: { 'Content-Type': 'text/html' }, body: article('Found', 'The page that was asked for.') },
      { type: 'response', url: 'https://example.org/gone', status: 404, httpHeaders: { 'Content-Type': 'text/html' }, body: article('Not here', 'This page does not exist.') },
      { type: 'response', url: 'https://example.org/moved', status: 301, httpHeaders: { 'Content-Type': 'text/html', Location: '/ok' }, body: article('Moved', 'Moved to another place.') },
    ], { gzip: true });
    const read = async (options: Parameters<typeof readWarc>[1]): Promise<[string, number | null][]> => {
      const out: [string, number | null][] = [];
      for await (const page of readWarc(file, options)) out.push([page.url, page.httpStatus]);
      return out;
    };
    expect(await read({})).toEqual([['https://example.org/ok', 200]]);
    expect(await read({ httpStatus: 'all' })).toEqual([['https://example.org/ok', 200], ['https://example.org/gone', 404], ['https://example.org/moved', 301]]);
  });

  it('reads a stream as well as a file', async () => {
    const bytes = await warcBytes(RECORDS, { gzip: true });
    const urls: string[] = [];
    for await (const page of readWarc(Readable.from([Buffer.from(bytes)]))) urls.push(page.url);
    expect(urls).toHaveLength(3);
  });

  it('cuts a payload over maxBytes at maxBytes + 1 and goes on with the next record', async () => {
    const file = join(tmp, 'big.warc.gz');
    await writeWarc(file, [
      { type: 'response', url: 'https://example.org/big', httpHeaders: { 'Content-Type': 'text/html' }, body: article('Big', 'word '.repeat(5000)) },
      { type: 'response', url: 'https://example.org/small', httpHeaders: { 'Content-Type': 'text/html' }, body: article('Small', 'A short page.') },
    ], { gzip: true });
    const sizes: number[] = [];
    for await (const page of readWarc(file, { maxBytes: 1000 })) sizes.push(page.bytes.byteLength);
    expect(sizes[0]).toBe(1001);
    expect(sizes[1]).toBeLessThan(1000);
  });

  it('fails with io-error on a file that is not there', async () => {
    const pages = readWarc(join(tmp, 'missing.warc.gz'));
    await expect(pages.next()).rejects.toSatisfy((e: unknown) => e instanceof MatnError && e.code === 'io-error');
  });
});

/** Pages of a damaged archive: every page is long enough that a file read holds several records. */
const PAGE_RECORDS: readonly TestRecord[] = Array.from({ length: 12 }, (_, i) => ({
  type: 'response', url: `https://example.org/p${i}`, httpHeaders: { 'Content-Type': 'text/html; charset=utf-8' },
  body: article(`Page ${i}`, `Paragraph ${i}: the weather stayed mild all week and the market opened early every day. `.repeat(30)),
}));
const LATIN1 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');

interface DamageCase {
  readonly name: string;
  readonly gzip: boolean;
  /** The file's bytes from the records' parts (warcinfo first, then one part per page). */
  readonly bytes: (parts: Uint8Array[]) => Uint8Array;
  readonly code: 'warc-truncated' | 'warc-invalid';
  /** The record (index in parts) at whose offset the damage is reported; parts.length: the end of the records. */
  readonly at: (parts: Uint8Array[]) => number;
}

/** The record's part with its Content-Length changed by `delta` (the block left as it is). */
function withContentLength(part: Uint8Array, delta: number): Uint8Array {
  return Buffer.from(LATIN1(part).replace(/Content-Length: (\d+)/u, (_, n: string) => `Content-Length: ${Number(n) + delta}`), 'latin1');
}

const last = (parts: Uint8Array[]): number => parts.length - 1;
const DAMAGE: readonly DamageCase[] = [false, true].flatMap((gzip): DamageCase[] => [
  { name: 'cut inside the last record\'s payload', gzip, bytes: (p) => concatBytes(p).subarray(0, concatBytes(p).byteLength - 30), code: 'warc-truncated', at: last },
  { name: 'cut inside the last record\'s header', gzip, bytes: (p) => concatBytes([...p.slice(0, -1), p[last(p)].subarray(0, 40)]), code: 'warc-truncated', at: last },
  { name: 'text after the last record', gzip, bytes: (p) => concatBytes([...p, new TextEncoder().encode('these bytes are not a record\n')]), code: 'warc-invalid', at: (p) => p.length },
  { name: 'zero bytes after the last record', gzip, bytes: (p) => concatBytes([...p, new Uint8Array(512)]), code: 'warc-invalid', at: (p) => p.length },
  ...(gzip ? [
    { name: 'a gzip member that holds no record', gzip, bytes: (p: Uint8Array[]) => concatBytes([...p, gzipSync('not a record\r\n\r\n')]), code: 'warc-invalid' as const, at: (p: Uint8Array[]) => p.length },
  ] : [
    { name: 'a Content-Length too small in the middle', gzip, bytes: (p: Uint8Array[]) => concatBytes([...p.slice(0, 5), withContentLength(p[5], -10), ...p.slice(6)]), code: 'warc-invalid' as const, at: () => 5 },
    { name: 'a Content-Length too large in the middle', gzip, bytes: (p: Uint8Array[]) => concatBytes([...p.slice(0, 5), withContentLength(p[5], 10), ...p.slice(6)]), code: 'warc-invalid' as const, at: () => 5 },
  ]),
]);

const offsetOf = (parts: Uint8Array[], index: number): number => parts.slice(0, index).reduce((n, p) => n + p.byteLength, 0);

describe('a damaged archive', () => {
  it.each(DAMAGE.map((c) => [`${c.gzip ? 'gzipped' : 'plain'}: ${c.name}`, c] as const))('%s: the pages before the damage, then the damage with its offset', async (_, c) => {
    const parts = await warcParts(PAGE_RECORDS, { gzip: c.gzip });
    const file = join(tmp, `damaged-${c.gzip ? 'gz' : 'plain'}-${c.name.replace(/\W+/gu, '-')}.warc`);
    writeFileSync(file, c.bytes(parts));
    const pages: WarcPage[] = [];
    let error: unknown = null;
    try {
      for await (const page of readWarc(file)) pages.push(page);
    } catch (e) {
      error = e;
    }
    const at = c.at(parts);
    expect(error).toBeInstanceOf(MatnError);
    expect(error).toMatchObject({ code: c.code, details: { offset: offsetOf(parts, at), path: file } });
    // records 1.. are the pages (0 is warcinfo); nothing after the damage is read
    expect(pages.map((p) => p.url)).toEqual(PAGE_RECORDS.slice(0, Math.min(at, parts.length) - 1).map((r) => r.url));
  });

  it('an undamaged archive, plain and gzipped, read from a stream in small chunks: every page and no error', async () => {
    for (const gzip of [false, true]) {
      const bytes = await warcBytes(PAGE_RECORDS, { gzip });
      const chunks = Array.from({ length: Math.ceil(bytes.byteLength / 100) }, (_, i) => bytes.subarray(i * 100, (i + 1) * 100));
      const urls: string[] = [];
      for await (const page of readWarc(Readable.from(chunks))) urls.push(page.url);
      expect(urls).toEqual(PAGE_RECORDS.map((r) => r.url));
    }
  });
});

describe('matn extract --warc on damaged archives, in the main thread and in the default pool', () => {
  it('each damaged file gives an error record with its offset after its good pages; exit 1; both modes print the same records', { timeout: 120_000 }, async () => {
    const files: string[] = [];
    const expected: { id: string; code: string; offset: number }[] = [];
    for (const gzip of [false, true]) {
      // an undamaged archive too: under the pool, a plain file's pages once reached the workers as views of the reader's buffer
      const clean = join(tmp, `cli-clean${gzip ? '.warc.gz' : '.warc'}`);
      await writeWarc(clean, PAGE_RECORDS, { gzip });
      files.push(clean);
    }
    for (const [i, c] of DAMAGE.entries()) {
      const parts = await warcParts(PAGE_RECORDS, { gzip: c.gzip });
      const file = join(tmp, `cli-damaged-${i}${c.gzip ? '.warc.gz' : '.warc'}`);
      writeFileSync(file, c.bytes(parts));
      files.push(file);
      const offset = offsetOf(parts, c.at(parts));
      expected.push({ id: `cli-damaged-${i}${c.gzip ? '.warc.gz' : '.warc'}@${offset}`, code: c.code, offset });
    }
    const args = ['extract', ...files.flatMap((f) => ['--warc', f]), '--ordered', '--format', 'jsonl', '--fields', 'title'];
    const main = await runInProcess([...args, '--jobs', '0']);
    const pool = await runInProcess(args);
    expect(pool.stderr).toMatch(/workers \(default: batch size not known up front\)/u);
    for (const run of [main, pool]) {
      expect(run.code).toBe(1);
      const records = parseLines(run.stdout);
      const errors = records.filter((r) => r.error !== undefined);
      expect(errors).toEqual(expected.map((e) => ({ id: e.id, error: { code: e.code, message: expect.any(String), offset: e.offset } })));
      const good = records.filter((r) => r.error === undefined);
      expect(good.every((r) => r.httpStatus === 200 && /^Page \d+$/u.test(String(r.title)))).toBe(true);
      // the clean files give every page
      expect(good.length).toBeGreaterThanOrEqual(2 * PAGE_RECORDS.length);
    }
    expect(pool.stdout).toBe(main.stdout);
  });
});

describe('warcPageId()', () => {
  it('is a file-name-safe slug of the URI and a hash of the record id: stable, one per capture', () => {
    const a = warcPageId('https://news.example.org/ar/1?x=1', '<urn:uuid:1>');
    expect(a).toMatch(/^news\.example\.org_ar_1-[0-9a-f]{10}$/u);
    expect(warcPageId('https://news.example.org/ar/1?x=1', '<urn:uuid:1>')).toBe(a);
    expect(warcPageId('https://news.example.org/ar/1?x=1', '<urn:uuid:2>')).not.toBe(a);
  });
});

describe('extractWarc() and matn extract --warc', () => {
  it('decodes each page with the charset of its HTTP header', async () => {
    const file = join(tmp, 'extract.warc.gz');
    await writeWarc(file, RECORDS, { gzip: true });
    const records = [];
    for await (const r of extractWarc(file, { fields: ['title', 'encoding', 'body'] })) records.push(r);
    expect(records.map((r) => [r.url, r.title, r.encoding])).toEqual([
      ['https://news.example.org/ar/1', 'أخبار المدينة اليوم', 'windows-1256'],
      ['https://news.example.org/zh/2', '城市新闻', 'gbk'],
      ['https://news.example.org/x/3', 'Third page', expect.any(String)],
    ]);
    expect(String(records[1].body)).toContain('新公园');
  });

  it('the CLI prints one record per page with its url; an oversized page gets an error record', async () => {
    const file = join(tmp, 'cli.warc.gz');
    await writeWarc(file, [...RECORDS, { type: 'response', url: 'https://example.org/huge', httpHeaders: { 'Content-Type': 'text/html' }, body: article('Huge', 'x'.repeat(4000)) }], { gzip: true });
    const { code, stdout } = await runInProcess(['extract', '--warc', file, '--jobs', '0', '--ordered', '--quiet', '--format', 'jsonl', '--fields', 'title,encoding', '--max-bytes', '3000']);
    const records = parseLines(stdout);
    expect(records.map((r) => r.url)).toEqual(['https://news.example.org/ar/1', 'https://news.example.org/zh/2', 'https://news.example.org/x/3', 'https://example.org/huge']);
    expect(records[0]).toEqual({ id: expect.any(String), url: 'https://news.example.org/ar/1', httpStatus: 200, title: 'أخبار المدينة اليوم', encoding: 'windows-1256' });
    expect(records[3]).toMatchObject({ url: 'https://example.org/huge', httpStatus: 200 });
    expect((records[3].error as { code: string }).code).toBe('input-too-large');
    expect(code).toBe(1);
  });

  it('--warc-status all keeps a 404 capture, and its record says so', async () => {
    const file = join(tmp, 'cli-404.warc.gz');
    await writeWarc(file, [
      { type: 'response', url: 'https://example.org/gone', status: 404, httpHeaders: { 'Content-Type': 'text/html' }, body: article('Not here', 'This page does not exist any more.') },
      { type: 'response', url: 'https://example.org/ok', httpHeaders: { 'Content-Type': 'text/html' }, body: article('Here', 'This page exists and says so.') },
    ], { gzip: true });
    const taken = async (extra: string[]): Promise<unknown[]> => parseLines((await runInProcess(['extract', '--warc', file, '--jobs', '0', '--ordered', '--quiet', '--format', 'jsonl', '--fields', 'title', ...extra])).stdout).map((r) => [r.url, r.httpStatus, r.title]);
    expect(await taken([])).toEqual([['https://example.org/ok', 200, 'Here']]);
    expect(await taken(['--warc-status', 'all'])).toEqual([['https://example.org/gone', 404, 'Not here'], ['https://example.org/ok', 200, 'Here']]);
    expect((await runInProcess(['extract', '--warc', file, '--warc-status', 'some'])).code).toBe(2);
  });

  it('refuses --warc with paths, and a WARC file that is not there, as usage errors', async () => {
    expect((await runInProcess(['extract', '--warc', 'a.warc', 'page.html', '--quiet'])).code).toBe(2);
    const missing = await runInProcess(['extract', '--warc', join(tmp, 'nope.warc'), '--quiet']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nope.warc');
  });

  it('a file that is not a WARC file is a usage error too', async () => {
    const file = join(tmp, 'not.warc');
    writeFileSync(file, '<html>not a warc</html>');
    const result = await runInProcess(['extract', '--warc', file, '--quiet']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('is not a WARC file');
    await expect(readWarc(file).next()).rejects.toThrow(/is not a WARC file/u);
  });
});
