import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import type { AnyNode, Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { CompactTreeBuilder, dataOf, NodeKind, OVERFLOW_TAG, type CompactTree } from '../../src/dom/compact-tree.js';
import { compactFromDocument } from '../../src/dom/from-dom.js';
import { parseCompact, parseHtml, preorderNodes } from '../../src/dom/parse.js';
import { normalize } from '../../src/encoding/normalize.js';

const KIND: Readonly<Record<string, number>> = { root: NodeKind.Document, tag: NodeKind.Element, script: NodeKind.Element, style: NodeKind.Element, text: NodeKind.Text, comment: NodeKind.Other, directive: NodeKind.Other, cdata: NodeKind.Other };

/** Every difference between a compact tree and domhandler's tree of the same page ([] when they are the same tree). */
function differences(tree: CompactTree, root: AnyNode): string[] {
  const nodes = preorderNodes(root as never);
  const ids = new Map(nodes.map((n, i) => [n, i]));
  const out: string[] = [];
  if (nodes.length !== tree.size) return [`size ${tree.size}, domhandler ${nodes.length}`];
  nodes.forEach((n, i) => {
    const at = `node ${i} (${n.type})`;
    if (KIND[n.type] !== tree.kind[i]) out.push(`${at}: kind ${tree.kind[i]}`);
    if ((n.parent === null ? -1 : ids.get(n.parent)) !== tree.parent[i]) out.push(`${at}: parent ${tree.parent[i]}`);
    // a text node's source offsets; every other node tells -1 (the tree keeps none for them)
    const [start, end] = n.type === 'text' ? [n.startIndex ?? -1, n.endIndex ?? -1] : [-1, -1];
    if (start !== tree.textSourceStart(i) || end !== tree.textSourceEnd(i)) {
      out.push(`${at}: source ${tree.textSourceStart(i)}–${tree.textSourceEnd(i)}, domhandler ${start}–${end}`);
    }
    let last: AnyNode = n;
    while ('children' in last && last.children.length > 0) last = last.children[last.children.length - 1];
    if (tree.subtreeEnd[i] !== ids.get(last)! + 1) out.push(`${at}: subtree end ${tree.subtreeEnd[i]}`);
    if ('data' in n && dataOf(tree, i) !== n.data) out.push(`${at}: data ${JSON.stringify(dataOf(tree, i))}, domhandler ${JSON.stringify(n.data)}`);
    if (n.type === 'directive' && tree.tagNames[tree.tagId[i]] !== n.name) out.push(`${at}: name ${tree.tagNames[tree.tagId[i]]}`);
    if (tree.kind[i] === NodeKind.Element) {
      const element = n as Element;
      if (tree.tagNames[tree.tagId[i]] !== element.name) out.push(`${at}: tag ${tree.tagNames[tree.tagId[i]]}, domhandler ${element.name}`);
      const attributes: Record<string, string> = {};
      for (let k = tree.payloadStart[i]; k < tree.payloadEnd[i]; k++) attributes[tree.attrNames[tree.attrName[k]]] = tree.attrValue[k];
      if (JSON.stringify(attributes) !== JSON.stringify(element.attribs)) out.push(`${at}: attributes ${JSON.stringify(attributes)}, domhandler ${JSON.stringify(element.attribs)}`);
    }
  });
  return out;
}

/** Pieces of markup that exercise the parser's corners: references, implied and ignored tags, foreign content, CDATA, comments. */
const PIECES = [
  '<html>', '<body>', '<div class="a b" id=x>', '</div>', '<p>', '</p>', '<br>', '</br>', '<a href="/x?a=1&amp;b=2">', '</a>',
  '<form>', '<form action=y>', '</form>', '<table><tr><td>', '</td>', '<li>', '<img src=a alt="x&quot;y">', '<input value=1 value=2>',
  '<svg>', '<foreignObject>', '<![CDATA[c]]>', '</svg>', '<math>', '</math>', '<!-- note -->', '<!--', '-->', '<!doctype html>',
  '<?xml version="1.0"?>', '<script>if (a < b) x = "</p>";</script>', '<style>p{}</style>', '<title>T &amp; U</title>',
  '&amp;', '&nbsp;', '&#1588;', '&#x1F600;', '&copy', '&notareference;', '< b', 'a > b', '</span>', '<SPAN Lang=UG>', '</SPAN>',
  'Salam ', 'سالام ', '你好，', 'Привет ', '\n', '\r\n', '\t',
  // names the parser reads by hand (dom/name-interner.ts): cases, the `image` alias in and out of SVG, SVG's own
  // cases, a dotted capital I (not ASCII), a name too long to look up, attribute names in several cases
  '<Image src=x>', '<IMAGE>', '</image>', '<image/>', '<feImage>', '</FEIMAGE>', '<FOREIGNOBJECT>', '</foreignobject>',
  '<D\u0130V>', '</d\u0130v>', '<x-a-custom-element-with-a-rather-long-name>', '</X-A-CUSTOM-ELEMENT-WITH-A-RATHER-LONG-NAME>',
  '<p IMAGE=1 Image=2 image=3>', '<div ID=x id=y Class=z>', '<i a~=1 b_=2>', '<A~>', '<b_>',
];

const pieceHtml = fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 6 })), { maxLength: 60 }).map((p) => p.join(''));

describe('parseCompact', () => {
  it.each([
    ['text only'],
    ['<p>a &amp; b</p>x</span>y&lt;z'], // a reference, and text joined around an end tag the parser ignores
    ['<!doctype html><html><head><title>T</title></head><body><div id=a class="b c" hidden>x<br>y</div><!-- c --></body></html>'],
    ['</p></br><p>one<p>two<li>three<td>four'],
    ['<form a=1><form b=2>x</form></form>'], // the second <form> and its attributes are ignored
    ['<svg><![CDATA[x<y]]><foreignObject><p>z</p></foreignObject></svg><![CDATA[w]]>'],
    ['<div>'.repeat(600) + 'deep'],
    ['<div><p>x</p><A '], // a start tag the page never ends: no element, and domhandler gives its document an end
    ['x<br '],
    ['<a href="x'],
    ['</A\r\n'], // text after an end tag the page never ends comes from offset −1, as the parser slices it
    ['<p>x</p></b\r\ny'],
    ['<A/'], // a start tag the page never ends: its rest is text, joined to the text before it
    ['x<A/'],
    ['<p>x<a b="1" c/'],
    ['<!--c--><A/ '],
    [''],
    ['<IMAGE src=a><Image><svg><image href=b/><foreignObject><image><p>x</p></foreignObject></svg><image>'], // `image` is `img` outside SVG only
    ['<svg><feImage/><FEIMAGE/></svg><feimage></feimage><DIV Id=a ID=b><dİv>x</DİV></div>'],
    ['<a~ b_=1 a~=2><b_ a~=3>'], // two names of one hash (dom/name-interner.ts)
    ['<foreignobject></foreignobject><svg><foreignObject><p>x</p></FOREIGNOBJECT></svg>'], // a name read outside SVG, then in it
    ['<p image=1 IMG=2><image>'], // an attribute named as a tag whose name is adjusted
  ])('makes the tree parseHtml makes, node for node: %j', (html) => {
    expect(differences(parseCompact(html).tree, parseHtml(html))).toEqual([]);
  });

  it('makes the tree parseHtml makes on random markup', () => {
    fc.assert(fc.property(pieceHtml, (html) => {
      expect(differences(parseCompact(html).tree, parseHtml(html))).toEqual([]);
    }), { numRuns: 400 });
  });

  it('keeps text that is written as it stands as a range of the page (no copy), decoded text in `extra`', () => {
    const { tree } = parseCompact('<p>plain words</p><p>a &amp; b</p>');
    const [plain, decoded] = [2, 4];
    expect(dataOf(tree, plain)).toBe('plain words');
    expect(tree.payloadStart[plain]).toBeLessThan(tree.html.length);
    expect(dataOf(tree, decoded)).toBe('a & b');
    expect(tree.payloadStart[decoded]).toBeGreaterThanOrEqual(tree.html.length);
    expect(tree.extra).toBe('a & b');
  });

  it('counts the elements flattened by the depth limit, as parseHtmlReport does', () => {
    const html = '<div>'.repeat(10) + 'x';
    const report = parseCompact(html, { maxDepth: 4 });
    expect(report.flattened).toBe(6);
    expect(differences(report.tree, parseHtml(html, { maxDepth: 4 }))).toEqual([]);
    expect(Math.max(...report.tree.depth)).toBe(5);
  });

  it('throws input-too-large past maxNodes', () => {
    expect(() => parseCompact('<p>a</p><p>b</p>', { maxNodes: 4 })).toThrow(expect.objectContaining({ code: 'input-too-large' }));
    expect(parseCompact('<p>a</p><p>b</p>', { maxNodes: 5 }).tree.size).toBe(5);
  });

  it('records tags past 65,534 distinct names under one name', () => {
    const builder = new CompactTreeBuilder('', 4, 100_000);
    for (let i = 0; i < 65_540; i++) {
      builder.openElement(`x${i}`);
      builder.closeElement();
    }
    const tree = builder.finish();
    expect(tree.tagNames).toHaveLength(0xffff);
    expect(tree.tagNames[tree.tagId[tree.size - 1]]).toBe(OVERFLOW_TAG);
    expect(tree.tagNames[tree.tagId[1]]).toBe('x0');
  });
});

describe('compactFromDocument', () => {
  it('makes the tree of a given domhandler document, node for node', () => {
    fc.assert(fc.property(pieceHtml, (html) => {
      const root = parseHtml(html);
      expect(differences(compactFromDocument(root, html, 1_000_000), root)).toEqual([]);
    }), { numRuns: 200 });
  });
});

const CORPORA = resolve(import.meta.dirname, '../../../shared/corpora');

describe.skipIf(!existsSync(CORPORA))('parseCompact on the shared corpora (skipped without ../shared)', () => {
  it('makes the tree parseHtml makes on the first pages of every corpus', () => {
    const corpora = readdirSync(CORPORA, { withFileTypes: true }).filter((e) => e.isDirectory());
    let pages = 0;
    for (const corpus of corpora) {
      const dir = join(CORPORA, corpus.name, 'pages');
      if (!existsSync(dir)) continue;
      for (const file of readdirSync(dir).slice(0, 8)) {
        let html: string;
        try {
          html = normalize(readFileSync(join(dir, file))).html;
        } catch {
          continue; // not text: normalize refuses it, nothing is parsed
        }
        expect(differences(parseCompact(html).tree, parseHtml(html)), `${corpus.name}/${file}`).toEqual([]);
        pages++;
      }
    }
    expect(pages).toBeGreaterThan(50);
  });
});
