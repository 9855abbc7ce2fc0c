/**
 * A run of punctuation, symbols and whitespace: one space in the comparison form. (Punctuation turned
 * into a space, then every whitespace run into one space, gives the same: no character is both.)
 */
const SEPARATOR_RUN_RE = /[\p{P}\p{S}\s]+/gu;
const WHITESPACE_RE = /\s+/g;

/**
 * Lower-cases, folds whitespace and drops punctuation so that two spellings of a title compare equal.
 * @category Metadata
 */
export function normalizeForComparison(text: string): string {
  return text.toLowerCase().replace(SEPARATOR_RUN_RE, ' ').trim();
}

/**
 * Counts of the code-point bigrams of `text` without whitespace (a text of one code point counts that
 * code point). Keys are numbers: `first * 0x110000 + second` for a bigram, `-1 - cp` for the single code
 * point, so no string is built per bigram; two bigrams have the same key exactly when they are the same
 * two code points.
 */
function bigrams(text: string): Map<number, number> {
  const t = text.replace(WHITESPACE_RE, '');
  const out = new Map<number, number>();
  if (t === '') return out;
  let previous = t.codePointAt(0) as number;
  let i = previous > 0xffff ? 2 : 1;
  if (i >= t.length) {
    out.set(-1 - previous, 1);
    return out;
  }
  while (i < t.length) {
    const cp = t.codePointAt(i) as number;
    const key = previous * 0x110000 + cp;
    out.set(key, (out.get(key) ?? 0) + 1);
    previous = cp;
    i += cp > 0xffff ? 2 : 1;
  }
  return out;
}

/**
 * A text prepared for {@link textSimilarity}: its comparison form and that form's bigram counts,
 * built once when one text is compared with many (a heading with every run of the `<title>`).
 * @category Metadata
 */
export interface ComparableText {
  /** {@link normalizeForComparison} of the text. */
  readonly normalized: string;
  readonly bigrams: ReadonlyMap<number, number>;
}

/** The {@link ComparableText} of `text`. @category Metadata */
export function comparable(text: string): ComparableText {
  const normalized = normalizeForComparison(text);
  return { normalized, bigrams: bigrams(normalized) };
}

/** {@link textSimilarity} of two prepared texts. @category Metadata */
export function comparableSimilarity(a: ComparableText, b: ComparableText): number {
  const x = a.bigrams;
  let total = 0;
  let shared = 0;
  // forEach, not for…of over entries: no [key, count] array per bigram (a heading meets every title run)
  x.forEach((n) => {
    total += n;
  });
  b.bigrams.forEach((n, k) => {
    total += n;
    shared += Math.min(n, x.get(k) ?? 0);
  });
  return total === 0 ? 0 : (2 * shared) / total;
}

/**
 * Dice coefficient of character bigrams (whitespace ignored): 1 for equal texts, 0 for nothing in
 * common. Works the same for every script (no word segmentation needed).
 * @category Metadata
 */
export function textSimilarity(a: string, b: string): number {
  return comparableSimilarity(comparable(a), comparable(b));
}
