/**
 * The tag → element ids index of a page: built on the first question, in two passes over the tag ids,
 * then shared by every later one. The metadata stage asks for `<meta>`, `<script>`, `<link>`,
 * `<title>`, `<h1>`–`<h6>`, `<base>` and `<html>` many times per page; each question used to walk
 * every node.
 * @module
 */
import type { CompactTree } from '../dom/compact-tree.js';
import { NodeKind } from './types.js';

const NONE: readonly number[] = Object.freeze([]);

/**
 * A function answering "which elements have tag `name`", in document order, building on its first call
 * one index of every element by tag id (a counting sort of the ids into one `Int32Array`: no list or map
 * entry per element); each name's list is made once, when first asked.
 */
export function lazyTagLookup(tree: Pick<CompactTree, 'kind' | 'tagId' | 'tagNames'>): (name: string) => readonly number[] {
  let byTag: { readonly ids: Int32Array; readonly from: Int32Array } | null = null;
  const lists = new Map<string, readonly number[]>();
  return (name) => {
    let list = lists.get(name);
    if (list !== undefined) return list;
    byTag ??= sortByTag(tree);
    const tagId = name === '' ? -1 : tree.tagNames.indexOf(name);
    const found = tagId < 0 ? NONE : Array.from(byTag.ids.subarray(byTag.from[tagId], byTag.from[tagId + 1]));
    lists.set(name, found);
    return found;
  };
}

/** Element ids grouped by tag id (`ids[from[t] … from[t + 1])` are the elements of tag `t`, in document order). */
function sortByTag(tree: Pick<CompactTree, 'kind' | 'tagId' | 'tagNames'>): { readonly ids: Int32Array; readonly from: Int32Array } {
  const { kind, tagId } = tree;
  const from = new Int32Array(tree.tagNames.length + 1);
  for (let id = 0; id < kind.length; id++) if (kind[id] === NodeKind.Element) from[tagId[id] + 1]++;
  for (let t = 1; t < from.length; t++) from[t] += from[t - 1];
  const next = from.slice(0, -1);
  const ids = new Int32Array(from[from.length - 1]);
  for (let id = 0; id < kind.length; id++) if (kind[id] === NodeKind.Element) ids[next[tagId[id]]++] = id;
  return { ids, from };
}

/**
 * Ids of the elements whose tag is in `tags`, in document order, at most `limit`: the lists of the
 * tag index merged (they are each in order, so a k-way merge keeps the page's order).
 * @category Analysis
 */
export function findElements(
  index: { readonly elementsByTag: (name: string) => readonly number[] },
  tags: Iterable<string>,
  limit = Number.MAX_SAFE_INTEGER,
): number[] {
  const lists = [...tags].map((t) => index.elementsByTag(t)).filter((l) => l.length > 0);
  if (lists.length === 1) return lists[0].slice(0, limit);
  const at = new Array<number>(lists.length).fill(0);
  const out: number[] = [];
  while (out.length < limit) {
    let best = -1;
    for (let l = 0; l < lists.length; l++) {
      if (at[l] < lists[l].length && (best < 0 || lists[l][at[l]] < lists[best][at[best]])) best = l;
    }
    if (best < 0) break;
    out.push(lists[best][at[best]++]);
  }
  return out;
}
