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
    ['the site name is cut from og:title', '<meta property="og:site_name" content="Site"><meta property="og:title" content="The Real Title - Site">', 'The Real Title', 'meta:og:title'],
    ['dc:title before og:title', '<meta property="og:title" content="OG"><meta property="dc:title" content="Dublin Core">', 'Dublin Core', 'meta:dc:title'],
    ['space-separated property keys', '<meta property="x:title dc:title" content="Both keys">', 'Both keys', 'meta:dc:title'],
    ['property before name', '<meta name="DC.title" content="By name"><meta property="dc:title" content="By property">', 'By property', 'meta:dc:title'],
    ['JSON-LD headline first', '<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"From JSON-LD"}</script><meta property="og:title" content="OG">', 'From JSON-LD', 'json-ld'],
    ['HTML references in JSON-LD decoded', '<script type="application/ld+json">{"@type":"Article","headline":"Olive &#038; herb bread &quot;at home&quot;"}</script>', 'Olive & herb bread "at home"', 'json-ld'],
    ['JSON-LD in @graph', '<script type="application/ld+json">{"@graph":[{"@type":"WebSite","name":"Site"},{"@type":"BlogPosting","headline":"In the graph"}]}</script>', 'In the graph', 'json-ld'],
    ['JSON-LD name when the headline is a summary', '<title>Kashgar - Encyclopedia</title><script type="application/ld+json">{"@type":"Article","name":"Kashgar","headline":"oasis city in the Tarim Basin"}</script>', 'Kashgar', 'json-ld'],
    ['broken JSON-LD is skipped', '<script type="application/ld+json">{"@type":"Article",</script><title>Fine | Site</title>', 'Fine', 'title'],
    ['-- separates too', '<title>多数夫妻生活有名无实--晨光新闻</title>', '多数夫妻生活有名无实', 'title'],
    ['phpBB: the topic h2 near the posts, not the logo h1', '<title>Green Forum • View topic - Why the sky is blue</title><h1>Green Forum</h1><p>nav</p><h2>Why the sky is blue</h2><div>posts</div>', 'Why the sky is blue', 'h2'],
    ['Discuz: a heading with a [label] link confirms the segment, the label is cut', '<title>Why the sky is blue - Science - Green Forum - Powered by Discuz!</title><h1><a href="forum.php?typeid=3">[Notice]</a> <span>Why the sky is blue</span></h1>', 'Why the sky is blue', 'title'],
    ['a label repeated over every reply is cut', '<title>Why the sky is blue - Green Forum</title><h3>Re: Why the sky is blue</h3><p>one</p><h3>Re: Why the sky is blue</h3><p>two</p>', 'Why the sky is blue', 'title'],
    ['a headline written in one piece keeps the words the title left out', '<title>New plant grows | Daily Oasis</title><h1>New plant grows in Kashgar</h1>', 'New plant grows in Kashgar', 'h1'],
    ['a heading confirms a run of segments, written as in the title', '<title>Evolve: Shared History — extension for Mercurial — Docs</title><h1>Evolve: Shared History — extension for Mercurial</h1>', 'Evolve: Shared History — extension for Mercurial', 'h1'],
    ['a title cut with an ellipsis: the full heading', '<title>A very long headline about the city library that... | Daily</title><h1>A very long headline about the city library that opened today</h1>', 'A very long headline about the city library that opened today', 'h1'],
    ['og:title that is only the site name is skipped', '<meta property="og:site_name" content="Site"><meta property="og:title" content="Site"><title>Page A | Site</title>', 'Page A', 'title'],
    ['title cut at |', '<title>Why I write by hand | Slow Pages</title><p>text</p>', 'Why I write by hand', 'title'],
    ['Chinese title cut at _', '<title>本市新建三座社区图书馆_城市新闻_晨光网</title>', '本市新建三座社区图书馆', 'title'],
    ['Arabic title cut at |', '<title>افتتاح مكتبة عامة جديدة | صحيفة الواحة</title>', 'افتتاح مكتبة عامة جديدة', 'title'],
    ['site name first: the longer segment', '<title>Slow Pages | Why I still write all my notes by hand</title>', 'Why I still write all my notes by hand', 'title'],
    ['known site name dropped wherever it is', '<meta property="og:site_name" content="Slow Pages"><title>Slow Pages - Notes</title>', 'Notes', 'title'],
    ['phpBB-style title: the long topic segment', '<title>Green Forum • View topic - Why the sky is blue in the evening</title>', 'Why the sky is blue in the evening', 'title'],
    ['the h1 that matches a segment', '<title>Notes by hand - Blog - Slow Pages</title><h1>Notes by hand</h1>', 'Notes by hand', 'h1'],
    ['an h2 confirms the title; the page\'s own text is taken', '<title>Library opens in the city centre | Daily</title><h2>Library opens in the city centre!</h2>', 'Library opens in the city centre!', 'h2'],
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

  describe('the visible headline', () => {
    it.each([
      ['a kicker in its own element, parted by a separator in the heading', '<title>Climate: Drilling until it gets hot | Daily Oasis</title><h1><span>Climate</span><span>: </span><span>Drilling until it gets hot</span></h1>', 'Drilling until it gets hot'],
      ['a kicker parted by a separator only in a declared title', '<meta property="og:title" content="Olympics in Paris - Drinks by ship to the centre"><h1><span>Olympics in Paris</span> Drinks by ship to the centre</h1>', 'Drinks by ship to the centre'],
      ['a kicker in a block of its own', '<title>100th birthday: She turns 100 this week</title><h1><div>100th birthday</div> She turns 100 this week</h1>', 'She turns 100 this week'],
      ['an emphasised first word is no kicker', '<title>Bold plans for the river | Daily Oasis</title><h1><em>Bold</em> plans for the river</h1>', 'Bold plans for the river'],
      ['a first part longer than the rest is no kicker', '<title>The longest night of the winter: notes | Daily Oasis</title><h1><span>The longest night of the winter</span>: notes</h1>', 'The longest night of the winter: notes'],
      ['the page\'s own quotes, not the declared straight ones', '<meta property="og:title" content=\'Why "slow" notes matter | Inkwell\'><h1>Why „slow“ notes matter</h1>', 'Why „slow“ notes matter'],
      ['the page\'s own ampersand, not an entity left in JSON-LD', '<script type="application/ld+json">{"@type":"Article","headline":"Olive &#038; herb bread"}</script><h1>Olive &amp; herb bread</h1>', 'Olive & herb bread'],
      ['the h1 after many teaser headings', `<meta property="og:title" content="Rain in Kashgar">${'<h2><a href="/t">Another story of the day</a></h2>'.repeat(40)}<h1>Rain in Kashgar</h1><p>It rained.</p>`, 'Rain in Kashgar'],
      ['a logo h1 is not the headline', '<title>Rain in Kashgar - Daily Oasis</title><h1><a href="/">Daily Oasis</a></h1><h1>Rain in Kashgar</h1>', 'Rain in Kashgar'],
      ['a permalink mark is not part of the headline', '<title>Rain in Kashgar — Daily Oasis</title><h1>Rain in Kashgar<a class="headerlink" href="#rain">¶</a></h1>', 'Rain in Kashgar'],
      ['a site name glued to the title with no separator', '<link rel="canonical" href="https://dir.example/?p=12"><title>Harbour Café NorthThe Friendly Directory | The Friendly Directory</title><h1><a href="https://dir.example/">The Friendly Directory</a></h1><h1>Harbour Café North</h1>', 'Harbour Café North'],
      ['separator debris is no title', '<meta property="og:title" content=".:: SHOPNAME ::. Templates"><meta property="og:site_name" content=".:: SHOPNAME ::. Templates"><h1>Privacy update for our templates</h1>', 'Privacy update for our templates'],
      ['a kicker longer than the headline, when the rest is a whole declared title', '<meta property="og:title" content="Press releases"><title>Rain in Kashgar is over</title><h1><span>Press release of the Office of Water and Weather <span>:</span></span>Rain in Kashgar is over</h1>', 'Rain in Kashgar is over'],
      ['a headline and a subtitle in elements of their own', '<script type="application/ld+json">{"@type":"Article","headline":"\'Rain\' in Kashgar is over"}</script><meta property="og:title" content="\'Rain\' in Kashgar is over - Daily Oasis"><h1><span>‘Rain’ in Kashgar is over</span> <span>The river is back in its bed after a long week of water</span></h1>', '‘Rain’ in Kashgar is over'],
      ['a blog\'s name heading that opens its post\'s title is not the headline', '<title>Notes from Kashgar: Rain at last</title><h1>Notes from Kashgar</h1><h3>Rain at last!</h3><p>text</p>', 'Notes from Kashgar: Rain at last'],
      ['a byline after a separator stays the credited byline\'s', '<meta name="author" content="Jane Roe"><title>Plum cake with cream - Jane Roe</title><h1>Plum cake with cream</h1>', 'Plum cake with cream - Jane Roe'],
      ['a link into the page with words stays', '<title>Rain in Kashgar — Daily Oasis</title><h1>Rain in <a href="#kashgar">Kashgar</a></h1>', 'Rain in Kashgar'],
    ])('%s', (_, html, value) => {
      expect(titleOf(html)?.value).toBe(value);
    });
  });

  describe('the site\'s name', () => {
    it.each([
      ['the host of the canonical link', '<link rel="canonical" href="https://www.inkwell-news.de/a/1"><title>Rain in Kashgar - Inkwell-News.de</title>', 'Rain in Kashgar'],
      ['mostly the host\'s name', '<link rel="canonical" href="https://www.volksblatt.at/x/1"><meta property="og:title" content="Rain again | OÖ Volksblatt">', 'Rain again'],
      ['the host of a captured page in a web archive', '<meta property="og:url" content="https://web.archive.org/web/20160526181643/http://ordnungsrausch.com/a/"><meta property="og:title" content="Tidy days | Ordnungsrausch">', 'Tidy days'],
      ['before a colon', '<meta property="og:site_name" content="Pains Blog"><meta property="og:title" content="Pains Blog : Silkroad quests">', 'Silkroad quests'],
      ['a colon inside the headline stays', '<meta property="og:site_name" content="Daily Oasis"><meta property="og:title" content="Climate: the long view | Daily Oasis">', 'Climate: the long view'],
      ['the logo\'s alt on the home link', '<a href="/"><img src="logo.png" alt="Daily Oasis"></a><meta property="og:title" content="Rain in Kashgar › Daily Oasis">', 'Rain in Kashgar'],
      ['a part of a declared name of several parts', '<meta property="og:site_name" content="DO - Daily Oasis"><meta property="og:title" content="Rain in Kashgar - DO">', 'Rain in Kashgar'],
      ['repeated', '<meta property="og:site_name" content="Net For All"><title>Rain in Kashgar - Net For All Net For All</title>', 'Rain in Kashgar'],
      ['a name that repeats the title is the title when a heading shows it', '<meta name="application-name" content="Rain in Kashgar"><title>Rain in Kashgar</title><h1>Rain in Kashgar</h1>', 'Rain in Kashgar'],
      ['a site name that holds the title: the title part is the page\'s', '<meta property="og:site_name" content="Rain in Kashgar | Daily Oasis"><meta property="og:title" content="Rain in Kashgar"><h1>Rain in Kashgar</h1>', 'Rain in Kashgar'],
      ['on the home page, the home link names the page', '<link rel="canonical" href="https://lawyerexample.de/"><title>Lawyer Example</title><a href="/">Welcome</a><h1>Welcome!</h1>', 'Welcome!'],
      ['elsewhere, the home link names the site', '<link rel="canonical" href="https://lawyerexample.de/about"><title>About us | Welcome</title><a href="/">Welcome</a><p>text</p>', 'About us'],
      ['the first link of a breadcrumb trail, whatever its address', '<title>Tea Garden Forum - Rain in Kashgar</title><p><a href="/cgi/board.pl">Tea Garden Forum</a> › <a href="/cgi/board.pl?b=3">Weather</a> › Rain in Kashgar</p><p><b>Rain in Kashgar</b></p>', 'Rain in Kashgar'],
      ['no trail: the first segment stays', '<title>Tea Garden Forum - Rain in Kashgar</title><p><a href="/cgi/board.pl">Tea Garden Forum</a> <a href="/cgi/board.pl?b=3">Weather</a></p>', 'Tea Garden Forum'],
      ['a link to another site\'s home is no name of this one', '<link rel="canonical" href="https://dailyoasis.example/a"><a href="https://other.example/">Rain in Kashgar</a><title>Rain in Kashgar</title>', 'Rain in Kashgar'],
    ])('%s', (_, html, value) => {
      expect(titleOf(html)?.value).toBe(value);
    });
  });

  describe('a <title> segment the page shows', () => {
    it.each([
      ['a page label shown nowhere gives way to the thread\'s title in its own link', '<title>Tea Garden :: View topic - Rain in Kashgar</title><a href="index.php">Tea Garden</a><a href="topic.php?t=7">Rain in Kashgar</a><p>Re: Rain in Kashgar</p>', 'Rain in Kashgar'],
      ['a run over a separator, when the page shows it whole', '<title>Tea Garden :: View topic - Rain, -- said she</title><a href="index.php">Tea Garden</a><a href="topic.php?t=7">Rain, -- said she</a>', 'Rain, -- said she'],
      ['a word of the page\'s text is no element\'s whole text', '<title>Tea Garden - Rain in Kashgar</title><p>Tea Garden news: more rain</p>', 'Tea Garden'],
      ['a longer segment shown nowhere is the page\'s own title, not a label', '<title>Evening Hour: The river report -- March 3, 1998</title><p class="date">March 3, 1998</p><h2>Evening Hour</h2><p>The river report tonight</p>', 'Evening Hour: The river report'],
      ['every segment shown: the first', '<title>Rain in Kashgar - Weather</title><a href="/w">Weather</a><p><b>Rain in Kashgar</b></p>', 'Rain in Kashgar'],
    ])('%s', (_, html, value) => {
      expect(titleOf(html)?.value).toBe(value);
    });
  });

  it.each([
    ['nothing at all', '<p>just text</p>'],
    ['only the site name, no h1', '<meta property="og:site_name" content="Slow Pages"><title>Slow Pages</title>'],
  ])('null for %s', (_, html) => {
    expect(titleOf(html)).toBeNull();
  });

  it.each([
    ['the declared title as written, site name and all', '<meta property="og:site_name" content="Daily Oasis"><meta property="og:title" content="Rain in Kashgar | Daily Oasis"><h1>Rain in Kashgar</h1>', 'Rain in Kashgar | Daily Oasis'],
    ['a <title> run as the <title> writes it', '<title>Why "slow" notes matter | Inkwell</title><h1>Why „slow“ notes matter</h1>', 'Why "slow" notes matter'],
  ])('titleAsDeclared (Readability.js\'s convention): %s', (_, html, value) => {
    const doc = analyze(normalize(html));
    expect(extractTitle(doc, { titleAsDeclared: true })?.value).toBe(value);
    expect(extractTitle(doc)?.value).not.toBe(value);
  });

  it.each([
    ['a section heading that is a short part of the title', '<title>The Open River Project: Better River Notes</title><h2>Open River Project:</h2>', 'The Open River Project: Better River Notes'],
    ['a box heading that holds a one-word segment of the title', '<title>Tea Leaf — Brew it your own way — The calmest kettle on the shelf</title><h3>Get Tea Leaf news</h3>', 'The calmest kettle on the shelf'],
  ])('at a low minHeadingSimilarity, texts of very different lengths do not confirm: %s', (_, html, value) => {
    expect(extractTitle(analyze(normalize(html)), { minHeadingSimilarity: 0.6 })?.value).toBe(value);
  });

  it('rejects unknown options', () => {
    expect(() => extractTitle(analyze(normalize('<title>x</title>')), { minHeadingSimilarty: 1 } as never)).toThrow(/unknown option/);
  });
});
