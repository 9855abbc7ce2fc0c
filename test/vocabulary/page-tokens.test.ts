import { describe, expect, it } from 'vitest';
import type { Element } from 'domhandler';
import { analyze } from '../../src/analysis/analyze.js';
import { normalize } from '../../src/encoding/normalize.js';
import { NodeKind } from '../../src/analysis/types.js';
import { nodeTokens } from '../../src/vocabulary/page-tokens.js';

describe('nodeTokens', () => {
  const page = [
    '<div class="Post Entry"><p class="Post Entry">a</p><p class="post  entry">b</p>',
    '<p class="Post Entry" id="First-One">c</p><span itemprop="articleBody" class="Post Entry">d</span>',
    '<p class="  ">e</p><p class="" id="x">f</p><p>g</p></div>',
  ].join('');

  it('gives every element the tokens of its own class, id and itemprop values, shared or not', () => {
    const doc = analyze(normalize(page));
    const tokens = nodeTokens(doc);
    const { size, kind, nodes } = doc.index;
    const seen: string[][] = [];
    for (let i = 0; i < size; i++) {
      if (kind[i] !== NodeKind.Element) {
        expect(tokens.at(i)).toEqual([]);
        continue;
      }
      const a = (nodes[i] as Element).attribs;
      const expected = [a.class, a.id, a.itemprop].flatMap((v) => (v ?? '').toLowerCase().split(/\s+/).filter((t) => t !== ''));
      expect(tokens.at(i)).toEqual(expected);
      if (expected.length > 0) seen.push([...tokens.at(i)]);
    }
    expect(seen).toEqual([
      ['post', 'entry'], ['post', 'entry'], ['post', 'entry'], ['post', 'entry', 'first-one'], ['post', 'entry', 'articlebody'], ['x'],
    ]);
  });

  it('shares one array between elements with only the same class value', () => {
    const doc = analyze(normalize(page));
    const tokens = nodeTokens(doc);
    const ids = (className: string) => doc.index.nodes.flatMap((n, i) => (n.type === 'tag' && (n as Element).attribs.class === className ? [i] : []));
    const [div, a, withId, withItemprop] = ids('Post Entry');
    expect(tokens.at(a)).toBe(tokens.at(div)); // found, not built again
    expect(tokens.at(withId)).not.toBe(tokens.at(div));
    expect(tokens.at(withItemprop)).not.toBe(tokens.at(div));
    const [b] = ids('post  entry');
    expect(tokens.at(b)).not.toBe(tokens.at(div)); // another spelling of the value is its own entry, with the same tokens
    expect(tokens.at(b)).toEqual(tokens.at(div));
  });

  it('holds past 65,535 token lists (each id its own list), and gives nothing on a page without tokens', () => {
    const count = 70_000;
    const doc = analyze(normalize(`<body>${Array.from({ length: count }, (_, n) => `<i id="N${n}">${n % 10}</i>`).join('')}</body>`));
    const tokens = nodeTokens(doc);
    const ids = doc.index.nodes.flatMap((n, i) => (n.type === 'tag' && n.name === 'i' ? [i] : []));
    expect(ids.length).toBe(count);
    for (const n of [0, 1, 65_534, 65_535, 65_536, count - 1]) expect(tokens.at(ids[n])).toEqual([`n${n}`]);
    const bare = analyze(normalize('<body><p>one</p><p class=" ">two</p></body>'));
    const none = nodeTokens(bare);
    for (let i = 0; i < bare.index.size; i++) expect(none.at(i)).toEqual([]);
  });
});
