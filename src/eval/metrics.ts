/**
 * The metrics of score.py, ported one definition at a time (same names, same edge cases), plus
 * the character P/R/F of Wang et al. (seed 003, §4.1).
 * @module
 */
import { codePoints, pyCollapseSpace, pyWordTokens } from './python-text.js';
import type { PostRecord } from './types.js';

/** A multiset (Python `Counter`). @category Evaluation */
export type Counts = Map<string, number>;

/** Counts of true positives, false positives and false negatives. @category Evaluation */
export type Triple = readonly [tp: number, fp: number, fn: number];

/** Separator of shingle tokens in a key (never inside a `\w` token). */
const SHINGLE_SEPARATOR = '\u0001';

function countAll(items: Iterable<string>): Counts {
  const counts: Counts = new Map();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

/**
 * score.py's `shingles(text, n)`: word n-grams of Python `\w+` tokens; a text with fewer than
 * `n` tokens gives one shorter shingle of all of them; no tokens gives none.
 * @category Evaluation
 */
export function wordShingles(text: string | null | undefined, n = 4): Counts {
  const toks = pyWordTokens(text ?? '');
  const out: string[] = [];
  const last = Math.max(1, toks.length - n + 1);
  for (let i = 0; i < last; i++) {
    const sh = toks.slice(i, i + n);
    if (sh.length > 0) out.push(sh.join(SHINGLE_SEPARATOR));
  }
  return countAll(out);
}

/** Whitespace (Python `\s`) removed, lower-cased, as code points: the input of the character metrics. */
export function compactChars(text: string | null | undefined): string[] {
  return codePoints(pyCollapseSpace(text ?? '', '').toLowerCase());
}

/**
 * score.py's `char_grams(text, n)`: character n-grams after removing whitespace and lower-casing;
 * a text shorter than `n` is one gram (none when empty).
 * @category Evaluation
 */
export function charGrams(text: string | null | undefined, n = 3): Counts {
  const s = compactChars(text);
  if (s.length < n) return s.length > 0 ? countAll([s.join('')]) : new Map();
  const counts: Counts = new Map();
  for (let i = 0; i + n <= s.length; i++) {
    let gram = s[i]!;
    for (let k = 1; k < n; k++) gram += s[i + k]!;
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

/**
 * score.py's `tp_fp_fn` without the normalization (which divides all three by their sum and so
 * changes no ratio): multiset overlap, surplus and shortfall of `pred` against `truth`.
 * @category Evaluation
 */
export function overlap(truth: Counts, pred: Counts): Triple {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const [k, t] of truth) {
    const p = pred.get(k) ?? 0;
    tp += Math.min(t, p);
    fn += Math.max(0, t - p);
    fp += Math.max(0, p - t);
  }
  for (const [k, p] of pred) if (!truth.has(k)) fp += p;
  return [tp, fp, fn];
}

/** score.py's `prec`: 1 when nothing is wrong, 0 when nothing was predicted right. @category Evaluation */
export function precisionOf([tp, fp, fn]: Triple): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fp === 0) return 0;
  return tp / (tp + fp);
}

/** score.py's `rec`. @category Evaluation */
export function recallOf([tp, fp, fn]: Triple): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fn === 0) return 0;
  return tp / (tp + fn);
}

/** Harmonic mean, 0 when both are 0. @category Evaluation */
export function f1(p: number, r: number): number {
  return p + r > 0 ? (2 * p * r) / (p + r) : 0;
}

/** Arithmetic mean, 0 for an empty list. */
function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((s, v) => s + v, 0) / values.length;
}

/**
 * score.py's `agg`: mean precision over pages that predicted something, mean recall over pages
 * whose truth is not empty, F1 of the two means (the scrapinghub benchmark's aggregation).
 * @category Evaluation
 */
export function aggregate(triples: readonly Triple[]): { p: number; r: number; f: number } {
  const p = mean(triples.filter((t) => t[0] + t[1] > 0).map(precisionOf));
  const r = mean(triples.filter((t) => t[0] + t[2] > 0).map(recallOf));
  return { p, r, f: f1(p, r) };
}

/**
 * score.py's `tp_fp_fn` with its normalization: the three counts divided by their sum. The ratios
 * are the same in exact arithmetic but not always in floating point (0.8 becomes
 * 0.7999999999999999), and `match_posts` compares with 0.8, so {@link charF1} divides as score.py does.
 * @category Evaluation
 */
export function normalizeTriple([tp, fp, fn]: Triple): Triple {
  const s = tp + fp + fn;
  return s > 0 ? [tp / s, fp / s, fn / s] : [tp, fp, fn];
}

/** score.py's `char_f1(a, b)`: F1 of character 3-grams of one text pair. @category Evaluation */
export function charF1(a: string | null | undefined, b: string | null | undefined): number {
  return gramsF1(charGrams(a), charGrams(b));
}

/** {@link charF1} of texts whose 3-grams are counted already. */
function gramsF1(a: Counts, b: Counts): number {
  const t = normalizeTriple(overlap(a, b));
  return f1(precisionOf(t), recallOf(t));
}

/**
 * Character P/R/F of Wang et al. §4.1: P = |COM(c,s)| / |c|, R = |COM(c,s)| / |s|, F = 2PR/(P+R),
 * where c is the extracted text, s the true text, and |COM(c,s)| the number of matched characters,
 * taken here as the size of the multiset intersection of their characters after removing whitespace
 * and lower-casing (the same cleaning as the 3-gram variant). Returns the raw [tp, fp, fn] counts.
 * @see seed 003 (王瑞 et al., 基于正文相关度的维吾尔网页正文提取), §4.1 评价标准
 * @category Evaluation
 */
export function characterOverlap(extracted: string | null | undefined, truth: string | null | undefined): Triple {
  return overlap(charGrams(truth, 1), charGrams(extracted, 1));
}

/**
 * score.py's `match_posts`: each true post, in order, takes the not yet used predicted post with
 * the highest character 3-gram F1 (first on ties) when that F1 is at least 0.8.
 * @category Evaluation
 */
export function matchPosts(truthPosts: readonly PostRecord[], predPosts: readonly (PostRecord | null)[]): [PostRecord, PostRecord | null][] {
  const used = new Set<number>();
  const pairs: [PostRecord, PostRecord | null][] = [];
  // each text's 3-grams counted once, not once per pair (same F1 as charF1 on the texts)
  const predGrams: (Counts | undefined)[] = [];
  for (const t of truthPosts) {
    let best = 0;
    let bestJ = -1;
    let truthGrams: Counts | undefined;
    predPosts.forEach((p, j) => {
      if (used.has(j)) return;
      const f = gramsF1((truthGrams ??= charGrams(t.text ?? '')), (predGrams[j] ??= charGrams(p?.text ?? '')));
      if (f > best) {
        best = f;
        bestJ = j;
      }
    });
    if (bestJ >= 0 && best >= 0.8) {
      used.add(bestJ);
      pairs.push([t, predPosts[bestJ] ?? null]);
    }
  }
  return pairs;
}
