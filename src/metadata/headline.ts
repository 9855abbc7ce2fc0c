/**
 * The headline repeated at the top of the main text. The title is returned as its own field, so a body
 * that starts with the same words again only repeats it (Readability.js drops such a heading too).
 * @module
 */
import { pushLowerCaseTokens } from '../analysis/text.js';
import { NodeKind, type AnalyzedDocument } from '../analysis/types.js';
import { resolveOptions } from '../core/options.js';
import { attributeOf, classTokensOf, collapseWhitespace } from './elements.js';
import { hasRoleToken } from '../vocabulary/class-tokens.js';
import { HEADLINE_TOKENS } from '../vocabulary/metadata-tokens.js';

/**
 * Options of {@link dropLeadingHeadline}.
 * @category Metadata
 */
export interface HeadlineOptions {
  /** Drop the headline (and the short lines above it) from the body. @default true */
  dropHeadline?: boolean;
  /** How many of the body's first lines may hold the headline. @default 3 */
  maxLeadingLines?: number;
  /**
   * Longest line above the headline that is dropped with it (a kicker, a breadcrumb, a dateline); a longer
   * one is text, and then nothing is dropped.
   * @default 80
   */
  maxKickerChars?: number;
}

/**
 * Defaults of {@link HeadlineOptions}.
 * @category Metadata
 */
export const DEFAULT_HEADLINE_OPTIONS: Readonly<Required<HeadlineOptions>> = Object.freeze({
  dropHeadline: true,
  maxLeadingLines: 3,
  maxKickerChars: 80,
});

// old pages set their headline in big type (<font size=5>) rather than in <h1>; a bold run in a paragraph
// is the text's own emphasis (a subtitle that repeats the title), not the page's headline
const HEADING_TAGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'font']);

/** Whether an element's class or id names it a headline. */
function isNamedHeadline(doc: AnalyzedDocument, id: number): boolean {
  const names = classTokensOf(doc, id);
  pushLowerCaseTokens(attributeOf(doc, id, 'id'), names);
  return hasRoleToken(names, HEADLINE_TOKENS, 'whole');
}

/** Text as {@link dropLeadingHeadline} compares it: whitespace collapsed, lower-cased. */
function comparable(text: string): string {
  return collapseWhitespace(text).toLowerCase();
}

/** Whether some heading (h1–h6, a `<font>` run, or an element named a headline) of the page reads `line` (compared as {@link comparable} text). */
function isHeadingText(doc: AnalyzedDocument, line: string): boolean {
  const { size, kind, tagOf } = doc.index;
  const { textStart, textEnd } = doc.stats;
  for (let id = 0; id < size; id++) {
    // lengths first: most elements hold less text than the line, and naming or reading them costs strings
    if (kind[id] !== NodeKind.Element || textEnd[id] - textStart[id] < line.length) continue;
    if ((HEADING_TAGS.has(tagOf(id)) || isNamedHeadline(doc, id)) && comparable(doc.textOf(id)) === line) return true;
  }
  return false;
}

/**
 * The body without its leading headline: when one of its first lines reads exactly the page's title
 * (whitespace and case aside) and is the text of a heading element of the page (h1–h6, the `<font>` type old pages use, or an
 * element whose class or id names it a headline: `title`, `headline`, `entry-title`, `titulo`, …), that line and the
 * short lines above it are dropped. A title that merely equals a paragraph (a `<title>` copied from the
 * text) is not a heading, so the paragraph stays.
 * @example
 * dropLeadingHeadline('Rain in Kashgar\nIt rained all day.', 'Rain in Kashgar', doc) // 'It rained all day.'
 * @category Metadata
 */
export function dropLeadingHeadline(body: string, title: string | null, doc: AnalyzedDocument, options?: HeadlineOptions): string {
  const o = resolveOptions(DEFAULT_HEADLINE_OPTIONS, options, 'dropLeadingHeadline');
  if (!o.dropHeadline || title === null || body === '') return body;
  const wanted = comparable(title);
  if (wanted === '') return body;
  const lines = body.split('\n');
  let seen = 0;
  for (let i = 0; i < lines.length && seen < o.maxLeadingLines; i++) {
    const line = comparable(lines[i]);
    if (line === '') continue;
    seen++;
    if (line === wanted) {
      if (!isHeadingText(doc, wanted)) return body;
      return lines.slice(i + 1).join('\n').replace(/^\n+/, '');
    }
    if (line.length > o.maxKickerChars) return body;
  }
  return body;
}
