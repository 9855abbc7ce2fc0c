import type { AnalyzedDocument } from '../analysis/types.js';
import { resolveOptions } from '../core/options.js';
import { collapseWhitespace, findElements, rawTextOf } from './elements.js';
import { field, type Field } from './field.js';
import { firstMeta, readMetaTags, type MetaTags } from './meta-tags.js';
import { normalizeForComparison, textSimilarity } from './similarity.js';

/**
 * Options of {@link extractTitle}.
 * @category Metadata
 */
export interface TitleOptions {
  /**
   * Smallest {@link textSimilarity} between an `<h1>`/`<h2>` and the `<title>` (or one of its
   * segments) for the heading to be taken as the title.
   * @default 0.8
   */
  minHeadingSimilarity?: number;
  /**
   * How many `<h1>`/`<h2>` elements (in document order) are compared with the `<title>`.
   * @default 20
   */
  maxHeadings?: number;
}

/** Defaults of {@link TitleOptions}. @category Metadata */
export const DEFAULT_TITLE_OPTIONS: Readonly<Required<TitleOptions>> = Object.freeze({
  minHeadingSimilarity: 0.8,
  maxHeadings: 20,
});

/**
 * Separators between a page title and a site or section name, in any script:
 * `|`, `_`, `·`, `•`, `»`, `::`, `/` and the dashes `-`, `–`, `—` (a hyphen only with spaces around it,
 * so `note-taking` stays whole). Linear: one character class per alternative, no nesting.
 */
const TITLE_SEPARATOR_RE = /\s+[-/]\s+|\s*[|_·•»–—]\s*|\s*::\s*/u;
const TITLE_TAG: ReadonlySet<string> = new Set(['title']);
const H1_TAG: ReadonlySet<string> = new Set(['h1']);
const HEADING_TAGS: ReadonlySet<string> = new Set(['h1', 'h2']);
const SITE_NAME_KEYS = ['og:site_name', 'application-name', 'twitter:site'] as const;
const TITLE_META_KEYS = ['og:title', 'twitter:title', 'dc.title'] as const;

/**
 * Splits a title at site-name separators into trimmed, non-empty segments.
 * @example splitTitle('本市新建三座社区图书馆_城市新闻_晨光网'); // ['本市新建三座社区图书馆', '城市新闻', '晨光网']
 * @category Metadata
 */
export function splitTitle(title: string): string[] {
  return title.split(TITLE_SEPARATOR_RE).map((s) => s.trim()).filter((s) => s !== '');
}

function isSameText(a: string, b: string): boolean {
  return normalizeForComparison(a) === normalizeForComparison(b);
}

/** Drops segments that are the site name; keeps the title whole when nothing is left. */
function withoutSiteName(segments: readonly string[], siteName: string | null): string[] {
  if (siteName === null) return [...segments];
  return segments.filter((s) => !isSameText(s, siteName));
}

/** The segment a bare `<title>` most likely names the page with: the first, unless much shorter. */
function pickSegment(segments: readonly string[]): string {
  const lengths = segments.map((s) => Array.from(s).length);
  const longest = Math.max(...lengths);
  return lengths[0] * 2 >= longest ? segments[0] : segments[lengths.indexOf(longest)];
}

/**
 * The h1/h2 most similar to the whole title or to its picked segment, if similar enough. Other
 * segments are not compared, so a logo heading that repeats the site name never wins.
 */
function matchHeading(doc: AnalyzedDocument, title: string, segments: readonly string[], o: Readonly<Required<TitleOptions>>): { id: number; text: string } | null {
  let best: { id: number; text: string; score: number } | null = null;
  for (const id of findElements(doc, HEADING_TAGS, o.maxHeadings)) {
    const text = collapseWhitespace(doc.textOf(id));
    if (text === '') continue;
    const score = Math.max(textSimilarity(text, title), ...segments.map((s) => textSimilarity(text, s)));
    if (score >= o.minHeadingSimilarity && (best === null || score > best.score)) best = { id, text, score };
  }
  return best && { id: best.id, text: best.text };
}

/** The site name from `og:site_name` or `application-name`, or null. @category Metadata */
export function findSiteName(meta: MetaTags): string | null {
  return firstMeta(meta, SITE_NAME_KEYS)?.value ?? null;
}

/**
 * Finds the page title: the `og:title`/`twitter:title` meta if there is one, else the `<h1>`/`<h2>`
 * most similar to `<title>` (or to one of its segments), else the `<title>` with the site and
 * section names cut off at separators (`| _ - – — · • :: » /`, any script). It is never the site name
 * alone: a title that is only the site name gives the first `<h1>`, or null.
 * @example
 * extractTitle(analyze(normalize('<title>Notes by hand | Slow Pages</title><h1>Notes by hand</h1>')))?.value; // 'Notes by hand'
 * @category Metadata
 */
export function extractTitle(doc: AnalyzedDocument, options?: TitleOptions, meta: MetaTags = readMetaTags(doc)): Field<string> | null {
  const o = resolveOptions(DEFAULT_TITLE_OPTIONS, options, 'extractTitle');
  const siteName = findSiteName(meta);
  const fromMeta = firstMeta(meta, TITLE_META_KEYS);
  if (fromMeta) {
    const kept = withoutSiteName(splitTitle(fromMeta.value), siteName);
    const value = kept.length === splitTitle(fromMeta.value).length ? fromMeta.value : kept.join(' ');
    if (value !== '') return field(value, `meta:${fromMeta.key}`);
  }
  const titleId = findElements(doc, TITLE_TAG, 1)[0];
  const title = titleId === undefined ? '' : rawTextOf(doc, titleId);
  const segments = withoutSiteName(splitTitle(title), siteName);
  if (title !== '' && segments.length > 0) {
    const picked = pickSegment(segments);
    const heading = matchHeading(doc, title, [picked], o);
    if (heading) return field(heading.text, doc.index.tag[heading.id], heading.id);
    return field(picked, 'title', titleId);
  }
  const h1 = findElements(doc, H1_TAG, 1)[0];
  const h1Text = h1 === undefined ? '' : collapseWhitespace(doc.textOf(h1));
  return h1Text !== '' && (siteName === null || !isSameText(h1Text, siteName)) ? field(h1Text, 'h1', h1) : null;
}
