/**
 * The publication dates a page declares for machines: JSON-LD `datePublished`, an official document's
 * labelled date (成文日期), date metas, microdata `itemprop=datePublished`, JSON-LD `dateCreated`.
 * @module
 */
import type { AnalyzedDocument } from '../analysis/types.js';
import { findDocumentDateCue } from '../vocabulary/date-cues.js';
import { findDates } from '../vocabulary/dates.js';
import { dateOptions, firstDate, isPossible, optionsOf, type DateContext } from './date-context.js';
import { attributeOf } from './elements.js';
import { metadataElementRoles } from './element-roles.js';
import { field, type Field } from './field.js';
import { findJsonLdDatePublished } from './json-ld.js';
import type { MetaTags } from './meta-tags.js';

/** Publication metas, most specific first (never `article:modified_time`: a modification is not a publication). */
const PUBLISHED_META_KEYS = [
  'article:published_time', 'datepublished', 'og:published_time', 'og:pubdate', 'parsely-pub-date', 'publishdate', 'publish-date',
  'pubdate', 'publication_date', 'sailthru.date', 'dc:date.issued', 'dcterms.issued', 'article.published', 'originalpublicationdate',
] as const;
/**
 * Date metas that do not say what the date is (Dublin Core's `date` is "a point or period of time
 * associated with an event in the lifecycle of the resource"): often the day the page was generated or
 * last changed. The page's own shown date near the headline wins over them.
 */
const GENERIC_DATE_META_KEYS = ['og:time', 'dc:date', 'dcterms.created', 'dc:created', 'date'] as const;

/**
 * What a declared date says it is: the publication (`datePublished`, `article:published_time`), an
 * official document's own date (成文日期: the date it is cited by, never reconciled with the site's
 * posting date), or a date of the page not said to be its publication (a generic date meta, JSON-LD `dateCreated`).
 */
export type DeclaredKind = 'published' | 'document' | 'generic';

/** Modification metas: the page's last change, shown on many pages instead of (or beside) the publication. */
const MODIFIED_META_KEYS = ['article:modified_time', 'og:updated_time', 'datemodified', 'dc:date.modified', 'dcterms.modified', 'last-modified'] as const;

/** One declared publication date. */
export interface DeclaredDate {
  readonly field: Field<string>;
  readonly kind: DeclaredKind;
  /** The value as the page writes it (`11/01/2023`), for a second reading of an ambiguous order. */
  readonly written: string;
}

/** The declared dates of a page: the one the rules take, and every publication date declared. */
export interface DeclaredDates {
  readonly chosen: DeclaredDate | null;
  /** Every declared publication date (JSON-LD of any object, each publication meta, microdata), with its source. */
  readonly claims: readonly Field<string>[];
  /** Every declared modification date (JSON-LD `dateModified`, modification metas). */
  readonly modifications: readonly string[];
}

/** The first date of each value of `keys`, with its key as source. */
function datesOfMetas(meta: MetaTags, keys: readonly string[], context: DateContext): Field<string>[] {
  const out: Field<string>[] = [];
  for (const key of keys) {
    for (const value of meta.get(key) ?? []) {
      const iso = firstDate(value, context);
      if (iso) out.push(field(iso, `meta:${key}`));
    }
  }
  return out;
}

function declared(value: string, written: string, source: string, kind: DeclaredKind, node?: number): DeclaredDate {
  return { field: field(value, source, node), kind, written };
}

/** The date an official document states as its own (成文日期：2022年01月27日), when the page labels one. */
function fromDocumentDate(doc: AnalyzedDocument, context: DateContext): DeclaredDate | null {
  const at = findDocumentDateCue(doc.text);
  if (at < 0) return null;
  const written = doc.text.slice(at, at + optionsOf(context).cueReach);
  const first = findDates(written, dateOptions(context))[0];
  return first !== undefined && first.index === 0 && isPossible(first.iso, context) ? declared(first.iso, written, 'text:document-date', 'document') : null;
}

function fromMetas(meta: MetaTags, keys: readonly string[], kind: DeclaredKind, context: DateContext): DeclaredDate | null {
  for (const key of keys) {
    for (const value of meta.get(key) ?? []) {
      const iso = firstDate(value, context);
      if (iso) return declared(iso, value, `meta:${key}`, kind);
    }
  }
  return null;
}

/** The machine-readable value of a microdata `datePublished` element: `content`, `datetime`, or an `<abbr>`'s `title` (hAtom). */
function microdataValue(doc: AnalyzedDocument, id: number): string | undefined {
  return attributeOf(doc, id, 'content') ?? attributeOf(doc, id, 'datetime') ?? (doc.index.tagOf(id) === 'abbr' ? attributeOf(doc, id, 'title') : undefined);
}

/** The microdata `itemprop=datePublished` value nearest the anchor (a teaser list repeats the property for every teaser). */
function fromMicrodata(doc: AnalyzedDocument, anchor: number, context: DateContext): DeclaredDate | null {
  let best: { date: DeclaredDate; d: number } | null = null;
  for (const id of metadataElementRoles(doc).date) {
    // a <meta itemprop> is read with the other metas
    if (attributeOf(doc, id, 'itemprop') !== 'datePublished' || doc.index.tagOf(id) === 'meta') continue;
    const written = microdataValue(doc, id);
    const iso = written === undefined ? null : firstDate(written, context);
    if (written === undefined || iso === null) continue;
    const d = Math.abs(doc.stats.textStart[id] - anchor);
    if (best === null || d < best.d) best = { date: declared(iso, written, 'microdata', 'published', id), d };
  }
  return best?.date ?? null;
}

/** JSON-LD `datePublished` of the article object, else of any object of the page's JSON-LD. */
function fromJsonLd(doc: AnalyzedDocument, context: DateContext): DeclaredDate | null {
  const article = context.jsonLd?.datePublished;
  const iso = article ? firstDate(article, context) : null;
  if (article && iso) return declared(iso, article, 'json-ld', 'published', context.jsonLd?.node);
  const any = findJsonLdDatePublished(doc, optionsOf(context));
  const other = any ? firstDate(any.value, context) : null;
  return any && other ? declared(other, any.value, 'json-ld', 'published', any.node) : null;
}

/** JSON-LD `dateCreated`, when nothing else is declared (often a UTC creation stamp, not the publication). */
function fromJsonLdCreated(context: DateContext): DeclaredDate | null {
  const written = context.jsonLd?.dateCreated;
  const iso = written ? firstDate(written, context) : null;
  return written && iso ? declared(iso, written, 'json-ld:dateCreated', 'generic', context.jsonLd?.node) : null;
}

/**
 * The declared dates of a page. The one taken: JSON-LD `datePublished` (of the article, else of any
 * object), an official document's own date (成文日期 beats the site's 发布日期 and its metas: it is
 * the date the document is cited by), a publication meta, microdata `datePublished`, a generic date
 * meta, JSON-LD `dateCreated`.
 */
export function findDeclaredDates(doc: AnalyzedDocument, meta: MetaTags, anchor: number, context: DateContext): DeclaredDates {
  const jsonLd = fromJsonLd(doc, context);
  const published = fromMetas(meta, PUBLISHED_META_KEYS, 'published', context);
  const microdata = fromMicrodata(doc, anchor, context);
  const chosen = jsonLd ?? fromDocumentDate(doc, context) ?? published ?? microdata
    ?? fromMetas(meta, GENERIC_DATE_META_KEYS, 'generic', context) ?? fromJsonLdCreated(context);
  const claims = [jsonLd?.field, microdata?.field, ...datesOfMetas(meta, PUBLISHED_META_KEYS, context)].filter((c): c is Field<string> => c !== undefined);
  const modified = context.jsonLd?.dateModified ? firstDate(context.jsonLd.dateModified, context) : null;
  const modifications = [modified, ...datesOfMetas(meta, MODIFIED_META_KEYS, context).map((m) => m.value)].filter((m): m is string => m !== null);
  return { chosen, claims, modifications };
}

/** Provenances of generic declared dates (no publication said). */
const GENERIC_SOURCES: ReadonlySet<string> = new Set([...GENERIC_DATE_META_KEYS.map((k) => `meta:${k}`), 'json-ld:dateCreated']);

/**
 * True when a date's provenance is a declared publication date (JSON-LD `datePublished`, a publication
 * meta, microdata; a reconciled value keeps its declaration's provenance first: `json-ld+text`), not a
 * generic date meta, JSON-LD `dateCreated` or a date read from the text.
 * @category Metadata
 */
export function isDeclaredPublication(date: Field<string>): boolean {
  const declaration = date.source.split('+')[0];
  return (declaration === 'json-ld' || declaration === 'microdata' || declaration.startsWith('meta:')) && !GENERIC_SOURCES.has(declaration);
}
