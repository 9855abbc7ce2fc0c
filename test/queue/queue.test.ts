/**
 * The distributed mode for real: a Debian redis-server on a loopback port, pages enqueued with
 * `matn queue add`, two `matn worker` processes, one killed (SIGKILL) mid-run; every page must be
 * in the output exactly once and none lost. Skipped, with a message, when redis-server is absent
 * (.ci/run installs it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { Redis } from 'ioredis';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadLetterKey, queueStatus, startWorker, type WorkerOptions } from '../../src/queue/index.js';
import { cliArgs, REPO, runInProcess } from '../cli/run.js';
import { concatBytes, warcParts, writeWarc } from '../helpers/warc.js';
import { hasRedisServer, startRedisServer, type RedisServer } from './redis-server.js';

const PAGES = 300;
const available = hasRedisServer();
if (!available) console.warn('test/queue: redis-server is not installed (apt-get install redis-server); the queue tests are skipped');

const SENTENCES = [
  'The river rose after three days of rain and the old bridge was closed to traffic.',
  'Volunteers gathered at the library to sort the donated books by subject and age.',
  'قال المزارعون إن موسم الزيتون هذا العام كان أفضل من العام الماضي.',
  'بۇ يىل كۈزدە مەكتەپ ھويلىسىغا يېڭى دەرەخلەر تىكىلدى.',
  '今年秋天，学校的操场上种了很多新树。',
];

/** A page of our own: a unique title and a body of a few sentences. */
function page(i: number): string {
  const body = Array.from({ length: 6 }, (_, k) => `<p>${SENTENCES[(i + k) % SENTENCES.length]} (${i}.${k})</p>`).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Page number ${i}</title></head><body><header><a href="/">Home</a></header><article><h1>Page number ${i}</h1>${body}</article><footer>© site</footer></body></html>`;
}

function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const tick = async (): Promise<void> => {
      if (await check()) return resolve();
      if (Date.now() - started > timeoutMs) return reject(new Error(`timed out waiting for ${what}`));
      setTimeout(() => void tick(), 100);
    };
    void tick();
  });
}

describe.skipIf(!available)('matn queue + matn worker on redis-server', { timeout: 90_000 }, () => {
  let redis: RedisServer;
  const tmp = mkdtempSync(join(tmpdir(), 'matn-queue-'));
  const children: ChildProcess[] = [];

  beforeAll(async () => { redis = await startRedisServer(); });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await redis?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  function startWorkerProcess(out: string, log: string[]): ChildProcess {
    const child = spawn(process.execPath, cliArgs(['worker', '--redis', redis.url, '--queue', 'pages', '--jobs', '1', '--out', out, '--lock-ms', '2000', '--fields', 'title,body']), { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr?.on('data', (c: Buffer) => log.push(c.toString()));
    children.push(child);
    return child;
  }

  it(`${PAGES} pages, two workers, one killed mid-run: every page exactly once in the output, none lost`, async () => {
    const dir = join(tmp, 'pages');
    const out = join(tmp, 'out');
    mkdirSync(dir);
    for (let i = 0; i < PAGES; i++) writeFileSync(join(dir, `p${i}.html`), page(i));

    const added = await runInProcess(['queue', 'add', '--redis', redis.url, '--queue', 'pages', dir]);
    expect(added.code).toBe(0);
    expect(JSON.parse(added.stdout)).toEqual({ queue: 'pages', submitted: PAGES, added: PAGES, refused: 0 });
    // idempotent: the same pages again add nothing
    expect(JSON.parse((await runInProcess(['queue', 'add', '--redis', redis.url, '--queue', 'pages', dir])).stdout)).toMatchObject({ submitted: PAGES, added: 0 });

    const logA: string[] = [];
    const logB: string[] = [];
    const a = startWorkerProcess(out, logA);
    const b = startWorkerProcess(out, logB);
    const files = (): string[] => { try { return readdirSync(out); } catch { return []; } };
    await waitFor(() => files().length >= PAGES / 5, 40_000, 'the first pages');
    a.kill('SIGKILL'); // mid-run: it may hold a job, whose lock expires and which worker B takes
    const killedAt = files().length;
    expect(killedAt).toBeLessThan(PAGES);

    await waitFor(async () => (await queueStatus({ redis: redis.url, name: 'pages' })).completed === PAGES, 40_000, 'all pages completed');
    const status = await queueStatus({ redis: redis.url, name: 'pages' });
    expect(status).toMatchObject({ waiting: 0, active: 0, delayed: 0, completed: PAGES, failed: 0, deadLetter: 0 });
    expect(status.pagesPerSecond).toBeGreaterThan(0);

    // graceful stop of the survivor
    const exit = new Promise<number | null>((resolve) => b.once('exit', (code) => resolve(code)));
    b.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(logB.join('')).toMatch(/stopped; \d+ pages done, 0 failed/u);

    const names = files();
    // the killed worker (one job at a time) may leave one temp file, never a file under a page's name
    expect(names.filter((n) => n.endsWith('.matn-tmp')).length).toBeLessThanOrEqual(1);
    expect(names.filter((n) => !n.endsWith('.matn-tmp')).sort()).toEqual(Array.from({ length: PAGES }, (_, i) => `p${i}.json`).sort());
    for (const name of names.filter((n) => !n.endsWith('.matn-tmp'))) {
      const record = JSON.parse(readFileSync(join(out, name), 'utf8')) as { id: string; title: string };
      const i = Number(name.slice(1, -5));
      expect(record.id).toBe(`p${i}`);
      expect(record.title).toBe(`Page number ${i}`);
    }
  });

  it('SIGTERM mid-run: the worker finishes the page in hand, takes no more, exits 0; nothing is left active', async () => {
    const dir = join(tmp, 'term');
    const out = join(tmp, 'term-out');
    mkdirSync(dir);
    for (let i = 0; i < 100; i++) writeFileSync(join(dir, `t${i}.html`), page(i));
    await runInProcess(['queue', 'add', '--redis', redis.url, '--queue', 'term', dir]);
    const log: string[] = [];
    const child = spawn(process.execPath, cliArgs(['worker', '--redis', redis.url, '--queue', 'term', '--jobs', '1', '--out', out]), { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr?.on('data', (c: Buffer) => log.push(c.toString()));
    children.push(child);
    const files = (): string[] => { try { return readdirSync(out).filter((n) => n.endsWith('.json')); } catch { return []; } };
    await waitFor(() => files().length >= 1, 30_000, 'the first page');
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    const status = await queueStatus({ redis: redis.url, name: 'term' });
    // every job is either done (its file written) or still waiting for another worker
    expect(status).toMatchObject({ active: 0, failed: 0 });
    expect(status.completed).toBe(files().length);
    expect(status.completed + status.waiting).toBe(100);
    expect(status.waiting).toBeGreaterThan(0);
    expect(log.join('')).toContain(`stopped; ${status.completed} pages done, 0 failed`);
  });

  it('retries with backoff, then the dead-letter list; WARC pages and URLs as jobs; results to a Redis stream', async () => {
    const dir = join(tmp, 'few');
    mkdirSync(dir);
    writeFileSync(join(dir, 'good.html'), page(1));
    writeFileSync(join(dir, 'binary.html'), Buffer.from([0, 1, 2, 3, 0, 0, 0, 255, 0, 0, 7, 0]));
    const missing = join(tmp, 'gone.html');
    await runInProcess(['queue', 'add', '--redis', redis.url, '--queue', 'few', '--attempts', '3', '--backoff', '50', dir]);
    await runInProcess(['queue', 'add', '--redis', redis.url, '--queue', 'few', '--attempts', '3', '--backoff', '50', missing]);
    // a WARC page travels in its job, with its HTTP Content-Type (the only charset declaration)
    const warc = join(tmp, 'few.warc.gz');
    const arabic = '<html><head><title>سوق الكتب</title></head><body><article><p>فتح سوق الكتب القديمة أبوابه صباح الجمعة في ساحة المدينة.</p></article></body></html>';
    await writeWarc(warc, [{ type: 'response', url: 'https://example.org/books', httpHeaders: { 'Content-Type': 'text/html; charset=windows-1256' }, body: iconv.encode(arabic, 'windows-1256') }], { gzip: true });
    await runInProcess(['queue', 'add', '--redis', redis.url, '--queue', 'few', '--warc', warc]);
    // a URL job on a loopback address: the worker's fetcher refuses it (SSRF guard), no retry
    const urls = join(tmp, 'urls.txt');
    writeFileSync(urls, 'http://127.0.0.1:9/private\n');
    await runInProcess(['queue', 'add', '--redis', redis.url, '--queue', 'few', '--urls', urls]);
    const seen: string[] = [];
    const worker = await startWorker({
      redis: redis.url, name: 'few', jobs: 1, sink: { stream: 'few-results' }, onPage: (o) => seen.push(`${o.id}:${o.ok ? 'ok' : o.error?.code}`),
      page: { algorithm: 'auto', extractor: {}, metadata: {}, keepHeadline: false, normalize: {}, fields: ['title'], format: 'jsonl', maxBytes: 1 << 20 },
    });
    try {
      await waitFor(async () => {
        const s = await queueStatus({ redis: redis.url, name: 'few' });
        return s.deadLetter === 3 && s.completed === 2;
      }, 20_000, 'three dead letters and two pages');
    } finally {
      await worker.close();
    }
    const client = new Redis(redis.url);
    try {
      const dead = (await client.lrange(deadLetterKey('few'), 0, -1)).map((e) => JSON.parse(e) as { id: string; attempts: number; error: { code: string } });
      // an unreadable file is tried three times; a page that is not text cannot pass and is not retried
      expect(dead.find((d) => d.id === 'gone')).toMatchObject({ attempts: 3, error: { code: 'io-error' } });
      expect(dead.find((d) => d.id === 'binary')).toMatchObject({ attempts: 1, error: { code: 'not-text' } });
      expect(dead.find((d) => d.id.startsWith('127.0.0.1'))).toMatchObject({ attempts: 1, error: { code: 'private-address' } });
      expect(seen.filter((s) => s.startsWith('gone:'))).toEqual(['gone:io-error', 'gone:io-error', 'gone:io-error']);
      const entries = await client.xrange('few-results', '-', '+');
      const records = entries.map(([, fields]) => JSON.parse(fields[3]) as { id: string; url?: string; httpStatus?: number; title: string });
      expect(records.sort((x, y) => x.id.localeCompare(y.id))).toEqual([
        { id: expect.stringMatching(/^example\.org_books-[0-9a-f]{10}$/u), url: 'https://example.org/books', httpStatus: 200, title: 'سوق الكتب' },
        { id: 'good', title: 'Page number 1' },
      ]);
    } finally {
      client.disconnect();
    }
    const status = await runInProcess(['queue', 'status', '--redis', redis.url, '--queue', 'few']);
    expect(status.stdout).toMatch(/2 completed, 3 failed, 3 in dead-letter/u);
  });

  it('queue add refuses what cannot be a job, names it on stderr and exits 1: a line that is not a URL, a damaged WARC file', async () => {
    const urls = join(tmp, 'mixed-urls.txt');
    writeFileSync(urls, 'https://example.org/a\nnot a url\n# a comment\nftp://example.org/b\n');
    const added = await runInProcess(['queue', 'add', '--redis', redis.url, '--queue', 'refusals', '--urls', urls]);
    expect(added.code).toBe(1);
    expect(JSON.parse(added.stdout)).toEqual({ queue: 'refusals', submitted: 1, added: 1, refused: 2 });
    expect(added.stderr).toMatch(/refused .*: invalid-url: not a URL: "not a url"/u);
    expect(added.stderr).toMatch(/refused .*: invalid-url: only http and https URLs .*ftp:/u);

    const records = Array.from({ length: 3 }, (_, i) => ({ type: 'response' as const, url: `https://example.org/w${i}`, httpHeaders: { 'Content-Type': 'text/html' }, body: page(i) }));
    for (const gzip of [false, true]) {
      const parts = await warcParts(records, { gzip });
      const whole = concatBytes(parts);
      const file = join(tmp, `cut${gzip ? '.warc.gz' : '.warc'}`);
      writeFileSync(file, whole.subarray(0, whole.byteLength - 20)); // the last record cut short
      const offset = whole.byteLength - parts[parts.length - 1].byteLength;
      const result = await runInProcess(['queue', 'add', '--redis', redis.url, '--queue', `refusals-${gzip ? 'gz' : 'plain'}`, '--warc', file]);
      expect(result.code).toBe(1);
      expect(JSON.parse(result.stdout)).toMatchObject({ submitted: 2, added: 2, refused: 1 });
      expect(result.stderr).toContain(`refused cut${gzip ? '.warc.gz' : '.warc'}@${offset}: warc-truncated:`);
    }
  });

  it('queue status counts its rate over the time pages were being processed, not the time no worker was working', async () => {
    // Two batches of ten: the second is added only after the gap, so a fast worker cannot have taken
    // every page before it (then the gap would not lie between the pages' processing times).
    const batch = (k: number): string => {
      const dir = join(tmp, `gap${k}`);
      mkdirSync(dir);
      for (let i = 0; i < 10; i++) writeFileSync(join(dir, `g${k}-${i}.html`), page(10 * k + i));
      return dir;
    };
    await runInProcess(['queue', 'add', '--redis', redis.url, '--queue', 'gap', batch(0)]);
    const options: WorkerOptions = {
      redis: redis.url, name: 'gap', jobs: 1, sink: { dir: join(tmp, 'gap-out') },
      page: { algorithm: 'auto', extractor: {}, metadata: {}, keepHeadline: false, normalize: {}, fields: ['title'], format: 'jsonl', maxBytes: 1 << 20 },
    };
    const first = await startWorker(options);
    await waitFor(() => first.counts.done >= 10, 30_000, 'ten pages');
    await first.close();
    const GAP_MS = 1500;
    await new Promise((r) => setTimeout(r, GAP_MS)); // no worker at all: not work
    await runInProcess(['queue', 'add', '--redis', redis.url, '--queue', 'gap', batch(1)]);
    const second = await startWorker(options);
    try {
      await waitFor(async () => (await queueStatus({ redis: redis.url, name: 'gap' })).completed === 20, 30_000, 'all pages');
    } finally {
      await second.close();
    }
    const status = await queueStatus({ redis: redis.url, name: 'gap' });
    const queue = new Queue('gap', { connection: { url: redis.url } });
    const jobs = await queue.getJobs(['completed']).finally(() => queue.close());
    const span = (Math.max(...jobs.map((j) => j.finishedOn ?? 0)) - Math.min(...jobs.map((j) => j.processedOn ?? Infinity))) / 1000;
    expect(status.sample).toBe(20);
    expect(status.activeSeconds).toBeGreaterThan(0);
    expect(status.activeSeconds).toBeLessThanOrEqual(span - GAP_MS / 1000);
    expect(status.pagesPerSecond).toBeCloseTo(20 / status.activeSeconds, 6);
  });
});
