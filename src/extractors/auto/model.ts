/**
 * The learned keep/drop decision of `auto`: a logistic regression over features that `auto` already
 * computes per segment (each member's selection, the weighted vote, its neighbourhood, the
 * threshold rules' own decision, region, markup, size, link density, position, tag, furniture,
 * comment and form flags). It replaces the final threshold decision when a model is given; the vote,
 * region and cleanup that feed it are unchanged. Trained by scripts/train-auto-model.mjs on the
 * shared dev corpora (see docs/algorithms/auto.md, "Learned keep/drop").
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import { MatnError } from '../../core/errors.js';
import { linkDensity } from './cleanup.js';
import { PARAGRAPH_TAGS, type SegmentTable } from './segments.js';

/**
 * Names of the per-segment features, in the order of a model's `weights`. A model whose `features`
 * differ from this list is refused (it was trained on another feature set).
 * @category Extraction
 */
export const SEGMENT_FEATURES: readonly string[] = Object.freeze([
  'vote', 'correlated', 'segmentation', 'text-blocks', 'density', 'line-blocks', 'markup', 'neighbourVote', 'logChars',
  'linkDensity', 'position', 'inRegion', 'ruleKept', 'headingLevel', 'listItem', 'cell', 'paragraph', 'furniture', 'comment', 'form',
  'keptSide', 'keptGap', 'keptShare', 'figure',
]);

/**
 * One regression tree, stored flat: node n splits on feature `feature[n]` at `cut[n]` (a value ≤ the
 * cut goes to `left[n]`, else to `right[n]`); a leaf has feature −1 and adds `value[n]` to the score.
 * Node 0 is the root.
 * @category Extraction
 */
export interface AutoTree {
  readonly feature: readonly number[];
  readonly cut: readonly number[];
  readonly left: readonly number[];
  readonly right: readonly number[];
  readonly value: readonly number[];
}

/**
 * A keep/drop model over {@link SEGMENT_FEATURES}: a score `z = bias + Σ weights[i] · (x[i] − mean[i])
 * / scale[i] + Σ tree values` (the linear part, the trees, or both), `p = σ(z)`, and a segment is kept
 * when `p ≥ threshold`. The shipped one is gradient-boosted trees; a logistic regression is the
 * linear part alone.
 * @category Extraction
 */
export interface AutoModel {
  /** Feature names, equal to {@link SEGMENT_FEATURES}. */
  readonly features: readonly string[];
  readonly bias: number;
  /** Keep a segment when its probability is at least this. */
  readonly threshold: number;
  /** Linear weights on standardized features (optional). */
  readonly weights?: readonly number[];
  /** Training mean of each feature (with `weights`). */
  readonly mean?: readonly number[];
  /** Training standard deviation of each feature, 1 where it was 0 (with `weights`). */
  readonly scale?: readonly number[];
  /** Boosted trees whose leaf values add to the score (optional). */
  readonly trees?: readonly AutoTree[];
  /** Where the model comes from: corpora, commit, script, regularisation. Informational only. */
  readonly provenance?: Readonly<Record<string, unknown>>;
}

/** What `auto` knows about each segment when it decides, the inputs of {@link segmentFeatures}. */
export interface SegmentEvidence {
  readonly segments: SegmentTable;
  /** Weighted vote per segment (after comment and form zeroing). */
  readonly vote: Float64Array;
  /** Each member's selected share per segment, by member id; `null` for a member that abstained. */
  readonly shares: ReadonlyMap<string, Float64Array | null>;
  /** Markup member per segment: 1 inside the markup body, −1 outside it, 0 when the page names none. */
  readonly markup: Int8Array;
  readonly inRegion: Uint8Array;
  readonly ruleKept: Uint8Array;
  readonly furniture: Uint8Array;
  readonly comment: Uint8Array;
  readonly form: Uint8Array;
}

/** Segments on each side whose vote makes a segment's neighbourhood vote. */
const NEIGHBOURS = 3;
/** Gap given to every segment of a page where the rules kept nothing (farther than any real gap). */
const MAX_GAP_CHARS = 1e6;
/** Heading level by tag (1 for h1 … 6 for h6). */
const HEADING_LEVEL: Readonly<Record<string, number>> = Object.freeze({ h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 });
/** Elements of a picture and its caption and credit. */
const FIGURE_TAGS: ReadonlySet<string> = new Set(['figure', 'figcaption', 'picture']);
const CELL_TAGS: ReadonlySet<string> = new Set(['td', 'th']);
const MEMBER_FEATURES: readonly string[] = ['correlated', 'segmentation', 'text-blocks', 'density', 'line-blocks'];

/**
 * Character-weighted mean vote of the `NEIGHBOURS` segments on each side (the segment itself left
 * out): a paragraph among voted paragraphs is likelier content than the same paragraph among menus.
 */
function neighbourVotes(segments: SegmentTable, vote: Float64Array): Float64Array {
  const out = new Float64Array(segments.length);
  for (let k = 0; k < segments.length; k++) {
    let sum = 0;
    let mass = 0;
    for (let j = Math.max(0, k - NEIGHBOURS); j <= Math.min(segments.length - 1, k + NEIGHBOURS); j++) {
      if (j === k) continue;
      sum += vote[j] * segments.chars[j];
      mass += segments.chars[j];
    }
    out[k] = mass > 0 ? sum / mass : 0;
  }
  return out;
}

/**
 * Where each segment lies against the rules' kept text: side (−1 before the first kept segment, 0
 * between the first and the last, 1 after the last; 0 for the kept themselves and when none is kept)
 * and gap (log of 1 + the characters between it and the nearest kept segment).
 */
function keptPlacement(segments: SegmentTable, kept: Uint8Array): { side: Int8Array; gap: Float64Array } {
  const n = segments.length;
  const side = new Int8Array(n);
  const gap = new Float64Array(n);
  const before = new Float64Array(n).fill(Infinity); // characters back to the previous kept segment
  const after = new Float64Array(n).fill(Infinity);
  for (let k = 0, run = Infinity; k < n; k++) {
    before[k] = kept[k] ? 0 : run;
    run = kept[k] ? 0 : run + segments.chars[k];
  }
  for (let k = n - 1, run = Infinity; k >= 0; k--) {
    after[k] = kept[k] ? 0 : run;
    run = kept[k] ? 0 : run + segments.chars[k];
  }
  const none = !kept.includes(1);
  for (let k = 0; k < n; k++) {
    side[k] = none || kept[k] ? 0 : before[k] === Infinity ? -1 : after[k] === Infinity ? 1 : 0;
    const g = Math.min(before[k], after[k]);
    gap[k] = Number.isFinite(g) ? Math.log1p(g) : Math.log1p(MAX_GAP_CHARS);
  }
  return { side, gap };
}

/**
 * The feature rows of a page's segments, in {@link SEGMENT_FEATURES} order. A member that abstained
 * is given the weighted vote (it adds no evidence either way).
 * @category Extraction
 */
export function segmentFeatures(doc: AnalyzedDocument, e: SegmentEvidence): number[][] {
  const { segments, vote } = e;
  const neighbour = neighbourVotes(segments, vote);
  let chars = 0;
  let keptChars = 0;
  for (let k = 0; k < segments.length; k++) {
    chars += segments.chars[k];
    keptChars += e.ruleKept[k] ? segments.chars[k] : 0;
  }
  const total = chars || 1;
  const { tagOf, parent, size } = doc.index;
  const inFigure = new Uint8Array(size);
  for (let i = 0; i < size; i++) inFigure[i] = FIGURE_TAGS.has(tagOf(i)) || (parent[i] >= 0 && inFigure[parent[i]] === 1) ? 1 : 0;
  const { side, gap } = keptPlacement(segments, e.ruleKept);
  const keptShare = keptChars / total;
  let before = 0;
  const rows = new Array<number[]>(segments.length);
  for (let k = 0; k < segments.length; k++) {
    const position = (before + segments.chars[k] / 2) / total;
    before += segments.chars[k];
    const t = tagOf(segments.node[k]);
    rows[k] = [
      vote[k],
      ...MEMBER_FEATURES.map((id) => e.shares.get(id)?.[k] ?? vote[k]),
      e.markup[k], neighbour[k], Math.log1p(segments.chars[k]), linkDensity(segments, k), position, e.inRegion[k], e.ruleKept[k],
      HEADING_LEVEL[t] ?? 0, t === 'li' ? 1 : 0, CELL_TAGS.has(t) ? 1 : 0, PARAGRAPH_TAGS.has(t) ? 1 : 0,
      e.furniture[k], e.comment[k], e.form[k], side[k], gap[k], keptShare, inFigure[segments.anchor[k]],
    ];
  }
  return rows;
}

const isNumbers = (a: unknown, n?: number): boolean => Array.isArray(a) && (n === undefined || a.length === n) && a.every(Number.isFinite);

/** Whether every node of a flat tree has valid links and a known feature. */
function isTree(t: AutoTree, features: number): boolean {
  const n = t.feature?.length;
  if (!n || ![t.feature, t.cut, t.left, t.right, t.value].every((a) => isNumbers(a, n))) return false;
  // children come after their parent (trees are written depth-first), so a walk always ends
  return t.feature.every((f, k) => f === -1 || (f >= 0 && f < features && t.left[k] > k && t.left[k] < n && t.right[k] > k && t.right[k] < n));
}

/**
 * Throws unless `model` is a usable {@link AutoModel} for the current feature set.
 * @throws MatnError `invalid-argument`
 * @category Extraction
 */
export function checkModel(model: AutoModel): void {
  const n = SEGMENT_FEATURES.length;
  const sameFeatures = Array.isArray(model.features) && model.features.length === n && model.features.every((f, i) => f === SEGMENT_FEATURES[i]);
  const linear = model.weights === undefined || [model.mean, model.scale, model.weights].every((a) => isNumbers(a, n));
  const trees = model.trees === undefined || (Array.isArray(model.trees) && model.trees.every((t) => isTree(t, n)));
  if (!sameFeatures || !linear || !trees || !Number.isFinite(model.bias) || !Number.isFinite(model.threshold)) {
    throw new MatnError('invalid-argument', `extractAuto: model must name the features [${SEGMENT_FEATURES.join(', ')}] and have a finite bias and threshold, `
      + 'optional weights with as many finite mean and scale, and optional well-formed trees');
  }
}

/**
 * Probability that a feature row is main content under `model`.
 * @category Extraction
 */
export function keepProbability(model: AutoModel, row: readonly number[]): number {
  let z = model.bias;
  const { weights, mean, scale } = model;
  if (weights && mean && scale) for (let i = 0; i < row.length; i++) z += weights[i] * ((row[i] - mean[i]) / (scale[i] || 1));
  for (const t of model.trees ?? []) {
    let k = 0;
    while (t.feature[k] >= 0) k = row[t.feature[k]] <= t.cut[k] ? t.left[k] : t.right[k];
    z += t.value[k];
  }
  return 1 / (1 + Math.exp(-z));
}
