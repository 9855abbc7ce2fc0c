/**
 * A naive recursive reference for the analysis statistics, written independently of the walk and the
 * reverse sweep (its own tag list, regexes instead of charCodeAt loops). Test helper, not a test file.
 */
import { expect } from 'vitest';
import type { AnyNode, Element, Text } from 'domhandler';
import type { AnalyzedDocument } from '../../src/analysis/types.js';

const EXCLUDED = new Set(['script', 'style', 'template', 'noscript', 'title', 'iframe', 'object', 'embed', 'canvas', 'video', 'audio', 'svg', 'math', 'select', 'datalist', 'textarea']);

export interface Totals { text: number; link: number; tags: number; linkTags: number; linkCount: number; punct: number; paragraphs: number }

export function isElement(node: AnyNode): node is Element {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style';
}

function isHidden(el: Element): boolean {
  const style = (el.attribs.style ?? '').replace(/\s/g, '').toLowerCase();
  return el.attribs.hidden !== undefined || (el.attribs['aria-hidden'] ?? '').trim().toLowerCase() === 'true' ||
    /(^|;)(display:none|visibility:hidden)(!important)?(;|$)/.test(style);
}

/** Recursive count of every node's subtree, written independently of the sweep. */
export function naiveTotals(node: AnyNode, excluded: boolean, inLink: boolean, out: Map<AnyNode, Totals>): Totals {
  const totals: Totals = { text: 0, link: 0, tags: 0, linkTags: 0, linkCount: 0, punct: 0, paragraphs: 0 };
  let childExcluded = excluded;
  let childInLink = inLink;
  if (node.type === 'text') {
    if (!excluded) {
      const data = (node as Text).data;
      totals.text = [...data.replace(/\s/g, '')].length;
      totals.punct = (data.match(/\p{P}/gu) ?? []).length;
      if (inLink) totals.link = totals.text;
    }
  } else if (isElement(node)) {
    childExcluded = excluded || EXCLUDED.has(node.name) || isHidden(node);
    if (!childExcluded) {
      totals.tags = 1;
      if (node.name === 'p') totals.paragraphs = 1;
      if (node.name === 'a') {
        totals.linkTags = 1;
        if (node.attribs.href !== undefined) {
          childInLink = true;
          totals.linkCount = 1;
        }
      }
    }
  } else if (node.type !== 'root') {
    childExcluded = true;
  }
  for (const child of (node as Element).children ?? []) {
    const c = naiveTotals(child, childExcluded, childInLink, out);
    totals.text += c.text; totals.link += c.link; totals.tags += c.tags; totals.linkTags += c.linkTags;
    totals.linkCount += c.linkCount; totals.punct += c.punct; totals.paragraphs += c.paragraphs;
  }
  out.set(node, totals);
  return totals;
}

/** Asserts every node's statistics equal the naive recursive count. */
export function expectStatsMatchNaive(doc: AnalyzedDocument): void {
  const expected = new Map<AnyNode, Totals>();
  naiveTotals(doc.root, false, false, expected);
  const s = doc.stats;
  for (let i = 0; i < doc.index.size; i++) {
    const t = expected.get(doc.index.nodes[i]) as Totals;
    const actual = [s.textChars[i], s.linkChars[i], s.nonLinkChars[i], s.tags[i], s.linkTags[i], s.linkCount[i], s.punctuation[i], s.paragraphs[i]];
    expect(actual, `node ${i} <${doc.index.tag[i]}>`).toEqual([t.text, t.link, t.text - t.link, t.tags, t.linkTags, t.linkCount, t.punct, t.paragraphs]);
  }
  expect(expected.size).toBe(doc.index.size);
}
