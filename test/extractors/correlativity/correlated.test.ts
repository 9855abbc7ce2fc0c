import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import { isMatnError } from '../../../src/core/errors.js';
import { normalize } from '../../../src/encoding/normalize.js';
import {
  DEFAULT_CORRELATIVITY_OPTIONS, bodyByline, correlativityExtractor, extractCorrelated,
} from '../../../src/extractors/correlativity/index.js';
import { extractAuto } from '../../../src/extractors/auto/index.js';
import { asNormalized } from '../../helpers/normalized.js';

const NAV = `<div class="nav"><ul>${['Home', 'News', 'Forum', 'Music', 'Films', 'Help', 'Contact', 'Blog']
  .map((w, i) => `<li><a href="/c/${i}">${w}</a></li>`).join('')}</ul></div>`;
const FOOTER_TEXT =
  'All rights reserved by the owners of this example board. The opinions written in the posts belong to their writers and do not reflect the views of the administration, which accepts no responsibility for them whatsoever.';
const FOOTER = `<div class="ft"><p>${FOOTER_TEXT}</p></div>`;

const LONG_1 =
  'Bu yil baharda yezimizgha yengi bir mektep selindi, balilar uning yorunglughida xoshal oqumaqta. Mektepning hoylisigha alma we orük derexliri tikildi, ular tézla ösüp chong boldi.';
const LONG_2 =
  'Yéza ahalisi bu ishqa köp yardem berdi, bezi kishiler xish toshudi, bezi kishiler yaghach keltürdi. Axirida mektep waqtida püttürüldi we bayram qilindi.';

interface PostSpec { user: string; uid: number; date: string; body: string; extra?: string }

function post(p: PostSpec, n: number): string {
  return `<div class="post" id="p${n}"><div class="head"><a href="/memberlist.php?mode=viewprofile&u=${p.uid}">${p.user}</a>
  <span class="when">${p.date}</span></div><div class="content">${p.body}</div>${p.extra ?? ''}
  <div class="buttons"><a href="/reply?p=${n}">Reply</a> <a href="/quote?p=${n}">Quote</a> <a href="/report?p=${n}">Report</a></div>
  <dl class="profile"><dt>Joined:</dt><dd>2005-9-25</dd><dt>Posts:</dt><dd>${100 + n}</dd></dl></div>`;
}

function page(inner: string): string {
  return `<html><head><title>Example</title></head><body>${NAV}<div id="main">${inner}</div>${FOOTER}</body></html>`;
}

const THREAD_POSTS: PostSpec[] = [
  { user: 'Aygul', uid: 11, date: '2012-4-13 20:30', body: `${LONG_1}<br><br>${LONG_2}` },
  { user: 'Mehmud', uid: 12, date: '2012-4-13 21:05', body: 'Rahmet, yaxshi!' },
  { user: 'Nurgul_88', uid: 13, date: '2012-4-14 08:15', body: LONG_2 },
  { user: 'Ablikim', uid: 14, date: '2012-4-14 09:40', body: 'Men qoshulimen.' },
  { user: 'Aygul', uid: 11, date: '2012-4-15 10:00', body: 'Ok' },
];

describe('extractCorrelated on a forum thread', () => {
  const html = page(`<p class="now">It is currently Tue Apr 17, 2012 10:03 am</p><h2>Mektep</h2>
    ${THREAD_POSTS.map(post).join('\n')}`);
  const result = extractCorrelated(analyze(asNormalized(html)));

  it('returns every post in page order, the short replies included', () => {
    expect(result.posts?.map((p) => p.text)).toEqual([`${LONG_1}\n${LONG_2}`, 'Rahmet, yaxshi!', LONG_2, 'Men qoshulimen.', 'Ok']);
  });

  it.each(THREAD_POSTS.map((p, i) => [i, p.user, p.date.replace(/^(\d+)-(\d+)-(\d+) /, (_, y, m, d) => `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}T`)] as const))(
    'post %i has author %s and date %s (not the join date)',
    (i, user, iso) => {
      expect(result.posts?.[i].author).toBe(user);
      expect(result.posts?.[i].date).toBe(iso);
    },
  );

  it('takes the opening post as the body, and its byline', () => {
    expect(result.text).toBe(`${LONG_1}\n${LONG_2}`);
    expect(bodyByline(result)).toEqual({ author: 'Aygul', date: '2012-04-13T20:30' });
  });

  it('keeps the long link-free footer out of every post and of the body', () => {
    expect(result.text).not.toContain('All rights reserved');
    for (const p of result.posts ?? []) expect(p.text).not.toContain('All rights reserved');
  });

  it('echoes the resolved options and carries the per-node CC series', () => {
    expect(result.extractor).toBe('correlated');
    expect(result.options).toEqual(DEFAULT_CORRELATIVITY_OPTIONS);
    expect(result.series?.cc).toBeDefined();
    expect(result.confidence).toBeGreaterThan(0.5);
    expect(result.confidence).toBeLessThanOrEqual(1);
  });

  it('passes its thread options to thread detection (minPosts 50: five posts are no thread)', () => {
    const strict = extractCorrelated(analyze(asNormalized(html)), { thread: { minPosts: 50 } });
    expect(strict.posts).toBeUndefined();
    expect(strict.kind).not.toBe('thread');
  });

  it('is reached through auto\'s thread option', () => {
    expect(extractAuto(analyze(asNormalized(html))).kind).toBe('thread');
    expect(extractAuto(analyze(asNormalized(html)), { thread: { minPosts: 50 } }).kind).not.toBe('thread');
  });
});

describe('post text cleaning', () => {
  const posts: PostSpec[] = [
    {
      user: 'Aygul', uid: 11, date: 'Fri Apr 13, 2012 8:30 pm', body: LONG_1,
      extra: '<div class="signature">Hayat güzel, dunya keng <a href="http://blog.example.net/1">my blog</a></div>',
    },
    {
      user: 'Mehmud', uid: 12, date: 'Fri Apr 13, 2012 9:12 pm',
      body: `<i class="pstatus">Last edited by Mehmud on 2012-4-13 21:20</i><br><blockquote class="quote">${LONG_1}</blockquote>${LONG_2}`,
      extra: '<div class="sign">Men bir oqughuchi <a href="http://blog.example.net/2">blog</a></div>',
    },
    { user: 'Nurgul_88', uid: 13, date: 'Sat Apr 14, 2012 8:00 am', body: 'Durus gep.' },
  ];
  const result = extractCorrelated(analyze(asNormalized(page(posts.map(post).join('')))));

  it('drops signatures, quotes and edit notices', () => {
    expect(result.posts?.map((p) => p.text)).toEqual([LONG_1, LONG_2, 'Durus gep.']);
  });

  it('reads 12-hour dates', () => {
    expect(result.posts?.map((p) => p.date)).toEqual(['2012-04-13T20:30', '2012-04-13T21:12', '2012-04-14T08:00']);
  });
});

describe('news with comments', () => {
  const article = `<h1>Yengi mektep</h1><div class="info">2012-04-13 <span class="author">Reporter Name</span></div>
    <div class="article"><p>${LONG_1}</p><p>${LONG_2}</p><p>Bu xewerni muxbirimiz yazdi.</p></div>`;
  const comments = [
    ['reader_1', '2012/4/13 22:10', 'Nahayiti yaxshi xewer boptu.'],
    ['reader_2', '2012/4/14 07:45', 'Rahmet!'],
    ['reader_3', '2012/4/14 11:02', LONG_2],
  ].map(([u, d, t], i) => `<div class="cmt" id="c${i}"><div class="cmt-title"><span class="username">${u}</span> <span class="date">${d}</span></div><div class="cmt-body"><p>${t}</p></div></div>`);
  const result = extractCorrelated(analyze(asNormalized(page(`${article}<div class="comments">${comments.join('')}</div>`))));

  it('returns the article as the body and the comments apart, no posts', () => {
    expect(result.posts).toBeUndefined();
    expect(result.text).toBe(`${LONG_1}\n${LONG_2}\nBu xewerni muxbirimiz yazdi.`);
    expect(result.comments?.map((c) => [c.author, c.date, c.text])).toEqual([
      ['reader_1', '2012-04-13T22:10', 'Nahayiti yaxshi xewer boptu.'],
      ['reader_2', '2012-04-14T07:45', 'Rahmet!'],
      ['reader_3', '2012-04-14T11:02', LONG_2],
    ]);
  });
});

describe('a plain article', () => {
  const paragraphs = [LONG_1, LONG_2, 'Qisqa jümle.', LONG_1.split(',')[0] + '.'];
  const html = page(`<h1>Title</h1><div class="story">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</div>
    <div class="related"><ul><li><a href="/a/1">Another story about the school</a></li><li><a href="/a/2">A third story</a></li></ul></div>`);
  const result = extractCorrelated(analyze(asNormalized(html)));

  it('has no posts and no comments', () => {
    expect(result.posts).toBeUndefined();
    expect(result.comments).toBeUndefined();
  });

  it('keeps the short paragraphs of the content layer (smoothing) and each text once, in order', () => {
    expect(result.text).toBe(paragraphs.join('\n'));
    expect(result.blocks.map((b) => b.text)).toEqual(paragraphs);
  });

  it('loses the short paragraph once smoothing is switched off (S = 1 cannot be exceeded)', () => {
    const unsmoothed = extractCorrelated(analyze(asNormalized(html)), { scaleThreshold: 1 });
    expect(unsmoothed.text).not.toContain('Qisqa jümle.');
    expect(unsmoothed.text).toContain(LONG_2);
  });

  it('demotes the long link-free footer that lies off the content layer', () => {
    expect(result.text).not.toContain('All rights reserved');
  });
});

describe('edge cases and options', () => {
  it('reports no-main-content on a page of links only', () => {
    const result = extractCorrelated(analyze(asNormalized(`<html><body>${NAV}</body></html>`)));
    expect(result.text).toBe('');
    expect(result.diagnostics.map((d) => d.code)).toContain('no-main-content');
    expect(result.confidence).toBe(0);
  });

  it('reports no-main-content on an empty page', () => {
    const result = extractCorrelated(analyze(asNormalized('')));
    expect(result.diagnostics.map((d) => d.code)).toEqual(['no-main-content']);
  });

  it('rejects unknown options with a MatnError', () => {
    const doc = analyze(asNormalized('<p>x</p>'));
    expect(() => extractCorrelated(doc, { treshold: 3 } as never)).toThrow();
    try {
      extractCorrelated(doc, { treshold: 3 } as never);
    } catch (e) {
      expect(isMatnError(e, 'invalid-argument')).toBe(true);
    }
  });

  it('analyzes a NormalizedDocument itself: extractCorrelated(normalize(bytes)) is extractCorrelated(analyze(normalize(bytes)))', () => {
    const bytes = new TextEncoder().encode(page(THREAD_POSTS.map(post).join('')));
    const direct = extractCorrelated(normalize(bytes));
    const analyzed = extractCorrelated(analyze(normalize(bytes)));
    expect(direct.text).toBe(analyzed.text);
    expect(direct.posts?.map((p) => p.author)).toEqual(analyzed.posts?.map((p) => p.author));
    expect(direct.posts?.length).toBe(THREAD_POSTS.length);
    expect(() => extractCorrelated({ html: 1 } as never)).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
  });

  it('applies a custom threshold C', () => {
    const doc = analyze(asNormalized(`<html><body><div><p>${LONG_1}</p></div></body></html>`));
    expect(extractCorrelated(doc).text).toBe(LONG_1);
    expect(extractCorrelated(doc, { threshold: 10_000 }).text).toBe('');
  });

  it('is exposed as the correlated extractor', () => {
    expect(correlativityExtractor.id).toBe('correlated');
    expect(correlativityExtractor.defaults).toBe(DEFAULT_CORRELATIVITY_OPTIONS);
    expect(correlativityExtractor.defaults).toMatchObject({ threshold: 29, scaleThreshold: 0.57, densityThreshold: 63 });
  });
});
