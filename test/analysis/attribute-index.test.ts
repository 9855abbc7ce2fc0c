import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { elementsWithAttributes } from '../../src/analysis/attribute-index.js';
import { listAttributeDates } from '../../src/threads/attribute-dates.js';
import { asNormalized } from '../helpers/normalized.js';

const HTML = `<html><body>
<div class="post" data-username="aziz"><time datetime="2021-03-02T09:14">yesterday</time><p title="">x</p></div>
<div class="post" data-author=""><span data-timestamp="1614676440">2 days ago</span><a href="/u/2" title="March 3, 2021">link</a></div>
<div class="post"><meta itemprop="datePublished" content="2021-03-04"><p>plain</p></div>
</body></html>`;

describe('elementsWithAttributes', () => {
  const doc = analyze(asNormalized(HTML));
  const tagOf = (ids: readonly number[]) => ids.map((i) => doc.index.tag[i]);

  it('lists the elements that have one of the names, in document order, once each, whatever the value', () => {
    expect(tagOf(elementsWithAttributes(doc, ['data-username', 'data-author']))).toEqual(['div', 'div']);
    const dated = elementsWithAttributes(doc, ['datetime', 'title', 'data-timestamp', 'content']);
    expect(tagOf(dated)).toEqual(['time', 'p', 'span', 'a', 'meta']);
    expect([...dated]).toEqual([...dated].sort((a, b) => a - b));
    expect(elementsWithAttributes(doc, ['data-nothing'])).toEqual([]);
  });

  it('gives the thread stage every attribute date of the page, in node order', () => {
    expect(listAttributeDates(doc).map((d) => [doc.index.tag[d.node], d.attribute, d.iso])).toEqual([
      ['time', 'datetime', '2021-03-02T09:14'],
      ['span', 'data-timestamp', '2021-03-02T09:14Z'],
      ['a', 'title', '2021-03-03'],
      ['meta', 'content', '2021-03-04'],
    ]);
  });
});
