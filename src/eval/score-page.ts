/**
 * Scores of one page: the per-page part of score.py's `score()` loop, kept so that the corpus
 * figures can be aggregated from them and the worst pages shown.
 * @module
 */
import {
  characterOverlap, charF1, charGrams, f1, matchPosts, overlap, precisionOf, recallOf, wordShingles, type Triple,
} from './metrics.js';
import { charsetFamily } from './charset-families.js';
import { sequenceRatio } from './sequence-matcher.js';
import { normText, pyCollapseSpace, pyDay, pyStrip } from './python-text.js';
import type { PostRecord, PredictionRecord, QuoteRecord, TruthRecord } from './types.js';


/** Body scores of one page (present when the truth has a body). @category Evaluation */
export interface BodyScore {
  /** Word 4-gram shingle counts [tp, fp, fn]. */
  readonly shingles: Triple;
  /** Character 3-gram counts [tp, fp, fn] (whitespace removed, lower-cased). */
  readonly charGrams: Triple;
  /** Character counts [tp, fp, fn] of the paper's COM (seed 003 §4.1). */
  readonly chars: Triple;
  /** Char recall ≥ 0.98 and noise (surplus 3-grams / true 3-grams) ≤ 5% (seed 001 §2.1). */
  readonly qualified: boolean;
  /** The same with noise ≤ 2%. */
  readonly excellent: boolean;
}

/** Post or comment matching of one page. @category Evaluation */
export interface PostScore {
  readonly matched: number;
  readonly predicted: number;
  readonly truth: number;
  /** Matched posts whose normalized author equals the truth's (non-empty) author. */
  readonly authorHits: number;
  /** Matched posts whose truth has a date, and how many of them have the same day. */
  readonly dated: number;
  readonly dateHits: number;
  /** Sum of the char 3-gram F1 of each matched pair's texts (score.py's `text_f1` list, summed). */
  readonly textF1Sum: number;
  /** Quotations in the true posts and in the predicted posts (score.py counts every list item). */
  readonly quotesTruth: number;
  readonly quotesPredicted: number;
  /** Quotations matched (char F1 ≥ 0.8) within matched posts. */
  readonly quotesMatched: number;
  /** Matched quotations whose truth names an author, and how many of them name the same one. */
  readonly quotesAuthored: number;
  readonly quoteAuthorHits: number;
}

/**
 * Everything scored on one page; a field is absent when the truth has nothing to compare with.
 * @category Evaluation
 */
export interface PageScore {
  readonly id: string;
  readonly error: boolean;
  readonly body?: BodyScore;
  /** With/without snippet counts: [with found, without found, with missed, without absent]. */
  readonly ww?: readonly [number, number, number, number];
  readonly title?: { readonly exact: boolean; readonly sim: boolean };
  readonly author?: boolean;
  readonly date?: boolean;
  readonly posts?: PostScore;
  readonly comments?: PostScore;
  readonly encoding?: boolean;
  /** Same primary language subtag as the truth's `lang`. */
  readonly lang?: boolean;
}

/** Python truthiness of a JSON value. */
export function isTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value !== null && typeof value === 'object') return Object.keys(value).length > 0;
  return Boolean(value);
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function asList<T>(value: unknown): readonly T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

function scoreBody(truth: string, body: string): BodyScore {
  const grams = overlap(charGrams(truth), charGrams(body));
  const [tp, fp, fn] = grams;
  const trueLen = tp + fn;
  const recall = trueLen ? tp / trueLen : 1;
  const noise = trueLen ? fp / trueLen : 0;
  return {
    shingles: overlap(wordShingles(truth), wordShingles(body)),
    charGrams: grams,
    chars: characterOverlap(body, truth),
    qualified: recall >= 0.98 && noise <= 0.05,
    excellent: recall >= 0.98 && noise <= 0.02,
  };
}

function scoreWithWithout(truth: TruthRecord, body: string): [number, number, number, number] {
  const text = pyStrip(pyCollapseSpace(body, ' '));
  const has = (w: string): boolean => text.includes(pyStrip(pyCollapseSpace(w, ' ')));
  const withList = asList<string>(truth.with);
  const withoutList = asList<string>(truth.without);
  const tp = withList.filter(has).length;
  const fp = withoutList.filter(has).length;
  return [tp, fp, withList.length - tp, withoutList.length - fp];
}

/** score.py's `isinstance(x, dict)`: a JSON object. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** score.py's `len(x.get("quotes") or [])` summed over posts (every list item counts, objects or not). */
function countQuotes(posts: readonly PostRecord[]): number {
  return posts.reduce((n, p) => n + asList<unknown>(p.quotes).length, 0);
}

/** Quotation matching inside one matched pair: [matched, matched with a true author, same author]. */
function scoreQuotes(truth: PostRecord, pred: PostRecord): [number, number, number] {
  const tq = asList<unknown>(truth.quotes).filter(isRecord) as QuoteRecord[];
  const pq = asList<unknown>(pred.quotes).filter(isRecord) as QuoteRecord[];
  let authored = 0;
  let hits = 0;
  const pairs = matchPosts(tq, pq);
  for (const [qt, qp] of pairs) {
    if (!isTruthy(qt.author)) continue;
    authored++;
    if (normText(asText(qt.author)) === normText(asText(qp?.author))) hits++;
  }
  return [pairs.length, authored, hits];
}

/** score.py's `Records.add` for one page: post matching, then authors, dates, texts and quotations of the pairs. */
function scorePosts(truthPosts: readonly PostRecord[], predList: readonly unknown[]): PostScore {
  const predPosts = predList.filter(isRecord) as PostRecord[];
  const pairs = matchPosts(truthPosts, predPosts);
  let authorHits = 0;
  let dated = 0;
  let dateHits = 0;
  let textF1Sum = 0;
  let quotesMatched = 0;
  let quotesAuthored = 0;
  let quoteAuthorHits = 0;
  for (const [t, p] of pairs) {
    const ta = normText(t.author);
    if (ta !== '' && ta === normText(p?.author)) authorHits++;
    const td = pyDay(t.date);
    if (td !== null) {
      dated++;
      if (td === pyDay(p?.date)) dateHits++;
    }
    textF1Sum += charF1(t.text ?? '', p?.text ?? '');
    const [m, a, h] = scoreQuotes(t, p ?? {});
    quotesMatched += m;
    quotesAuthored += a;
    quoteAuthorHits += h;
  }
  return {
    matched: pairs.length, predicted: predPosts.length, truth: truthPosts.length, authorHits, dated, dateHits, textF1Sum,
    quotesTruth: countQuotes(truthPosts), quotesPredicted: countQuotes(predPosts), quotesMatched, quotesAuthored, quoteAuthorHits,
  };
}

/** score.py's `lang_tag`: the primary subtag, lower-cased (`zh_Hans-CN` → `zh`). */
export function langTag(value: unknown): string {
  const s = value === null || value === undefined || value === '' || value === false || value === 0 ? '' : String(value);
  return pyStrip(s).toLowerCase().replace(/_/g, '-').split('-')[0] ?? '';
}

function isAuthorMatch(truth: string, pred: string): boolean {
  const a = normText(truth);
  const b = normText(pred);
  return b !== '' && (a === b || (Array.from(b).length >= 2 && (a.includes(b) || b.includes(a))));
}

/**
 * Scores one page's prediction against its truth exactly as score.py does.
 * `pred` may be undefined (no prediction line: an empty prediction).
 * @category Evaluation
 */
export function scorePage(truth: TruthRecord, pred: PredictionRecord | undefined): PageScore {
  const p: Partial<PredictionRecord> = pred ?? {};
  const body = asText(p.body);
  const score: { -readonly [K in keyof PageScore]: PageScore[K] } = { id: String(truth.id), error: isTruthy(p.error) };
  if (isTruthy(truth.body)) score.body = scoreBody(asText(truth.body), body);
  if (isTruthy(truth.with) || isTruthy(truth.without)) score.ww = scoreWithWithout(truth, body);
  if (isTruthy(truth.title)) {
    const a = normText(asText(truth.title));
    const b = normText(asText(p.title));
    score.title = { exact: a === b, sim: b !== '' && sequenceRatio(a, b) >= 0.9 };
  }
  if (isTruthy(truth.date) && pyDay(truth.date) !== null) score.date = pyDay(truth.date) === pyDay(p.date);
  if (isTruthy(truth.author)) score.author = isAuthorMatch(asText(truth.author), asText(p.author));
  if (isTruthy(truth.posts)) score.posts = scorePosts(asList<PostRecord>(truth.posts), asList<unknown>(p.posts));
  if (isTruthy(truth.comments)) score.comments = scorePosts(asList<PostRecord>(truth.comments), asList<unknown>(p.comments));
  if (isTruthy(truth.lang)) score.lang = langTag(truth.lang) === langTag(p.lang);
  if (isTruthy(truth.encoding)) score.encoding = charsetFamily(asText(truth.encoding)) === charsetFamily(asText(p.encoding));
  return score;
}

/** Per-page P/R/F of a count triple (score.py's `prec`/`rec`). @category Evaluation */
export function pageF1(t: Triple): number {
  return f1(precisionOf(t), recallOf(t));
}
