import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extract } from '../../src/pipeline.js';
import { extractRecord } from '../../src/runner/record.js';
import { RECORD_FIELDS, toRecord } from '../../src/output/record.js';
import { withMatching } from '../../src/moderation/page.js';
import { parseLines, runInProcess } from '../cli/run.js';

// A forum thread written for this test: an Uyghur post, an Arabic one with a Persian yeh, an
// English one with a Cyrillic а, a Russian one with an RLO, and one with a ZWJ inside a word.
const POSTS = [
  ['aygul', 'مەن بۇ كىتابنى ئوقۇدۇم، ناھايىتى ياخشى كىتاب ئىكەن، ھەممىگە تەۋسىيە قىلىمەن.'],
  ['salma', 'هذا الكِتَـــابُ مفيد جدا لكل طالبی يريد أن يتعلم البرمجة من البداية.'],
  ['ivan', 'Please pаy attention to the second chapter, it explains everything well.'],
  ['oleg', 'Скачайте файл отчёт\u202Efdp.exe прямо сейчас, там всё написано.'],
  ['tursun', 'I really liked the fi\u200Drst part of this book and the examples in it.'],
] as const;
const PAGE = (() => {
  const posts = POSTS.map(([u, t], n) =>
    `<div class="rec" id="p${n + 1}"><div class="hd"><a href="/member/${u}">${u}</a> 2021-03-1${n} 09:1${n}</div><div class="txt">${t}</div></div>`).join('');
  return `<html><head><title>Kitab</title><meta charset="utf-8"></head><body><h1>Kitab</h1><div id="t">${posts}</div></body></html>`;
})();

describe('extract(…, { matching })', () => {
  it('adds nothing by default', () => {
    const page = extract(PAGE);
    expect(page.kind).toBe('thread');
    expect('match' in page).toBe(false);
    expect(page.posts.some((p) => 'match' in p || 'checks' in p)).toBe(false);
  });

  it('adds match and checks to the page and each post, and changes nothing else', () => {
    const off = extract(PAGE);
    const on = extract(PAGE, { matching: true });
    expect(on.posts).toHaveLength(POSTS.length);
    expect(on.posts.map(({ match: _m, checks: _c, ...p }) => p)).toEqual(off.posts);
    expect(on.body).toBe(off.body);
    expect(typeof on.match).toBe('string');
    const byAuthor = new Map(on.posts.map((p) => [p.author, p]));
    expect(byAuthor.get('salma')?.match).toContain('الكتاب');
    expect(byAuthor.get('aygul')?.checks).toEqual([]);
    expect(byAuthor.get('salma')?.checks?.map((c) => c.kind)).toEqual(['letter-variant']);
    expect(byAuthor.get('ivan')?.checks?.map((c) => c.kind)).toEqual(['mixed-script']);
    expect(byAuthor.get('oleg')?.checks?.map((c) => c.kind)).toEqual(['bidi-control']);
    expect(byAuthor.get('tursun')?.checks?.map((c) => c.kind)).toEqual(['invisible-in-word']);
    const post = byAuthor.get('ivan');
    const check = post?.checks?.[0];
    expect(post?.text.slice(check?.start, check?.end)).toBe('pаy');
    expect(on.diagnostics.filter((d) => d.code === 'text-checks').length).toBeGreaterThanOrEqual(4);
    // the diagnostic carries the offsets too
    const ivanIndex = on.posts.indexOf(post as (typeof on.posts)[number]);
    const ivanDiagnostic = on.diagnostics.find((d) => d.code === 'text-checks' && d.details?.list === 'posts' && d.details.index === ivanIndex);
    expect(ivanDiagnostic?.details?.spans).toEqual([{ kind: 'mixed-script', start: check?.start, end: check?.end }]);
  });

  it('takes fold and check options', () => {
    const page = extract(PAGE, { matching: { fold: { harakat: false }, checks: { kinds: ['bidi-control'] } } });
    const salma = page.posts.find((p) => p.author === 'salma');
    expect(salma?.match).toContain('ِ');
    expect(page.posts.flatMap((p) => p.checks ?? []).map((c) => c.kind)).toEqual(['bidi-control']);
    expect(() => extract(PAGE, { matching: { foldd: {} } as never })).toThrow(/unknown matching option/);
  });
});

describe('withMatching', () => {
  it('keeps lazy (getter) and non-enumerable fields of the page and posts as they are', () => {
    let reads = 0;
    const post = { text: 'pаy now', lang: 'en' };
    Object.defineProperty(post, 'contentHtml', { get: () => { reads++; return '<p>x</p>'; }, enumerable: true });
    const page = { body: 'Салам дунья', lang: 'ru', posts: [post], comments: [], diagnostics: [] };
    Object.defineProperty(page, 'toJSON', { value: () => ({ compact: true }), enumerable: false });
    Object.defineProperty(page, 'contentHtml', { get: () => { reads++; return '<p>y</p>'; }, enumerable: true });
    const out = withMatching(page, {});
    expect(reads).toBe(0);
    expect(Object.keys(out)).not.toContain('toJSON');
    expect(JSON.stringify(out)).toBe('{"compact":true}');
    expect((out.posts[0] as unknown as { checks: Array<{ kind: string }> }).checks.map((c) => c.kind)).toEqual(['mixed-script']);
    expect((out.posts[0] as unknown as { contentHtml: string }).contentHtml).toBe('<p>x</p>');
    expect(reads).toBe(1);
    expect(typeof out.match).toBe('string');
  });
});

describe('the compact record (toRecord, JSON.stringify) with matching', () => {
  type PostRec = Record<string, unknown> & { match?: string; checks?: Array<{ kind: string }> };

  it('carries match and checks on the page and its posts when matching was on', () => {
    const page = extract(PAGE, { matching: true });
    const record = toRecord(page, ['posts', 'match', 'checks']) as { match: string; checks: unknown[]; posts: PostRec[] };
    expect(record.match).toBe(page.match);
    expect(record.checks).toEqual(page.checks);
    expect(record.posts.map((p) => p.match)).toEqual(page.posts.map((p) => p.match));
    expect(record.posts.map((p) => (p.checks ?? []).map((c) => c.kind))).toEqual([[], ['letter-variant'], ['mixed-script'], ['bidi-control'], ['invisible-in-word']]);
    const json = JSON.parse(JSON.stringify(page)) as { match: string; posts: PostRec[] };
    expect(json.match).toBe(page.match);
    expect(json.posts.every((p) => typeof p.match === 'string' && Array.isArray(p.checks))).toBe(true);
    // the CLI's record is the library's, plus its id
    const { id: _id, ...cli } = extractRecord({ id: 'x' }, page, ['id', 'posts', 'match', 'checks']);
    expect(cli).toEqual(record);
  });

  it('posts carry match or checks only when that field is asked for', () => {
    const page = extract(PAGE, { matching: true });
    const onlyMatch = toRecord(page, ['posts', 'match']).posts as PostRec[];
    expect(onlyMatch.every((p) => 'match' in p && !('checks' in p))).toBe(true);
    const neither = toRecord(page, ['posts']).posts as PostRec[];
    expect(neither.some((p) => 'match' in p || 'checks' in p)).toBe(false);
  });

  it('has no match or checks keys when matching was off, even when asked for', () => {
    const page = extract(PAGE);
    expect(Object.keys(toRecord(page, ['body', 'match', 'checks']))).toEqual(['body']);
    expect(JSON.stringify(page)).not.toMatch(/"(match|checks)":/u);
    expect(JSON.stringify(page)).toBe(JSON.stringify(toRecord(page, RECORD_FIELDS)));
  });
});

describe('matn extract --fields …,match,checks', () => {
  it('prints match and checks for the page and posts only when asked', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'matn-moderation-'));
    writeFileSync(path.join(dir, 'thread.html'), PAGE);
    const plain = parseLines((await runInProcess(['extract', dir, '--quiet', '--fields', 'posts'])).stdout)[0];
    expect(JSON.stringify(plain)).not.toContain('"match"');
    const { code, stdout } = await runInProcess(['extract', dir, '--quiet', '--fields', 'posts,match,checks']);
    expect(code).toBe(0);
    const record = parseLines(stdout)[0] as { match: string; checks: unknown[]; posts: Array<{ match: string; checks: Array<{ kind: string }> }> };
    expect(typeof record.match).toBe('string');
    expect(Array.isArray(record.checks)).toBe(true);
    expect(record.posts.map((p) => p.checks.map((c) => c.kind))).toEqual([[], ['letter-variant'], ['mixed-script'], ['bidi-control'], ['invisible-in-word']]);
    const onlyMatch = parseLines((await runInProcess(['extract', dir, '--quiet', '--fields', 'posts,match'])).stdout)[0] as { posts: Array<Record<string, unknown>> };
    expect(onlyMatch.posts.every((p) => 'match' in p && !('checks' in p))).toBe(true);
  });
});


describe('matn fold and matn convert', () => {
  it('fold reads stdin and files; --no-<step> switches a step off', async () => {
    expect(await runInProcess(['fold', '--lang', 'ar'], 'الكِتَـــابُ ٢٠٢٤\n')).toMatchObject({ code: 0, stdout: 'الكتاب 2024\n' });
    expect((await runInProcess(['fold', '--no-digits'], 'ＡＢ ٢\n')).stdout).toBe('ab ٢\n');
    expect((await runInProcess(['fold', '--no-case-fold', '--no-nfkc'], 'ＡＢ Ab\n')).stdout).toBe('ＡＢ Ab\n');
    const dir = mkdtempSync(path.join(tmpdir(), 'matn-fold-'));
    writeFileSync(path.join(dir, 'a.txt'), 'کتابی');
    expect((await runInProcess(['fold', '--lang', 'ar', path.join(dir, 'a.txt')])).stdout).toBe('كتابي');
    const offsets = JSON.parse((await runInProcess(['fold', '--offsets'], 'Aـb')).stdout) as { text: string; starts: number[] };
    expect(offsets).toEqual({ text: 'ab', starts: [0, 2], ends: [1, 3] });
  });
  it('fold reports a missing file and exits 1', async () => {
    const result = await runInProcess(['fold', '/nonexistent/matn-moderation.txt']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('nonexistent');
  });
  it('convert writes each script and needs --to', async () => {
    expect((await runInProcess(['convert', '--to', 'uly'], 'ئۇيغۇر تىلى سائەت\n')).stdout).toBe("uyghur tili sa'et\n");
    expect((await runInProcess(['convert', '--to', 'usy'], 'uyghur tili\n')).stdout).toBe('уйғур тили\n');
    expect((await runInProcess(['convert', '--to', 'uey', '--from', 'usy'], 'уйғур тили\n')).stdout).toBe('ئۇيغۇر تىلى\n');
    expect((await runInProcess(['convert'], 'x')).code).toBe(2);
    expect((await runInProcess(['convert', '--to', 'xyz'], 'x')).code).toBe(2);
  });
});
