/**
 * The tag → element ids lookup of a page: each name's list made on its first question, then shared by
 * every later one. The metadata stage asks for `<meta>`, `<script>`, `<link>`, `<title>`, `<h1>`–`<h6>`,
 * `<base>` and `<html>` many times per page; each question used to walk every node.
 * @module
 */
import type { CompactTree } from '../dom/compact-tree.js';
import { NodeKind } from './types.js';

const NONE: readonly number[] = Object.freeze([]);

/**
 * A function answering "which elements have tag `name`", in document order. A name no element of the page
 * has is answered from the page's tag names, without a scan; the list of any other is made by one scan of
 * the tree's tag ids, on its first question. Why no index of every element by tag: a page asks about a dozen
 * names, most of which it lacks, and that index held 4 bytes per element for the page's life.
 */
export function lazyTagLookup(tree: Pick<CompactTree, 'kind' | 'tagId' | 'tagNames'>): (name: string) => readonly number[] {
  const lists = new Map<string, readonly number[]>();
  return (name) => {
    let list = lists.get(name);
    if (list !== undefined) return list;
    const tagId = name === '' ? -1 : tree.tagNames.indexOf(name);
    list = tagId < 0 ? NONE : elementsWithTagId(tree, tagId);
    lists.set(name, list);
    return list;
  };
}

/** Ids of the elements of tag id `tagId`, in document order (a directive of the same name is not an element). */
function elementsWithTagId(tree: Pick<CompactTree, 'kind' | 'tagId'>, tagId: number): number[] {
  const { kind, tagId: tagIds } = tree;
  const isElement = (id: number): boolean => tagIds[id] === tagId && kind[id] === NodeKind.Element;
  // counted, then filled into a list of its final length: pushed one by one, the 100,000 links of a page
  // grew their list through copies that twice outweighed it
  let count = 0;
  for (let id = 0; id < kind.length; id++) if (isElement(id)) count++;
  const out = new Array<number>(count);
  let n = 0;
  for (let id = 0; n < count; id++) if (isElement(id)) out[n++] = id;
  return out;
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
