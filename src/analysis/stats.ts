import type { NodeStats } from './types.js';
import type { OwnCounts } from './index.js';

/**
 * Turns each node's own counts into inclusive subtree totals with one reverse sweep over preorder ids:
 * a child's id is always larger than its parent's, so when the sweep reaches a node every descendant
 * has already been added to it. O(n), no recursion. Takes ownership of `own` (its arrays become the
 * totals) and fills its zeroed `nonLinkChars` (TA = T − LT).
 * @category Analysis
 */
export function aggregateStats(parent: Int32Array, own: OwnCounts, textStart: Uint32Array, textEnd: Uint32Array): NodeStats {
  const { textChars, linkChars, nonLinkChars, tags, linkTags, linkCount, punctuation, paragraphs } = own;
  const size = parent.length;
  for (let i = size - 1; i > 0; i--) {
    const p = parent[i];
    textChars[p] += textChars[i];
    linkChars[p] += linkChars[i];
    tags[p] += tags[i];
    linkTags[p] += linkTags[i];
    linkCount[p] += linkCount[i];
    punctuation[p] += punctuation[i];
    paragraphs[p] += paragraphs[i];
    nonLinkChars[i] = textChars[i] - linkChars[i];
  }
  if (size > 0) nonLinkChars[0] = textChars[0] - linkChars[0];
  return { textChars, linkChars, nonLinkChars, tags, linkTags, linkCount, punctuation, paragraphs, textStart, textEnd };
}
