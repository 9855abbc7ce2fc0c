import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import { extractAuto } from '../../../src/extractors/auto/index.js';
import { holdsMetadataLink, trimTrailingMetadata } from '../../../src/extractors/auto/post-meta.js';
import { listSegments, segmentText } from '../../../src/extractors/auto/segments.js';
import { asNormalized } from '../../helpers/normalized.js';
import { allIndexes } from '../../../src/extractors/auto/index-lists.js';

// Pages written for these tests: a short story, then what a blog engine prints after it.
const story = [
  '<p>The ferry left the harbour at dawn, carrying forty passengers and a cargo of timber for the island school.</p>',
  '<p>Halfway across, the wind turned and the captain decided to shelter in the lee of the lighthouse until noon.</p>',
  '<p>By evening the timber was unloaded, and the children of the island had helped to stack it beside the gym.</p>',
].join('');
const tagLine = '<p><small>This entry was posted on March 3, 2024 and is filed under <a rel="category tag" href="/c/boats">Boats</a>, '
  + '<a rel="tag" href="/t/islands">Islands</a>. You can follow any responses through the feed.</small></p>';
const authorBox = '<div class="box"><h4>About the writer</h4><p><a rel="author" href="/u/amina">Amina Yusuf</a> has written 212 posts here.</p>'
  + '<p>Amina sails small boats and writes about the islands of the northern coast every week.</p></div>';

/** The texts `trimTrailingMetadata` keeps of `html`'s segments, starting from all of them kept. */
function trimmed(html: string): string[] {
  const d = analyze(asNormalized(`<html><body><div id="post">${html}</div></body></html>`));
  const segments = listSegments(d);
  return Array.from(trimTrailingMetadata(d, segments, allIndexes(segments.length)), (k) => segmentText(d, segments, k));
}

describe('holdsMetadataLink', () => {
  it.each([
    ['rel=tag', '<p>Filed under <a rel="tag" href="/t/a">rivers</a></p>', true],
    ['rel=author among other types', '<p>By <a rel="nofollow author" href="/u/a">Amina</a></p>', true],
    ['rel=category alone (no HTML link type)', '<p>In <a rel="category" href="/c/a">Boats</a></p>', false],
    ['rel=nofollow', '<p>Share on <a rel="nofollow" href="/s">the network</a></p>', false],
    ['no link', '<p>Plain text only</p>', false],
  ])('%s', (_, html, expected) => {
    const d = analyze(asNormalized(`<html><body>${html}</body></html>`));
    expect(holdsMetadataLink(d, listSegments(d), 0)).toBe(expected);
  });
});

describe('trimTrailingMetadata', () => {
  it('drops a "filed under" tag line after the story', () => {
    const out = trimmed(story + tagLine);
    expect(out).toHaveLength(3);
    expect(out.at(-1)).toMatch(/^By evening/);
  });

  it('drops an author box, its heading, and a heading left at the end', () => {
    const out = trimmed(`${story}${authorBox}<h2>More stories you will like</h2>`);
    expect(out).toHaveLength(3);
    expect(out.join('\n')).not.toMatch(/About the writer|Amina|More stories/);
  });

  it('drops a tag line in any language (the markup, not the words, says what it is)', () => {
    const out = trimmed(`${story}<p>Опубликовано в рубрике <a rel="tag" href="/t/nauka">Наука</a></p>`);
    expect(out).toHaveLength(3);
  });

  it('keeps a story paragraph that links a tag when more of the story follows it in the same container', () => {
    const tagged = '<p>The island of <a rel="tag" href="/t/islands">Vessa</a> has had no bridge since the storm of 1998 destroyed it.</p>';
    const out = trimmed(story + tagged + story);
    expect(out).toHaveLength(7);
  });

  it('keeps the footer when the story itself carries metadata links (tags linked inside the prose)', () => {
    const tagged = '<p>The island of <a rel="tag" href="/t/islands">Vessa</a> has had no bridge since the storm of 1998 destroyed it.</p>';
    expect(trimmed(tagged + story + tagLine)).toHaveLength(5);
  });

  it('keeps the story after a byline (the tail would outweigh what precedes it)', () => {
    const byline = '<p>By <a rel="author" href="/u/amina">Amina Yusuf</a></p>';
    expect(trimmed(`<h1>The ferry</h1>${byline}<div>${story}</div>`)).toHaveLength(5);
  });

  it('keeps lines whose links are not metadata links', () => {
    expect(trimmed(`${story}<p>Share this on <a rel="nofollow" href="/s">the network</a></p>`)).toHaveLength(4);
  });
});

describe('extractAuto with trimTrailingMetadata', () => {
  const page = `<html><head><title>The ferry</title></head><body><div class="post"><h1>The ferry</h1>${story}${tagLine}</div>`
    + '<div class="sidebar"><ul><li><a href="/a">Archive</a></li><li><a href="/b">About</a></li></ul></div></body></html>';

  it('leaves the tag line out of the body, and keeps it with the option off', () => {
    const d = analyze(asNormalized(page));
    expect(extractAuto(d).text).not.toMatch(/filed under/);
    expect(extractAuto(d).text).toMatch(/By evening/);
    expect(extractAuto(d, { trimTrailingMetadata: false }).text).toMatch(/filed under/);
  });
});
