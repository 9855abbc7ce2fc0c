import { describe, expect, it } from 'vitest';
import { firstAtLeast, maxOf, minOf, pushAll } from '../../src/core/lists.js';

describe('lists', () => {
  // 0, 1, 2, … with the least and the greatest far from either end
  const many = Array.from({ length: 300_000 }, (_, i) => (i === 123_456 ? 1e9 : i === 200_000 ? -5 : i));

  it('pushAll appends in order, past the length a spread call can take', () => {
    const out = [-1];
    expect(pushAll(out, many)).toBe(out);
    expect(out).toHaveLength(300_001);
    expect(out[1]).toBe(many[0]);
    expect(out[300_000]).toBe(many[299_999]);
    expect(pushAll([1], new Set([2, 3]))).toEqual([1, 2, 3]);
  });

  it('minOf and maxOf read long lists and typed arrays', () => {
    expect(minOf(many)).toBe(-5);
    expect(maxOf(many)).toBe(1e9);
    expect(minOf(Int32Array.of(5, -3, 9))).toBe(-3);
    expect(maxOf(Int32Array.of(5, -3, 9))).toBe(9);
  });

  it('gives Math.min() and Math.max() of no values', () => {
    expect(minOf([])).toBe(Infinity);
    expect(maxOf([])).toBe(-Infinity);
  });

  it('firstAtLeast finds the first entry of a sorted list at or above a value, -1 past the last', () => {
    const sorted = Int32Array.of(2, 4, 4, 9);
    expect([0, 2, 3, 4, 5, 9, 10].map((x) => firstAtLeast(sorted, x))).toEqual([0, 0, 1, 1, 3, 3, -1]);
    expect(firstAtLeast([], 1)).toBe(-1);
  });
});
