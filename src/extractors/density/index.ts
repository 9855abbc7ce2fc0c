/**
 * The text/symbol-density extractor (`density`): Hong et al.'s node score
 * score_i = ln(SD) · TD_i · lg(PNum_i + 2) · ln(SbD_i), as in GeneralNewsExtractor.
 * @see Hong Honghui et al., 基于文本符号密度的网页正文提取方法, 2019; tutorial 002 (smart parsing of news pages)
 * @module
 */
import { assertAnalyzedDocument } from '../../analysis/guards.js';
import { diagnostic, type Diagnostic } from '../../core/diagnostics.js';
import { MatnError } from '../../core/errors.js';
import { defineLazyField } from '../../core/lazy.js';
import { resolveOptions } from '../../core/options.js';
import { textWithout } from '../../analysis/slices.js';
import { spansWithout, type TextSpans } from '../../analysis/spans.js';
import { isWhitespaceCode } from '../../analysis/text.js';
import { nonLinkCharsOf, subtreeLinkTags, subtreeTags } from '../../analysis/stats.js';
import { FRESH_ARRAYS, ScratchArrays, scratchBytes, type TypedArraySource } from '../../core/scratch.js';
import type { AnalyzedDocument } from '../../analysis/types.js';
import { NodeKind } from '../../analysis/types.js';
import { BLOCK_TAGS } from '../../dom/tags.js';
import type { Extraction, Extractor } from '../types.js';
import type { MemberSpans } from '../lazy-text.js';
import { DEFAULT_DENSITY_OPTIONS, type DensityOptions } from './defaults.js';
import { findNoise, type NoiseRules } from './noise.js';
import { bestScoredNode, densitySeries, scoreNodes, symbolDensity, textDensity, type DensityScores } from './score.js';

export { DEFAULT_DENSITY_OPTIONS } from './defaults.js';
export { DENSITY_NOISE_TOKENS } from '../../vocabulary/page-tokens.js';
export type { DensityOptions } from './defaults.js';
export { computeDensityScores, textDensity, type DensityScores } from './score.js';

/** Paper reference of the extractor. */
const REFERENCE =
  'Hong Honghui et al. 基于文本符号密度的网页正文提取方法 (Web page text extraction based on text and symbol density), 2019; as implemented by GeneralNewsExtractor';

/** What {@link extractDensity} ranks by: every node's score and which were scored. */
type NodeScores = Omit<DensityScores, 'td' | 'sbd'>;

/**
 * One scored node, for debugging and plots.
 * @category Extraction
 */
export interface DensityCandidate {
  readonly node: number;
  readonly tag: string;
  /** Tag path (`html>body>div`). */
  readonly path: string;
  readonly score: number;
  /** TD. */
  readonly textDensity: number;
  /** SbD. */
  readonly symbolDensity: number;
  /** PNum. */
  readonly paragraphs: number;
  /** T − LT. */
  readonly nonLinkChars: number;
}

/**
 * The result of {@link extractDensity}: an {@link Extraction} with the best-scoring nodes.
 * @category Extraction
 */
export interface DensityExtraction extends Extraction<Required<DensityOptions>> {
  /** The `candidateCount` best nodes, best first. */
  readonly topNodes: readonly DensityCandidate[];
}

/**
 * 1 for every element holding a block-level descendant with text (a container of blocks), by one
 * reverse sweep; 0 for text-level elements (a paragraph, a heading, a cell of plain text).
 */
function markContainers(doc: AnalyzedDocument, arrays: TypedArraySource = FRESH_ARRAYS): Uint8Array {
  const { size, kind, tagOf, parent } = doc.index;
  const container = arrays.uint8(size).fill(0);
  for (let i = size - 1; i > 0; i--) {
    const p = parent[i];
    if (container[i] || (kind[i] === NodeKind.Element && BLOCK_TAGS.has(tagOf(i)) && doc.stats.textChars[i] > 0)) container[p] = 1;
  }
  return container;
}

/** The `count` best scored nodes, best first (preorder breaks ties, so an ancestor wins a tie). */
function topCandidates(doc: AnalyzedDocument, s: NodeScores, count: number, leaves: boolean): DensityCandidate[] {
  const container = leaves ? null : markContainers(doc);
  // the best `count` in rank order, kept as the nodes come in id order (no list of every positive score
  // to sort: a node per paragraph on a page of paragraphs); a node ranks after an equal score met before it
  const top: number[] = [];
  for (let i = 0; i < s.score.length; i++) {
    const v = s.score[i];
    if (!s.scored[i] || !(v > 0) || (container && !container[i])) continue;
    if (top.length === count) {
      if (!(v > s.score[top[count - 1]])) continue;
      top[count - 1] = i;
    } else top.push(i);
    for (let k = top.length - 1; k > 0 && s.score[top[k - 1]] < v; k--) [top[k], top[k - 1]] = [top[k - 1], top[k]];
  }
  return top.map((node) => ({
    node,
    tag: doc.index.tagOf(node),
    path: doc.index.tagPaths[doc.index.tagPathId[node]] ?? '',
    score: s.score[node],
    textDensity: textDensity(doc, node),
    symbolDensity: symbolDensity(doc, node),
    paragraphs: doc.stats.paragraphs[node],
    nonLinkChars: nonLinkCharsOf(doc.stats, node),
  }));
}

/**
 * Confidence: the margin of the best node over the best node that is neither its ancestor nor its
 * descendant (a rival region), damped for short bodies.
 */
function densityConfidence(doc: AnalyzedDocument, s: NodeScores, best: number, chars: number): number {
  const { parent, subtreeEnd } = doc.index;
  const ancestors = new Set<number>();
  for (let p = parent[best]; p >= 0; p = parent[p]) ancestors.add(p);
  let rival = 0;
  for (let i = 0; i < s.score.length; i++) {
    if (!s.scored[i] || ancestors.has(i) || (i >= best && i < subtreeEnd[best])) continue;
    if (s.score[i] > rival) rival = s.score[i];
  }
  const margin = 1 - Math.min(1, rival / s.score[best]);
  return Math.min(1, (0.3 + 0.7 * margin) * Math.min(1, chars / 300));
}

/** What {@link findNoise} reads of the options. */
function noiseRules(o: Readonly<Required<DensityOptions>>): NoiseRules {
  return {
    noiseTokens: new Set(o.noiseTokens.map((t) => t.toLowerCase())),
    noiseTags: new Set(o.noiseTags.map((t) => t.toLowerCase())),
    maxLinkDensity: o.maxLinkDensity,
  };
}

function validate(o: Readonly<Required<DensityOptions>>): void {
  if (!(o.minSymbolDensity > 0)) {
    throw new MatnError('invalid-argument', 'extractDensity: minSymbolDensity must be > 0 (ln of 0 is −∞)', { minSymbolDensity: o.minSymbolDensity });
  }
  if (!Number.isInteger(o.candidateCount) || o.candidateCount < 1) {
    throw new MatnError('invalid-argument', 'extractDensity: candidateCount must be a positive integer', { candidateCount: o.candidateCount });
  }
}

/**
 * Extracts the main text as the subtree of the element with the highest density score, minus
 * noise: noise tags (`nav`, `footer`, …), elements whose class or id has a noise token (whole
 * tokens), and links lists. `series.score`, `series.td` and `series.sbd` hold every node's figures.
 * @example
 * ```ts
 * const result = extractDensity(analyze(normalize(bytes)));
 * result.text; result.topNodes[0].score;
 * ```
 * @category Extraction
 */
export function extractDensity(doc: AnalyzedDocument, options?: Partial<DensityOptions>): DensityExtraction {
  assertAnalyzedDocument(doc, 'extractDensity');
  const o = resolveOptions(DEFAULT_DENSITY_OPTIONS, options, 'extractDensity');
  validate(o);
  const s = scoreNodes(doc, o.minSymbolDensity);
  const candidates = topCandidates(doc, s, o.candidateCount, o.leafCandidates);
  const diagnostics: Diagnostic[] = [];
  // TD and SbD, a double a node each, are made when read (`auto` and the CLI's record never read them)
  const series = defineLazyField(defineLazyField({ score: s.score }, 'td', () => densitySeries(doc, s.scored, textDensity)), 'sbd', () => densitySeries(doc, s.scored, symbolDensity));
  if (candidates.length === 0) {
    const why = s.sd <= 1 ? `SD of TD is ${s.sd.toFixed(3)} ≤ 1, so ln(SD) ≤ 0` : 'no node scored above 0';
    diagnostics.push(diagnostic('no-main-content', `no main content: ${why}`, 'warning', { sd: s.sd, nodes: s.count }));
    return { extractor: 'density', options: o, text: '', blocks: [], confidence: 0, diagnostics, series, topNodes: candidates };
  }
  const best = candidates[0].node;
  const cut = findNoise(doc, best, noiseRules(o));
  const text = textWithout(doc, best, cut);
  if (!text) diagnostics.push(diagnostic('no-main-content', 'the best node holds only noise', 'warning', { node: best }));
  if (cut.length > 0) diagnostics.push(diagnostic('noise-removed', `${cut.length} noise subtree(s) cut from the body`, 'info', { nodes: cut }));
  return {
    extractor: 'density',
    options: o,
    text,
    blocks: text ? [{ node: best, text, spans: spansWithout(doc, best, cut), score: s.score[best] }] : [],
    confidence: text ? densityConfidence(doc, s, best, text.length) : 0,
    diagnostics,
    series,
    topNodes: candidates,
  };
}

/**
 * What `auto` reads of {@link extractDensity}'s result (see `MemberSpans`): the spans of its block and whether
 * its text is empty, found from the same best node and noise without the per-node series and candidate records.
 */
export function densitySpans(doc: AnalyzedDocument, options?: Partial<DensityOptions>): MemberSpans {
  assertAnalyzedDocument(doc, 'extractDensity');
  const o = resolveOptions(DEFAULT_DENSITY_OPTIONS, options, 'extractDensity');
  validate(o);
  // TG and LTG counted into page scratch (`core/scratch.ts`) for this call, with the container marks: the page's `stats.tags`
  // and `stats.linkTags`, made on first read and kept, would hold 8 bytes a node through the rest of `auto`
  const { size } = doc.index;
  const scratch = new ScratchArrays(scratchBytes([size, 4], [size, 4], [size, 1]));
  const container = o.leafCandidates ? null : markContainers(doc, scratch);
  const counts = { tags: subtreeTags(doc.index, scratch.uint32(size)), linkTags: subtreeLinkTags(doc.index, scratch.uint32(size)) };
  const best = bestScoredNode(doc, o.minSymbolDensity, (id) => container === null || container[id] === 1, counts);
  scratch.release();
  if (best < 0) return { spans: [], empty: true };
  const spans = spansWithout(doc, best, findNoise(doc, best, noiseRules(o)));
  // the text (`textWithout`: the spans' lines trimmed, empty ones dropped) is empty when no span holds a visible character
  return hasVisibleText(doc.text, spans) ? { spans: [spans], empty: false } : { spans: [], empty: true };
}

/** True when a range of `spans` (see `spans.ts`) holds a character that is not whitespace. */
function hasVisibleText(text: string, spans: TextSpans): boolean {
  for (let r = 0; r + 1 < spans.length; r += 2) for (let i = spans[r]; i < spans[r + 1]; i++) if (!isWhitespaceCode(text.charCodeAt(i))) return true;
  return false;
}

/**
 * The `density` extractor.
 * @category Extraction
 */
export const densityExtractor: Extractor<DensityOptions> = Object.freeze({
  id: 'density',
  reference: REFERENCE,
  defaults: DEFAULT_DENSITY_OPTIONS,
  extract: extractDensity,
});
