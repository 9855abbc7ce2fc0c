/**
 * JSON-LD (`<script type="application/ld+json">`) metadata of an article: the schema.org object
 * whose `@type` is an article-like type (Article, NewsArticle, BlogPosting, ...), searched in
 * top-level arrays and `@graph`. Broken JSON is skipped (it is page content, never an error).
 * @module
 */
import { decodeHTML } from 'entities';
import { assertAnalyzedDocument } from '../analysis/guards.js';
import type { AnalyzedDocument } from '../analysis/types.js';
import { findElements } from '../analysis/tag-index.js';
import { attributeOf, collapseWhitespace, rawTextOf } from './elements.js';
import { DEFAULT_METADATA_OPTIONS, type MetadataOptions } from './options.js';
import { pushAll } from '../core/lists.js';

/**
 * The article fields JSON-LD gives, each already reduced to text.
 * @category Metadata
 */
export interface JsonLdArticle {
  /** `headline`, else `name`. */
  readonly title: string | null;
  /** `name` (may differ from `headline`: Wikipedia puts the article name here and a summary in `headline`). */
  readonly name: string | null;
  /** `headline`. */
  readonly headline: string | null;
  /** Names of `author` (a string, an object with `name`, or a list of them), in order. */
  readonly authors: readonly string[];
  /** `datePublished` as written. */
  readonly datePublished: string | null;
  /** `dateModified` as written (never the publication date; a publication date after it is not the original one). */
  readonly dateModified: string | null;
  /** `dateCreated` as written (a fallback after the date metas: often a UTC creation stamp, not the publication). */
  readonly dateCreated: string | null;
  /** `publisher.name`. */
  readonly publisher: string | null;
  readonly description: string | null;
  /** `keywords` (a list, or a comma-separated string). */
  readonly keywords: readonly string[];
  /** URLs of `image` (string, object with `url`, or a list). */
  readonly images: readonly string[];
  /** Node id of the `<script>` element. */
  readonly node: number;
}

const SCRIPT_TAG: ReadonlySet<string> = new Set(['script']);
const JSON_LD_TYPE_RE = /^\s*application\/ld\+json\s*$/iu;
/** schema.org types that describe one article or post (Readability.js keeps the same list). */
const ARTICLE_TYPES: ReadonlySet<string> = new Set([
  'article', 'advertisercontentarticle', 'newsarticle', 'analysisnewsarticle', 'askpublicnewsarticle',
  'backgroundnewsarticle', 'opinionnewsarticle', 'reportagenewsarticle', 'reviewnewsarticle', 'report',
  'satiricalarticle', 'scholarlyarticle', 'medicalscholarlyarticle', 'socialmediaposting', 'blogposting',
  'liveblogposting', 'discussionforumposting', 'techarticle', 'apireference',
]);
const CDATA_RE = /^\s*(?:<!\[CDATA\[|<!--)|(?:\]\]>|-->)\s*$/gu;
const KEYWORD_SPLIT_RE = /\s*[,،;，、]\s*/u;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typesOf(object: JsonObject): string[] {
  const type = object['@type'];
  const list = Array.isArray(type) ? type : [type];
  return list.filter((t): t is string => typeof t === 'string').map((t) => t.toLowerCase());
}

function isArticle(object: JsonObject): boolean {
  return typesOf(object).some((t) => ARTICLE_TYPES.has(t));
}

/** Breadth-first search for the first article object in a parsed JSON-LD value. */
function findArticle(root: Json, maxObjects: number): JsonObject | null {
  const queue: Json[] = [root];
  for (let i = 0; i < queue.length && i < maxObjects; i++) {
    const value = queue[i];
    if (Array.isArray(value)) pushAll(queue, value);
    else if (isObject(value)) {
      if (isArticle(value)) return value;
      const graph = value['@graph'];
      if (graph !== undefined) queue.push(graph);
      const main = value.mainEntity;
      if (main !== undefined) queue.push(main);
    }
  }
  return null;
}

/**
 * A JSON string value as text: HTML character references decoded (CMSs write their escaped HTML into
 * JSON-LD: `"headline": "Olive &#038; Herb Bread"`, `&quot;`), whitespace collapsed. By fb55's
 * `entities` (htmlparser2's own decoder: the full HTML named-reference table, numeric references as HTML reads them).
 */
function textOf(value: Json | undefined): string | null {
  if (typeof value !== 'string') return null;
  const text = collapseWhitespace(value.includes('&') ? decodeHTML(value) : value);
  return text === '' ? null : text;
}

/** Values of a property that may be a string, an object with `key`, or a list of either. */
function namesOf(value: Json | undefined, key: string): string[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  const out: string[] = [];
  for (const item of list) {
    const text = isObject(item) ? textOf(item[key]) : textOf(item);
    if (text !== null && !out.includes(text)) out.push(text);
  }
  return out;
}

function keywordsOf(value: Json | undefined): string[] {
  if (typeof value === 'string') return value.split(KEYWORD_SPLIT_RE).map(collapseWhitespace).filter(Boolean);
  return namesOf(value, 'name');
}

function parseJson(text: string): Json | undefined {
  try {
    return JSON.parse(text.replace(CDATA_RE, '')) as Json;
  } catch {
    // Broken JSON-LD is common on real pages; the page simply has no usable JSON-LD.
    return undefined;
  }
}

function toArticle(object: JsonObject, node: number): JsonLdArticle {
  const publisher = object.publisher;
  return {
    title: textOf(object.headline) ?? textOf(object.name),
    name: textOf(object.name),
    headline: textOf(object.headline),
    authors: namesOf(object.author ?? object.creator, 'name'),
    datePublished: textOf(object.datePublished),
    dateModified: textOf(object.dateModified),
    dateCreated: textOf(object.dateCreated),
    publisher: isObject(publisher) ? textOf(publisher.name) : textOf(publisher),
    description: textOf(object.description),
    keywords: keywordsOf(object.keywords),
    images: namesOf(object.image, 'url'),
    node,
  };
}

/**
 * The first article-like JSON-LD object of the page, or null when there is none.
 * @example
 * readJsonLd(doc)?.title; // 'Library opens in the city centre'
 * @category Metadata
 */
export function readJsonLd(doc: AnalyzedDocument, options: Pick<MetadataOptions, 'maxJsonLdObjects'> = DEFAULT_METADATA_OPTIONS): JsonLdArticle | null {
  assertAnalyzedDocument(doc, 'readJsonLd');
  const maxObjects = options.maxJsonLdObjects ?? DEFAULT_METADATA_OPTIONS.maxJsonLdObjects;
  for (const id of findElements(doc.index, SCRIPT_TAG)) {
    const type = attributeOf(doc, id, 'type');
    if (type === undefined || !JSON_LD_TYPE_RE.test(type)) continue;
    const parsed = parseJson(rawTextOf(doc, id));
    const article = parsed === undefined ? null : findArticle(parsed, maxObjects);
    if (article) return toArticle(article, id);
  }
  return null;
}

/** `"datePublished": "…"` in JSON-LD text that does not parse (trailing commas, raw newlines are common). */
const LOOSE_DATE_PUBLISHED_RE = /"datePublished"\s*:\s*"([^"\n]{6,64})"/u;

/** The first string value of `key` in any object of a parsed JSON-LD value (breadth first). */
function findValue(root: Json, key: string, maxObjects: number): string | null {
  const queue: Json[] = [root];
  for (let i = 0; i < queue.length && i < maxObjects; i++) {
    const value = queue[i];
    if (Array.isArray(value)) pushAll(queue, value);
    else if (isObject(value)) {
      const found = textOf(value[key]);
      if (found !== null) return found;
      for (const child of Object.values(value)) if (typeof child === 'object' && child !== null) queue.push(child);
    }
  }
  return null;
}

/**
 * `datePublished` of any JSON-LD object of the page, for pages whose article object has none:
 * Yoast's `@graph` puts it on the `WebPage`, and JSON-LD that does not parse (a trailing comma)
 * still states it (read from the text then). Null when no JSON-LD of the page states one.
 * @category Metadata
 */
export function findJsonLdDatePublished(doc: AnalyzedDocument, options: Pick<MetadataOptions, 'maxJsonLdObjects'> = DEFAULT_METADATA_OPTIONS): { value: string; node: number } | null {
  const maxObjects = options.maxJsonLdObjects ?? DEFAULT_METADATA_OPTIONS.maxJsonLdObjects;
  for (const id of findElements(doc.index, SCRIPT_TAG)) {
    const type = attributeOf(doc, id, 'type');
    if (type === undefined || !JSON_LD_TYPE_RE.test(type)) continue;
    const raw = rawTextOf(doc, id);
    const parsed = parseJson(raw);
    const value = parsed === undefined ? LOOSE_DATE_PUBLISHED_RE.exec(raw)?.[1] ?? null : findValue(parsed, 'datePublished', maxObjects);
    if (value !== null) return { value, node: id };
  }
  return null;
}
