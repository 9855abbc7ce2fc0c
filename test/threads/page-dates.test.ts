import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { bylineNameIn, nameInLine } from '../../src/threads/author.js';
import { BYLINE_CUE_WORDS } from '../../src/threads/author.js';
import { pageDates } from '../../src/threads/page-dates.js';
import { findDates } from '../../src/vocabulary/dates.js';
import { asNormalized } from '../helpers/normalized.js';

// The thread stage reads dates through one memo per page (src/threads/page-dates.ts): same answers as
// findDates, shared between readers, never changed by one of them.

const page = (html: string) => analyze(asNormalized(html));

describe('pageDates', () => {
  it('answers as findDates does, and the same array for the same text on the same page', () => {
    const doc = page('<p>Posted on March 2, 2021 at 9:14 am</p>');
    const dates = pageDates(doc);
    const line = 'Posted on March 2, 2021 at 9:14 am';
    expect(dates(line)).toEqual(findDates(line));
    expect(dates(line)).toBe(dates(line));
    expect(pageDates(doc)).toBe(dates);
    expect(dates('no digit here')).toEqual([]);
  });

  it('is one memo per page: another page has its own', () => {
    const a = page('<p>one</p>');
    const b = page('<p>two</p>');
    expect(pageDates(a)).not.toBe(pageDates(b));
  });

  it('nameInLine reads a line with two dates through the memo and leaves the memo in text order', () => {
    const doc = page('<p>x</p>');
    const dates = pageDates(doc);
    const line = 'by Jane on 2021-03-02, edited 2021-03-04';
    const before = dates(line).map((d) => d.index);
    expect(before).toEqual([...before].sort((x, y) => x - y));
    expect(nameInLine(line, BYLINE_CUE_WORDS, 40, undefined, dates)).toBe(nameInLine(line, BYLINE_CUE_WORDS, 40));
    expect(dates(line).map((d) => d.index)).toEqual(before);
    expect(bylineNameIn([line], 40, undefined, dates)).toBe(bylineNameIn([line], 40));
  });
});
