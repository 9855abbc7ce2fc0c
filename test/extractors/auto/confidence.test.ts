import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import { droppedVoteShare, measureConfidence } from '../../../src/extractors/auto/confidence.js';
import { DEFAULT_AUTO_OPTIONS, extractAuto } from '../../../src/extractors/auto/index.js';
import { type SegmentRow, tableOf } from './segment-rows.js';
import { asNormalized } from '../../helpers/normalized.js';
import { allIndexes } from '../../../src/extractors/auto/index-lists.js';

/** A segment of `chars` characters, `linkChars` of them in links (node ids do not matter here). */
const seg = (chars: number, linkChars = 0): SegmentRow => ({ node: 1, anchor: 1, chars, linkChars });

const OFF = { droppedWeight: 0, fullConfidenceChars: 0 };

describe('droppedVoteShare', () => {
  it.each([
    ['everything voted is kept', [seg(100), seg(100)], [1, 1], [0, 1], 0],
    ['an unvoted segment left out drops nothing', [seg(100), seg(100)], [1, 0], [0], 0],
    ['half of the vote mass left out', [seg(100), seg(100)], [1, 1], [0], 0.5],
    ['the vote mass is weighted by characters', [seg(300), seg(100)], [1, 1], [0], 0.25],
    ['and by the vote', [seg(100), seg(100)], [1, 0.5], [0], 1 / 3],
    ['link characters carry no mass', [seg(100), seg(100, 100)], [1, 1], [0], 0],
    ['nothing voted at all', [seg(100)], [0], [], 0],
    ['nothing kept', [seg(100), seg(50)], [0.6, 0.4], [], 1],
  ])('%s', (_, segments, vote, kept, expected) => {
    expect(droppedVoteShare(tableOf(segments), vote, kept)).toBeCloseTo(expected, 10);
  });
});

describe('measureConfidence', () => {
  it.each([
    // name, segments, vote, kept, options, agreement, dropped, confidence
    ['unanimous and complete', [seg(200), seg(50)], [1, 0], [0], OFF, 1, 0, 1],
    ['agreement is the character-weighted mean vote of the kept text', [seg(300), seg(100)], [1, 0.6], [0, 1], OFF, 0.9, 0, 0.9],
    ['link characters do not count in the agreement', [seg(100), seg(100, 100)], [1, 0], [0, 1], OFF, 1, 0, 1],
    ['the dropped vote lowers it by droppedWeight', [seg(100), seg(100)], [1, 1], [0], { droppedWeight: 0.2, fullConfidenceChars: 0 }, 1, 0.5, 0.9],
    ['droppedWeight 1 multiplies by the kept share of the vote', [seg(100), seg(300)], [0.8, 0.8], [0], { droppedWeight: 1, fullConfidenceChars: 0 }, 0.8, 0.75, 0.2],
    ['short text is scaled down when fullConfidenceChars is set', [seg(100)], [1], [0], { droppedWeight: 0, fullConfidenceChars: 400 }, 1, 0, 0.25],
    ['fullConfidenceChars 0 turns the scaling off', [seg(10)], [1], [0], OFF, 1, 0, 1],
    ['nothing kept', [seg(100)], [0.7], [], { droppedWeight: 0.1, fullConfidenceChars: 0 }, 0, 1, 0],
  ])('%s', (_, segments, vote, kept, o, agreement, dropped, confidence) => {
    const r = measureConfidence(tableOf(segments), vote, kept, o);
    expect(r.agreement).toBeCloseTo(agreement, 10);
    expect(r.dropped).toBeCloseTo(dropped, 10);
    expect(r.confidence).toBeCloseTo(confidence, 10);
    expect(r.chars).toBe(kept.reduce((n, k) => n + segments[k].chars - segments[k].linkChars, 0));
  });

  it('is monotone: a higher vote on the kept text raises it, a higher vote on the left-out text lowers it', () => {
    const segments = tableOf([seg(200), seg(100)]);
    const o = { droppedWeight: 0.5, fullConfidenceChars: 0 };
    const at = (keptVote: number, outVote: number) => measureConfidence(segments, [keptVote, outVote], [0], o).confidence;
    for (const out of [0, 0.3, 0.9]) expect(at(0.9, out)).toBeGreaterThan(at(0.6, out));
    for (const kv of [0.6, 1]) expect(at(kv, 0.2)).toBeGreaterThan(at(kv, 0.8));
  });

  it('stays in [0, 1] on random votes, whatever the weight in [0, 1]', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let trial = 0; trial < 200; trial++) {
      const n = 1 + Math.floor(rand() * 12);
      const segments = Array.from({ length: n }, () => { const c = Math.floor(rand() * 400); return seg(c, Math.floor(rand() * c)); });
      const vote = Array.from({ length: n }, () => rand());
      const kept = allIndexes(segments.length).filter(() => rand() < 0.6);
      const r = measureConfidence(tableOf(segments), vote, kept, { droppedWeight: rand(), fullConfidenceChars: rand() < 0.5 ? 0 : 500 });
      expect(r.confidence).toBeGreaterThanOrEqual(0);
      expect(r.confidence).toBeLessThanOrEqual(1);
    }
  });
});

const PARAS = [
  'The ferry to the northern islands will run twice a day from June, the harbour office said on Monday after a winter of repairs.',
  'Fishermen welcomed the news, since the single morning boat had left them waiting a whole day to bring their catch to the mainland.',
  'The office also plans a new waiting room with heating, which travellers have asked for since the old one was closed two years ago.',
];
const MENU = `<ul class="menu">${['Home', 'News', 'Boats', 'Weather', 'Contact'].map((w, i) => `<li><a href="/m/${i}">${w}</a></li>`).join('')}</ul>`;
const page = (aside: string) => `<html><head><title>Ferry</title></head><body>${MENU}<div id="main"><div class="story">${PARAS.map((p) => `<p>${p}</p>`).join('')}</div>${aside}</div></body></html>`;
/** Prose in a sidebar inside the main region: the members vote for it, the cleanup drops it as furniture. */
const SIDEBAR = `<div class="sidebar">${['The island museum opens its summer exhibition of old fishing boats and nets on the first Saturday of July.',
  'Tickets are sold at the harbour office and on the ferry, with a discount for children and for island residents.'].map((c) => `<p>${c}</p>`).join('')}</div>`;

describe('extractAuto: confidence of an article', () => {
  it('is the measured confidence of the kept text and is reported with its parts', () => {
    const r = extractAuto(analyze(asNormalized(page(''))));
    const kind = r.diagnostics.find((d) => d.code === 'page-kind');
    expect(kind?.details).toMatchObject({ kind: 'article' });
    const { agreement, dropped } = kind?.details as { agreement: number; dropped: number };
    expect(r.confidence).toBeCloseTo(agreement * (1 - DEFAULT_AUTO_OPTIONS.droppedWeight * dropped), 10);
    expect(r.confidence).toBeGreaterThan(0.5);
    expect(r.confidence).toBeLessThanOrEqual(1);
  });

  it('text the members voted for and the cleanup left out (a sidebar) lowers it, the more so the higher droppedWeight', () => {
    const d = analyze(asNormalized(page(SIDEBAR)));
    const at = (droppedWeight: number) => extractAuto(d, { droppedWeight });
    const details = at(0).diagnostics.find((x) => x.code === 'page-kind')?.details as { agreement: number; dropped: number };
    expect(details.dropped).toBeGreaterThan(0.05);
    expect(at(0).confidence).toBeCloseTo(details.agreement, 10);
    expect(at(0.5).confidence).toBeLessThan(at(0).confidence);
    expect(at(1).confidence).toBeLessThan(at(0.5).confidence);
    for (const p of PARAS) expect(at(1).text).toContain(p);
    expect(at(1).text).not.toContain('museum');
    expect(at(1).text).toBe(at(0).text);
  });

  it('the scaling by size applies when fullConfidenceChars is set above the kept length', () => {
    const d = analyze(asNormalized(page('')));
    const off = extractAuto(d).confidence;
    const on = extractAuto(d, { fullConfidenceChars: 10_000 }).confidence;
    expect(on).toBeLessThan(off / 5);
    expect(on).toBeGreaterThan(0);
  });
});
