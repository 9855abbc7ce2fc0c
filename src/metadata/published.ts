import type { AnalyzedDocument } from '../analysis/types.js';
import { findDates, parseDate } from './dates.js';
import { attributeOf, classTokensOf, collapseWhitespace } from './elements.js';
import { field, type Field } from './field.js';
import type { MetaTags } from './meta-tags.js';

const DATE_META_KEYS = [
  'article:published_time', 'datepublished', 'og:published_time', 'publishdate', 'pubdate', 'date',
  'dc.date.issued', 'dc.date', 'sailthru.date', 'parsely-pub-date', 'article:modified_time',
] as const;
/** Class tokens of elements holding the publication date (whole tokens). */
const DATE_TOKENS: ReadonlySet<string> = new Set([
  'date', 'time', 'pubdate', 'published', 'post-date', 'entry-date', 'publish-date', 'article-date', 'timestamp', 'dateline',
]);
/** Characters of visible text after the title heading searched for a date. */
const DATE_WINDOW = 400;

function fromMeta(meta: MetaTags): Field<string> | null {
  for (const key of DATE_META_KEYS) {
    for (const value of meta.get(key) ?? []) {
      const iso = parseDate(value);
      if (iso) return field(iso, `meta:${key}`);
    }
  }
  return null;
}

function fromElements(doc: AnalyzedDocument): Field<string> | null {
  const { size, tag, excluded } = doc.index;
  for (let id = 0; id < size; id++) {
    if (tag[id] === '' || excluded[id] === 1) continue;
    const datetime = tag[id] === 'time' ? attributeOf(doc, id, 'datetime') : undefined;
    const iso = datetime ? parseDate(datetime) : null;
    if (iso) return field(iso, 'time[datetime]', id);
    if (attributeOf(doc, id, 'itemprop') === 'datePublished' || classTokensOf(doc, id).some((t) => DATE_TOKENS.has(t))) {
      const found = parseDate(collapseWhitespace(doc.textOf(id)));
      if (found) return field(found, 'element', id);
    }
  }
  return null;
}

/**
 * Finds the publication date of an article page as ISO 8601 (`YYYY-MM-DD[THH:MM]`): a date meta
 * (`article:published_time`, `datePublished`, ...), else `<time datetime>` or an element classed
 * `date`/`published`/..., else the first date in the visible text after `start` (the title
 * heading's text offset). For forum threads the pipeline takes the first post's date instead.
 * @category Metadata
 */
export function extractPublishedDate(doc: AnalyzedDocument, meta: MetaTags, start = 0): Field<string> | null {
  const found = fromMeta(meta) ?? fromElements(doc);
  if (found) return found;
  const match = findDates(doc.text.slice(start, start + DATE_WINDOW))[0];
  return match ? field(match.iso, 'text') : null;
}
