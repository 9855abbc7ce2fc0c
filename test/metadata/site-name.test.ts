import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { normalize } from '../../src/encoding/normalize.js';
import { readJsonLd } from '../../src/metadata/json-ld.js';
import { readMetaTags } from '../../src/metadata/meta-tags.js';
import { compactName, compactSuffixes, findSiteNames, hostOf, isSiteName, NO_SITE_NAMES, siteLabelOf, withoutEchoes } from '../../src/metadata/site-name.js';
import { withoutSiteAffixes } from '../../src/metadata/title-segments.js';

const siteOf = (html: string, urls: string[] = []) => {
  const doc = analyze(normalize(`<html><head>${html}</head><body></body></html>`));
  const meta = readMetaTags(doc);
  return findSiteNames(doc, meta, readJsonLd(doc), urls);
};

describe('compactName', () => {
  it.each([
    ['St. Galler Tagblatt', 'stgallertagblatt'],
    ['St.Galler Tagblatt', 'stgallertagblatt'],
    ['OÖ Volksblatt', 'oovolksblatt'],
    ['晨光网', '晨光网'],
    ['— | —', ''],
  ])('%s', (text, compact) => {
    expect(compactName(text)).toBe(compact);
  });
});

describe('compactSuffixes', () => {
  // every code unit of the range it answers for, and a few texts it must refuse
  const byCharacter = Array.from({ length: 0x300 }, (_, c) => String.fromCharCode(c)).join('') + Array.from({ length: 0x70 }, (_, c) => String.fromCharCode(0x2000 + c)).join('');
  it.each([
    ['every character of its range', byCharacter],
    ['a Latin title with an accent, a ligature sign and a fraction', 'Ǆemal’s Café — ½ off … ŉ İstanbul A31Das etwas andere'],
  ])('gives the compact form of every suffix: %s', (_, text) => {
    const suffixes = compactSuffixes(text);
    expect(suffixes).not.toBeNull();
    for (let k = 0; k <= text.length; k++) expect(suffixes!.compact.slice(suffixes!.starts[k])).toBe(compactName(text.slice(k)));
  });
  it.each([['ΑΘΗΝΑΣ ΝΕΑ'], ['e\u0301 combining'], ['晨光网']])('refuses a text compacted by context: %s', (text) => {
    expect(compactSuffixes(text)).toBeNull();
  });
});

describe('hostOf and siteLabelOf', () => {
  it.each([
    ['https://www.japantimes.co.jp/news/1', 'www.japantimes.co.jp', 'japantimes'],
    ['https://fischerhuette.hejfish.com/a/', 'fischerhuette.hejfish.com', 'hejfish'],
    ['https://web.archive.org/web/20160526181643/http://ordnungsrausch.com/orga/', 'ordnungsrausch.com', 'ordnungsrausch'],
    ['https://web.archive.org/web/20130307194448/the-pain.net/2008/05/x.html', 'the-pain.net', 'thepain'],
    ['https://m.example.com.br/x', 'm.example.com.br', 'example'],
  ])('%s', (url, host, label) => {
    expect(hostOf(url)).toBe(host);
    expect(siteLabelOf(host)).toBe(label);
  });

  it.each([['/relative/path'], [''], ['not a url'], ['http://localhost/']])('no host in %j', (url) => {
    expect(hostOf(url)).toBeNull();
  });
});

describe('findSiteNames', () => {
  it('reads the first site-name meta, the publisher, the home link and the hosts', () => {
    const site = siteOf('<meta property="og:site_name" content="LN - Lübecker Nachrichten"><meta name="application-name" content="Other"><link rel="canonical" href="https://www.ln-online.de/a/1"><script type="application/ld+json">{"@type":"NewsArticle","publisher":{"name":"Lübecker Nachrichten GmbH"}}</script></head><body><a href="/"><img alt="LN Online" src="l.png"></a>');
    expect([...site.names].sort()).toEqual(['ln', 'lnlubeckernachrichten', 'lnonline', 'lubeckernachrichten', 'lubeckernachrichtengmbh']);
    expect(site.hosts).toEqual(['www.ln-online.de']);
    expect(site.hostLabels).toEqual(['lnonline']);
  });

  it('application-name only without og:site_name', () => {
    expect([...siteOf('<meta name="application-name" content="Daily Oasis">').names]).toEqual(['dailyoasis']);
  });

  it('marks declared names that repeat a whole declared title as echoes', () => {
    const site = siteOf('<title>Rain in Kashgar</title><meta name="application-name" content="Rain in Kashgar">');
    expect([...site.echoes]).toEqual(['raininkashgar']);
    expect(isSiteName('Rain in Kashgar', site)).toBe(true);
    expect(isSiteName('Rain in Kashgar', withoutEchoes(site))).toBe(false);
  });

  it.each([
    ['› between links', '<p><a href="/cgi/board.pl">Tea Garden</a> › <a href="/cgi/board.pl?c=2">Talk</a> › Rain</p>', ['teagarden']],
    ['-> between links, after other links', '<a href="/login">Login</a><p><a href="/cgi/board.pl">Tea Garden</a> -&gt; <a href="/f/9">Talk</a></p>', ['teagarden']],
    ['links with other text between are no trail', '<p><a href="/cgi/board.pl">Tea Garden</a> and <a href="/f/9">Talk</a></p>', []],
    ['a separator with nothing after it is no trail', '<p><a href="/cgi/board.pl">Tea Garden</a> › Rain</p>', []],
  ])('the first link of a breadcrumb trail names the site: %s', (_, html, names) => {
    expect([...siteOf(html).names]).toEqual(names);
  });

  it('skips home links to other hosts and links with no href', () => {
    const site = siteOf('<link rel="canonical" href="https://dailyoasis.example/a"></head><body><a href="https://other.example/">Other</a><a href="">Share</a><a href="https://dailyoasis.example/">Daily Oasis</a>');
    expect([...site.names]).toEqual(['dailyoasis']);
  });
});

describe('isSiteName', () => {
  const site = { ...NO_SITE_NAMES, names: new Set(['netzfuralle', 'missymagazine']), hostLabels: ['volksblatt', 'japantimes'], hosts: ['www.weinkenner.de'], hostShare: 0.6 };
  it.each([
    ['Missy Magazine', true],
    ['Netz Für Alle Netz Für Alle', true],
    ['weinkenner.de', true],
    ['OÖ Volksblatt', true],
    ['The Japan Times', true],
    ['Volksblatt-Leser diskutieren über die neue Brücke', false],
    ['15 Jahre Missy', false],
    ['', false],
  ])('%j → %s', (text, expected) => {
    expect(isSiteName(text, site)).toBe(expected);
  });
});

describe('withoutSiteAffixes', () => {
  const site = { ...NO_SITE_NAMES, names: new Set(['missymagazine', 'painsblog', 'dvgwev']) };
  it.each([
    ['Interabled Sex Education - Missy Magazine', 'Interabled Sex Education'],
    ['Missy Magazine | Interabled Sex Education', 'Interabled Sex Education'],
    ['PaiNs Blog : Silkroad quests', 'Silkroad quests'],
    ['DVGW e.V.: Welche Heizung ist klimafreundlich?', 'Welche Heizung ist klimafreundlich?'],
    ['Klimaschutz: Bohren, bis es heiß wird', 'Klimaschutz: Bohren, bis es heiß wird'],
    ['Ratio 3:4 explained - Missy Magazine', 'Ratio 3:4 explained'],
    ['Missy Magazine', null],
  ])('%j → %j', (title, expected) => {
    expect(withoutSiteAffixes(title, site)).toBe(expected);
  });
});
