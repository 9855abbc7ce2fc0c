import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import { extendToRegionEdge } from '../../../src/extractors/auto/region-edges.js';
import { listSegments } from '../../../src/extractors/auto/segments.js';
import { asNormalized } from '../../helpers/normalized.js';
import { textsOf } from './segment-rows.js';

// A flat FAQ in one container: the vote keeps the first answers, one member goes on to the last.
const answer = (n: number) => `<p>Answer ${n}: the volunteers meet at the station at eight and the team leader explains the day's work to them.</p>`;
const faq = (n: number, extra = '') => `<div id="faq">${Array.from({ length: n }, (_, i) => answer(i + 1)).join('')}${extra}</div>`;

/** Segments, their texts, and a lookup by the start of a segment's text. */
function read(html: string) {
  const d = analyze(asNormalized(html));
  const segments = listSegments(d);
  const texts = textsOf(d, segments);
  const at = (start: string) => texts.findIndex((t) => t.startsWith(start));
  const region = d.index.parent[segments.node[at('Answer 1:')]];
  return { d, segments, texts, at, region };
}

const options = { maxLinkDensity: 0.5, extendMinChars: 120, regionEdgeMinSegments: 5 };
const open = { markup: [] as number[], blocked: () => false };
/** Votes: 1 on the first `agreed` answers, `rest` on the others, 0 on anything else. */
const votes = (texts: readonly string[], agreed: number, rest: number) =>
  Float64Array.from(texts, (t) => { const m = /^Answer (\d+):/.exec(t); return m === null ? 0 : Number(m[1]) <= agreed ? 1 : rest; });

describe('extendToRegionEdge', () => {
  it('extends the kept range to the region end when a member goes on voting its paragraphs', () => {
    const r = read(faq(10));
    expect(extendToRegionEdge(r.d, r.segments, votes(r.texts, 3, 0.25), r.at('Answer 3:'), 'last', { region: r.region, ...open }, options)).toBe(r.at('Answer 10:'));
  });

  it('extends the first end back to the region start when a member voted the paragraphs before it', () => {
    const r = read(faq(10));
    const v = Float64Array.from(r.texts, (t) => { const m = /^Answer (\d+):/.exec(t); return m === null ? 0 : Number(m[1]) >= 8 ? 1 : 0.25; });
    expect(extendToRegionEdge(r.d, r.segments, v, r.at('Answer 8:'), 'first', { region: r.region, ...open }, options)).toBe(r.at('Answer 1:'));
    const unvoted = Float64Array.from(v, (x) => (x === 1 ? 1 : 0));
    expect(extendToRegionEdge(r.d, r.segments, unvoted, r.at('Answer 8:'), 'first', { region: r.region, ...open }, options)).toBe(r.at('Answer 8:'));
  });

  it('leaves the range when no member votes the tail', () => {
    const r = read(faq(10));
    expect(extendToRegionEdge(r.d, r.segments, votes(r.texts, 3, 0), r.at('Answer 3:'), 'last', { region: r.region, ...open }, options)).toBe(r.at('Answer 3:'));
  });

  it('leaves the range when the tail holds fewer voted segments than regionEdgeMinSegments', () => {
    const r = read(faq(6));
    expect(extendToRegionEdge(r.d, r.segments, votes(r.texts, 3, 0.25), r.at('Answer 3:'), 'last', { region: r.region, ...open }, options)).toBe(r.at('Answer 3:'));
  });

  it('leaves the range when a blocked segment (furniture, comment, form) lies in the tail', () => {
    const r = read(faq(10, '<p>Leave a reply: your name and e-mail address are required below.</p>'));
    const blocked = (k: number) => r.texts[k].startsWith('Leave a reply');
    expect(extendToRegionEdge(r.d, r.segments, votes(r.texts, 3, 0.25), r.at('Answer 3:'), 'last', { region: r.region, markup: [], blocked }, options)).toBe(r.at('Answer 3:'));
  });

  it('leaves the range when the tail is mostly links', () => {
    const links = Array.from({ length: 20 }, (_, i) => `<p><a href="/topic/${i}">Another topic of the volunteers' program number ${i} and its long title</a></p>`).join('');
    const r = read(faq(10, links));
    expect(extendToRegionEdge(r.d, r.segments, votes(r.texts, 3, 0.25), r.at('Answer 3:'), 'last', { region: r.region, ...open }, options)).toBe(r.at('Answer 3:'));
  });

  it('leaves the range when the tail lies outside the markup body the page names', () => {
    const r = read(faq(10));
    const body = r.segments.node[r.at('Answer 1:')]; // a markup body that holds the first answer only
    expect(extendToRegionEdge(r.d, r.segments, votes(r.texts, 3, 0.25), r.at('Answer 3:'), 'last', { region: r.region, markup: [body], blocked: () => false }, options))
      .toBe(r.at('Answer 3:'));
  });

  it('leaves the range when its last segment lies outside the region, or nothing is kept', () => {
    const r = read(`<div id="side"><p>A sidebar note about the program and its history over the years.</p></div>${faq(10)}`);
    const v = votes(r.texts, 3, 0.25);
    expect(extendToRegionEdge(r.d, r.segments, v, r.at('A sidebar'), 'last', { region: r.region, ...open }, options)).toBe(r.at('A sidebar'));
    expect(extendToRegionEdge(r.d, r.segments, v, -2, 'last', { region: r.region, ...open }, options)).toBe(-2);
  });
});
