/**
 * The text-block extractor (`text-blocks`): Zou & Zhong's smoothed block character counts with the
 * thresholds N'_min and N_calib, rules ① and ②, and the title and report date around the body.
 * @see Zou Yongqiang, Zhong Zhinong, 一种高效的新闻网页噪声过滤方法, 微型机与应用 30(16), 2011
 * @module
 */
import { assertAnalyzedDocument } from '../../analysis/guards.js';
import { boundaryRangeLengths, countTextNodes, listBoundaryBlocks, listBoundaryRanges, type BoundaryBlock, type BoundaryBlockOptions } from '../../analysis/blocks.js';
import type { AnalyzedDocument } from '../../analysis/types.js';
import { diagnostic, type Diagnostic } from '../../core/diagnostics.js';
import { MatnError } from '../../core/errors.js';
import { cleanStrings } from '../../core/clean-text.js';
import { defineLazyField } from '../../core/lazy.js';
import { FRESH_ARRAYS, ScratchArrays, scratchBytes, type TypedArraySource } from '../../core/scratch.js';
import { derivedOptions, resolveOptions } from '../../core/options.js';
import type { Block, Extraction, Extractor } from '../types.js';
import type { MemberSpans } from '../lazy-text.js';
import { findReportDate, findTitle } from './candidates.js';
import { DEFAULT_TEXT_BLOCK_OPTIONS, type TextBlockOptions } from './defaults.js';
import { findRuns, selectMainRuns, smoothAndMeasure, type BlockRun } from './score.js';

export { DEFAULT_TEXT_BLOCK_OPTIONS } from './defaults.js';
export type { TextBlockOptions } from './defaults.js';
export { computeThresholds, findRuns, selectMainRuns, smoothBlocks, type BlockRun, type BlockThresholds } from './score.js';
export { filterTitle } from './candidates.js';

/** Paper reference of the extractor. */
const REFERENCE =
  'Zou Yongqiang, Zhong Zhinong. 一种高效的新闻网页噪声过滤方法 (An efficient approach to reduce noise in news webpages). 微型机与应用 (Microcomputer & Its Applications) 30(16), 2011, pp. 64-67';

function validate(o: Readonly<Required<TextBlockOptions>>): void {
  const k = o.kernel;
  if (k.length % 2 !== 1 || k.some((v) => !Number.isFinite(v) || v < 0)) {
    throw new MatnError('invalid-argument', 'extractTextBlocks: kernel must have an odd number of non-negative weights', { kernel: [...k] });
  }
  if (!Number.isInteger(o.calibrationCount) || o.calibrationCount < 1) {
    throw new MatnError('invalid-argument', 'extractTextBlocks: calibrationCount must be a positive integer', { calibrationCount: o.calibrationCount });
  }
}

/** The block list's options from the extractor's: links are not counted (see `derivedOptions`). */
const blockOptionsOf = (o: Readonly<Required<TextBlockOptions>>): BoundaryBlockOptions => ({ dropTags: o.dropTags, boundaryTags: o.boundaryTags, uncountedTags: ['a'], keepEmpty: o.emptyBlocks === 'keep' });

/**
 * The paper's blockset: type I dropped, type II as separators. Links are always listed as uncounted
 * text, so a block of links only is known (a zero that separates) even when `linkText` is `'drop'`.
 * Blocks with no text at all are listed only when the series keeps empty blocks: otherwise nothing
 * reads them (the title and date candidates skip blocks without text).
 */
function buildBlocks(doc: AnalyzedDocument, o: Readonly<Required<TextBlockOptions>>): BoundaryBlock[] {
  return listBoundaryBlocks(doc, derivedOptions(o, blockOptionsOf));
}

/** Confidence: how much of the page's counted text the main blocks hold, scaled down for little text. */
function confidenceOf(raw: Int32Array, kept: Int32Array): number {
  const total = raw.reduce((a, b) => a + b, 0);
  const got = kept.reduce((a, k) => a + raw[k], 0);
  if (got === 0) return 0;
  return Math.min(1, 0.2 + Math.min(1, (2 * got) / Math.max(total, 1)) * Math.min(1, got / 500));
}

/** Calls `visit` with the index in the series of every kept block: of the main runs, with counted text (`raw > 0`), in order. */
function forEachKept(raw: Int32Array, main: readonly BlockRun[], visit: (k: number) => void): void {
  for (const r of main) for (let k = r.start; k < r.end; k++) if (raw[k] > 0) visit(k);
}

/** Index in the series of every kept block (see {@link forEachKept}). */
function keptBlocks(raw: Int32Array, main: readonly BlockRun[]): Int32Array {
  let count = 0;
  forEachKept(raw, main, () => count++);
  const kept = new Int32Array(count);
  let n = 0;
  forEachKept(raw, main, (k) => {
    kept[n++] = k;
  });
  return kept;
}

/**
 * The series and the main runs of {@link extractTextBlocks} over the blocks counting `chars[k]` and
 * `uncounted[k]`. Every per-block list is a typed array of the block count: on a page of 187,000
 * paragraphs, lists grown a push at a time, their iterators and the boxed numbers of a plain series
 * were most of what `auto`'s run of this member allocated. The series is compacted in place: `chars`
 * becomes the series' counts (`raw`) and `uncounted` its blocks' indexes (`at`), each entry written at or
 * before the one it is read from (8 bytes a block that a copy took, on a member that writes more page
 * scratch than any other). The smoothed series is taken from `arrays` (page scratch, see `core/scratch.ts`:
 * then it may not outlive it).
 */
function selectMain(chars: Int32Array, uncounted: Int32Array, o: Readonly<Required<TextBlockOptions>>, arrays: TypedArraySource = FRESH_ARRAYS) {
  let m = 0;
  for (let k = 0; k < chars.length; k++) {
    if (o.emptyBlocks === 'keep' || chars[k] > 0 || uncounted[k] > 0) {
      chars[m] = chars[k];
      uncounted[m] = k;
      m++;
    }
  }
  /** Index in the block list of every block of the series. */
  const at = uncounted.subarray(0, m);
  const raw = chars.subarray(0, m);
  const smoothed = arrays.float64(m);
  const thresholds = smoothAndMeasure(raw, o.kernel, o.minWeight, o.calibrationCount, smoothed);
  const runs = findRuns(smoothed, thresholds);
  const main: BlockRun[] = selectMainRuns(runs);
  return { at, raw, smoothed, thresholds, runs, main };
}

/** The page scratch {@link textBlockSpans} carves: the lists of `listBoundaryRanges` and the smoothed series of {@link selectMain}. */
function spanScratchBytes(textNodes: number): number {
  const lists = boundaryRangeLengths(textNodes);
  const blocks = lists[0];
  return scratchBytes(...lists.map((length): [number, number] => [length, 4]), [blocks, 8]);
}

/**
 * Extracts the news body with Zou & Zhong's text-block statistics: blocknum (characters per block,
 * links and type-I content not counted) smoothed with ¼·[1 2 1]; runs of blocks all ≥ N'_min =
 * (2·N_min + N_avg)/3 holding one block ≥ N_calib = (Σ 9 largest + N_avg)/10 are main (rule ①), and so
 * are the runs between two of them (rule ②). The title and report date found around the first and
 * last main blocks are returned as `candidates`.
 * @example
 * ```ts
 * const result = extractTextBlocks(analyze(normalize(bytes)));
 * result.text; result.candidates?.date; result.series?.smoothed;
 * ```
 * @category Extraction
 */
export function extractTextBlocks(doc: AnalyzedDocument, options?: Partial<TextBlockOptions>): Extraction<Required<TextBlockOptions>> {
  assertAnalyzedDocument(doc, 'extractTextBlocks');
  const o = resolveOptions(DEFAULT_TEXT_BLOCK_OPTIONS, options, 'extractTextBlocks');
  validate(o);
  const all = buildBlocks(doc, o);
  const { at, raw, smoothed, thresholds, runs, main } = selectMain(Int32Array.from(all, (b) => b.chars), Int32Array.from(all, (b) => b.uncountedChars), o);
  const kept = keptBlocks(raw, main);
  const keepLinks = o.linkText === 'keep';
  const outBlocks: Block[] = Array.from(kept, (k) => {
    const b: BoundaryBlock = all[at[k]];
    return { node: b.node, text: keepLinks ? b.text : b.countedText, spans: keepLinks ? b.spans : b.countedSpans, score: smoothed[k] };
  });
  const diagnostics: Diagnostic[] = [];
  if (kept.length === 0) diagnostics.push(diagnostic('no-main-content', 'no run of blocks reached N_calib', 'warning', { ...thresholds }));
  const result: Extraction<Required<TextBlockOptions>> = {
    extractor: 'text-blocks',
    options: o,
    text: outBlocks.map((b) => b.text).join('\n'),
    blocks: outBlocks,
    // a placeholder holding the field's place; filled on first read below
    ...(kept.length > 0 ? { candidates: undefined } : {}),
    confidence: confidenceOf(raw, kept),
    diagnostics,
    series: { raw, smoothed },
    trace: {
      thresholds: [
        { series: 'smoothed', name: "N'_min", value: thresholds.low },
        { series: 'smoothed', name: 'N_calib', value: thresholds.calib },
      ],
      ranges: runs.map((r) => ({ series: 'smoothed', start: r.start, end: r.end, kept: main.some((m) => m.start === r.start) })),
    },
  };
  if (kept.length === 0) return result;
  // the title and report date around the main blocks, found on first read: `auto` reads a member's spans only
  const i = at[main[0].start];
  const j = at[main[main.length - 1].end - 1];
  // cleaned here: `extract()` cleans its result's strings but carries a field not read yet as it is, and a heading's
  // text is the parser's, with the controls a numeric reference (`&#1;`) decodes to
  return defineLazyField(result, 'candidates', () => {
    const title = findTitle(doc, all, i, o.titleStopWords);
    const date = findReportDate(all, i, j);
    return cleanStrings({ ...(title ? { title } : {}), ...(date ? { date } : {}) });
  });
}

/**
 * What `auto` reads of {@link extractTextBlocks}' result, computed without its texts and block objects:
 * the spans of the kept blocks (one flat list in block order) and whether the text is empty. The same
 * blocks and the same series as the full run (`listBoundaryRanges` walks the page as `listBoundaryBlocks`).
 */
export function textBlockSpans(doc: AnalyzedDocument, options?: Partial<TextBlockOptions>): MemberSpans {
  assertAnalyzedDocument(doc, 'extractTextBlocks');
  const o = resolveOptions(DEFAULT_TEXT_BLOCK_OPTIONS, options, 'extractTextBlocks');
  validate(o);
  // the block lists are scratch (page scratch, `core/scratch.ts`): only the kept spans are copied out
  const scratch = new ScratchArrays(spanScratchBytes(countTextNodes(doc)));
  const all = listBoundaryRanges(doc, derivedOptions(o, blockOptionsOf), o.linkText !== 'keep', scratch);
  const { at, raw, main } = selectMain(all.chars, all.uncountedChars, o, scratch);
  const { from, ranges } = all;
  // the kept blocks read where they lie, in the main runs: no list of them
  let kept = 0;
  let length = 0;
  forEachKept(raw, main, (k) => {
    kept++;
    length += from[at[k] + 1] - from[at[k]];
  });
  // one typed list of its final length: pushed one by one, the list of a page of 100,000 kept paragraphs grew slowly
  const spans = new Int32Array(length);
  let s = 0;
  forEachKept(raw, main, (k) => {
    for (let q = from[at[k]]; q < from[at[k] + 1]; q++) spans[s++] = ranges[q];
  });
  // a kept block counts characters (raw > 0), so its text is not empty: the text is empty when no block is kept
  const empty = kept === 0;
  scratch.release();
  return { spans: [spans], empty };
}

/**
 * The `text-blocks` extractor.
 * @category Extraction
 */
export const textBlocksExtractor: Extractor<TextBlockOptions> = Object.freeze({
  id: 'text-blocks',
  reference: REFERENCE,
  defaults: DEFAULT_TEXT_BLOCK_OPTIONS,
  extract: extractTextBlocks,
});
