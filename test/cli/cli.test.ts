import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStem, listInputs } from '../../src/cli/io.js';
import { parseLines, runInProcess } from './run.js';

const REPO = resolve(import.meta.dirname, '../..');
const PAGES = join(REPO, 'corpora/pages');
const TRUTH = readFileSync(join(REPO, 'corpora/truth.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; title: string; encoding: string });
const TRUTH_IDS = TRUTH.map((t) => t.id).sort();
const DEFAULT_KEYS = ['id', 'title', 'author', 'date', 'lang', 'dir', 'kind', 'body', 'posts', 'comments', 'nextPage', 'encoding', 'algorithm'];
/** The first bytes of a PNG file. */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'matn-cli-'));
  mkdirSync(join(tmp, 'batch/sub'), { recursive: true });
  writeFileSync(join(tmp, 'batch/a-good.html'), readFileSync(join(PAGES, 'en-blog.html')));
  writeFileSync(join(tmp, 'batch/b-image.html'), PNG); // a PNG under an .html name
  writeFileSync(join(tmp, 'batch/sub/c-good.htm'), readFileSync(join(PAGES, 'zh-news-gbk.html')));
  writeFileSync(join(tmp, 'batch/sub/ignored.png'), PNG); // not a page extension: skipped when walking
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('io', () => {
  it.each([
    ['pages/a.b.html', 'a.b'],
    ['x/en-blog.html', 'en-blog'],
    ['README', 'README'],
    ['dir/.hidden', '.hidden'],
  ])('fileStem(%s) = %s', (path, stem) => {
    expect(fileStem(path)).toBe(stem);
  });

  it('walks directories recursively, keeps only page extensions, sorts by path', async () => {
    const inputs = await listInputs([join(tmp, 'batch')]);
    expect(inputs.map((i) => i.id)).toEqual(['a-good', 'b-image', 'c-good']);
  });
});

describe('matn extract (in-process)', () => {
  it('prints one record per corpus page, in sorted order with --ordered (worker pool), with the default fields', async () => {
    const { code, stdout } = await runInProcess(['extract', PAGES, '--ordered']);
    expect(code).toBe(0);
    const records = parseLines(stdout);
    expect(records.map((r) => r.id)).toEqual(TRUTH_IDS);
    for (const r of records) {
      expect(Object.keys(r)).toEqual(DEFAULT_KEYS);
      expect(r.algorithm).toBe('auto');
      expect(typeof r.body).toBe('string');
      expect((r.body as string).length).toBeGreaterThan(20);
    }
  });

  it('--fields selects fields (id always first)', async () => {
    const { code, stdout } = await runInProcess(['extract', join(PAGES, 'en-blog.html'), '--fields', 'title,encoding,charsetSource']);
    expect(code).toBe(0);
    expect(parseLines(stdout)).toEqual([{ id: 'en-blog', title: 'Why I Still Write My Notes by Hand', encoding: 'utf-8', charsetSource: 'meta' }]);
  });

  it('--format json prints one JSON array', async () => {
    const { code, stdout } = await runInProcess(['extract', PAGES, '--format', 'json', '--fields', 'title', '--ordered', '--jobs', '0']);
    expect(code).toBe(0);
    const array = JSON.parse(stdout) as { id: string }[];
    expect(array.map((r) => r.id)).toEqual(TRUTH_IDS);
  });

  it('--format text prints a readable block per page', async () => {
    const { code, stdout } = await runInProcess(['extract', join(PAGES, 'ug-forum-utf8.html'), '--format', 'text']);
    expect(code).toBe(0);
    expect(stdout.startsWith('==================== ug-forum-utf8 ====================\ntitle: پروگرامما')).toBe(true);
    expect(stdout).toContain('\nkeywords: ');
    expect(stdout).toContain('--- post 1 · تۇرسۇن · 2012-03-14T21:05');
  });

  it('a failing page yields an error record, the batch goes on, exit code 1', async () => {
    const { code, stdout } = await runInProcess(['extract', join(tmp, 'batch'), '--ordered']);
    expect(code).toBe(1);
    const records = parseLines(stdout);
    expect(records.map((r) => r.id)).toEqual(['a-good', 'b-image', 'c-good']);
    expect(records[1]).toEqual({ id: 'b-image', error: { code: 'not-text', message: expect.any(String) } });
    expect(records[0].title).toBe('Why I Still Write My Notes by Hand');
    expect(records[2].title).toBe('本市新建三座社区图书馆');
  });

  it('an over-size page is refused before reading (input-too-large)', async () => {
    const { code, stdout } = await runInProcess(['extract', join(PAGES, 'en-blog.html'), '--max-bytes', '100']);
    expect(code).toBe(1);
    expect(parseLines(stdout)).toEqual([{ id: 'en-blog', error: { code: 'input-too-large', message: expect.stringContaining('100') } }]);
  });

  it('drops the headline that repeats the title from the body; --keep-headline keeps it', async () => {
    const page = join(tmp, 'headline.html');
    writeFileSync(page, `<html><head><title>Snow in Urumqi</title></head><body><article><h1>Snow in Urumqi</h1>${'<p>Snow fell on the city for the third day and the schools stayed closed while the roads were cleared.</p>'.repeat(3)}</article></body></html>`);
    const dropped = parseLines((await runInProcess(['extract', page, '--fields', 'title,body', '--jobs', '0'])).stdout)[0] as { title: string; body: string };
    const kept = parseLines((await runInProcess(['extract', page, '--fields', 'body', '--jobs', '0', '--keep-headline'])).stdout)[0] as { body: string };
    expect(dropped.title).toBe('Snow in Urumqi');
    expect(dropped.body.startsWith('Snow fell on the city')).toBe(true);
    expect(kept.body.startsWith('Snow in Urumqi\n')).toBe(true);
  });

  it('a missing file is an io-error record', async () => {
    const { code, stdout } = await runInProcess(['extract', join(tmp, 'nope.html')]);
    expect(code).toBe(1);
    expect(parseLines(stdout)[0]).toMatchObject({ id: 'nope', error: { code: 'io-error' } });
  });

  it.each([
    [['extract']],
    [['extract', PAGES, '--algorithm', 'nope']],
    [['extract', PAGES, '--format', 'xml']],
    [['extract', PAGES, '--fields', 'title,nope']],
    [['extract', PAGES, '--max-bytes', '-5']],
    [['normalize', PAGES, '--format', 'text']],
    [['extract', PAGES, '--option', 'nope=1']],
    [['extract', PAGES, '--option', 'threshold=abc']],
    [['extract', PAGES, '--option', 'threshold']],
    [['extract', PAGES, '--urls', 'urls.txt']],
    [['extract', PAGES, '--resume']],
    [['extract', PAGES, '--resume', 'x.jsonl', '--format', 'text']],
    [['extract', PAGES, '--jobs', '-1']],
    [['frobnicate']],
    [[]],
  ])('usage error %j exits 2 without output on stdout', async (argv) => {
    const { code, stdout, stderr } = await runInProcess(argv);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).not.toBe('');
  });

  it.each([
    [['--help'], ['normalize', 'extract', 'Exit codes']],
    [['extract', '--help'], ['--format', '--algorithm', '--option', '--fields', '--keep-headline', '--content-type', '--default-charset', '--strip-invisible', '--max-bytes', 'correlated',
      '--urls', '--out', '--resume', '--jobs', '--ordered', '--timeout', '--retries', '--max-redirects', '--user-agent', '--concurrency', '--per-host', '--allow-private',
      'markdown', 'threshold=29', 'Exit codes']],
    [['normalize', '--help'], ['--format', '--html', '--content-type', '--default-charset', '--strip-invisible', '--max-bytes']],
  ])('%j lists every option and exits 0', async (argv, words) => {
    const { code, stdout } = await runInProcess(argv);
    expect(code).toBe(0);
    for (const w of words) expect(stdout).toContain(w);
  });
});

describe('matn normalize (in-process)', () => {
  it('prints charset facts per page, without html unless asked', async () => {
    const { code, stdout } = await runInProcess(['normalize', PAGES]);
    expect(code).toBe(0);
    const records = parseLines(stdout);
    expect(records.map((r) => r.id)).toEqual(TRUTH_IDS);
    for (const r of records) {
      expect(Object.keys(r)).toEqual(['id', 'file', 'encoding', 'charsetSource', 'confidence', 'repairs', 'invisible', 'warnings']);
    }
    const bom = records.find((r) => r.id === 'ug-forum-bom-lying-meta')!;
    expect([bom.encoding, bom.charsetSource]).toEqual(['utf-8', 'bom']);
  });

  it('--html adds the normalized html (numeric references of letters decoded)', async () => {
    const { stdout } = await runInProcess(['normalize', join(PAGES, 'ug-forum-ncr.html'), '--html']);
    const [record] = parseLines(stdout);
    expect(record.html).toContain('پروگرامما تۈزۈشنى');
    expect(record.html).not.toContain('&#1662;');
  });

  it('--content-type passes a transport charset', async () => {
    const { stdout } = await runInProcess(['normalize', join(PAGES, 'ar-news-1256-undeclared.html'), '--content-type', 'text/html; charset=windows-1256']);
    expect(parseLines(stdout)[0]).toMatchObject({ encoding: 'windows-1256', charsetSource: 'transport' });
  });

  it('a page that is not text still reports the charset its bytes were sniffed as, with the error', async () => {
    const file = join(tmp, 'nul-heavy.html');
    writeFileSync(file, Buffer.concat([Buffer.alloc(900), Buffer.from('<p>plain ascii</p>')]));
    const { code, stdout } = await runInProcess(['normalize', file]);
    expect(code).toBe(1);
    expect(parseLines(stdout)[0]).toMatchObject({ id: 'nul-heavy', encoding: 'windows-1252', error: { code: 'not-text' } });
    const extracted = await runInProcess(['extract', file, '--jobs', '0']);
    expect(extracted.code).toBe(1);
    expect(parseLines(extracted.stdout)[0]).toMatchObject({ id: 'nul-heavy', encoding: 'windows-1252', error: { code: 'not-text' } });
  });
});

describe('matn as a child process (node --import tsx src/cli/main.ts)', () => {
  const run = promisify(execFile);
  const cli = (args: string[]) => run(process.execPath, ['--import', 'tsx', join(REPO, 'src/cli/main.ts'), ...args], { cwd: REPO, maxBuffer: 1 << 24 })
    .then((r) => ({ code: 0, ...r }), (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }));

  it('extract corpora/pages: one line per page, exit 0', async () => {
    const { code, stdout } = await cli(['extract', 'corpora/pages', '--ordered']);
    expect(code).toBe(0);
    expect(parseLines(stdout).map((r) => r.id)).toEqual(TRUTH_IDS);
  });

  it('a bad page gives exit 1 and an error line; bad usage exit 2', async () => {
    const bad = await cli(['extract', join(tmp, 'batch')]);
    expect(bad.code).toBe(1);
    expect(parseLines(bad.stdout).filter((r) => r.error).map((r) => r.id)).toEqual(['b-image']);
    const usage = await cli(['extract', 'corpora/pages', '--algorithm', 'nope']);
    expect(usage.code).toBe(2);
  });
});
