import { describe, expect, it } from 'vitest';
import { buildTrigramTable, trigramId } from '../../src/metadata/trigram-table.js';

const idOf = (table: ReturnType<typeof buildTrigramTable>, t: string) => trigramId(table, t.charCodeAt(0), t.charCodeAt(1), t.charCodeAt(2));

describe('trigram table', () => {
  it('answers each listed trigram with its first index, -1 for any other', () => {
    const table = buildTrigramTable([' th', 'the', 'he ', 'the', 'ثلا', '火车在']);
    expect([' th', 'the', 'he ', 'ثلا', '火车在'].map((t) => idOf(table, t))).toEqual([0, 1, 2, 4, 5]);
    expect(['tha', 'eht', '   ', 'th ', '车在火'].map((t) => idOf(table, t))).toEqual([-1, -1, -1, -1, -1]);
  });

  it('gives no slot to a string that is not three units long', () => {
    const table = buildTrigramTable(['ab', 'abcd', 'abc']);
    expect(idOf(table, 'abc')).toBe(2);
    expect(idOf(table, 'ab\u0000')).toBe(-1);
  });

  it('finds every one of many trigrams (collisions probed past)', () => {
    const all: string[] = [];
    for (let a = 0x61; a < 0x61 + 26; a++) for (let b = 0x430; b < 0x430 + 20; b++) all.push(`${String.fromCharCode(a)}${String.fromCharCode(b)} `);
    const table = buildTrigramTable(all);
    expect(all.every((t, i) => idOf(table, t) === i)).toBe(true);
    expect(idOf(table, 'zz ')).toBe(-1);
  });
});
