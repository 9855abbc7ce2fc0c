/**
 * Where the Ctext lines (`lines.ts`) lie in the page's visible text ({@link AnalyzedDocument.text}).
 *
 * Ctext strips the markup from the source string; the visible text is built from the parse tree. Both
 * keep the source order, and both know source offsets: a line its source range, a text node its own
 * (`CompactTree.textSourceStart`/`textSourceEnd`; in preorder they never decrease). Lines and text nodes
 * are walked together, both in source order: each line takes the text ranges of the text nodes that
 * overlap it. A text node that a line starts or ends inside (a text that runs over several source
 * lines) is split where the line boundary falls: its source and its visible text hold the same
 * non-whitespace characters in the same order (a character reference counts as the one character it
 * stands for, or as whitespace: `&nbsp;`), so counting them finds the offset. Where the two readings of
 * the markup disagree (broken markup Ctext strips as a tag and the parser keeps as text, a named reference
 * to more than one character) a boundary inside a text node can be off by those characters. Nothing is searched for: a line is mapped where it
 * stands, even when its text repeats elsewhere.
 * @module
 */
import { NodeKind, type AnalyzedDocument } from './types.js';
import { pushSpan } from './spans.js';
import { isWhitespaceCode } from './text.js';

/** Source range of a line: `[sourceStart, sourceEnd)` offsets in the normalized HTML. */
export interface SourceRange {
  readonly sourceStart: number;
  readonly sourceEnd: number;
}

/**
 * A character reference at the start of the match: numeric (its `;` optional, as the parser reads it),
 * named with its `;`, or the legacy `&nbsp` without one.
 */
const REFERENCE_AT = /&(?:#[xX]([0-9A-Fa-f]{1,6});?|#([0-9]{1,7});?|([A-Za-z][A-Za-z0-9]{1,30});|(nbsp))/y;

/** Named references that stand for whitespace: they add no character to the visible text. */
const WHITESPACE_NAMES: ReadonlySet<string> = new Set([
  'nbsp', 'NonBreakingSpace', 'ensp', 'emsp', 'emsp13', 'emsp14', 'numsp', 'puncsp', 'thinsp', 'ThinSpace', 'hairsp',
  'VeryThinSpace', 'MediumSpace', 'ThickSpace', 'Tab', 'NewLine',
]);

/**
 * Reads the reference at `html[at]` (a `&`): where it ends and whether it stands for whitespace; a `&`
 * that starts no reference is one character.
 */
function readReference(html: string, at: number, out: { end: number; space: boolean }): void {
  REFERENCE_AT.lastIndex = at;
  const m = REFERENCE_AT.exec(html);
  if (m === null) {
    out.end = at + 1;
    out.space = false;
    return;
  }
  out.end = REFERENCE_AT.lastIndex;
  if (m[1] !== undefined || m[2] !== undefined) out.space = isWhitespaceCode(m[1] !== undefined ? parseInt(m[1], 16) : Number(m[2]));
  else out.space = m[4] !== undefined || WHITESPACE_NAMES.has(m[3]);
}

/**
 * Walks one text node's source and visible text side by side, forward only (line boundaries come in
 * source order), so a node that spans many lines is scanned once in all.
 */
class NodeCursor {
  private node = -1;
  private source = 0;
  private text = 0;
  private readonly reference = { end: 0, space: false };

  constructor(private readonly doc: AnalyzedDocument) {}

  /** Offset in the visible text that source offset `at` (inside text node `id`, whose source starts at `sourceStart`) maps to. */
  textOffsetAt(id: number, sourceStart: number, at: number): number {
    const { html } = this.doc.source;
    const text = this.doc.text;
    if (this.node !== id || at < this.source) {
      this.node = id;
      this.source = sourceStart;
      this.text = this.doc.stats.textStart[id];
    }
    const textEnd = this.doc.stats.textEnd[id];
    let s = this.source;
    let t = this.text;
    while (s < at) {
      const c = html.charCodeAt(s);
      if (isWhitespaceCode(c)) {
        s++;
        continue;
      }
      if (c === 0x26 /* & */) {
        readReference(html, s, this.reference);
        s = this.reference.end;
        if (this.reference.space) continue; // `&nbsp;` is whitespace in the visible text: no character to pass
      } else s++;
      // the same character in the visible text: past the whitespace before it, then past it
      while (t < textEnd && isWhitespaceCode(text.charCodeAt(t))) t++;
      if (t < textEnd) t++;
    }
    this.source = s;
    this.text = t;
    return t;
  }
}

/**
 * Calls `emit(k, from, to)` with each range of {@link AnalyzedDocument.text} that line `k` covers (the lines
 * `0 … count − 1`, source range `[startOf(k), endOf(k))`, in source order and not overlapping), line by line
 * and in text order within a line; ranges are not merged. Nothing when the tree carries no source offsets.
 */
function forEachLineRange(
  doc: AnalyzedDocument, count: number, startOf: (k: number) => number, endOf: (k: number) => number, emit: (k: number, from: number, to: number) => void,
): void {
  const { kind, excluded, size, tree } = doc.index;
  let lastText = size - 1;
  while (lastText > 0 && kind[lastText] !== NodeKind.Text) lastText--;
  if (lastText <= 0 || tree.textSourceStart(lastText) < 0) return;
  const { textStart, textEnd } = doc.stats;
  const cursor = new NodeCursor(doc);
  /** The first text node that may overlap the line: the ones before it end before the line (and before every later line). */
  let first = 1;
  for (let k = 0; k < count; k++) {
    const a = startOf(k);
    const b = endOf(k);
    while (first < size && (kind[first] !== NodeKind.Text || Math.max(tree.textSourceEnd(first), tree.textSourceStart(first)) + 1 <= a)) first++;
    for (let id = first; id < size; id++) {
      if (kind[id] !== NodeKind.Text) continue;
      const start = tree.textSourceStart(id);
      if (start >= b) break;
      if (excluded[id] === 1 || textEnd[id] <= textStart[id]) continue;
      const end = Math.max(tree.textSourceEnd(id), start) + 1;
      if (end <= a) continue;
      const from = start >= a ? textStart[id] : cursor.textOffsetAt(id, start, a);
      const to = end <= b ? textEnd[id] : cursor.textOffsetAt(id, start, b);
      emit(k, from, to);
    }
  }
}

/**
 * The ranges of {@link AnalyzedDocument.text} each line covers (one list per line, in the order of
 * `lines`, which must be in source order and must not overlap). Empty lists when the tree carries no
 * source offsets (a tree parsed without them).
 * @category Analysis
 */
export function mapLinesToText(doc: AnalyzedDocument, lines: readonly SourceRange[]): number[][] {
  const out: number[][] = lines.map(() => []);
  forEachLineRange(doc, lines.length, (k) => lines[k].sourceStart, (k) => lines[k].sourceEnd, (k, from, to) => pushSpan(out[k], from, to));
  return out;
}

/**
 * The ranges of {@link mapLinesToText} for the lines `0 … count − 1` (source range `[startOf(k), endOf(k))`),
 * as one flat list: each line's list in turn, merged within a line as there and never across lines. One
 * typed array and no object per line: `line-blocks` keeps a line per `<br>` of a page of short lines.
 * @category Analysis
 */
export function flatLineSpans(doc: AnalyzedDocument, count: number, startOf: (k: number) => number, endOf: (k: number) => number): Int32Array {
  // two walks: the first counts the ranges, the second writes them into a list of that length (grown by
  // doubling, the list of a line of 50,000 links passed through 1.5 MB of copies to keep 0.4 MB)
  let out: Int32Array | null = null;
  for (let walk = 0; walk < 2; walk++) {
    let n = 0;
    let line = -1;
    let lineFrom = 0; // where line `line`'s ranges begin
    let last = -1; // the end of the last range
    forEachLineRange(doc, count, startOf, endOf, (k, from, to) => {
      if (to <= from) return;
      if (k !== line) {
        line = k;
        lineFrom = n;
      }
      if (n > lineFrom && last >= from) {
        if (to > last) last = to;
      } else {
        if (out !== null) out[n] = from;
        n += 2;
        last = to;
      }
      if (out !== null) out[n - 1] = last;
    });
    out ??= new Int32Array(n);
  }
  return out!;
}
