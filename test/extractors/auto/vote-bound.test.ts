import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import { DEFAULT_AUTO_OPTIONS } from '../../../src/extractors/auto/defaults.js';
import { listSegments, type SegmentTable } from '../../../src/extractors/auto/segments.js';
import { boundVotes, reachableSegments } from '../../../src/extractors/auto/vote-bound.js';
import { asNormalized } from '../../helpers/normalized.js';
import { tableOf, textsOf } from './segment-rows.js';

const doc = (html: string) => analyze(asNormalized(html));
/** Segments that only count (the bound reads nothing else of them). */
const fakeSegments = (n: number): SegmentTable => tableOf(Array.from({ length: n }, (_, k) => ({ node: k, anchor: k, chars: 10, linkChars: 0 })));

describe('boundVotes', () => {
  const weights = { a: 1, b: 1, c: 0.5 };
  const o = { weights, markupWeight: 2 };
  const segments = fakeSegments(4);
  const shareA = Float64Array.from([1, 0.5, 0, 0]);

  it('is at least the vote of every outcome of the members still to run (each selects 0 or 1, or abstains)', () => {
    const inMarkup = Uint8Array.from([1, 0, 1, 0]);
    const bound = boundVotes(segments, { shares: new Map([['a', shareA]]), pending: ['b', 'c'], inMarkup, markupVotes: true, silenced: new Uint8Array(4) }, o)!;
    // every outcome of b and c: abstain, select nothing, select everything
    const outcomes = [null, 0, 1] as const;
    for (const b of outcomes) for (const c of outcomes) {
      for (let k = 0; k < 4; k++) {
        let sum = shareA[k] + 2 * inMarkup[k];
        let total = 1 + 2;
        if (b !== null) { sum += b; total += 1; }
        if (c !== null) { sum += 0.5 * c; total += 0.5; }
        expect(bound[k]).toBeGreaterThanOrEqual(sum / total);
      }
    }
    // and it is tight: every pending member selecting the segment reaches it (up to the float slack)
    expect(bound[1]).toBeCloseTo((0.5 + 1.5) / 4.5, 6);
  });

  it('gives silenced segments 0, and nothing when a weight is negative', () => {
    const silenced = Uint8Array.from([1, 0, 0, 1]);
    const bound = boundVotes(segments, { shares: new Map([['a', shareA]]), pending: ['b'], inMarkup: new Uint8Array(4), markupVotes: false, silenced }, o)!;
    expect([bound[0], bound[3]]).toEqual([0, 0]);
    expect(bound[2]).toBeCloseTo(0.5, 6);
    expect(boundVotes(segments, { shares: new Map(), pending: ['b'], inMarkup: new Uint8Array(4), markupVotes: false, silenced }, { weights: { b: -1 }, markupWeight: 2 })).toBeNull();
  });
});

describe('reachableSegments', () => {
  const o = DEFAULT_AUTO_OPTIONS;
  const para = (s: string) => `<p>${s} The ferry crossed the strait twice a day, and the harbour master wrote every crossing in a thick book.</p>`;
  // the region (second section) and a sibling section that opens on a small form: the form's text is silenced (vote 0),
  // yet a sibling section taken whole starts there; far outside the sections' container, a footer
  const html = `<html><body><div id="doc">
    <div class="part"><form><label>Search the archive of the harbour</label></form>${para('One.')}${para('Two.')}</div>
    <div class="part">${para('Three.')}${para('Four.')}${para('Five.')}</div>
  </div><div id="foot"><p>Written by the harbour office, all rights kept by the town of the strait.</p></div></body></html>`;
  const d = doc(html);
  const segments = listSegments(d);
  const at = (needle: string) => textsOf(d, segments).findIndex((t) => t.includes(needle));

  it('reaches the silenced edge of a sibling section the vote can carry, and not beyond the sections’ container', () => {
    const bound = new Float64Array(segments.length);
    for (const w of ['Three.', 'Four.', 'Five.']) bound[at(w)] = 1;
    for (const w of ['One.', 'Two.']) bound[at(w)] = o.regionVote; // a minority carries the sibling section
    const reach = reachableSegments(d, segments, bound, o);
    expect(reach).toContain(at('Search the archive'));
    expect(reach).not.toContain(at('Written by'));
    // without the sibling sections the range starts at the first segment a vote can make an end
    expect(reachableSegments(d, segments, bound, { ...o, extendToSiblingSections: false })).not.toContain(at('Search the archive'));
  });

  it('is empty when no vote can reach the least vote option, and every segment when a vote option is 0', () => {
    expect(reachableSegments(d, segments, new Float64Array(segments.length).fill(0.1), o)).toHaveLength(0);
    expect(reachableSegments(d, segments, new Float64Array(segments.length), { ...o, regionVote: 0 })).toHaveLength(segments.length);
  });
});
