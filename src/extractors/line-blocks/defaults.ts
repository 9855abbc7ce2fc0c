/**
 * Options of the line-block extractor and their sources.
 * @see Chen Xin (陈鑫), 基于行块分布函数的通用网页正文抽取, HIT-SCIR, 2009 (cx-extractor), §5
 * @module
 */

/**
 * Options of {@link extractLineBlocks} and {@link lineBlockDistribution}.
 * @category Extraction
 */
export interface LineBlockOptions {
  /**
   * K, the block thickness: line block i is Ctext lines i..i+K−1 (definition 1: "K < 5, here K = 3,
   * downwards").
   * @default 3 (paper §5, definition 1)
   */
  blockThickness?: number;
  /**
   * The rise threshold: a region starts at the first block whose length Y(X) exceeds it (condition 1,
   * "the rise must exceed a threshold"). The paper gives no value; 86 is the author's cx-extractor code.
   * @default 86 (cx-extractor reference implementation, `threshold = 86`)
   */
  threshold?: number;
  /**
   * A region other than the one holding max Y is kept too when its own peak is at least this share of
   * max Y. 1 keeps only the maximum's region (paper condition 4); 0 keeps every region (the author's
   * reference code, which appends every region it finds).
   * @default 0.5 (our choice between the two; see docs/algorithms/line-blocks.md)
   */
  minRegionShare?: number;
  /**
   * Lines of a region with fewer non-whitespace characters than this are left out of the text (the
   * reference code skips lines shorter than 5). 0 keeps every non-empty line.
   * @default 0 (the paper keeps the whole region)
   */
  minLineChars?: number;
  /**
   * A source line with more text than this is cut at block-level tags (see `LineOptions`); 0 disables.
   * @default 400 (not in the paper: minified pages have no line structure)
   */
  longLineChars?: number;
}

/**
 * Defaults of {@link LineBlockOptions}.
 * @category Extraction
 */
export const DEFAULT_LINE_BLOCK_OPTIONS: Readonly<Required<LineBlockOptions>> = Object.freeze({
  blockThickness: 3,
  threshold: 86,
  minRegionShare: 0.5,
  minLineChars: 0,
  longLineChars: 400,
});
