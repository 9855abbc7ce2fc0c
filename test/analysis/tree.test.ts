import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { commonAncestor } from '../../src/analysis/tree.js';
import { asNormalized } from '../helpers/normalized.js';

describe('commonAncestor', () => {
  const d = analyze(asNormalized('<div id="a"><p><b>one</b>two</p><p>three</p></div><div>four</div>'));
  const { tag, size, parent } = d.index;
  const ids = (name: string): number[] => Array.from({ length: size }, (_, i) => i).filter((i) => tag[i] === name);
  const [b] = ids('b');
  const [p1, p2] = ids('p');
  const [div1, div2] = ids('div');

  it.each<[string, () => number[], () => number]>([
    ['a single node is its own ancestor', () => [b], () => b],
    ['a node and its descendant', () => [b, p1], () => p1],
    ['siblings, in any order', () => [p2, b, p1], () => div1],
    ['nodes apart in the tree', () => [div2 + 1, b], () => parent[div1]],
  ])('%s', (_name, nodes, expected) => {
    expect(commonAncestor(d.index, nodes())).toBe(expected());
  });
});
