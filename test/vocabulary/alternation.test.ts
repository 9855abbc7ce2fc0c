import { describe, expect, it } from 'vitest';
import { innermostWords, wordAlternation } from '../../src/vocabulary/alternation.js';

describe('wordAlternation', () => {
  it('puts longer words first, so a prefix never wins over its longer cue', () => {
    expect(wordAlternation(['发布', '发布时间', 'sep', 'sept'])).toBe('发布时间|sept|sep|发布');
    expect(new RegExp(`^(?:${wordAlternation(['sep', 'sept'])})`).exec('sept 9')?.[0]).toBe('sept');
  });

  it('escapes metacharacters and keeps words of one length in their order', () => {
    expect(wordAlternation(['a.b', 'c+d', '(x)'])).toBe('a\\.b|c\\+d|\\(x\\)');
  });

  it('with spaceRuns, a space inside a cue matches a run of spaces and tabs', () => {
    const re = new RegExp(`^(?:${wordAlternation(['posted on'], { spaceRuns: true })})$`);
    expect(re.test('posted \t on')).toBe(true);
    expect(new RegExp(`^(?:${wordAlternation(['posted on'])})$`).test('posted  on')).toBe(false);
  });
});

describe('innermostWords', () => {
  it('keeps the words that hold no other word, once each, in their order', () => {
    expect(innermostWords(['post-date', 'date', 'pubdate', 'time', 'timestamp', 'date', 'author'])).toEqual(['date', 'time', 'author']);
    expect(innermostWords(['by-line', 'byline'])).toEqual(['by-line', 'byline']);
  });
});
