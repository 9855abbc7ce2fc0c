import type { AnalyzedDocument } from '../analysis/types.js';
import { declaredAuthors, isAuthorElement } from './author.js';
import { findElements } from '../analysis/tag-index.js';
import { attributeOf, collapseWhitespace, rawTextOf } from './elements.js';
import { field, type Field } from './field.js';
import { readJsonLd, type JsonLdArticle } from './json-ld.js';
import { firstMeta, readMetaTags, type MetaTags } from './meta-tags.js';
import { DEFAULT_METADATA_OPTIONS, resolveMetadataOptions, type MetadataOptions } from './options.js';
import { comparable, type ComparableText, comparableSimilarity, normalizeForComparison, textSimilarity } from './similarity.js';

/**
 * Options of {@link extractTitle}: the title's part of {@link MetadataOptions}.
 * @category Metadata
 */
export type TitleOptions = Pick<MetadataOptions, 'minHeadingSimilarity' | 'maxHeadings' | 'maxTitleSegments' | 'homeLinkLevels' | 'maxCopyrightNotices' | 'jsonLdTitleMatch'>;

/** Defaults of {@link TitleOptions}. @category Metadata */
export const DEFAULT_TITLE_OPTIONS: Readonly<Required<TitleOptions>> = Object.freeze({
  minHeadingSimilarity: DEFAULT_METADATA_OPTIONS.minHeadingSimilarity,
  maxHeadings: DEFAULT_METADATA_OPTIONS.maxHeadings,
  maxTitleSegments: DEFAULT_METADATA_OPTIONS.maxTitleSegments,
  homeLinkLevels: DEFAULT_METADATA_OPTIONS.homeLinkLevels,
  maxCopyrightNotices: DEFAULT_METADATA_OPTIONS.maxCopyrightNotices,
  jsonLdTitleMatch: DEFAULT_METADATA_OPTIONS.jsonLdTitleMatch,
});

type O = Readonly<Required<TitleOptions>>;

/**
 * What the page knows besides its markup: JSON-LD and where the main content starts.
 * @category Metadata
 */
export interface TitleContext {
  /** The page's article JSON-LD ({@link readJsonLd}); read from the page when not given. */
  readonly jsonLd?: JsonLdArticle | null;
  /** Text offset where the main content starts (the extraction's first block); headings closest before it win ties. */
  readonly mainStart?: number;
}

/**
 * Separators between a page title and a site or section name, in any script:
 * `|`, `_`, `·`, `•`, `»`, `::`, `--`, `/` and the dashes `-`, `–`, `—` (a single hyphen or slash only with spaces
 * around it, so `note-taking` and `AC/DC` stay whole). A middle dot `·` with letters or digits right on both
 * sides is part of a word, not a separator: the interpunct of a transliterated name (`叶甫根尼·普鲁申`) and
 * Catalan's `l·l` (`col·lecció`). Linear: one character class per alternative.
 */
const TITLE_SEPARATOR_RE = /\s+[-/]\s+|\s*-{2,}\s*|\s*[|_•»–—]\s*|\s+·\s*|·\s+|(?<![\p{L}\p{N}])·|·(?![\p{L}\p{N}])|\s*::\s*/gu;
const TITLE_TAG: ReadonlySet<string> = new Set(['title']);
const H1_TAG: ReadonlySet<string> = new Set(['h1']);
const LINK_TAGS: ReadonlySet<string> = new Set(['a']);
const HEADING_TAGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3']);
const SITE_NAME_KEYS = ['og:site_name', 'application-name', 'apple-mobile-web-app-title'] as const;
/**
 * Title metas in the order Readability.js trusts them (Dublin Core, Open Graph, Weibo, `title`,
 * Twitter, Parse.ly). They are taken as written: a publisher's declared title stays whole.
 */
const TITLE_META_KEYS = [
  'dc:title', 'dcterm:title', 'og:title', 'weibo:article:title', 'weibo:webpage:title', 'title', 'twitter:title', 'parsely-title',
] as const;
/** A `<title>` segment that names the software, not the page: `Powered by Discuz!`. */
const POWERED_BY_RE = /^powered by\b/iu;
/** A title cut short by the site: ends with an ellipsis. */
const ELLIPSIS_END_RE = /(?:\.{3}|…)$/u;

interface Segment {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** Segments of a title with their offsets in it. */
function segmentsOf(title: string): Segment[] {
  const out: Segment[] = [];
  let start = 0;
  const push = (end: number): void => {
    const raw = title.slice(start, end);
    const text = raw.trim();
    if (text !== '') out.push({ text, start: start + raw.indexOf(text), end: start + raw.indexOf(text) + text.length });
  };
  for (const m of title.matchAll(TITLE_SEPARATOR_RE)) {
    push(m.index);
    start = m.index + m[0].length;
  }
  push(title.length);
  return out;
}

/**
 * Splits a title at site-name separators into trimmed, non-empty segments.
 * @example splitTitle('本市新建三座社区图书馆_城市新闻_晨光网'); // ['本市新建三座社区图书馆', '城市新闻', '晨光网']
 * @category Metadata
 */
export function splitTitle(title: string): string[] {
  return segmentsOf(title).map((s) => s.text);
}

function isSameText(a: string, b: string): boolean {
  const x = normalizeForComparison(a);
  return x !== '' && x === normalizeForComparison(b);
}

/** The site name from `og:site_name`, `application-name` or the JSON-LD publisher, or null. @category Metadata */
export function findSiteName(meta: MetaTags, jsonLd?: JsonLdArticle | null): string | null {
  return firstMeta(meta, SITE_NAME_KEYS)?.value ?? jsonLd?.publisher ?? null;
}

/**
 * A `<title>` segment that is a host name (`blog.example.com`, `Salon.com`, `LWN.net`): the site's
 * address. The top-level domain must be written in lower case, so `ASP.NET` and `Node.js` stay titles.
 */
const HOST_SEGMENT_RE = /^(?:https?:\/\/)?(?:[\p{L}\p{N}-]+\.)+(?:com|net|org|edu|gov|info|cn|tw|hk|uk|de|fr|jp|ru)\/?$/u;

/** True when the segment names the site (its name, its address, or the forum software) rather than the page. */
function isSiteSegment(text: string, siteName: string | null): boolean {
  return POWERED_BY_RE.test(text) || HOST_SEGMENT_RE.test(text) || (siteName !== null && isSameText(text, siteName));
}

interface Run {
  readonly text: string;
  readonly segments: number;
  /** Offset of the run in the `<title>`. */
  readonly start: number;
  /** Index of the run's last segment in the `<title>`. */
  readonly last: number;
}

/** Every run of consecutive segments (as written in the title) that holds no site segment. */
function runsOf(title: string, all: readonly Segment[], siteName: string | null, o: O): Run[] {
  const out: Run[] = [];
  const segments = all.slice(0, o.maxTitleSegments);
  for (let i = 0; i < segments.length; i++) {
    for (let j = i; j < segments.length; j++) {
      if (isSiteSegment(segments[j].text, siteName)) break;
      out.push({ text: title.slice(segments[i].start, segments[j].end), segments: j - i + 1, start: segments[i].start, last: j });
    }
  }
  return out;
}

/** How well a heading confirms a run: similarity, or 1 when the heading is the run plus a short label (`[News] run`). */
function confirmation(heading: ComparableText, run: ComparableText): number {
  const h = heading.normalized;
  const r = run.normalized;
  if (r !== '' && h.includes(r) && r.length * 2 >= h.length) return 1;
  return comparableSimilarity(heading, run);
}

interface Confirmed {
  readonly run: Run;
  readonly heading: number;
  readonly headingText: string;
  readonly score: number;
  readonly distance: number;
}

/** A link to the site's home page: `/`, `./`, `index.php`, `http://host/`. */
const HOME_HREF_RE = /^(?:\.{0,2}\/?|\.?\/?index\.[a-z]{2,5}|https?:\/\/[^/?#]+\/?(?:index\.[a-z]{2,5})?)$/iu;

function isHomeLink(doc: AnalyzedDocument, id: number): boolean {
  if (doc.index.tag[id] !== 'a') return false;
  const href = attributeOf(doc, id, 'href');
  return href !== undefined && HOME_HREF_RE.test(href.trim());
}

/** True for a logo heading: it is inside, or wraps, a link to the home page (the site name, not the page's title). */
function isLogoHeading(doc: AnalyzedDocument, id: number, o: O): boolean {
  let up = id;
  for (let level = 0; level <= o.homeLinkLevels && up >= 0; level++, up = doc.index.parent[up]) {
    if (isHomeLink(doc, up)) return true;
  }
  for (let d = id + 1; d < doc.index.subtreeEnd[id]; d++) if (isHomeLink(doc, d)) return true;
  return false;
}

/**
 * True for a byline heading: it is an author element (`class="byline heading"`, `rel=author`), or
 * all its text is one (`<h3><a rel="author">…</a></h3>`). It names the author, never the page.
 */
function isBylineHeading(doc: AnalyzedDocument, id: number): boolean {
  const { textChars } = doc.stats;
  for (let d = id; d < doc.index.subtreeEnd[id]; d++) {
    if (textChars[d] === textChars[id] && isAuthorElement(doc, d)) return true;
  }
  return false;
}

/** Distance of a heading from the main content: before it is near, after it is far. */
function distanceTo(doc: AnalyzedDocument, id: number, mainStart: number): number {
  const start = doc.stats.textStart[id];
  return start <= mainStart ? mainStart - start : doc.text.length + (start - mainStart);
}

function isBetter(a: Confirmed, b: Confirmed | null): boolean {
  if (b === null) return true;
  if (a.score !== b.score) return a.score > b.score;
  if (a.distance !== b.distance) return a.distance < b.distance;
  return a.run.segments > b.run.segments;
}

/**
 * The run of `<title>` segments that an `<h1>`–`<h3>` confirms: best similarity, then the heading
 * nearest before the main content, then the longer run.
 */
function confirmRun(doc: AnalyzedDocument, runs: readonly Run[], mainStart: number, o: O): Confirmed | null {
  let best: Confirmed | null = null;
  const { excluded } = doc.index;
  // each text prepared once, not once per heading-run pair (a thread has a heading per post)
  let prepared: ComparableText[] | null = null;
  for (const id of findElements(doc.index, HEADING_TAGS, o.maxHeadings)) {
    if (excluded[id] === 1 || isLogoHeading(doc, id, o) || isBylineHeading(doc, id)) continue;
    const headingText = collapseWhitespace(doc.textOf(id));
    if (headingText === '') continue;
    const heading = comparable(headingText);
    prepared ??= runs.map((run) => comparable(run.text));
    for (let k = 0; k < runs.length; k++) {
      const run = runs[k];
      const score = Math.round(confirmation(heading, prepared[k]) * 100) / 100;
      if (score < o.minHeadingSimilarity) continue;
      const candidate = { run, heading: id, headingText, score, distance: distanceTo(doc, id, mainStart) };
      if (isBetter(candidate, best)) best = candidate;
    }
  }
  return best;
}

/** The segment a bare `<title>` most likely names the page with: the first, unless much shorter. */
function pickSegment(segments: readonly Segment[]): Segment {
  const lengths = segments.map((s) => Array.from(s.text).length);
  const longest = Math.max(...lengths);
  return lengths[0] * 2 >= longest ? segments[0] : segments[lengths.indexOf(longest)];
}

/** `© 2016 Jane Roe`, `Copyright © 2012-2015 Ink News.`: the holder's name after the sign and the years. */
const COPYRIGHT_HOLDER_RE = /(?:©|\(c\)|copyright)[ \t]*(?:©[ \t]*)?(?:\d{4}(?:[ \t]*[-–][ \t]*\d{4})?[ \t,]*)?([^\n©|·•—–,.;:\d]{2,60})/giu;

/** True when `name` holds the copyright of the page (`© 2012 Jane Roe`): the site is named after its owner. */
function isCopyrightHolder(doc: AnalyzedDocument, name: string, o: O): boolean {
  const wanted = normalizeForComparison(name);
  let seen = 0;
  for (const m of doc.text.matchAll(COPYRIGHT_HOLDER_RE)) {
    const holder = normalizeForComparison(m[1]);
    if (wanted !== '' && (holder === wanted || holder.startsWith(`${wanted} `))) return true;
    if (++seen >= o.maxCopyrightNotices) break;
  }
  return false;
}

/** True when a link to the home page is labelled `name` (its text or its `title`): the logo names the site. */
function isHomeLinkName(doc: AnalyzedDocument, name: string): boolean {
  for (const id of findElements(doc.index, LINK_TAGS)) {
    if (!isHomeLink(doc, id)) continue;
    if (isSameText(collapseWhitespace(doc.textOf(id)), name) || isSameText(attributeOf(doc, id, 'title') ?? '', name)) return true;
  }
  return false;
}

const LEADING_BY_RE = /^(?:written by|by) /u;
const HAN_NAME_RE = /^\p{Script=Han}{2,4}$/u;

/** The declared author a `<title>` segment credits (`Jane Roe`, `by Jane Roe`, `Jane Roe (jr)`), or null. */
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
 * The title run extended over the segment right after it when that segment credits the page's
 * declared author (`On Recent Events - Jane Roe (jr)`): a byline the page put in its title is part
 * of it, as publishers write them (`Headline | Jane Roe | Section | Site`). Not when the author is
 * the site itself (the site name, the name on the home link, the copyright holder: a personal blog's
 * `Post | Jane Roe` is branded with the blog's name).
 */
function withCreditedAuthor(doc: AnalyzedDocument, title: string, segments: readonly Segment[], run: { text: string; start: number; last: number }, siteName: string | null, authors: readonly string[], o: O): string {
  const next = segments[run.last + 1];
  if (next === undefined || run.last + 1 >= o.maxTitleSegments || authors.length === 0) return run.text;
  const author = creditedAuthor(next.text, authors);
  if (author === null || isSiteSegment(next.text, siteName) || isSiteSegment(author, siteName)) return run.text;
  if (isHomeLinkName(doc, author) || isCopyrightHolder(doc, author, o)) return run.text;
  return title.slice(run.start, next.end);
}

/**
 * The JSON-LD title: `headline` and `name` agree, or only one is given; when both differ, the one
 * that matches the `<title>` (`headline` only if it matches and `name` does not), else `name`.
 */
function jsonLdTitle(jsonLd: JsonLdArticle, pageTitle: string, o: O): string | null {
  const { name, headline } = jsonLd;
  if (name === null || headline === null || name === headline) return headline ?? name;
  const headlineMatches = textSimilarity(headline, pageTitle) > o.jsonLdTitleMatch;
  const nameMatches = textSimilarity(name, pageTitle) > o.jsonLdTitleMatch;
  return headlineMatches && !nameMatches ? headline : name;
}

/** A declared title (JSON-LD, then title metas), as written, unless it is only the site name. */
function declaredTitle(meta: MetaTags, jsonLd: JsonLdArticle | null, siteName: string | null, pageTitle: string, o: O): Field<string> | null {
  const fromJsonLd = jsonLd ? jsonLdTitle(jsonLd, pageTitle, o) : null;
  if (jsonLd && fromJsonLd && !isSiteSegment(fromJsonLd, siteName)) return field(fromJsonLd, 'json-ld', jsonLd.node);
  for (const key of TITLE_META_KEYS) {
    for (const value of meta.get(key) ?? []) {
      if (!isSiteSegment(value, siteName)) return field(value, `meta:${key}`);
    }
  }
  return null;
}

/** The title from `<title>`, confirmed by a heading when one matches, else its best segment. */
function fromTitleElement(doc: AnalyzedDocument, siteName: string | null, mainStart: number, o: O, authors: readonly string[]): Field<string> | null {
  const titleId = findElements(doc.index, TITLE_TAG, 1)[0];
  const title = titleId === undefined ? '' : rawTextOf(doc, titleId);
  const segments = segmentsOf(title);
  const runs = runsOf(title, segments, siteName, o);
  if (runs.length === 0) return null;
  const confirmed = confirmRun(doc, runs, mainStart, o);
  if (confirmed) {
    const cut = ELLIPSIS_END_RE.test(confirmed.run.text) && confirmed.headingText.length > confirmed.run.text.length;
    if (cut) return field(confirmed.headingText, doc.index.tag[confirmed.heading], confirmed.heading);
    return field(withCreditedAuthor(doc, title, segments, confirmed.run, siteName, authors, o), 'title', titleId);
  }
  const picked = pickSegment(segments.filter((s) => !isSiteSegment(s.text, siteName)));
  const run = { text: picked.text, start: picked.start, last: segments.indexOf(picked) };
  return field(withCreditedAuthor(doc, title, segments, run, siteName, authors, o), 'title', titleId);
}

/**
 * Finds the page title by one documented rule:
 * 1. a declared title, taken as written: JSON-LD `headline`, else the first of `dc:title`,
 *    `og:title`, `weibo:*:title`, `title`, `twitter:title`, `parsely-title` (never one that is
 *    only the site name);
 * 2. else the `<title>`, split at separators (`| _ - – — · • :: » /`, any script): the run of
 *    segments that an `<h1>`–`<h3>` confirms (similarity ≥ `minHeadingSimilarity`; ties go to the
 *    heading nearest before the main content, then to the longer run), written as in `<title>`;
 *    a logo heading (inside or around a link to the home page) and a byline heading (an author
 *    element, or all author link) never confirm anything;
 *    segments equal to the site name or `Powered by …` are never part of it;
 * 3. else the first segment of `<title>` that is not the site name (a much longer later segment
 *    wins over a short first one);
 *    in 2 and 3, the segment right after the title that credits the page's declared author
 *    (JSON-LD or meta author: `Post - Jane Roe`, `Post | by Jane Roe`) stays part of the title,
 *    unless that author is the site (its site name, the name on its home link, its copyright holder);
 * 4. else the first `<h1>`, unless it is the site name.
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
  const siteName = findSiteName(meta, jsonLd);
  const titleId = findElements(doc.index, TITLE_TAG, 1)[0];
  const declared = declaredTitle(meta, jsonLd, siteName, titleId === undefined ? '' : rawTextOf(doc, titleId), o);
  if (declared) return declared;
  const fromTitle = fromTitleElement(doc, siteName, context.mainStart ?? doc.text.length, o, declaredAuthors(meta, jsonLd));
  if (fromTitle) return fromTitle;
  const h1 = findElements(doc.index, H1_TAG, 1)[0];
  const h1Text = h1 === undefined ? '' : collapseWhitespace(doc.textOf(h1));
  return h1Text !== '' && !isSiteSegment(h1Text, siteName) ? field(h1Text, 'h1', h1) : null;
}

/**
 * The `<h1>`–`<h3>` that shows the title (similarity ≥ `minHeadingSimilarity`, or the heading is the
 * title plus a short label), nearest before `mainStart`; null when no heading shows it.
 * Bylines and datelines are looked for after it.
 * @category Metadata
 */
export function findTitleHeading(doc: AnalyzedDocument, title: string, mainStart = doc.text.length, options?: MetadataOptions): number | null {
  const o = resolveMetadataOptions(options, 'findTitleHeading');
  return confirmRun(doc, [{ text: title, segments: 1, start: 0, last: 0 }], mainStart, o)?.heading ?? null;
}
