import { describe, expect, it } from 'vitest';
import { charsetFamily, normText, pyDay, pyStrip, pyWordTokens, sequenceRatio } from '../../src/eval/index.js';

describe('pyWordTokens (Python \\w+)', () => {
  it.each([
    ['ئۇيغۇر تىلى, 2024', ['ئۇيغۇر', 'تىلى', '2024']],
    ['كِتاب', ['ك', 'تاب']], // the kasra (Mn) splits the word, as in Python
    ['snake_case x²', ['snake_case', 'x²']], // No (superscript two) is \w in Python
    ['٣ apples — ½', ['٣', 'apples', '½']],
    ['中文，标点。', ['中文', '标点']],
  ])('%j', (text, expected) => {
    expect(pyWordTokens(text)).toEqual(expected);
  });
});

describe('normText (score.py norm_text)', () => {
  it.each([
    ['  Ｈｅｌｌｏ \n World — ', 'hello world'],
    ['•·Title: ', 'title'],
    ['\u0085ﬁle\u3000name\u001c', 'file name'],
    ['\ufeffA', '\ufeffa'], // U+FEFF is not whitespace in Python
    [null, ''],
  ])('%j → %j', (text, expected) => {
    expect(normText(text)).toBe(expected);
  });
  it('pyStrip keeps U+FEFF and strips U+0085', () => {
    expect(pyStrip('\u0085 a \ufeff')).toBe('a \ufeff');
  });
});

describe('pyDay (score.py day)', () => {
  it.each<[unknown, string | null]>([
    ['2012-4-13 12:30', '2012-04-13'],
    ['2012年4月13日', '2012-04-13'],
    ['٢٠١٢-٠٤-١٣', '2012-04-13'],
    ['２０１２／４／１３', '2012-04-13'],
    ['𝟐𝟎𝟏𝟐-𝟒-𝟏𝟑', '2012-04-13'],
    ['12345-1-2', '2345-01-02'],
    ['13/04/2012', null],
    ['2012-04', null],
    ['', null],
    [null, null],
  ])('%j → %j', (value, expected) => {
    expect(pyDay(value)).toBe(expected);
  });
});

describe('charsetFamily (score.py enc_family)', () => {
  it.each([
    ['GB2312', 'gb18030', true],
    [' UTF_8 ', 'utf-8', true],
    ['Shift-JIS', 'cp932', true],
    ['iso-8859-1', 'windows-1252', true],
    ['iso-8859-9', 'windows-1254', true],
    ['windows-1256', 'iso-8859-6', false],
    ['x-user-defined', 'X-USER-DEFINED', true],
    ['utf-8', null, false],
  ])('%j vs %j → %s', (a, b, same) => {
    expect(charsetFamily(a) === charsetFamily(b)).toBe(same);
  });
  it('gives null for no label', () => {
    expect(charsetFamily('')).toBeNull();
    expect(charsetFamily(undefined)).toBeNull();
  });
});

describe('sequenceRatio (difflib.SequenceMatcher.ratio)', () => {
  it.each([
    ['abcd', 'bcde', 0.75],
    ['', '', 1],
    ['abc', '', 0],
    ['ئۈرۈمچى', 'ئۈرۈمچى', 1],
    // values from CPython 3.11 difflib; b of 200+ elements: 'a' is "popular" (autojunk) and
    // cannot start a match, so the 'a' after 'z' stays unmatched (2/213; 4/213 without autojunk)
    ['za', `z${'q'.repeat(10)}${'a'.repeat(200)}`, 2 / 213],
    // a match started by 'b' still extends over popular elements
    ['ab', `${'a'.repeat(200)}b`, 4 / 203],
    // an empty longest match at (0, 0) is extended forward over a popular element
    ['a', 'a'.repeat(200), 2 / 201],
  ])('%j vs %j', (a, b, expected) => {
    expect(sequenceRatio(a, b)).toBeCloseTo(expected, 12);
  });
});
