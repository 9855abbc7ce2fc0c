/**
 * Tree queries over the preorder node ids of a {@link DomIndex}.
 * @module
 */
import { textDataOf, type NodeSource } from './node-data.js';
import { NodeKind, type DomIndex } from './types.js';

/**
 * The deepest node whose subtree holds every node of `nodes` (a non-empty list, any order). With
 * preorder ids it is the deepest ancestor-or-self of the smallest id whose subtree reaches the
 * largest: everything between the two lies in it.
 * @category Analysis
 */
export function commonAncestor(index: Pick<DomIndex, 'parent' | 'subtreeEnd'>, nodes: readonly number[]): number {
  let first = nodes[0];
  let last = nodes[0];
  for (let k = 1; k < nodes.length; k++) {
    const n = nodes[k];
    if (n < first) first = n;
    if (n > last) last = n;
  }
  const { parent, subtreeEnd } = index;
  let node = first;
  while (subtreeEnd[node] <= last && parent[node] >= 0) node = parent[node];
  return node;
}

/**
 * Every text node's data in a node's subtree, hidden and excluded ones too, joined as written: the text
 * of elements the visible text leaves out (`<title>`, `<script type="application/ld+json">`).
 * @category Analysis
 */
export function subtreeText(doc: NodeSource, id: number): string {
  const { kind, subtreeEnd } = doc.index;
  let text = '';
  for (let i = id + 1; i < subtreeEnd[id]; i++) if (kind[i] === NodeKind.Text) text += textDataOf(doc, i);
  return text;
}

/**
 * The sibling just before node `id` (any kind), or −1 for a first child. With preorder ids the node
 * just before `id` is its parent or a descendant of that sibling, so the walk up is at most the depth.
 * @category Analysis
 */
export function previousSibling(index: Pick<DomIndex, 'parent'>, id: number): number {
  const { parent } = index;
  const p = parent[id];
  if (id === 0 || id - 1 === p) return -1;
  let k = id - 1;
  while (parent[k] !== p) k = parent[k];
  return k;
}

/**
 * The sibling just after node `id` (any kind), or −1 for a last child (and for the root).
 * @category Analysis
 */
export function nextSibling(index: Pick<DomIndex, 'parent' | 'subtreeEnd'>, id: number): number {
  const p = index.parent[id];
  if (p < 0) return -1;
  const next = index.subtreeEnd[id];
  return next < index.subtreeEnd[p] ? next : -1;
}
