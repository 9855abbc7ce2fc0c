import { describe, expect, it } from 'vitest';
import { originalUrl, readUrlDate } from '../../src/metadata/url-date.js';

describe('readUrlDate', () => {
  it.each([
    ['https://news.example.com/2019/02/20/library.html', '2019-02-20'],
    ['https://blog.example.org/home/2017/7/12/summer-notes', '2017-07-12'],
    ['https://example.com/news/2019-02-20-library-opens', '2019-02-20'],
    ['https://example.com/2019_02_20_library', '2019-02-20'],
    ['https://example.gov/speeches/2003/03/20030331_speech2.html', '2003-03-31'],
    ['https://example.com/world/library-opens-20200113', '2020-01-13'],
    ['https://example.co.uk/education/2020/oct/02/halls-are-full', '2020-10-02'],
    ['https://example.de/media-news/notices/29-10-2021', '2021-10-29'],
    ['https://example.com/2019/02/library.html', null],
    ['https://example.com/products/12345678', null],
    ['https://example.com/news/120200622120908039/title', null],
    ['https://example.com/2019/13/40/bad', null],
  ])('%s', (url, day) => {
    expect(readUrlDate(url).day).toBe(day);
  });

  it('keeps the year and month of a path without a day', () => {
    expect(readUrlDate('https://example.com/2008/05/quests.html')).toEqual({ day: null, month: '2008-05' });
  });

  it('reads no date from the host name', () => {
    expect(readUrlDate('https://2019.example.com/news').day).toBeNull();
  });
});

describe('web-archive captures', () => {
  it.each([
    ['https://web.archive.org/web/20140226054445/http://www.example.com/2013/08/07/cinemas/', 'http://www.example.com/2013/08/07/cinemas/', '2013-08-07'],
    ['https://web.archive.org/web/20130307194448/example.net/2008/05/quests.html', 'example.net/2008/05/quests.html', null],
    ['https://web.archive.org/web/20130307194448id_/http://example.net/post', 'http://example.net/post', null],
    ['https://archive.example.org/wayback/20130307194448/https://example.net/a', 'https://example.net/a', null],
  ])('%s is read for its original address', (url, original, day) => {
    expect(originalUrl(url)).toBe(original);
    expect(readUrlDate(url).day).toBe(day);
  });

  it('leaves an ordinary address unchanged', () => {
    expect(originalUrl('https://example.com/2019/02/20/a.html')).toBe('https://example.com/2019/02/20/a.html');
  });
});
