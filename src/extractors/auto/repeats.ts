/**
 * Blocks printed twice: consecutive sibling elements with the same text, each several segments long.
 * A template that renders one block in two variants one after the other (a paywalled teaser for
 * subscribers and for visitors, a tab's two states, a table's header repeated as its footer) shows a
 * reader one of them (a stylesheet hides the other) or the same lines twice; the page text holds both.
 * A body never needs the second copy. A single paragraph repeated is left alone: authors repeat a
 * line or a refrain on purpose, and the golds keep such repeats (measured in commit 7fa203a).
 * @module
 */
import { NodeKind, type AnalyzedDocument } from '../../analysis/types.js';
import { firstText, isSpace, textAt, textCount, type SegmentTable } from './segments.js';
import { markedOf } from './index-lists.js';

/**
 * A run of consecutive copies of one block: per copy, its segments (indexes) in order; the copies'
 * segments align one to one (the i-th segment of every copy has the same text).
 */
export type RepeatedRun = readonly (readonly number[])[];

/** The code units `isSpace` (segments.ts) counts as whitespace: score.py's and the analysis's. */
const SPACE_RUNS = /[\u0000-\u0020\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/gu;

/**
 * `text` without whitespace (score.py's and the analysis's whitespace, see `isSpace`). One native
 * replace: adding the kept characters one by one to a string allocated a string per character.
 */
export function squash(text: string): string {
  return text.replace(SPACE_RUNS, '');
}

/** True when the page text between two offsets holds no visible character. */
function isBlankBetween(doc: AnalyzedDocument, from: number, to: number): boolean {
  for (let c = from; c < to; c++) if (!isSpace(doc.text.charCodeAt(c))) return false;
  return true;
}

/** Index of the first segment whose first text node is at or after node id `node` (segments are in source order). */
function firstSegmentFrom(segments: SegmentTable, node: number): number {
  let lo = 0;
  let hi = segments.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (firstText(segments, mid) < node) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The segments that lie wholly inside element `node`, or null when some of its text belongs to a
 * segment that reaches outside it (the element is part of a paragraph, not a block of its own).
 */
function segmentsInside(doc: AnalyzedDocument, segments: SegmentTable, node: number): number[] | null {
  const end = doc.index.subtreeEnd[node];
  const from = firstSegmentFrom(segments, node);
  let to = from;
  let chars = 0;
  for (; to < segments.length && firstText(segments, to) < end; to++) {
    const anchor = segments.anchor[to];
    if (anchor < node || anchor >= end) return null;
    chars += segments.chars[to];
  }
  if (chars !== doc.stats.textChars[node]) return null;
  // the indexes listed once they are known to be the element's, at their count (this runs for every pair of
  // like siblings, and a list grown by push keeps 16 or more spare slots)
  const out = new Array<number>(to - from);
  for (let k = from; k < to; k++) out[k - from] = k;
  return out;
}

/** True when two segment lists have the same length and the same text (`text`) segment by segment. */
function alignsWith(segments: SegmentTable, a: readonly number[], b: readonly number[], text: (k: number) => string): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (segments.chars[a[i]] !== segments.chars[b[i]] || text(a[i]) !== text(b[i])) return false;
  }
  return true;
}

/**
 * The runs of a block printed twice or more: consecutive sibling elements (elements without text
 * between them are skipped, visible text between them ends the run) whose text is the same, whitespace
 * aside, each made of at least `minSegments` segments that align one to one. Outer runs come first.
 */
export function findRepeatedRuns(doc: AnalyzedDocument, segments: SegmentTable, minSegments: number): RepeatedRun[] {
  const { size, kind, subtreeEnd } = doc.index;
  const { textChars, textStart, textEnd } = doc.stats;
  const runs: RepeatedRun[] = [];
  const segmentTexts = new Map<number, string>();
  const segmentText = (k: number): string => {
    let text = segmentTexts.get(k);
    if (text === undefined) {
      text = '';
      for (let n = 0; n < textCount(segments, k); n++) {
        const t = textAt(segments, k, n);
        text += squash(doc.text.slice(textStart[t], textEnd[t]));
      }
      segmentTexts.set(k, text);
    }
    return text;
  };
  // one open run for the whole walk, kept as a run only when it has two copies (no run and no closure per element)
  let run: number[][] = [];
  const close = () => {
    if (run.length > 1) {
      runs.push(run);
      run = [];
    } else run.length = 0;
  };
  for (let p = 0; p < size; p++) {
    if (kind[p] !== NodeKind.Element || textChars[p] === 0) continue;
    let last = -1;
    // the squashed text of `last`, when it was read (a child is only ever compared with the one before it:
    // no text is kept per node)
    let lastText: string | null = null;
    // the children walked in place (no list of them per element: most elements have no repeated child)
    for (let c = p + 1; c < subtreeEnd[p]; c = subtreeEnd[c]) {
      if (kind[c] !== NodeKind.Element) continue;
      if (textChars[c] === 0) continue; // an empty element (an ad slot) between two copies does not part them
      // cheap tests first: the same amount of text and nothing visible between, then the text itself
      // and, before a run is open, enough segments in `last` to start one (no text read for the pairs of
      // like one-line paragraphs a page of short paragraphs is made of; a segment needs a text node of its own,
      // so an element with fewer nodes below it than `minSegments` is passed over without a search)
      let text: string | null = null;
      if (last >= 0 && textChars[c] === textChars[last] && isBlankBetween(doc, textEnd[last], textStart[c])
        && (run.length > 0 || (subtreeEnd[last] - last - 1 >= minSegments
          && firstSegmentFrom(segments, subtreeEnd[last]) - firstSegmentFrom(segments, last) >= minSegments))) {
        text = squash(doc.textOf(c));
        lastText ??= squash(doc.textOf(last));
      }
      if (text !== null && text === lastText) {
        if (run.length === 0) {
          const first = segmentsInside(doc, segments, last);
          if (first !== null && first.length >= minSegments) run = [first];
        }
        const copy = run.length > 0 ? segmentsInside(doc, segments, c) : null;
        if (copy !== null && alignsWith(segments, run[0], copy, segmentText)) {
          run.push(copy);
          last = c;
          lastText = text;
          continue;
        }
      }
      close();
      last = c;
      lastText = text;
    }
    close();
  }
  return runs;
}

/**
 * `kept` (segment indexes, in order) with every later copy of a repeated block's segment left out when
 * an earlier copy of that segment is kept: one copy of each line of a block printed twice.
 */
export function keepOneCopy(kept: Int32Array, runs: readonly RepeatedRun[], segmentCount: number): Int32Array {
  const isKept = new Uint8Array(segmentCount);
  for (let i = 0; i < kept.length; i++) isKept[kept[i]] = 1;
  for (const run of runs) {
    for (let i = 0; i < run[0].length; i++) {
      let seen = false;
      for (const copy of run) {
        if (isKept[copy[i]] === 0) continue;
        if (seen) isKept[copy[i]] = 0;
        seen = true;
      }
    }
  }
  return markedOf(kept, isKept);
}
