/**
 * Ctext: the page source with its tags stripped and its line structure kept, the input of the
 * line-block distribution (Chen Xin, 基于行块分布函数的通用网页正文抽取, §5). Works on the normalized
 * HTML string, never on the tree: one linear scan.
 *
 * Script, style and comment contents are dropped first (as the paper's reference code does), then
 * every tag; the newlines inside what was dropped are kept, so line `k` of Ctext is line `k` of the
 * source. Character references left by `normalize` (`&nbsp;`, `&amp;`, `&lt;`, numeric ones) are
 * decoded. Deviation: a source line whose text is longer than `longLineChars` is cut where a
 * block-level tag (or `<br>`) stood, so minified pages and one-line articles get a line structure.
 * The scan itself is `line-table.ts` (counts and source ranges per line, text on demand); this module
 * gives the lines as records with their text.
 * @see Chen Xin, 基于行块分布函数的通用网页正文抽取 (cx-extractor), HIT-SCIR, 2009, §5
 * @module
 */
import { MatnError } from '../core/errors.js';
import { lineText, scanLines, type LineOptions } from './line-table.js';
import type { AnalyzedDocument } from './types.js';
import { mapLinesToText } from './line-spans.js';
import type { TextSpans } from './spans.js';

export { DEFAULT_LINE_OPTIONS, type LineOptions } from './line-table.js';

/**
 * One line of Ctext.
 * @category Analysis
 */
export interface Line {
  /** The line's text: tags stripped, references decoded, whitespace runs collapsed, trimmed. */
  readonly text: string;
  /** Non-whitespace code points of the line (its contribution to a line block's length). */
  readonly chars: number;
  /** 0-based line number in the source HTML (several lines share it when a long line was cut). */
  readonly sourceLine: number;
  /** Offset in the source HTML where the line's markup begins (a source line's start, or the tag a long line was cut at). */
  readonly sourceStart: number;
  /** Offset in the source HTML where the line's markup ends (exclusive): its newline, or the tag it was cut at. */
  readonly sourceEnd: number;
}

/**
 * A Ctext line of an analyzed page, with where its text lies in {@link AnalyzedDocument.text}.
 * @category Analysis
 */
export interface TextLine extends Line {
  /** Ranges of {@link AnalyzedDocument.text} the line's text is (see `spans.ts` and `line-spans.ts`). */
  readonly spans: TextSpans;
}

export { countChars, decodeReferences } from './ctext-scan.js';

/**
 * Splits normalized HTML into Ctext lines (see the module comment), each with its text. O(N) in the HTML
 * length. A reader that needs the text of a few lines only takes `scanLines` and `lineText` (`line-table.ts`).
 * @example splitLines('<p>一</p>\n<script>x\ny</script>\n<p>二</p>').map((l) => l.text); // ['一', '', '', '二']
 * @category Analysis
 */
export function splitLines(html: string, options?: LineOptions): Line[] {
  if (typeof html !== 'string') throw new MatnError('invalid-argument', 'splitLines: html must be a string');
  const table = scanLines(html, options);
  const lines: Line[] = [];
  for (let k = 0; k < table.length; k++) {
    lines.push({ text: lineText(table, k), chars: table.chars[k], sourceLine: table.sourceLine(k), sourceStart: table.sourceStart(k), sourceEnd: table.sourceEnd(k) });
  }
  return lines;
}

/**
 * Ctext lines of an analyzed page (from `doc.source.html`), each with the ranges of the page's visible
 * text ({@link AnalyzedDocument.text}) it is: mapped once here, through the source offsets of the lines
 * and of the text nodes (see `line-spans.ts`), so that a consumer never searches for a line's text.
 * @category Analysis
 */
export function listLines(doc: AnalyzedDocument, options?: LineOptions): TextLine[] {
  const lines = splitLines(doc.source.html, options);
  const spans = mapLinesToText(doc, lines);
  return lines.map((l, k) => ({ ...l, spans: spans[k] }));
}
