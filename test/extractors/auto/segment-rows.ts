/** Segment tables for tests: fakes built from rows, and the texts of a page's segments. */
import type { AnalyzedDocument } from '../../../src/analysis/types.js';
import { segmentText, type SegmentTable } from '../../../src/extractors/auto/segments.js';

/** One fake segment: its columns, and its text node ids (its anchor alone when not given). */
export interface SegmentRow {
  readonly node: number;
  readonly anchor: number;
  readonly chars: number;
  readonly linkChars: number;
  readonly texts?: readonly number[];
}

/** The table of `rows`, in order. */
export function tableOf(rows: readonly SegmentRow[]): SegmentTable {
  const texts = rows.flatMap((r) => r.texts ?? [r.anchor]);
  const textFrom = new Int32Array(rows.length + 1);
  rows.forEach((r, k) => (textFrom[k + 1] = textFrom[k] + (r.texts?.length ?? 1)));
  return {
    length: rows.length, node: Int32Array.from(rows, (r) => r.node), anchor: Int32Array.from(rows, (r) => r.anchor),
    chars: Int32Array.from(rows, (r) => r.chars), linkChars: Int32Array.from(rows, (r) => r.linkChars),
    // each row's characters on its first text node
    texts: Int32Array.from(texts), textChars: Int32Array.from(rows.flatMap((r) => (r.texts ?? [r.anchor]).map((_, n) => (n === 0 ? r.chars : 0)))), textFrom,
  };
}

/** The text of each of `segments`, in order. */
export function textsOf(doc: AnalyzedDocument, segments: SegmentTable): string[] {
  return Array.from({ length: segments.length }, (_, k) => segmentText(doc, segments, k));
}
