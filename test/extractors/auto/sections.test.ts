import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import { extendToSiblingSections } from '../../../src/extractors/auto/sections.js';
import { listSegments } from '../../../src/extractors/auto/segments.js';
import { asNormalized } from '../../helpers/normalized.js';
import { textsOf } from './segment-rows.js';

// A long essay in three sibling `div`s (a converted document's sections); the vote agrees on the last one only.
const sentence = (what: string) => `${what}: the essay goes on about how schools choose their tools and why a pilot comes first.`;
const section = (name: string, n: number) => `<div class="s">${Array.from({ length: n }, (_, i) => `<p>${sentence(`${name} ${i + 1}`)}</p>`).join('')}</div>`;

/** Segments, their texts, and a lookup by the start of a segment's text. */
function read(html: string) {
  const d = analyze(asNormalized(html));
  const segments = listSegments(d);
  const texts = textsOf(d, segments);
  const at = (start: string) => texts.findIndex((t) => t.startsWith(start));
  return { d, segments, texts, at };
}

const options = { regionVote: 0.35, maxLinkDensity: 0.5, extendMinChars: 120, sectionMinParagraphs: 2 };

describe('extendToSiblingSections', () => {
  const html = `<div id="doc">${section('first', 3)}<div class="q"><p>A. Author</p></div>${section('last', 3)}</div>`;
  const { d, segments, texts, at } = read(html);
  const region = d.index.parent[segments.node[at('last 1')]];
  const none = new Uint8Array(d.index.size);
  const vote = (first: number) => Float64Array.from(texts, (t) => (t.startsWith('last') ? 1 : t.startsWith('first') ? first : 0.6));

  it('takes a sibling section of the same tag voted by a minority as a whole, over a short voted attribution', () => {
    expect(extendToSiblingSections(d, segments, vote(0.4), region, none, at('last 1'), at('last 3'), options)).toEqual([at('first 1'), at('last 3')]);
  });

  it('leaves it out when its mean vote is below regionVote', () => {
    expect(extendToSiblingSections(d, segments, vote(0.3), region, none, at('last 1'), at('last 3'), options)).toEqual([at('last 1'), at('last 3')]);
  });

  it('leaves it out when it is furniture', () => {
    const furniture = new Uint8Array(d.index.size);
    const first = d.index.parent[segments.node[at('first 1')]];
    furniture.fill(1, first, d.index.subtreeEnd[first]);
    expect(extendToSiblingSections(d, segments, vote(0.4), region, furniture, at('last 1'), at('last 3'), options)).toEqual([at('last 1'), at('last 3')]);
  });

  it.each([
    ['a one-paragraph bio', `<div id="doc">${section('last', 3)}<div><p>${sentence('bio')} ${sentence('more bio')}</p></div></div>`],
    ['a teaser list', `<div id="doc">${section('last', 3)}<div><ul>${[1, 2, 3].map((i) => `<li><p>${sentence(`teaser ${i}`)}</p></li>`).join('')}</ul></div></div>`],
    ['a section of another tag', `<div id="doc">${section('last', 3)}<section><p>${sentence('other 1')}</p><p>${sentence('other 2')}</p></section></div>`],
  ])('does not take %s beside the region', (_, page) => {
    const r = read(page);
    const reg = r.d.index.parent[r.segments.node[r.at('last 1')]];
    const v = Float64Array.from(r.texts, (t) => (t.startsWith('last') ? 1 : 0.4));
    expect(extendToSiblingSections(r.d, r.segments, v, reg, new Uint8Array(r.d.index.size), r.at('last 1'), r.at('last 3'), options))
      .toEqual([r.at('last 1'), r.at('last 3')]);
  });

  it('takes nothing when the kept range is empty', () => {
    expect(extendToSiblingSections(d, segments, vote(0.4), region, none, -1, -2, options)).toEqual([-1, -2]);
  });
});
