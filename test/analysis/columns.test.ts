import { describe, expect, it } from 'vitest';
import { allocateColumns, BYTES_PER_NODE, growColumns, type NodeColumns } from '../../src/analysis/columns.js';

const NAMES = [
  'parent', 'subtreeEnd', 'tagPathId', 'textChars', 'linkChars', 'nonLinkChars', 'tags', 'linkTags', 'linkCount',
  'punctuation', 'paragraphs', 'textStart', 'textEnd', 'depth', 'kind', 'excluded', 'inLink',
] as const;

describe('node columns', () => {
  it('lays out every column with its own, non-overlapping range of one buffer', () => {
    const columns = allocateColumns(5);
    expect(BYTES_PER_NODE).toBe(4 * 13 + 2 + 3);
    const buffer = columns.parent.buffer;
    for (const name of NAMES) {
      expect(columns[name].length, name).toBe(5);
      expect(columns[name].buffer, name).toBe(buffer);
    }
    NAMES.forEach((name, i) => columns[name].fill(i + 1));
    NAMES.forEach((name, i) => expect(Array.from(columns[name]), name).toEqual([i + 1, i + 1, i + 1, i + 1, i + 1]));
  });

  it.each([1, 7, 64])('grows from %i entries keeping every value', (capacity) => {
    const small: NodeColumns = allocateColumns(capacity);
    NAMES.forEach((name, i) => small[name].fill(i + 2));
    const big = growColumns(small, capacity * 3);
    expect(big.capacity).toBe(capacity * 3);
    NAMES.forEach((name, i) => {
      expect(Array.from(big[name].subarray(0, capacity)), name).toEqual(new Array(capacity).fill(i + 2));
      expect(Array.from(big[name].subarray(capacity)), name).toEqual(new Array(capacity * 2).fill(0));
    });
  });
});
