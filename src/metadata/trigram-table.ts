/**
 * Trigrams (strings of three UTF-16 code units) to ids, looked up by their three code units: the
 * language search reads every trigram of a text against a script's profiles, and building a string
 * per trigram and hashing it in a `Map` was most of its time. An open-addressing table over typed
 * arrays (linear probing, load at most one half) answers the same ids without building a string.
 * @module
 */

/** A built table: slot arrays of the three code units and the id, `-1` for an empty slot. */
export interface TrigramTable {
  readonly mask: number;
  readonly first: Uint16Array;
  readonly second: Uint16Array;
  readonly third: Uint16Array;
  readonly id: Int32Array;
}

/** Slot of code units `a b c` before probing (a multiplicative hash, then the high bits folded in). */
function hashOf(a: number, b: number, c: number, mask: number): number {
  const h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d);
  return (h ^ (h >>> 15)) & mask;
}

/**
 * The table of `trigrams`, each with its index in the list as its id (a string listed twice keeps its
 * first index). A string that is not three code units long gets no slot: no three-unit slice of a text
 * can equal it, so it could never be found.
 */
export function buildTrigramTable(trigrams: readonly string[]): TrigramTable {
  let capacity = 16;
  while (capacity < 2 * trigrams.length) capacity *= 2;
  const mask = capacity - 1;
  const table = { mask, first: new Uint16Array(capacity), second: new Uint16Array(capacity), third: new Uint16Array(capacity), id: new Int32Array(capacity).fill(-1) };
  trigrams.forEach((t, id) => {
    if (t.length !== 3) return;
    const a = t.charCodeAt(0);
    const b = t.charCodeAt(1);
    const c = t.charCodeAt(2);
    let slot = hashOf(a, b, c, mask);
    while (table.id[slot] >= 0) {
      if (table.first[slot] === a && table.second[slot] === b && table.third[slot] === c) return;
      slot = (slot + 1) & mask;
    }
    table.first[slot] = a;
    table.second[slot] = b;
    table.third[slot] = c;
    table.id[slot] = id;
  });
  return table;
}

/** The id of the trigram of code units `a b c`, or -1 when the table has none. */
export function trigramId(table: TrigramTable, a: number, b: number, c: number): number {
  const { mask, first, second, third, id } = table;
  for (let slot = hashOf(a, b, c, mask); id[slot] >= 0; slot = (slot + 1) & mask) {
    if (first[slot] === a && second[slot] === b && third[slot] === c) return id[slot];
  }
  return -1;
}
