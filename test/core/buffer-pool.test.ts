import { describe, expect, it } from 'vitest';
import { BufferPool } from '../../src/core/buffer-pool.js';

describe('BufferPool', () => {
  it('gives the spare back when it is large enough, and grows geometrically when it is not', () => {
    const pool = new BufferPool(1000);
    const first = pool.take(100);
    expect(first.byteLength).toBe(100);
    pool.give(first);
    expect(pool.take(80)).toBe(first);
    pool.give(first);
    const bigger = pool.take(120); // the spare is too small: a new one, half again the spare's size at least
    expect(bigger).not.toBe(first);
    expect(bigger.byteLength).toBe(150);
    pool.give(bigger);
    expect(pool.take(10)).toBe(bigger); // the largest seen is kept
  });

  it('hands a taken buffer to no one else until it is given back (a nested user gets its own)', () => {
    const pool = new BufferPool(1000);
    pool.give(pool.take(64));
    const outer = pool.take(64);
    const inner = pool.take(64);
    expect(inner).not.toBe(outer);
  });

  it('reserve makes the spare at least as long as asked (at most maxBytes), and keeps a longer one', () => {
    const pool = new BufferPool(1000);
    pool.reserve(300);
    const reserved = pool.take(10);
    expect(reserved.byteLength).toBe(300);
    pool.give(reserved);
    pool.reserve(200); // the spare is longer already: kept
    expect(pool.take(250)).toBe(reserved);
    pool.give(reserved);
    pool.reserve(5000); // capped at maxBytes, so it is kept between calls
    const capped = pool.take(10);
    expect(capped.byteLength).toBe(1000);
    pool.give(capped);
    expect(pool.take(1000)).toBe(capped);
  });

  it('keeps nothing above maxBytes between calls', () => {
    const pool = new BufferPool(100);
    const huge = pool.take(500);
    expect(huge.byteLength).toBe(500);
    pool.give(huge);
    expect(pool.take(500)).not.toBe(huge);
    expect(pool.take(90).byteLength).toBeLessThanOrEqual(100);
  });
});
