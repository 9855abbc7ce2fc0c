import { describe, expect, it } from 'vitest';
import type { Element, Text } from 'domhandler';
import { analyze, analyzeDocument, DEFAULT_ANALYZE_OPTIONS, type AnalyzeOptions } from '../../src/analysis/analyze.js';
import { estimateNodeCount } from '../../src/analysis/index.js';
import { NodeKind, type AnalyzedDocument } from '../../src/analysis/types.js';
import { isMatnError } from '../../src/core/errors.js';
import { parseHtml } from '../../src/dom/parse.js';
import { asNormalized } from '../helpers/normalized.js';

function run(html: string, options?: AnalyzeOptions): AnalyzedDocument {
  return analyze(asNormalized(html), options);
}

/** Id of the n-th element with this tag (preorder). */
function idOf(doc: AnalyzedDocument, tag: string, n = 0): number {
  let seen = 0;
  for (let i = 0; i < doc.index.size; i++) {
    if (doc.index.tag[i] === tag && seen++ === n) return i;
  }
  throw new Error(`no <${tag}> #${n}`);
}

type Figure = 'textChars' | 'linkChars' | 'nonLinkChars' | 'tags' | 'linkTags' | 'linkCount' | 'punctuation' | 'paragraphs';

function figures(doc: AnalyzedDocument, id: number): Record<Figure, number> {
  const s = doc.stats;
  return {
    textChars: s.textChars[id], linkChars: s.linkChars[id], nonLinkChars: s.nonLinkChars[id], tags: s.tags[id],
    linkTags: s.linkTags[id], linkCount: s.linkCount[id], punctuation: s.punctuation[id], paragraphs: s.paragraphs[id],
  };
}

describe('analyze: subtree statistics', () => {
  it.each<[string, string, AnalyzeOptions | undefined, Record<Figure, number>]>([
    [
      'links: chars inside <a href> (an empty href counts), <a> elements, <a> with href; a placeholder <a name> is no link text',
      '<div><a href="/a">one two</a> plain <a name="x">anchor</a><a href="">e</a></div>',
      undefined,
      { textChars: 18, linkChars: 7, nonLinkChars: 11, tags: 4, linkTags: 3, linkCount: 2, punctuation: 0, paragraphs: 0 },
    ],
    [
      'nested links count their characters once',
      '<div><a href="1">out <span>in <a href="2">x</a></span></a></div>',
      undefined,
      { textChars: 6, linkChars: 6, nonLinkChars: 0, tags: 4, linkTags: 2, linkCount: 2, punctuation: 0, paragraphs: 0 },
    ],
    [
      'hidden elements contribute nothing',
      '<div><p hidden>no</p><span style="display: none">no</span><i aria-hidden="true">no</i><b style="visibility:hidden">no</b><em>yes</em></div>',
      undefined,
      { textChars: 3, linkChars: 0, nonLinkChars: 3, tags: 2, linkTags: 0, linkCount: 0, punctuation: 0, paragraphs: 0 },
    ],
    [
      'hidden elements count when excludeHidden is false',
      '<div><p hidden>no</p><span style="display: none">no</span><i aria-hidden="true">no</i><b style="visibility:hidden">no</b><em>yes</em></div>',
      { excludeHidden: false },
      { textChars: 11, linkChars: 0, nonLinkChars: 11, tags: 6, linkTags: 0, linkCount: 0, punctuation: 0, paragraphs: 1 },
    ],
    [
      'script, style, noscript, template, svg, iframe, select, textarea and comments are not text',
      '<div>a<script>var x = 1;</script><style>p{}</style><noscript>b</noscript><template><p>c</p></template>' +
        '<svg><text>d</text></svg><iframe>e</iframe><select><option>f</option></select><textarea>g</textarea><!-- h -->i</div>',
      undefined,
      { textChars: 2, linkChars: 0, nonLinkChars: 2, tags: 1, linkTags: 0, linkCount: 0, punctuation: 0, paragraphs: 0 },
    ],
    [
      '<p> elements, including implicitly closed ones',
      '<div><p>a</p><p>b<p>c<div><p>d</p></div></div>',
      undefined,
      { textChars: 4, linkChars: 0, nonLinkChars: 4, tags: 6, linkTags: 0, linkCount: 0, punctuation: 0, paragraphs: 4 },
    ],
    [
      'punctuation of every script',
      '<div><p>你好，世界。</p><p>مرحبا، كيف حالك؟</p><p>بۈگۈن ھاۋا ياخشى؛ سىز قانداق؟</p><p>Hello, <a href="#">world</a>!</p></div>',
      undefined,
      { textChars: 6 + 14 + 25 + 12, linkChars: 5, nonLinkChars: 52, tags: 6, linkTags: 1, linkCount: 1, punctuation: 2 + 2 + 2 + 2, paragraphs: 4 },
    ],
    [
      '&nbsp; is whitespace and entities are single characters',
      '<div>a&nbsp;&nbsp;b &amp; c&#8230;</div>',
      undefined,
      { textChars: 5, linkChars: 0, nonLinkChars: 5, tags: 1, linkTags: 0, linkCount: 0, punctuation: 2, paragraphs: 0 },
    ],
  ])('%s', (_name, html, options, expected) => {
    const doc = run(html, options);
    expect(figures(doc, idOf(doc, 'div'))).toEqual(expected);
  });

  it('root totals equal the sum over top-level nodes', () => {
    const doc = run('<p>one</p>two<div><a href="x">three</a></div>');
    const top = doc.index.childElements(0);
    expect(top).toEqual([1, 4]);
    expect(doc.stats.textChars[0]).toBe(11);
    expect(doc.stats.tags[0]).toBe(3);
    expect(doc.stats.linkChars[0]).toBe(5);
  });

  it('makes punctuation and paragraphs on first read, one array each, fields in their declared order', () => {
    const doc = run('<p>One, two.</p><script>a.b;</script><p hidden>x!</p><div><p>😀 «three» 🙂</p></div>');
    expect(Object.keys(doc.stats)).toEqual([
      'textChars', 'linkChars', 'nonLinkChars', 'tags', 'linkTags', 'linkCount', 'punctuation', 'paragraphs', 'textStart', 'textEnd',
    ]);
    const { punctuation, paragraphs } = doc.stats;
    expect(doc.stats.punctuation).toBe(punctuation);
    expect(doc.stats.paragraphs).toBe(paragraphs);
    expect(punctuation[0]).toBe(2 + 2);
    expect(paragraphs[0]).toBe(2);
    expect(punctuation[idOf(doc, 'div')]).toBe(2);
  });
});

describe('analyze: visible text', () => {
  it.each([
    ['blocks start new lines', '<div>one<div>two</div>three</div><span>four</span> five<ul><li>six</li><li>seven</li></ul>', 'one\ntwo\nthree\nfour five\nsix\nseven'],
    ['<br> breaks a line, repeated breaks make no empty line', '<p>a<br>b<br><br>c</p>', 'a\nb\nc'],
    ['table cells are lines', '<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>', 'a\nb\nc'],
    ['inline elements join without spaces', '<p>foo<b>bar</b> baz</p>', 'foobar baz'],
    ['whitespace runs collapse and lines are trimmed', '<p>  x \n\t y  </p>\n\n<p> z </p>', 'x y\nz'],
    ['head and title are not text', '<html><head><title>Title</title><meta charset="utf-8"></head><body><h1>Head line</h1></body></html>', 'Head line'],
    ['a title outside head is still not text', '<title>Title</title><p>body</p>', 'body'],
    ['a page left inside an unclosed head keeps its text (its scripts and title do not)', '<html><head><title>T</title><script>x=1</script><div>Story text</div><p>More</p></html>', 'Story text\nMore'],
    ['hidden blocks leave no break', '<p>a<span hidden>x</span>b</p>', 'ab'],
    ['empty page', '', ''],
    ['whitespace-only page', ' \n <div> </div> ', ''],
  ])('%s', (_name, html, text) => {
    expect(run(html).text).toBe(text);
  });

  it('textOf slices each node, already trimmed', () => {
    const doc = run('<div>\n  <p> First <b>bold</b> </p>\n  <p>Second</p>\n</div> tail');
    expect(doc.text).toBe('First bold\nSecond\ntail');
    expect(doc.textOf(0)).toBe(doc.text);
    expect(doc.textOf(idOf(doc, 'div'))).toBe('First bold\nSecond');
    expect(doc.textOf(idOf(doc, 'p', 0))).toBe('First bold');
    expect(doc.textOf(idOf(doc, 'p', 1))).toBe('Second');
    expect(doc.textOf(idOf(doc, 'b'))).toBe('bold');
    for (let i = 0; i < doc.index.size; i++) {
      const slice = doc.textOf(i);
      expect(slice).toBe(slice.trim());
      expect(slice).toBe(doc.text.slice(doc.stats.textStart[i], doc.stats.textEnd[i]));
    }
  });

  it.each([-1, 1.5, 99])('textOf(%s) is misuse', (id) => {
    const doc = run('<p>x</p>');
    expect(() => doc.textOf(id)).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
  });
});

describe('analyze: index', () => {
  const html = '<!doctype html><html><head><title>T</title></head><body><div><table><tr><td>a</td><td>b</td></tr></table></div><!-- c --></body></html>';

  it('assigns preorder ids with parents, subtree ends and depths', () => {
    const doc = run(html);
    const { index } = doc;
    expect(index.nodes[0]).toBe(doc.root);
    expect(index.parent[0]).toBe(-1);
    expect(index.kind[0]).toBe(NodeKind.Document);
    expect(index.subtreeEnd[0]).toBe(index.size);
    for (let i = 1; i < index.size; i++) {
      const p = index.parent[i];
      expect(p).toBeLessThan(i);
      expect(index.nodes[i].parent).toBe(index.nodes[p]);
      expect(index.depth[i]).toBe(index.depth[p] + 1);
      expect(index.subtreeEnd[i]).toBeGreaterThan(i);
      expect(index.subtreeEnd[i]).toBeLessThanOrEqual(index.subtreeEnd[p]);
    }
  });

  it('interns tag paths', () => {
    const doc = run(html);
    const { index } = doc;
    const td0 = idOf(doc, 'td', 0);
    const td1 = idOf(doc, 'td', 1);
    expect(index.tagPaths[index.tagPathId[td0]]).toBe('html>body>div>table>tr>td');
    expect(index.tagPathId[td1]).toBe(index.tagPathId[td0]);
    expect(new Set(index.tagPaths).size).toBe(index.tagPaths.length);
    expect(index.tagPathId[0]).toBe(-1);
  });

  it('records kinds, tags and exclusion', () => {
    const doc = run(html);
    const { index } = doc;
    const title = idOf(doc, 'title');
    expect(index.excluded[title]).toBe(1);
    expect(((index.nodes[title] as Element).children[0] as Text).data).toBe('T');
    expect(index.excluded[idOf(doc, 'body')]).toBe(0);
    const kinds = Array.from(index.kind);
    expect(kinds.filter((k) => k === NodeKind.Other)).toHaveLength(2); // doctype and comment
    expect(index.tag.filter((t, i) => t === '' && index.kind[i] === NodeKind.Element)).toEqual([]);
  });

  it('lists element children in source order', () => {
    const doc = run('<ul><li>a</li>text<li>b</li><!-- x --><li>c</li></ul>');
    const ul = idOf(doc, 'ul');
    expect(doc.index.childElements(ul).map((id) => doc.textOf(id))).toEqual(['a', 'b', 'c']);
  });
});

describe('analyze: API', () => {
  it('analyzeDocument uses the given tree and keeps the source', () => {
    const source = asNormalized('<p>x</p>');
    const root = parseHtml(source.html);
    const doc = analyzeDocument(root, source);
    expect(doc.root).toBe(root);
    expect(doc.source).toBe(source);
    expect(Object.isFrozen(doc)).toBe(true);
  });

  it('rejects unknown options', () => {
    expect(() => run('<p>x</p>', { excludeHiden: false } as AnalyzeOptions)).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
  });

  it('enforces maxNodes', () => {
    let caught: unknown;
    try {
      run('<p>a</p><p>b</p>', { maxNodes: 4 });
    } catch (error) {
      caught = error;
    }
    expect(isMatnError(caught, 'input-too-large')).toBe(true);
    expect(run('<p>a</p><p>b</p>', { maxNodes: 5 }).index.size).toBe(5);
  });

  it.each([0, -1, 1.5, Number.NaN])('rejects maxNodes %s', (maxNodes) => {
    expect(() => run('<p>x</p>', { maxNodes })).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
  });

  it.each([
    ['', 2],
    ['<p>x</p>', 4],
    ['<div>'.repeat(128), 128 + 2],
    ['a < b > c', 2],
    ['<p>w</p>'.repeat(3), 3 + 3 + 2],
    ['<ul>\n <li>a</li>\n</ul>', 2 + 3 + 2],
  ])('estimateNodeCount(%j) = %i', (html, estimate) => {
    expect(estimateNodeCount(html)).toBe(estimate);
  });

  it.each([
    ['text only, no markup'],
    ['a<b>c</b>d<i>e</i>f<!-- g -->h<br>i'],
    ['<p>one<p>two<li>three<td>four'],
    ['<script>if (a < b && c < d) x()</script><style>p{}</style>'],
    ['<![CDATA[x]]><?xml version="1.0"?><!DOCTYPE html>y'],
    ['<div>'.repeat(128)],
  ])('estimateNodeCount(%j) is at least the node count', (html) => {
    expect(estimateNodeCount(html)).toBeGreaterThanOrEqual(analyze(asNormalized(html)).index.size);
  });

  it('grows past the estimate for end tags the parser turns into elements', () => {
    const html = `${'</p></br>'.repeat(300)}x<b>`;
    const doc = analyze(asNormalized(html));
    expect(estimateNodeCount(html)).toBeLessThan(doc.index.size);
    expect(doc.index.size).toBe(1 + 600 + 1 + 1);
    expect(doc.index.tag.filter((t) => t === 'p')).toHaveLength(300);
    expect(doc.text).toBe('x');
  });

  it('has documented defaults', () => {
    expect(DEFAULT_ANALYZE_OPTIONS).toEqual({ excludeHidden: true, maxNodes: 10_000_000, maxDepth: 512 });
    expect(Object.isFrozen(DEFAULT_ANALYZE_OPTIONS)).toBe(true);
  });
});
