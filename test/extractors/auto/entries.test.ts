import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import { extractAuto } from '../../../src/extractors/auto/index.js';
import { comparableUrl, findEntries, ownUrls } from '../../../src/extractors/auto/entries.js';
import { titleHeadings } from '../../../src/extractors/auto/headline.js';
import { asNormalized } from '../../helpers/normalized.js';

const doc = (html: string) => analyze(asNormalized(html));

const sentence = (topic: string, n: number) => `This is sentence ${n} about ${topic}, written out in full so that the entry reads as a real post of the blog.`;
const body = (topic: string, sentences: number) => Array.from({ length: sentences }, (_, n) => `<p>${sentence(topic, n)}</p>`).join('');

interface EntrySpec { slug: string; title: string; topic: string; sentences: number }

/** A blog page that shows the entry it is about between the entry before it and the one after it. */
function blogPage(entries: readonly EntrySpec[], head: string): string {
  const boxes = entries.map((e) => `<div class="post hentry post-${e.slug}"><h2 class="entry-title"><a href="https://blog.example.org/${e.slug}/">${e.title}</a></h2>`
    + `<div class="entry-meta">posted on the ${e.slug} day</div><div class="entry-body">${body(e.topic, e.sentences)}</div></div>`).join('');
  return `<html><head>${head}</head><body><div id="header"><h1><a href="/">A blog of small things</a></h1></div>`
    + `<div id="content">${boxes}</div><div id="sidebar"><ul><li><a href="/a">Archive</a></li><li><a href="/b">About</a></li></ul></div></body></html>`;
}

const ENTRIES: readonly EntrySpec[] = [
  { slug: 'winter', title: 'Snow on the roofs', topic: 'snow on the roofs', sentences: 2 },
  { slug: 'spring', title: 'The first swallows', topic: 'the first swallows', sentences: 3 },
  { slug: 'summer', title: 'A long summer walk', topic: 'a long walk by the lake', sentences: 14 },
];

describe('findEntries', () => {
  it('finds the page\'s own entry by the heading its <title> repeats', () => {
    const d = doc(blogPage(ENTRIES, '<title>The first swallows | A blog of small things</title>'));
    const e = findEntries(d, () => titleHeadings(d), 100)!;
    expect(e.boxes).toHaveLength(3);
    expect(d.textOf(e.own)).toContain('The first swallows');
  });

  it('finds it by the permalink that is the page\'s canonical address', () => {
    const d = doc(blogPage(ENTRIES, '<title>A blog of small things</title><link rel="canonical" href="http://www.blog.example.org/spring">'));
    expect(d.textOf(findEntries(d, () => titleHeadings(d), 100)!.own)).toContain('The first swallows');
  });

  it('finds none on a front page (no entry is the page\'s own), with two entries, or when the own entry is a teaser', () => {
    const front = doc(blogPage(ENTRIES, '<title>A blog of small things</title>'));
    expect(findEntries(front, () => titleHeadings(front), 100)).toBeUndefined();
    const two = doc(blogPage(ENTRIES.slice(1), '<title>The first swallows</title>'));
    expect(findEntries(two, () => titleHeadings(two), 100)).toBeUndefined();
    const teaser = doc(blogPage(ENTRIES.map((e) => ({ ...e, sentences: 0 })), '<title>The first swallows</title>'));
    expect(findEntries(teaser, () => titleHeadings(teaser), 100)).toBeUndefined();
  });

  it('reads the titled headings once per page, however many headings it looks at', () => {
    // a front page: no heading is the page's own, so every heading of the group is looked up
    const front = doc(blogPage(ENTRIES, '<title>A blog of small things</title>'));
    let reads = 0;
    expect(findEntries(front, () => (reads++, titleHeadings(front)), 100)).toBeUndefined();
    expect(reads).toBe(1);
  });

  it('reads the page\'s addresses from its canonical link and og:url, compared without scheme, www and trailing slash', () => {
    const d = doc('<html><head><link rel="canonical" href="https://www.Example.org/a/b/"><meta property="og:url" content="http://example.org/c"></head><body></body></html>');
    expect([...ownUrls(d)].sort()).toEqual(['example.org/a/b', 'example.org/c']);
    expect(comparableUrl('/relative/path')).toBe('');
  });
});

describe('auto: the page\'s own entry (ownEntry)', () => {
  const page = doc(blogPage(ENTRIES, '<title>The first swallows | A blog of small things</title>'));

  it('keeps the entry the page is about, not the longer entries beside it', () => {
    const text = extractAuto(page).text;
    expect(text).toContain(sentence('the first swallows', 2));
    expect(text).not.toContain('a long walk by the lake');
    expect(text).not.toContain('snow on the roofs');
  });

  it('turned off, keeps what the vote chose', () => {
    expect(extractAuto(page, { ownEntry: false }).text).toContain('a long walk by the lake');
  });
});
