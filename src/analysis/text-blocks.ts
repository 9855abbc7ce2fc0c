/**
 * Text blocks: block-level elements with text of their own (text not inside a nested block), with
 * their own non-link characters (TA), link nodes (LA) and text. The unit the correlativity rules
 * are applied to once the per-node CC is known.
 * @module
 */
import { SliceJoiner } from './slice-joiner.js';
import { BLOCK_TAGS } from '../dom/tags.js';
import type { AnalyzedDocument } from './types.js';
import { NodeKind } from './types.js';
import { pushSpan, type TextSpans } from './spans.js';

/**
 * One text block.
 * @category Extraction
 */
export interface TextBlock {
  /** Node id of the block element. */
  readonly node: number;
  /** Own non-link characters (TA of the block's own text). */
  readonly ta: number;
  /** Own link nodes (LA of the block's own text). */
  readonly la: number;
  /** Own text, whitespace collapsed, "\n" where a line break or a nested block interrupts it. */
  readonly text: string;
  /** Offset of the block's first text in {@link AnalyzedDocument.text}. */
  readonly start: number;
  /** Ranges of {@link AnalyzedDocument.text} the block's own text nodes cover (see `spans.ts`). */
  readonly spans: TextSpans;
}

const NEWLINE_ONLY = /^[ \n]*$/u;

/** Nearest block-level ancestor-or-self of every node (−1 above the first block). One forward pass. */
export function nearestBlocks(doc: AnalyzedDocument): Int32Array {
  const { size, parent, kind, tag } = doc.index;
  const nearest = new Int32Array(size).fill(-1);
  for (let i = 0; i < size; i++) {
    const isBlock = kind[i] === NodeKind.Element && BLOCK_TAGS.has(tag[i]);
    nearest[i] = isBlock ? i : parent[i] >= 0 ? nearest[parent[i]] : -1;
  }
  return nearest;
}

interface Acc {
  ta: number;
  la: number;
  readonly parts: SliceJoiner;
  start: number;
  lastEnd: number;
  spans: number[];
}

/**
 * Lists the page's text blocks in source order of their first text.
 * @category Extraction
 */
export function listTextBlocks(doc: AnalyzedDocument): TextBlock[] {
  const { size, kind, excluded, tag } = doc.index;
  const { nonLinkChars, linkCount, textStart, textEnd } = doc.stats;
  const nearest = nearestBlocks(doc);
  const acc = new Map<number, Acc>();
  const text = doc.text;
  for (let i = 0; i < size; i++) {
    if (excluded[i]) continue;
    const owner = nearest[i] >= 0 ? nearest[i] : 0;
    const isText = kind[i] === NodeKind.Text && textEnd[i] > textStart[i];
    const isLink = kind[i] === NodeKind.Element && tag[i] === 'a' && linkCount[i] > 0 && !hasLinkAncestor(doc, i);
    if (!isText && !isLink) continue;
    let a = acc.get(owner);
    if (!a) {
      a = { ta: 0, la: 0, parts: new SliceJoiner(text), start: textStart[i], lastEnd: textStart[i], spans: [] };
      acc.set(owner, a);
    }
    if (isLink) {
      a.la += 1;
      continue;
    }
    let sep: string | null = null;
    if (!a.parts.isEmpty) {
      const gap = text.slice(a.lastEnd, textStart[i]);
      sep = NEWLINE_ONLY.test(gap) ? gap : '\n';
    }
    a.parts.append(sep, a.lastEnd, textStart[i], textEnd[i]);
    pushSpan(a.spans, textStart[i], textEnd[i]);
    a.lastEnd = textEnd[i];
    a.ta += nonLinkChars[i];
  }
  const blocks: TextBlock[] = [];
  for (const [node, a] of acc) {
    const joined = a.parts.join().replace(/ *\n[ \n]*/gu, '\n').trim();
    if (joined) blocks.push({ node, ta: a.ta, la: a.la, text: joined, start: a.start, spans: a.spans });
  }
  blocks.sort((x, y) => x.start - y.start);
  return blocks;
}

/** True when an `<a>` sits inside another `<a>` (counted once, at the outer one). */
function hasLinkAncestor(doc: AnalyzedDocument, id: number): boolean {
  const { parent, tag } = doc.index;
  for (let p = parent[id]; p >= 0; p = parent[p]) if (tag[p] === 'a') return true;
  return false;
}
