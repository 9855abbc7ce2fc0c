import { assertAnalyzedDocument } from '../analysis/guards.js';
import type { AnalyzedDocument } from '../analysis/types.js';
import { findElements } from '../analysis/tag-index.js';
import { attributeOf, collapseWhitespace } from './elements.js';

const META_TAGS: ReadonlySet<string> = new Set(['meta']);
const KEY_SPLIT_RE = /\s+/u;
/** `DC.title`, `dc.creator`: the dotted spelling of a prefixed name, also stored as `dc:title`. */
const DOTTED_PREFIX_RE = /^(dc|dcterms?|og|twitter|article)\.(.+)$/u;

/**
 * The page's `<meta>` values by lower-cased key (`property`, `name`, `itemprop` or `http-equiv`).
 * Keys keep their prefixes: `og:title`, `article:published_time`, `author`; a dotted name
 * (`DC.title`) is also stored under its colon spelling (`dc:title`). Values of `property` come
 * first (RDFa/Open Graph declarations are the deliberate ones), then the others in document order.
 * @category Metadata
 */
export type MetaTags = ReadonlyMap<string, readonly string[]>;

function push(out: Map<string, string[]>, key: string, value: string): void {
  const list = out.get(key);
  if (list) list.push(value);
  else out.set(key, [value]);
}

/** Keys of one attribute value: `property` may list several (`og:title twitter:title`). */
function keysOf(value: string | undefined, split: boolean): string[] {
  const trimmed = value?.trim().toLowerCase();
  if (!trimmed) return [];
  const keys = split ? trimmed.split(KEY_SPLIT_RE) : [trimmed];
  const dotted = keys.map((k) => DOTTED_PREFIX_RE.exec(k)).filter((m) => m !== null).map((m) => `${m[1]}:${m[2]}`);
  return [...keys, ...dotted];
}

/**
 * Collects the `content` of every `<meta>` element that has one, by key.
 * @category Metadata
 */
export function readMetaTags(doc: AnalyzedDocument): MetaTags {
  assertAnalyzedDocument(doc, 'readMetaTags');
  const byProperty = new Map<string, string[]>();
  const byName = new Map<string, string[]>();
  for (const id of findElements(doc.index, META_TAGS)) {
    const content = attributeOf(doc, id, 'content');
    if (content === undefined) continue;
    const value = collapseWhitespace(content);
    if (value === '') continue;
    for (const key of keysOf(attributeOf(doc, id, 'property'), true)) push(byProperty, key, value);
    for (const attr of ['name', 'itemprop', 'http-equiv']) {
      for (const key of keysOf(attributeOf(doc, id, attr), false)) push(byName, key, value);
    }
  }
  for (const [key, values] of byName) for (const value of values) push(byProperty, key, value);
  return byProperty;
}

/** The first value of the first key present, with the key. @category Metadata */
export function firstMeta(meta: MetaTags, keys: readonly string[]): { key: string; value: string } | null {
  for (const key of keys) {
    const value = meta.get(key)?.[0];
    if (value !== undefined) return { key, value };
  }
  return null;
}

/** Every value of `keys`, in key order, without repeats. @category Metadata */
export function allMeta(meta: MetaTags, keys: readonly string[]): string[] {
  const out: string[] = [];
  for (const key of keys) for (const value of meta.get(key) ?? []) if (!out.includes(value)) out.push(value);
  return out;
}
