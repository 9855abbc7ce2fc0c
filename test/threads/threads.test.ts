import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { detectThread, isLaterPage, readThreadPager, resolveRelativeDate } from '../../src/threads/index.js';
import { asNormalized } from '../helpers/normalized.js';
import { extractCorrelated } from '../../src/extractors/correlativity/index.js';
import { BYLINE_CUE_WORDS, dateLabel } from '../../src/threads/author.js';

// Hand-written thread layouts with class names no engine uses: the records, their authors, dates
// and quotes must come from the structure alone.

const run = (html: string) => detectThread(analyze(asNormalized(html)));
const page = (inner: string) =>
  `<html><head><title>Board</title></head><body><ul class="nav"><li><a href="/">Home</a></li><li><a href="/f">Forum</a></li></ul>${inner}<div class="ft">Every post is its writer's own view.</div></body></html>`;

const SENTENCES = [
  'Men bu kitabni öténdin yil oqughan, bek yaxshi kitab iken.',
  'Kitabning ikkinchi qismi téximu qiziqarliq, hemmige tewsiye qilimen.',
  'Я прочитал её за два вечера и не пожалел ни минуты.',
  'هذا الكتاب مفيد جدا لكل من يريد أن يتعلم البرمجة.',
  '这本书的第二部分写得比第一部分更好。',
];
const USERS = ['aygul', 'tursun', 'ivan', 'salma', 'xiaoming'];

describe('resolveRelativeDate', () => {
  it.each([
    ['Yesterday, 7:10 pm', '2018-02-21T11:36', '2018-02-20T19:10'],
    ['Today 10:22:33', '2016-09-08T16:29', '2016-09-08T10:22'],
    ['вчера, 14:05', '2020-03-02T08:00', '2020-03-01T14:05'],
    ['أمس, ٠٧:٢٥', '2015-06-21T10:00', '2015-06-20T07:25'],
    ['تۈنۈگۈن  سائەت 09:47:53 »', '2014-10-12T01:00', '2014-10-11T09:47'],
    ['3 天前', '2013-03-21T17:16', '2013-03-18'],
    ['منذ 3 ساعات', '2013-03-21T17:16', '2013-03-21T14:16'],
    ['5 days ago', '2016-11-24T15:24', '2016-11-19'],
    // upper case, folded digits and an "ago" word before the number: what the quick pre-check must let through
    ['TODAY, 10:22', '2016-09-08T16:29', '2016-09-08T10:22'],
    ['منذ ٣ ساعات', '2013-03-21T17:16', '2013-03-21T14:16'],
    ['۲ روز پیش', '2013-03-21T17:16', '2013-03-19'],
    ['3 часа назад', '2020-03-02T08:00', '2020-03-02T05:00'],
  ])('%s against %s is %s', (text, reference, expected) => {
    expect(resolveRelativeDate(text, reference)).toBe(expected);
  });

  it.each([["Today's paper"], ['Read what happened today in the city council and why it matters'], ['3 apples'], ['3 days'], ['posted 12.03.2019'], ['ago']])('%s is no date', (text) => {
    expect(resolveRelativeDate(text, '2020-01-01T00:00')).toBeNull();
  });
});

describe('a thread whose posts are header/body sibling pairs (no engine class names)', () => {
  const pairs = USERS.map((u, n) =>
    `<div class="hx" id="m${n + 100}"><span class="when">March ${n + 3}, 2019 at 10:0${n} am</span><a href="/t/1#m${n + 100}">#${n + 1}</a></div>` +
    `<div class="bx loop-${n}"><div class="who"><a href="/people/${u}/">${u}</a><div class="lvl">Member</div></div><div class="said"><p>${SENTENCES[n]}</p></div></div>`,
  ).join('');
  const found = run(page(`<h1>Kitab</h1><div class="lst">${pairs}</div>`));

  it('finds every post with its author, date and text', () => {
    expect(found?.posts.map((p) => [p.author, p.date?.slice(0, 10), p.text])).toEqual(
      USERS.map((u, n) => [u, `2019-03-0${n + 3}`, SENTENCES[n]]),
    );
  });

  it('gives each post its id and permalink', () => {
    expect(found?.posts[1]).toMatchObject({ id: 'm101', permalink: '/t/1#m101' });
  });
});

describe('post dates: the forward-running date, not the join date', () => {
  const joined = ['2011-05-30', '2009-01-12', '2015-07-19', '2010-10-10', '2008-02-02'];
  const posts = USERS.map((u, n) =>
    `<div class="rec"><dl class="card"><dt><a href="/member/${n}">${u}</a></dt><dd>Joined: ${joined[n]}</dd></dl>` +
    `<div class="hd">2020-04-${10 + n} 08:1${n}</div><div class="txt">${SENTENCES[n]}</div></div>`,
  ).join('');
  const found = run(page(`<div id="t">${posts}</div>`));

  it('dates every post by its header, never by the join date', () => {
    expect(found?.posts.map((p) => p.date)).toEqual(USERS.map((_, n) => `2020-04-${10 + n}T08:1${n}`));
  });
});

describe('dates stated only in attributes (visible text filled by script)', () => {
  const posts = USERS.map((u, n) =>
    `<li data-pid="${n}"><a class="nm" href="/user/${u}">${u}</a> wrote <a class="ago" href="/post/${n}" title="2021-06-0${n + 1}T12:00:00.000Z"></a><div class="c">${SENTENCES[n]}</div></li>`,
  ).join('');
  const found = run(page(`<ul class="tl">${posts}</ul>`));

  it('reads the title attribute', () => {
    expect(found?.posts.map((p) => p.date?.slice(0, 10))).toEqual(USERS.map((_, n) => `2021-06-0${n + 1}`));
  });
});

describe('quotes', () => {
  const quoted = `<blockquote><div><cite><a href="/member/1">aygul</a> wrote: 2020-04-10 08:10</cite>${SENTENCES[0]}</div></blockquote>`;
  const nested = `<blockquote><cite>tursun wrote:</cite><blockquote><cite>aygul wrote:</cite>${SENTENCES[0]}</blockquote>${SENTENCES[1]}</blockquote>`;
  const bodies = [SENTENCES[0], `${quoted}Men qoshulimen.`, `${nested}Rast gep.`, SENTENCES[3]];
  const posts = bodies.map((b, n) =>
    `<div class="rec"><div class="hd"><a href="/member/${n}">${USERS[n]}</a> 2020-04-${10 + n} 08:1${n}</div><div class="txt">${b}</div></div>`,
  ).join('');
  const found = run(page(`<div id="t">${posts}</div>`));

  it('keeps the poster\'s own words in text and what they quoted in quotes, with its author', () => {
    expect(found?.posts[1]).toMatchObject({ text: 'Men qoshulimen.', quotes: [{ author: 'aygul', text: SENTENCES[0] }] });
  });

  it('gives a nested quote its own entry after the outer one, each without the other\'s text', () => {
    expect(found?.posts[2]).toMatchObject({
      text: 'Rast gep.',
      quotes: [{ author: 'tursun', text: SENTENCES[1] }, { author: 'aygul', text: SENTENCES[0] }],
    });
  });
});

describe('threaded comments nested in their parents', () => {
  const comment = (n: number, children = '') =>
    `<li class="cm" id="c-${n}"><div class="cb"><div class="meta"><span class="by"><a href="/people/${USERS[n]}">${USERS[n]}</a></span> <time datetime="2019-01-0${n + 1}T10:00">Jan ${n + 1}</time></div><div class="ct"><p>${SENTENCES[n]}</p></div></div>${children}</li>`;
  const list = `<ol class="cl">${comment(0, `<ol class="kids">${comment(1, `<ol class="kids">${comment(2)}</ol>`)}</ol>`)}${comment(3)}${comment(4)}</ol>`;
  const found = run(page(`<article><h1>Post</h1><p>${SENTENCES.join(' ')}</p></article>${list}`));

  it('returns every comment once, in page order, replies included', () => {
    expect(found?.posts.map((p) => [p.author, p.text])).toEqual(USERS.map((u, n) => [u, SENTENCES[n]]));
  });
});

describe('not a thread', () => {
  it('a list of dated article teasers that name no author', () => {
    const teasers = SENTENCES.map((s, n) => `<li><a href="/news/${n}">${s}</a><div class="sum">${s} ${s}</div></li>`).join('');
    const found = run(page(`<div class="main"><h1>Title</h1><p>${SENTENCES.join(' ')}</p></div><ul class="more">${teasers.replace(/<\/a>/gu, '</a><span>2 hours</span>')}</ul>`));
    expect(found).toBeNull();
  });
});

describe('readThreadPager', () => {
  const doc = (html: string) => analyze(asNormalized(page(html)));
  it.each([
    ['a current number that is no link', '<div class="pg">Page 3 of 4 <a href="?p=1">1</a> <a href="?p=2">2</a> <b>3</b> <a href="?p=4">4</a></div>', 3, '?p=4', true],
    ['every number a link, the current one marked', '<ul><li><a href="?p=1">1</a></li><li aria-current="page"><a href="?p=2">2</a></li></ul>', 2, null, true],
    ['the first page', '<p><span>1</span> <a href="?p=2">2</a> <a href="?p=3">3</a></p>', 1, '?p=2', false],
    ['only rel=prev to another page of the thread', '<a rel="prev" href="?p=1">previous</a>', null, null, true],
    ['only rel=prev to the previous article', '<a rel="prev" href="/2020/03/another-story/">previous</a>', null, null, false],
    ['no pager (numbers in prose)', '<p>We counted 3 birds and 4 cats.</p>', null, null, false],
  ])('%s', (_, html, pageNo, next, later) => {
    const pager = readThreadPager(doc(html));
    expect(pager.page).toBe(pageNo);
    if (next !== null) expect(pager.next).toBe(next);
    expect(isLaterPage(pager)).toBe(later);
  });
});

describe('a short post with a counted comment list is an article with comments', () => {
  const comments = USERS.slice(0, 3).map((u, n) =>
    `<li class="cm"><div class="meta"><a href="/people/${u}">${u}</a> <time datetime="2019-01-0${n + 1}T10:00">Jan ${n + 1}</time></div><div class="ct"><p>${SENTENCES[n]}</p></div></li>`).join('');
  const html = (count: string) =>
    `<html><body><h1>Pumpkin pie</h1><div class="post"><p>Look what I baked today!</p></div><h4>${count}</h4><ol class="cl">${comments}</ol></body></html>`;

  it.each([
    ['"3 comments:" counts the records', '3 comments:', 'comments'],
    ['a heading that counts something else', '5 photos', 'thread'],
  ])('%s', (_, count, kind) => {
    const r = extractCorrelated(analyze(asNormalized(html(count))));
    expect(r.kind).toBe(kind);
    expect((kind === 'comments' ? r.comments : r.posts)?.map((p) => p.author)).toEqual(USERS.slice(0, 3));
  });
});

describe('a blog front page is not a thread', () => {
  const long = (n: number) => `Entry ${n}. ${Array.from({ length: 12 }, (_, k) => SENTENCES[(n + k) % SENTENCES.length]).join(' ')}`;
  const entries = USERS.map((u, n) =>
    `<div class="entry"><div class="meta">by ${u} on 2019-03-${String(20 - n).padStart(2, '0')}</div><div class="txt"><p>${long(n)}</p><p>${long(n + 1)}</p></div></div>`).join('');

  it('long dated entries newest first', () => {
    const html = page(`<div class="blog">${entries}</div>`);
    expect(run(html)).toBeNull();
    // the rule is what decides: with no length bound the same entries read as a thread
    expect(detectThread(analyze(asNormalized(html)), { maxUnsignedPostChars: 1e9 })?.posts).toHaveLength(USERS.length);
  });
});

describe('two records by one author with no article above them', () => {
  const rec = (n: number, u: string) =>
    `<div class="rec"><div class="hd"><a href="/member/${u}">${u}</a> 2020-04-1${n} 08:1${n}</div><div class="txt">${SENTENCES[n]} ${SENTENCES[n + 1]}</div></div>`;
  it.each([
    ['by one author: a part of an article', ['aygul', 'aygul'], 'article'],
    ['by two people: a thread', ['aygul', 'tursun'], 'thread'],
  ])('%s', (_, users, kind) => {
    const r = extractCorrelated(analyze(asNormalized(`<html><body><div id="t">${users.map((u, n) => rec(n, u)).join('')}</div></body></html>`)));
    expect(r.kind).toBe(kind);
  });
});

describe('an opening post written in another structure than its replies', () => {
  const header = (n: number) => `<div class="fl">Floor ${n} · 2020-04-1${n} 08:1${n}</div>`;
  const reply = (n: number) => `<div class="bx"><div class="au"><a href="/member/${USERS[n]}">${USERS[n]}</a></div><div class="tx">${SENTENCES[n]}</div></div>`;
  const opening = `<div class="bx"><div class="au"><a href="/member/tursun">tursun</a></div><table><tr><td>${SENTENCES.join(' ')} ${SENTENCES.join(' ')}</td></tr></table></div>`;
  const found = run(page(`<div id="t">${header(0)}${opening}${[1, 2, 3].map((n) => header(n) + reply(n)).join('')}</div>`));

  it('keeps the opening post first, with its whole text', () => {
    expect(found?.posts[0].text).toBe(`${SENTENCES.join(' ')} ${SENTENCES.join(' ')}`);
    expect(found?.posts.slice(1).map((p) => p.text)).toEqual([1, 2, 3].map((n) => SENTENCES[n]));
  });
});

describe('an event list whose rows set one label before their date is not a thread', () => {
  // each row: "Treffen: 21.02.2020, 19 Uhr" over a list of fields; the label before the date is the same in every row
  const row = (n: number, head: (day: string) => string) =>
    `<p><strong>${head(`${String(10 + n).padStart(2, '0')}.0${n + 2}.2020`)}</strong></p><ul><li>Ort: Saal ${n + 1}, Hauptstraße ${n + 3}</li><li>${SENTENCES[n]}</li><li>Eintritt: ${20 + n},00 €</li></ul>`;
  const html = (head: (day: string) => string) => page(`<div class="post"><h1>Termine</h1><div class="entry"><p>${SENTENCES.join(' ')}</p>`
    + `<h2>Februar</h2>${row(0, head)}${row(1, head)}<h2>März</h2>${row(2, head)}${row(3, head)}</div></div>`);

  it('one label before the date in every row: no thread', () => {
    expect(run(html((day) => `Treffen: ${day}, 19 Uhr`))).toBeNull();
  });

  it('one poster who signs every row beside the date: still a thread', () => {
    expect(run(html((day) => `aygul ${day} 19:00`))?.posts).toHaveLength(4);
  });
});

describe('dateLabel', () => {
  it.each([
    ['Treffen: 21.02.2020, 19 Uhr', 'Treffen'],
    ['Waqti : 2020-02-21 19:00', 'Waqti'],
    ['Posted by aygul on 21 March 2020 at 10:22', null],
    ['aygul, 21 March 2020, 10:22 AM', null],
    ['由aygul张贴 2005-06-14 03:25:55 共 3 篇评论', null],
    ['Posted: 21 March 2020', null],
    ['no date here', null],
  ])('%s', (line, expected) => {
    expect(dateLabel(line, BYLINE_CUE_WORDS)).toBe(expected);
  });
});
