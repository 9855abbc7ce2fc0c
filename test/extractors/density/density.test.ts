import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import type { AnalyzedDocument } from '../../../src/analysis/types.js';
import { computeDensityScores, extractDensity, textDensity } from '../../../src/extractors/density/index.js';
import { asNormalized } from '../../helpers/normalized.js';

const run = (html: string): AnalyzedDocument => analyze(asNormalized(html));

/** Id of the first element with this id attribute. */
function byId(doc: AnalyzedDocument, id: string): number {
  for (let i = 0; i < doc.index.size; i++) {
    const node = doc.index.nodes[i] as { attribs?: Record<string, string> };
    if (node.attribs?.id === id) return i;
  }
  throw new Error(`no #${id}`);
}

const SENTENCE = 'The council approved the new budget, which adds money for schools, roads and parks.';
const ARTICLE = `<div id="article">${[1, 2, 3, 4].map((k) => `<p>${SENTENCE} Paragraph ${k}.</p>`).join('')}</div>`;
const MENU = `<ul id="menu">${['Home', 'World', 'Sport', 'Business', 'Culture'].map((t) => `<li><a href="/${t}">${t}</a></li>`).join('')}</ul>`;

describe('textDensity (TD = (T − LT) / (TG − LTG), zero denominator → 1)', () => {
  it.each<[string, string, number]>([
    ['a leaf paragraph: TG − LTG = 0 → TD = T − LT', '<p id="x">abcdef</p>', 6],
    ['link tags are not counted in TG and link chars not in T', '<p id="x">abcdef<a href="/">ghij</a></p>', 6],
    ['two child tags divide the text', '<div id="x"><p>abcd</p><p>efgh</p></div>', 4],
    ['only links below: T − LT = 0', '<div id="x"><a href="/1">one</a><a href="/2">two</a></div>', 0],
  ])('%s', (_, html, want) => {
    const doc = run(`<body>${html}</body>`);
    expect(textDensity(doc, byId(doc, 'x'))).toBe(want);
  });
});

describe('computeDensityScores', () => {
  it('score = ln(SD) · TD · lg(PNum + 2) · ln(SbD) for the article', () => {
    const doc = run(`<body>${MENU}${ARTICLE}</body>`);
    const s = computeDensityScores(doc, 1);
    const id = byId(doc, 'article');
    const want = Math.log(s.sd) * s.td[id] * Math.log10(4 + 2) * Math.log(s.sbd[id]);
    expect(s.score[id]).toBeCloseTo(want, 9);
    expect(s.sd).toBeGreaterThan(1);
  });

  it('a node without non-link text scores 0, never −∞ or NaN (SbD floored at 1)', () => {
    const doc = run(`<body>${MENU}${ARTICLE}</body>`);
    const s = computeDensityScores(doc, 1);
    expect(s.score[byId(doc, 'menu')]).toBe(0);
    for (let i = 0; i < s.score.length; i++) expect(Number.isFinite(s.score[i])).toBe(true);
  });

  it('SD ≤ 1 (no node denser than the rest): every score 0 rather than an inverted ranking', () => {
    const doc = run('<body><div><p>a</p><p>b</p></div></body>');
    const s = computeDensityScores(doc, 1);
    expect(s.sd).toBeLessThanOrEqual(1);
    expect(Array.from(s.score).every((v) => v === 0)).toBe(true);
  });
});

describe('extractDensity', () => {
  it('chooses the article container and returns its text, menu and footer out', () => {
    const doc = run(`<body>${MENU}${ARTICLE}<div class="footer"><p>Copyright.</p></div></body>`);
    const result = extractDensity(doc);
    expect(result.blocks[0].node).toBe(byId(doc, 'article'));
    expect(result.text.split('\n')).toHaveLength(4);
    expect(result.text).not.toContain('Home');
    expect(result.series?.score?.length).toBe(doc.index.size);
    const scores = result.topNodes.map((c) => c.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it.each<[string, string, boolean]>([
    ['a class token in the vocabulary is cut', '<div class="share box"><p>Share this story now, please.</p></div>', false],
    ['a substring of a token is not (padding ≠ ad)', '<div class="padding"><p>Kept sentence, plain text.</p></div>', true],
    ['tokens match whole, never by a compound\'s head (page-ad ≠ ad)', '<div class="page-ad"><p>Kept sentence, plain text.</p></div>', true],
    ['a whole token in a mixed-case, tab-separated class is cut', '<div class="Box\tADS"><p>Ads sentence, plain text.</p></div>', false],
    ['an id token is cut', '<div id="related"><p>Related sentence, plain text.</p></div>', false],
    ['a links list is cut', '<div><p><a href="/1">Read one</a> and <a href="/2">read two</a></p></div>', false],
    ['a noise tag is cut', '<aside><p>Aside sentence, plain text.</p></aside>', false],
  ])('noise inside the chosen node: %s', (_, inner, kept) => {
    const html = `<body>${MENU}<div id="article">${[1, 2, 3].map((k) => `<p>${SENTENCE} Paragraph ${k}.</p>`).join('')}${inner}</div></body>`;
    const doc = run(html);
    const result = extractDensity(doc);
    expect(result.blocks[0].node).toBe(byId(doc, 'article'));
    const innerText = doc.textOf(byId(doc, 'article')).split('\n').at(-1) as string;
    expect(result.text.includes(innerText)).toBe(kept);
  });

  it('leafCandidates: the paper lets one long paragraph beat its article; the default chooses containers', () => {
    const long = `<p id="long">${SENTENCE.repeat(8)}</p>`;
    const html = `<body>${MENU}<div id="article">${long}${[1, 2, 3].map((k) => `<p>Short line, number <b>${k}</b>, <i>here</i>.</p>`).join('')}</div></body>`;
    const doc = run(html);
    expect(extractDensity(doc, { leafCandidates: true }).blocks[0].node).toBe(byId(doc, 'long'));
    expect(extractDensity(doc).blocks[0].node).toBe(byId(doc, 'article'));
  });

  it('no-main-content on a page without text', () => {
    const result = extractDensity(run('<body><div><a href="/">x</a></div></body>'));
    expect(result.text).toBe('');
    expect(result.confidence).toBe(0);
    expect(result.diagnostics.map((d) => d.code)).toContain('no-main-content');
  });

  it.each<[string, Record<string, unknown>]>([
    ['minSymbolDensity 0 (ln 0)', { minSymbolDensity: 0 }],
    ['candidateCount 0', { candidateCount: 0 }],
    ['an unknown option', { minSymbol: 1 }],
  ])('rejects %s', (_, options) => {
    expect(() => extractDensity(run(`<body>${ARTICLE}</body>`), options)).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
  });
});

describe('extractDensity series', () => {
  it('are the per-node figures of computeDensityScores, score, td and sbd in that order (td and sbd made when read)', () => {
    const html = `<body><nav><a href="/a">首页</a> <a href="/b">新闻</a></nav><div>${'<p>这是一段足够长的正文，讲述了乡村的变化，和人们的生活。</p>'.repeat(5)}</div><footer>© 2025</footer></body>`;
    const doc = analyze(asNormalized(html));
    const result = extractDensity(doc);
    const s = computeDensityScores(doc, result.options.minSymbolDensity);
    expect(Object.keys(result.series ?? {})).toEqual(['score', 'td', 'sbd']);
    expect(JSON.stringify(result.series)).toBe(JSON.stringify({ score: s.score, td: s.td, sbd: s.sbd }));
    expect(result.topNodes[0].textDensity).toBe(s.td[result.topNodes[0].node]);
    expect(result.topNodes[0].symbolDensity).toBe(s.sbd[result.topNodes[0].node]);
  });
});
