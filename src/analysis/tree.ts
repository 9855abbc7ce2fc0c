/**
 * Tree queries over the preorder node ids of a {@link DomIndex}.
 * @module
 */
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
  for (const n of nodes) {
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
export function subtreeText(index: Pick<DomIndex, 'kind' | 'nodes' | 'subtreeEnd'>, id: number): string {
  const { kind, nodes, subtreeEnd } = index;
  let text = '';
  for (let i = id + 1; i < subtreeEnd[id]; i++) if (kind[i] === NodeKind.Text) text += (nodes[i] as { data: string }).data;
  return text;
}
