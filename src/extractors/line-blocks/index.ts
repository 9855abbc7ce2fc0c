/**
 * The line-block extractor (`line-blocks`): Chen Xin's line-block distribution function (cx-extractor).
 * Tag-free: it reads the normalized HTML as lines (Ctext), never the tree.
 * @see Chen Xin (陈鑫), 基于行块分布函数的通用网页正文抽取, HIT-SCIR, 2009
 * @module
 */
import { assertAnalyzedDocument } from '../../analysis/guards.js';
import { assertString } from '../../core/guards.js';
import { diagnostic, type Diagnostic } from '../../core/diagnostics.js';
import { MatnError } from '../../core/errors.js';
import { derivedOptions, resolveOptions } from '../../core/options.js';
import { FRESH_ARRAYS, ScratchArrays, type TypedArraySource } from '../../core/scratch.js';
import { lineText, scanLines, type LineOptions, type LineTable } from '../../analysis/line-table.js';
import { flatLineSpans, mapLinesToText } from '../../analysis/line-spans.js';
import type { AnalyzedDocument } from '../../analysis/types.js';
import type { Block, Extraction, Extractor } from '../types.js';
import { defineLazyBlocks, type MemberSpans } from '../lazy-text.js';
import { DEFAULT_LINE_BLOCK_OPTIONS, type LineBlockOptions } from './defaults.js';
import { blockLengths, chooseRegions, findRegions, type LineRegion } from './score.js';

export { DEFAULT_LINE_BLOCK_OPTIONS } from './defaults.js';
export type { LineBlockOptions } from './defaults.js';
export { blockLengths, chooseRegions, findRegions, type LineRegion } from './score.js';

/** Paper reference of the extractor. */
const REFERENCE =
  'Chen Xin (陈鑫). 基于行块分布函数的通用网页正文抽取 (Web page main text extraction based on the line-block distribution function). HIT-SCIR, 2009. cx-extractor, http://code.google.com/p/cx-extractor/';

function validate(o: Readonly<Required<LineBlockOptions>>, what: string): void {
  if (!Number.isInteger(o.blockThickness) || o.blockThickness < 1) {
    throw new MatnError('invalid-argument', `${what}: blockThickness must be a positive integer`, { blockThickness: o.blockThickness });
  }
}

/** The line scan's options from the extractor's (see `derivedOptions`). */
const lineOptionsOf = (o: Readonly<Required<LineBlockOptions>>): LineOptions => ({ longLineChars: o.longLineChars });

/** The page's Ctext lines as counts and source ranges; the text of a line is read only for the lines kept. */
function linesOf(html: string, o: Readonly<Required<LineBlockOptions>>, arrays: TypedArraySource = FRESH_ARRAYS): LineTable {
  return scanLines(html, derivedOptions(o, lineOptionsOf), arrays);
}

/**
 * Page scratch {@link lineBlockSpans} expects to carve per line: the table's two rows of three numbers (a line's,
 * its source line's), its count column, Y(X) and the kept line's number.
 */
const SCRATCH_BYTES_PER_LINE = 4 * (3 + 3 + 1 + 1 + 1);

/**
 * The line-block distribution function Y(X) of a page (definition 3): for every Ctext line X, the
 * non-whitespace characters of lines X..X+K−1. For plots; {@link extractLineBlocks} returns it as
 * `series.distribution`.
 * @example lineBlockDistribution(html).length; // number of Ctext lines
 * @category Extraction
 */
export function lineBlockDistribution(html: string, options?: Partial<LineBlockOptions>): number[] {
  assertString(html, 'lineBlockDistribution', 'html');
  const o = resolveOptions(DEFAULT_LINE_BLOCK_OPTIONS, options, 'lineBlockDistribution');
  validate(o, 'lineBlockDistribution');
  const lines = linesOf(html, o);
  return Array.from(blockLengths(lines.chars, o.blockThickness));
}

/** Confidence: share of all region text in the kept regions, scaled down for little text. */
function confidenceOf(lineChars: Int32Array, all: readonly LineRegion[], kept: readonly LineRegion[]): number {
  const chars = (rs: readonly LineRegion[]): number => {
    let sum = 0;
    for (const r of rs) for (let k = r.start; k < r.end; k++) sum += lineChars[k];
    return sum;
  };
  const got = chars(kept);
  if (got === 0) return 0;
  return Math.min(1, (got / Math.max(chars(all), 1)) * Math.min(1, got / 500) + 0.2);
}

/** The lines of the kept regions with text (at least `minLineChars` non-whitespace characters), in page order. */
function keptLinesOf(lineChars: Int32Array, kept: readonly LineRegion[], minLineChars: number, arrays: TypedArraySource): Int32Array {
  const isKept = (k: number): boolean => lineChars[k] !== 0 && lineChars[k] >= minLineChars;
  let count = 0;
  for (const r of kept) for (let k = r.start; k < r.end; k++) if (isKept(k)) count++;
  const lines = arrays.int32(count);
  let n = 0;
  for (const r of kept) for (let k = r.start; k < r.end; k++) if (isKept(k)) lines[n++] = k;
  return lines;
}

/** The block lengths Y(X), the regions, the kept regions and the kept lines of a page's Ctext line counts. */
function selectLines(lineChars: Int32Array, o: Readonly<Required<LineBlockOptions>>, arrays: TypedArraySource = FRESH_ARRAYS) {
  const y = blockLengths(lineChars, o.blockThickness, arrays);
  const regions = findRegions(y, o.blockThickness, o.threshold);
  const kept = chooseRegions(regions, o.minRegionShare);
  return { y, regions, kept, keptLines: keptLinesOf(lineChars, kept, o.minLineChars, arrays) };
}

/**
 * Extracts the main text with the line-block distribution: Ctext lines, block lengths Y(X) over K
 * lines, regions from a rise over the threshold (followed by K non-zero blocks) to a fall into two
 * zero blocks; keeps the region holding max Y and the regions whose peak is at least
 * `minRegionShare` of it, in page order.
 * @example
 * ```ts
 * const result = extractLineBlocks(analyze(normalize(bytes)));
 * result.text; result.series?.distribution;
 * ```
 * @category Extraction
 */
export function extractLineBlocks(doc: AnalyzedDocument, options?: Partial<LineBlockOptions>): Extraction<Required<LineBlockOptions>> {
  assertAnalyzedDocument(doc, 'extractLineBlocks');
  const o = resolveOptions(DEFAULT_LINE_BLOCK_OPTIONS, options, 'extractLineBlocks');
  validate(o, 'extractLineBlocks');
  const lines = linesOf(doc.source.html, o);
  const lineChars = lines.chars;
  const { y, regions, kept, keptLines } = selectLines(lineChars, o);
  // only the kept lines are mapped to the page text (kept regions come in page order, so the lines do too)
  const spans = mapLinesToText(doc, Array.from(keptLines, (k) => ({ sourceStart: lines.sourceStart(k), sourceEnd: lines.sourceEnd(k) })));
  // a line's text is stripped from its source range only when the blocks or the text are read: `auto` reads the spans
  const textOf = (n: number): string => lineText(lines, keptLines[n]);
  const blockOf = (n: number, text: string): Block => ({ node: -1, text, spans: spans[n], score: y[keptLines[n]] });
  const diagnostics: Diagnostic[] = [];
  const cut = lines.length - (lines.length > 0 ? lines.sourceLine(lines.length - 1) + 1 : 0);
  if (cut > 0) diagnostics.push(diagnostic('long-lines-cut', 'long source lines were cut at block-level tags', 'info', { addedLines: cut, longLineChars: o.longLineChars }));
  if (keptLines.length === 0) diagnostics.push(diagnostic('no-main-content', 'no line block rose above the threshold', 'warning', { threshold: o.threshold, maxBlockLength: y.reduce((a, b) => Math.max(a, b), 0) }));
  // every block has text: a kept line counts a character that is not whitespace (keptLinesOf), and its text holds each one counted
  return defineLazyBlocks({
    extractor: 'line-blocks',
    options: o,
    text: '', // the blocks' texts joined, on first read (defineLazyBlocks)
    blocks: [] as Block[], // one per kept line, on first read
    confidence: confidenceOf(lineChars, regions, kept),
    diagnostics,
    series: { distribution: y, lineChars },
    trace: {
      thresholds: [{ series: 'distribution', name: 'threshold', value: o.threshold }],
      ranges: regions.map((r) => ({ series: 'distribution', start: r.start, end: r.end, kept: kept.includes(r) })),
    },
  }, spans.length, spans, textOf, blockOf, true);
}

/**
 * What `auto` reads of {@link extractLineBlocks}' result, computed without its block lists: the spans of
 * the kept lines (one flat typed list, in line order, merged within a line as the blocks' are) and whether
 * the text is empty (no line kept: a kept line has text, see `keptLinesOf`). On a page of short lines the
 * full result held a span list and a source range object per line.
 */
export function lineBlockSpans(doc: AnalyzedDocument, options?: Partial<LineBlockOptions>): MemberSpans {
  assertAnalyzedDocument(doc, 'extractLineBlocks');
  const o = resolveOptions(DEFAULT_LINE_BLOCK_OPTIONS, options, 'extractLineBlocks');
  validate(o, 'extractLineBlocks');
  // the line table, Y(X) and the kept lines are page scratch (`core/scratch.ts`): only the spans leave; a page
  // has about a line per node or fewer (more only costs the rest of its lines new arrays)
  const scratch = new ScratchArrays(SCRATCH_BYTES_PER_LINE * (doc.index.size + 1));
  const lines = linesOf(doc.source.html, o, scratch);
  const { keptLines } = selectLines(lines.chars, o, scratch);
  const spans = flatLineSpans(doc, keptLines.length, (n) => lines.sourceStart(keptLines[n]), (n) => lines.sourceEnd(keptLines[n]));
  scratch.release();
  return { spans: [spans], empty: keptLines.length === 0 };
}

/**
 * The `line-blocks` extractor.
 * @category Extraction
 */
export const lineBlocksExtractor: Extractor<LineBlockOptions> = Object.freeze({
  id: 'line-blocks',
  reference: REFERENCE,
  defaults: DEFAULT_LINE_BLOCK_OPTIONS,
  extract: extractLineBlocks,
});
