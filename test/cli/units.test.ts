import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../src/fetching/address.js';
import { runBounded } from '../../src/runner/batch.js';
import { isRetryable } from '../../src/fetching/fetch.js';
import { escapeMarkdownLine, formatMarkdown, formatText, outputExtension } from '../../src/runner/formats.js';
import { fileStem, isPageName, urlId } from '../../src/runner/inputs.js';
import { collectOption, extractorOptionsOf, UsageError } from '../../src/cli/options.js';
import { readDoneIds, removeStaleTempFiles, TEMP_SUFFIX, writeFileAtomic } from '../../src/runner/out-dir.js';
import { PageError } from '../../src/fetching/page-error.js';
import { countOutcome, formatSummary, newCounts } from '../../src/cli/progress.js';

let tmp: string;
beforeAll(() => { tmp = mkdtempSync(join(tmpdir(), 'matn-cli-units-')); });
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['93.184.216.34', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['127.255.0.9', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false], // cloud metadata (link-local)
    ['100.64.0.1', false], // carrier-grade NAT
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['[::1]', false],
    ['::', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['::ffff:127.0.0.1', false], // IPv4-mapped loopback
    ['::ffff:10.0.0.1', false],
    ['::ffff:8.8.8.8', true], // IPv4-mapped public
    ['2002:7f00:1::', false], // 6to4 of 127.0.0.1
    ['64:ff9b::a00:1', false], // NAT64 of 10.0.0.1
    ['::127.0.0.1', false], // IPv4-compatible (::/96) loopback
    ['[::127.0.0.1]', false],
    ['::10.0.0.1', false],
    ['::8.8.8.8', true], // IPv4-compatible public: judged as 8.8.8.8
    ['not-an-ip', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('inputs', () => {
  it.each([
    ['pages/a.b.html', 'a.b'],
    ['x/page.html.gz', 'page'],
    ['x/page.gz', 'page'],
    ['README', 'README'],
  ])('fileStem(%s) = %s', (path, stem) => expect(fileStem(path)).toBe(stem));

  it.each([
    ['a.html', true], ['a.HTM', true], ['a.xhtml', true], ['a.html.gz', true], ['a.htm.gz', true],
    ['a.png', false], ['data.tar.gz', false], ['a.gz', false],
  ])('isPageName(%s) = %s', (name, expected) => expect(isPageName(name)).toBe(expected));

  it.each([
    ['https://example.com/news/1.html', /^example\.com_news_1\.html-[0-9a-f]{10}$/],
    ['http://127.0.0.1:8080/a?b=c', /^127\.0\.0\.1_8080_a-[0-9a-f]{10}$/],
    ['not a url', /^not_a_url-[0-9a-f]{10}$/],
  ])('urlId(%s) is a file-name-safe slug + hash', (url, pattern) => expect(urlId(url)).toMatch(pattern));

  it('urlId differs for URLs that differ only in the query', () => {
    expect(urlId('http://h/p?i=1')).not.toBe(urlId('http://h/p?i=2'));
  });
});

describe('formats', () => {
  const record = { id: 'p1', title: 'T', keywords: ['k1', 'k2'], date: '2012-03-14', body: '# not a heading\n- not a list\nplain', posts: [{ author: 'A', date: null, text: 'x' }] };

  it('text: separator line, header lines in the paper order, body, posts', () => {
    expect(formatText(record)).toBe('==================== p1 ====================\ntitle: T\nkeywords: k1, k2\ndate: 2012-03-14\n\n# not a heading\n- not a list\nplain\n\n--- post 1 · A · ?\nx\n\n');
  });

  it('text: error record', () => {
    expect(formatText({ id: 'p2', url: 'http://h/', error: { code: 'not-html', message: 'm' } })).toBe('==================== p2 ====================\nurl: http://h/\nerror: not-html: m\n\n');
  });

  it('markdown: YAML front matter, title heading, escaped body lines as paragraphs, posts', () => {
    const md = formatMarkdown(record);
    expect(md).toBe('---\ntitle: "T"\ndate: "2012-03-14"\nkeywords: ["k1", "k2"]\nid: "p1"\n---\n\n# T\n\n\\# not a heading\n\n\\- not a list\n\nplain\n\n## Posts\n\n### 1 · A · ?\n\nx\n\n');
  });

  it('markdown: an error record is front matter with the error', () => {
    expect(formatMarkdown({ id: 'p2', url: 'http://h/', error: { code: 'not-html', message: 'm' } })).toBe('---\nid: "p2"\nurl: "http://h/"\nerror: "not-html: m"\n---\n\n');
  });

  it.each([
    ['# h', '\\# h'], ['  > q', '  \\> q'], ['1. item', '\\1. item'], ['```', '\\```'], ['a # b', 'a # b'], ['-5 °C', '\\-5 °C'],
  ])('escapeMarkdownLine(%j) = %j', (line, expected) => expect(escapeMarkdownLine(line)).toBe(expected));

  it.each([['jsonl', '.json'], ['json', '.json'], ['text', '.txt'], ['markdown', '.md'], ['html', '.html']] as const)('outputExtension(%s) = %s', (f, e) => expect(outputExtension(f)).toBe(e));
});

describe('options', () => {
  it('collectOption accumulates key=value pairs (value may contain =)', () => {
    expect(collectOption('b=x=y', collectOption('a=1'))).toEqual([['a', '1'], ['b', 'x=y']]);
  });

  it.each([
    [[['threshold', '30']], { threshold: 30 }],
    [[['scaleThreshold', '0.6'], ['minPosts', '3']], { scaleThreshold: 0.6, minPosts: 3 }],
  ])('extractorOptionsOf converts %j by the default types', (pairs, expected) => {
    expect(extractorOptionsOf('correlated', pairs as [string, string][])).toEqual(expected);
  });

  it.each([
    [[['treshold', '30']], /no option "treshold" \(known: threshold/],
    [[['threshold', 'high']], /expected a number \(default: 29\)/],
    [[['threshold', '']], /expected a number/],
  ])('extractorOptionsOf refuses %j', (pairs, message) => {
    expect(() => extractorOptionsOf('correlated', pairs as [string, string][])).toThrow(UsageError);
    expect(() => extractorOptionsOf('correlated', pairs as [string, string][])).toThrow(message);
  });
});

describe('isRetryable', () => {
  it.each([
    [new PageError('timeout', 't'), true],
    [new PageError('fetch-error', 'f'), true],
    [new PageError('http-error', 'h', { status: 503 }), true],
    [new PageError('http-error', 'h', { status: 429 }), true],
    [new PageError('http-error', 'h', { status: 404 }), false],
    [new PageError('private-address', 'p'), false],
    [new PageError('not-html', 'n'), false],
    [new PageError('input-too-large', 'i'), false],
  ])('%s → %s', (error, expected) => expect(isRetryable(error)).toBe(expected));
});

describe('summary', () => {
  it('counts outcomes by code and formats the summary line', () => {
    const counts = newCounts();
    for (const o of [
      { id: 'a', ok: true }, { id: 'b', ok: false, error: { code: 'http-error', message: '' } }, { id: 'c', ok: true, skipped: true },
      { id: 'd', ok: false, error: { code: 'not-html', message: '' } }, { id: 'e', ok: false, error: { code: 'http-error', message: '' } },
    ]) countOutcome(counts, o);
    expect(formatSummary(counts, 2)).toBe('matn: 5 pages, 1 ok, 3 failed (http-error 2, not-html 1), 1 skipped in 2.0 s, 2.0 pages/s');
  });
});

async function* numbers(n: number): AsyncGenerator<number> {
  for (let i = 0; i < n; i++) yield i;
}

describe('runBounded', () => {
  /** Completes items in a scrambled order (later items first within each group of 5). */
  const scrambled = (i: number): Promise<number> => new Promise((resolve) => setTimeout(() => resolve(i), (5 - (i % 5)) * 2));

  it.each([[1], [3], [8]])('ordered, window %i: emits every item once, in input order', async (window) => {
    const out: number[] = [];
    await runBounded(numbers(40), scrambled, async (r) => { out.push(r); }, { window, ordered: true });
    expect(out).toEqual([...Array(40).keys()]);
  });

  it('unordered: emits every item exactly once', async () => {
    const out: number[] = [];
    await runBounded(numbers(40), scrambled, async (r) => { out.push(r); }, { window: 6, ordered: false });
    expect(out.length).toBe(40);
    expect([...out].sort((a, b) => a - b)).toEqual([...Array(40).keys()]);
  });

  it.each([[true], [false]])('ordered=%s: never more than `window` items started and not emitted', async (ordered) => {
    let started = 0;
    let emitted = 0;
    let most = 0;
    await runBounded(numbers(60), (i) => { started++; most = Math.max(most, started - emitted); return scrambled(i); }, async () => { emitted++; }, { window: 4, ordered });
    expect(emitted).toBe(60);
    expect(most).toBeLessThanOrEqual(4);
  });

  it('an emit failure stops the batch and is thrown', async () => {
    let pulled = 0;
    const items = (async function* () { for (let i = 0; i < 1000; i++) { pulled++; yield i; } })();
    await expect(runBounded(items, async (i) => i, async (r) => { if (r === 3) throw new Error('EPIPE'); }, { window: 2, ordered: true })).rejects.toThrow('EPIPE');
    expect(pulled).toBeLessThan(10);
  });
});

describe('out-dir', () => {
  it('writeFileAtomic leaves only the final file; removeStaleTempFiles removes left-overs only', async () => {
    const dir = mkdtempSync(join(tmp, 'out-'));
    await writeFileAtomic(join(dir, 'a.json'), '{"id":"a"}\n');
    writeFileSync(join(dir, `.b.json.123abc${TEMP_SUFFIX}`), '{"id":'); // a killed run's half file
    writeFileSync(join(dir, '.keep'), 'x');
    expect(readFileSync(join(dir, 'a.json'), 'utf8')).toBe('{"id":"a"}\n');
    expect(await removeStaleTempFiles(dir)).toBe(1);
    expect(readdirSync(dir).sort()).toEqual(['.keep', 'a.json']);
  });

  it('readDoneIds keeps good records, drops errors and a line cut short, and says so', async () => {
    const file = join(tmp, 'prev.jsonl');
    writeFileSync(file, '{"id":"a","title":"x"}\n{"id":"b","error":{"code":"not-text","message":""}}\n\n{"id":"c"}\n{"id":"d","ti');
    const done = await readDoneIds(file);
    expect([...done.ids].sort()).toEqual(['a', 'c']);
    expect(done.endsMidLine).toBe(true);
    writeFileSync(file, '{"id":"a"}\n');
    expect((await readDoneIds(file)).endsMidLine).toBe(false);
    expect((await readDoneIds(join(tmp, 'missing.jsonl'))).ids.size).toBe(0);
  });
});
