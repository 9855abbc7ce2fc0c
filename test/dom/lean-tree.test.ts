import { describe, expect, it } from 'vitest';
import { parseDocument } from 'htmlparser2';
import { Document, Element, Text, cloneNode, hasChildren, type AnyNode, type ChildNode } from 'domhandler';
import { PARSE_OPTIONS, parseHtml } from '../../src/dom/parse.js';
import { EMPTY_ATTRIBS, EMPTY_CHILDREN } from '../../src/dom/lean-tree.js';

/** A small page of my own with void, empty, attribute-less and attributed elements, text, a comment and script. */
const PAGE = [
  '<!DOCTYPE html><html lang="ug"><head><meta charset="utf-8"><title>Sinaq</title>',
  '<style>p{color:red}</style></head><body>',
  '<p class="lead">Bu bir <b>sinaq</b> jümlisi.<br>Ikkinchi qur<img src="a.png" alt=""></p>',
  '<div></div><!-- izah --><ul><li>bir<li>ikki</ul><hr>',
  '<script>var a = 1 < 2;</script><a href="/x">ulinish</a> axiri',
  '</body></html>',
].join('');

/** Every node of `root` in preorder, iteratively. */
function preorder(root: Document): AnyNode[] {
  const out: AnyNode[] = [];
  const stack: AnyNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    out.push(node);
    if (hasChildren(node)) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return out;
}

function elementsOf(root: Document): Element[] {
  return preorder(root).filter((n): n is Element => n instanceof Element);
}

function byName(root: Document, name: string): Element {
  const found = elementsOf(root).find((e) => e.name === name);
  if (found === undefined) throw new Error(`no <${name}>`);
  return found;
}

describe('lean parse tree', () => {
  it('is the tree a plain domhandler builds: same nodes, fields, links and offsets', () => {
    const lean = preorder(parseHtml(PAGE));
    const plain = preorder(parseDocument(PAGE, PARSE_OPTIONS));
    expect(lean.length).toBe(plain.length);
    const position = new Map<AnyNode | null, number>(lean.map((n, i) => [n, i]));
    const plainPosition = new Map<AnyNode | null, number>(plain.map((n, i) => [n, i]));
    position.set(null, -1);
    plainPosition.set(null, -1);
    for (let i = 0; i < lean.length; i++) {
      const a = lean[i];
      const b = plain[i];
      expect(a.constructor).toBe(b.constructor);
      expect(a.type).toBe(b.type);
      expect([a.startIndex, a.endIndex]).toEqual([b.startIndex, b.endIndex]);
      expect(position.get(a.parent)).toBe(plainPosition.get(b.parent));
      expect(position.get(a.prev)).toBe(plainPosition.get(b.prev));
      expect(position.get(a.next)).toBe(plainPosition.get(b.next));
      if (a instanceof Element && b instanceof Element) {
        expect(a.name).toBe(b.name);
        expect(a.attribs).toEqual(b.attribs);
        expect(a.children.length).toBe(b.children.length);
      }
      if (a instanceof Text && b instanceof Text) expect(a.data).toBe(b.data);
    }
  });

  it('keeps domhandler classes and getters', () => {
    const root = parseHtml(PAGE);
    const p = byName(root, 'p');
    expect(p).toBeInstanceOf(Element);
    expect(p.tagName).toBe('p');
    expect(p.nodeType).toBe(1);
    expect(p.attributes).toEqual([{ name: 'class', value: 'lead', namespace: undefined, prefix: undefined }]);
    expect(p.namespace).toBeUndefined();
    expect(p.firstChild).toBeInstanceOf(Text);
    expect((p.firstChild as Text).data).toBe('Bu bir ');
    expect(p.lastChild).toBe(byName(root, 'img'));
    expect(p.childNodes).toBe(p.children);
    const b = byName(root, 'b');
    expect(b.parentNode).toBe(p);
    expect(b.previousSibling).toBe(p.children[0]);
    expect(b.nextSibling).toBe(p.children[2]);
    expect(byName(root, 'script').type).toBe('script');
    expect(byName(root, 'style').type).toBe('style');
  });

  it('gives every element the same own fields, in the same order (one V8 hidden class)', () => {
    const keys = new Set(elementsOf(parseHtml(PAGE)).map((e) => Object.keys(e).join(',')));
    expect([...keys]).toEqual(['parent,prev,next,startIndex,endIndex,children,name,attribs,type']);
  });

  it('shares one frozen empty attribs object that refuses writes', () => {
    const root = parseHtml(PAGE);
    const br = byName(root, 'br');
    const div = byName(root, 'div');
    expect(br.attribs).toBe(EMPTY_ATTRIBS);
    expect(div.attribs).toBe(br.attribs);
    expect(Object.isFrozen(br.attribs)).toBe(true);
    expect(() => {
      br.attribs.id = 'x';
    }).toThrow(TypeError);
    expect(byName(root, 'img').attribs).toEqual({ src: 'a.png', alt: '' });
  });

  it('shares one frozen empty children array for childless elements, and gives a parent its own', () => {
    const root = parseHtml(PAGE);
    const br = byName(root, 'br');
    expect(br.children).toBe(EMPTY_CHILDREN);
    expect(byName(root, 'div').children).toBe(br.children);
    expect(hasChildren(br)).toBe(true);
    expect(br.firstChild).toBeNull();
    expect(() => br.children.push(new Text('x'))).toThrow(TypeError);
    const p = byName(root, 'p');
    expect(p.children).not.toBe(EMPTY_CHILDREN);
    expect(Object.isFrozen(p.children)).toBe(false);
  });

  it('clones into a mutable plain domhandler node', () => {
    const br = byName(parseHtml(PAGE), 'br');
    const copy = cloneNode(br, true);
    copy.attribs.id = 'x';
    copy.children.push(new Text('y') as ChildNode);
    expect(copy.attribs).toEqual({ id: 'x' });
    expect(br.attribs).toEqual({});
    expect(br.children).toHaveLength(0);
  });
});
