import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { isMatnError } from '../../src/core/errors.js';
import { extract, type PageResult } from '../../src/pipeline.js';
import { extractFrom } from '../../src/sources/read.js';
import { extractUrl } from '../../src/sources/url.js';
import { REPO } from '../cli/run.js';

const GBK_FILE = join(REPO, 'corpora/pages/zh-news-gbk.html');
const GBK = readFileSync(GBK_FILE);
const UTF8 = readFileSync(join(REPO, 'corpora/pages/ug-forum-utf8.html'));
/** A page whose charset only the transport tells: windows-1251 Russian, no <meta charset>. */
const RUSSIAN_TEXT = '<html><head><title>Новости города</title></head><body><article><p>' +
  'В субботу в городском парке открылась новая библиотека. Читатели могут взять книги домой на две недели, а дети найдут там отдельный зал с играми. '.repeat(3) +
  '</p></article></body></html>';
const CP1251 = Buffer.from([...RUSSIAN_TEXT].map((c) => (c.charCodeAt(0) < 0x80 ? c.charCodeAt(0) : c.charCodeAt(0) - 0x410 + 0xc0)));
const CP1251_TYPE = 'text/html; charset=windows-1251';

/** What a record is made of, without timings (they differ between runs). */
function essence(page: PageResult): unknown {
  return { title: page.title, author: page.author, date: page.date, body: page.body, contentHtml: page.contentHtml, posts: page.posts, encoding: page.encoding, charsetSource: page.charsetSource, url: page.url, images: page.images };
}

describe('extract() takes bytes in any form', () => {
  const reference = essence(extract(GBK));
  it.each([
    ['Buffer', () => GBK],
    ['Uint8Array', () => new Uint8Array(GBK)],
    ['ArrayBuffer', () => GBK.buffer.slice(GBK.byteOffset, GBK.byteOffset + GBK.byteLength)],
    ['DataView', () => new DataView(GBK.buffer, GBK.byteOffset, GBK.byteLength)],
    ['a Uint8Array view into a larger buffer', () => { const big = new Uint8Array(GBK.byteLength + 20); big.set(GBK, 10); return big.subarray(10, 10 + GBK.byteLength); }],
  ] as const)('%s gives the same result', (_, input) => {
    expect(essence(extract(input()))).toEqual(reference);
  });

  it('a string is the decoded page', () => {
    expect(extract(UTF8.toString('utf8')).body).toBe(extract(UTF8).body);
  });

  it.each([[42], [{}], [null], [new Response('x')]])('refuses %s with invalid-argument', (input) => {
    expect(() => extract(input as never)).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
  });
});

describe('extractFrom()', () => {
  it('a Response: its Content-Type is the transport charset, and the result is the file\'s with that Content-Type', async () => {
    const page = await extractFrom(new Response(CP1251, { headers: { 'content-type': CP1251_TYPE } }));
    expect(page.encoding).toBe('windows-1251');
    expect(page.charsetSource).toBe('transport');
    expect(page.title).toBe('Новости города');
    expect(essence(page)).toEqual(essence(extract(CP1251, { normalize: { contentType: CP1251_TYPE } })));
  });

  it('a Response of a page file gives the same result as the file', async () => {
    const page = await extractFrom(new Response(GBK, { headers: { 'content-type': 'text/html' } }));
    expect(essence(page)).toEqual(essence(extract(readFileSync(GBK_FILE))));
  });

  it('options win over the Response\'s Content-Type', async () => {
    const page = await extractFrom(new Response(CP1251, { headers: { 'content-type': 'text/html; charset=utf-8' } }), { normalize: { contentType: CP1251_TYPE } });
    expect(page.encoding).toBe('windows-1251');
  });

  it('a web ReadableStream', async () => {
    expect(essence(await extractFrom(new Response(GBK).body!))).toEqual(essence(extract(GBK)));
  });

  it('a Node Readable in several chunks', async () => {
    const chunks = [GBK.subarray(0, 100), GBK.subarray(100, 1001), GBK.subarray(1001)];
    expect(essence(await extractFrom(Readable.from(chunks), { url: 'https://news.example.cn/a.html' }))).toEqual(essence(extract(GBK, { url: 'https://news.example.cn/a.html' })));
  });

  it('a stream past normalize.maxBytes is refused with input-too-large', async () => {
    await expect(extractFrom(Readable.from([GBK, GBK]), { normalize: { maxBytes: GBK.byteLength + 10 } })).rejects.toSatisfy((e: unknown) => isMatnError(e, 'input-too-large'));
    await expect(extractFrom(new Response(GBK).body!, { normalize: { maxBytes: 100 } })).rejects.toSatisfy((e: unknown) => isMatnError(e, 'input-too-large'));
  });

  it('bytes and strings pass through to extract()', async () => {
    expect(essence(await extractFrom(GBK))).toEqual(essence(extract(GBK)));
  });
});

/** Runs the CLI in-process with `stdin`, returns its JSON records. */
async function runWithStdin(argv: string[], stdin: Buffer): Promise<Record<string, unknown>[]> {
  const stdout = new PassThrough();
  const out: Buffer[] = [];
  stdout.on('data', (c: Buffer) => out.push(c));
  await runCli(argv, { stdout, stderr: new PassThrough(), stdin: Readable.from([stdin]) });
  return Buffer.concat(out).toString('utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('the CLI reads a page on standard input', () => {
  const FIELDS = 'title,author,date,lang,dir,kind,body,posts,comments,images,encoding,charsetSource,contentHtml';

  it('`-` gives the same record as the file path (but its id)', async () => {
    const [fromFile] = await runWithStdin(['extract', GBK_FILE, '--fields', FIELDS, '--jobs', '0', '--quiet', '--format', 'jsonl'], Buffer.alloc(0));
    const [fromStdin] = await runWithStdin(['extract', '-', '--fields', FIELDS, '--jobs', '0', '--quiet', '--format', 'jsonl'], GBK);
    expect(fromStdin.id).toBe('stdin');
    expect({ ...fromStdin, id: 'x' }).toEqual({ ...fromFile, id: 'x' });
    expect(fromFile.title).toBe('本市新建三座社区图书馆');
  });

  it('--url is the base of links and images', async () => {
    const recipe = readFileSync(join(REPO, 'test/fixtures/content/zh-news.html'));
    const [record] = await runWithStdin(['extract', '-', '--url', 'https://news.example.cn/city/a.html', '--fields', 'images', '--jobs', '0', '--quiet', '--format', 'jsonl'], recipe);
    expect(record.images).toEqual([{ src: 'https://news.example.cn/pics/2023/park.jpg', alt: '湿地公园一角', caption: null }]);
  });
});

describe('extractUrl() uses the SSRF-safe fetcher', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/moved') { res.writeHead(302, { location: '/page' }); res.end(); return; }
      res.writeHead(200, { 'content-type': CP1251_TYPE });
      res.end(CP1251);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses a loopback address by default (fetch-error, reason private-address)', async () => {
    await expect(extractUrl(`${base}/page`)).rejects.toSatisfy((e: unknown) => isMatnError(e, 'fetch-error') && (e as { details: Record<string, unknown> }).details.reason === 'private-address');
  });

  it('with allowPrivate: follows the redirect, reads the transport charset, takes the final URL as the page URL', async () => {
    const page = await extractUrl(`${base}/moved`, { fetch: { allowPrivate: true } });
    expect(page.url).toBe(`${base}/page`);
    expect(page.charsetSource).toBe('transport');
    expect(essence(page)).toEqual(essence(extract(CP1251, { url: `${base}/page`, normalize: { contentType: CP1251_TYPE } })));
  });

  it('the CLI fetches URL arguments (with --allow-private here) and resolves against the final URL', async () => {
    const [record] = await runWithStdin(['extract', `${base}/moved`, '--allow-private', '--fields', 'title,encoding,charsetSource,finalUrl', '--jobs', '0', '--quiet', '--format', 'jsonl'], Buffer.alloc(0));
    expect(record).toMatchObject({ url: `${base}/moved`, finalUrl: `${base}/page`, title: 'Новости города', encoding: 'windows-1251', charsetSource: 'transport' });
  });

  it('refuses a URL that is not http(s) with invalid-argument', async () => {
    await expect(extractUrl('file:///etc/passwd')).rejects.toSatisfy((e: unknown) => isMatnError(e, 'invalid-argument'));
  });
});
