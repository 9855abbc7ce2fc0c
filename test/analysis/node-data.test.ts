import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { attributeOf, forEachAttribute, textDataOf } from '../../src/analysis/node-data.js';
import { nextSibling, previousSibling, subtreeText } from '../../src/analysis/tree.js';
import { NodeKind, type AnalyzedDocument } from '../../src/analysis/types.js';
import { asNormalized } from '../helpers/normalized.js';

const HTML =
  '<!doctype html><html><head><title>Sarlavha &amp; nom</title><script type="application/ld+json">{"a":1}</script></head>' +
  '<body><div id="d" class="Post  body" data-x="1&lt;2" hidden>بىرىنچى<br>ikkinchi<!-- izoh --><p lang=ug>Сөз</p> tail</div></body></html>';

function doc(): AnalyzedDocument {
  return analyze(asNormalized(HTML), { excludeHidden: false });
}

function idOf(d: AnalyzedDocument, tag: string): number {
  const id = d.index.tag.indexOf(tag);
  if (id < 0) throw new Error(`no <${tag}>`);
  return id;
}

describe('node data accessors', () => {
  it('attributeOf gives an element attribute as parsed (names lower-cased, references decoded), undefined otherwise', () => {
    const d = doc();
    const div = idOf(d, 'div');
    expect(attributeOf(d, div, 'id')).toBe('d');
    expect(attributeOf(d, div, 'class')).toBe('Post  body');
    expect(attributeOf(d, div, 'data-x')).toBe('1<2');
    expect(attributeOf(d, div, 'hidden')).toBe('');
    expect(attributeOf(d, div, 'href')).toBeUndefined();
    expect(attributeOf(d, div, 'constructor')).toBeUndefined();
    expect(attributeOf(d, div + 1, 'id')).toBeUndefined(); // the text node inside
    expect(attributeOf(d, 0, 'id')).toBeUndefined(); // the document
  });

  it('forEachAttribute visits the attributes in source order and stops when asked', () => {
    const d = doc();
    const div = idOf(d, 'div');
    const seen: string[] = [];
    forEachAttribute(d, div, (name, value) => void seen.push(`${name}=${value}`));
    expect(seen).toEqual(['id=d', 'class=Post  body', 'data-x=1<2', 'hidden=']);
    const first: string[] = [];
    forEachAttribute(d, div, (name) => (first.push(name), name === 'class'));
    expect(first).toEqual(['id', 'class']);
    const none: string[] = [];
    forEachAttribute(d, div + 1, (name) => void none.push(name));
    expect(none).toEqual([]);
  });

  it('textDataOf gives a text node its data as parsed, excluded text too; other nodes give ""', () => {
    const d = doc();
    const title = idOf(d, 'title');
    expect(textDataOf(d, title + 1)).toBe('Sarlavha & nom');
    expect(textDataOf(d, idOf(d, 'script') + 1)).toBe('{"a":1}');
    expect(textDataOf(d, title)).toBe('');
    const comment = d.index.kind.findIndex((k, i) => k === NodeKind.Other && i > title);
    expect(textDataOf(d, comment)).toBe('');
    expect(subtreeText(d, idOf(d, 'div'))).toBe('بىرىنچىikkinchiСөз tail');
  });

  it("a text node's source offsets point at it in the normalized HTML, an element has none", () => {
    const d = doc();
    const { tree } = d.index;
    const p = idOf(d, 'p');
    expect(HTML.slice(tree.textSourceStart(p + 1), tree.textSourceEnd(p + 1) + 1)).toBe('Сөз');
    const title = idOf(d, 'title') + 1; // `Sarlavha &amp; nom`: its data is not its source
    expect(HTML.slice(tree.textSourceStart(title), tree.textSourceEnd(title) + 1)).toBe('Sarlavha &amp; nom');
    expect([tree.textSourceStart(p), tree.textSourceEnd(p)]).toEqual([-1, -1]);
  });
});

describe('siblings by id', () => {
  it('previousSibling and nextSibling follow the children of one parent, −1 at either end', () => {
    const d = doc();
    const div = idOf(d, 'div');
    const children: number[] = [];
    for (let c = div + 1; c < d.index.subtreeEnd[div]; c = d.index.subtreeEnd[c]) children.push(c);
    expect(children.map((c) => d.index.kind[c])).toEqual([NodeKind.Text, NodeKind.Element, NodeKind.Text, NodeKind.Other, NodeKind.Element, NodeKind.Text]);
    children.forEach((c, k) => {
      expect(previousSibling(d.index, c)).toBe(k === 0 ? -1 : children[k - 1]);
      expect(nextSibling(d.index, c)).toBe(k === children.length - 1 ? -1 : children[k + 1]);
    });
    expect(previousSibling(d.index, 0)).toBe(-1);
    expect(nextSibling(d.index, 0)).toBe(-1);
  });
});
