import { describe, expect, it } from 'vitest';
import { PAGE_SCRATCH, ScratchArrays, scratchBytes } from '../../src/core/scratch.js';

describe('ScratchArrays', () => {
  it('carves aligned arrays out of one pooled buffer, and allocates apart what does not fit', () => {
    const scratch = new ScratchArrays(scratchBytes([3, 4], [2, 8], [3, 4]));
    const a = scratch.int32(3);
    const b = scratch.float64(2);
    const c = scratch.uint32(3);
    expect(a.buffer).toBe(b.buffer);
    expect(c.buffer).toBe(a.buffer);
    expect(b.byteOffset % 8).toBe(0);
    expect(b.byteOffset).toBeGreaterThanOrEqual(a.byteOffset + a.byteLength);
    expect(c.byteOffset).toBeGreaterThanOrEqual(b.byteOffset + b.byteLength);
    expect(c).toBeInstanceOf(Uint32Array);
    const big = scratch.int32(1 << 20);
    expect(big.buffer).not.toBe(a.buffer);
    expect(big.length).toBe(1 << 20);
    scratch.release();
  });

  it('gives its buffer back: the next taker reuses it', () => {
    const first = new ScratchArrays(4096);
    const buffer = first.int32(1).buffer;
    first.release();
    const taken = PAGE_SCRATCH.take(1024);
    expect(taken).toBe(buffer);
    PAGE_SCRATCH.give(taken);
  });

  it('takes the pool\'s largest buffer for a bound over its cap, and allocates apart what does not fit in it', () => {
    PAGE_SCRATCH.reserve(PAGE_SCRATCH.maxBytes);
    const spare = PAGE_SCRATCH.take(1);
    PAGE_SCRATCH.give(spare);
    const quarter = PAGE_SCRATCH.maxBytes / 16; // int32 elements in a quarter of the cap
    const scratch = new ScratchArrays(2 * PAGE_SCRATCH.maxBytes);
    const a = scratch.int32(quarter);
    const b = scratch.int32(2 * quarter);
    const c = scratch.int32(2 * quarter);
    // identity as booleans: a failed toBe on two 32 MB buffers would print them
    expect([a.buffer === spare, b.buffer === spare, c.buffer === spare]).toEqual([true, true, false]);
    expect(c.length).toBe(2 * quarter);
    scratch.release();
    const next = PAGE_SCRATCH.take(1);
    expect(next === spare).toBe(true);
    PAGE_SCRATCH.give(next);
  });

  it('scratchBytes rounds each array up to whole doubles', () => {
    expect(scratchBytes([1, 4], [3, 4], [1, 8])).toBe(8 + 16 + 8);
  });
});
