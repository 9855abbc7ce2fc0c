/**
 * Where the Ctext lines (`lines.ts`) lie in the page's visible text ({@link AnalyzedDocument.text}).
 *
 * Ctext strips the markup from the source string; the visible text is built from the parse tree. Both
 * keep the source order, and both know source offsets: a line its source range, a text node its
 * `startIndex`/`endIndex` (the parser records them, `dom/parse.ts`). One merge pass over the lines and
 * the text nodes gives each line the text ranges of the nodes inside it. A text node that a line starts
 * or ends inside (a text that runs over several source lines) is split where the line boundary falls:
 * its source and its visible text hold the same non-whitespace characters in the same order (a
 * character reference counts as the one character it stands for), so counting them finds the offset.
 * Nothing is searched for: a line is mapped where it stands, even when its text repeats elsewhere.
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

/** A character reference at the start of the match (named or numeric, with its `;`). */
const REFERENCE_AT = /&(?:#[xX][0-9A-Fa-f]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,30});/y;

/** The visible text nodes in source order, with their source ranges; null when the tree has no source offsets. */
interface SourceTexts {
  readonly ids: Int32Array;
  readonly start: Int32Array;
  /** Exclusive. */
  readonly end: Int32Array;
}

function sourceTexts(doc: AnalyzedDocument): SourceTexts | null {
  const { size, kind, excluded, nodes } = doc.index;
  const { textStart, textEnd } = doc.stats;
  const ids: number[] = [];
  const start: number[] = [];
  const end: number[] = [];
  for (let i = 0; i < size; i++) {
    if (kind[i] !== NodeKind.Text || excluded[i] === 1 || textEnd[i] <= textStart[i]) continue;
    const node = nodes[i];
    if (node.startIndex === null || node.endIndex === null) return null;
    ids.push(i);
    start.push(node.startIndex);
    end.push(node.endIndex + 1);
  }
  return { ids: Int32Array.from(ids), start: Int32Array.from(start), end: Int32Array.from(end) };
}

/**
 * Walks one text node's source and visible text side by side, forward only (line boundaries come in
 * source order), so a node that spans many lines is scanned once in all.
 */
class NodeCursor {
  private node = -1;
  private source = 0;
  private text = 0;

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
        REFERENCE_AT.lastIndex = s;
        s = REFERENCE_AT.test(html) ? REFERENCE_AT.lastIndex : s + 1;
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
 * The ranges of {@link AnalyzedDocument.text} each line covers (one list per line, in the order of
 * `lines`, which must be in source order and must not overlap). Empty lists when the tree carries no
 * source offsets (a tree parsed without them).
 * @category Analysis
 */
export function mapLinesToText(doc: AnalyzedDocument, lines: readonly SourceRange[]): number[][] {
  const out: number[][] = lines.map(() => []);
  const texts = sourceTexts(doc);
  if (texts === null) return out;
  const { ids, start, end } = texts;
  const { textStart, textEnd } = doc.stats;
  const cursor = new NodeCursor(doc);
  let first = 0;
  for (let k = 0; k < lines.length; k++) {
    const a = lines[k].sourceStart;
    const b = lines[k].sourceEnd;
    while (first < ids.length && end[first] <= a) first++;
    for (let u = first; u < ids.length && start[u] < b; u++) {
      const id = ids[u];
      if (start[u] >= a && end[u] <= b) pushSpan(out[k], textStart[id], textEnd[id]);
      else {
        const from = start[u] >= a ? textStart[id] : cursor.textOffsetAt(id, start[u], a);
        const to = end[u] <= b ? textEnd[id] : cursor.textOffsetAt(id, start[u], b);
        pushSpan(out[k], from, to);
      }
    }
  }
  return out;
}
