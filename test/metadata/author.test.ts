import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { normalize } from '../../src/encoding/normalize.js';
import { nameInDateline, nameInSignOff, nameAfterEditorCue, cutName, isBareName } from '../../src/metadata/byline.js';
import { extractMetadata } from '../../src/metadata/page.js';

const authorOf = (html: string) => extractMetadata(analyze(normalize(`<html><head></head><body>${html}</body></html>`))).author;

describe('extractMetadata: author cue words', () => {
  it.each([
    ['作者', '<h1>新馆开放</h1><p>2019-02-20 作者：王丽 责任编辑：张强</p>', '王丽'],
    ['记者 after the paper', '<h1>新馆开放</h1><p>晨光日报记者 王丽 张强</p><p>正文。</p>', '王丽 张强'],
    ['撰稿', '<h1>新馆开放</h1><p>撰稿：李明</p>', '李明'],
    ['编辑 when nothing else', '<h1>新馆开放</h1><p>来源：晨光日报</p><p>正文很长。</p><p>编辑：山石</p>', '山石'],
    ['来源 is not an author', '<h1>新馆开放</h1><p>来源：晨光日报</p>', null],
    ['ئاپتور', '<h1>كىتاب كۆرگەزمىسى</h1><p>ئاپتور: ئابلىمىت ئىمىن</p>', 'ئابلىمىت ئىمىن'],
    ['مۇخبىر', '<h1>كىتاب كۆرگەزمىسى</h1><p>مۇخبىرىمىز يوق مۇخبىر: گۈلنار ئىمىن كۆرۈلۈشى: 15</p>', 'گۈلنار ئىمىن'],
    ['يازغۇچى', '<h1>كىتاب كۆرگەزمىسى</h1><p>يازغۇچى: ئايگۈل سابىر</p>', 'ئايگۈل سابىر'],
    ['بقلم', '<h1>افتتاح مكتبة</h1><p>بقلم: سارة الخطيب | ٢٠ فبراير ٢٠١٩</p>', 'سارة الخطيب'],
    ['كتب at a line start', '<h1>افتتاح مكتبة</h1><p>كتب: يوسف الحسن</p>', 'يوسف الحسن'],
    ['By', '<h1>Library opens</h1><p>By Miriam Okafor · February 20, 2019</p>', 'Miriam Okafor'],
    ['"by" in running text is not a byline', '<h1>Library opens</h1><p>The library was opened by the mayor on Monday.</p>', null],
    ['rel=author', '<h1>Library opens</h1><a rel="author" href="/people/jr">Jane Roe</a>', 'Jane Roe'],
    ['a link to the author\'s archive (?author=)', '<h1>播客热潮</h1><p>播客成了网络上的热门话题。</p><div><a href="http://blog.example.cn/?pc=0&amp;author=102">未归类</a> <a href="http://blog.example.cn/?author=102">太小心</a></div>', '太小心'],
    ['a link to the author\'s archive (/author/slug)', '<p>Von <a class="about" href="https://blog.example.com/author/jane-roe">Jane Roe</a></p><h1>Library opens</h1><p>The library opened today.</p>', 'Jane Roe'],
    ['a link to an author\'s category is not the author', '<h1>Library opens</h1><p>The library opened today.</p><a href="/?pc=3&amp;author=102">Essays</a>', null],
    ['a link to a guide for authors is not the author', '<h1>Library opens</h1><p>The library opened today.</p><a href="/authors-guide/">Write for us</a>', null],
    ['a name alone under the headline', '<p><strong>灯下读书</strong></p><p>林晓<br><br>——关于夜读的几点想法<br>夜深了，我还在灯下读一本旧书。</p>', '林晓'],
    ['a spaced name alone under a repeated headline', '<h1>灯下读书</h1><p>灯下读书</p><p>林 晓</p><p>夜深了，我还在灯下读一本旧书，窗外下着小雨。</p>', '林晓'],
    ['a name alone right after the <h1>', '<h1>灯下读书</h1><p>林晓</p><p>夜深了，我还在灯下读一本旧书，窗外下着小雨。</p>', '林晓'],
    ['a cue wins over a name line', '<h1>灯下读书</h1><p>林晓</p><p>作者：王丽</p><p>夜深了，我还在灯下读一本旧书。</p>', '王丽'],
    ['a section word is not a name', '<h1>灯下读书</h1><p>前言</p><p>夜深了，我还在灯下读一本旧书。</p>', null],
    ['a menu of short words is not a name', '<h1>灯下读书</h1><p>首页</p><p>读书</p><p>生活</p><p>夜深了，我还在灯下读一本旧书。</p>', null],
    ['a link is not a name line', '<h1>灯下读书</h1><p><a href="/u/1">林晓</a></p><p>夜深了，我还在灯下读一本旧书。</p>', null],
    ['a short line between links is not a name line', '<h1>灯下读书</h1><p>夜深了，我还在灯下读一本旧书。</p><div><a href="/a">旧书一</a></div><div>精选</div><div><a href="/b">旧书二</a></div>', null],
    ['a short headline is not its own author', '<h1>春雨</h1><p>夜深了，我还在灯下读一本旧书，窗外下着小雨。</p>', null],
  ])('%s', (_, html, name) => {
    expect(authorOf(html)?.value ?? null).toBe(name);
  });

  it('a sign-off at the end of the main content (given the extraction)', () => {
    const doc = analyze(normalize('<html><body><h1>新馆开放</h1><p>正文第一段。</p><p>大家度过了一个平安的假期。（林晓 王丽 ）</p><div>友情链接</div></body></html>'));
    const paragraphs = doc.index.tag.flatMap((tag, id) => (tag === 'p' ? [id] : []));
    const extraction = { extractor: 'test', options: {}, text: '', confidence: 1, diagnostics: [], blocks: paragraphs.map((node) => ({ node, text: doc.textOf(node), score: 1 })) };
    expect(extractMetadata(doc, {}, extraction).author).toMatchObject({ value: '林晓 王丽', source: 'text:end:dateline' });
  });

  it('the first <h1> shortly before the main content anchors the byline when the title does not name it', () => {
    const filler = '<p>An opening paragraph that the extractor did not keep, long enough to push the kept text away.</p>'.repeat(20);
    const html = `<html><head><title>Handbook of Notes</title></head><body><h1>Chapter 6 - Ink</h1><p class="byline author">Written by Jane Roe<br>Edited by John Doe</p>${filler}<p id="kept">The kept text starts here and goes on for a while.</p></body></html>`;
    const doc = analyze(normalize(html));
    const kept = doc.index.tag.findIndex((tag, id) => tag === 'p' && doc.textOf(id).startsWith('The kept text'));
    const extraction = { blocks: [{ node: kept }] };
    expect(doc.stats.textStart[kept] - doc.text.indexOf('Written by')).toBeGreaterThan(1700);
    expect(extractMetadata(doc, {}, extraction).author).toMatchObject({ value: 'Jane Roe', source: 'element' });
  });

  it.each([
    ['<meta name="author" content="Jane Roe">', 'Jane Roe', 'meta:author'],
    ['<meta name="author" content="www.example.cn">', null, undefined],
    ['<meta property="dc:creator twitter:creator" content="Creator Name"><meta name="author" content="Other">', 'Creator Name', 'meta:dc:creator'],
    ['<script type="application/ld+json">{"@type":"Article","author":[{"name":"Stella Kim"},{"name":"Jennifer Jett"}]}</script>', 'Stella Kim, Jennifer Jett', 'json-ld'],
    ['<meta name="DC.Creator" content="Roe, J."><meta name="DC.Creator" content="Doe, John de">', 'Roe, J.; Doe, John de', 'meta:dc:creator'],
    ['<meta name="DC.Creator" content="Roe, Jane">', 'Roe, Jane', 'meta:dc:creator'],
    ['<meta property="dc:creator" content="Jane Roe"><meta name="dc:creator" content="John Doe">', 'Jane Roe', 'meta:dc:creator'],
    ['<meta name="author" content="Jane Roe, Staff Writer">', 'Jane Roe', 'meta:author'],
  ])('declared: %s', (head, name, source) => {
    const m = extractMetadata(analyze(normalize(`<html><head>${head}</head><body><h1>T</h1></body></html>`)));
    expect(m.author?.value ?? null).toBe(name);
    expect(m.author?.source).toBe(source);
  });
});

describe('byline helpers', () => {
  it.each([
    ['……这就是他的看法。（林晓 杭州报道）', '林晓'],
    ['……这就是他的看法。（林晓 报道）', '林晓'],
    ['……这就是他的看法。（21世纪经济报道）', null],
    ['（新华社北京电）', null],
    ['NEWS.EXAMPLE.COM 2011年3月2日09:30 [ 王丽 ] 来源：[ 晨光日报 ]', '王丽'],
    ['举报电话：0571-5550100（工作时间）', null],
    ['moon_fox 发表于 2011-3-2 10:00:00', 'moon_fox'],
    ['Posted by\njroe posted on 3/2/2011', 'jroe'],
    ['(서울=뉴스) 김민준 기자 = 오늘', '김민준'],
    ['某部门 发布 2011-3-2 的通知', null],
    ['某部门发表于2011-3-2', '某部门'],
    ['[打印]\n由林晓张贴 @ 2005-06-12 08:15', '林晓'],
    ['由 moon_fox 发表于 2005-9-15', 'moon_fox'],
    ['夜深了，我还在灯下读书。\n林晓写于2005年6月12日', '林晓'],
    ['——林晓写于 2005年6月12日', '林晓'],
    ['这份文件由国务院发布。', null],
    ['由于天气原因，活动推迟。', null],
    ['他说这本书写于2005年。', null],
    ['no name here', null],
  ])('nameInDateline(%s)', (text, name) => {
    expect(nameInDateline(text)).toBe(name);
  });
  it.each([['……正文。（待续）', null], ['……正文。（附图）', null], ['……正文。（王丽）', '王丽']])('nameInSignOff(%s)', (text, name) => {
    expect(nameInSignOff(text)).toBe(name);
  });
  it.each([['来源：新闻晨报\n编辑：山石', '山石'], ['The editor said so.', null]])('nameAfterEditorCue(%s)', (text, name) => {
    expect(nameAfterEditorCue(text)).toBe(name);
  });
  it.each([['胡平', true], ['赵 培', true], ['欧阳晓峰', true], ['前言', false], ['最新评论', false], ['15家企业', false], ['分享到：', false], ['林晓说', true], ['林晓说过的话', false]])('isBareName(%s)', (line, bare) => {
    expect(isBareName(line)).toBe(bare);
  });
  it.each([['Rob Ewaschuk Edited by Betsy Beyer', 'Rob Ewaschuk'], ['Jane Roe Updated March 3', 'Jane Roe'], ['Edited Volumes', 'Edited Volumes'],
    ['赵 培', '赵培'], ['彭冲 山东冠县报道', '彭冲'], ['size="20" 来源：', null], ['L_', null]])('cutName(%s)', (text, name) => {
    expect(cutName(text)).toBe(name);
  });
});

describe('extractMetadata: an author meta naming the site', () => {
  const withHead = (head: string, body: string) =>
    extractMetadata(analyze(normalize(`<html><head>${head}</head><body>${body}</body></html>`))).author;
  const SITE = '<meta property="og:site_name" content="Ink and Paper"><meta name="author" content="Ink and Paper">';

  it.each([
    ['is the last resort when nothing else names an author', SITE, '<h1>Library opens</h1><p>The library opened today.</p>', 'Ink and Paper'],
    ['loses to a byline in the page', SITE, '<h1>Library opens</h1><p>By Miriam Okafor · February 20, 2019</p>', 'Miriam Okafor'],
  ])('%s', (_, head, body, name) => {
    expect(withHead(head, body)?.value ?? null).toBe(name);
  });
});

describe('extractMetadata: the author element under the headline', () => {
  const sidebar = '<ul>' + ['Jenny Kutner', 'Henry Grabar'].map((n) => `<li><a href="/story">Another story about something else</a> <span class="byline"><a href="/writer/x">${n}</a></span></li>`).join('') + '</ul>';
  it.each([
    ['beats a sidebar byline just above the headline', `${sidebar}<h1>Library opens</h1><h2>A short deck under the headline that goes on for a line.</h2><span class="byline"><a rel="author" href="/writer/rr">Richard (R.J.) Roe</a></span><p>The library opened today.</p>`, 'Richard (R.J.) Roe'],
    ['a byline above the headline is still found when none is under it', `<p class="byline">Jane Roe</p><h1>Library opens</h1><p>The library opened today.</p>`, 'Jane Roe'],
  ])('%s', (_, body, name) => {
    expect(authorOf(body)?.value ?? null).toBe(name);
  });
});

describe('extractMetadata: og:article:author', () => {
  const withHead = (head: string, body: string) =>
    extractMetadata(analyze(normalize(`<html><head>${head}</head><body>${body}</body></html>`))).author;

  it.each([
    ['is read like article:author', '<meta property="og:article:author" content="Jane Roe">', '<h1>Library opens</h1><p>The library opened today.</p>', 'Jane Roe'],
    ['naming the site is the last resort', '<meta property="og:site_name" content="Ink News"><meta property="og:article:author" content="Ink News">', '<h1>Library opens</h1><p>The library opened today.</p>', 'Ink News'],
    ['naming the site loses to a byline', '<meta property="og:site_name" content="Ink News"><meta property="og:article:author" content="Ink News">', '<h1>Library opens</h1><p>By Miriam Okafor · February 20, 2019</p>', 'Miriam Okafor'],
    ['a URL is never a name', '<meta property="og:article:author" content="https://ink.example/staff/jr">', '<h1>Library opens</h1><p>The library opened today.</p>', null],
  ])('%s', (_, head, body, name) => {
    expect(withHead(head, body)?.value ?? null).toBe(name);
  });
});

describe('extractMetadata: a declared login shown as a name', () => {
  const jsonLd = (author: string) => `<script type="application/ld+json">{"@type":"NewsArticle","headline":"Library opens","author":${JSON.stringify(author)}}</script>`;
  const withHead = (head: string, body: string) =>
    extractMetadata(analyze(normalize(`<html><head>${head}</head><body>${body}</body></html>`))).author;
  const BYLINE = '<h1>Library opens</h1><p>The library opened today.</p><div class="author-box"><a class="author-name" href="https://ink.example/u/JR2291">Jane Roe</a> <a href="https://ink.example/u/JR2291">View profile</a></div>';

  it.each([
    ['JSON-LD login, author link to its profile', jsonLd('JR2291'), BYLINE, 'Jane Roe'],
    ['the same with @ and another case', jsonLd('@jr2291'), BYLINE, 'Jane Roe'],
    ['meta login', '<meta name="author" content="JR2291">', BYLINE, 'Jane Roe'],
    ['a profile link that is not an author element does not rename', jsonLd('JR2291'), '<h1>Library opens</h1><p>The library opened today.</p><a href="https://ink.example/u/JR2291">View profile</a>', 'JR2291'],
    ['a link to another profile does not rename', jsonLd('JR2291'), '<h1>Library opens</h1><p>The library opened today.</p><a class="author-name" href="https://ink.example/u/KM1">Kim Moe</a>', 'JR2291'],
    ['a profile link with a query, a hash and a trailing slash', jsonLd('JR2291'), '<h1>Library opens</h1><p>The library opened today.</p><span class="byline"><a href="/u/jr2291/?tab=posts#top">Jane Roe</a></span>', 'Jane Roe'],
    ['a full name is never replaced', jsonLd('Jane Roe'), '<h1>Library opens</h1><a class="author-name" href="https://ink.example/u/Jane Roe">Someone Else</a>', 'Jane Roe'],
  ])('%s', (_, head, body, name) => {
    expect(withHead(head, body)?.value ?? null).toBe(name);
  });
});

describe('extractMetadata: the byline grammar of other languages and shapes', () => {
  const withHead = (head: string, body: string) =>
    extractMetadata(analyze(normalize(`<html><head>${head}</head><body>${body}</body></html>`))).author;
  const STORY = '<p>Die Bibliothek am Markt hat heute nach zwei Jahren Umbau wieder geöffnet.</p>';

  it.each([
    ['a credit verb (erstellt von), the name ends at a lower-case word', `<h1>Neue Bibliothek</h1><p>Erstellt von Fabian am Dienstag 6. Mai 2014</p>${STORY}`, 'Fabian'],
    ['posted by, initials kept', `<h1>Meta programming</h1><p>Posted by T. V. Raman at 2:33 PM</p>${STORY}`, 'T. V. Raman'],
    ['a "by" word after a field separator', `<h1>Neue Bibliothek</h1><p>Kultur | By Cara Stiles | April 13, 2020</p>${STORY}`, 'Cara Stiles'],
    ['an author noun alone on its line, the name on the next', `<h1>Neue Bibliothek</h1>${STORY}<p>Auteur</p><p>Uriel Gadessaud</p><p>Cover</p>`, 'Uriel Gadessaud'],
    ['a plural author noun, the first of two names', `<h1>Neue Bibliothek</h1><p>Autoren Jelko Djuren und Jutta Klaukien</p>${STORY}`, 'Jelko Djuren'],
    ['a menu item after an author noun is no name', `<ul><li>Authors</li><li>About</li></ul><h1>Neue Bibliothek</h1>${STORY}`, null],
    ['a name particle stays', `<h1>Neue Bibliothek</h1><p>Von Ursula von der Leyen</p>${STORY}`, 'Ursula von der Leyen'],
    ['"Unknown" is no name', `<h1>Neue Bibliothek</h1>${STORY}<p>Posted by Unknown at 10:00</p>`, null],
  ])('%s', (_, body, name) => {
    expect(authorOf(body)?.value ?? null).toBe(name);
  });

  it.each([
    ['after the date on its line', `<h1>Neue Bibliothek</h1><p>11.12.2019 - Amelie Loevenich</p>${STORY}`, 'Amelie Loevenich'],
    ['before the date on its line', `<h1>Neue Bibliothek</h1><p>Janic Cathomen, 01.12.2021</p>${STORY}`, 'Janic Cathomen'],
    ['on the line before the date', `<h1>Neue Bibliothek</h1><p>Emmanuelle Ducros</p><p>15 Mai 2019 à 06h00</p>${STORY}`, 'Emmanuelle Ducros'],
    ['on the line after the date, punctuation lines skipped', `<h1>Neue Bibliothek</h1><p>Dienstag, 01. Februar 2022 12:10</p><p>,</p><p>Jil Schuller</p>${STORY}`, 'Jil Schuller'],
    ['a "by" cue glued to the name', `<h1>Neue Bibliothek</h1><p><span>By</span><a href="/p/ab">Alex Bozarjian</a></p><p>Thursday, November 9, 2023 4:41AM</p>${STORY}`, 'Alex Bozarjian'],
    ['the date\'s separated field above the headline', `<p>04.02.2022 | 13:10 Uhr | Uta Helkenberg</p><h1>Neue Bibliothek</h1>${STORY}`, 'Uta Helkenberg'],
    ['a section label beside the date above the headline is no name', `<p>Ehrenamt Jugendverbände 23.01.2020</p><h1>Neue Bibliothek</h1>${STORY}`, null],
    ['a word in lower case is no name', `<h1>Neue Bibliothek</h1><p>Zuletzt aktualisiert 11.12.2019</p>${STORY}`, null],
  ])('a name next to the date: %s', (_, body, name) => {
    expect(authorOf(body)?.value ?? null).toBe(name);
  });

  it.each([
    ['a meta author holding the site\'s host', '<link rel="canonical" href="https://www.dailyoasis.example/a/1"><meta name="author" content="Daily Oasis (www.dailyoasis.example)">', `<h1>Neue Bibliothek</h1><p>Von Jana Roe</p>${STORY}`, 'Jana Roe'],
    ['a JSON-LD author that is the site', '<meta property="og:site_name" content="Daily Oasis"><script type="application/ld+json">{"@type":"NewsArticle","author":{"name":"Daily Oasis"}}</script>', `<h1>Neue Bibliothek</h1>${STORY}<p>Von Jana Roe</p>`, 'Jana Roe'],
    ['a meta author that is mostly the host\'s name', '<link rel="canonical" href="https://www.volksblatt.example/a/1"><meta name="author" content="OÖ Volksblatt">', `<h1>Neue Bibliothek</h1><p>Autorin: Uta Roe, Projektleiterin</p>${STORY}`, 'Uta Roe'],
    ['the site\'s author meta is the last resort', '<meta property="og:site_name" content="Daily Oasis"><meta name="author" content="Daily Oasis">', `<h1>Neue Bibliothek</h1>${STORY}`, 'Daily Oasis'],
  ])('the site is no person: %s', (_, head, body, name) => {
    expect(withHead(head, body)?.value ?? null).toBe(name);
  });

  it.each([
    ['Richard David Precht im Gespräch mit Karin Fischer', 'Richard David Precht'],
    ['Ursula von der Leyen sagte', 'Ursula von der Leyen'],
    ['بواسطة ironghost', 'بواسطة ironghost'],
    ['jancak on March 3', 'jancak'],
  ])('cutName(%s): a lower-case word ends a name in a cased script', (text, name) => {
    expect(cutName(text)).toBe(name);
  });
});

describe('extractMetadata: credited logins, organisations and author elements', () => {
  const withHead = (head: string, body: string) =>
    extractMetadata(analyze(normalize(`<html><head>${head}</head><body>${body}</body></html>`))).author;
  const STORY = '<p>The library on the market square opened again today after two years of work on its roof.</p>';

  it.each([
    ['a login a "by" word credits on the date\'s line', `<h1>Library opens</h1><p>Posted in News by jroe on March 3, 2019</p>${STORY}`, 'jroe'],
    ['a credit verb and a login at the end of the story', `<h1>Library opens</h1>${STORY}<p>Gespeichert von jroe am 24. Juli 2017 - 18:55</p>`, 'jroe'],
    ['a word the page writes often is no login', `<h1>Library opens</h1><p>By the end of March 3, 2019 the roof was done.</p>${STORY}${STORY}${STORY}${STORY}${STORY}`, null],
    ['a login with a capital inside, right before the date', `<h1>Library opens</h1><p>HansEhrlich 17.10.2019, 13:56 Uhr</p>${STORY}`, 'HansEhrlich'],
    ['a menu label closed by a colon is no name', `<p>autoren: unerhört: media:</p><h1>Library opens</h1>${STORY}`, null],
    ['an editorial-staff noun is an editor cue', `<p>05.02.2020 - Redaktion: Eberhard Fuhr (Pressesprecher)</p><h1>Library opens</h1>${STORY}`, 'Eberhard Fuhr'],
    ['a "by" word inside an author element', `<h1>Library opens</h1>${STORY}<a rel="author" href="/author/dl">View all posts by Daniel Lemire</a>`, 'Daniel Lemire'],
    ['the date opening an author element is no name', `<h1>Library opens</h1><div class="byline">Dezember 10, 2019 · von freeman1984 · in Allgemein</div>${STORY}`, 'freeman1984'],
    ['a cue in the headline itself is no byline', `<h1>Von Sprachregeln und Gender</h1>${STORY}<p>Autor: Fritz Imhof</p>`, 'Fritz Imhof'],
  ])('%s', (_, body, name) => {
    expect(authorOf(body)?.value ?? null).toBe(name);
  });

  it.each([
    ['an author meta that is no person yields to a person the page names', '<meta name="author" content="Bund der Leser e.V.">', `<h1>Library opens</h1><p>Von Leonora Holling</p>${STORY}`, 'Leonora Holling'],
    ['it stays when the page names only a login', '<meta name="author" content="Organization for Open Works">', `<h1>Library opens</h1><a rel="author" href="/users/moonfox">moonfox</a>${STORY}`, 'Organization for Open Works'],
    ['it stays when the page names no one', '<meta name="author" content="Bund der Leser e.V.">', `<h1>Library opens</h1>${STORY}`, 'Bund der Leser e.V.'],
    ['a declared login spelled out in the byline', '<meta property="article:author" content="gabor_munier">', `<h1>Library opens</h1><p>Author: Gàbor Muniér, Datum: 03.Mär.19</p>${STORY}`, 'Gàbor Muniér'],
    ['an author element naming the site yields to a byline in the text', '<meta property="og:site_name" content="The Planet Press">', `<h1>Library opens</h1><p>By</p><p class="author">The Planet Press</p>${STORY}<p>Written by: Julie Mollins</p>`, 'Julie Mollins'],
    ['a blog signed with its own name keeps it', '<link rel="canonical" href="https://the-pain.example/2008/05/x.html">', `<h1>Library opens</h1><span class="author">ThE_PaiN</span>${STORY}`, 'ThE_PaiN'],
  ])('%s', (_, head, body, name) => {
    expect(withHead(head, body)?.value ?? null).toBe(name);
  });

  it('a comment author after the story is not the page\'s when the page is signed with the site\'s name', () => {
    const doc = analyze(normalize(`<html><head><meta property="og:site_name" content="gnaddrig"></head><body><h1>Scissor cuts</h1><span class="author">gnaddrig</span><p id="a">The library on the market square opened again today after two years of work on its roof, and the first visitors came early.</p><div>${'<p>More about other things that happened in town this week.</p>'.repeat(12)}</div><ol><li><span class="comment-author">Anhora</span> sagt: 06.01.2020 um 9:16 Beide Bilder sind toll!</li></ol></body></html>`));
    const story = doc.index.tag.findIndex((tag, id) => tag === 'p' && doc.textOf(id).startsWith('The library'));
    expect(extractMetadata(doc, {}, { blocks: [{ node: story }] }).author?.value).toBe('gnaddrig');
  });
});

describe('extractMetadata: labelled author metas', () => {
  const pageOf = (head: string, body: string) => extractMetadata(analyze(normalize(`<html><head>${head}</head><body>${body}</body></html>`))).author;
  const body = '<article><h1>Ein Tag am Meer</h1><p>Wir fuhren früh los und kamen am Mittag an der Küste an.</p></article>';

  it('takes twitter:dataN when its twitter:labelN is a credit label', () => {
    const found = pageOf('<meta name="twitter:label1" content="Verfasst von"><meta name="twitter:data1" content="Karla Sommer">', body);
    expect(found?.value).toBe('Karla Sommer');
    expect(found?.source).toBe('meta:twitter:data1');
  });

  it('ignores twitter:dataN under another label', () => {
    expect(pageOf('<meta name="twitter:label1" content="Geschätzte Lesezeit"><meta name="twitter:data1" content="3 Minuten">', body)).toBeNull();
  });
});
