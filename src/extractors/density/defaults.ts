/**
 * Options of the text/symbol-density extractor and their sources.
 * @see Hong Honghui et al., 基于文本符号密度的网页正文提取方法 (Web page main-text extraction based on
 * text and symbol density), 2019; GeneralNewsExtractor (kingname), which implements it.
 * @module
 */
import { DENSITY_NOISE_TOKENS } from '../../vocabulary/page-tokens.js';

/**
 * Options of {@link extractDensity}.
 * @category Extraction
 */
export interface DensityOptions {
  /**
   * Floor applied to the symbol density SbD before its logarithm. ln(SbD) is negative for SbD < 1
   * (fewer non-link characters than punctuation + 1) and −∞ for SbD = 0 (no non-link text); with the
   * floor at 1 such nodes score 0 instead of a negative or infinite score.
   * @default 1 (GeneralNewsExtractor: `sbdi = sbdi or 1`; the paper leaves the case open)
   */
  minSymbolDensity?: number;
  /**
   * Class/id tokens that mark noise inside the chosen node (whole tokens, never substrings):
   * elements carrying one are cut from the body with their subtree.
   * @default GeneralNewsExtractor's `USELESS_ATTR` plus common sharing/ad/navigation names, see {@link DENSITY_NOISE_TOKENS}
   */
  noiseTokens?: readonly string[];
  /**
   * Tags cut from the body with their subtree (script, style and hidden elements are already out of
   * the analysis text).
   * @default nav, aside, header, footer, form, button (GeneralNewsExtractor's `USELESS_TAG`, without blockquote — quotes are body text)
   */
  noiseTags?: readonly string[];
  /**
   * A block-level element inside the chosen node whose link characters are at least this share of
   * its text is a links list and is cut (a "related articles" list, a tag cloud).
   * @default 0.5 (more link text than plain text; not in the paper)
   */
  maxLinkDensity?: number;
  /**
   * Whether a text-level element (one with no block-level descendant holding text: a `<p>`, a heading,
   * a cell of plain text) may be chosen as the body. The paper scores every node, a zero denominator
   * counted as 1, so one long paragraph gets TD ≈ T − LT and outscores the article holding it
   * (measured: body.ch_f1 0.41 on en-news-scrapinghub with `true`). GeneralNewsExtractor gives nodes
   * without non-link descendant tags density 0 for the same reason. With `false` such nodes keep their
   * paper score in `series.score` and count in SD, but are not chosen.
   * @default false (deviation from the paper, see docs/algorithms/density.md)
   */
  leafCandidates?: boolean;
  /**
   * Number of best-scoring nodes listed in `candidates`.
   * @default 5
   */
  candidateCount?: number;
}

/**
 * Defaults of {@link DensityOptions}.
 * @category Extraction
 */
export const DEFAULT_DENSITY_OPTIONS: Readonly<Required<DensityOptions>> = Object.freeze({
  minSymbolDensity: 1,
  noiseTokens: DENSITY_NOISE_TOKENS,
  noiseTags: Object.freeze(['nav', 'aside', 'header', 'footer', 'form', 'button']),
  maxLinkDensity: 0.5,
  leafCandidates: false,
  candidateCount: 5,
});
