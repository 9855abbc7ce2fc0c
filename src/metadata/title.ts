import { NodeKind, type AnalyzedDocument } from '../analysis/types.js';
import { declaredAuthors } from './author.js';
import { findElements } from '../analysis/tag-index.js';
import { collapseWhitespace } from './elements.js';
import { type DeclaredTitle, readDeclaredTitles } from './declared-titles.js';
import { field, type Field } from './field.js';
import { readJsonLd, type JsonLdArticle } from './json-ld.js';
import { readMetaTags, type MetaTags } from './meta-tags.js';
import { DEFAULT_METADATA_OPTIONS, resolveMetadataOptions, type MetadataOptions, type ResolvedMetadataOptions } from './options.js';
import { normalizeForComparison } from './similarity.js';
import { findSiteNames, isCopyrightHolder, isSiteName, type SiteNames, withoutEchoes } from './site-name.js';
import { confirmHeadline, type Confirmed } from './title-heading.js';
import { isSiteSegment, type Run, runsOf, type Segment, segmentsOf, withoutSiteAffixes } from './title-segments.js';

export { splitTitle } from './title-segments.js';
export { findSiteName } from './site-name.js';

/**
 * Options of {@link extractTitle}: the title's part of {@link MetadataOptions}.
 * @category Metadata
 */
export type TitleOptions = Pick<MetadataOptions, 'minHeadingSimilarity' | 'maxHeadings' | 'maxTitleSegments' | 'maxTitleLabelWords' | 'homeLinkLevels' | 'maxCopyrightNotices' | 'jsonLdTitleMatch' | 'titleAsDeclared'>;

/** Defaults of {@link TitleOptions}. @category Metadata */
export const DEFAULT_TITLE_OPTIONS: Readonly<Required<TitleOptions>> = Object.freeze({
  minHeadingSimilarity: DEFAULT_METADATA_OPTIONS.minHeadingSimilarity,
  maxHeadings: DEFAULT_METADATA_OPTIONS.maxHeadings,
  maxTitleSegments: DEFAULT_METADATA_OPTIONS.maxTitleSegments,
  maxTitleLabelWords: DEFAULT_METADATA_OPTIONS.maxTitleLabelWords,
  homeLinkLevels: DEFAULT_METADATA_OPTIONS.homeLinkLevels,
  maxCopyrightNotices: DEFAULT_METADATA_OPTIONS.maxCopyrightNotices,
  jsonLdTitleMatch: DEFAULT_METADATA_OPTIONS.jsonLdTitleMatch,
  titleAsDeclared: DEFAULT_METADATA_OPTIONS.titleAsDeclared,
});

type O = ResolvedMetadataOptions;

/**
 * What the page knows besides its markup: JSON-LD, where the main content starts, the site's names.
 * @category Metadata
 */
export interface TitleContext {
  /** The page's article JSON-LD ({@link readJsonLd}); read from the page when not given. */
  readonly jsonLd?: JsonLdArticle | null;
  /** Text offset where the main content starts (the extraction's first block); headings closest before it win ties. */
  readonly mainStart?: number;
  /** The site's names ({@link findSiteNames}); found from the page (and `url`) when not given. */
  readonly site?: SiteNames;
}

/** A title cut short by the site: ends with an ellipsis. */
const ELLIPSIS_END_RE = /(?:\.{3}|…)$/u;
const H1_TAG: ReadonlySet<string> = new Set(['h1']);

/** A declared title and its segments. */
interface Declared extends DeclaredTitle {
  readonly segments: readonly Segment[];
}

const LEADING_BY_RE = /^(?:written by|by) /u;
const HAN_NAME_RE = /^\p{Script=Han}{2,4}$/u;

/** The declared author a title segment credits (`Jane Roe`, `by Jane Roe`, `Jane Roe (jr)`), or null. */
function creditedAuthor(segment: string, authors: readonly string[]): string | null {
  const text = normalizeForComparison(segment).replace(LEADING_BY_RE, '');
  for (const author of authors) {
    const name = normalizeForComparison(author);
    // a personal name: two words or more (`jane roe`), or 2–4 Han characters (林晓); never a login like `admin`
    const isPersonal = name.includes(' ') || HAN_NAME_RE.test(name);
    if (isPersonal && (text === name || text.startsWith(`${name} `))) return author;
  }
  return null;
}

/**
 * The byline a title writes right after the run (`On Recent Events - Jane Roe (jr)`): the separator and
 * the segment that credits the page's declared author, as written, else ''. Publishers put bylines in
 * titles (`Headline | Jane Roe | Section | Site`). Not when the author is the site itself (a site name,
 * the copyright holder: a personal blog's `Post | Jane Roe` is branded with the blog's name).
 */
function creditedByline(doc: AnalyzedDocument, declared: Declared, run: Run, site: SiteNames, authors: readonly string[], o: O): string {
  const next = declared.segments[run.last + 1];
  if (next === undefined || run.last + 1 >= o.maxTitleSegments || authors.length === 0) return '';
  const author = creditedAuthor(next.text, authors);
  if (author === null || isSiteSegment(next.text, site) || isSiteName(author, site)) return '';
  if (isCopyrightHolder(doc, author, o.maxCopyrightNotices)) return '';
  return declared.text.slice(run.start + run.text.length, next.end);
}

/**
 * The title a heading confirms: the heading's text as the page shows it (without a kicker), followed by
 * the byline the declared title credits after that run. A declared title that the heading only cuts
 * short (`…`) is the heading's whole text too.
 */
function confirmedTitle(doc: AnalyzedDocument, confirmed: Confirmed, declared: Declared, site: SiteNames, authors: readonly string[], o: O): Field<string> {
  const byline = creditedByline(doc, declared, confirmed.run, site, authors, o);
  const heading = normalizeForComparison(confirmed.text);
  const run = normalizeForComparison(confirmed.run.text);
  const isCut = ELLIPSIS_END_RE.test(confirmed.run.text) && confirmed.text.length > confirmed.run.text.length;
  // a heading that adds a label to the run (`Re: run`, `[Notice] run`, `Topic: run (Read 87 times)`): the run, as
  // declared; so too any run the heading confirms when the declared title is wanted
  const isLabelled = !confirmed.isOnePiece && heading !== run && heading.includes(run);
  if (!isCut && (o.titleAsDeclared || isLabelled)) {
    return field(`${confirmed.run.text}${byline}`, declared.source, declared.node);
  }
  return field(`${confirmed.text}${byline}`, doc.index.tagOf(confirmed.heading), confirmed.heading);
}

/** The segment (or run) a bare `<title>` most likely names the page with: the first, unless much shorter. */
function pickSegment<T extends { readonly text: string }>(segments: readonly T[]): T {
  const lengths = segments.map((s) => Array.from(s.text).length);
  const longest = Math.max(...lengths);
  return lengths[0] * 2 >= longest ? segments[0] : segments[lengths.indexOf(longest)];
}

/** The texts of the page's elements (whitespace collapsed) of at most `maxChars` characters. */
function elementTexts(doc: AnalyzedDocument, maxChars: number): Set<string> {
  const out = new Set<string>();
  const { kind, excluded, size } = doc.index;
  for (let id = 1; id < size; id++) {
    const chars = doc.stats.textChars[id];
    if (kind[id] === NodeKind.Element && excluded[id] === 0 && chars > 0 && chars <= maxChars) out.add(collapseWhitespace(doc.textOf(id)));
  }
  return out;
}

/**
 * The run of a `<title>` that the page shows as the whole text of an element (a thread's title in its own
 * link or cell), when some segment of the `<title>` is not shown so (a page label such as `View topic` that
 * a template writes into every `<title>`): of the runs shown that no longer shown run holds, the first
 * unless much shorter ({@link pickSegment}). Null when every segment is shown or none is.
 */
function wordCount(text: string): number {
  return text.split(/\s+/u).filter(Boolean).length;
}

function shownRun(doc: AnalyzedDocument, declared: Declared, site: SiteNames, o: O): Run | null {
  const runs = runsOf(declared.text, declared.segments, site, o.maxTitleSegments);
  // only a short label (`View topic`) gives way: a longer segment the page never shows whole is its own
  // title; a <title> with no segment short enough is answered without walking the page's elements
  const isLabel = (r: Run): boolean => r.segments === 1 && wordCount(r.text) <= o.maxTitleLabelWords;
  if (!runs.some(isLabel)) return null;
  const texts = elementTexts(doc, Math.max(0, ...runs.map((r) => r.text.length)));
  const shown = runs.filter((r) => texts.has(collapseWhitespace(r.text)));
  const unshown = runs.filter((r) => r.segments === 1 && !shown.includes(r));
  if (shown.length === 0 || unshown.length === 0 || !unshown.every(isLabel)) return null;
  const within = (r: Run, q: Run): boolean => q.start <= r.start && q.start + q.text.length >= r.start + r.text.length;
  return pickSegment(shown.filter((r) => !shown.some((q) => q !== r && within(r, q))));
}

/**
 * The first declared title that is more than the site name, without the site's name at either end;
 * `<title>` (trusted last) gives its first segment that is not the site (a much longer later one wins),
 * with the byline it credits.
 */
function fromDeclared(doc: AnalyzedDocument, declared: readonly Declared[], site: SiteNames, authors: readonly string[], o: O): Field<string> | null {
  for (const d of declared) {
    if (d.source !== 'title') {
      const text = withoutSiteAffixes(d.text, site);
      if (text !== null) return field(text, d.source, d.node);
      continue;
    }
    const kept = d.segments.filter((s) => !isSiteSegment(s.text, site));
    if (kept.length === 0) continue;
    const picked = pickSegment(kept);
    const run = shownRun(doc, d, site, o) ?? { text: picked.text, segments: 1, start: picked.start, last: d.segments.indexOf(picked) };
    return field(`${run.text}${creditedByline(doc, d, run, site, authors, o)}`, 'title', d.node);
  }
  return null;
}

/**
 * Finds the page title by one documented rule:
 * 1. the page's visible headline: the `<h1>`–`<h3>` that confirms a run of segments of a declared title
 *    (JSON-LD `headline`/`name`, `dc:title`, `og:title`, `weibo:*:title`, `title`, `twitter:title`,
 *    `parsely-title`, `<title>`; segments split at `| ǀ _ - – — -- · • :: » › /`, a run never holds a
 *    segment that names the site) with similarity ≥ `minHeadingSimilarity`; ties go to the heading nearest
 *    before the main content. Its text is taken as the page writes it, without a kicker (a topic line in
 *    an element of its own, parted from the headline by a separator); a logo heading (inside or around a
 *    link to the home page) and a byline heading (an author element, or all author link) never confirm;
 * 2. else the first declared title (in that order) that is more than the site name, without the site's
 *    name at either end (`Headline | Site`, `Site: Headline`); for `<title>`, its first segment that is
 *    not the site (a much longer later segment wins), or, when a segment is not the whole text of any
 *    element of the page (`View topic`), the longest run the page shows as an element's whole text;
 *    in 1 and 2, the segment right after the title that credits the page's declared author
 *    (JSON-LD or meta author: `Post - Jane Roe`, `Post | by Jane Roe`) stays part of the title,
 *    unless that author is the site (one of its names, its copyright holder);
 * 3. else the first `<h1>`, unless it is the site name.
 * The site's names ({@link findSiteNames}): `og:site_name`, `application-name`, JSON-LD `publisher`, the
 * labels of links to the home page, the first link of a breadcrumb trail, the host of the canonical link,
 * `og:url` or the caller's `url`.
 * @example
 * extractTitle(analyze(normalize('<title>Notes by hand | Slow Pages</title><h1>Notes by hand</h1>')))?.value; // 'Notes by hand'
 * @category Metadata
 */
export function extractTitle(
  doc: AnalyzedDocument,
  options?: MetadataOptions,
  meta: MetaTags = readMetaTags(doc),
  context: TitleContext = {},
): Field<string> | null {
  const o = resolveMetadataOptions(options, 'extractTitle');
  const jsonLd = context.jsonLd === undefined ? readJsonLd(doc, o) : context.jsonLd;
  const site = context.site ?? findSiteNames(doc, meta, jsonLd, [o.url], o);
  const declared = readDeclaredTitles(doc, meta, jsonLd, o.jsonLdTitleMatch).map((d) => ({ ...d, segments: segmentsOf(d.text) }));
  if (o.titleAsDeclared) {
    const asWritten = declared.find((d) => d.source !== 'title' && !isSiteSegment(d.text, site));
    if (asWritten) return field(asWritten.text, asWritten.source, asWritten.node);
  }
  const authors = declaredAuthors(meta, jsonLd);
  const titles = declared.map((d) => d.text);
  const confirm = (names: SiteNames): Confirmed | null => confirmHeadline(doc, titles, declared.map((d) => runsOf(d.text, d.segments, names, o.maxTitleSegments)), context.mainStart ?? doc.text.length, o);
  // runs without the site's names first; then runs that may hold a declared site name which is also a whole
  // declared title (`application-name`, even `og:site_name`, sometimes repeat the page's title)
  const confirmed = confirm(site) ?? (site.echoes.size > 0 ? confirm(withoutEchoes(site)) : null);
  if (confirmed) return confirmedTitle(doc, confirmed, declared[confirmed.declared], site, authors, o);
  const fromTitle = fromDeclared(doc, declared, site, authors, o);
  if (fromTitle) return fromTitle;
  const h1 = findElements(doc.index, H1_TAG, 1)[0];
  const h1Text = h1 === undefined ? '' : collapseWhitespace(doc.textOf(h1));
  return h1Text !== '' && !isSiteSegment(h1Text, site) ? field(h1Text, 'h1', h1) : null;
}

/**
 * The `<h1>`–`<h3>` that shows the title (similarity ≥ `minHeadingSimilarity`, or the heading is the
 * title plus a short label), nearest before `mainStart`; null when no heading shows it.
 * Bylines and datelines are looked for after it.
 * @category Metadata
 */
export function findTitleHeading(doc: AnalyzedDocument, title: string, mainStart = doc.text.length, options?: MetadataOptions): number | null {
  const o = resolveMetadataOptions(options, 'findTitleHeading');
  const run = { text: title, segments: 1, start: 0, last: 0 };
  return confirmHeadline(doc, [title], [[run]], mainStart, o)?.heading ?? null;
}
