import { describe, expect, it } from 'vitest';
import type { Element, Text } from 'domhandler';
import { DEFAULT_PARSE_OPTIONS, parseHtml, parseHtmlReport } from '../../src/dom/parse.js';

function firstElement(html: string): Element {
  const found = parseHtml(html).children.find((n) => n.type === 'tag' || n.type === 'script' || n.type === 'style');
  if (!found) throw new Error('no element');
  return found as Element;
}

describe('parseHtml', () => {
  it('lower-cases tag and attribute names', () => {
    const el = firstElement('<DIV Class="X" DATA-Id="7">a</DIV>');
    expect(el.name).toBe('div');
    expect(el.attribs).toEqual({ class: 'X', 'data-id': '7' });
  });

  it.each([
    ['&amp;&lt;&gt;', '&<>'],
    ['&nbsp;', '\u00a0'],
    ['&#1588;&#x634;', 'شش'],
    ['&copy; &mdash;', '© —'],
  ])('decodes entities in %s', (source, decoded) => {
    const p = firstElement(`<p>${source}</p>`);
    expect((p.children[0] as Text).data).toBe(decoded);
  });

  it('gives HTML semantics to self-closing syntax (<div/> is a start tag)', () => {
    const div = firstElement('<div/>inside</div>');
    expect(div.children).toHaveLength(1);
    expect((div.children[0] as Text).data).toBe('inside');
  });

  it('keeps script content as raw text', () => {
    const script = firstElement('<script>if (a < b) { x = "</p>"; }</script>');
    expect(script.type).toBe('script');
    expect((script.children[0] as Text).data).toBe('if (a < b) { x = "</p>"; }');
  });
});

/** Deepest element nesting below `node`, walked iteratively. */
function maxElementDepth(root: { children: unknown[] }): number {
  let deepest = 0;
  const stack: [{ children?: unknown[]; type?: string }, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    deepest = Math.max(deepest, depth);
    for (const child of node.children ?? []) {
      const c = child as { children?: unknown[]; type?: string };
      if (c.type === 'tag') stack.push([c, depth + 1]);
    }
  }
  return deepest;
}

describe('parseHtml depth limit', () => {
  it('keeps a page shallower than maxDepth unchanged', () => {
    const html = '<div><section><p>a<b>b</b></p></section></div>';
    const report = parseHtmlReport(html, { maxDepth: 4 });
    expect(report.flattened).toBe(0);
    expect(maxElementDepth(report.root)).toBe(4);
  });

  it('makes elements opened beyond maxDepth siblings of the deepest one (pins htmlparser2 internals)', () => {
    const report = parseHtmlReport('<div>'.repeat(10) + 'deep', { maxDepth: 3 });
    expect(report.flattened).toBe(7);
    expect(maxElementDepth(report.root)).toBe(3);
    const innermost = (report.root.children[0] as Element).children[0] as Element;
    // the deepest level holds the 8 elements that could not nest further, the text in the last
    expect(innermost.children).toHaveLength(8);
    expect(((innermost.children[7] as Element).children[0] as Text).data).toBe('deep');
  });

  it('never flattens void elements', () => {
    const report = parseHtmlReport('<div><div>' + '<br>'.repeat(5) + '</div></div>', { maxDepth: 2 });
    expect(report.flattened).toBe(0);
  });

  it('parses 300,000 unclosed and closed nested divs to the default depth', () => {
    for (const closed of [false, true]) {
      const n = 300_000;
      const html = '<html><body>' + '<div>'.repeat(n) + 'deep' + (closed ? '</div>'.repeat(n) : '');
      const report = parseHtmlReport(html);
      expect(maxElementDepth(report.root)).toBe(DEFAULT_PARSE_OPTIONS.maxDepth);
      expect(report.flattened).toBeGreaterThan(n - DEFAULT_PARSE_OPTIONS.maxDepth - 2);
    }
  });

  it.each([[0], [-1], [1.5], ['9']])('rejects maxDepth %s with invalid-argument', (maxDepth) => {
    expect(() => parseHtml('<p>a</p>', { maxDepth: maxDepth as number })).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
  });
});
