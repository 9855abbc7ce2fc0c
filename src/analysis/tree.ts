/**
 * Tree queries over the preorder node ids of a {@link DomIndex}.
 * @module
 */
import type { DomIndex } from './types.js';

/**
 * The deepest node whose subtree holds every node of `nodes` (a non-empty list, any order). With
 * preorder ids it is the deepest ancestor-or-self of the smallest id whose subtree reaches the
 * largest: everything between the two lies in it.
 * @category Analysis
 */
export function commonAncestor(index: Pick<DomIndex, 'parent' | 'subtreeEnd'>, nodes: readonly number[]): number {
  let first = nodes[0];
  let last = nodes[0];
  for (const n of nodes) {
    if (n < first) first = n;
    if (n > last) last = n;
  }
  const { parent, subtreeEnd } = index;
  let node = first;
  while (subtreeEnd[node] <= last && parent[node] >= 0) node = parent[node];
  return node;
}
