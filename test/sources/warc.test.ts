import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { MatnError } from '../../src/core/errors.js';
import { extractWarc, readWarc, warcPageId } from '../../src/sources/warc.js';
import { warcBytes, writeWarc, type TestRecord } from '../helpers/warc.js';
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
    expect(records[0]).toMatchObject({ title: 'أخبار المدينة اليوم', encoding: 'windows-1256' });
    expect((records[3].error as { code: string }).code).toBe('input-too-large');
    expect(code).toBe(1);
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
