/**
 * The scratch memory the stages of a page share. The stages run one after another, so one spare buffer
 * (`buffer-pool.ts`) serves them all: the text builder of the analysis, the text blocks, a member's
 * working arrays each take it in turn, and a page allocates scratch about once, for its largest user,
 * instead of once per stage.
 * @module
 */
import { BufferPool } from './buffer-pool.js';

/** The pool of page scratch (its rule: `buffer-pool.ts`). */
export const PAGE_SCRATCH = new BufferPool(32 * 1024 * 1024);

/**
 * Page scratch per node that {@link reservePageScratch} reserves: at least what the largest user of a page's
 * scratch takes, segmentation's leaves, split indexes and nearest containers (`extractors/segmentation`: 64
 * bytes a text node, 20 an element, 4 a node). A bound too low costs the page a second buffer, never a result.
 */
export const SCRATCH_BYTES_PER_NODE = 68;

/**
 * Reserves the page scratch of a page of `nodes` nodes whose visible text takes at most `textBytes` bytes to
 * build, before its first user (the analysis' text builder) takes it: every stage of the page then carves
 * the same buffer, where each used to allocate a larger one than the last (a page of 100,000 `<p>` grew
 * its scratch four times, and the written buffers stayed resident until collected).
 */
export function reservePageScratch(nodes: number, textBytes: number): void {
  PAGE_SCRATCH.reserve(Math.max(SCRATCH_BYTES_PER_NODE * nodes, textBytes));
}

/**
 * Where a stage takes its working typed arrays: {@link FRESH_ARRAYS} (new, zeroed, free to keep) or a
 * {@link ScratchArrays} (carved from page scratch, holding what the last user left). A stage that takes
 * either writes every element it reads, so its results do not depend on which.
 */
export interface TypedArraySource {
  int8(length: number): Int8Array;
  uint8(length: number): Uint8Array;
  int32(length: number): Int32Array;
  uint32(length: number): Uint32Array;
  float64(length: number): Float64Array;
}

/** New typed arrays: the source for arrays a caller may keep. */
export const FRESH_ARRAYS: TypedArraySource = Object.freeze({
  int8: (length: number) => new Int8Array(length),
  uint8: (length: number) => new Uint8Array(length),
  int32: (length: number) => new Int32Array(length),
  uint32: (length: number) => new Uint32Array(length),
  float64: (length: number) => new Float64Array(length),
});

/** A typed array's constructor, as {@link ScratchArrays} calls it: a fresh array, or a view of a buffer. */
interface ScratchView<T> {
  readonly BYTES_PER_ELEMENT: number;
  new (length: number): T;
  new (buffer: ArrayBuffer, byteOffset: number, length: number): T;
}

/** Byte alignment of every array {@link ScratchArrays} carves (the widest element, a double). */
const ALIGN = 8;

/**
 * Typed arrays carved one after another out of one buffer taken from {@link PAGE_SCRATCH}, the scratch of
 * one call: {@link ScratchArrays.release} gives the buffer back, after which no array carved from it may
 * be read, so none may escape the call. An array that does not fit what is left is allocated on its own (a
 * bound too low costs an allocation, never a result). The contents are what the last user left: a caller
 * writes every element it reads.
 */
export class ScratchArrays implements TypedArraySource {
  private readonly buffer: ArrayBuffer;
  private offset = 0;

  /**
   * @param bytes the bytes the caller expects to carve, a bound: the buffer taken is at least as large, or is
   *   the largest the pool keeps (`maxBytes`) when the bound is larger, and what does not fit in it is allocated
   *   array by array. A bound over the cap took a buffer of its own, and the stages of a large page wrote one
   *   each beside the pool's spare (on 5 MB of `word<br>` segmentation and line-blocks, ≈ 3× the page each).
   */
  constructor(bytes: number) {
    this.buffer = PAGE_SCRATCH.take(Math.min(bytes, PAGE_SCRATCH.maxBytes));
  }

  int8(length: number): Int8Array {
    return this.carve(Int8Array, length);
  }

  uint8(length: number): Uint8Array {
    return this.carve(Uint8Array, length);
  }

  int32(length: number): Int32Array {
    return this.carve(Int32Array, length);
  }

  uint32(length: number): Uint32Array {
    return this.carve(Uint32Array, length);
  }

  float64(length: number): Float64Array {
    return this.carve(Float64Array, length);
  }

  /** Gives the buffer back to the pool; no array carved from it may be read afterwards. */
  release(): void {
    PAGE_SCRATCH.give(this.buffer);
  }

  /** An array of `length` elements, a view of the buffer when it fits what is left, else its own. */
  private carve<T>(View: ScratchView<T>, length: number): T {
    const at = this.reserve(View.BYTES_PER_ELEMENT * length);
    return at < 0 ? new View(length) : new View(this.buffer, at, length);
  }

  /** The offset of `bytes` more bytes in the buffer, or −1 when they do not fit. */
  private reserve(bytes: number): number {
    const at = this.offset;
    if (at + bytes > this.buffer.byteLength) return -1;
    this.offset = at + Math.ceil(bytes / ALIGN) * ALIGN;
    return at;
  }
}

/** The bytes {@link ScratchArrays} takes for arrays of these element counts and widths (each aligned). */
export function scratchBytes(...arrays: readonly [length: number, width: number][]): number {
  let bytes = 0;
  for (const [length, width] of arrays) bytes += Math.ceil((length * width) / ALIGN) * ALIGN;
  return bytes;
}
