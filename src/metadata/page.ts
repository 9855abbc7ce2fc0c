import type { AnalyzedDocument } from '../analysis/types.js';
import { extractAuthor } from './author.js';
import { findElements } from './elements.js';
import type { Field } from './field.js';
import { extractDirection, extractLanguage, type Direction } from './language.js';
import { readMetaTags } from './meta-tags.js';
import { extractPublishedDate } from './published.js';
import { extractTitle, findSiteName, type TitleOptions } from './title.js';

/**
 * Page-level metadata; every value says where it came from.
 * @category Metadata
 */
export interface PageMetadata {
  readonly title: Field<string> | null;
  readonly author: Field<string> | null;
  /** ISO 8601 (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`). */
  readonly date: Field<string> | null;
  /** Primary language subtag (`ug`, `ar`, `zh`, `en`, ...). */
  readonly lang: Field<string> | null;
  readonly dir: Field<Direction>;
  readonly siteName: string | null;
}

const H1_TAG: ReadonlySet<string> = new Set(['h1']);

/**
 * Reads title, author, date, language, direction and site name of a page.
 * Author and date are searched from the title heading on (bylines follow the headline).
 * @category Metadata
 * @example
 * const meta = extractMetadata(analyze(normalize(bytes)));
 * meta.title?.value; meta.title?.source; // 'Notes by hand', 'h1'
 */
export function extractMetadata(doc: AnalyzedDocument, options?: { title?: TitleOptions }): PageMetadata {
  const meta = readMetaTags(doc);
  const title = extractTitle(doc, options?.title, meta);
  const heading = title?.node !== undefined && doc.index.tag[title.node] !== 'title' ? title.node : findElements(doc, H1_TAG, 1)[0];
  const start = heading === undefined ? 0 : doc.stats.textStart[heading];
  return {
    title,
    author: extractAuthor(doc, meta, start),
    date: extractPublishedDate(doc, meta, start),
    lang: extractLanguage(doc, meta),
    dir: extractDirection(doc),
    siteName: findSiteName(meta),
  };
}
