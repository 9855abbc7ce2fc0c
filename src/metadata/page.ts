import { assertAnalyzedDocument } from '../analysis/guards.js';
import type { AnalyzedDocument } from '../analysis/types.js';
import { extractAuthor } from './author.js';
import { findElements } from '../analysis/tag-index.js';
import type { Field } from './field.js';
import { readJsonLd } from './json-ld.js';
import { extractDirection, extractLanguage, extractRegion, type Direction } from './language.js';
import { readMetaTags } from './meta-tags.js';
import { extractCanonicalUrl, extractDescription, extractImages, extractKeywords, isNodeOf } from './page-fields.js';
import { extractPublishedDate } from './published.js';
import { resolveMetadataOptions, type MetadataOptions, type ResolvedMetadataOptions } from './options.js';
import { findSiteName, findSiteNames } from './site-name.js';
import { extractTitle, findTitleHeading } from './title.js';

export type { MetadataOptions } from './options.js';

/**
 * Page-level metadata; every value says where it came from.
 * @category Metadata
 */
export interface PageMetadata {
  readonly title: Field<string> | null;
  readonly author: Field<string> | null;
  /** ISO 8601 (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`, with the UTC offset (`Z`, `+08:00`) when the page gives one); its `source` is the date's provenance (`dateSource`). */
  readonly date: Field<string> | null;
  /** Primary language subtag (`ug`, `ar`, `zh`, `en`, ...). */
  readonly lang: Field<string> | null;
  readonly dir: Field<Direction>;
  readonly siteName: string | null;
  /** `keywords`/`news_keywords` metas or JSON-LD `keywords`, split at commas of any script. */
  readonly keywords: Field<readonly string[]> | null;
  readonly description: Field<string> | null;
  /** `<link rel=canonical>`, else `og:url`. */
  readonly canonicalUrl: Field<string> | null;
  /** Images inside the main content, absolute when a base URL is known. */
  readonly images: readonly string[];
  /** The options the metadata was read with (defaults merged with the caller's). */
  readonly options: ResolvedMetadataOptions;
}

/**
 * What metadata needs from an extraction (an `Extraction` fits): the main content's blocks with
 * their node ids. Declared here so that metadata does not import the extractors layer.
 * @category Metadata
 */
export interface MainContent {
  readonly blocks: readonly { readonly node: number }[];
}

const H1_TAG: ReadonlySet<string> = new Set(['h1']);

/** Offset of the title in the visible text: the occurrence nearest before the main content, else the first. */
function findTitleText(doc: AnalyzedDocument, title: string, mainStart: number | undefined): number | null {
  if (title.length < 4) return null;
  const first = doc.text.indexOf(title);
  if (first < 0 || mainStart === undefined) return first < 0 ? null : first;
  let best = first;
  for (let i = doc.text.indexOf(title, first + 1); i >= 0 && i <= mainStart; i = doc.text.indexOf(title, i + 1)) best = i;
  return best;
}

/**
 * Where bylines and datelines are looked for: the title heading nearest before the main content,
 * else the title's text, else the page's first `<h1>` when it comes shortly before the main content,
 * else a little before the main content, else the first `<h1>`, else 0.
 */
function findAnchor(doc: AnalyzedDocument, title: string | undefined, main: { start?: number }, o: ResolvedMetadataOptions): number {
  if (title !== undefined) {
    const heading = findTitleHeading(doc, title, main.start, o);
    const start = heading === null ? null : doc.stats.textStart[heading];
    if (start !== null && (main.start === undefined || start <= main.start + o.headingSlack)) return start;
    const inText = findTitleText(doc, title, main.start);
    if (inText !== null) return inText;
  }
  const h1 = findElements(doc.index, H1_TAG, 1)[0];
  const h1Start = h1 === undefined ? undefined : doc.stats.textStart[h1];
  if (main.start === undefined) return h1Start ?? 0;
  // the page's first <h1> shortly before the main content heads the article even when the title does not name it
  if (h1Start !== undefined && h1Start <= main.start && main.start - h1Start <= o.h1Reach) return h1Start;
  return Math.max(0, main.start - o.anchorLookback);
}

/** Text offsets of the main content: its first and last blocks that have a node (`blockNodes`: the blocks' node ids in order). */
function mainRange(doc: AnalyzedDocument, blockNodes: ArrayLike<number>): { start?: number; end?: number } {
  let first = 0;
  while (first < blockNodes.length && !isNodeOf(doc, blockNodes[first])) first++;
  if (first === blockNodes.length) return {};
  let last = blockNodes.length - 1;
  while (!isNodeOf(doc, blockNodes[last])) last--;
  return { start: doc.stats.textStart[blockNodes[first]], end: doc.stats.textEnd[blockNodes[last]] };
}

/**
 * Reads title, author, date, language, direction, site name, keywords, description, canonical URL
 * and main-content images of a page. Pass the extraction when you have it: the title heading is
 * then the one nearest before the main content, and bylines are looked for after that heading and
 * at the end of the main content.
 * @category Metadata
 * @example
 * const meta = extractMetadata(analyze(normalize(bytes)), {}, extraction);
 * meta.title?.value; meta.title?.source; // 'Notes by hand', 'h1'
 */
export function extractMetadata(doc: AnalyzedDocument, options?: MetadataOptions, extraction?: MainContent): PageMetadata {
  assertAnalyzedDocument(doc, 'extractMetadata');
  return extractMetadataAround(doc, options, (extraction?.blocks ?? []).map((b) => b.node));
}

/**
 * {@link extractMetadata} of an analyzed document, with the main content given as the node ids of its
 * blocks in order: the pipeline hands over an extraction's ids without building blocks made on first read.
 * @internal
 */
export function extractMetadataAround(doc: AnalyzedDocument, options: MetadataOptions | undefined, blockNodes: ArrayLike<number>): PageMetadata {
  const o = resolveMetadataOptions(options, 'extractMetadata');
  const meta = readMetaTags(doc);
  const jsonLd = readJsonLd(doc, o);
  const main = mainRange(doc, blockNodes);
  const site = findSiteNames(doc, meta, jsonLd, [o.url], o);
  const title = extractTitle(doc, o, meta, { jsonLd, mainStart: main.start, site });
  const anchor = findAnchor(doc, title?.value, main, o);
  const siteName = findSiteName(meta, jsonLd);
  const lang = extractLanguage(doc, meta, o);
  const canonicalUrl = extractCanonicalUrl(doc, meta);
  const urls = [canonicalUrl?.value, o.url].filter((u): u is string => u !== undefined && u !== '');
  return {
    title,
    author: extractAuthor(doc, meta, anchor, { jsonLd, anchor, mainEnd: main.end, siteName, site, title: title?.value, options: o }),
    date: extractPublishedDate(doc, meta, anchor, { jsonLd, anchor, urls, lang: lang?.value, region: extractRegion(doc, meta), title: title?.value, options: o }),
    lang,
    dir: extractDirection(doc),
    siteName,
    keywords: extractKeywords(meta, jsonLd),
    description: extractDescription(meta, jsonLd),
    canonicalUrl,
    images: extractImages(doc, blockNodes, urls[0] ?? '', o.maxImages),
    options: o,
  };
}
