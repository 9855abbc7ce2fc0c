/** Parts of the queue that need no Redis server: job ids, job data, and failing fast without Redis. */
import { describe, expect, it } from 'vitest';
import { MatnError } from '../../src/core/errors.js';
import { jobDataOf, jobIdOf, unionLength } from '../../src/queue/index.js';
import { runInProcess } from '../cli/run.js';

describe('jobIdOf()', () => {
  it('keeps a safe page id, hashes one BullMQ would mis-read (a colon, digits only)', () => {
    expect(jobIdOf('example.org_news-3f2a9c0b1d')).toBe('example.org_news-3f2a9c0b1d');
    expect(jobIdOf('a:b')).toMatch(/^h-[0-9a-f]{24}$/u);
    expect(jobIdOf('12345')).toMatch(/^h-[0-9a-f]{24}$/u);
    expect(jobIdOf('a:b')).toBe(jobIdOf('a:b'));
    expect(jobIdOf('a:b')).not.toBe(jobIdOf('a:c'));
  });
});

describe('jobDataOf()', () => {
  it('files by absolute path, URLs as given, in-memory pages by value with their HTTP status', () => {
    expect(jobDataOf({ kind: 'file', id: 'p', path: 'pages/p.html' })).toMatchObject({ job: { kind: 'file', id: 'p', path: expect.stringMatching(/^\/.*pages\/p\.html$/u) } });
    expect(jobDataOf({ kind: 'url', id: 'u', url: 'https://example.org/' })).toEqual({ job: { kind: 'url', id: 'u', url: 'https://example.org/' } });
    const data = jobDataOf({ kind: 'bytes', id: 'w', url: 'https://example.org/w', bytes: new Uint8Array([0x3c, 0x70, 0x3e]), contentType: 'text/html', httpStatus: 200 });
    expect(data).toEqual({ job: { kind: 'bytes', id: 'w', url: 'https://example.org/w', base64: 'PHA+', contentType: 'text/html', httpStatus: 200 } });
  });

  it.each([
    ['not a url', 'invalid-url'],
    ['ftp://example.org/file', 'invalid-url'],
    ['example.org/page', 'invalid-url'],
  ])('refuses the URL line %j (%s)', (url, code) => {
    expect(jobDataOf({ kind: 'url', id: 'x', url })).toEqual({ refused: { id: 'x', code, message: expect.stringContaining(url) } });
  });

  it('refuses standard input and a damaged WARC file, saying why', () => {
    expect(jobDataOf({ kind: 'stdin', id: 'stdin' })).toMatchObject({ refused: { id: 'stdin', code: 'not-queueable' } });
    const damage = new MatnError('warc-truncated', 'crawl.warc: the data at byte 120 starts a record the file cuts short', { path: 'crawl.warc', offset: 120 });
    expect(jobDataOf({ kind: 'unreadable', id: 'crawl.warc@120', path: 'crawl.warc', error: damage })).toEqual({ refused: { id: 'crawl.warc@120', code: 'warc-truncated', message: damage.message } });
  });
});

describe('unionLength()', () => {
  it.each([
    [[], 0],
    [[[0, 10]], 10],
    [[[0, 10], [5, 15]], 15],
    [[[20, 30], [0, 10]], 20],
    [[[0, 100], [10, 20], [30, 40]], 100],
    // two workers, one page stalled: 0–10 and 10–20 worked, nothing 20–50, the retaken page 50–52
    [[[0, 10], [10, 20], [50, 52]], 22],
  ] as [[number, number][], number][])('%j → %d', (intervals, total) => {
    expect(unionLength(intervals)).toBe(total);
  });
});

describe('without a Redis server', () => {
  it.each([['queue', 'status'], ['queue', 'add', 'corpora/pages'], ['worker', '--out', 'never-written']])('matn %s %s fails fast with one line and exit 1', async (...args) => {
    const { code, stderr } = await runInProcess([...args, '--redis', 'redis://127.0.0.1:1']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^matn: cannot reach Redis at redis:\/\/127\.0\.0\.1:1: .*ECONNREFUSED/u);
  });

  it('usage: matn worker needs exactly one of --out and --stream', async () => {
    expect((await runInProcess(['worker', '--redis', 'redis://127.0.0.1:1'])).code).toBe(2);
    expect((await runInProcess(['queue', 'add', '--redis', 'redis://127.0.0.1:1'])).code).toBe(2);
  });
});
