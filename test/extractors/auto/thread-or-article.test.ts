import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import { extractAuto } from '../../../src/extractors/auto/index.js';
import { listSegments } from '../../../src/extractors/auto/segments.js';
import { DEFAULT_AUTO_OPTIONS } from '../../../src/extractors/auto/defaults.js';
import { charsAbove, charsWithin, holdsArticle, isNewestFirst, keepableSegments, outweighsOpeningPost, outweighsRecords } from '../../../src/extractors/auto/thread-or-article.js';
import { asNormalized } from '../../helpers/normalized.js';
import { allIndexes } from '../../../src/extractors/auto/index-lists.js';

const doc = (html: string) => analyze(asNormalized(html));

const OPENING = 'Salam hemmige, bu yil baharda yezimizgha yengi bir mektep selindi, balilar uning yorunglughida xoshal oqumaqta.';
const REPLIES = ['Rahmet, yaxshi xewer!', 'Menmu shundaq oylaymen, mektep heqiqeten chirayliq boptu.', 'Men qoshulimen.'];
const PARAS = [
  'The river that crosses the old town rose by two metres overnight after three days of steady rain in the hills above the valley.',
  'Shopkeepers on the embankment moved their goods to upper floors, and volunteers filled sandbags in the market square until dawn.',
  'By noon the water had begun to fall again, and the town council said the new flood walls had kept the historic bridge dry.',
];

/** Signed, dated records in one list, as a forum or a comment list prints them. */
function records(texts: readonly string[]): string {
  const who = ['Aygul', 'Mehmud', 'Nurgul', 'Ablikim'];
  return texts.map((b, n) => `<div class="r" id="p${n}"><div class="head"><a href="/u/${n + 10}">${who[n]}</a>
    <span class="when">2012-4-1${3 + n} 20:3${n}</span></div><div class="content">${b}</div>
    <div class="buttons"><a href="/reply?p=${n}">Reply</a></div></div>`).join('');
}

const page = (above: string, below: string) =>
  `<html><head><title>T</title></head><body><div id="main">${above}<div class="list">${records([OPENING, ...REPLIES])}</div>${below}</div></body></html>`;

describe('thread or article', () => {
  it.each([
    ['no text above', 0, 100, false],
    ['a breadcrumb above a long opening post', 60, 100, false],
    ['an article twice the opening post', 220, 100, true],
    ['an article under minArticleChars', 90, 10, false],
  ] as const)('the text above the records outweighs the opening post: %s', (_, above, post, expected) => {
    expect(outweighsOpeningPost(above, { text: 'x'.repeat(post) }, { minArticleChars: 100, articleOverPost: 1 })).toBe(expected);
  });

  it.each([
    ['a forum: posts hold most of the text', 1500, [800, 700], false],
    ['signatures and headers 1.5 times the posts (forum-engines-dev reaches 1.58)', 2250, [800, 700], false],
    ['a story beside a box of dated teasers', 3600, [40, 40, 33], true],
    ['a short page beside a short box', 90, [10, 10], false],
  ] as const)('the text outside the records outweighs them: %s', (_, outside, records, expected) => {
    const posts = records.map((n) => ({ text: 'x'.repeat(n) }));
    expect(outweighsRecords(outside, posts, { minArticleChars: 100, articleOverThread: 3 })).toBe(expected);
  });

  it('counts only kept segments above the first record', () => {
    const d = doc('<div><p>one two three</p><div id="r"><p>four</p></div><p>five six</p></div>');
    const segments = listSegments(d);
    const first = segments.node[1];
    expect(charsAbove(segments, [0, 1, 2], first)).toBe('onetwothree'.length);
    expect(charsAbove(segments, [1, 2], first)).toBe(0);
  });

  it('a forum thread with a long footer after its posts stays a thread', () => {
    const footer = `<div class="foot"><p>${PARAS[0]}</p></div>`; // longer than the opening post, shorter than the thread
    const r = extractAuto(doc(page('<h1>Mektep</h1>', footer)));
    expect(r.kind).toBe('thread');
    expect(r.posts?.length).toBe(4);
    expect(r.text).toContain('Salam hemmige');
  });

  it('an article above signed, dated records is the body, and the records are its comments', () => {
    const article = `<h1>River rises</h1>${PARAS.map((p) => `<p>${p}</p>`).join('')}`;
    const r = extractAuto(doc(page(article, '')));
    expect(r.kind).toBe('comments');
    for (const p of PARAS) expect(r.text).toContain(p);
    expect(r.text).not.toContain('Salam hemmige');
    expect(r.comments?.length).toBe(4);
  });

  describe('keepableSegments (the segments an article reading can keep, without running the members)', () => {
    const html = '<div><ul><li><a href="/a">Home</a></li><li><a href="/b">Forums</a></li></ul><p>Breadcrumb text here</p>'
      + '<div id="r"><p>record one text</p><p>record two text</p></div><p>A light line after</p>'
      + '<p><a href="/c">Footer link one</a> <a href="/d">two</a></p></div>';
    const d = doc(html);
    const segments = listSegments(d);
    const texts = (ks: Int32Array, on = d) => { const segs = listSegments(on); return Array.from(ks, (k) => on.textOf(segs.node[k]).trim()); };
    const silenced = (d2: typeof d) => {
      const out = new Uint8Array(d2.index.size);
      const r = d2.index.tag.findIndex((t, i) => t === 'div' && d2.textOf(i).startsWith('record one'));
      out.fill(1, r, d2.index.subtreeEnd[r]);
      return out;
    };

    it('leaves out the link-dense segments outside the span of light, unsilenced ones, and keeps the records inside it', () => {
      expect(texts(keepableSegments(segments, silenced(d), DEFAULT_AUTO_OPTIONS))).toEqual(
        ['Breadcrumb text here', 'record one text', 'record two text', 'A light line after']);
    });

    it('keeps inside the span a link-dense segment (a linked list item can be rescued) and a silenced light one (the range fills it), not one both silenced and link-dense', () => {
      const d2 = doc('<div><p>Light lead text</p><ul><li><a href="/x">Linked item</a></li></ul><div id="r"><p>record one text</p>'
        + '<p><a href="/y">linked record line</a></p></div><p>Light tail text</p></div>');
      expect(texts(keepableSegments(listSegments(d2), silenced(d2), DEFAULT_AUTO_OPTIONS), d2)).toEqual(
        ['Light lead text', 'Linked item', 'record one text', 'Light tail text']);
    });

    it('returns every segment when a vote option is 0 (then a segment with no vote can bound the range)', () => {
      expect(keepableSegments(segments, silenced(d), { ...DEFAULT_AUTO_OPTIONS, siblingLeadVote: 0 })).toEqual(allIndexes(segments.length));
    });

    it('holds every segment the article reading kept', () => {
      const article = `<ul><li><a href="/n">News</a></li><li><a href="/s">Sport</a></li></ul><h1>River rises</h1>${PARAS.map((p) => `<p>${p}</p>`).join('')}`;
      const d2 = doc(page(article, '<p><a href="/x">About</a> <a href="/y">Contact</a></p>'));
      const r = extractAuto(d2);
      expect(r.kind).toBe('comments');
      const segs = listSegments(d2);
      const marks = new Uint8Array(d2.index.size);
      for (const c of r.comments ?? []) marks.fill(1, c.node, d2.index.subtreeEnd[c.node]);
      const keepable = new Set(keepableSegments(segs, marks, DEFAULT_AUTO_OPTIONS).map((k) => segs.node[k]));
      expect(r.blocks.length).toBeGreaterThan(0);
      for (const b of r.blocks) expect(keepable.has(b.node)).toBe(true);
      expect(keepable.size).toBeLessThan(new Set(segs.node).size); // the menus are left out
    });
  });

  it.each([
    ['a conversation, oldest first', ['2012-04-12T16:00', '2012-04-12T17:10', '2012-04-13T09:00'], false],
    ['a blog front page, newest first', ['2012-04-20', '2012-04-17', '2012-04-14'], true],
    ['one reply out of order in a conversation', ['2012-04-12T16:00', '2012-04-13T09:00', '2012-04-12T18:00', '2012-04-14T08:00'], false],
    ['a day against a minute compares the day', ['2012-04-20', '2012-04-20T10:00', '2012-04-19T09:00'], true],
    ['undated records are skipped', [null, '2012-04-20', null, '2012-04-18'], true],
    ['no order: every record the same day', ['2012-04-20', '2012-04-20', '2012-04-20'], false],
    ['a single dated record', ['2012-04-20', null], false],
  ] as const)('the records run newest first: %s', (_, dates, expected) => {
    expect(isNewestFirst(dates.map((date) => ({ date })))).toBe(expected);
  });

  it.each([
    ['a forum opening post with a kept signature', 330, 100, false],
    ['an article cut short to its heading', 2200, 20, true],
    ['much larger than the post but under minArticleChars', 90, 5, false],
  ] as const)('the opening record holds an article: %s', (_, inside, post, expected) => {
    expect(holdsArticle(inside, { text: 'x'.repeat(post) }, { minArticleChars: 100, openingRecordOverPost: 4 })).toBe(expected);
  });

  it('counts what the opening post quotes from named posters as its own: a reply quoting long posts holds no article', () => {
    const o = { minArticleChars: 100, openingRecordOverPost: 4 };
    const reply = { text: 'x'.repeat(60), quotes: [{ author: 'a', text: 'y'.repeat(200) }, { author: 'b', text: 'z'.repeat(120) }] };
    expect(holdsArticle(400, { text: reply.text }, o)).toBe(true);
    expect(holdsArticle(400, reply, o)).toBe(false);
    // unattributed quotes are an article's citations (a blog post made of quoted news)
    const blog = { text: reply.text, quotes: reply.quotes.map((q) => ({ ...q, author: null })) };
    expect(holdsArticle(400, blog, o)).toBe(true);
  });

  it('counts only kept segments inside the subtree', () => {
    const d = doc('<div><p>one two three</p><div id="r"><p>four</p><p>five</p></div><p>six seven</p></div>');
    const segments = listSegments(d);
    const record = d.index.parent[segments.node[1]];
    const end = d.index.subtreeEnd[record];
    expect(charsWithin(segments, [0, 1, 2, 3], record, end)).toBe('fourfive'.length);
    expect(charsWithin(segments, [0, 3], record, end)).toBe(0);
  });

  const COMMENTS = [
    'Glad the bridge held this time, my grandmother remembers the flood of sixty years ago.',
    'We lost a cellar full of apples, but nothing worse, thank goodness.',
    'Thanks to everyone who filled sandbags in the square all night!',
    'The walls were worth every penny the council spent on them.',
    'Does anyone know when the market reopens on the embankment?',
    'The bakery by the bridge is open again since this morning.',
  ];
  const WHO = ['Aygul', 'Mehmud', 'Nurgul', 'Ablikim', 'Tursun', 'Gulnar'];

  it('an opening record whose post is cut short to one line is the article, and the other records its comments', () => {
    // the post's own block and the comments' text block share a slot, so the record finder takes the first paragraph for the post
    const html = `<html><body><div id="menu"><a href="/a">Older</a> | <a href="/b">Newer</a></div><div class="blog">
      <div class="blogbody"><h3>Flood</h3><p>"River rises"</p>${PARAS.map((p) => `<p>${p}</p>`).join('')}
      <span class="posted">Posted by Editor at April 12, 2012 4:00 PM</span></div><div class="comments-head">Comments</div>
      ${COMMENTS.map((c, n) => `<div class="comments-body"><p>${c}</p><span class="comments-post">Comment #${n + 1} - Posted by: ${WHO[n]}
      at April 12, 2012 ${5 + n}:1${n} PM</span></div>`).join('')}</div></body></html>`;
    const page = doc(html);
    const r = extractAuto(page);
    expect(r.kind).toBe('comments');
    for (const p of PARAS) expect(r.text).toContain(p);
    expect(r.text).not.toContain(COMMENTS[0]);
    expect(r.comments?.map((c) => c.author)).toEqual(WHO);
    // with the reading off the page is the thread whose opening post is the one line
    const off = extractAuto(page, { openingRecordOverPost: 1e9 });
    expect(off.kind).toBe('thread');
    expect(off.text).toBe('"River rises"');
  });

  it('titled, signed entries newest first are a list of entries: the body holds them all', () => {
    const entries = [0, 1, 2, 3].map((n) => `<div class="item"><h2>Entry ${n + 1}</h2><div class="body"><p>${PARAS[n % 3]}</p>
      <p>${COMMENTS[n]}</p></div><p class="by">Posted by <a href="/user/${n}">${WHO[n]}</a> at April ${20 - 3 * n}, 2012 10:0${n} AM</p></div>`);
    const html = (order: readonly string[]) => `<html><body><h1>Valley diary</h1><div id="main">${order.join('')}</div>
      <div id="side"><p>About this diary: notes from the valley.</p></div></body></html>`;
    const r = extractAuto(doc(html(entries)));
    expect(r.kind).toBe('article');
    expect(r.posts).toBeUndefined();
    for (const c of COMMENTS.slice(0, 4)) expect(r.text).toContain(c);
    // the same records oldest first are a conversation
    const thread = extractAuto(doc(html([...entries].reverse())));
    expect(thread.kind).toBe('thread');
    expect(thread.posts?.length).toBe(4);
  });

  it('a newest-first comment list under a short article stays that article\'s comments (the entries reading comes last)', () => {
    const list = [0, 1, 2, 3].map((n) => `<li class="c"><p class="by"><a href="/user/${n}">${WHO[n]}</a> at April ${20 - n}, 2012 10:0${n} AM</p>
      <p>${COMMENTS[n]}</p></li>`);
    const html = `<html><body><div id="nav"><a href="/">Home</a> <a href="/news">News</a></div><div id="main"><h1>River rises</h1>
      <p>${PARAS[0]}</p><ol>${list.join('')}</ol></div><div id="foot">Valley News</div></body></html>`;
    const page = doc(html);
    const r = extractAuto(page);
    expect(r.kind).toBe('comments');
    expect(r.text).toContain(PARAS[0]);
    expect(r.text).not.toContain(COMMENTS[0]);
    expect(r.comments?.map((c) => c.author)).toEqual(WHO.slice(0, 4));
    // with the article-above reading off, the same page is read as entries (all its text, no comments): the order matters
    const entries = extractAuto(page, { articleOverPost: 1e9, articleOverThread: 1e9 });
    expect(entries.kind).toBe('article');
    expect(entries.text).toContain(COMMENTS[0]);
  });
});
