import { describe, expect, it } from 'vitest';
import { fillFrom } from '../../src/core/typed-arrays.js';

describe('fillFrom', () => {
  it('gives what TypedArray.from with the same mapper gives', () => {
    const items = [{ n: 3 }, { n: -1 }, { n: 2.5 }];
    const value = (item: { n: number }, k: number) => item.n * 10 + k;
    expect(fillFrom(new Float64Array(items.length), items, value)).toEqual(Float64Array.from(items, value));
    expect(fillFrom(new Int32Array(items.length), items, value)).toEqual(Int32Array.from(items, value));
    expect(fillFrom(new Uint8Array(0), [], value)).toEqual(new Uint8Array(0));
  });
});
