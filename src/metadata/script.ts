/**
 * Writing systems {@link countScripts} tells apart.
 * @category Metadata
 */
export type Script = 'arabic' | 'hebrew' | 'latin' | 'cyrillic' | 'greek' | 'han' | 'kana' | 'hangul' | 'thai' | 'other';

/** Scripts written right to left. @category Metadata */
export const RTL_SCRIPTS: ReadonlySet<Script> = new Set<Script>(['arabic', 'hebrew']);

/** Ranges [first, last, script], sorted by first code point. */
const RANGES: ReadonlyArray<readonly [number, number, Script]> = [
  [0x0041, 0x005a, 'latin'], [0x0061, 0x007a, 'latin'], [0x00c0, 0x024f, 'latin'],
  [0x0370, 0x03ff, 'greek'], [0x0400, 0x052f, 'cyrillic'], [0x0590, 0x05ff, 'hebrew'],
  [0x0600, 0x06ff, 'arabic'], [0x0750, 0x077f, 'arabic'], [0x08a0, 0x08ff, 'arabic'],
  [0x0e00, 0x0e7f, 'thai'], [0x1100, 0x11ff, 'hangul'], [0x1e00, 0x1eff, 'latin'],
  [0x3040, 0x30ff, 'kana'], [0x3400, 0x4dbf, 'han'], [0x4e00, 0x9fff, 'han'],
  [0xac00, 0xd7af, 'hangul'], [0xf900, 0xfaff, 'han'], [0xfb1d, 0xfb4f, 'hebrew'],
  [0xfb50, 0xfdff, 'arabic'], [0xfe70, 0xfeff, 'arabic'], [0x20000, 0x2fa1f, 'han'],
];

/** The script of one code point (`other` for digits, punctuation, symbols and unlisted scripts). @category Metadata */
export function scriptOf(cp: number): Script {
  let lo = 0;
  let hi = RANGES.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [first, last, script] = RANGES[mid];
    if (cp < first) hi = mid - 1;
    else if (cp > last) lo = mid + 1;
    else return script;
  }
  return 'other';
}

/**
 * Letters per script in `text` (`other` is not counted).
 * @category Metadata
 */
export function countScripts(text: string): Map<Script, number> {
  const counts = new Map<Script, number>();
  for (const ch of text) {
    const script = scriptOf(ch.codePointAt(0)!);
    if (script !== 'other') counts.set(script, (counts.get(script) ?? 0) + 1);
  }
  return counts;
}

/**
 * The script with the most letters in `text`, or null for a text without letters.
 * @category Metadata
 */
export function dominantScript(text: string): Script | null {
  let best: Script | null = null;
  let bestCount = 0;
  for (const [script, count] of countScripts(text)) {
    if (count > bestCount) {
      best = script;
      bestCount = count;
    }
  }
  return best;
}
