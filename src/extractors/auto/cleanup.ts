/**
 * Node-level steps of `auto` after the vote: the markup member (the element the page's own markup
 * names as the article body), the main region, furniture, filling gaps inside the region.
 * @module
 */
import { nonLinkCharsOf } from '../../analysis/stats.js';
import type { AnalyzedDocument } from '../../analysis/types.js';
import { NodeKind } from '../../analysis/types.js';
import { plainChars, segmentLinkChars, type SegmentTable } from './segments.js';
import { roleTokenTest } from '../../vocabulary/class-tokens.js';
import type { NodeTokens } from '../../vocabulary/page-tokens.js';
import { FRESH_ARRAYS, type TypedArraySource } from '../../core/scratch.js';

const PAGE_TAGS: ReadonlySet<string> = new Set(['html', 'body']);

/**
 * The element the page's markup names as the article body: among elements carrying a body token (or
 * the page's only `<article>`), the one with the most non-link text, replaced by a descendant
 * candidate that holds at least `nestedShare` of it. −1 when none holds `minChars`.
 * @category Extraction
 */
export function findMarkupBody(
  doc: AnalyzedDocument, tokens: NodeTokens, body: ReadonlySet<string>, minChars: number, nestedShare: number,
): number {
  const { size, kind, tagOf, subtreeEnd } = doc.index;
  const byToken: number[] = [];
  const articles: number[] = [];
  for (let i = 0; i < size; i++) {
    // the class or id of <html> or <body> names the page's template, not the container of the article
    if (kind[i] !== NodeKind.Element || nonLinkCharsOf(doc.stats, i) < minChars || PAGE_TAGS.has(tagOf(i))) continue;
    if (tokens.at(i).some((t) => body.has(t))) byToken.push(i);
    else if (tagOf(i) === 'article') articles.push(i);
  }
  const pool = byToken.length > 0 ? byToken : articles.length === 1 ? articles : [];
  if (pool.length === 0) return -1;
  let best = pool.reduce((a, b) => (nonLinkCharsOf(doc.stats, b) > nonLinkCharsOf(doc.stats, a) ? b : a));
  for (const c of pool) {
    if (c > best && c < subtreeEnd[best] && nonLinkCharsOf(doc.stats, c) >= nestedShare * nonLinkCharsOf(doc.stats, best)) best = c;
  }
  return best;
}

/**
 * The markup body's parts: `body` itself and the elements of its tag that share one of its body
 * tokens, hold at least `minChars` non-link characters and are its siblings or cousins (same
 * grandparent), in document order. An article that the page splits into `story-body-1` and
 * `story-body-2` around a related-links box has both as its body.
 * @category Extraction
 */
export function markupParts(
  doc: AnalyzedDocument, tokens: NodeTokens, bodyTokens: ReadonlySet<string>, body: number, minChars: number,
): number[] {
  if (body < 0) return [];
  const { parent, tagOf } = doc.index;
  if (parent[body] <= 0) return [body];
  const own = tokens.at(body).filter((t) => bodyTokens.has(t));
  // the grandparent's grandchildren, in document order: the body, its siblings and its cousins
  return doc.index.childElements(parent[parent[body]]).flatMap((c) => doc.index.childElements(c)).filter((c) => c === body
    || (tagOf(c) === tagOf(body) && nonLinkCharsOf(doc.stats, c) >= minChars && tokens.at(c).some((t) => own.includes(t))));
}

/** Whether `node` lies in one of `roots` (see {@link isInside}). */
export function isInsideAny(doc: AnalyzedDocument, node: number, roots: readonly number[]): boolean {
  // a loop, not `some` with a closure: this runs per segment and per node
  for (let i = 0; i < roots.length; i++) if (isInside(doc, node, roots[i])) return true;
  return false;
}

/**
 * The main region: from the root, descend into the child holding at least `share` of the weight
 * (per node, summed over the subtree) while one does.
 * @category Extraction
 */
export function findRegion(doc: AnalyzedDocument, weight: Float64Array, share: number): number {
  return regionOfSums(doc, sumSubtrees(doc, weight.slice()), share);
}

/** `weight` (per node) summed over each node's subtree, in place; returns `weight`. */
export function sumSubtrees<W extends Float64Array | Int32Array>(doc: AnalyzedDocument, weight: W): W {
  const { size, parent } = doc.index;
  for (let i = size - 1; i > 0; i--) weight[parent[i]] += weight[i];
  return weight;
}

/** {@link findRegion} from the weights already summed over subtrees (`sub`, see {@link sumSubtrees}). */
export function regionOfSums(doc: AnalyzedDocument, sub: Float64Array | Int32Array, share: number): number {
  const { kind, subtreeEnd } = doc.index;
  let region = 0;
  for (;;) {
    // the children walked in place (no list of them: the region's parent may hold 100,000 paragraphs); the
    // least weight a child needs computed once, not a double per child
    const least = share * sub[region];
    let next = -1;
    for (let c = region + 1; c < subtreeEnd[region] && next < 0; c = subtreeEnd[c]) {
      if (kind[c] === NodeKind.Element && sub[c] >= least && sub[c] > 0) next = c;
    }
    if (next < 0) return region;
    region = next;
  }
}

/**
 * 1 for every node inside a furniture element strictly below `region` (the region itself and its
 * ancestors never make their content furniture; nor do `<html>` and `<body>`, whose class names the page's template). Neither do the elements that hold one of `bodies`
 * (the markup body's parts): the page names the body, so a wrapper's role word (a blog engine's
 * `widget` around its posts) does not make it furniture; elements inside the body still can be.
 * The marks (and the body holders' marks) are taken from `arrays`.
 * @category Extraction
 */
export function markFurniture(
  doc: AnalyzedDocument, region: number, tokens: NodeTokens, vocabulary: ReadonlySet<string>, tags: ReadonlySet<string>,
  bodies: readonly number[] = [], arrays: TypedArraySource = FRESH_ARRAYS,
): Uint8Array {
  const { parent, subtreeEnd, tagOf } = doc.index;
  // only with bodies to exempt: a node-sized array of zeros was made on each call (three per page)
  const holdsBody = bodies.length > 0 ? bodyHolders(doc, region, bodies, arrays) : null;
  const out = arrays.uint8(doc.index.size).fill(0);
  const hasRole = roleTokenTest(vocabulary);
  for (let i = region + 1; i < subtreeEnd[region]; i++) {
    if (holdsBody !== null && holdsBody[i] === 1) continue;
    const p = parent[i];
    // the class or id of <html> or <body> names the page's template (`pagelayout--related`), not a box of it
    out[i] = (p > region && out[p] === 1) || tags.has(tagOf(i)) || (!PAGE_TAGS.has(tagOf(i)) && hasRole(tokens.at(i))) ? 1 : 0;
  }
  return out;
}

/** 1 for each node strictly below `region` that holds one of `bodies` (or is one). */
function bodyHolders(doc: AnalyzedDocument, region: number, bodies: readonly number[], arrays: TypedArraySource): Uint8Array {
  const { parent } = doc.index;
  const out = arrays.uint8(doc.index.size).fill(0);
  for (const b of bodies) for (let n = b; n > region && out[n] === 0; n = parent[n]) out[n] = 1;
  return out;
}

/**
 * `furniture` with the outermost furniture elements that hold at least `minSegments` `strong`
 * segments (indexes into `segments`) with `minChars` non-link characters in all cleared: a "read more" box that holds the story
 * itself is content, a long caption is not. With `siblings`, the furniture elements that share a
 * parent are also weighed together (see `overruleFurnitureSiblings`).
 * @category Extraction
 */
export function overruleFurniture(
  doc: AnalyzedDocument, furniture: Uint8Array, segments: SegmentTable, strong: ArrayLike<number>, minChars: number, minSegments: number,
  siblings = false,
): Uint8Array {
  const { parent, subtreeEnd } = doc.index;
  const outermost = (node: number) => {
    let top = node;
    while (parent[top] >= 0 && furniture[parent[top]] === 1) top = parent[top];
    return top;
  };
  const held = new Map<number, { chars: number; segments: number }>();
  for (let i = 0; i < strong.length; i++) {
    const k = strong[i];
    if (furniture[segments.anchor[k]] !== 1) continue;
    const top = outermost(segments.anchor[k]);
    const h = held.get(top) ?? { chars: 0, segments: 0 };
    held.set(top, { chars: h.chars + plainChars(segments, k), segments: h.segments + 1 });
  }
  const out = furniture.slice();
  for (const [top, h] of held) if (h.chars >= minChars && h.segments >= minSegments) out.fill(0, top, subtreeEnd[top]);
  if (siblings) {
    // Repeated furniture elements side by side (a photo post's captioned pictures, one `figure`
    // each) are weighed together: one caption is not content, a run of them that carries the
    // strong vote is, when it outweighs the strong text outside furniture (the pictures are the
    // post; captions between the paragraphs of a long story are not its text).
    let proseChars = 0;
    for (let i = 0; i < strong.length; i++) if (furniture[segments.anchor[strong[i]]] !== 1) proseChars += plainChars(segments, strong[i]);
    const byParent = new Map<number, { tops: number[]; chars: number; segments: number }>();
    for (const [top, h] of held) {
      const g = byParent.get(parent[top]) ?? { tops: [], chars: 0, segments: 0 };
      byParent.set(parent[top], { tops: [...g.tops, top], chars: g.chars + h.chars, segments: g.segments + h.segments });
    }
    for (const g of byParent.values()) {
      if (g.tops.length < 2 || g.chars < minChars || g.segments < minSegments || g.chars <= proseChars) continue;
      for (const top of g.tops) out.fill(0, top, subtreeEnd[top]);
    }
  }
  return out;
}

/** True when `node` lies in the subtree of `root`. */
export function isInside(doc: AnalyzedDocument, node: number, root: number): boolean {
  return node >= root && node < doc.index.subtreeEnd[root];
}

/** Link share of segment `k`'s characters. */
export function linkDensity(segments: SegmentTable, k: number): number {
  return segments.chars[k] > 0 ? segmentLinkChars(segments, k) / segments.chars[k] : 0;
}
