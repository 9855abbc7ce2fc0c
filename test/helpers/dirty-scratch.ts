/**
 * Page scratch that holds garbage, for tests of the stages that carve it (`core/scratch.ts`): such a stage must
 * write every element it reads, so its results are the same whatever the scratch held.
 */
import { vi } from 'vitest';
import { PAGE_SCRATCH, ScratchArrays, type TypedArraySource } from '../../src/core/scratch.js';

/** The bytes the scratch is poisoned with in turn: 0x01 reads as a mark (`=== 1`), 0xff as −1 (a sentinel), 0xa5 as neither. */
export const POISON_BYTES: readonly number[] = [0x00, 0x01, 0xa5, 0xff];

/** `array` with `byte` in each of its bytes. */
function poisoned<T extends ArrayBufferView>(array: T, byte: number): T {
  new Uint8Array(array.buffer, array.byteOffset, array.byteLength).fill(byte);
  return array;
}

/**
 * Makes every array carved from page scratch hold `byte` in each of its bytes, whatever the stages before left
 * there (the stages of one page leave the same bytes on every run: only poisoning each array as it is carved shows
 * a stage that reads what it did not write), and fills the pool's spare buffer, which the text builder and the
 * text blocks take whole. Undone by `vi.restoreAllMocks()`.
 */
export function poisonScratch(byte: number): void {
  vi.restoreAllMocks();
  for (const method of ['int8', 'uint8', 'int32', 'uint32', 'float64'] as const) {
    const carve = ScratchArrays.prototype[method] as (this: ScratchArrays, length: number) => ArrayBufferView;
    vi.spyOn(ScratchArrays.prototype, method).mockImplementation(function (this: ScratchArrays, length: number) {
      return poisoned(carve.call(this, length), byte);
    } as never);
  }
  const buffer = PAGE_SCRATCH.take(1 << 20);
  new Uint8Array(buffer).fill(byte);
  PAGE_SCRATCH.give(buffer);
}

/** `read()` once per byte of {@link POISON_BYTES}, the scratch poisoned with it: one result per byte. */
export function readsUnderPoison<T>(read: () => T): T[] {
  const results = POISON_BYTES.map((byte) => {
    poisonScratch(byte);
    return read();
  });
  vi.restoreAllMocks();
  return results;
}

/** Fresh arrays that hold `byte` in each of their bytes: what a stage finds in page scratch. */
export function dirtyArrays(byte: number): TypedArraySource {
  return {
    int8: (n) => poisoned(new Int8Array(n), byte), uint8: (n) => poisoned(new Uint8Array(n), byte), int32: (n) => poisoned(new Int32Array(n), byte),
    uint32: (n) => poisoned(new Uint32Array(n), byte), float64: (n) => poisoned(new Float64Array(n), byte),
  };
}
