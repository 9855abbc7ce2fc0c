import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { findElements } from '../../src/analysis/tag-index.js';
import { NodeKind, type AnalyzedDocument } from '../../src/analysis/types.js';
import { normalize } from '../../src/encoding/normalize.js';

const PAGE = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Заголовок</title>
<meta name="author" content="Анна"><link rel="canonical" href="/a"><script type="application/ld+json">{}</script></head>
<body><h2>Раздел</h2><h1>Главная новость</h1><p>Текст <b>первый</b>.</p><h3>Ещё</h3><h1>Вторая</h1>
<div><h2>Вложенный</h2><script>var x = 1;</script><meta itemprop="x" content="y"></div></body></html>`;

const doc = analyze(normalize(PAGE));

/** The linear scan the index replaces: every node, in order. */
function scan(d: AnalyzedDocument, tags: ReadonlySet<string>, limit = Number.MAX_SAFE_INTEGER): number[] {
  const out: number[] = [];
  for (let id = 0; id < d.index.size && out.length < limit; id++) {
    if (d.index.kind[id] === NodeKind.Element && tags.has(d.index.tag[id])) out.push(id);
  }
  return out;
}

describe('tag index', () => {
  it('elementsByTag lists the elements of one tag in document order', () => {
    const h1 = doc.index.elementsByTag('h1');
    expect(h1.map((id) => doc.textOf(id))).toEqual(['Главная новость', 'Вторая']);
    expect(doc.index.elementsByTag('table')).toEqual([]);
    expect(doc.index.elementsByTag('')).toEqual([]); // text nodes have the tag '' and are not elements
  });

  it('makes each list once per page: later questions get the same list', () => {
    expect(doc.index.elementsByTag('meta')).toBe(doc.index.elementsByTag('meta'));
  });

  it.each([
    [['h1', 'h2', 'h3', 'h4', 'h5', 'h6']],
    [['meta']],
    [['script', 'meta', 'title']],
    [['nosuch', 'link']],
    [[]],
  ])('findElements(%j) merges the lists in document order, as a scan of every node would', (tags) => {
    const set = new Set(tags);
    expect(findElements(doc.index, set)).toEqual(scan(doc, set));
    for (const limit of [0, 1, 2, 3]) expect(findElements(doc.index, set, limit)).toEqual(scan(doc, set, limit));
  });
});
