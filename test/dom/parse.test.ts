import { describe, expect, it } from 'vitest';
import type { Element, Text } from 'domhandler';
import { parseHtml } from '../../src/dom/parse.js';

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
