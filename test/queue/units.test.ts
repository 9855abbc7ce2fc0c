/** Parts of the queue that need no Redis server: job ids, job data, and failing fast without Redis. */
import { describe, expect, it } from 'vitest';
import { jobDataOf, jobIdOf } from '../../src/queue/index.js';
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
  it('files by absolute path, URLs as given, in-memory pages by value, standard input refused', () => {
    expect(jobDataOf({ kind: 'file', id: 'p', path: 'pages/p.html' })).toMatchObject({ kind: 'file', id: 'p', path: expect.stringMatching(/^\/.*pages\/p\.html$/u) });
    expect(jobDataOf({ kind: 'url', id: 'u', url: 'https://example.org/' })).toEqual({ kind: 'url', id: 'u', url: 'https://example.org/' });
    const data = jobDataOf({ kind: 'bytes', id: 'w', url: 'https://example.org/w', bytes: new Uint8Array([0x3c, 0x70, 0x3e]), contentType: 'text/html' });
    expect(data).toEqual({ kind: 'bytes', id: 'w', url: 'https://example.org/w', base64: 'PHA+', contentType: 'text/html' });
    expect(jobDataOf({ kind: 'stdin', id: 'stdin' })).toBeNull();
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
