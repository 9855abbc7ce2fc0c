import { describe, expect, it } from 'vitest';
import { allocateColumns, BYTES_PER_NODE } from '../../src/analysis/columns.js';

const NAMES = [
  'tagPathId', 'textChars', 'linkChars', 'linkCount',
  'textStart', 'textEnd', 'excluded',
] as const;

describe('node columns', () => {
  it('lays out every column with its own, non-overlapping range of one buffer', () => {
    const columns = allocateColumns(5);
    expect(BYTES_PER_NODE).toBe(4 * 6 + 1);
    const buffer = columns.tagPathId.buffer;
    for (const name of NAMES) {
      expect(columns[name].length, name).toBe(5);
      expect(columns[name].buffer, name).toBe(buffer);
    }
    NAMES.forEach((name, i) => columns[name].fill(i + 1));
    NAMES.forEach((name, i) => expect(Array.from(columns[name]), name).toEqual([i + 1, i + 1, i + 1, i + 1, i + 1]));
  });
});
