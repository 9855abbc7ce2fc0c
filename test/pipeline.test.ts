import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMatnError } from '../src/core/errors.js';
import { extract } from '../src/pipeline.js';

const REPO = resolve(import.meta.dirname, '..');
interface TruthPost { author: string; date: string; text: string }
interface Truth {
  id: string; file: string; lang: string; kind: string; title: string; author: string; date: string; body: string;
  posts?: TruthPost[]; comments?: TruthPost[]; encoding: string; without: string[];
}
const TRUTH: Truth[] = readFileSync(join(REPO, 'corpora/truth.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Truth);
const bytesOf = (t: Truth) => readFileSync(join(REPO, 'corpora', t.file));
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('extract() on the bundled corpus', () => {
  it.each(TRUTH.map((t) => [t.id, t] as const))('%s: title, author, date, lang, dir, encoding', (_, t) => {
    const page = extract(bytesOf(t));
    expect({ title: page.title, author: page.author, date: page.date, lang: page.lang, dir: page.dir, encoding: page.encoding }).toEqual({
      title: t.title, author: t.author, date: t.date, lang: t.lang, dir: ['ar', 'ug'].includes(t.lang) ? 'rtl' : 'ltr', encoding: t.encoding,
    });
  });

  it.each(TRUTH.map((t) => [t.id, t] as const))('%s: body is the truth body, without boilerplate', (_, t) => {
    const page = extract(bytesOf(t));
    expect(squash(page.body)).toBe(squash(t.body));
    for (const noise of t.without) expect(page.body).not.toContain(noise);
  });

  const threads = TRUTH.filter((t) => t.posts);
  it.each(threads.map((t) => [t.id, t] as const))('%s: every predicted post is a true post, in page order, opening post first', (_, t) => {
    const page = extract(bytesOf(t));
    expect(page.posts.length).toBeGreaterThanOrEqual(2);
    const truthTexts = t.posts!.map((p) => squash(p.text));
    const positions = page.posts.map((p) => truthTexts.indexOf(squash(p.text)));
    expect(positions.every((i) => i >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(positions[0]).toBe(0);
    for (const p of page.posts) {
      const truth = t.posts![truthTexts.indexOf(squash(p.text))];
      expect({ author: p.author, date: p.date }).toEqual({ author: truth.author, date: truth.date });
    }
  });

  it.each(threads.map((t) => [t.id, t] as const))('%s: every true post is found (recall)', (_, t) => {
    expect(extract(bytesOf(t)).posts.length).toBe(t.posts!.length);
  });

  const news = TRUTH.filter((t) => t.comments);
  it.each(news.map((t) => [t.id, t] as const))('%s: reader comments with their dates', (_, t) => {
    const page = extract(bytesOf(t));
    expect(page.posts).toEqual([]);
    expect(page.comments.map((c) => ({ date: c.date, text: squash(c.text) })))
      .toEqual(t.comments!.map((c) => ({ date: c.date, text: squash(c.text) })));
  });

  it.each(news.map((t) => [t.id, t] as const))('%s: comment authors', (_, t) => {
    expect(extract(bytesOf(t)).comments.map((c) => c.author)).toEqual(t.comments!.map((c) => c.author));
  });
});

describe('extract() contract', () => {
  const html = readFileSync(join(REPO, 'corpora/pages/en-blog.html'));

  it('bytes and the same text decoded give the same result (but the charset of a string is not a byte charset)', () => {
    const pick = (p: ReturnType<typeof extract>) => ({ title: p.title, author: p.author, date: p.date, lang: p.lang, dir: p.dir, body: p.body, posts: p.posts, comments: p.comments });
    expect(pick(extract(html.toString('utf8')))).toEqual(pick(extract(html)));
  });

  it('reports the stages: algorithm, normalized document, extraction, metadata sources, timings', () => {
    const page = extract(html, { url: 'https://example.com/notes' });
    expect(page.algorithm).toBe('auto'); // the default
    expect(page.extraction.extractor).toBe('auto');
    expect(extract(html, { algorithm: 'correlated' }).extraction.extractor).toBe('correlated');
    expect(page.normalized.html).toContain('<article');
    expect(page.metadata.title?.source).toBe('h1'); // the headline the page shows, confirmed by its og:title
    expect(page.url).toBe('https://example.com/notes');
    expect(Object.keys(page.timings)).toEqual(['normalizeMs', 'analyzeMs', 'extractMs', 'metadataMs']);
    for (const ms of Object.values(page.timings)) expect(ms).toBeGreaterThanOrEqual(0);
  });

  it('passes extractor options through (and rejects unknown ones)', () => {
    expect(() => extract(html, { extractor: { noSuchOption: 1 } as never })).toThrow(/unknown option/);
  });

  it.each([
    ['unknown algorithm', { algorithm: 'nope' } as never, 'unknown-algorithm'],
    ['unknown option', { algoritm: 'correlated' } as never, 'invalid-argument'],
    ['input over maxBytes', { normalize: { maxBytes: 10 } }, 'input-too-large'],
  ])('%s throws MatnError', (_, options, code) => {
    let thrown: unknown;
    try {
      extract(html, options);
    } catch (error) {
      thrown = error;
    }
    expect(isMatnError(thrown, code as never)).toBe(true);
  });

  it('an empty page is a result with diagnostics, not an exception', () => {
    const page = extract('<html><body></body></html>');
    expect(page.body).toBe('');
    expect(page.title).toBeNull();
    expect(page.diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(['no-title', 'empty-page']));
  });

  it('does not mutate its input', () => {
    const copy = Buffer.from(html);
    extract(copy);
    expect(copy.equals(html)).toBe(true);
  });
});
