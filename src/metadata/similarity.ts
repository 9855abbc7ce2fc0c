const PUNCTUATION_RE = /[\p{P}\p{S}]+/gu;
const WHITESPACE_RE = /\s+/g;

/**
 * Lower-cases, folds whitespace and drops punctuation so that two spellings of a title compare equal.
 * @category Metadata
 */
export function normalizeForComparison(text: string): string {
  return text.toLowerCase().replace(PUNCTUATION_RE, ' ').replace(WHITESPACE_RE, ' ').trim();
}

function bigrams(text: string): Map<string, number> {
  const chars = Array.from(text.replace(WHITESPACE_RE, ''));
  const out = new Map<string, number>();
  for (let i = 0; i + 1 < chars.length; i++) {
    const key = chars[i] + chars[i + 1];
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  if (chars.length === 1) out.set(chars[0], 1);
  return out;
}

/**
 * Dice coefficient of character bigrams (whitespace ignored): 1 for equal texts, 0 for nothing in
 * common. Works the same for every script (no word segmentation needed).
 * @category Metadata
 */
export function textSimilarity(a: string, b: string): number {
  const x = bigrams(normalizeForComparison(a));
  const y = bigrams(normalizeForComparison(b));
  let total = 0;
  let shared = 0;
  for (const n of x.values()) total += n;
  for (const [k, n] of y) {
    total += n;
    shared += Math.min(n, x.get(k) ?? 0);
  }
  return total === 0 ? 0 : (2 * shared) / total;
}
