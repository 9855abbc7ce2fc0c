/**
 * Pages that are UTF-8 in places and another charset in others (a UTF-8 template around posts kept in
 * their legacy charset after a forum migration; a Latin-1 `alt` text pasted into a UTF-8 page). The
 * bytes are cut into regions at markup boundaries (`<` and `>`, which are never part of a multi-byte
 * character in an ASCII-compatible charset), and each region holding non-ASCII bytes is UTF-8 when it is
 * valid UTF-8, an island of the other charset when it is not.
 * @module
 */
import { isUtf8 } from 'node:buffer';

const LT = 0x3c;
const GT = 0x3e;

/** A region of the bytes that is not valid UTF-8: `[start, end)`. */
export type ByteRange = readonly [number, number];

/** What {@link findUtf8Regions} finds. */
export interface Utf8Regions {
  /** Regions that are not valid UTF-8, in order, adjacent ones merged. */
  readonly islands: readonly ByteRange[];
  /** Non-ASCII bytes inside the islands. */
  readonly islandBytes: number;
  /** Multi-byte sequences of the valid regions that hold at least two (one can be a legacy pair by chance). */
  readonly utf8Sequences: number;
}

function countLeadBytes(bytes: Uint8Array, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) if (bytes[i] >= 0xc0) n++;
  return n;
}

/**
 * Cuts `bytes` into regions at `<` and `>` and sorts the regions with non-ASCII bytes into valid UTF-8
 * and islands. Linear in the bytes.
 * @example findUtf8Regions(Buffer.concat([utf8('<p>شى</p><p>'), cp1256('شى'), utf8('</p>')])).islands // [[12, 14]]
 * @category Encoding
 */
export function findUtf8Regions(bytes: Uint8Array): Utf8Regions {
  const islands: [number, number][] = [];
  let islandBytes = 0;
  let utf8Sequences = 0;
  let start = 0;
  let high = 0;
  const close = (end: number): void => {
    if (high > 0) {
      if (isUtf8(bytes.subarray(start, end))) {
        const n = countLeadBytes(bytes, start, end);
        if (n >= 2) utf8Sequences += n;
      } else {
        islandBytes += high;
        const last = islands[islands.length - 1];
        if (last !== undefined && last[1] === start) last[1] = end;
        else islands.push([start, end]);
      }
    }
    start = end;
    high = 0;
  };
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === LT) close(i);
    else if (b === GT) close(i + 1);
    else if (b >= 0x80) high++;
  }
  close(bytes.length);
  return { islands, islandBytes, utf8Sequences };
}

/** The bytes of the islands one after another, each followed by a line feed (the detector sample of the other charset). */
export function joinIslands(bytes: Uint8Array, islands: readonly ByteRange[], maxBytes: number): Uint8Array {
  const parts: Uint8Array[] = [];
  let n = 0;
  for (const [s, e] of islands) {
    if (n >= maxBytes) break;
    parts.push(bytes.subarray(s, e), LINE_FEED);
    n += e - s + 1;
  }
  return Buffer.concat(parts);
}

const LINE_FEED = Uint8Array.of(0x0a);
