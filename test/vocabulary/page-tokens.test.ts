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
});
