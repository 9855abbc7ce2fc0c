import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import { NodeKind } from '../../../src/analysis/types.js';
import { KeptCounter, keptRanges, keptRangesBytes } from '../../../src/extractors/auto/marks.js';
import { PAGE_SCRATCH, ScratchArrays } from '../../../src/core/scratch.js';
import { findMarkupBody, findRegion, markFurniture, markupParts, overruleFurniture } from '../../../src/extractors/auto/cleanup.js';
import { autoExtractor, DEFAULT_AUTO_OPTIONS, extractAuto, isThread } from '../../../src/extractors/auto/index.js';
import { countChars, isTextAsWritten, listSegments, segmentLinkChars, segmentText, textCount, textsFrom } from '../../../src/extractors/auto/segments.js';
import { keptText } from '../../../src/extractors/auto/kept-blocks.js';
import { allIndexes } from '../../../src/extractors/auto/index-lists.js';
import { withSiteTokens } from '../../../src/extractors/auto/site.js';
import { hasRoleToken } from '../../../src/vocabulary/class-tokens.js';
import { BODY_TOKENS, COMMENT_TOKENS, FURNITURE_TOKENS, nodeTokens, type NodeTokens } from '../../../src/vocabulary/page-tokens.js';
import { getExtractor } from '../../../src/extractors/registry.js';
import { DEFAULT_EXTRACT_OPTIONS } from '../../../src/pipeline.js';
import { asNormalized } from '../../helpers/normalized.js';
import type { AnalyzedDocument } from '../../../src/analysis/types.js';
import { textsOf } from './segment-rows.js';

const doc = (html: string) => analyze(asNormalized(html));
/** The token list of each node of `d`, by node id. */
const tokenLists = (d: AnalyzedDocument, tokens: NodeTokens) => Array.from({ length: d.index.size }, (_, i) => tokens.at(i));

const NAV = `<ul class="menu">${['Home', 'World', 'Sport', 'Science', 'Culture', 'Travel', 'Weather', 'Contact']
  .map((w, i) => `<li><a href="/s/${i}">${w}</a></li>`).join('')}</ul>`;
const PARAS = [
  'The river that crosses the old town rose by two metres overnight after three days of steady rain in the hills above the valley.',
  'Shopkeepers on the embankment moved their goods to upper floors, and volunteers filled sandbags in the market square until dawn.',
  'By noon the water had begun to fall again, and the town council said the new flood walls had kept the historic bridge dry.',
  'Engineers will inspect the walls next week, the council added, before the forecast rains of the coming autumn arrive in the region.',
];
const RELATED = `<div class="related"><h3>Read next</h3><ul>${['Storm warning for the coast', 'Bridge reopens after repairs', 'Festival moves indoors']
  .map((w, i) => `<li><a href="/n/${i}">${w}</a></li>`).join('')}</ul></div>`;
const SHARE = '<div class="share"><a href="/s/f">Share on a network</a> <a href="/s/m">Send by mail</a></div>';
const FOOTER = '<footer><p>Copyright the example town paper. All rights reserved.</p><a href="/about">About us</a></footer>';

function article(withMarkup: boolean): string {
  const body = PARAS.map((p) => `<p>${p}</p>`).join('');
  const inner = withMarkup ? `<div class="entry-content">${body}${SHARE}</div>` : `<div class="txt">${body}${SHARE}</div>`;
  return `<html><head><title>Flood</title></head><body>${NAV}<div id="main"><h1>River rises</h1>${inner}${RELATED}</div>${FOOTER}</body></html>`;
}

const THREAD_BODY = 'Salam hemmige, bu yil baharda yezimizgha yengi bir mektep selindi, balilar uning yorunglughida xoshal oqumaqta we yaxshi oquwatidu.';
function thread(): string {
  const posts = [
    ['Aygul', '2012-4-13 20:30', THREAD_BODY],
    ['Mehmud', '2012-4-13 21:05', 'Rahmet, yaxshi xewer!'],
    ['Nurgul', '2012-4-14 08:15', 'Menmu shundaq oylaymen, mektep heqiqeten chirayliq boptu.'],
    ['Ablikim', '2012-4-14 09:40', 'Men qoshulimen.'],
  ].map(([u, d, b], n) => `<div class="post" id="p${n}"><div class="head"><a href="/memberlist.php?mode=viewprofile&u=${n + 10}">${u}</a>
    <span class="when">${d}</span></div><div class="content">${b}</div>
    <div class="buttons"><a href="/reply?p=${n}">Reply</a> <a href="/quote?p=${n}">Quote</a></div></div>`).join('');
  return `<html><head><title>Mektep</title></head><body>${NAV}<div id="main">${posts}</div>${FOOTER}</body></html>`;
}

function linkIndex(): string {
  const items = Array.from({ length: 40 }, (_, i) => `<li><a href="/news/${i}">Headline number ${i} about the town and its people</a> <span>3 May</span></li>`).join('');
  return `<html><head><title>Archive</title></head><body>${NAV}<div id="main"><h1>Archive</h1><ul class="list">${items}</ul></div>${FOOTER}</body></html>`;
}

describe('extractAuto: page kinds', () => {
  it.each([
    ['with a body class', true],
    ['without body markup', false],
  ])('an article (%s) yields its paragraphs without menu, share links, related list or footer', (_, markup) => {
    const r = extractAuto(doc(article(markup)));
    for (const p of PARAS) expect(r.text).toContain(p);
    for (const noise of ['Read next', 'Storm warning', 'Share on a network', 'Copyright', 'Weather']) expect(r.text).not.toContain(noise);
    expect(r.posts).toBeUndefined();
    expect(r.diagnostics.find((d) => d.code === 'page-kind')?.details).toMatchObject({ kind: 'article' });
    expect(r.confidence).toBeGreaterThan(0.5);
  });

  it('a forum thread yields the posts of correlated, the opening post as body', () => {
    const r = extractAuto(doc(thread()));
    expect(r.posts?.map((p) => p.author)).toEqual(['Aygul', 'Mehmud', 'Nurgul', 'Ablikim']);
    expect(r.text).toBe(THREAD_BODY);
    expect(r.diagnostics.find((d) => d.code === 'page-kind')?.details).toMatchObject({ kind: 'thread' });
  });

  it.each([
    ['every post signed', [['Aygul', null], ['Mehmud', '2012-04-13']], true],
    ['most posts dated', [[null, '2012-04-13'], [null, '2012-04-14'], [null, null]], true],
    ['no post signed or dated (an article in look-alike sections)', [[null, null], [null, null]], false],
    ['half signed', [['Trevor', null], [null, null]], false],
    ['no posts', [], false],
  ] as const)('posts make a thread when %s: %s', (_, meta, expected) => {
    const posts = meta.map(([author, date], node) => ({ author, date, text: 'x', node, quotes: [], id: null, permalink: null }));
    expect(isThread(posts)).toBe(expected);
  });

  it('a link index page is a list page with a low confidence; its body is the little agreed text, never the links', () => {
    const r = extractAuto(doc(linkIndex()));
    expect(r.kind).toBe('list');
    expect(r.text.length).toBeLessThan(100);
    expect(r.text).not.toContain('Headline number');
    expect(r.confidence).toBeLessThanOrEqual(0.2);
    expect(r.diagnostics.map((d) => d.code)).toContain('list-page');
  });

  it('a page whose members agree on no text at all yields an empty body', () => {
    const r = extractAuto(doc(`<html><body><ul>${'<li><a href="/x">x</a></li>'.repeat(5)}</ul></body></html>`));
    expect(r.kind).toBe('list');
    expect(r.text).toBe('');
    expect(r.blocks).toEqual([]);
    expect(r.diagnostics.map((d) => d.code)).toContain('list-page');
  });

  it('confidence ranks a clean article above a link index page', () => {
    expect(extractAuto(doc(article(true))).confidence).toBeGreaterThan(extractAuto(doc(linkIndex())).confidence);
  });
});

describe('auto building blocks', () => {
  it('segments group text by nearest block and count link characters', () => {
    const d = doc('<div><p>one <a href="/x">two</a></p><p>three</p></div>');
    const segs = listSegments(d);
    expect(textsOf(d, segs)).toEqual(['one two', 'three']);
    expect([...segs.chars].map((c, k) => [c, segmentLinkChars(segs, k)])).toEqual([[6, 3], [5, 0]]);
  });

  it('makes the columns of where texts start and of link characters only when a segment needs them', () => {
    // one text node a segment, no link: neither column (4 bytes a segment each, on a page of 100,000 paragraphs)
    const plain = listSegments(doc('<p>бир</p><p>ئىككى</p><p>三</p>'));
    expect([plain.textFrom, plain.linkChars]).toEqual([null, null]);
    expect(Array.from({ length: plain.length }, (_, k) => [textsFrom(plain, k), textCount(plain, k), segmentLinkChars(plain, k)])).toEqual([[0, 1, 0], [1, 1, 0], [2, 1, 0]]);
    // the first segment of several text nodes and the first link text come after segments without: made then, the ones before filled in
    const d = doc('<p>one</p><p>two</p><p>three <b>four</b> five</p><p>six <a href="/x">seven</a></p><p>eight</p>');
    const segs = listSegments(d);
    expect(textsOf(d, segs)).toEqual(['one', 'two', 'three four five', 'six seven', 'eight']);
    expect(Array.from(segs.textFrom ?? [])).toEqual([0, 1, 2, 5, 7, 8]);
    expect(Array.from({ length: segs.length }, (_, k) => [textCount(segs, k), segmentLinkChars(segs, k)])).toEqual([[1, 0], [1, 0], [3, 0], [2, 5], [1, 0]]);
    expect(Array.from({ length: segs.length }, (_, k) => d.index.tag[segs.anchor[k]])).toEqual(['', '', 'p', 'p', '']); // a text node's tag is ''
  });

  it('an unclosed placeholder <a name> stretching over the article is no link text: the article is kept', () => {
    // the parser closes nothing, so every paragraph below lies inside the <a>; it has no href, so it is no link
    const paras = PARAS.map((p) => `<p>${p}</p>`).join('');
    const html = `<html><body>${NAV}<div id="main"><a name="top">${paras}</div>${FOOTER}</body></html>`;
    const d = doc(html);
    const segs = listSegments(d);
    expect(textsOf(d, segs).filter((t, k) => segmentLinkChars(segs, k) > 0 && t.startsWith('The river'))).toEqual([]);
    const r = extractAuto(d);
    for (const p of PARAS) expect(r.text).toContain(p);
    expect(r.text).not.toContain('Weather');
  });

  it.each([
    ['lines cut by <br>', '<div>one<br>two<br>\nthree</div>', 'one\ntwo\nthree'],
    ['spaces and tabs around the breaks', '<div>one \t<br>  two<br>three  four\tfive</div>', 'one\ntwo\nthree four five'],
    ['inline elements between the texts', '<div>one <b>two</b> <i>three</i></div>', 'one two three'],
    ['a comment between two texts', '<div>one<!-- x -->two</div>', 'onetwo'],
    ['blank lines and breaks', '<div>a\n\n b<br> c <span>x</span>\n<br>\n</div>', 'a b\nc x'],
  ])('segment text of %s: text nodes joined, line breaks and runs of spaces collapsed', (_, html, expected) => {
    const d = doc(html);
    expect(textsOf(d, listSegments(d))).toEqual([expected]);
  });

  it('loose text around a nested block makes one segment per run, anchored where the text sits', () => {
    const d = doc('<td><font id="zoom">before <a href="/x">link</a><p>inner</p>after</font></td>');
    const segs = listSegments(d);
    expect(textsOf(d, segs)).toEqual(['before link', 'inner', 'after']);
    const { tag, parent, kind } = d.index;
    expect([...segs.node].map((n) => tag[n])).toEqual(['td', 'p', 'td']);
    // a one-text segment is anchored on its text node: name the element holding it
    const holder = (n: number) => (kind[n] === NodeKind.Text ? tag[parent[n]] : tag[n]);
    expect([...segs.anchor].map(holder)).toEqual(['font', 'p', 'font']);
  });

  it('an article paragraph cut off by an inline advertisement table stays in the body', () => {
    const paras = PARAS.map((p) => `<p>${p}</p>`).join('');
    const ad = '<table><tr><td><a href="/ad">Advert</a></td></tr></table>';
    const tail = 'After the advertisement the report goes on: the mayor thanked the volunteers and promised a new pumping station for the lower town before winter.';
    const html = `<html><body>${NAV}<table><tr><td class="l17"><font id="zoom">${paras}${ad}${tail}<p>${PARAS[0]}</p></font></td></tr></table>${FOOTER}</body></html>`;
    expect(extractAuto(doc(html)).text).toContain(tail);
  });

  it('keeps the lead paragraphs of the markup body that lie outside the nested part the algorithms agree on', () => {
    const para = (n: number) => `Paragraph ${n} of the report tells how the water rose in the night, how the people of the lower town carried their goods upstairs, and how the council kept the bridge open.`;
    const lead = [1, 2].map((n) => `<p>${para(n)}</p>`).join('');
    const rest = Array.from({ length: 10 }, (_, i) => `<p>${para(i + 3)}</p>`).join('');
    const html = `<html><body>${NAV}<div id="main"><h1>Flood</h1><div class="entry-content">${lead}<div class="toggle-group">${rest}</div></div></div>${FOOTER}</body></html>`;
    const d = doc(html);
    expect(extractAuto(d).text.split('\n')).toEqual(Array.from({ length: 12 }, (_, i) => para(i + 1)));
    // the paragraphs beside the region (its siblings, voted by a minority) bring the lead back too
    expect(extractAuto(d, { extendInMarkup: false }).text).toContain(para(1));
    // without both rules the lead is lost: the test does exercise them
    expect(extractAuto(d, { extendInMarkup: false, extendToRegionSiblings: false }).text).not.toContain(para(1));
  });

  it('an article split into two markup bodies around a related-links box keeps both parts', () => {
    const para = (n: number) => `Paragraph ${n} of the report tells how the water rose in the night, how the people of the lower town carried their goods upstairs, and how the council kept the bridge open.`;
    const part = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `<p>${para(from + i)}</p>`).join('');
    const related = `<aside class="related">${RELATED}</aside>`;
    const html = `<html><body>${NAV}<article><h1>Flood</h1><div class="wrap"><div class="story-body story-body-1">${part(1, 2)}</div>${related}</div>`
      + `<div class="wrap"><div class="story-body story-body-2">${part(3, 12)}</div></div></article>${FOOTER}</body></html>`;
    const d = doc(html);
    expect(markupParts(d, nodeTokens(d), new Set(BODY_TOKENS), findMarkupBody(d, nodeTokens(d), new Set(BODY_TOKENS), 200, 0.7), 200)
      .map((n) => nodeTokens(d).at(n))).toEqual([['story-body', 'story-body-1'], ['story-body', 'story-body-2']]);
    expect(extractAuto(d).text.split('\n')).toEqual(Array.from({ length: 12 }, (_, i) => para(i + 1)));
    // without the rule the first part is lost: the test does exercise it
    expect(extractAuto(d, { splitMarkupBody: false }).text).not.toContain(para(1));
  });

  it('keeps a linked list item among kept items and a linked section heading, not a list of links', () => {
    const item = (n: number) => `Item ${n} of the changelog explains what the release fixed for the people who reported the problem, and how to turn the new behaviour off again.`;
    const items = [1, 2, 3].map((n) => `<li>${item(n)}</li>`).join('') + '<li><a href="/year">Here is our year in review!</a></li>';
    const links = ['Storm warning for the coast', 'Bridge reopens after repairs', 'Festival moves indoors'].map((w, i) => `<li><a href="/n/${i}">${w}</a></li>`).join('');
    const paras = PARAS.map((p) => `<p>${p}</p>`).join('');
    const html = `<html><body>${NAV}<div class="entry-content"><h1>Release notes</h1>${paras}<h3><a href="/pm">Password manager</a></h3><ul>${items}</ul>`
      + `<p>${PARAS[0]}</p><ul>${links}</ul><p>${PARAS[1]}</p></div>${FOOTER}</body></html>`;
    const d = doc(html);
    const text = extractAuto(d).text;
    expect(text).toContain('Here is our year in review!');
    expect(text).toContain('Password manager');
    expect(text).not.toContain('Storm warning for the coast');
    // without the rules both are dropped as links: the test does exercise them
    const without = extractAuto(d, { keepLinkedListItems: false, keepLinkedHeadings: false, keepLinkedSentences: false, keepVotedLinkLists: false }).text;
    expect(without).not.toContain('Here is our year in review!');
    expect(without).not.toContain('Password manager');
  });

  it.each([
    ['English', 'Our engineers wrote down <a href="/report">how the new flood walls held the water back during the night</a>.', 'Read more: <a href="/n/1">Bridge reopens after repairs in the old town</a>'],
    ['Chinese', '<a href="/report">工程师们记录了新的防洪墙如何在夜里挡住了洪水，保住了老桥和市场。</a>', '<a href="/n/1">相关阅读：老城大桥修复后重新开放</a>'],
  ])('keeps a linked sentence of the markup body, not a linked headline (%s)', (_, sentence, headline) => {
    const paras = PARAS.map((p) => `<p>${p}</p>`).join('');
    const html = `<html><body>${NAV}<div class="entry-content">${paras}<p>${sentence}</p><p>${headline}</p><p>${PARAS[0]}</p></div>${FOOTER}</body></html>`;
    const d = doc(html);
    const plain = (h: string) => h.replace(/<[^>]+>/g, '');
    const text = extractAuto(d).text;
    expect(text).toContain(plain(sentence));
    expect(text).not.toContain(plain(headline));
    expect(extractAuto(d, { keepLinkedSentences: false }).text).not.toContain(plain(sentence));
  });

  it('keeps a link list the members vote as a whole beside the kept text (keepVotedLinkLists), not the menu', () => {
    // a round-up: linked headlines with a few words of their own, one entry with a longer note
    const entries = [
      ['Bridge reopens after repairs in the old town', 'council'],
      ['Festival moves indoors for the autumn rains', 'culture desk'],
      ['New ferry timetable for the winter months', 'transport'],
      ['School roofs fixed before the storms', 'education'],
      ['Market square gets new lamps and benches', 'town news'],
    ].map(([h, src]) => `<li><a href="/n/${h.length}">${h}</a>, reported by our ${src} team today</li>`).join('');
    const note = `<li><a href="/n/long">Volunteers honoured</a>: ${PARAS[1]}</li>`;
    const html = `<html><body>${NAV}<div class="txt"><p>${PARAS[0]}</p><ul>${entries}${note}</ul><p>${PARAS[2]}</p><p>${PARAS[3]}</p></div>${FOOTER}</body></html>`;
    const d = doc(html);
    const text = extractAuto(d).text;
    expect(text).toContain('Festival moves indoors for the autumn rains, reported by our culture desk team today');
    expect(text).toContain('Market square gets new lamps and benches');
    expect(text).not.toContain('Weather');
    // without the rule the linked entries are dropped as links: the test does exercise it
    const without = extractAuto(d, { keepVotedLinkLists: false }).text;
    expect(without).not.toContain('Festival moves indoors for the autumn rains');
    expect(without).toContain('Volunteers honoured');
  });

  it('keeps a linked sentence inside the region on a page whose markup names no body (rescueInRegion)', () => {
    const sentence = 'Our engineers wrote down <a href="/report">how the new flood walls held the water back during the night</a>.';
    const headline = 'Read more: <a href="/n/1">Bridge reopens after repairs in the old town</a>';
    const paras = PARAS.map((p) => `<p>${p}</p>`).join('');
    const html = `<html><body>${NAV}<div id="c7">${paras}<p>${sentence}</p><p>${headline}</p><p>${PARAS[0]}</p></div>${FOOTER}</body></html>`;
    const d = doc(html);
    const plain = (h: string) => h.replace(/<[^>]+>/g, '');
    expect(findMarkupBody(d, nodeTokens(d), new Set(BODY_TOKENS), 200, 0.7)).toBe(-1);
    const text = extractAuto(d).text;
    expect(text).toContain(plain(sentence));
    expect(text).not.toContain(plain(headline));
    // without it only a markup body vouches for linked lines: the sentence is dropped as a link
    expect(extractAuto(d, { rescueInRegion: false }).text).not.toContain(plain(sentence));
  });

  it('keeps the short paragraphs just above the first kept one in its container (a kicker and a subtitle)', () => {
    const paras = [
      '今年春天，我们村里新盖了一所小学，孩子们高高兴兴地走进了宽敞明亮的教室，老师们也搬进了新的宿舍。',
      '村委会主任说，新学校有十二间教室、一个图书室和一个操场，可以容纳三百多名学生，附近几个村的孩子也能来上学。',
      '开学第一天，家长们早早地把孩子送到学校门口，很多人拿出手机拍下了这个难忘的时刻，大家都说这是村里的一件大喜事。',
      '县教育局表示，明年还将为学校配备电脑教室，并从城里选派优秀教师到村里支教，让山里的孩子也能享受到更好的教育。',
    ].map((p) => `<p>${p}</p>`).join('');
    const html = `<html><body>${NAV}<div class="crumbs"><a href="/">首页</a> &gt; <a href="/n">新闻</a></div><div class="top">新学校开学了</div>`
      + `<div class="info">发布时间：2022-02-13 来源：本报</div><div class="txt"><p><strong>三百名学生</strong></p><p><strong>新学校开学了</strong></p>${paras}</div>${FOOTER}</body></html>`;
    const d = doc(html);
    // keepVote 0.8 puts the two short lines (voted by some members) below the majority: only the sibling rule (or regionVote) can keep them
    expect(extractAuto(d, { keepVote: 0.8 }).text.startsWith('三百名学生\n新学校开学了\n今年春天')).toBe(true);
    expect(extractAuto(d, { keepVote: 0.8, siblingLeadVote: 2, regionVote: 2 }).text.startsWith('今年春天')).toBe(true);
  });

  it('keeps a lead paragraph that links a name (siblingLeadMaxLinkDensity), never a link-dense one', () => {
    const paras = PARAS.map((p) => `<p>${p}</p>`).join('');
    const page = (first: string) => `<html><body>${NAV}<div class="txt"><p><b>${first}</b></p>${paras}</div>${FOOTER}</body></html>`;
    const d = doc(page('With <a href="/people/ana">Ana Pereira</a> of the flood office'));
    // keepVote 0.8 leaves the short bold lead (voted by some members) out, and no region bound: only the lead rule can keep it
    const o = { keepVote: 0.8, regionVote: 2 };
    expect(extractAuto(d, o).text.startsWith('With Ana Pereira of the flood office\n')).toBe(true);
    expect(extractAuto(d, { ...o, siblingLeadMaxLinkDensity: 0 }).text.startsWith(PARAS[0])).toBe(true);
    // a lead that is mostly links is none, whatever the option says (it would be a link-dense end of the kept range)
    const dense = doc(page('<a href="/a">Flood office</a> <a href="/b">Town council</a> and us'));
    expect(extractAuto(dense, { ...o, siblingLeadMaxLinkDensity: 1 }).text.startsWith(PARAS[0])).toBe(true);
    expect(extractAuto(dense, { ...o, siblingLeadMaxLinkDensity: 1, maxLinkDensity: 1 }).text.startsWith('Flood office')).toBe(true);
  });

  it('inside the region, a segment voted by a minority (regionVote) bounds the kept text', () => {
    const paras = PARAS.map((p) => `<p>${p}</p>`).join('');
    const html = `<html><body>${NAV}<div id="main"><div class="txt">${paras}<div>The walls were finished in May.</div></div></div>${FOOTER}</body></html>`;
    const d = doc(html);
    const last = 'The walls were finished in May.';
    const r = extractAuto(d, { keepVote: 0.6 });
    // the last line is voted by some members only (below keepVote 0.6, at least regionVote)
    const k = textsOf(d, listSegments(d)).findIndex((t) => t === last);
    const v = (r.series!.vote as Float64Array)[k];
    expect(v).toBeLessThan(0.6);
    expect(v).toBeGreaterThanOrEqual(DEFAULT_AUTO_OPTIONS.regionVote);
    expect(r.text.endsWith(last)).toBe(true);
    // the copyright line outside the region is not kept, and without the rule the last line is lost
    expect(r.text).not.toContain('Copyright');
    expect(extractAuto(d, { keepVote: 0.6, regionVote: 2 }).text).not.toContain(last);
  });

  it('gives no vote to the text of an input form (maxFormShare); a form around the whole page is layout', () => {
    const form = '<form action="/post" method="post"><h3>Leave a reply</h3><p>Your email address will not be published and we will never share it with anyone. Required fields are marked with a star.</p>'
      + '<p>Name <input name="n"></p><p>Email <input name="e"></p><p><textarea name="c"></textarea></p><p>You may use these tags in your comment: bold, italic, quote, code, strike and links to other pages.</p></form>';
    const post = '<div class="post"><h2>Quotation of the day</h2><p>He in his madness prays for storms, and dreams that storms will bring him peace.</p><p>Mikhail Lermontov, as quoted by Tolstoy in Family Happiness, a short novel of 1859.</p></div>';
    const blogroll = `<ul class="blogroll">${Array.from({ length: 30 }, (_, i) => `<li><a href="/b/${i}">Another economics blog number ${i}</a></li>`).join('')}</ul>`;
    const d = doc(`<html><body>${NAV}<div id="main">${post}${form}</div>${blogroll}${FOOTER}</body></html>`);
    const text = extractAuto(d).text;
    expect(text).toContain('prays for storms');
    expect(text).not.toContain('Your email address');
    // the rule is what silences the form: without it, members vote for its notes
    const k = textsOf(d, listSegments(d)).findIndex((t) => t.startsWith('Your email address'));
    expect((extractAuto(d).series!.vote as Float64Array)[k]).toBe(0);
    expect((extractAuto(d, { maxFormShare: 0 }).series!.vote as Float64Array)[k]).toBeGreaterThan(0);
    // the same article inside one <form> that wraps the whole page is still found
    const wrapped = doc(`<html><body><form action="/page">${NAV}<div id="main"><div class="txt">${PARAS.map((p) => `<p>${p}</p>`).join('')}</div></div>${FOOTER}</form></body></html>`);
    expect(extractAuto(wrapped).text.split('\n')).toEqual(PARAS);
  });

  it('drops a plugin\'s related-posts box by the head word of its token; a plugin\'s own token comes from the site\'s configuration', () => {
    const paras = PARAS.map((p) => `<p>${p}</p>`).join('');
    const related = ['Survey results for the year', 'New product in beta', 'The top ten languages'].map((t, i) =>
      `<div class="xy-relatedposts-post"><h4><a href="/r/${i}">${t}</a></h4><p>A short excerpt of the related post number ${i} that the plugin adds under every article of the blog.</p><p>In "News"</p></div>`).join('');
    const html = `<html><body>${NAV}<article><div class="entry-content">${paras}<div class="sharebox9 xy-sharing-enabled"><h3>Share this:</h3><ul><li><a href="/s">Email</a></li></ul></div>`
      + `<div id="xy-relatedposts" class="xy-relatedposts"><h3>Related</h3>${related}</div></div></article>${FOOTER}</body></html>`;
    const d = doc(html);
    // `xy-relatedposts` is furniture by its head word `relatedposts`; the sharing box names no generic role
    const text = extractAuto(d).text;
    expect(text).not.toContain('related post number');
    // the sharing box's links go; its heading, kept by the vote, then heads nothing and goes too (dropEmptySections)
    expect(text).not.toContain('Share this:');
    expect(extractAuto(d, { dropEmptySections: false }).text).toContain('Share this:');
    // the head word `relatedposts` is what drops it: without that word in the vocabulary the box comes in
    expect(extractAuto(d, { furnitureTokens: FURNITURE_TOKENS.filter((t) => t !== 'relatedposts') }).text).toContain('related post number');
    // the site's own token, added to the defaults, drops the sharing box too
    expect(extractAuto(d, withSiteTokens({ furnitureTokens: ['SHAREBOX9'] })).text.split('\n')).toEqual(PARAS);
  });

  it('withSiteTokens adds a site\'s tokens to the default vocabularies and keeps the other options', () => {
    const o = withSiteTokens({ bodyTokens: ['td-post-content'], commentTokens: ['disqus_thread', 'comments'] }, { keepVote: 0.6 });
    expect(o.keepVote).toBe(0.6);
    expect(o.bodyTokens).toEqual([...BODY_TOKENS, 'td-post-content']);
    expect(o.commentTokens).toEqual([...COMMENT_TOKENS, 'disqus_thread']);
    expect(o.furnitureTokens).toEqual(FURNITURE_TOKENS);
    // a site's list extends a caller's own list, not the defaults, when the caller gives one
    expect(withSiteTokens({ furnitureTokens: ['b'] }, { furnitureTokens: ['a'] }).furnitureTokens).toEqual(['a', 'b']);
  });

  it('hasRoleToken matches a whole token or the head word of a compound, never another part or a substring', () => {
    const roles = new Set(['related', 'footer']);
    expect(hasRoleToken(['yarpp-related'], roles)).toBe(true);
    expect(hasRoleToken(['crp_related'], roles)).toBe(true);
    expect(hasRoleToken(['footer'], roles)).toBe(true);
    expect(hasRoleToken(['related-story'], roles)).toBe(false);
    expect(hasRoleToken(['unrelated', 'footers'], roles)).toBe(false);
  });

  it('the default vocabularies name generic roles, not one plugin or site', () => {
    // the tokens moved to per-site configuration stay out of the defaults
    const moved = ['sharedaddy', 'jp-relatedposts', 'addtoany_share_save_container', 'a2a_kit', 'yarpp-related', 'crp_related',
      'disqus_thread', 'adsbygoogle', 'wp-caption-text', 'td-post-content', 'artibody'];
    for (const t of moved) expect([...BODY_TOKENS, ...FURNITURE_TOKENS, ...COMMENT_TOKENS]).not.toContain(t);
  });

  it('an algorithm that took the reader comments for the article abstains; the article wins', () => {
    const article = PARAS.map((p) => `<p>${p}</p>`).join('');
    const comment = (n: number) => `<div class="comment"><div class="date">${n} days ago</div><div class="content">Reader ${n} writes: I live on the embankment and the water came up to the second step of my shop; the volunteers were wonderful and the council should thank them all by name, not just in a press release.</div></div>`;
    const html = `<html><body>${NAV}<div class="article"><h1>River rises</h1><div class="content">${article}</div></div><div class="comments">${Array.from({ length: 14 }, (_, i) => comment(i + 1)).join('')}</div>${FOOTER}</body></html>`;
    const d = doc(html);
    const text = extractAuto(d).text;
    for (const p of PARAS) expect(text).toContain(p);
    expect(text).not.toContain('Reader 1 writes');
    // without the comment vocabulary the thread is still found from its dated records ("N days ago")
    const bare = extractAuto(d, { commentTokens: [] });
    expect(bare.text).toContain(PARAS[0]);
    expect(bare.text).not.toContain('Reader 1 writes');
    expect(bare.comments?.length).toBe(14);
  });

  it('KeptCounter counts the non-whitespace characters its blocks span, where they stand', () => {
    // "Photo" is also the start of the menu's "Photography": a text search found that one first
    const d = doc('<ul><li><a href="/p">Photography</a></li></ul><figure><figcaption>Photo</figcaption></figure><p>alpha  beta</p><p>gamma</p>');
    const caption = d.text.indexOf('Photo\n');
    const para = d.text.indexOf('alpha');
    const ranges = keptRanges([[para, para + 'alpha beta'.length], [caption, caption + 5]], d.text.length);
    expect(Array.from(ranges)).toEqual([caption, caption + 5, para, para + 'alpha beta'.length]); // sorted
    const kept = new KeptCounter(d.text, ranges);
    const count = (word: string): number => kept.count(d.text.indexOf(word), d.text.indexOf(word) + word.length);
    expect(count('Photography')).toBe(0);
    expect(kept.count(caption, caption + 5)).toBe(5);
    expect(count('alpha beta')).toBe(9); // whitespace never counts
    expect(count('gamma')).toBe(0);
    expect(kept.count(0, d.text.length)).toBe(14);
  });

  it('a segment counts the non-whitespace characters of its text nodes, and keeps each node\'s count', () => {
    const d = doc('<p>one two <b>three</b></p><p>four</p>');
    const segments = listSegments(d);
    expect([...segments.chars]).toEqual([11, 4]);
    const { textStart, textEnd } = d.stats;
    expect([...segments.textChars]).toEqual([...segments.texts].map((t) => countChars(d.text, textStart[t], textEnd[t])));
  });

  it('a segment told as written is its text node\'s page text, and keptText joins the segment texts', () => {
    const d = doc('<p>plain words</p><p>two  spaces</p><p> lead</p><p>tab\there</p><p>nbsp\u00a0</p><p>one<br>two</p><p>a <b>b</b> c</p><pre>x\n y</pre><p>\ufeffmark</p><p>last</p>');
    const segments = listSegments(d);
    const { textStart, textEnd } = d.stats;
    let asWritten = 0;
    for (let k = 0; k < segments.length; k++) {
      if (!isTextAsWritten(d, segments, k)) continue;
      asWritten++;
      const t = segments.texts[textsFrom(segments, k)];
      expect(segmentText(d, segments, k)).toBe(d.text.slice(textStart[t], textEnd[t]));
    }
    expect(asWritten).toBeGreaterThan(1);
    const all = allIndexes(segments.length);
    expect(keptText(d, segments, all)).toBe(textsOf(d, segments).join('\n'));
    const some = Int32Array.from(all.filter((k) => k % 2 === 1));
    expect(keptText(d, segments, some)).toBe(Array.from(some, (k) => segmentText(d, segments, k)).join('\n'));
  });

  it('KeptCounter over keptRanges equals marking every spanned character once, for overlapping and unordered spans', () => {
    const text = 'ab cd\nef  gh ij kl\tmn op';
    const spanLists = [[0, 4, 10, 14], [3, 8], [20, 26], [12, 13, 13, 16], [6, 7, 6, 9], [25, 40]];
    const ranges = keptRanges(spanLists, text.length);
    // in page scratch left dirty by its last user (as auto's member shares take it): the same ranges
    const dirty = PAGE_SCRATCH.take(1 << 12);
    new Int32Array(dirty).fill(-7);
    PAGE_SCRATCH.give(dirty);
    const scratch = new ScratchArrays(keptRangesBytes(spanLists));
    expect(Array.from(keptRanges(spanLists, text.length, scratch))).toEqual(Array.from(ranges));
    scratch.release();
    const kept = new KeptCounter(text, ranges);
    for (let k = 2; k < ranges.length; k += 2) expect(ranges[k]).toBeGreaterThan(ranges[k - 1]); // disjoint, ascending
    const marked = new Uint8Array(text.length);
    for (const spans of spanLists) for (let r = 0; r < spans.length; r += 2) for (let c = spans[r]; c < Math.min(spans[r + 1], text.length); c++) marked[c] = /\s/u.test(text[c]) ? 0 : 1;
    for (let from = 0; from <= text.length; from++) {
      for (let to = from; to <= text.length; to++) {
        expect(kept.count(from, to)).toBe(marked.subarray(from, to).reduce((a, b) => a + b, 0));
        // with the interval's own count given (a text node's, see SegmentTable.textChars): the same answer
        expect(kept.count(from, to, countChars(text, from, to))).toBe(marked.subarray(from, to).reduce((a, b) => a + b, 0));
      }
    }
    // intervals read out of page order: the counter steps back
    for (let from = text.length; from >= 0; from--) expect(kept.count(from, text.length)).toBe(marked.subarray(from).reduce((a, b) => a + b, 0));
  });

  it('the markup body is the largest element with a body token, a nested one when it holds most of it', () => {
    const long = 'x'.repeat(300);
    const d = doc(`<div class="post-content"><div class="article-body"><p>${long}</p></div><p>short</p></div>`);
    const found = findMarkupBody(d, nodeTokens(d), new Set(BODY_TOKENS), 200, 0.7);
    expect(d.index.tag[found]).toBe('div');
    expect(nodeTokens(d).at(found)).toEqual(['article-body']);
  });

  it('the markup body is never <body> or <html>: their class or id names the page template', () => {
    const long = 'x'.repeat(300);
    const d = doc(`<html class="article-body"><body id="article_body"><div class="menu">${long}</div><div class="story-body"><p>${long}</p></div></body></html>`);
    expect(nodeTokens(d).at(findMarkupBody(d, nodeTokens(d), new Set(BODY_TOKENS), 200, 0.7))).toEqual(['story-body']);
    const bare = doc(`<html><body id="article_body"><p>${long}</p></body></html>`);
    expect(findMarkupBody(bare, nodeTokens(bare), new Set(BODY_TOKENS), 200, 0.7)).toBe(-1);
  });

  it.each([
    ['a box holding three strong paragraphs is content', 3, 0],
    ['a box holding fewer strong segments than required stays furniture', 4, 1],
  ])('overruleFurniture: %s', (_, minSegments, expected) => {
    const paras = PARAS.slice(0, 3).map((p) => `<p>${p}</p>`).join('');
    const d = doc(`<div id="story"><p>${PARAS[3]}</p><div class="read-more">${paras}</div></div>`);
    const tokens = nodeTokens(d);
    const box = tokenLists(d, tokens).findIndex((t) => t.includes('read-more'));
    const furniture = markFurniture(d, 0, tokens, new Set(['read-more']), new Set());
    expect(furniture[box]).toBe(1);
    const segments = listSegments(d);
    const strong = allIndexes(segments.length).filter((k) => segments.anchor[k] > box);
    expect(overruleFurniture(d, furniture, segments, strong, 100, minSegments)[box]).toBe(expected);
  });

  const CAPTIONS = [
    'Lanterns hang over the night market on the first evening of the festival, lit one by one at dusk.',
    'A boy in a paper dragon costume waits at the corner of the square for the parade to pass by.',
    'Drummers from the river villages lead the procession across the old stone bridge after midnight.',
  ];
  it.each([
    ['a run of captioned pictures that outweighs the prose is content (a photo post)', 'A short note before the pictures.', true, 0],
    ['weighed one by one (siblings off), each caption stays furniture', 'A short note before the pictures.', false, 1],
    ['captions between the paragraphs of a longer story stay furniture', PARAS.join(' '), true, 1],
  ])('overruleFurniture with siblings: %s', (_, prose, siblings, expected) => {
    const figures = CAPTIONS.map((c, i) => `<figure><img src="/p/${i}.jpg" alt=""><figcaption>${c}</figcaption></figure>`).join('');
    const d = doc(`<div id="story"><p>${prose}</p>${figures}</div>`);
    const tags = d.index.tag;
    const firstFigure = tags.findIndex((t) => t === 'figure');
    const furniture = markFurniture(d, 0, nodeTokens(d), new Set(), new Set(['figure']));
    expect(furniture[firstFigure]).toBe(1);
    const segments = listSegments(d);
    const out = overruleFurniture(d, furniture, segments, allIndexes(segments.length), 200, 3, siblings);
    const figureNodes = [...tags.keys()].filter((n) => tags[n] === 'figure');
    expect(figureNodes).toHaveLength(3);
    for (const n of figureNodes) expect(out[n]).toBe(expected);
  });

  it('markFurniture: a furniture wrapper around the markup body is not furniture; furniture inside the body still is', () => {
    const d = doc(`<div id="page"><div class="widget blog"><div class="entry-content"><p>${PARAS[0]}</p><div class="share">s</div></div></div>`
      + `<div class="widget profile"><p>${PARAS[1]}</p></div></div>`);
    const tokens = nodeTokens(d);
    const at = (token: string) => tokenLists(d, tokens).findIndex((t) => t.includes(token));
    const body = at('entry-content');
    const vocabulary = new Set(['widget', 'share']);
    expect(markFurniture(d, 0, tokens, vocabulary, new Set())[body]).toBe(1);
    const furniture = markFurniture(d, 0, tokens, vocabulary, new Set(), [body]);
    expect([at('blog'), body, at('share'), at('profile')].map((n) => furniture[n])).toEqual([0, 0, 1, 1]);
  });

  it('a blog post inside a widget wrapper (a blog engine\'s template) is kept, the sidebar widget is not', () => {
    const post = PARAS.map((p) => `<p>${p}</p>`).join('');
    // a long profile box: the members vote for it too, so the region spans both widgets
    const about = [1, 2, 3, 4].map((n) => `<p>The author of this blog (${n}) writes about rivers, bridges and the weather of the valley, and has done so for twenty years from a small house by the water.</p>`).join('');
    const html = `<html><body><div id="content"><div class="widget blog"><div class="post"><div class="post-body entry-content">${post}</div></div></div>`
      + `<div class="widget profile"><h2>About me</h2>${about}</div></div></body></html>`;
    const r = extractAuto(doc(html));
    for (const p of PARAS) expect(r.text).toContain(p);
    expect(r.text).not.toContain('author of this blog');
  });

  it('the region descends into the child holding the share of the weight', () => {
    const d = doc('<div id="a"><div id="b"><p>x</p><p>y</p></div><p>z</p></div>');
    const w = new Float64Array(d.index.size);
    for (let i = 0; i < d.index.size; i++) if (d.index.tag[i] === 'p') w[i] = 1;
    const region = findRegion(d, w, 0.7);
    expect(nodeTokens(d).at(region)).toEqual(['a']);
    expect(nodeTokens(d).at(findRegion(d, w, 0.6))).toEqual(['b']);
  });
});

describe('auto wiring', () => {
  it('is registered and is the default algorithm of extract()', () => {
    expect(getExtractor('auto')).toBe(autoExtractor);
    expect(DEFAULT_EXTRACT_OPTIONS.algorithm).toBe('auto');
    expect(autoExtractor.defaults).toBe(DEFAULT_AUTO_OPTIONS);
  });

  it('rejects unknown options', () => {
    expect(() => extractAuto(doc('<p>x</p>'), { nope: 1 } as never)).toThrow(/unknown option/);
  });

  it('rejects an unknown member in weights with a typed error', () => {
    expect(() => extractAuto(doc('<p>x</p>'), { weights: { correlated: 1, boilerpipe: 1 } }))
      .toThrow(expect.objectContaining({ code: 'unknown-algorithm', message: expect.stringMatching(/boilerpipe/) }));
  });
});
