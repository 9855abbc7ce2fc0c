import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { normalize } from '../../src/encoding/normalize.js';
import { extractTitle, splitTitle } from '../../src/metadata/title.js';

const titleOf = (html: string) => extractTitle(analyze(normalize(html)));

describe('splitTitle', () => {
  it.each([
    ['Notes by hand | Slow Pages', ['Notes by hand', 'Slow Pages']],
    ['本市新建三座社区图书馆_城市新闻_晨光网', ['本市新建三座社区图书馆', '城市新闻', '晨光网']],
    ['note-taking apps - Slow Pages', ['note-taking apps', 'Slow Pages']],
    ['A – B', ['A', 'B']],
    ['A — B', ['A', 'B']],
    ['A · B', ['A', 'B']],
    ['A·B · Site', ['A·B', 'Site']],
    ['11岁的叶甫根尼·普鲁申', ['11岁的叶甫根尼·普鲁申']],
    ['La col·lecció del museu ·Diari', ['La col·lecció del museu', 'Diari']],
    ['A :: B', ['A', 'B']],
    ['A » B', ['A', 'B']],
    ['Forum • View topic - Why the sky is blue', ['Forum', 'View topic', 'Why the sky is blue']],
    ['AC/DC live / Music', ['AC/DC live', 'Music']],
    ['Ratio 3:4 explained', ['Ratio 3:4 explained']],
    ['ئۈرۈمچىدە كىتاب كۆرگەزمىسى ئېچىلدى — تەڭرىتاغ خەۋەرلىرى', ['ئۈرۈمچىدە كىتاب كۆرگەزمىسى ئېچىلدى', 'تەڭرىتاغ خەۋەرلىرى']],
  ])('%s', (title, segments) => {
    expect(splitTitle(title)).toEqual(segments);
  });
});

describe('extractTitle', () => {
  it.each([
    ['og:title wins', '<title>X | Site</title><meta property="og:title" content="The Real Title"><h1>Other</h1>', 'The Real Title', 'meta:og:title'],
    ['og:title is kept as the publisher wrote it', '<meta property="og:site_name" content="Site"><meta property="og:title" content="The Real Title - Site">', 'The Real Title - Site', 'meta:og:title'],
    ['dc:title before og:title', '<meta property="og:title" content="OG"><meta property="dc:title" content="Dublin Core">', 'Dublin Core', 'meta:dc:title'],
    ['space-separated property keys', '<meta property="x:title dc:title" content="Both keys">', 'Both keys', 'meta:dc:title'],
    ['property before name', '<meta name="DC.title" content="By name"><meta property="dc:title" content="By property">', 'By property', 'meta:dc:title'],
    ['JSON-LD headline first', '<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"From JSON-LD"}</script><meta property="og:title" content="OG">', 'From JSON-LD', 'json-ld'],
    ['JSON-LD in @graph', '<script type="application/ld+json">{"@graph":[{"@type":"WebSite","name":"Site"},{"@type":"BlogPosting","headline":"In the graph"}]}</script>', 'In the graph', 'json-ld'],
    ['JSON-LD name when the headline is a summary', '<title>Kashgar - Encyclopedia</title><script type="application/ld+json">{"@type":"Article","name":"Kashgar","headline":"oasis city in the Tarim Basin"}</script>', 'Kashgar', 'json-ld'],
    ['broken JSON-LD is skipped', '<script type="application/ld+json">{"@type":"Article",</script><title>Fine | Site</title>', 'Fine', 'title'],
    ['-- separates too', '<title>多数夫妻生活有名无实--晨光新闻</title>', '多数夫妻生活有名无实', 'title'],
    ['phpBB: the topic h2 near the posts, not the logo h1', '<title>Green Forum • View topic - Why the sky is blue</title><h1>Green Forum</h1><p>nav</p><h2>Why the sky is blue</h2><div>posts</div>', 'Why the sky is blue', 'title'],
    ['Discuz: heading with a [label] confirms the segment', '<title>Why the sky is blue - Science - Green Forum - Powered by Discuz!</title><h1>[Notice] Why the sky is blue</h1>', 'Why the sky is blue', 'title'],
    ['a heading confirms a run of segments, written as in the title', '<title>Evolve: Shared History — extension for Mercurial — Docs</title><h1>Evolve: Shared History — extension for Mercurial</h1>', 'Evolve: Shared History — extension for Mercurial', 'title'],
    ['a title cut with an ellipsis: the full heading', '<title>A very long headline about the city library that... | Daily</title><h1>A very long headline about the city library that opened today</h1>', 'A very long headline about the city library that opened today', 'h1'],
    ['og:title that is only the site name is skipped', '<meta property="og:site_name" content="Site"><meta property="og:title" content="Site"><title>Page A | Site</title>', 'Page A', 'title'],
    ['title cut at |', '<title>Why I write by hand | Slow Pages</title><p>text</p>', 'Why I write by hand', 'title'],
    ['Chinese title cut at _', '<title>本市新建三座社区图书馆_城市新闻_晨光网</title>', '本市新建三座社区图书馆', 'title'],
    ['Arabic title cut at |', '<title>افتتاح مكتبة عامة جديدة | صحيفة الواحة</title>', 'افتتاح مكتبة عامة جديدة', 'title'],
    ['site name first: the longer segment', '<title>Slow Pages | Why I still write all my notes by hand</title>', 'Why I still write all my notes by hand', 'title'],
    ['known site name dropped wherever it is', '<meta property="og:site_name" content="Slow Pages"><title>Slow Pages - Notes</title>', 'Notes', 'title'],
    ['phpBB-style title: the long topic segment', '<title>Green Forum • View topic - Why the sky is blue in the evening</title>', 'Why the sky is blue in the evening', 'title'],
    ['the h1 that matches a segment', '<title>Notes by hand - Blog - Slow Pages</title><h1>Notes by hand</h1>', 'Notes by hand', 'title'],
    ['an h2 confirms the title; the title text is kept', '<title>Library opens in the city centre | Daily</title><h2>Library opens in the city centre!</h2>', 'Library opens in the city centre', 'title'],
    ['a logo h1 with the site name never wins', '<title>Library opens in the city centre | Daily Oasis</title><h1><a href="/">Daily Oasis</a></h1>', 'Library opens in the city centre', 'title'],
    ['title that is only the site name: h1', '<meta property="og:site_name" content="Slow Pages"><title>Slow Pages</title><h1>Archive of posts</h1>', 'Archive of posts', 'h1'],
    ['no title: the first h1', '<h1>Heading only</h1><p>text</p>', 'Heading only', 'h1'],
    ['whitespace collapsed', '<title>\n  Notes\n  by   hand \n</title>', 'Notes by hand', 'title'],
    ['entities decoded', '<title>Tom &amp; Jerry &ndash; Cartoons</title>', 'Tom & Jerry', 'title'],
    ['a name interpunct stays in the title', '<title>11岁的叶甫根尼&#183;普鲁申</title><h1><a href="index.php">晨光论坛</a></h1><h3>Topic: 11岁的叶甫根尼&#183;普鲁申 &nbsp;(Read 87 times)</h3>', '11岁的叶甫根尼·普鲁申', 'title'],
    ['numeric references of letters', '<title>&#1574;&#1734;&#1610;&#1594;&#1739;&#1585; | Site</title>', 'ئۆيغۋر', 'title'],
  ])('%s', (_, html, value, source) => {
    expect(titleOf(html)).toMatchObject({ value, source });
  });

  it.each([
    ['a byline heading never confirms the title', '<title>Night Walks - Chapter 2 - moonfox | Story Archive</title><h2>Night Walks</h2><h3 class="byline heading"><a rel="author" href="/users/moonfox">moonfox</a></h3><p>text</p>', 'Night Walks'],
    ['a heading made of an author link never confirms the title', '<title>Night Walks - moonfox | Story Archive</title><h2>Night Walks</h2><h3><a rel="author" href="/users/moonfox">moonfox</a></h3><p>text</p>', 'Night Walks'],
    ['the declared author credited after the title stays', '<meta name="author" content="Jane Roe (https://roe.example/)"><title>On Slow Notes - Jane Roe ( jr )</title><h1>On Slow Notes</h1><p>text</p>', 'On Slow Notes - Jane Roe ( jr )'],
    ['"by" the declared author stays', '<script type="application/ld+json">{"@type":"BlogPosting","author":{"name":"Jane Roe"}}</script><title>On Slow Notes | by Jane Roe | Inkwell</title><h1>On Slow Notes</h1>', 'On Slow Notes | by Jane Roe'],
    ['the author credit stays without a heading too', '<meta name="author" content="Jane Roe"><title>On Slow Notes - Jane Roe</title><p>text</p>', 'On Slow Notes - Jane Roe'],
    ['an author who holds the copyright is the site', '<meta name="author" content="Jane Roe"><title>On Slow Notes | Jane Roe</title><h1>On Slow Notes</h1><p>text</p><footer>© 2016-2020 Jane Roe</footer>', 'On Slow Notes'],
    ['an author named on the home link is the site', '<meta name="author" content="Jane Roe"><title>On Slow Notes | Jane Roe</title><a href="/">Jane Roe</a><h1>On Slow Notes</h1><p>text</p>', 'On Slow Notes'],
    ['an author who is the site name is the site', '<meta property="og:site_name" content="Jane Roe"><meta name="author" content="Jane Roe"><title>On Slow Notes | Jane Roe</title><h1>On Slow Notes</h1>', 'On Slow Notes'],
    ['a one-word login is not credited', '<meta name="author" content="admin"><title>On Slow Notes | Admin</title><h1>On Slow Notes</h1>', 'On Slow Notes'],
    ['a segment that is not the author is cut', '<meta name="author" content="Jane Roe"><title>On Slow Notes | Inkwell</title><h1>On Slow Notes</h1>', 'On Slow Notes'],
    ['a host name is the site, not the title', '<title>灯下读书 | blog.example.com</title><p>text</p>', '灯下读书'],
    ['a host name with a capital is the site too', '<title>Inkwell.com | On ink</title><p>text</p>', 'On ink'],
    ['a library name with a dot is a title', '<title>ASP.NET | Inkwell</title><p>text</p>', 'ASP.NET'],
    ['Node.js is a title', '<title>Node.js - Encyclopedia of Code</title><h1>Node.js</h1>', 'Node.js'],
    ['a Chinese author credit stays', '<meta name="author" content="林晓"><title>灯下读书_林晓_晨光博客</title><h1>灯下读书</h1>', '灯下读书_林晓'],
  ])('%s', (_, html, value) => {
    expect(titleOf(html)?.value).toBe(value);
  });

  it.each([
    ['nothing at all', '<p>just text</p>'],
    ['only the site name, no h1', '<meta property="og:site_name" content="Slow Pages"><title>Slow Pages</title>'],
  ])('null for %s', (_, html) => {
    expect(titleOf(html)).toBeNull();
  });

  it('rejects unknown options', () => {
    expect(() => extractTitle(analyze(normalize('<title>x</title>')), { minHeadingSimilarty: 1 } as never)).toThrow(/unknown option/);
  });
});
