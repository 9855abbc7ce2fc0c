/**
 * The titles a page declares about itself, in the order they are trusted: JSON-LD `headline`/`name`,
 * the title metas, `<title>`.
 * @module
 */
import type { AnalyzedDocument } from '../analysis/types.js';
import { findElements } from '../analysis/tag-index.js';
import { collapseWhitespace, rawTextOf } from './elements.js';
import type { JsonLdArticle } from './json-ld.js';
import type { MetaTags } from './meta-tags.js';
import { textSimilarity } from './similarity.js';

const TITLE_TAG: ReadonlySet<string> = new Set(['title']);
/**
 * Title metas in the order Readability.js trusts them (Dublin Core, Open Graph, Weibo, `title`,
 * Twitter, Parse.ly).
 */
const TITLE_META_KEYS = [
  'dc:title', 'dcterm:title', 'og:title', 'weibo:article:title', 'weibo:webpage:title', 'title', 'twitter:title', 'parsely-title',
] as const;

/** A title the page declares and where: `json-ld`, `meta:og:title`, `title` (the `<title>` element). */
export interface DeclaredTitle {
  /** As written, whitespace collapsed. */
  readonly text: string;
  readonly source: string;
  /** The `<script>` or `<title>` element. */
  readonly node?: number;
}

/**
 * The JSON-LD title: `headline` and `name` agree, or only one is given; when both differ, the one
 * that matches the `<title>` (similarity above `jsonLdTitleMatch`; `headline` only if it matches and
 * `name` does not), else `name` (Wikipedia puts the article's name in `name` and a summary in `headline`).
 */
function jsonLdTitle(jsonLd: JsonLdArticle, pageTitle: string, jsonLdTitleMatch: number): string | null {
  const { name, headline } = jsonLd;
  if (name === null || headline === null || name === headline) return headline ?? name;
  const headlineMatches = textSimilarity(headline, pageTitle) > jsonLdTitleMatch;
  const nameMatches = textSimilarity(name, pageTitle) > jsonLdTitleMatch;
  return headlineMatches && !nameMatches ? headline : name;
}

/**
 * Every title the page declares, in the order they are trusted: JSON-LD (the one {@link jsonLdTitle}
 * picks, then the other), the title metas, then `<title>`; without repeats.
 * @category Metadata
 */
export function readDeclaredTitles(doc: AnalyzedDocument, meta: MetaTags, jsonLd: JsonLdArticle | null | undefined, jsonLdTitleMatch: number): DeclaredTitle[] {
  const titleId = findElements(doc.index, TITLE_TAG, 1)[0];
  const pageTitle = titleId === undefined ? '' : rawTextOf(doc, titleId);
  const out: DeclaredTitle[] = [];
  const add = (text: string | null, source: string, node?: number): void => {
    const value = text === null ? '' : collapseWhitespace(text);
    if (value !== '' && !out.some((d) => d.text === value)) out.push(node === undefined ? { text: value, source } : { text: value, source, node });
  };
  if (jsonLd) {
    const picked = jsonLdTitle(jsonLd, pageTitle, jsonLdTitleMatch);
    add(picked, 'json-ld', jsonLd.node);
    add(picked === jsonLd.name ? jsonLd.headline : jsonLd.name, 'json-ld', jsonLd.node);
  }
  for (const key of TITLE_META_KEYS) for (const value of meta.get(key) ?? []) add(value, `meta:${key}`);
  add(pageTitle, 'title', titleId);
  return out;
}
