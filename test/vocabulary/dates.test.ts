import { describe, expect, it } from 'vitest';
import { findDates, mayHoldDate, memoizedFindDates, parseDate, yearSignsIn } from '../../src/vocabulary/dates.js';

describe('parseDate: a month name of several languages', () => {
  it.each([
    ['5 listopad 2020', null, '2020-11-05'],
    ['5 listopad 2020', 'hr', '2020-10-05'],
    ['5 listopad 2020', 'pl', '2020-11-05'],
  ])('%s (%s) -> %s', (text, lang, iso) => {
    expect(parseDate(text, { lang })).toBe(iso);
  });

  it.each([['12 items 2020'], ['24 نيسان / مايو 2020'], ['Chapter 12 2020']])('%s is no date', (text) => {
    expect(parseDate(text)).toBeNull();
  });
});

describe('parseDate', () => {
  it.each([
    ['13-4-2012 20:30', '2012-04-13T20:30'],
    ['Fri Apr 13, 2012 8:30 pm', '2012-04-13T20:30'],
    ['Sat May 11, 2013 12:41 am', '2013-05-11T00:41'],
    ['Sat May 11, 2013 12:05 pm', '2013-05-11T12:05'],
    ['13 أبريل 2012', '2012-04-13'],
    ['2012-يىلى 13-ئاپرېل', '2012-04-13'],
    ['الجمعة أبريل 13, 2012 8:30 م', '2012-04-13T20:30'],
    ['الجمعة أبريل 13, 2012 8:30 ص', '2012-04-13T08:30'],
    // a word joining the time to the date, and the marks of the halves of the day, of several languages (vocabulary/time-words.ts)
    ['13 апреля 2012 в 20:30', '2012-04-13T20:30'],
    ['13. April 2012 um 20:30', '2012-04-13T20:30'],
    ['2012-يىلى 13-ئاپرېل سائەت 20:30', '2012-04-13T20:30'],
    ['جمعه آوریل ۱۳, ۲۰۱۲ ۸:۳۰ ب.ظ', '2012-04-13T20:30'],
    ['جمعه آوریل ۱۳, ۲۰۱۲ ۸:۳۰ ق.ظ', '2012-04-13T08:30'],
    ['Fri Apr 13, 2012 8:30 p.m.', '2012-04-13T20:30'],
    ['13 апреля 2012 в городе', '2012-04-13'],
    ['جۈمە 13-ئاپرېل 2012، 20:30', '2012-04-13T20:30'],
    ['الجمعة 13 أبريل 2012 - 20:30', '2012-04-13T20:30'],
    ['2012-يىلى 4-ئاينىڭ 13-كۈنى 20:30', '2012-04-13T20:30'],
    ['2012/4/13 20:30', '2012-04-13T20:30'],
    ['2012-4-13 20:30', '2012-04-13T20:30'],
    ['2012-04-13 20:30', '2012-04-13T20:30'],
    ['2012-04-13T20:30:45Z', '2012-04-13T20:30Z'],
    ['2012-04-13', '2012-04-13'],
    ['2019年2月20日', '2019-02-20'],
    ['2019年2月20日 08:15', '2019-02-20T08:15'],
    ['٢٠١٢/٤/١٣ ٢٠:٣٠', '2012-04-13T20:30'],
    ['۱۳ أبريل ۲۰۱۲', '2012-04-13'],
    ['Posted on 13 April 2012 by someone', '2012-04-13'],
    ['April 13th, 2012', '2012-04-13'],
    ['15 September 2008', '2008-09-15'],
    ['16-ئاۋغۇست، 2010', '2010-08-16'],
    ['23-دېكابىر، 2013', '2013-12-23'],
    ['13 نيسان 2012', '2012-04-13'],
    ['04/13/2012', '2012-04-13'],
    ['posted 13.04.2012', '2012-04-13'],
    ['9 oktober 2020 11:12', '2020-10-09T11:12'],
    ['martes 17 de marzo de 2020', '2020-03-17'],
    ['Miércoles, 15 de Abril de 2020', '2020-04-15'],
    ['9. Oktober 2020', '2020-10-09'],
    ['1er mars 2020', '2020-03-01'],
    ['29 июня 2020 г.', '2020-06-29'],
    ['29 Haziran 2020', '2020-06-29'],
    ['duminică, 20 septembrie 2020', '2020-09-20'],
    ['Hunyo 29, 2020', '2020-06-29'],
    ['29 ΙΟΥΝΙΟΥ 2020', '2020-06-29'],
    ['2020. augusztus 19-én', '2020-08-19'],
    ['2020. 08. 18. 21:35', '2020-08-18T21:35'],
    ['2020년 7월 12일', '2020-07-12'],
    ['الجمعة 24 نيسان / أبريل 2020', '2020-04-24'],
    ['12 กรกฎาคม 2563', '2020-07-12'],
    ['১৬ ফেব্রুয়ারি ২০২০', '2020-02-16'],
    ['१६ फ़रवरी २०२०', '2020-02-16'],
  ])('%s -> %s', (text, iso) => {
    expect(parseDate(text)).toBe(iso);
  });

  it.each([
    ['2012-02-30'],
    ['2011-02-29'],
    ['2012-13-01'],
    ['31-4-2012'],
    ['no date here'],
    ['version 1.2.3'],
    ['call 123-4567-8901'],
    ['1 May'],
  ])('rejects %s', (text) => {
    expect(parseDate(text)).toBeNull();
  });

  it('accepts a leap day', () => {
    expect(parseDate('2012-02-29')).toBe('2012-02-29');
  });

  it('drops an impossible time but keeps the date', () => {
    expect(parseDate('2012-04-13 25:30')).toBe('2012-04-13');
    expect(parseDate('Apr 13, 2012 13:30 pm')).toBe('2012-04-13');
  });

  it('reads ambiguous a-b-YYYY day first by default, month first on request', () => {
    expect(parseDate('05-04-2012')).toBe('2012-04-05');
    expect(parseDate('05-04-2012', { dayFirst: false })).toBe('2012-05-04');
  });
});

describe('findDates', () => {
  it('returns every date in order with offsets and precision', () => {
    const text = 'joined 2005-9-25 | posted 2009-8-6 22:37';
    const found = findDates(text);
    expect(found.map((d) => d.iso)).toEqual(['2005-09-25', '2009-08-06T22:37']);
    expect(found[1].hasTime).toBe(true);
    expect(text.slice(found[1].index, found[1].index + found[1].length)).toBe('2009-8-6 22:37');
  });

  it('does not report one date twice through overlapping patterns', () => {
    expect(findDates('2012-يىلى 4-ئاينىڭ 13-كۈنى 20:30')).toHaveLength(1);
  });
});

describe('findDates pre-checks (a pattern is skipped only when its required literal is absent)', () => {
  it.each([
    ['no four-digit year, Chinese numerals', '二〇一九年二月二十日', ['2019-02-20']],
    ['no four-digit year at all', 'Apr 13, 12 and 13/4/12', []],
    ['Arabic-Indic year digits', '١٣ أبريل ٢٠١٢', ['2012-04-13']],
    ['Uyghur words with a year', '2012-يىلى 4-ئاينىڭ 13-كۈنى', ['2012-04-13']],
    ['CJK digits and numerals together', '2019年2月20日 与 二〇二〇年三月一日', ['2019-02-20', '2020-03-01']],
  ])('%s', (_name, text, want) => {
    expect(findDates(text).map((d) => d.iso)).toEqual(want);
  });
});

describe('findDates pre-checks of the month-word patterns (each pattern tried only when a part every match of it holds is there)', () => {
  it.each([
    ['day, month word, year', '9 oktober 2020', ['2020-10-09']],
    ['day, two month names, year', '24 نيسان / أبريل 2020', ['2020-04-24']],
    ['month word, day, comma, year', 'Hunyo 29, 2020', ['2020-06-29']],
    ['English month, day with suffix, year', 'April 13th, 2012', ['2012-04-13']],
    ['day with suffix, of, month, year', '13th of April, 2012', ['2012-04-13']],
    ['year, month word, day', '2020. augusztus 19.', ['2020-08-19']],
    ['spaced year-first numeric', '2020. 08. 18.', ['2020-08-18']],
    ['Uyghur year, day-month', '2012-يىلى 13-ئاپرېل', ['2012-04-13']],
    ['a year after a word that is no month', 'Joined: Member 2012', []],
  ])('%s', (_name, text, want) => {
    expect(findDates(text).map((d) => d.iso)).toEqual(want);
  });
});

describe('memoizedFindDates', () => {
  it('answers as findDates does, and the same answer for the same text', () => {
    const dates = memoizedFindDates({ lang: 'hr' });
    const first = dates('5 listopad 2020, 14:05');
    expect(first).toEqual(findDates('5 listopad 2020, 14:05', { lang: 'hr' }));
    expect(first.map((d) => d.iso)).toEqual(['2020-10-05T14:05']);
    expect(dates('5 listopad 2020, 14:05')).toBe(first);
    expect(dates('no date here')).toEqual([]);
  });
});

describe('findDates: asctime order (time between the day and the year, as mail archives print dates)', () => {
  it('reads the time and the zone inside the date', () => {
    expect(findDates('Tue Mar  3 10:15:02 UTC 2009').map((d) => d.iso)).toEqual(['2009-03-03T10:15Z']);
    expect(findDates('Wed Sep 21 08:41:07 +0800 2016').map((d) => d.iso)).toEqual(['2016-09-21T08:41+08:00']);
    expect(findDates('Mar 3 10:15 2009').map((d) => d.iso)).toEqual(['2009-03-03T10:15']);
  });

  it('rejects an impossible time', () => {
    expect(findDates('Mar 3 25:15 2009')).toEqual([]);
  });
});

describe('findDates: a zone written after the time (mail and HTTP dates, RFC 5322 §3.3)', () => {
  it.each([
    ['Wed, 04 May 2022 02:41:00 GMT', '2022-05-04T02:41Z'],
    ['Sat, 19 Oct 2019 00:04:00 +0200', '2019-10-19T00:04+02:00'],
    ['13 Jan 2020, 22:11 GMT+10', '2020-01-13T22:11+10:00'],
    ['13 Jan 2020, 22:11 UTC-5:30', '2020-01-13T22:11-05:30'],
    ['Mar 12, 2020 @ 10:42 am GMT', '2020-03-12T10:42Z'],
    ['1 May 2020 10:00 GMTX', '2020-05-01T10:00'],
  ])('%s', (text, want) => {
    expect(findDates(text)[0]?.iso).toBe(want);
  });
});

describe('findDates: a two-digit year, when asked for (twoDigitYear)', () => {
  it.each([
    ['31.10.23', '2023-10-31'],
    ['Von: Jane Roe | 6.11.22', '2022-11-06'],
    ['02.12.19 In the media', '2019-12-02'],
    ['01.01.69', '1969-01-01'],
    ['31.12.68', '2068-12-31'],
  ])('%s', (text, want) => {
    expect(findDates(text, { twoDigitYear: true })[0]?.iso).toBe(want);
    expect(findDates(text)).toEqual([]);
  });

  it.each([['version v1.10.22'], ['host 10.12.20.5'], ['1.2.345'], ['31.02.23'], ['13.13.13']])('%s is no date', (text) => {
    expect(findDates(text, { twoDigitYear: true })).toEqual([]);
  });

  it('leaves a four-digit year as it was', () => {
    expect(findDates('31.10.2023', { twoDigitYear: true }).map((d) => d.iso)).toEqual(['2023-10-31']);
  });
});

describe('mayHoldDate', () => {
  it.each([
    ['Posted by aygul', false],
    ['二〇一九年二月二十日', true],
    ['١٣ أبريل ٢٠١٢', true],
    ['13 April 2012', true],
    ['Reply · Quote', false],
  ])('%s → %s, and findDates finds nothing when false', (text, may) => {
    expect(mayHoldDate(text)).toBe(may);
    if (!may) expect(findDates(text)).toEqual([]);
    else expect(findDates(text).length).toBeGreaterThan(0);
  });

  it('lets the memo answer a text without a digit as findDates does', () => {
    const memo = memoizedFindDates();
    expect(memo('no digits here')).toEqual(findDates('no digits here'));
    expect(memo('2019年2月20日')).toEqual(findDates('2019年2月20日'));
  });
});

describe('findDates: scans from the start on every call', () => {
  // the patterns are module-level global regexes read with exec (see execAll): a scan left at the
  // end of a long text must not make the next call start there
  it('a date at the start of a short text after a long text whose date ends late', () => {
    const long = `${'The meeting notes were filed without a header line. '.repeat(4)}Filed 2020-03-14 and December 4, 2010 at 10:05 am`;
    expect(findDates(long).map((d) => d.iso)).toEqual(['2020-03-14', '2010-12-04T10:05']);
    expect(findDates('4 May 2012').map((d) => d.iso)).toEqual(['2012-05-04']);
    expect(findDates('2012-05-04').map((d) => d.iso)).toEqual(['2012-05-04']);
    expect(findDates('Dec 4, 2010').map((d) => d.iso)).toEqual(['2010-12-04']);
  });

  it('every date of a text with several, in text order, each with its time', () => {
    const text = 'Opened 3 March 2021 at 9:14, answered March 5, 2021 10:00 pm, closed 2021/03/09 and 12.03.2021';
    expect(findDates(text).map((d) => d.iso)).toEqual(['2021-03-03T09:14', '2021-03-05T22:00', '2021-03-09', '2021-03-12']);
  });
});

describe('findDates on many lines', () => {
  // The patterns that start on a word or a month name are read only on the lines their pre-check finds.
  // Lines joined by '\n;' (no date holds ';', so none spans the join; a bare '\n' may sit inside a date's
  // whitespace run, `3\nMarch 2020`) have each line's own dates, shifted by the line's offset: a line
  // alone, without '\n', takes the plain scan.
  const FRAGMENTS = [
    'March', 'Mar.', 'Oktober', 'juni', 'Tue', 'posted', 'on', 'de', 'Hunyo', 'April', 'sept', 'x', '3', '13th', '29', '7,',
    '2020', '1999', '20201', '10:15', '8:30', 'pm', 'UTC', '+0800', ',', '،', '-', '\u00a0', '  ', '\t', '12.', '2019.', 'Feb.', '٢٠١٩',
    'March 3, 2020', 'Tue Mar  3 10:15:02 UTC 2009', 'Hunyo 29, 2020', 'Apr 13th 2012', '9 oktober 2020', 'Feb. 16,\u00a02020',
  ];
  let seed = 19;
  const next = (n: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  const line = (): string => Array.from({ length: 2 + next(9) }, () => FRAGMENTS[next(FRAGMENTS.length)]).join(next(3) === 0 ? '' : ' ');

  it('gives each line its own dates, shifted by its offset', () => {
    let found = 0;
    for (let round = 0; round < 400; round++) {
      const lines = Array.from({ length: 1 + next(12) }, line);
      const expected: ReturnType<typeof findDates> = [];
      let offset = 0;
      for (const l of lines) {
        for (const d of findDates(l)) expected.push({ ...d, index: d.index + offset });
        offset += l.length + 2;
      }
      found += expected.length;
      expect(findDates(lines.join('\n;'))).toEqual(expected);
    }
    expect(found).toBeGreaterThan(300);
  });
});

describe('yearSignsIn', () => {
  const signs = (text: string): string[] => [...text.matchAll(yearSignsIn(text))].map((m) => `${m.index}:${m[0]}`);

  it('finds each run of four digits or more and each 年, in ASCII and in the other digit sets', () => {
    expect(signs('On 12 May 2020, 123 of 45678 “quoted”')).toEqual(['10:2020', '23:45678']);
    expect(signs('نشر ٢٠٢٠ و۱۳۹۹ 20٢٠ ２０２０')).toEqual(['4:٢٠٢٠', '10:۱۳۹۹', '15:20٢٠', '20:２０２０']);
    expect(signs('二〇二〇年 2020年')).toEqual(['4:年', '6:2020', '10:年']);
    expect(signs('१२३४ ๒๕๖๓ ໑໒໓໔ ༡༢༣༤ ၁၂၃၄ ១២៣៤ ᠑᠒᠓᠔')).toHaveLength(7);
  });

  it('finds a sign in every text findDates reads a date in without two-digit years', () => {
    for (const text of ['2012-04-13', '13 أبريل ٢٠١٢', '二〇一九年二月二十日', 'Apr 13, 2012', '２０１２年４月１３日']) {
      expect(findDates(text).length).toBeGreaterThan(0);
      expect(signs(text).length).toBeGreaterThan(0);
    }
  });
});
