import type { AnalyzedDocument } from '../analysis/types.js';
import { attributeOf, collapseWhitespace, findElements } from './elements.js';

const META_TAGS: ReadonlySet<string> = new Set(['meta']);

/**
 * The page's `<meta>` values by lower-cased key (`name`, `property`, `itemprop` or `http-equiv`),
 * first occurrence first. Keys keep their prefixes: `og:title`, `article:published_time`, `author`.
 * @category Metadata
 */
export type MetaTags = ReadonlyMap<string, readonly string[]>;

/**
 * Collects the `content` of every `<meta>` element that has one, by key.
 * @category Metadata
 */
export function readMetaTags(doc: AnalyzedDocument): MetaTags {
  const out = new Map<string, string[]>();
  for (const id of findElements(doc, META_TAGS)) {
    const content = attributeOf(doc, id, 'content');
    if (content === undefined) continue;
    const value = collapseWhitespace(content);
    if (value === '') continue;
    for (const attr of ['name', 'property', 'itemprop', 'http-equiv']) {
      const key = attributeOf(doc, id, attr)?.trim().toLowerCase();
      if (!key) continue;
      const list = out.get(key);
      if (list) list.push(value);
      else out.set(key, [value]);
    }
  }
  return out;
}

/** The first value of the first key present, with the key. @category Metadata */
export function firstMeta(meta: MetaTags, keys: readonly string[]): { key: string; value: string } | null {
  for (const key of keys) {
    const value = meta.get(key)?.[0];
    if (value !== undefined) return { key, value };
  }
  return null;
}
