/**
 * Online mode end to end: the CLI runs as a child process against an HTTP server this test starts
 * on 127.0.0.1 (all traffic stays on loopback; every request loop is bounded).
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLines, runChild } from './run.js';

const TITLE = 'شەھىرىمىزدە يېڭى كۈتۈپخانا ئېچىلدى';
const SENTENCE = 'شەھىرىمىزدە بۈگۈن يېڭى بىر كۈتۈپخانا ئېچىلدى، ئۇنىڭدا ئون مىڭدىن ئارتۇق كىتاب بار ۋە ھەممە ئادەم ھەقسىز ئوقۇيالايدۇ. ';
const AR_TITLE = 'افتتاح مكتبة عامة جديدة في وسط المدينة';
const AR_SENTENCE = 'افتتحت البلدية صباح اليوم مكتبة عامة جديدة في وسط المدينة بحضور عدد كبير من الأهالي والطلاب. ';

function page(title: string, sentence: string, head = ''): string {
  return `<!doctype html><html><head>${head}<title>${title}</title></head><body><nav><a href="/">باش بەت</a></nav>`
    + `<article><h1>${title}</h1><p>${sentence.repeat(4)}</p><p>${sentence.repeat(3)}</p></article></body></html>`;
}

const hits = new Map<string, number>();
const userAgents: string[] = [];
let active = 0;
let mostActive = 0;
const timers = new Set<NodeJS.Timeout>();
let server: Server;
let base: string;
let tmp: string;

function later(ms: number, fn: () => void): void {
  const t = setTimeout(() => { timers.delete(t); fn(); }, ms);
  timers.add(t);
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x');
  const path = url.pathname;
  hits.set(path, (hits.get(path) ?? 0) + 1);
  const html = (body: string | Buffer, type = 'text/html; charset=utf-8'): void => { res.writeHead(200, { 'content-type': type }); res.end(body); };
  const redirect = path.match(/^\/r\/(\d+)$/);
  if (redirect) {
    const n = Number(redirect[1]);
    res.writeHead(302, { location: n > 1 ? `/r/${n - 1}` : '/ok' }).end();
    return;
  }
  switch (path) {
    case '/ok':
      userAgents.push(req.headers['user-agent'] ?? '');
      return html(page(TITLE, SENTENCE, '<meta name="keywords" content="كۈتۈپخانا، كىتاب">'));
    case '/slow':
      return later(5_000, () => html(page(TITLE, SENTENCE)));
    case '/huge': { // no Content-Length: the limit must cut the stream
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      let sent = 0;
      const pump = (): void => {
        while (sent < 64 && !res.destroyed) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('error', () => undefined);
      return pump();
    }
    case '/huge-declared':
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(8 * 1024 * 1024) });
      res.on('error', () => undefined);
      return void res.write(Buffer.alloc(1024, 0x61)); // never finishes: the client must give up on the header
    case '/lying-charset': // UTF-8 bytes, header says windows-1252
      return html(page(TITLE, SENTENCE), 'text/html; charset=windows-1252');
    case '/transport-charset': // windows-1256 bytes, declared only in the header
      return html(iconv.encode(page(AR_TITLE, AR_SENTENCE), 'windows-1256'), 'text/html; charset=windows-1256');
    case '/image':
      return html(Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png');
    case '/json':
      return html('{"a":1}', 'application/json');
    case '/missing':
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>not found</h1>');
      return;
    case '/broken':
      res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>oops</h1>');
      return;
    case '/flaky':
      if ((hits.get(path) ?? 0) === 1) { res.writeHead(503).end(); return; }
      return html(page(TITLE, SENTENCE));
    case '/busy': // counts concurrent requests
      active++;
      mostActive = Math.max(mostActive, active);
      return later(150, () => { active--; html(page(TITLE, SENTENCE)); });
    default:
      res.writeHead(404).end();
  }
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'matn-online-'));
  server = createServer(handle);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const t of timers) clearTimeout(t);
  server.closeAllConnections();
  server.close();
  rmSync(tmp, { recursive: true, force: true });
});

function urlFile(name: string, paths: readonly string[]): string {
  const file = join(tmp, name);
  writeFileSync(file, `# test URLs\n${paths.map((p) => (p.startsWith('http') ? p : `${base}${p}`)).join('\n')}\n\n`);
  return file;
}

const byUrl = (records: Record<string, unknown>[]): Map<string, Record<string, unknown>> => new Map(records.map((r) => [String(r.url).replace(base, ''), r]));

describe('matn extract --urls (local server on 127.0.0.1)', { timeout: 120_000 }, () => {
  let result: Awaited<ReturnType<typeof runChild>>;
  let records: Map<string, Record<string, unknown>>;
  const PATHS = ['/ok', '/r/5', '/r/6', '/slow', '/huge', '/huge-declared', '/lying-charset', '/transport-charset', '/image', '/json', '/missing', '/broken', '/flaky'];

  beforeAll(async () => {
    const list = urlFile('urls.txt', PATHS);
    result = await runChild(['extract', '--urls', list, '--allow-private', '--timeout', '1500', '--retries', '1', '--retry-delay', '20',
      '--max-bytes', '1000000', '--user-agent', 'matn-test/1', '--fields', 'title,keywords,encoding,charsetSource,finalUrl', '--jobs', '1'], { timeoutMs: 90_000 });
    records = byUrl(parseLines(result.stdout));
  }, 120_000);

  it('one record per URL, exit 1 because some failed, a summary on stderr', () => {
    expect(result.code).toBe(1);
    expect([...records.keys()].sort()).toEqual([...PATHS].sort());
    expect(result.stderr).toMatch(/^matn: 13 pages, 5 ok, 8 failed \(/m);
  });

  it('a good page: title, keywords, the URL and id, our User-Agent', () => {
    expect(records.get('/ok')).toMatchObject({ title: TITLE, keywords: ['كۈتۈپخانا', 'كىتاب'], encoding: 'utf-8', finalUrl: `${base}/ok` });
    expect(records.get('/ok')?.id).toMatch(/^127\.0\.0\.1_\d+_ok-[0-9a-f]{10}$/);
    expect(userAgents.every((ua) => ua === 'matn-test/1')).toBe(true);
  });

  it.each([
    ['/r/5', null],
    ['/r/6', 'too-many-redirects'],
    ['/slow', 'timeout'],
    ['/huge', 'input-too-large'],
    ['/huge-declared', 'input-too-large'],
    ['/image', 'not-html'],
    ['/json', 'not-html'],
    ['/missing', 'http-error'],
    ['/broken', 'http-error'],
    ['/flaky', null],
  ])('%s → %s', (path, code) => {
    const record = records.get(path)!;
    if (code === null) expect(record).toMatchObject({ title: TITLE });
    else expect(record.error).toMatchObject({ code, message: expect.stringContaining(base) });
  });

  it('5 redirects are followed (final URL kept), the 6th is refused', () => {
    expect(records.get('/r/5')?.finalUrl).toBe(`${base}/ok`);
    expect((records.get('/r/6')?.error as { message: string }).message).toContain('more than 5');
  });

  it('HTTP errors carry the status; 5xx are retried once (--retries 1), 404 is not', () => {
    expect(records.get('/missing')?.error).toMatchObject({ status: 404 });
    expect(records.get('/broken')?.error).toMatchObject({ status: 500, message: expect.stringContaining('after 2 attempts') });
    expect(hits.get('/broken')).toBe(2);
    expect(hits.get('/missing')).toBe(1);
    expect(hits.get('/flaky')).toBe(2);
    expect(records.get('/image')?.error).toMatchObject({ contentType: 'image/png' });
  });

  it('the response Content-Type charset reaches normalize (declared only there; a lying one is repaired)', () => {
    expect(records.get('/transport-charset')).toMatchObject({ title: AR_TITLE, encoding: 'windows-1256', charsetSource: 'transport' });
    expect(records.get('/lying-charset')).toMatchObject({ title: TITLE, encoding: 'utf-8' });
  });
});

describe('SSRF guard and limits', { timeout: 120_000 }, () => {
  it('without --allow-private, loopback hosts are refused before any request (literal IPv4/IPv6 and localhost after DNS)', async () => {
    const before = hits.get('/ok') ?? 0;
    const port = new URL(base).port;
    const list = urlFile('private.txt', [`${base}/ok`, `http://localhost:${port}/ok`, `http://[::1]:${port}/ok`, `http://[::ffff:127.0.0.1]:${port}/ok`, 'ftp://example.com/x', 'not a url']);
    const { code, stdout } = await runChild(['extract', '--urls', list, '--retries', '0', '--jobs', '0', '--ordered'], { timeoutMs: 60_000 });
    expect(code).toBe(1);
    const errors = parseLines(stdout).map((r) => (r.error as { code: string }).code);
    expect(errors).toEqual(['private-address', 'private-address', 'private-address', 'private-address', 'invalid-url', 'invalid-url']);
    expect(stdout).toContain('--allow-private');
    expect(hits.get('/ok') ?? 0).toBe(before);
  });

  it('--per-host bounds concurrent requests to one host; URLs from stdin (-); --format text', async () => {
    mostActive = 0;
    const urls = Array.from({ length: 6 }, (_, i) => `${base}/busy?i=${i}`).join('\n');
    const { code, stdout } = await runChild(['extract', '--urls', '-', '--allow-private', '--per-host', '2', '--format', 'text', '--jobs', '1'], { input: urls, timeoutMs: 60_000 });
    expect(code).toBe(0);
    expect(stdout.match(/^==================== 127\.0\.0\.1_\d+_busy-[0-9a-f]{10} =+$/gm)?.length).toBe(6);
    expect(stdout).toContain(`title: ${TITLE}`);
    expect(mostActive).toBeGreaterThan(0);
    expect(mostActive).toBeLessThanOrEqual(2);
  });
});
