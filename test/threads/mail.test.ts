import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extract } from '../../src/pipeline.js';

// Mailing-list message pages written for these tests in the layouts of three archivers (pipermail,
// hypermail, MHonArc), and two pages that only look like one (a press release with labelled
// contact and date lines, an article with a mailto byline): the sender, date, own words and quotes
// must come from what mail fixes (an address, a date line, `>` quoting, `-- `), not from markup names.

const page = (name: string): string => readFileSync(new URL(`../fixtures/mail/${name}.html`, import.meta.url), 'utf8');

const MESSAGES = [
  {
    name: 'pipermail', author: 'Marta Kowalczyk', date: '2009-03-03T10:15Z',
    first: 'Probably not water.', last: 'Marta',
    quote: { author: 'Tom Berger', start: 'My seedlings started to turn yellow', end: 'Is it too much water?' },
  },
  {
    name: 'hypermail', author: 'Иван Петров', date: '2011-06-14T15:20+02:00',
    first: 'Да, видел.', last: 'флаг указан в README.',
    quote: { author: 'Сергей Смирнов', start: 'Сборка падает на этапе линковки', end: 'Кто-нибудь видел такое?' },
  },
  {
    name: 'mhonarc', author: '王小明', date: '2016-09-21T08:41+08:00',
    first: '可以用，', last: '每次只处理一个分区。',
    quote: { author: '李华', start: '迁移到新版本以后', end: '重建需要很长时间。' },
  },
];

describe.each(MESSAGES.map((m) => [m.name, m] as const))('mailing-list message page: %s', (_, m) => {
  const result = extract(page(m.name));

  it('is a thread of one post: the message, its sender and date', () => {
    expect(result.kind).toBe('thread');
    expect(result.posts).toHaveLength(1);
    expect(result.posts[0].author).toBe(m.author);
    expect(result.posts[0].date).toBe(m.date);
    expect(result.author).toBe(m.author);
    expect(result.date).toBe(m.date);
  });

  it("keeps the sender's own words in text and body, without the header, the quote, its attribution or the signature", () => {
    const text = result.posts[0].text;
    expect(text.startsWith(m.first)).toBe(true);
    expect(text.endsWith(m.last)).toBe(true);
    expect(text).not.toContain('>');
    expect(text).not.toContain(m.quote.start);
    expect(text).not.toContain(m.quote.author);
    expect(result.body).toBe(text);
  });

  it('puts the quoted lines in quotes, with the author the attribution line names', () => {
    const [quote] = result.posts[0].quotes;
    expect(result.posts[0].quotes).toHaveLength(1);
    expect(quote.author).toBe(m.quote.author);
    expect(quote.text.startsWith(m.quote.start)).toBe(true);
    expect(quote.text.endsWith(m.quote.end)).toBe(true);
    expect(quote.text.split('\n')).toHaveLength(2);
  });
});

describe('mailing-list message: nested quotes, signature and an attached part', () => {
  const html = `<html><body><h1>Re: Re: meeting room</h1>
<b>Leyla Ahmadi</b> <a href="mailto:list@example.net">leyla at example.net</a><br><i>Fri Oct  7 09:00:00 UTC 2022</i>
<pre>Omid wrote:
&gt; Sara wrote:
&gt; &gt; Is the big room free on Monday?
&gt; I think it is booked until noon.

I booked it from two o'clock.
-- 
Leyla, room bookings
phone 555 0100
</pre>
<p>Attached: the booking form. Fill in the date and the number of people before you send it back.</p>
</body></html>`;
  const post = extract(html).posts[0];

  it('lists the outer quote, then the nested one, each with the author its attribution line names', () => {
    expect(post.quotes).toEqual([
      { author: 'Omid', text: 'I think it is booked until noon.' },
      { author: 'Sara', text: 'Is the big room free on Monday?' },
    ]);
  });

  it('drops the signature to the end of its part and keeps the attached part after it', () => {
    expect(post.text).toBe("I booked it from two o'clock.\nAttached: the booking form. Fill in the date and the number of people before you send it back.");
  });
});

describe('pages that are not mailing-list messages', () => {
  it('a press release with labelled contact and date lines stays an article', () => {
    const html = `<html><body><h1>City opens two new libraries</h1>
<p>For immediate release: March 3, 2021</p><p>Media contact: Dana Lee, press@city.example.org</p>
<p>The city opened two new public libraries on Monday. Both are open every day from nine to nine and lend books, tools and musical instruments.</p>
<p>The libraries were built with money from the last budget. A third one will open next year in the north of the city.</p>
</body></html>`;
    const result = extract(html);
    expect(result.kind).toBe('article');
    expect(result.posts).toHaveLength(0);
  });

  it('an article with a mailto byline and a date stays an article', () => {
    const html = `<html><body><h1>River levels fall after the storm</h1>
<p>By <a href="mailto:sam@news.example.com">Sam Ortiz</a>, sam@news.example.com</p><p>June 4, 2020 10:30</p>
<p>River levels fell across the region on Thursday after three days of heavy rain. Roads along the river stay closed until the water is gone.</p>
<p>Farmers said the storm came too early for the harvest, and the council will meet next week to talk about help.</p>
</body></html>`;
    const result = extract(html);
    expect(result.kind).toBe('article');
    expect(result.posts).toHaveLength(0);
  });
});
