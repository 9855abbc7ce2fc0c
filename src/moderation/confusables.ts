/**
 * Unicode TR39 confusable skeletons from the generated confusables table (Unicode 17.0.0):
 * `skeleton(x) = NFD(map each code point of NFD(x) through confusables.txt)`. Two strings whose
 * skeletons are equal look alike. The table is parsed on first use, so importing costs nothing.
 * @module
 */
import { CONFUSABLE_ROWS } from './confusables-table.js';

let table: ReadonlyMap<string, string> | undefined;
let sources: ReadonlyMap<string, readonly string[]> | undefined;

const fromHex = (hex: string): string => hex.split(' ').map((h) => String.fromCodePoint(parseInt(h, 16))).join('');

/** The confusables mapping: code point → its prototype string. */
function confusables(): ReadonlyMap<string, string> {
  if (table === undefined) {
    const m = new Map<string, string>();
    for (const row of CONFUSABLE_ROWS.split('\n')) {
      const [source, target] = row.split(';') as [string, string];
      m.set(fromHex(source), fromHex(target));
    }
    table = m;
  }
  return table;
}

/**
 * The TR39 skeleton of `text` (UTS #39 section 4): equal skeletons mean the two strings can be
 * mistaken for each other.
 * @category Moderation
 */
export function skeleton(text: string): string {
  const map = confusables();
  let out = '';
  for (const ch of text.normalize('NFD')) out += map.get(ch) ?? ch;
  return out.normalize('NFD');
}

/** True when `a` and `b` look alike (equal TR39 skeletons). @category Moderation */
export function areConfusable(a: string, b: string): boolean {
  return skeleton(a) === skeleton(b);
}

/**
 * Every character whose skeleton is `prototype` (including the prototype itself): the characters
 * `prototype` can be mistaken for.
 */
export function lookAlikesOf(prototype: string): readonly string[] {
  if (sources === undefined) {
    const m = new Map<string, string[]>();
    for (const [source, target] of confusables()) {
      const list = m.get(target) ?? [target];
      list.push(source);
      m.set(target, list);
    }
    sources = m;
  }
  return sources.get(skeleton(prototype)) ?? [prototype];
}
