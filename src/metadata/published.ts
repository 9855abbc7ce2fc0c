import type { AnalyzedDocument } from '../analysis/types.js';
import { assertAnalyzedDocument } from '../analysis/guards.js';
import { cueBefore, findDocumentDateCue } from '../vocabulary/date-cues.js';
import { findDates, type DateOptions } from '../vocabulary/dates.js';
import { attributeOf, collapseWhitespace, hasClassRoleToken } from './elements.js';
import { metadataElementRoles } from './element-roles.js';
import { field, type Field } from './field.js';
import { DATELINE_TOKENS } from '../vocabulary/metadata-tokens.js';
import { findJsonLdDatePublished, type JsonLdArticle } from './json-ld.js';
import type { MetaTags } from './meta-tags.js';
import { readUrlDate } from './url-date.js';
import { DEFAULT_METADATA_OPTIONS, type ResolvedMetadataOptions } from './options.js';

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
  /** The page's title: a date inside it (`Results (2020/7/11-12)`) is the headline's subject, not the publication date. */
  readonly title?: string | null;
  /** Resolved metadata options (windows, reaches, dateline shape). @default DEFAULT_METADATA_OPTIONS */
  readonly options?: ResolvedMetadataOptions;
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
/** A time stamp at UTC (`Z`, `+00:00`): its calendar day may not be the publisher's. */
const UTC_STAMP_RE = /T\d{2}:\d{2}(?:Z|\+00:00)$/u;
const MONTH_FIRST_LANGS: ReadonlySet<string> = new Set(['zh', 'ja', 'ko', 'en']);
/** Milliseconds in a day (a unit, not a tuned constant). */
const DAY_MS = 24 * 60 * 60 * 1000;

/** The resolved options of a context. */
function optionsOf(context: DateContext): ResolvedMetadataOptions {
  return context.options ?? DEFAULT_METADATA_OPTIONS;
}

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

function distance(start: number, anchor: number, o: ResolvedMetadataOptions): number {
  return start >= anchor ? start - anchor : (anchor - start) * o.dateBeforePenalty;
}

/** The date of one element: `<time datetime>`, or the text of an element marked as a date. */
function dateOfElement(doc: AnalyzedDocument, id: number, context: DateContext): Field<string> | null {
  const isTime = doc.index.tag[id] === 'time';
  const datetime = isTime ? attributeOf(doc, id, 'datetime') : undefined;
  const iso = datetime ? firstDate(datetime, context) : null;
  if (iso) return field(iso, 'time[datetime]', id);
  const itemprop = attributeOf(doc, id, 'itemprop');
  if (isTime || itemprop === 'datePublished' || hasClassRoleToken(doc, id, DATELINE_TOKENS, 'whole')) {
    const content = itemprop === 'datePublished' ? attributeOf(doc, id, 'content') ?? attributeOf(doc, id, 'datetime') : undefined;
    const text = collapseWhitespace(doc.textOf(id));
    const found = (content ? firstDate(content, context) : null) ?? (text.length <= 200 ? firstDate(text, context) : null);
    if (found && cueBefore(doc.text, doc.stats.textStart[id] + Math.max(0, doc.textOf(id).search(/\d/u)), optionsOf(context).cueReach) !== 'now') {
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
  const { subtreeEnd } = doc.index;
  const o = optionsOf(context);
  let best: { found: Field<string>; d: number } | null = null;
  // the page's date elements in document order (`element-roles.ts`: every element `dateOfElement` can
  // read a date from); `next` skips the subtree of a dated one
  let next = 0;
  for (const id of metadataElementRoles(doc).date) {
    if (id < next) continue;
    const found = dateOfElement(doc, id, context);
    if (!found) continue;
    const d = distance(doc.stats.textStart[id], anchor, o);
    if (d <= o.dateElementReach && (best === null || d < best.d)) best = { found, d };
    next = subtreeEnd[id]; // the outermost dated element stands for its subtree
  }
  return best?.found ?? null;
}

/** The date an official document states as its own (成文日期：2022年01月27日), when the page labels one. */
function fromDocumentDate(doc: AnalyzedDocument, context: DateContext): Field<string> | null {
  const o = optionsOf(context);
  const at = findDocumentDateCue(doc.text);
  if (at < 0) return null;
  const first = findDates(doc.text.slice(at, at + o.cueReach), dateOptions(context))[0];
  return first !== undefined && first.index === 0 && isPossible(first.iso, context) ? field(first.iso, 'text:document-date') : null;
}

function fromUrls(context: DateContext): Field<string> | null {
  for (const url of context.urls ?? []) {
    const { day } = readUrlDate(url);
    if (day !== null && isPossible(day, context)) return field(day, 'url');
  }
  return null;
}

/**
 * True when the date at `index` of the page text is a dateline: its line is short, or the date opens
 * it. A date in the middle of a long line is mentioned in prose (`cae al mínimo desde el 6 de marzo de 2002`).
 */
function isDateline(text: string, index: number, o: ResolvedMetadataOptions): boolean {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  const newline = text.indexOf('\n', index);
  const lineEnd = newline < 0 ? text.length : newline;
  return lineEnd - lineStart <= o.datelineMaxLine || index - lineStart <= o.datelineMaxLead;
}

/**
 * True when the date at `index` (of `length` characters) of the page text stands on a line that is the
 * title or a part of it (`Results (2020/7/11-12)`): the headline's subject. A line that is the date
 * alone, or a byline that repeats the title's date (`Jane Roe / 22.04.2020` under `Report of 22.04.2020`),
 * is not the headline.
 */
function isInHeadline(text: string, index: number, length: number, title: string): boolean {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  const newline = text.indexOf('\n', index + length);
  const line = collapseWhitespace(text.slice(lineStart, newline < 0 ? text.length : newline));
  return line.length > collapseWhitespace(text.slice(index, index + length)).length && title.includes(line);
}

interface PickedDates {
  /** The first date a date cue introduces. */
  readonly cued: string | null;
  /** The first uncued dateline. */
  readonly dateline: string | null;
  /** The first uncued date mentioned inside a long line. */
  readonly mention: string | null;
}

/** The dates of `text` (starting at `offset` of the page text) by kind; page clocks ("now" cues) and dates inside the title are skipped. */
function pickDates(doc: AnalyzedDocument, text: string, offset: number, context: DateContext): PickedDates {
  let dateline: string | null = null;
  let mention: string | null = null;
  const title = context.title ?? '';
  for (const d of findDates(text, dateOptions(context))) {
    if (!isPossible(d.iso, context)) continue;
    if (title !== '' && isInHeadline(doc.text, offset + d.index, d.length, title)) continue;
    const cue = cueBefore(doc.text, offset + d.index, optionsOf(context).cueReach);
    if (cue === 'date') return { cued: d.iso, dateline, mention };
    if (cue !== null) continue;
    if (isDateline(doc.text, offset + d.index, optionsOf(context))) dateline ??= d.iso;
    else mention ??= d.iso;
  }
  return { cued: null, dateline, mention };
}

/**
 * The first date after the anchor that a cue word introduces (发布, نەشر قىلىنغان ۋاقىت, Posted, ...),
 * else the first date after it that no "now" cue introduces (a page clock is never the date); when
 * nothing after the anchor is dated, the same in the lines within `dateLookback` characters
 * before it (a dateline above the headline, or above a repeat of the headline the anchor landed on),
 * the nearest line first.
 */
function fromText(doc: AnalyzedDocument, anchor: number, context: DateContext): Field<string> | null {
  const o = optionsOf(context);
  const after = pickDates(doc, doc.text.slice(anchor, anchor + o.dateWindow), anchor, context);
  if (after.cued !== null) return field(after.cued, 'text:cue');
  if (after.dateline !== null) return field(after.dateline, 'text');
  const from = Math.max(0, anchor - o.dateLookback);
  const lines = doc.text.slice(from, anchor).split('\n');
  for (let i = lines.length - 1, end = anchor; i >= 0; i--) {
    const start = end - lines[i].length;
    const found = pickDates(doc, lines[i], start, context);
    if (found.cued !== null) return field(found.cued, 'text:before:cue');
    if (found.dateline !== null) return field(found.dateline, 'text:before');
    end = start - 1;
  }
  if (after.mention !== null) return field(after.mention, 'text:mention');
  // nothing near the headline: the page's first dateline anywhere (a news page's header date)
  const anywhere = pickDates(doc, doc.text, 0, context);
  const first = anywhere.cued ?? anywhere.dateline;
  return first === null ? null : field(first, 'text:page');
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
  assertAnalyzedDocument(doc, 'extractPublishedDate');
  const anchor = context.anchor ?? start;
  const structured = fromStructured(doc, meta, context);
  if (structured !== null) return toLocalDay(structured, doc, anchor, context);
  return fromElements(doc, anchor, context) ?? fromUrls(context) ?? fromText(doc, anchor, context);
}

/** JSON-LD `datePublished` (of the article, else of any object), an official document's own date, a date meta, JSON-LD `dateCreated`. */
function fromStructured(doc: AnalyzedDocument, meta: MetaTags, context: DateContext): Field<string> | null {
  const jsonLd = context.jsonLd?.datePublished ? firstDate(context.jsonLd.datePublished, context) : null;
  if (jsonLd) return field(jsonLd, 'json-ld', context.jsonLd?.node);
  const anyJsonLd = findJsonLdDatePublished(doc, optionsOf(context));
  const other = anyJsonLd ? firstDate(anyJsonLd.value, context) : null;
  if (anyJsonLd && other) return field(other, 'json-ld', anyJsonLd.node);
  return fromDocumentDate(doc, context) ?? fromMeta(meta, context) ?? fromJsonLdCreated(context);
}

/** Days from `a` to `b` (calendar days of two ISO dates). */
function dayDifference(a: string, b: string): number {
  return Math.round((Date.parse(b.slice(0, 10)) - Date.parse(a.slice(0, 10))) / DAY_MS);
}

/**
 * A time stamp at UTC (`2020-02-18T02:18Z`) names the day in London, not always the publisher's:
 * when the page's own dated element near the headline (`<time>`, `itemprop=datePublished`, a `date`
 * class) shows the day before or after it, that is the local day of the same moment, and it is taken.
 * Not a URL path's date (a story's URL may be minted the day before it is published) nor free text.
 */
function toLocalDay(structured: Field<string>, doc: AnalyzedDocument, anchor: number, context: DateContext): Field<string> {
  if (!UTC_STAMP_RE.test(structured.value)) return structured;
  const local = fromElements(doc, anchor, context);
  if (local === null || UTC_STAMP_RE.test(local.value) || Math.abs(dayDifference(structured.value, local.value)) !== 1) return structured;
  return field(local.value, `${structured.source}+${local.source}`, local.node);
}
