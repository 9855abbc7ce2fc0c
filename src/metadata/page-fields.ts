/**
 * The simpler page fields: keywords, description, canonical URL and main-content images.
 * @module
 */
import type { AnalyzedDocument } from '../analysis/types.js';
import { findElements } from '../analysis/tag-index.js';
import { attributeOf } from './elements.js';
import { field, type Field } from './field.js';
import type { JsonLdArticle } from './json-ld.js';
import { firstMeta, type MetaTags } from './meta-tags.js';
import { DEFAULT_METADATA_OPTIONS } from './options.js';

const KEYWORD_META_KEYS = ['keywords', 'news_keywords', 'article:tag'] as const;
const DESCRIPTION_META_KEYS = ['og:description', 'description', 'twitter:description', 'dc:description'] as const;
/** Keyword separators of every script: comma, Arabic comma, semicolons, full-width comma, 、, and ASCII `|`. */
const KEYWORD_SPLIT_RE = /\s*[,،;؛，、|]\s*/u;
const LINK_TAG: ReadonlySet<string> = new Set(['link']);
const BASE_TAG: ReadonlySet<string> = new Set(['base']);
const IMG_TAG: ReadonlySet<string> = new Set(['img']);
const DATA_URL_RE = /^data:/iu;

/**
 * Keywords from `keywords`/`news_keywords`/`article:tag` metas, else JSON-LD `keywords`; split at
 * commas of any script, trimmed, without repeats. Null when the page declares none.
 * @category Metadata
 */
export function extractKeywords(meta: MetaTags, jsonLd: JsonLdArticle | null): Field<readonly string[]> | null {
  for (const key of KEYWORD_META_KEYS) {
    const values = meta.get(key);
    if (!values) continue;
    const words = [...new Set(values.flatMap((v) => v.split(KEYWORD_SPLIT_RE)).map((w) => w.trim()).filter(Boolean))];
    if (words.length > 0) return field(words, `meta:${key}`);
  }
  return jsonLd && jsonLd.keywords.length > 0 ? field(jsonLd.keywords, 'json-ld', jsonLd.node) : null;
}

/** The page description: `og:description`, `description`, `twitter:description`, else JSON-LD. @category Metadata */
export function extractDescription(meta: MetaTags, jsonLd: JsonLdArticle | null): Field<string> | null {
  const found = firstMeta(meta, DESCRIPTION_META_KEYS);
  if (found) return field(found.value, `meta:${found.key}`);
  return jsonLd?.description ? field(jsonLd.description, 'json-ld', jsonLd.node) : null;
}

/** `<link rel="canonical" href>`, else `og:url`. @category Metadata */
export function extractCanonicalUrl(doc: AnalyzedDocument, meta: MetaTags): Field<string> | null {
  for (const id of findElements(doc.index, LINK_TAG)) {
    const rel = attributeOf(doc, id, 'rel')?.toLowerCase().split(/\s+/u) ?? [];
    const href = attributeOf(doc, id, 'href')?.trim();
    if (rel.includes('canonical') && href) return field(href, 'link[rel=canonical]', id);
  }
  const og = firstMeta(meta, ['og:url']);
  return og ? field(og.value, 'meta:og:url') : null;
}

/** Resolves `href` against `base`; leaves it as written when either is not a URL. */
function resolveUrl(href: string, base: string): string {
  if (base !== '' && URL.canParse(href, base)) return new URL(href, base).href;
  return URL.canParse(href) ? new URL(href).href : href;
}

/** True when `id` is a node of the page (the main content's blocks without a node have −1). */
export function isNodeOf(doc: AnalyzedDocument, id: number): boolean {
  return id >= 0 && id < doc.index.size;
}

/**
 * Sources of the `<img>` elements inside the main content's nodes (`mainNodes`, those that are nodes
 * of the page), in page order, without repeats and `data:` URLs; absolute when the page has a
 * `<base href>` or a URL is given.
 * @category Metadata
 */
export function extractImages(doc: AnalyzedDocument, mainNodes: ArrayLike<number>, url: string, maxImages = DEFAULT_METADATA_OPTIONS.maxImages): string[] {
  const baseId = findElements(doc.index, BASE_TAG, 1)[0];
  const baseHref = baseId === undefined ? undefined : attributeOf(doc, baseId, 'href');
  const base = baseHref ? resolveUrl(baseHref, url) : url;
  const out: string[] = [];
  const { subtreeEnd, tagOf } = doc.index;
  for (let k = 0; k < mainNodes.length && out.length < maxImages; k++) {
    const node = mainNodes[k];
    if (!isNodeOf(doc, node)) continue;
    for (let id = node; id < subtreeEnd[node] && out.length < maxImages; id++) {
      if (!IMG_TAG.has(tagOf(id))) continue;
      const src = (attributeOf(doc, id, 'src') ?? attributeOf(doc, id, 'data-src'))?.trim();
      if (!src || DATA_URL_RE.test(src)) continue;
      const absolute = resolveUrl(src, base);
      if (!out.includes(absolute)) out.push(absolute);
    }
  }
  return out;
}
