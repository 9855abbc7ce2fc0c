import { describe, expect, it } from 'vitest';
import { isMatnError } from '../../src/index.js';
import {
  checkCorpus, CorpusDigest, DEFAULT_GATE_OPTIONS, formatBaselineDiff, formatShortfall, gatedFigures, movedPages, pageFigures,
  parseBaseline, parsePageFigures, scoreCorpus, serializeBaseline, serializePageFigures, type Baseline, type CorpusBaseline,
} from '../../src/eval/index.js';

const floor: CorpusBaseline = { digest: 'sha256:x', pages: 3, figures: { 'body.sh_f1': 0.9, 'title.exact': 0.5 } };
const before = { 'body.sh_f1': { a: 1, b: 0.9, c: 0.8 } };

describe('checkCorpus', () => {
  it.each([
    [0.9, []], [0.8971, []], // within the 0.003 margin
    [0.8969, ['body.sh_f1']],
  ])('body.sh_f1 %d against floor 0.9 → %j', (figure, failing) => {
    const out = checkCorpus('c', floor, { 'body.sh_f1': figure, 'title.exact': 0.6 }, { after: {} });
    expect(out.map((s) => s.metric)).toEqual(failing);
  });

  it('a floor whose metric is no longer measured fails', () => {
    const [s] = checkCorpus('c', floor, { 'body.sh_f1': 0.95 }, { after: {} });
    expect(s?.metric).toBe('title.exact');
    expect(Number.isNaN(s?.figure)).toBe(true);
  });

  it('names the pages that fell most, worst first, at most `moved`', () => {
    const after = { 'body.sh_f1': { a: 0.2, b: 0.85, c: 0.9, d: 0.1 } };
    const [s] = checkCorpus('c', floor, { 'body.sh_f1': 0.5, 'title.exact': 1 }, { before, after }, { moved: 2 });
    expect(s?.moved).toEqual([{ id: 'a', before: 1, after: 0.2 }, { id: 'b', before: 0.9, after: 0.85 }]);
    expect(movedPages(before, { 'body.sh_f1': { b: 0.9, c: 0.8 } }, 'body.sh_f1', 5)).toEqual([{ id: 'a', before: 1, after: undefined }]);
  });

  it('the failure message names corpus, metric, figure vs floor and the pages', () => {
    const [s] = checkCorpus('news', floor, { 'body.sh_f1': 0.5, 'title.exact': 1 }, { before, after: { 'body.sh_f1': { a: 0.2, b: 0.9, c: 0.8 } } });
    const text = formatShortfall(s!);
    expect(text).toContain('news: body.sh_f1 0.5000 < floor 0.9000 - margin 0.003 (-0.4000)');
    expect(text).toMatch(/a {2}1\.0000 → 0\.2000/);
  });

  it('rejects unknown options', () => {
    expect(() => checkCorpus('c', floor, {}, { after: {} }, { noise: 1 } as never)).toThrow(/unknown option "noise"/);
  });
});

describe('figures', () => {
  const { metrics, pages } = scoreCorpus(
    [{ id: 'p1', body: 'one two three four five', title: 'T' }, { id: 'p2', body: 'six seven eight nine', title: 'U' }],
    [{ id: 'p1', body: 'one two three four five', title: 'T' }, { id: 'p2', body: 'nothing alike here', title: 'X' }],
  );
  it('keeps the gated metrics only, rounded to 6 places', () => {
    expect(Object.keys(gatedFigures(metrics)).sort()).toEqual(['body.ch_f1', 'body.sh_f1', 'title.exact']);
    expect(gatedFigures({ 'body.sh_f1': 1 / 3, 'body.sh_p': 0.5 })).toEqual({ 'body.sh_f1': 0.333333 });
  });
  it('gives each page its own figure', () => {
    const f = pageFigures(pages);
    expect(f['title.exact']).toEqual({ p1: 1, p2: 0 });
    expect(f['body.sh_f1']).toEqual({ p1: 1, p2: 0 });
    expect(f).not.toHaveProperty('posts.f1');
  });
});

describe('ww.f1 (with/without snippets)', () => {
  const { metrics, pages } = scoreCorpus(
    [
      { id: 'p1', with: ['the story itself'], without: ['Subscribe now'] },
      { id: 'p2', with: ['the story', 'missed line'], without: ['Subscribe now'] },
      { id: 'p3', without: ['Subscribe now'] },
    ],
    [{ id: 'p1', body: 'the story itself. and more of it.' }, { id: 'p2', body: 'the story. Subscribe now' }, { id: 'p3', body: 'nothing' }],
  );
  it('is gated, pooled over the corpus', () => {
    // tp 2 (p1, p2), fp 1 (p2), fn 1 (p2): p = r = 2/3
    expect(gatedFigures(metrics)['ww.f1']).toBeCloseTo(2 / 3, 6);
  });
  it('names each page by its own F1 (1 for a page that only had to leave snippets out, and did)', () => {
    expect(pageFigures(pages)['ww.f1']).toEqual({ p1: 1, p2: 0.5, p3: 1 });
  });
});

describe('CorpusDigest', () => {
  const digest = (truth: string, pages: [string, string | null][]): string => {
    const d = new CorpusDigest(Buffer.from(truth));
    for (const [file, bytes] of pages) d.addPage(file, bytes === null ? null : Buffer.from(bytes));
    return d.digest();
  };
  const base = digest('{"id":1}', [['pages/1.html', '<p>a</p>']]);
  it.each([
    ['truth', digest('{"id":2}', [['pages/1.html', '<p>a</p>']])],
    ['page content', digest('{"id":1}', [['pages/1.html', '<p>b</p>']])],
    ['page name', digest('{"id":1}', [['pages/2.html', '<p>a</p>']])],
    ['missing page', digest('{"id":1}', [['pages/1.html', null]])],
  ])('changes with the %s', (_, other) => {
    expect(base).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(other).not.toBe(base);
  });
  it('is stable', () => expect(digest('{"id":1}', [['pages/1.html', '<p>a</p>']])).toBe(base));
});

describe('baseline files', () => {
  const baseline: Baseline = { options: DEFAULT_GATE_OPTIONS, measuredAt: 'abc1234', corpora: { z: floor, a: { ...floor, figures: { 'date.day': 0.75 } } } };

  it('round-trips with sorted keys', () => {
    const text = serializeBaseline(baseline);
    expect(parseBaseline(text)).toEqual(baseline);
    expect(text.indexOf('"a"')).toBeLessThan(text.indexOf('"z"'));
    const pages = { c: { 'body.sh_f1': { b: 0.5, a: 1 }, 'title.exact': { a: 0 } }, d: { 'date.day': { x: 0.12345 } } };
    expect(parsePageFigures(serializePageFigures(pages))).toEqual({ ...pages, d: { 'date.day': { x: 0.1235 } } });
  });

  it.each([
    ['not json', /baseline: /],
    ['{"corpora": []}', /expected/],
    ['{"corpora": {"c": {"digest": 1, "pages": 1, "figures": {}}}}', /"digest" must be a string/],
    ['{"corpora": {"c": {"digest": "d", "pages": 1, "figures": {"x": "1"}}}}', /"x" is not a number/],
    ['{"options": {"margin": -1}, "corpora": {}}', /"margin"/],
    ['{"options": {"changedCorpus": "warn"}, "corpora": {}}', /"changedCorpus"/],
    ['{"options": {"tolerance": 1}, "corpora": {}}', /unknown option "tolerance"/],
  ])('rejects %s with invalid-argument', (text, message) => {
    let error: unknown;
    try { parseBaseline(text); } catch (e) { error = e; }
    expect(isMatnError(error, 'invalid-argument')).toBe(true);
    expect((error as Error).message).toMatch(message);
  });

  it('the update table marks rises, falls, new figures and lists lowered floors and changed corpora', () => {
    const next: Baseline = { ...baseline, corpora: { z: { ...floor, digest: 'sha256:y', figures: { 'body.sh_f1': 0.95, 'title.exact': 0.4, 'author.match': 1 } }, a: baseline.corpora.a! } };
    const text = formatBaselineDiff(baseline, next);
    expect(text).toMatch(/z +body\.sh_f1 +0\.9000 +0\.9500 +\+0\.0500 ▲/);
    expect(text).toMatch(/z +title\.exact +0\.5000 +0\.4000 +-0\.1000 ▼/);
    expect(text).toMatch(/z +author\.match +- +1\.0000 +new/);
    expect(text).toMatch(/a +date\.day +0\.7500 +0\.7500 +\+0\.0000\n/);
    expect(text).toContain('corpus changed: z');
    expect(text).toContain('floors LOWERED by more than the margin 0.003');
    expect(text).toContain('  z title.exact 0.5000 → 0.4000');
  });
});
