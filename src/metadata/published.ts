import type { AnalyzedDocument } from '../analysis/types.js';
import { CUE_REACH, cueBefore, findDocumentDateCue } from './cues.js';
import { findDates, type DateOptions } from './dates.js';
import { attributeOf, classTokensOf, collapseWhitespace } from './elements.js';
import { field, type Field } from './field.js';
import { findJsonLdDatePublished, type JsonLdArticle } from './json-ld.js';
import type { MetaTags } from './meta-tags.js';

/**
 * Where to look for the date and what to accept.
 * @category Metadata
 */
export interface DateContext {
  readonly jsonLd?: JsonLdArticle | null;
  /** Text offset the byline is expected after: the title heading, else the main content's start. */
  readonly anchor?: number;
  /** Page URLs (canonical, og:url, the caller's) searched for `/2019/02/20/`-like paths. */
  readonly urls?: readonly string[];
  /** Primary language subtag; `zh`, `ja`, `ko` and `en` read `7/5/2005` month first. */
  readonly lang?: string | null;
  /** Milliseconds since the epoch of "now": dates after it are impossible. Defaults to the clock. */
  readonly now?: number;
}

/**
 * Publication-date metas, most specific first (never `article:modified_time`: a modification is
 * not a publication).
 */
const DATE_META_KEYS = [
  'article:published_time', 'datepublished', 'og:published_time', 'og:pubdate', 'og:time', 'parsely-pub-date', 'publishdate',
  'publish-date', 'pubdate', 'publication_date', 'sailthru.date', 'dc:date.issued', 'dcterms.issued', 'dc:date', 'dcterms.created',
  'dc:created', 'date', 'article.published', 'originalpublicationdate',
] as const;
/** Class/itemprop tokens of elements holding the publication date (whole tokens). */
const DATE_TOKENS: ReadonlySet<string> = new Set([
  'date', 'time', 'pubdate', 'published', 'post-date', 'entry-date', 'publish-date', 'article-date', 'timestamp', 'dateline',
  'publishtime', 'pub-time', 'pubtime', 'post-time', 'article-time', 'info-time', 'datepublished', 'meta-date',
]);
/** Characters of visible text after the anchor searched for a dated byline. */
const DATE_WINDOW = 800;
/** Characters of visible text before the anchor searched for a dateline when none follows it. */
const DATE_LOOKBACK = 200;
/** A date found before the anchor counts as this many times farther than one after it. */
const BEFORE_PENALTY = 3;
/** Elements farther than this from the anchor are not taken as the byline's date. */
const ELEMENT_REACH = 4000;
const URL_DATE_RE = /\/((?:19|20)\d{2})[/_-]?(0[1-9]|1[0-2])[/_-]?(0[1-9]|[12]\d|3[01])(?=[/_.-]|\d{2,}|$)/u;
const MONTH_FIRST_LANGS: ReadonlySet<string> = new Set(['zh', 'ja', 'ko', 'en']);
const DAY_MS = 86_400_000;

function dateOptions(context: DateContext): Partial<DateOptions> {
  return { dayFirst: !MONTH_FIRST_LANGS.has(context.lang ?? ''), lang: context.lang ?? null };
}

/** False for dates after "now" (one day of slack for time zones). */
function isPossible(iso: string, context: DateContext): boolean {
  const now = context.now ?? Date.now();
  const time = Date.parse(iso.slice(0, 10));
  return Number.isNaN(time) || time <= now + DAY_MS;
}

function firstDate(text: string, context: DateContext): string | null {
  return findDates(text, dateOptions(context)).find((d) => isPossible(d.iso, context))?.iso ?? null;
}

function fromMeta(meta: MetaTags, context: DateContext): Field<string> | null {
  for (const key of DATE_META_KEYS) {
    for (const value of meta.get(key) ?? []) {
      const iso = firstDate(value, context);
      if (iso) return field(iso, `meta:${key}`);
    }
  }
  return null;
}

function distance(start: number, anchor: number): number {
  return start >= anchor ? start - anchor : (anchor - start) * BEFORE_PENALTY;
}

/** The date of one element: `<time datetime>`, or the text of an element marked as a date. */
function dateOfElement(doc: AnalyzedDocument, id: number, context: DateContext): Field<string> | null {
  const datetime = doc.index.tag[id] === 'time' ? attributeOf(doc, id, 'datetime') : undefined;
  const iso = datetime ? firstDate(datetime, context) : null;
  if (iso) return field(iso, 'time[datetime]', id);
  const itemprop = attributeOf(doc, id, 'itemprop');
  if (itemprop === 'datePublished' || classTokensOf(doc, id).some((t) => DATE_TOKENS.has(t))) {
    const content = itemprop === 'datePublished' ? attributeOf(doc, id, 'content') ?? attributeOf(doc, id, 'datetime') : undefined;
    const text = collapseWhitespace(doc.textOf(id));
    const found = (content ? firstDate(content, context) : null) ?? (text.length <= 200 ? firstDate(text, context) : null);
    if (found && cueBefore(doc.text, doc.stats.textStart[id] + Math.max(0, doc.textOf(id).search(/\d/u))) !== 'now') {
      return field(found, 'element', id);
    }
  }
  return null;
}

/** JSON-LD `dateCreated`, when neither `datePublished` nor a date meta gave a date. */
function fromJsonLdCreated(context: DateContext): Field<string> | null {
  const created = context.jsonLd?.dateCreated ? firstDate(context.jsonLd.dateCreated, context) : null;
  return created ? field(created, 'json-ld', context.jsonLd?.node) : null;
}

/** The dated element (`<time>`, `.date`, `itemprop=datePublished`) nearest after the anchor. */
function fromElements(doc: AnalyzedDocument, anchor: number, context: DateContext): Field<string> | null {
  const { size, tag, excluded } = doc.index;
  let best: { found: Field<string>; d: number } | null = null;
  for (let id = 0; id < size; id++) {
    if (tag[id] === '' || excluded[id] === 1) continue;
    const found = dateOfElement(doc, id, context);
    if (!found) continue;
    const d = distance(doc.stats.textStart[id], anchor);
    if (d <= ELEMENT_REACH && (best === null || d < best.d)) best = { found, d };
    id = doc.index.subtreeEnd[id] - 1; // the outermost dated element stands for its subtree
  }
  return best?.found ?? null;
}

/** The date an official document states as its own (成文日期：2022年01月27日), when the page labels one. */
function fromDocumentDate(doc: AnalyzedDocument, context: DateContext): Field<string> | null {
  const at = findDocumentDateCue(doc.text);
  if (at < 0) return null;
  const first = findDates(doc.text.slice(at, at + CUE_REACH), dateOptions(context))[0];
  return first !== undefined && first.index === 0 && isPossible(first.iso, context) ? field(first.iso, 'text:document-date') : null;
}

function fromUrls(context: DateContext): Field<string> | null {
  for (const url of context.urls ?? []) {
    const m = URL_DATE_RE.exec(url);
    const iso = m ? firstDate(`${m[1]}-${m[2]}-${m[3]}`, context) : null;
    if (iso) return field(iso, 'url');
  }
  return null;
}

/** The first cued date, else the first uncued one, among the dates of `text` (starting at `offset` of the page text). */
function pickDate(doc: AnalyzedDocument, text: string, offset: number, context: DateContext): { iso: string; cued: boolean } | null {
  let plain: string | null = null;
  for (const d of findDates(text, dateOptions(context))) {
    if (!isPossible(d.iso, context)) continue;
    const cue = cueBefore(doc.text, offset + d.index);
    if (cue === 'date') return { iso: d.iso, cued: true };
    if (cue === null) plain ??= d.iso;
  }
  return plain === null ? null : { iso: plain, cued: false };
}

/**
 * The first date after the anchor that a cue word introduces (发布, نەشر قىلىنغان ۋاقىت, Posted, ...),
 * else the first date after it that no "now" cue introduces (a page clock is never the date); when
 * nothing after the anchor is dated, the same in the lines within {@link DATE_LOOKBACK} characters
 * before it (a dateline above the headline, or above a repeat of the headline the anchor landed on),
 * the nearest line first.
 */
function fromText(doc: AnalyzedDocument, anchor: number, context: DateContext): Field<string> | null {
  const after = pickDate(doc, doc.text.slice(anchor, anchor + DATE_WINDOW), anchor, context);
  if (after) return field(after.iso, after.cued ? 'text:cue' : 'text');
  const from = Math.max(0, anchor - DATE_LOOKBACK);
  const lines = doc.text.slice(from, anchor).split('\n');
  for (let i = lines.length - 1, end = anchor; i >= 0; i--) {
    const start = end - lines[i].length;
    const found = pickDate(doc, lines[i], start, context);
    if (found) return field(found.iso, found.cued ? 'text:before:cue' : 'text:before');
    end = start - 1;
  }
  return null;
}

/**
 * Finds the publication date of an article page as ISO 8601 (`YYYY-MM-DD[THH:MM]`), by one rule:
 * JSON-LD `datePublished`, else the date an official document labels as its own (成文日期, which
 * beats the site's 发布日期 and its metas: it is the date the document is cited by), else a date meta (`article:published_time`, `pubdate`, `dc:date`, ...),
 * else JSON-LD `dateCreated`,
 * else the dated element nearest after the anchor (`<time datetime>`, `itemprop=datePublished`, a
 * `date`/`time`/`published` class), else a date in a URL path, else the first cued date in the text
 * after the anchor, else its first date, else a date in the lines just before the anchor. Dates after "now" and dates a "now" cue introduces (page
 * clocks) are never taken. For forum threads the pipeline takes the first post's date instead.
 * @category Metadata
 */
export function extractPublishedDate(doc: AnalyzedDocument, meta: MetaTags, start = 0, context: DateContext = {}): Field<string> | null {
  const anchor = context.anchor ?? start;
  const jsonLd = context.jsonLd?.datePublished ? firstDate(context.jsonLd.datePublished, context) : null;
  if (jsonLd) return field(jsonLd, 'json-ld', context.jsonLd?.node);
  const anyJsonLd = findJsonLdDatePublished(doc);
  const other = anyJsonLd ? firstDate(anyJsonLd.value, context) : null;
  if (anyJsonLd && other) return field(other, 'json-ld', anyJsonLd.node);
  return fromDocumentDate(doc, context) ?? fromMeta(meta, context) ?? fromJsonLdCreated(context) ?? fromElements(doc, anchor, context) ?? fromUrls(context)
    ?? fromText(doc, anchor, context);
}
