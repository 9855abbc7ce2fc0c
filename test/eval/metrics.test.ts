import { describe, expect, it } from 'vitest';
import {
  aggregate, characterOverlap, charF1, charGrams, matchPosts, overlap, precisionOf, recallOf, wordShingles, type Triple,
} from '../../src/eval/index.js';

const S = '\u0001'; // shingle key separator

describe('wordShingles (score.py shingles)', () => {
  it.each([
    ['a b c d e', { [`a${S}b${S}c${S}d`]: 1, [`b${S}c${S}d${S}e`]: 1 }],
    ['a, b!', { [`a${S}b`]: 1 }], // fewer than 4 tokens: one short shingle
    ['', {}],
    ['... !!', {}],
    ['x x x x x x', { [`x${S}x${S}x${S}x`]: 3 }],
    ['cafe\u0301 bar', { [`cafe${S}bar`]: 1 }], // a combining mark is not \w in Python
  ])('%j', (text, expected) => {
    expect(Object.fromEntries(wordShingles(text))).toEqual(expected);
  });
});

describe('charGrams (score.py char_grams)', () => {
  it.each([
    ['ab c d', { abc: 1, bcd: 1 }],
    ['A b', { ab: 1 }], // shorter than 3: one gram
    ['  ', {}],
    ['ئۇيغۇر', { 'ئۇي': 1, 'ۇيغ': 1, 'يغۇ': 1, 'غۇر': 1 }],
    ['中\u3000文\u0085字\u001c！', { '中文字': 1, '文字！': 1 }], // Python whitespace includes U+3000, U+0085, U+001C
    ['a\ufeffb', { 'a\ufeffb': 1 }], // U+FEFF is not whitespace in Python
    ['𝟘𝟙𝟚𝟛', { '𝟘𝟙𝟚': 1, '𝟙𝟚𝟛': 1 }], // astral characters count once (code points)
  ])('%j', (text, expected) => {
    expect(Object.fromEntries(charGrams(text))).toEqual(expected);
  });
});

describe('overlap, precision, recall (score.py tp_fp_fn, prec, rec)', () => {
  it('counts the multiset intersection, surplus and shortfall', () => {
    expect(overlap(new Map([['a', 2], ['b', 1]]), new Map([['a', 1], ['c', 3]]))).toEqual([1, 3, 2]);
  });
  it.each<[Triple, number, number]>([
    [[0, 0, 0], 1, 1],
    [[0, 0, 5], 0, 0],
    [[0, 4, 0], 0, 0],
    [[3, 1, 2], 0.75, 0.6],
    [[2, 0, 0], 1, 1],
  ])('%j → P %d, R %d', (t, p, r) => {
    expect(precisionOf(t)).toBeCloseTo(p, 12);
    expect(recallOf(t)).toBeCloseTo(r, 12);
  });
});

describe('aggregate (score.py agg)', () => {
  it.each<[Triple[], number, number, number]>([
    // an empty prediction is left out of the mean precision but counts 0 in the mean recall
    [[[1, 1, 0], [0, 0, 2]], 0.5, 0.5, 0.5],
    [[[3, 1, 2], [1, 0, 1]], (0.75 + 1) / 2, (0.6 + 0.5) / 2, 2 * 0.875 * 0.55 / (0.875 + 0.55)],
    [[], 0, 0, 0],
  ])('%j', (triples, p, r, f) => {
    const a = aggregate(triples);
    expect(a.p).toBeCloseTo(p, 12);
    expect(a.r).toBeCloseTo(r, 12);
    expect(a.f).toBeCloseTo(f, 12);
  });
});

describe('characterOverlap (seed 003 §4.1 COM)', () => {
  it.each<[string, string, Triple]>([
    ['abcx', 'a b c d', [3, 1, 1]],
    ['ABC', 'abc', [3, 0, 0]],
    ['', 'abc', [0, 0, 3]],
    ['ئۈرۈمچى', 'ئۈرۈمچىدە', [7, 0, 2]],
    ['aab', 'ab', [2, 1, 0]],
  ])('extracted %j, truth %j', (extracted, truth, expected) => {
    expect(characterOverlap(extracted, truth)).toEqual(expected);
  });
});

describe('matchPosts (score.py match_posts)', () => {
  const posts = [
    { author: 'a', text: 'بۈگۈن ھاۋا ناھايىتى ياخشى بولدى' },
    { author: 'b', text: '今天天气很好，我们去公园散步吧' },
    { author: 'c', text: 'short' },
  ];
  it('pairs swapped posts with their truth, in truth order', () => {
    const pred = [{ text: posts[1]!.text }, { text: posts[0]!.text }];
    expect(matchPosts(posts, pred).map(([t, p]) => [t.author, p?.text])).toEqual([['a', posts[0]!.text], ['b', posts[1]!.text]]);
  });
  it('needs char F1 >= 0.8 and uses each prediction once', () => {
    const pred = [{ text: 'short' }, { text: 'short' }, null, { text: posts[0]!.text.slice(0, 8) }];
    expect(charF1(posts[0]!.text, posts[0]!.text.slice(0, 8))).toBeLessThan(0.8);
    expect(matchPosts([posts[2]!, posts[2]!, posts[0]!], pred).length).toBe(2);
  });
});
