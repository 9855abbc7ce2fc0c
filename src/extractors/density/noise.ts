/**
 * Noise inside the chosen node: subtrees cut from the body text (noise tags, elements with a noise
 * class/id token, links lists).
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import { NodeKind } from '../../analysis/types.js';
import { pushLowerCaseTokens } from '../../analysis/text.js';
import { BLOCK_TAGS } from '../../dom/tags.js';
import { hasRoleToken } from '../../vocabulary/class-tokens.js';
import { attributeOf } from '../../analysis/node-data.js';

/** What {@link findNoise} needs of the options. */
export interface NoiseRules {
  readonly noiseTokens: ReadonlySet<string>;
  readonly noiseTags: ReadonlySet<string>;
  readonly maxLinkDensity: number;
}

/**
 * True when one of the element's class or id tokens (split on whitespace, lower-cased) is in
 * `vocabulary` — whole tokens only: `ad` matches `class="ad big"`, never `class="padding"`.
 * @category Extraction
 */
export function hasNoiseToken(doc: AnalyzedDocument, id: number, vocabulary: ReadonlySet<string>): boolean {
  if (doc.index.kind[id] !== NodeKind.Element) return false;
  // the one token reader and matcher of the vocabularies (`whole`: the paper's rule, no compound heads)
  const tokens: string[] = [];
  pushLowerCaseTokens(attributeOf(doc, id, 'class'), tokens);
  pushLowerCaseTokens(attributeOf(doc, id, 'id'), tokens);
  return hasRoleToken(tokens, vocabulary, 'whole');
}

/** True when a block-level element holds at least `maxLinkDensity` link text (a links list). */
function isLinkList(doc: AnalyzedDocument, id: number, maxLinkDensity: number): boolean {
  const { textChars, linkChars } = doc.stats;
  return BLOCK_TAGS.has(doc.index.tagOf(id)) && textChars[id] > 0 && linkChars[id] >= maxLinkDensity * textChars[id];
}

/**
 * Top-most noise subtrees strictly inside `root`, in preorder: noise tags, noise class/id tokens,
 * links lists. A cut subtree's descendants are not visited.
 * @category Extraction
 */
export function findNoise(doc: AnalyzedDocument, root: number, rules: NoiseRules): number[] {
  const { kind, excluded, subtreeEnd, tagOf } = doc.index;
  const cut: number[] = [];
  for (let i = root + 1; i < subtreeEnd[root];) {
    const noisy = kind[i] === NodeKind.Element && !excluded[i] && doc.stats.textChars[i] > 0 &&
      (rules.noiseTags.has(tagOf(i)) || hasNoiseToken(doc, i, rules.noiseTokens) || isLinkList(doc, i, rules.maxLinkDensity));
    if (noisy) {
      cut.push(i);
      i = subtreeEnd[i];
    } else {
      i++;
    }
  }
  return cut;
}
