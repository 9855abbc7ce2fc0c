/**
 * Counts the head of a batch before it runs, without walking it twice: the sources read while
 * counting are replayed first, then the rest follow from the same iterator. Counting stops as soon as
 * the batch is known to be larger than the limits, so a huge directory costs a few stats, not a walk.
 * @module
 */
import { stat } from 'node:fs/promises';
import type { BatchSize } from './jobs-choice.js';
import { isGzipName, type PageSource } from './inputs.js';

/** Where counting stops: past this many pages or bytes the batch is large, whatever follows. */
export interface PeekLimits {
  readonly maxPages: number;
  readonly maxBytes: number;
}

/** A batch counted as far as needed, and its sources, the counted ones first. */
export interface PeekedBatch {
  /** Null when a source's size is not known without reading it (see {@link sourceBytes}). */
  readonly batch: BatchSize | null;
  readonly sources: AsyncIterable<PageSource>;
}

/**
 * Bytes a source brings, known up front: a plain file's size on disk (0 for a file that cannot be
 * read or a symlink loop: it gets an error record without being parsed), a page already in memory,
 * 0 for unreadable input (an error record too);
 * null for a gzipped file (its unpacked size is known only by unpacking it), standard input and a URL.
 */
export async function sourceBytes(source: PageSource): Promise<number | null> {
  switch (source.kind) {
    case 'file':
      if (source.problem) return 0;
      if (isGzipName(source.path)) return null;
      return (await stat(source.path).catch(() => null))?.size ?? 0;
    case 'bytes': return source.bytes.byteLength;
    case 'unreadable': return 0;
    default: return null;
  }
}

async function* replay(head: readonly PageSource[], rest: AsyncIterator<PageSource>): AsyncGenerator<PageSource> {
  try {
    yield* head;
    for (let next = await rest.next(); next.done !== true; next = await rest.next()) yield next.value;
  } finally {
    await rest.return?.(); // a consumer that stops early also ends the walk
  }
}

/** Counts `sources` up to `limits` (one page past them at most) and gives them back whole. */
export async function peekBatch(sources: AsyncIterable<PageSource>, limits: PeekLimits): Promise<PeekedBatch> {
  const iterator = sources[Symbol.asyncIterator]();
  const head: PageSource[] = [];
  let bytes = 0;
  let known = true;
  let complete = false;
  while (head.length <= limits.maxPages && bytes <= limits.maxBytes) {
    const next = await iterator.next();
    if (next.done === true) {
      complete = true;
      break;
    }
    head.push(next.value);
    const size = await sourceBytes(next.value);
    if (size === null) {
      known = false;
      break;
    }
    bytes += size;
  }
  return { batch: known ? { pages: head.length, bytes, complete } : null, sources: replay(head, iterator) };
}
