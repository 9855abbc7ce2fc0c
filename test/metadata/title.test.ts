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
    ['og:title loses the site name', '<meta property="og:site_name" content="Site"><meta property="og:title" content="The Real Title - Site">', 'The Real Title', 'meta:og:title'],
    ['og:title that is only the site name is skipped', '<meta property="og:site_name" content="Site"><meta property="og:title" content="Site"><title>Page A | Site</title>', 'Page A', 'title'],
    ['title cut at |', '<title>Why I write by hand | Slow Pages</title><p>text</p>', 'Why I write by hand', 'title'],
    ['Chinese title cut at _', '<title>本市新建三座社区图书馆_城市新闻_晨光网</title>', '本市新建三座社区图书馆', 'title'],
    ['Arabic title cut at |', '<title>افتتاح مكتبة عامة جديدة | صحيفة الواحة</title>', 'افتتاح مكتبة عامة جديدة', 'title'],
    ['site name first: the longer segment', '<title>Slow Pages | Why I still write all my notes by hand</title>', 'Why I still write all my notes by hand', 'title'],
    ['known site name dropped wherever it is', '<meta property="og:site_name" content="Slow Pages"><title>Slow Pages - Notes</title>', 'Notes', 'title'],
    ['phpBB-style title: the long topic segment', '<title>Green Forum • View topic - Why the sky is blue in the evening</title>', 'Why the sky is blue in the evening', 'title'],
    ['the h1 that matches a segment', '<title>Notes by hand - Blog - Slow Pages</title><h1>Notes by hand</h1>', 'Notes by hand', 'h1'],
    ['an h2 more complete than the title', '<title>Library opens in the city centre | Daily</title><h2>Library opens in the city centre!</h2>', 'Library opens in the city centre!', 'h2'],
    ['a logo h1 with the site name never wins', '<title>Library opens in the city centre | Daily Oasis</title><h1>Daily Oasis</h1>', 'Library opens in the city centre', 'title'],
    ['title that is only the site name: h1', '<meta property="og:site_name" content="Slow Pages"><title>Slow Pages</title><h1>Archive of posts</h1>', 'Archive of posts', 'h1'],
    ['no title: the first h1', '<h1>Heading only</h1><p>text</p>', 'Heading only', 'h1'],
    ['whitespace collapsed', '<title>\n  Notes\n  by   hand \n</title>', 'Notes by hand', 'title'],
    ['entities decoded', '<title>Tom &amp; Jerry &ndash; Cartoons</title>', 'Tom & Jerry', 'title'],
    ['numeric references of letters', '<title>&#1574;&#1734;&#1610;&#1594;&#1739;&#1585; | Site</title>', 'ئۆيغۋر', 'title'],
  ])('%s', (_, html, value, source) => {
    expect(titleOf(html)).toMatchObject({ value, source });
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
