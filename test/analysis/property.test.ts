import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { AnyNode, Document, Element, Text } from 'domhandler';
import { analyze, analyzeDocument } from '../../src/analysis/analyze.js';
import { parseHtml } from '../../src/dom/parse.js';
import { asNormalized } from '../helpers/normalized.js';
import { expectStatsMatchNaive, isElement } from './naive.js';
import { arbitraryPage } from '../helpers/arbitrary-page.js';

// ---- a snapshot of the tree to prove it is not mutated ----------------------------------------

function snapshot(node: AnyNode): unknown {
  return {
    keys: Object.keys(node).sort(),
    type: node.type,
    name: isElement(node) ? node.name : undefined,
    attribs: isElement(node) ? { ...node.attribs } : undefined,
    data: (node as Text).data,
    children: ((node as Element).children ?? []).map(snapshot),
  };
}

function deepFreeze(node: AnyNode): void {
  const stack: AnyNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop() as AnyNode;
    const children = (current as Element).children;
    if (isElement(current)) Object.freeze(current.attribs);
    if (children) {
      Object.freeze(children);
      stack.push(...children);
    }
    Object.freeze(current);
  }
}

describe('analyze: properties on random pages', () => {
  it('reverse-sweep statistics equal a naive recursive count', () => {
    fc.assert(
      fc.property(arbitraryPage, (html) => {
        const doc = analyze(asNormalized(html));
        expectStatsMatchNaive(doc);
      }),
      { numRuns: 300 },
    );
  });

  it('the text is clean and each node spans exactly its own characters', () => {
    fc.assert(
      fc.property(arbitraryPage, (html) => {
        const doc = analyze(asNormalized(html));
        expect(doc.text).toBe(doc.text.trim());
        expect(doc.text).not.toMatch(/ {2}| \n|\n |\n\n|[^\S \n]/);
        for (let i = 0; i < doc.index.size; i++) {
          const slice = doc.textOf(i);
          expect(slice).toBe(slice.trim());
          expect([...slice.replace(/\s/g, '')].length).toBe(doc.stats.textChars[i]);
          const node = doc.index.nodes[i];
          if (node.type === 'text' && doc.stats.textChars[i] > 0) {
            expect(slice).toBe((node as Text).data.replace(/\s+/g, ' ').trim());
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never mutates the tree', () => {
    fc.assert(
      fc.property(arbitraryPage, (html) => {
        const root = parseHtml(html);
        const before = snapshot(root);
        deepFreeze(root); // any write would now throw in strict-mode modules
        analyzeDocument(root, asNormalized(html));
        expect(snapshot(root)).toEqual(before);
      }),
      { numRuns: 100 },
    );
  });
});

describe('analyze: deep pages', () => {
  it('handles 70,000 nested elements without recursion (parser depth limit lifted)', () => {
    const depth = 70_000;
    const html = `${'<div>'.repeat(depth)}x ، y${'</div>'.repeat(depth)}`;
    const root: Document = parseHtml(html, { maxDepth: depth + 1 });
    const doc = analyzeDocument(root, asNormalized(html));
    expect(doc.index.size).toBe(depth + 2);
    expect(doc.stats.textChars[0]).toBe(3);
    expect(doc.stats.tags[1]).toBe(depth);
    expect(doc.stats.tags[depth]).toBe(1);
    expect(doc.stats.punctuation[1]).toBe(1);
    expect(doc.index.subtreeEnd[1]).toBe(depth + 2);
    expect(doc.index.depth[depth]).toBe(0xffff); // saturates: Uint16Array
    expect(doc.textOf(depth)).toBe('x ، y');
    expect(doc.text).toBe('x ، y');
  });
});
