/**
 * The default of `--jobs` (issue 19): the main thread for a small batch of files known up front,
 * workers otherwise; an explicit `--jobs` and an isolation limit win. Folders written here.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseJobs, describeJobs, isSmallBatch, type JobsChoiceOptions } from '../../src/runner/jobs-choice.js';
import { peekBatch } from '../../src/runner/batch-peek.js';
import { iterateFiles, type PageSource } from '../../src/runner/inputs.js';
import { parseLines, runInProcess } from './run.js';

let tmp: string;
const limits: JobsChoiceOptions = { smallBatchPages: 5, smallBatchBytes: 10_000 };

function page(n: number): string {
  return `<html><head><title>Page ${n}</title></head><body><p>Paragraph ${n} of a page written for this test.</p></body></html>`;
}

function folder(name: string, pages: number): string {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  for (let n = 0; n < pages; n++) writeFileSync(join(dir, `p${String(n).padStart(3, '0')}.html`), page(n));
  return dir;
}

async function ids(sources: AsyncIterable<PageSource>): Promise<string[]> {
  const out: string[] = [];
  for await (const s of sources) out.push(s.id);
  return out;
}

/** The last stderr line: the summary, which says how the pages ran. */
function summary(stderr: string): string {
  return stderr.trim().split('\n').at(-1) ?? '';
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'matn-jobs-'));
  folder('three', 3);
  folder('many', 201); // more than the default smallBatchPages (200)
  mkdirSync(join(tmp, 'packed'));
  writeFileSync(join(tmp, 'packed/a.html.gz'), gzipSync(page(1)));
  mkdirSync(join(tmp, 'big'));
  writeFileSync(join(tmp, 'big/huge.html'), Buffer.alloc(9 * 1024 * 1024, 0x61)); // over the default 8 MiB
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('chooseJobs', () => {
  const small = { pages: 3, bytes: 300, complete: true };
  it('runs a small batch known up front in the main thread', () => {
    expect(chooseJobs({ isolationAsked: false, batch: small, cores: 2 }, limits)).toEqual({ jobs: 0, reason: 'small-batch', batch: small });
  });
  it.each([
    ['too many pages', { pages: 6, bytes: 300, complete: true }],
    ['too many bytes', { pages: 2, bytes: 10_001, complete: true }],
    ['counting stopped early', { pages: 5, bytes: 300, complete: false }],
  ])('uses one worker per core when %s', (_, batch) => {
    expect(chooseJobs({ isolationAsked: false, batch, cores: 2 }, limits)).toMatchObject({ jobs: 2, reason: 'large-batch' });
    expect(isSmallBatch(batch, limits)).toBe(false);
  });
  it('uses workers when the size is unknown or an isolation limit is asked for', () => {
    expect(chooseJobs({ isolationAsked: false, batch: null, cores: 4 }, limits)).toMatchObject({ jobs: 4, reason: 'unknown-size' });
    expect(chooseJobs({ isolationAsked: true, batch: small, cores: 4 }, limits)).toMatchObject({ jobs: 4, reason: 'isolation' });
  });
  it('obeys an explicit --jobs, 0 included, whatever the batch', () => {
    expect(chooseJobs({ explicitJobs: 3, isolationAsked: false, batch: small, cores: 2 }, limits)).toMatchObject({ jobs: 3, reason: 'explicit' });
    expect(chooseJobs({ explicitJobs: 0, isolationAsked: true, batch: null, cores: 2 }, limits)).toMatchObject({ jobs: 0, reason: 'explicit' });
  });
  it('describes the choice for the summary line', () => {
    expect(describeJobs({ jobs: 0, reason: 'small-batch', batch: small }, limits)).toBe('main thread (default for a small batch: 3 pages, 0.0 MB; at most 5 pages, 0.0 MB)');
    expect(describeJobs({ jobs: 1, reason: 'explicit', batch: null }, limits)).toBe('1 worker (--jobs 1)');
  });
});

describe('peekBatch', () => {
  it('counts a small folder whole and gives every source back once, in order', async () => {
    const dir = join(tmp, 'three');
    const peeked = await peekBatch(iterateFiles([dir]), { maxPages: 5, maxBytes: 10_000 });
    expect(peeked.batch).toEqual({ pages: 3, bytes: [0, 1, 2].reduce((n, i) => n + Buffer.byteLength(page(i)), 0), complete: true });
    expect(await ids(peeked.sources)).toEqual(await ids(iterateFiles([dir])));
  });
  it('stops one page past the limit and still replays the whole batch', async () => {
    const dir = join(tmp, 'many');
    const peeked = await peekBatch(iterateFiles([dir]), { maxPages: 5, maxBytes: 1_000_000 });
    expect(peeked.batch).toMatchObject({ pages: 6, complete: false });
    expect(await ids(peeked.sources)).toHaveLength(201);
  });
  it('gives no size for a gzipped file (its unpacked size is unknown)', async () => {
    const peeked = await peekBatch(iterateFiles([join(tmp, 'packed')]), { maxPages: 5, maxBytes: 10_000 });
    expect(peeked.batch).toBeNull();
    expect(await ids(peeked.sources)).toEqual(['a']);
  });
});

describe('matn extract without --jobs', () => {
  it('runs 3 small pages in the main thread and says so', async () => {
    const { code, stdout, stderr } = await runInProcess(['extract', join(tmp, 'three'), '--fields', 'title', '--format', 'jsonl']);
    expect(code).toBe(0);
    expect(parseLines(stdout).map((r) => r.title).sort()).toEqual(['Page 0', 'Page 1', 'Page 2']);
    expect(summary(stderr)).toMatch(/; main thread \(default for a small batch: 3 pages, /);
  });
  it('uses the pool for many pages', async () => {
    const { code, stdout, stderr } = await runInProcess(['extract', join(tmp, 'many'), '--fields', 'title', '--format', 'jsonl']);
    expect(code).toBe(0);
    expect(parseLines(stdout)).toHaveLength(201);
    expect(summary(stderr)).toMatch(/; \d+ workers? \(default: batch over 200 pages, /);
  });
  it('uses the pool for a batch over the byte limit', async () => {
    // --max-bytes refuses the page before it is parsed: the test measures the choice, not a 9 MiB extraction
    const { stdout, stderr } = await runInProcess(['extract', join(tmp, 'big'), '--max-bytes', '1000', '--format', 'jsonl']);
    expect((parseLines(stdout)[0]?.error as { code?: string } | undefined)?.code).toBe('input-too-large');
    expect(summary(stderr)).toMatch(/; \d+ workers? \(default: batch over /);
  });
  it('uses the pool when --page-timeout is given, even for 3 small pages', async () => {
    const { code, stderr } = await runInProcess(['extract', join(tmp, 'three'), '--page-timeout', '30000', '--format', 'jsonl']);
    expect(code).toBe(0);
    expect(summary(stderr)).toMatch(/; \d+ workers? \(default: --page-timeout and --worker-memory need workers\)/);
  });
  it('obeys an explicit --jobs on a small batch', async () => {
    const { code, stdout, stderr } = await runInProcess(['extract', join(tmp, 'three'), '--jobs', '1', '--fields', 'title', '--format', 'jsonl']);
    expect(code).toBe(0);
    expect(parseLines(stdout)).toHaveLength(3);
    expect(summary(stderr)).toMatch(/; 1 worker \(--jobs 1\)$/);
  });
  it('obeys --jobs 0 on a large batch', async () => {
    const { stderr } = await runInProcess(['extract', join(tmp, 'big'), '--jobs', '0', '--max-bytes', '1000', '--format', 'jsonl']);
    expect(summary(stderr)).toMatch(/; main thread \(--jobs 0\)$/);
  });
});
