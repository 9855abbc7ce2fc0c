import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { normalize } from '../../src/encoding/normalize.js';
import { findDates } from '../../src/vocabulary/dates.js';
import { extractMetadata } from '../../src/metadata/page.js';

const UG_MONTHS = ['يانۋار', 'فېۋرال', 'مارت', 'ئاپرېل', 'ماي', 'ئىيۇن', 'ئىيۇل', 'ئاۋغۇست', 'سېنتەبىر', 'ئۆكتەبىر', 'نويابىر', 'دېكابىر'];
const AR_MONTHS = ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'];
const LEVANT_MONTHS = ['كانون الثاني', 'شباط', 'آذار', 'نيسان', 'أيار', 'حزيران', 'تموز', 'آب', 'أيلول', 'تشرين الأول', 'تشرين الثاني', 'كانون الأول'];
const EN_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const iso = (month: number): string => `2019-${String(month).padStart(2, '0')}-20`;

describe('findDates: every month name', () => {
  it.each(UG_MONTHS.map((name, i) => [name, i + 1] as const))('Uyghur %s', (name, month) => {
    expect(findDates(`2019-يىلى 20-${name}`)[0]?.iso).toBe(iso(month));
  });
  it.each(AR_MONTHS.map((name, i) => [name, i + 1] as const))('Arabic %s', (name, month) => {
    expect(findDates(`20 ${name} 2019`)[0]?.iso).toBe(iso(month));
  });
  it.each(LEVANT_MONTHS.map((name, i) => [name, i + 1] as const))('Levantine %s', (name, month) => {
    expect(findDates(`20 ${name} 2019`)[0]?.iso).toBe(iso(month));
  });
  it.each(EN_MONTHS.map((name, i) => [name, i + 1] as const))('English %s', (name, month) => {
    expect(findDates(`${name} 20, 2019`)[0]?.iso).toBe(iso(month));
  });
});

describe('findDates: the formats of issue 5', () => {
  it.each([
    ['2019-02-20T02:26:00+08:00', '2019-02-20T02:26+08:00'],
    ['2019-02-20T02:26:00+0800', '2019-02-20T02:26+08:00'],
    ['2019-02-20 02:26', '2019-02-20T02:26'],
    ['2019/2/20', '2019-02-20'],
    ['20.02.2019', '2019-02-20'],
    ['2019年2月20日', '2019-02-20'],
    ['二〇一九年二月二十日', '2019-02-20'],
    ['二〇〇五年十二月三十一日', '2005-12-31'],
    ['二〇一九年十月一日', '2019-10-01'],
    ['٢٠١٩-٠٢-٢٠', '2019-02-20'],
    ['۲۰۱۹/۲/۲۰', '2019-02-20'],
  ])('%s', (text, want) => {
    expect(findDates(text)[0]?.iso).toBe(want);
  });

  it.each([['二〇一九年二月三十日'], ['二〇一九年十三月一日'], ['二〇一九年二月十十日']])('rejects %s', (text) => {
    expect(findDates(text)).toEqual([]);
  });
});

const NOW = Date.parse('2024-06-01T00:00:00Z');
const dateOf = (html: string, url = '') => extractMetadata(analyze(normalize(html)), { url }).date;
const page = (head: string, body: string) => `<html><head>${head}</head><body>${body}</body></html>`;
const pageIn = (lang: string, head: string, body: string) => `<html lang="${lang}"><head>${head}</head><body>${body}</body></html>`;

describe('extractMetadata: publication date', () => {
  it.each([
    ['发布 cue', page('', '<p>页头 2024-05-30</p><h1>新馆开放</h1><p>点击 12 次 发布：2019-02-20 08:15 来源：晨光日报</p>'), '2019-02-20T08:15', 'text:cue'],
    ['发表于 cue', page('', '<h1>读书笔记</h1><p>书友 发表于 2019/2/20 21:05</p>'), '2019-02-20T21:05', 'text:cue'],
    ['时间 cue', page('', '<h1>社区图书馆</h1><div>浏览 3 次 时间：2019年2月20日</div>'), '2019-02-20', 'text:cue'],
    ['Uyghur cue', page('', '<h1>كىتاب كۆرگەزمىسى</h1><p>كۆرۈلۈشى 15 نەشر قىلىنغان ۋاقىت: 2019-يىلى 20-فېۋرال</p>'), '2019-02-20', 'text:cue'],
    ['Arabic cue', page('', '<h1>افتتاح مكتبة</h1><p>المشاهدات 15 تاريخ النشر: ٢٠ فبراير ٢٠١٩</p>'), '2019-02-20', 'text:cue'],
    ['Published cue', page('', '<h1>Library opens</h1><p>Views 15 Published 20 February 2019</p>'), '2019-02-20', 'text:cue'],
    ['Posted cue', page('', '<h1>Library opens</h1><p>3 replies · Posted Feb 20, 2019 8:30 pm</p>'), '2019-02-20T20:30', 'text:cue'],
    ['the clock in the header is not the date', page('', '<p>ھازىرقى ۋاقىت: 2024-يىلى 1-ماي</p><h1>كىتاب كۆرگەزمىسى</h1><p>2019-02-20 كۈنى</p>'), '2019-02-20', 'text'],
    ['a sidebar date before the title loses to the byline after it', page('', '<div class="date">2024-05-31</div><h1>Library opens</h1><span class="date">2019-02-20</span>'), '2019-02-20', 'element'],
    ['article:published_time', page('<meta property="article:published_time" content="2019-02-20T02:26:00Z">', '<h1>T</h1><p>2020-01-01</p>'), '2019-02-20T02:26Z', 'meta:article:published_time'],
    ['modified time is not a publication date', page('<meta property="article:modified_time" content="2020-01-01">', '<h1>T</h1><p>Posted 2019-02-20</p>'), '2019-02-20', 'text:cue'],
    ['JSON-LD datePublished', page('<script type="application/ld+json">{"@type":"NewsArticle","datePublished":"2019-02-20T02:26:00Z"}</script>', '<h1>T</h1>'), '2019-02-20T02:26Z', 'json-ld'],
    ['JSON-LD dateCreated loses to the publication meta', page('<script type="application/ld+json">{"@type":"Article","dateCreated":"2019-02-21T01:18:13Z"}</script><meta property="article:published_time" content="2019-02-20T17:18:13-08:00">', '<h1>T</h1>'), '2019-02-20T17:18-08:00', 'meta:article:published_time'],
    ['JSON-LD dateCreated when nothing else dates the page', page('<script type="application/ld+json">{"@type":"Article","dateCreated":"2019-02-21T01:18:13Z"}</script>', '<h1>T</h1>'), '2019-02-21T01:18Z', 'json-ld:dateCreated'],
    ['JSON-LD datePublished on a @graph WebPage', page('<script type="application/ld+json">{"@graph":[{"@type":"WebPage","datePublished":"2019-02-20T19:35:33+00:00"}]}</script>', '<h1>T</h1><p>2018-01-01</p>'), '2019-02-20T19:35+00:00', 'json-ld'],
    ['JSON-LD datePublished in JSON that does not parse', page('<script type="application/ld+json">{"@type":"NewsArticle","image":{"url":"a.jpg",},"datePublished": "2019-02-20T18:10:00+01:00"}</script>', '<h1>T</h1><p>2018-01-01</p>'), '2019-02-20T18:10+01:00', 'json-ld'],
    ['a date mentioned in prose loses to the dateline above the headline', page('', '<p>Finanzas / martes 17 de marzo de 2020</p><h1>El petróleo cae</h1><p>El barril cerró hoy en 18 dólares, su cotización más baja desde el 6 de marzo de 2002, y el promedio del año cae a 45 dólares por barril según los datos de la empresa estatal.</p>'), '2020-03-17', 'text:before'],
    ['a dateline opening a long paragraph beats a date inside a caption', page('', '<h1>Protesters gather</h1><div>FILE PHOTO: The president delivers his new year wishes to the armed forces during a ceremony at the air base near the old city on the river, France, January 16, 2020. Photographer via the agency</div><p>January 18, 2020 PARIS (Agency) – Protesters gathered outside the theatre on Friday evening where the president was watching a play.</p>'), '2020-01-18', 'text'],
    ['a date inside the headline is its subject', page('', '<h1>Winners of the sales (2020/7/11-12)</h1><p>2020年07月12日 | Sales</p>'), '2020-07-12', 'text'],
    ['a "date" running from the headline\'s last number into the next line is the headline\'s', page('<title>Winners of the sales of week 11</title>', '<h1>Winners of the sales of week 11</h1><p>July 2020</p><p>The shop sold many books.</p><p>3 August 2020</p>'), '2020-08-03', 'text'],
    ['a byline repeating the date the headline names', page('', '<p>Jane Roe / 22.04.2020 / 06:15</p><h1>Report of 22.04.2020: what comes next?</h1><p>The council met again on Tuesday and the members spoke about the new library, the roads and the park near the river for two hours.</p>'), '2020-04-22', 'text:before'],
    ['a date the <title> repeats is not in the headline', page('<title>Library opens | City News | 23.05.2011</title>', '<h1>Library opens</h1><p>The new library opened today.</p><ul><li>Date 23.05.2011</li></ul>'), '2011-05-23', 'text:cue'],
    ['a UTC stamp takes the local day its date element shows', page('<script type="application/ld+json">{"@type":"NewsArticle","datePublished":"2020-12-05T23:15:0Z"}</script>', '<h1>T</h1><p itemprop="datePublished">06 Dicembre 2020</p>'), '2020-12-06', 'json-ld+element'],
    ['a UTC stamp two days from the date element stays', page('<script type="application/ld+json">{"@type":"NewsArticle","datePublished":"2020-12-05T23:15:00Z"}</script>', '<h1>T</h1><p itemprop="datePublished">07 Dicembre 2020</p>'), '2020-12-05T23:15Z', 'json-ld'],
    ['a stamp with a local offset is never moved', page('<meta property="article:published_time" content="2020-12-05T23:15:00+01:00">', '<h1>T</h1><time>06.12.2020</time>'), '2020-12-05T23:15+01:00', 'meta:article:published_time'],
    ['the page header date when nothing near the headline is dated', page('', '<p>Miércoles, 15 de Abril de 2020</p><p>Noticias</p><p>' + 'Texto de portada. '.repeat(30) + '</p><h1>Portada</h1><p>Sin fecha.</p>'), '2020-04-15', 'text:page'],
    ['<time datetime>', page('', '<h1>T</h1><time datetime="2019-02-20">Wednesday</time>'), '2019-02-20', 'time[datetime]'],
    ['a blog date header above the headline', page('', '<h2>Notes by hand</h2><h3>Sunday, May 8, 2016</h3><h1>Ink and paper</h1><p>I wrote this with a pen.</p>'), '2016-05-08', 'text:before'],
    ['a cued dateline above the headline', page('', '<h1>新馆开放</h1><p>发布时间：2022-02-13 04:22:18 来源：晨光日报</p><p>分享到：</p><h2>新馆开放</h2><p>本市新图书馆今天开放，读者可以借阅图书。</p>'), '2022-02-13T04:22', 'text:before:cue'],
    ['a dateline after the headline beats one before it', page('', '<p>2016-05-08</p><h1>Ink and paper</h1><p>Posted 2019-02-20</p>'), '2019-02-20', 'text:cue'],
    ['a clock above the headline is not the date', page('', '<p>现在时间：2024-05-30</p><h1>新馆开放</h1><p>本市新图书馆今天开放。</p>'), null, null],
  ])('%s', (_, html, value, source) => {
    const date = dateOf(html);
    if (value === null) expect(date).toBeNull();
    else expect(date).toMatchObject({ value, source });
  });

  it.each([
    ['beats the page\'s 发布日期 and its PubDate meta', page('<meta name="PubDate" content="2022-01-28 00:00:00">', '<table><tr><td>成文日期：</td><td>2022年01月27日</td></tr><tr><td>发布日期：</td><td>2022年01月28日</td></tr></table><h1>关于开放新馆的通告</h1><p>特此通告。</p>'), '2022-01-27', 'text:document-date'],
    ['成文日期 without a date after it is ignored', page('<meta name="PubDate" content="2022-01-28 00:00:00">', '<p>成文日期：见正文</p><h1>关于开放新馆的通告</h1>'), '2022-01-28T00:00', 'meta:pubdate'],
  ])('成文日期 (an official document\'s own date) %s', (_, html, value, source) => {
    expect(dateOf(html)).toMatchObject({ value, source });
  });

  const LONG = '<p>' + 'The council met again on Tuesday and spoke about the library, the roads and the park. '.repeat(12) + '</p>';
  it.each([
    ['the page shows the declared moment at its local day', page('<script type="application/ld+json">{"@type":"NewsArticle","datePublished":"2019-10-18T22:04:00Z"}</script>', '<h1>Library opens</h1><p>Von Jane Roe 19. Oktober 2019 00:04 Uhr</p>' + LONG), '2019-10-19T00:04', 'json-ld+text'],
    ['a shown clock at no real offset from the stamp is another moment', page('<script type="application/ld+json">{"@type":"NewsArticle","datePublished":"2019-10-18T22:04:00Z"}</script>', '<h1>Library opens</h1><p>Von Jane Roe 19. Oktober 2019 00:10 Uhr</p>' + LONG), '2019-10-18T22:04Z', 'json-ld'],
    ['a UTC stamp takes the next day its address states', page('<meta property="article:published_time" content="2018-12-31T23:11:59+00:00"><link rel="canonical" href="https://blog.example.org/2019/01/01/new-year/">', '<h1>New year</h1>' + LONG), '2019-01-01', 'meta:article:published_time+url'],
    ['an address minted the day before a morning UTC stamp no offset reaches', page('<meta property="article:published_time" content="2020-07-09T10:04:00Z"><link rel="canonical" href="https://news.example.com/politics/2020/07/08/story.html">', '<h1>Story</h1>' + LONG), '2020-07-09T10:04Z', 'meta:article:published_time'],
    ['an address dated after the declaration does not move it', page('<meta property="article:published_time" content="2017-07-12T18:28:00+02:00"><link rel="canonical" href="https://mag.example.com/home/2019/6/17/lighthouse-walk">', '<h1>The lighthouse walk</h1>' + LONG), '2017-07-12T18:28+02:00', 'meta:article:published_time'],
    ['a generic date meta gives way to the date shown by the headline', pageIn('de', '<meta name="date" content="2020-02-12">', '<h1>Fair supply chains</h1><p>05.02.2020 - Editor: Jane Roe</p>' + LONG), '2020-02-05', 'text'],
    ['a generic date meta stays beside a list of dated events', pageIn('de', '<meta name="date" content="2020-02-11">', '<h1>Wines of Rioja</h1><p>29.02.2020 18:00 Blind tasting</p><p>04.04.2020 18:00 Tempranillo evening</p><p>09.05.2020 18:00 Atlantic wines</p>' + LONG), '2020-02-11', 'meta:date'],
    ['the date two declarations and the page agree on outvotes JSON-LD', pageIn('de', '<script type="application/ld+json">{"@type":"Article","datePublished":"2022-01-04T07:29:00Z"}</script><meta property="article:published_time" content="2022-01-06T08:29:34">', '<h1>Vanlife</h1><p>06.01.2022</p>' + LONG), '2022-01-06', 'text'],
    ['a shown update does not outvote the declared publication', page('<meta property="article:published_time" content="2017-04-12T18:33:59+02:00"><meta property="article:modified_time" content="2020-02-19T15:24:33+01:00"><meta itemprop="datePublished" content="2020-02-19">', '<h1>Good bacteria</h1><p>Jane Roe</p><p>| Le 19 février 2020</p>' + LONG), '2017-04-12T18:33+02:00', 'meta:article:published_time'],
    ['microdata datePublished beats a generic date meta', page('<meta name="date" content="2022-01-21T15:38:44+01:00">', '<h1>Dogs in winter</h1><p><time itemprop="datePublished" datetime="2022-01-27">27.01.2022</time></p>' + LONG), '2022-01-27', 'microdata'],
    ['an abbr title is microdata (hAtom)', page('', '<h2>Saturday</h2><h1>Review</h1><p>Release date: 14.08.2017</p>' + LONG + '<p><abbr class="published" itemprop="datePublished" title="2017-09-09T10:52:00+02:00">10:52</abbr></p>'), '2017-09-09T10:52+02:00', 'microdata'],
    ['a byline date with a two-digit year', pageIn('de', '', '<h1>Frei erfunden</h1><div>Von: Jane Roe | 31.10.23</div>' + LONG), '2023-10-31', 'text'],
    ['a two-digit year in prose far from the headline is not read', pageIn('de', '', '<h1>Frei erfunden</h1>' + LONG + LONG + '<p>Version 3.10.23 ist erschienen.</p>'), null, null],
    ['an update by the headline gives way to the publication after it', page('', '<h1>Dead skin</h1><p>Updated Mar 12, 2020</p><p>Published Oct 15, 2019</p>' + LONG), '2019-10-15', 'text:cue'],
    ['the page\'s own stamp beats a date mentioned in prose', pageIn('de', '', '<h1>Hackathon im Sommer</h1><p>' + 'Die Mitglieder aus der Stadt fahren voraussichtlich am 23.-26.8.2017 hin und sind mit dabei, wie jedes Jahr im Sommer. '.repeat(3) + '</p>' + LONG + '<p>Gespeichert von jr am 24. Juli 2017 - 18:55</p>'), '2017-07-24T18:55', 'text:page:stamp'],
    ['a stated update beats a date opening a paragraph far from the headline', pageIn('de', '', '<h1>Kinder und Arbeit</h1>' + LONG + LONG + '<p>Seit 4. August 2014 gilt ein neues Gesetz, das die Arbeit von Kindern regelt und viele Fragen offen lässt, wie die Verbände sagen, die seit Jahren mit den Kindern arbeiten und sie beraten.</p><p>Aktualisiert: 30.12.2016</p>'), '2016-12-30', 'text:page:updated'],
    ['a header clock outvoted by the byline and the address', page('<link rel="canonical" href="https://news.example.com/world/fire-under-control-20200113">', '<span class="date">Tue, 14 Jan 2020</span><p>Home</p><p>World</p><h1>Fire under control</h1><p>News Agency</p><p>13 Jan 2020, 22:11 GMT+10</p>' + LONG), '2020-01-13', 'url'],
    ['a dated element of a related list is not the page\'s date', pageIn('fr', '', '<h1>Un braconnier condamné</h1><p>27 Sep 2016</p>' + LONG + '<p>Partager</p><p>Imprimer</p><p>Articles récents</p><ul><li>Un chimpanzé saisi <span class="post-date">09/09/2019</span></li><li>Un pélican libéré <span class="post-date">05/07/2019</span></li><li>Une saisie record <span class="post-date">20/06/2019</span></li></ul>'), '2016-09-27', 'text'],
    ['nothing else dates the page: its script data\'s publication field', page('<script>var product = {"title":"Coffee beans","published_at":"2019-03-02T06:22:28+01:00","vendor":"Roaster"};</script>', '<h1>Coffee beans</h1><p>Organic beans from the highlands.</p>'), '2019-03-02T06:22+01:00', 'script:data'],
    ['nothing else dates the page: a date an inline script writes where it stands', page('', '<h1>Effect</h1><p>Views <script>showDate("2020/04/17 01:43:09")</script></p><p>Text of the post.</p>'), '2020-04-17T01:43', 'script'],
    ['nothing else dates the page: the date path of its image', page('<meta property="og:image" content="https://example.org/files/2016/05/04/report-og.png">', '<h1>Report 2015</h1><p>Our year.</p>'), '2016-05-04', 'image:og:image'],
    ['nothing else dates the page: its description', pageIn('it', '<meta name="description" content="Un anno da record (Notizia del 14 Gennaio 2020)">', '<h1>Un anno da record</h1><p>Il parco conta gli orsi.</p>'), '2020-01-14', 'description:description'],
    ['a long script is a program, not a date it writes', page('', '<h1>Effect</h1><script>' + 'var a = 1; '.repeat(30) + 'var d = "2020/04/17";</script><p>Text.</p>'), null, null],
    ['a paragraph\'s opening date beats a sidebar list of dated teasers', pageIn('de', '', '<ul><li>Die Rückkehr des Protestes 29.11.2022</li><li>Heizung selbst prüfen 22.11.2022</li><li>Entlastungen auf einen Blick 21.11.2022</li><li>Abschläge im Dezember 15.11.2022</li></ul><p>Newsletter</p><p>Der Verein berät seine Mitglieder seit vielen Jahren in allen Fragen rund um Strom, Gas und Wärme, am Telefon und vor Ort, und er hilft bei Streit mit dem Versorger, bei Abrechnungen und bei Fragen zur Heizung im Haus.</p><h1>Gaspreise</h1>' + LONG + LONG + '<p>(21. November 2022) Die Verbraucher erhalten eine Preiserhöhung, und der Verein rät, jeden Brief des Versorgers genau zu lesen und die Abschläge zu prüfen, bevor man zahlt.</p>'), '2022-11-21', 'text:page'],
    ['itemprop=dateModified is never the publication', page('', '<h1>Template</h1><time itemprop="dateModified" class="hidden">2018-08-29 14:15:57</time><time itemprop="datePublished" datetime="2018-06-22 10:20:00" class="hidden">2018-06-22 10:20:00</time>' + LONG), '2018-06-22T10:20', 'microdata'],
    ['a UTC stamp at local midnight takes the day a BEM date element shows', pageIn('de', '<meta property="article:published_time" content="2021-11-04T23:00Z"><meta property="article:modified_time" content="2021-11-05T12:42Z">', '<h1>Wahlen im Herbst</h1><p>von Jane Roe</p><span class="o-meta o-meta--date">5. November 2021</span>' + LONG), '2021-11-05', 'meta:article:published_time+element'],
    ['the page\'s own teaser in a related list dates it', pageIn('de', '<link rel="canonical" href="https://zeitung.example.at/gesellschaft/ruhig-bleiben-2497954">', '<ul><li><a href="/politik/wahl-123">Die Wahl</a> <span>26. Februar 2020</span></li></ul><h1>Ruhig bleiben</h1>' + LONG + '<div class="slider"><article><h2><a href="/gesellschaft/ruhig-bleiben-2497954">Ruhig bleiben</a></h2><footer>18. März 2020</footer></article><article><h2><a href="/kultur/theater-88">Theater</a></h2><footer>17. März 2020</footer></article></div>'), '2020-03-18', 'own-teaser'],
    ['a comment\'s permalink to the page is not its teaser', pageIn('de', '<link rel="canonical" href="https://blog.example.de/2015/06/juni.html">', '<h1>Juni</h1><p>5. Juni 2015</p>' + LONG + '<div><a href="https://blog.example.de/2015/06/juni.html#c78">Jane</a> 6. Juni 2015 um 10:23<p>Schön!</p></div>'), '2015-06-05', 'text'],
    ['a block around the own link that holds two dates is the list, not the teaser', pageIn('de', '<link rel="canonical" href="https://sport.example.com/news/10759-sieg">', '<h1>Sieg in Willingen</h1><p>Erstellt am: 30.01.2022 18:36</p>' + LONG + '<div><p>01.02.2022 16:28</p><a href="/news/10759-sieg">Sieg in Willingen</a><p>29.01.2022 14:47</p></div>'), '2022-01-30T18:36', 'text:cue'],
    ['a dated element above the headline (a site clock) ties with the dateline after it and loses', pageIn('de', '', '<p><time datetime="2023-11-01T13:56:20+01:00">Mittwoch, 01. November 2023</time></p><p>Spenden</p><h1>Im Schlepptau</h1><p>31. Oktober 2023. Die Figuren der Bühne stehen im Mittelpunkt dieser Kolumne über das Theater der Stadt.</p>' + LONG), '2023-10-31', 'text'],
    ['a date after the last change the page states is an event to come, not its publication', pageIn('de', '', '<h1>Stammtisch</h1><p>Das nächste Treffen ist am Mi. 5. Februar 2020 ab 19 Uhr im Gasthaus am Markt.</p>' + LONG + '<p>Diese Seite wurde zuletzt am 29. Januar 2020 um 13:22 Uhr geändert.</p>'), '2020-01-29T13:22', 'text:page:updated'],
    ['an English page: the next meeting after its last update', page('', '<h1>Book club</h1><p>We meet next on 3 March 2021 in the reading room.</p>' + LONG + '<p>Last updated on 20 February 2021</p>'), '2021-02-20', 'text:page:updated'],
    ['a date before the stated last change is still the publication', pageIn('de', '', '<h1>Stammtisch</h1><p>Das Treffen war am Mi. 8. Januar 2020 im Gasthaus am Markt.</p>' + LONG + '<p>Diese Seite wurde zuletzt am 29. Januar 2020 um 13:22 Uhr geändert.</p>'), '2020-01-08', 'text'],
    ['a state of data mentioned in prose is no stated change', pageIn('de', '', '<h1>Regeln beim Friseur</h1><p>Am 20. Januar 2022</p>' + LONG + '<p>Welche Regeln beim Besuch beim Friseur gelten, hängt vom Land ab, in dem man wohnt, und davon, ob man geimpft ist; hier ein Überblick über die Regeln der Länder (Stand 14. Januar 2022), ohne Gewähr.</p>'), '2022-01-20', 'text'],
    ['a link naming when another page changed states no change of this one', page('', '<h1>Markets rally</h1><p>July 23, 2012</p>' + LONG + '<p><a href="/privacy">Privacy Policy - Updated 10/18/2011</a></p>'), '2012-07-23', 'text'],
    ['a declared publication is not bounded by the stated last change', pageIn('fr', '<meta property="article:published_time" content="2020-03-02T10:00:00+01:00">', '<h1>La fête</h1>' + LONG + '<p>Mis à jour le 1 mars 2020</p>'), '2020-03-02T10:00+01:00', 'meta:article:published_time'],
    ['an all-numeric generic meta read in the order the page shows', pageIn('de', '<meta name="date" content="11/01/2023 12:43:42">', '<h1>Trinkwasser</h1>' + LONG + LONG + LONG + '<p>Erstellt am: 01.11.2023</p>'), '2023-11-01', 'meta:date+text'],
  ])('%s', (_, html, value, source) => {
    if (value === null) expect(dateOf(html)).toBeNull();
    else expect(dateOf(html)).toMatchObject({ value, source });
  });

  it.each([
    ['en-GB', '2020-10-02'],
    ['en-US', '2020-02-10'],
    ['en', '2020-02-10'],
    ['de', '2020-10-02'],
  ])('reads 02/10/2020 by the declared region (%s)', (lang, value) => {
    expect(dateOf(`<html lang="${lang}"><head></head><body><h1>Halls are full</h1><span class="date">02/10/2020</span></body></html>`)?.value).toBe(value);
  });

  it('reads the date from the URL path', () => {
    expect(dateOf(page('<link rel="canonical" href="https://news.example.com/2019/02/20/library.html">', '<h1>T</h1>'))).toMatchObject({ value: '2019-02-20', source: 'url' });
  });

  it('reads 7/5/2005 month first on a Chinese page', () => {
    expect(dateOf(page('<meta http-equiv="content-language" content="zh-CN">', '<h1>标题</h1><p>发布日期： 7/5/2005 9:23:57 PM</p>'))?.value).toBe('2005-07-05T21:23');
  });

  it('never takes an impossible (future) date', () => {
    const m = extractMetadata(analyze(normalize(page('<meta name="pubdate" content="2999-01-01">', '<h1>T</h1><p>Posted 2019-02-20</p>'))));
    expect(m.date?.value).toBe('2019-02-20');
    expect(Date.parse(m.date?.value ?? '')).toBeLessThan(NOW);
  });
});
