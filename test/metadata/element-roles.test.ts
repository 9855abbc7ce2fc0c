import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import type { AnalyzedDocument } from '../../src/analysis/types.js';
import { isAuthorElement } from '../../src/metadata/author.js';
import { metadataElementRoles } from '../../src/metadata/element-roles.js';
import { attributeOf, hasClassRoleToken } from '../../src/metadata/elements.js';
import { extractMetadata } from '../../src/metadata/page.js';
import { DATELINE_TOKENS } from '../../src/vocabulary/metadata-tokens.js';
import { asNormalized } from '../helpers/normalized.js';

// Elements of every kind the author and date searches take, and near misses of each.
const BODY = [
  '<a rel="author" href="/u/1">Jane Roe</a>', '<span itemprop="author">Jane Roe</span>', '<div class="Byline x">By Jane</div>',
  '<p class="comment-author">Not her</p>', '<a href="/author/jane-roe/">Jane</a>', '<a href="https://x.org/AUTHOR/jane">Jane</a>',
  '<a href="/blog/?author=102">Jane</a>', '<a href="/authors/jane">Jane</a>', '<a href="/blog/?author=1&amp;p=2">Jane</a>',
  '<link rel="author" href="/humans.txt">', '<time datetime="2020-02-18">18 Feb</time>', '<span itemprop="datePublished" content="2020-02-18">x</span>',
  '<div class="meta post-date">18 Feb 2020</div>', '<div class="comment-date">19 Feb 2020</div>', '<div class="date   author">2020</div>',
  '<div class="">empty class</div>', '<p>plain</p>', '<div hidden><span class="author">Hidden</span><time>2019</time></div>',
  '<script type="text/template"><span class="date">x</span></script>',
].join('');
const doc = analyze(asNormalized(`<html><head></head><body>${BODY}</body></html>`));
/** The elements outside excluded subtrees (the searches skip hidden and script content). */
const elements = (d: AnalyzedDocument): number[] => Array.from({ length: d.index.size }, (_, i) => i).filter((i) => d.index.kind[i] === 1 && d.index.excluded[i] === 0);

describe('metadataElementRoles', () => {
  it('lists the elements isAuthorElement holds true of outside excluded subtrees, in document order', () => {
    const expected = elements(doc).filter((id) => isAuthorElement(doc, id));
    expect(expected.length).toBe(8);
    expect(metadataElementRoles(doc).author).toEqual(expected);
    const hidden = Array.from({ length: doc.index.size }, (_, i) => i).filter((i) => doc.index.excluded[i] === 1 && isAuthorElement(doc, i));
    expect(hidden.length).toBe(1); // the hidden byline is one, and is not listed
  });

  it('lists every element a date can be read from: <time>, itemprop=datePublished, a dateline class token or its last part', () => {
    const expected = elements(doc).filter((id) => doc.index.tag[id] === 'time' || attributeOf(doc, id, 'itemprop') === 'datePublished'
      || hasClassRoleToken(doc, id, DATELINE_TOKENS, 'head'));
    // time, itemprop, post-date, comment-date (its last part is date), date
    expect(expected.length).toBe(5);
    expect(metadataElementRoles(doc).date).toEqual(expected);
  });

  it('reads class tokens in any case, and passes over a class that holds a role word inside another word only', () => {
    const page = analyze(asNormalized('<html><head></head><body><p class="POST-DATE">1 May 2020</p><p class="BYLINE">Jane</p>'
      + '<p class="update">x</p><p class="authority dated">y</p><p class="o-meta--date">2 May 2020</p></body></html>'));
    const classOf = (id: number): string | undefined => attributeOf(page, id, 'class');
    expect(metadataElementRoles(page).date.map(classOf)).toEqual(['POST-DATE', 'o-meta--date']);
    expect(metadataElementRoles(page).author.map(classOf)).toEqual(['BYLINE']);
  });

  it('is found once per page', () => {
    expect(metadataElementRoles(doc)).toBe(metadataElementRoles(doc));
  });
});

describe('the author and date searches over the listed elements', () => {
  it('take the element nearest after the headline, and an outer dated element stands for its subtree', () => {
    const page = '<html><head></head><body><p class="date">1 March 2019</p><h1>A headline of the story</h1>'
      + '<div class="byline"><span class="author">Jane Roe</span></div><div class="date">4 May 2020 <time datetime="2020-05-05">x</time></div>'
      + '<p>Body text of the story, long enough to be the article and not a label of the page.</p></body></html>';
    const meta = extractMetadata(analyze(asNormalized(page)));
    expect(meta.author?.value).toBe('Jane Roe');
    expect(meta.date?.value).toBe('2020-05-04');
  });
});
