import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { listTextBlocks } from '../../src/analysis/text-blocks.js';
import { listAttributeDates } from '../../src/threads/attribute-dates.js';
import { pageDayFirst, readDayOrder } from '../../src/threads/day-order.js';
import { datingText, gluedDigitOffsets } from '../../src/threads/glued-digits.js';
import { findLineDates } from '../../src/threads/line-dates.js';
import { pageDates } from '../../src/threads/page-dates.js';
import { asNormalized } from '../helpers/normalized.js';

const page = (body: string) => analyze(asNormalized(`<html><body>${body}</body></html>`));

describe('machine-readable instants keep their offset', () => {
  it.each([
    ['<time datetime="2019-09-28T12:44:00+03:00">x</time>', '2019-09-28T12:44+03:00'],
    ['<time datetime="2019-09-28T12:44:00.000+0530">x</time>', '2019-09-28T12:44+05:30'],
    // an offset written after a space, as some engines print it
    ['<time datetime="2019-09-28 12:44:00 +0300">x</time>', '2019-09-28T12:44+03:00'],
    ['<time datetime="2019-09-28T09:44Z">x</time>', '2019-09-28T09:44Z'],
    // epochs are UTC instants, in seconds or milliseconds, in a datetime or a data attribute
    ['<time datetime="1569663840">x</time>', '2019-09-28T09:44Z'],
    ['<span data-time="1569663840">x</span>', '2019-09-28T09:44Z'],
    ['<span data-timestamp="1569663840000">x</span>', '2019-09-28T09:44Z'],
    ['<meta itemprop="datePublished" content="2019-09-28T12:44:00+08:00">', '2019-09-28T12:44+08:00'],
  ])('%s', (html, iso) => {
    expect(listAttributeDates(page(html)).map((d) => d.iso)).toEqual([iso]);
  });
});

describe('digits of adjacent inline elements are two tokens', () => {
  const doc = page('<p>Posted: <span>28.09.19</span><span>12:44</span> by Aziz</p><p>Page <b>1</b><b>2</b> 2019-09-28</p><p>Total 12:44 on 2019-09-28</p>');
  const blocks = listTextBlocks(doc);

  it('the page text joins them, as the page shows them', () => {
    expect(blocks.text(0)).toBe('Posted: 28.09.1912:44 by Aziz');
  });

  it('the dating text of a block puts a space between them, and only there', () => {
    expect(gluedDigitOffsets(doc)).toHaveLength(2);
    expect(datingText(doc, blocks, 0)).toBe('Posted: 28.09.19 12:44 by Aziz');
    expect(datingText(doc, blocks, 1)).toBe('Page 1 2 2019-09-28');
    expect(datingText(doc, blocks, 2)).toBe(blocks.text(2));
  });

  it('so the header line reads as 28 September 2019, 12:44', () => {
    expect(findLineDates(datingText(doc, blocks, 0))[0]?.iso).toBe('2019-09-28T12:44');
    expect(findLineDates(blocks.text(0))[0]?.iso).toBe('1912-09-28');
  });

  it('a page without glued digits reads every block as its text', () => {
    const plain = page('<div><p>Joined <b>March</b> 2004</p><p>Posts: 12</p><ul><li>one</li><li>two <i>2</i></li></ul></div>');
    const blocks = listTextBlocks(plain);
    for (let k = 0; k < blocks.length; k++) expect(datingText(plain, blocks, k)).toBe(blocks.text(k));
  });
});

describe("a page's order of day and month", () => {
  it.each([
    ['05-18-2005 and 06-02-2005', false],
    ['18.05.2005 and 02.06.2005', true],
    ['28.09.19 12:44, 01.10.19 21:30', true],
    // no number above 12: the order under which the dates run forward
    ['03/12/2011, 04/02/2011, 04/05/2011', false],
    ['12.03.2011, 02.04.2011, 05.04.2011', true],
    // both orders run forward: the page does not tell
    ['03/04/2011, 03/10/2011, 03/11/2011', null],
    ['01/02/2011 alone', null],
  ])('%s → day first: %s', (text, dayFirst) => {
    expect(readDayOrder(text)).toBe(dayFirst);
  });

  it("reads an ambiguous date in the page's order, day-first when the page does not tell", () => {
    const us = page('<p>Posted 05-18-2005, 10:40 PM</p><p>Posted 06-02-2005, 08:05 AM</p>');
    expect(pageDayFirst(us)).toBe(false);
    expect(pageDates(us)('06-02-2005, 08:05 AM')[0]?.iso).toBe('2005-06-02T08:05');
    const untold = page('<p>06-02-2005</p>');
    expect(pageDates(untold)('06-02-2005')[0]?.iso).toBe('2005-02-06');
  });

  it('reads two-digit years in the order the caller gives, month first when it gives none', () => {
    expect(findLineDates('01.10.19 21:30')[0]?.iso).toBe('2019-01-10T21:30');
    expect(findLineDates('01.10.19 21:30', undefined, () => true)[0]?.iso).toBe('2019-10-01T21:30');
    expect(findLineDates('28.09.19 12:44', undefined, () => false)[0]?.iso).toBe('2019-09-28T12:44');
  });
});
