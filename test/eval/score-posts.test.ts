import { describe, expect, it } from 'vitest';
import { charF1, langTag, matchPosts, normalizeTriple, scoreCorpus, type TruthRecord } from '../../src/eval/index.js';

const T1 = 'The first post of the thread, long enough to match.';
const T2 = 'A reply that says something else entirely, also long.';
const Q1 = 'A quotation of an earlier post in this thread.';
const Q2 = 'Another quotation, this one without an author.';

describe('charF1 divides the counts by their sum first (score.py tp_fp_fn)', () => {
  // 14 true 3-grams, 11 predicted, 10 shared: F1 is 0.8 exactly, 0.7999999999999999 as score.py computes it
  const truth = 'abcdefghijklmnop';
  const pred = 'abcdefghijklZ';
  it('gives score.py\'s value, just under the post-matching threshold', () => {
    expect(normalizeTriple([10, 1, 4])).toEqual([10 / 15, 1 / 15, 4 / 15]);
    expect(charF1(truth, pred)).toBe(0.7999999999999999);
    expect(matchPosts([{ text: truth }], [{ text: pred }])).toEqual([]);
  });
});

describe('langTag (score.py lang_tag)', () => {
  it.each([
    ['zh_Hans-CN', 'zh'], [' EN-us ', 'en'], ['ug', 'ug'], [null, ''], ['', ''], [undefined, ''],
  ])('%j → %j', (value, tag) => {
    expect(langTag(value)).toBe(tag);
  });
});

describe('posts, comments and lang metrics (score.py Records and lang.acc)', () => {
  const truth: TruthRecord[] = [
    {
      id: 'thread', lang: 'en-GB',
      posts: [
        { author: 'a', text: T1, quotes: [{ author: 'b', text: Q1 }, { author: null, text: Q2 }] },
        { author: 'b', text: T2 },
      ],
    },
    { id: 'article', lang: 'zh', comments: [{ author: 'x', date: '2020-01-02', text: T1 }, { author: 'y', date: '2020-01-03', text: T2 }] },
  ];
  const { metrics } = scoreCorpus(truth, [
    {
      id: 'thread', lang: 'EN',
      // a null post is not counted (score.py keeps only objects); a quotation that is not an object is counted, never matched
      posts: [{ author: 'a', text: T1, quotes: [{ author: 'B', text: Q1 }, 'x' as never] }, null, { author: 'c', text: `${T2}!` }],
    },
    { id: 'article', lang: null, comments: [{ author: 'X', date: '2020-1-2 10:00', text: T1 }] },
  ]);

  it('pools posts over pages: P/R/F1, author, date, text F1', () => {
    expect(metrics['posts.p']).toBe(1);
    expect(metrics['posts.r']).toBe(1);
    expect(metrics['posts.f1']).toBe(1);
    expect(metrics['posts.author']).toBe(0.5);
    expect(metrics['posts.date']).toBe(0); // no true post has a date
    expect(metrics['posts.text_f1']).toBeCloseTo((1 + charF1(T2, `${T2}!`)) / 2, 12);
    expect(metrics['posts.true']).toBe(2);
  });

  it('matches quotations within matched posts', () => {
    expect(metrics['posts.quotes_true']).toBe(2);
    expect(metrics['posts.quotes_p']).toBe(0.5);
    expect(metrics['posts.quotes_r']).toBe(0.5);
    expect(metrics['posts.quotes_f1']).toBe(0.5);
    expect(metrics['posts.quotes_author']).toBe(1);
  });

  it('gives comments the same metrics (no quotations here, so no quotes_*)', () => {
    expect(metrics['comments.p']).toBe(1);
    expect(metrics['comments.r']).toBe(0.5);
    expect(metrics['comments.author']).toBe(1);
    expect(metrics['comments.date']).toBe(1);
    expect(metrics['comments.text_f1']).toBe(1);
    expect(metrics['comments.true']).toBe(2);
    expect(metrics).not.toHaveProperty('comments.quotes_f1');
  });

  it('compares the primary language subtag', () => {
    expect(metrics['lang.acc']).toBe(0.5);
    expect(metrics['lang.pages']).toBe(2);
  });
});
