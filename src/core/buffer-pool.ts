/**
 * One spare `ArrayBuffer` kept between pages for scratch work: a worker that runs many pages reuses the
 * buffer of the largest page it saw instead of allocating (and zeroing) one per page.
 *
 * The rule that keeps results immutable: a pooled buffer only ever holds scratch data of one synchronous
 * call (taken at its start, given back at its end), and nothing a caller keeps (a tree, an analysis, a
 * result's lazy getters) is a view of it; what survives the call is copied out exactly sized. A taken
 * buffer leaves the pool, so a nested or concurrent user gets a fresh one, and a call that throws before
 * giving its buffer back only costs the next call an allocation. The contents of a taken buffer are
 * whatever the last user left: the taker initializes what it reads.
 * @module
 */

/** How much bigger than asked a newly allocated buffer is made, so a worker's growing pages do not allocate each time. */
const GROWTH = 1.5;

/**
 * A pool of one spare buffer (see the module's description).
 * @category Core
 */
export class BufferPool {
  private spare: ArrayBuffer | null = null;

  /** @param maxBytes the largest buffer kept between calls (a bigger page's buffer is dropped after it, not held for the worker's life) */
  constructor(readonly maxBytes: number) {}

  /** A buffer of at least `bytes` bytes, out of the pool until {@link give}n back. */
  take(bytes: number): ArrayBuffer {
    const spare = this.spare;
    if (spare !== null && spare.byteLength >= bytes) {
      this.spare = null;
      return spare;
    }
    const grown = Math.ceil(Math.max(bytes, (spare?.byteLength ?? 0) * GROWTH));
    return new ArrayBuffer(bytes <= this.maxBytes ? Math.min(grown, this.maxBytes) : bytes);
  }

  /**
   * Makes the spare at least `bytes` long (at most `maxBytes`) before a call whose users each take more than
   * the last: they then share one buffer instead of allocating a larger one each while the smaller ones, already
   * written, wait for the collector. A large buffer is mapped on demand: the part of a bound that no user
   * writes costs address space, not memory.
   */
  reserve(bytes: number): void {
    const wanted = Math.min(bytes, this.maxBytes);
    if (this.spare === null || this.spare.byteLength < wanted) this.spare = new ArrayBuffer(wanted);
  }

  /** Returns a buffer from {@link take}: kept as the spare when it is the largest seen within `maxBytes`. No view of it may be used afterwards. */
  give(buffer: ArrayBuffer): void {
    if (buffer.byteLength <= this.maxBytes && (this.spare === null || buffer.byteLength > this.spare.byteLength)) this.spare = buffer;
  }
}
