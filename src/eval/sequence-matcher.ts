/**
 * A port of Python's `difflib.SequenceMatcher(None, a, b).ratio()` (CPython 3.11), used by
 * score.py for `title.sim`. Sequences are strings taken as code points, as in Python.
 * The "autojunk" heuristic is kept: when `b` has 200 or more elements, every element occurring
 * more than `len(b) // 100 + 1` times is "popular" and cannot start a match (it can still extend one).
 * @module
 */

/** A matching block `a[i:i+size] == b[j:j+size]`. */
interface Match {
  readonly i: number;
  readonly j: number;
  readonly size: number;
}

/** `b2j` of difflib: for every non-popular element of `b`, its indices in increasing order. */
function chainB(b: readonly string[]): Map<string, number[]> {
  const b2j = new Map<string, number[]>();
  b.forEach((elt, i) => {
    const list = b2j.get(elt);
    if (list) list.push(i);
    else b2j.set(elt, [i]);
  });
  if (b.length >= 200) {
    const ntest = Math.floor(b.length / 100) + 1;
    for (const [elt, idxs] of [...b2j]) if (idxs.length > ntest) b2j.delete(elt);
  }
  return b2j;
}

/** `find_longest_match(alo, ahi, blo, bhi)` with no junk function (so `bjunk` is empty). */
function findLongestMatch(a: readonly string[], b: readonly string[], b2j: ReadonlyMap<string, number[]>, alo: number, ahi: number, blo: number, bhi: number): Match {
  let besti = alo;
  let bestj = blo;
  let bestsize = 0;
  let j2len = new Map<number, number>();
  for (let i = alo; i < ahi; i++) {
    const next = new Map<number, number>();
    for (const j of b2j.get(a[i]!) ?? []) {
      if (j < blo) continue;
      if (j >= bhi) break;
      const k = (j2len.get(j - 1) ?? 0) + 1;
      next.set(j, k);
      if (k > bestsize) {
        besti = i - k + 1;
        bestj = j - k + 1;
        bestsize = k;
      }
    }
    j2len = next;
  }
  while (besti > alo && bestj > blo && a[besti - 1] === b[bestj - 1]) {
    besti--;
    bestj--;
    bestsize++;
  }
  while (besti + bestsize < ahi && bestj + bestsize < bhi && a[besti + bestsize] === b[bestj + bestsize]) bestsize++;
  return { i: besti, j: bestj, size: bestsize };
}

/** Total size of difflib's `get_matching_blocks()`. */
function countMatches(a: readonly string[], b: readonly string[]): number {
  const b2j = chainB(b);
  const queue: [number, number, number, number][] = [[0, a.length, 0, b.length]];
  let matches = 0;
  while (queue.length > 0) {
    const [alo, ahi, blo, bhi] = queue.pop()!;
    const { i, j, size } = findLongestMatch(a, b, b2j, alo, ahi, blo, bhi);
    if (size === 0) continue;
    matches += size;
    if (alo < i && blo < j) queue.push([alo, i, blo, j]);
    if (i + size < ahi && j + size < bhi) queue.push([i + size, ahi, j + size, bhi]);
  }
  return matches;
}

/**
 * `difflib.SequenceMatcher(None, a, b).ratio()`: `2 * M / (len(a) + len(b))` where M is the
 * number of matched code points; 1 when both are empty. Not symmetric (autojunk looks at `b`).
 * @example sequenceRatio('abcd', 'bcde') // 0.75
 * @category Evaluation
 */
export function sequenceRatio(a: string, b: string): number {
  const ca = Array.from(a);
  const cb = Array.from(b);
  const total = ca.length + cb.length;
  return total === 0 ? 1 : (2 * countMatches(ca, cb)) / total;
}
