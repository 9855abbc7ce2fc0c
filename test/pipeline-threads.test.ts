import { describe, expect, it } from 'vitest';
import { extract } from '../src/pipeline.js';

// Threads through the one-call API: page kind, pager, page 2+, per-post language, direction and
// invisible report. Pages and sentences written for this test.

const POSTS = [
  ['aygul', 'مەن بۇ كىتابنى ئۆتكەن يىلى ئوقۇغان، ناھايىتى ياخشى كىتاب ئىكەن، ھەممىگە تەۋسىيە قىلىمەن.'],
  ['salma', 'هذا الكتاب مفيد جدا لكل من يريد أن يتعلم البرمجة من البداية.'],
  ['ivan', 'I read it in two evenings and did not regret a single minute of it.'],
  ['tursun', 'Kitabning ikkinchi qismi téximu qiziqarliq, hemmige tewsiye qilimen.'],
] as const;

const thread = (pager: string, third: string = POSTS[2][1]) => {
  const posts = POSTS.map(([u, t], n) =>
    `<div class="rec" id="p${n + 1}"><div class="hd"><a href="/member/${u}">${u}</a> 2020-04-1${n} 08:1${n}</div><div class="txt">${n === 2 ? third : t}</div></div>`).join('');
  return `<html><head><title>Kitab</title><meta charset="utf-8"></head><body><h1>Kitab</h1><div class="pg">${pager}</div><div id="t">${posts}</div></body></html>`;
};

describe('extract() on a thread', () => {
  it('is kind thread; its first page takes author and date from the opening post', () => {
    const page = extract(thread('<span>1</span> <a href="/t/1?page=2">2</a>'), { url: 'https://forum.example.org/t/1' });
    expect(page.kind).toBe('thread');
    expect([page.author, page.date]).toEqual(['aygul', '2020-04-10T08:10']);
    expect(page.nextPage).toBe('https://forum.example.org/t/1?page=2');
    expect(page.pages).toEqual(['https://forum.example.org/t/1?page=2']);
  });

  it('on page 2+ has no author or date (the opening post is elsewhere), and says so', () => {
    const page = extract(thread('<a href="?page=1">1</a> <span>2</span>'));
    expect(page.posts[0].author).toBe('aygul');
    expect([page.author, page.date]).toEqual([null, null]);
    expect(page.diagnostics.map((d) => d.code)).toContain('opening-post-not-on-page');
  });

  it('gives each post its own language and direction', () => {
    const page = extract(thread(''));
    expect(page.posts.map((p) => [p.lang, p.dir])).toEqual([['ug', 'rtl'], ['ar', 'rtl'], ['en', 'ltr'], [expect.anything(), 'ltr']]);
  });

  it('reports a right-to-left override inside a post, with its offset in that post, and warns', () => {
    const text = 'I read it in two \u202Eevenings and did not regret a minute.';
    const page = extract(thread('', text));
    const post = page.posts[2];
    expect(post.text).toContain('\u202E');
    expect(post.invisible.characters.find((c) => c.codePoint === 'U+202E')?.positions).toEqual([post.text.indexOf('\u202E')]);
    expect(page.diagnostics.find((d) => d.code === 'post-bidi-override')?.severity).toBe('warning');
  });
});

describe('relative dates on a page with no clock', () => {
  const recs = POSTS.map(([u, t], n) => `<div class="rec"><div class="hd"><a href="/member/${u}">${u}</a> ${n + 2} hours ago</div><div class="txt">${t}</div></div>`).join('');
  const page = extract(`<html><head><title>Kitab</title></head><body><div id="t">${recs}</div></body></html>`);

  it('keeps the date as shown, with no guessed day, and says so', () => {
    expect(page.posts.map((p) => [p.date, p.dateText])).toEqual(POSTS.map((_, n) => [null, expect.stringContaining(`${n + 2} hours ago`)]));
    expect(page.diagnostics.map((d) => d.code)).toContain('relative-date-unresolved');
  });
});

describe('extract(): posts dated otherwise than the page declares', () => {
  const post = (a: string, d: string, t: string) =>
    `<div class="post"><div class="post-head"><a class="username" href="/u/${a}">${a}</a> <span class="post-date">${d}</span></div><div class="post-body"><p>${t}</p></div></div>`;
  const events = [
    post('anna', '21.02.2020 19:00', 'Whisky tasting in the old town with five single malts from the islands, bring friends.'),
    post('bert', '28.02.2020 18:30', 'Gin tasting and dinner with three courses and seven gins from small distilleries.'),
    post('carl', '06.03.2020 19:00', 'Rum evening with a talk on the history of sugar cane and eight rums to taste.'),
    post('dora', '27.03.2020 18:30', 'Bourbon night with a cooper who shows how the barrels are made and charred.'),
  ].join('');
  const page = (head: string) => `<html lang="en"><head><title>Tastings</title>${head}</head><body><h1>Tastings January to May</h1>${events}</body></html>`;

  it('keep the declared publication date: they are not the page\'s thread', () => {
    const result = extract(page('<meta property="article:published_time" content="2019-11-27T15:21:21+01:00">'));
    expect(result.posts).toHaveLength(4);
    expect([result.date, result.dateSource]).toEqual(['2019-11-27T15:21+01:00', 'meta:article:published_time']);
  });

  it('give the opening post\'s date when the page declares none', () => {
    const result = extract(page(''));
    expect([result.date, result.dateSource]).toEqual(['2020-02-21T19:00', 'post']);
  });
});
