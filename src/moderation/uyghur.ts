/**
 * Uyghur script conversion between UEY (Arabic-based), ULY (Latin) and USY (Cyrillic), after the
 * published alphabets tabulated in charsets/uyghur-scripts.json (see docs/moderation.md). Pure string
 * functions: characters that are not Uyghur letters (digits, other scripts, most punctuation) pass
 * through unchanged, so mixed text keeps its other parts.
 *
 * The two rules that make the round trips exact:
 * - Hamza: UEY writes ئ before every vowel that begins a syllable. ULY and USY drop it before a
 *   word-initial vowel and (USY) between two vowels; ULY writes `'` for a hamza inside a word
 *   (sa'et, mes'ul); USY writes `'` only after a consonant, where nothing else would tell it. On the way
 *   back a vowel at the start of a word, after another vowel or after `'` gets its ئ again.
 * - ULY separator: `'` goes between two letters that would otherwise read as a digraph (n'g, s'h,
 *   z'h, g'h, n'gh); reading ULY takes the longest letter at each point, so `ng` is ڭ and `n'g` is نگ.
 * @module
 */
import { MatnError } from '../core/errors.js';
import {
  UEY_HAMZA, UEY_PUNCTUATION, UEY_VOWELS, ULY_INPUT_VARIANTS, ULY_SEPARATOR, USY_LIGATURES, UYGHUR_LETTERS,
} from './uyghur-table.js';

/** The three scripts Uyghur is written in. */
export type UyghurScript = 'uey' | 'uly' | 'usy';

/** Names accepted by {@link convertUyghur}. */
export const UYGHUR_SCRIPTS: readonly UyghurScript[] = Object.freeze(['uey', 'uly', 'usy']);

/** Options of {@link convertUyghur}. */
export interface ConvertUyghurOptions {
  /** The script to write. */
  readonly to: UyghurScript;
  /**
   * The script the text is in; `auto` takes the one most Uyghur letters of the text are in.
   * @default 'auto'
   */
  readonly from?: UyghurScript | 'auto';
}

const UEY_TO_ULY = new Map(UYGHUR_LETTERS.map((l) => [l.uey, l.uly]));
const UEY_TO_USY = new Map(UYGHUR_LETTERS.map((l) => [l.uey, l.usy]));
const ULY_TO_UEY = new Map(UYGHUR_LETTERS.map((l) => [l.uly, l.uey]));
const USY_TO_UEY = new Map<string, string>([...UYGHUR_LETTERS.map((l) => [l.usy, l.uey] as const), ...USY_LIGATURES.map(([uey, usy]) => [usy, uey] as const)]);
const UEY_VOWEL_SET = new Set(UEY_VOWELS);
const ULY_VOWELS = new Set(UEY_VOWELS.map((v) => UEY_TO_ULY.get(v) as string));
const USY_VOWELS = new Set(UEY_VOWELS.map((v) => UEY_TO_USY.get(v) as string));
/** USY letters that end in a vowel sound (я = ya, ю = yu): a vowel after them takes a hamza. */
const USY_ENDS_IN_VOWEL = new Set([...USY_VOWELS, ...USY_LIGATURES.map(([, usy]) => usy)]);
const ULY_DIGRAPHS = new Set(UYGHUR_LETTERS.map((l) => l.uly).filter((s) => s.length === 2));
const ULY_VARIANTS = new Map(ULY_INPUT_VARIANTS);
const TO_LATIN_PUNCTUATION = new Map(UEY_PUNCTUATION);
const TO_UEY_PUNCTUATION = new Map(UEY_PUNCTUATION.map(([uey, latin]) => [latin, uey]));
/** Apostrophes read as ULY's separator when they stand between two letters. */
const SEPARATORS = new Set([ULY_SEPARATOR, '\u2019', '\u02BC']);

function isUeyLetter(ch: string | undefined): boolean {
  return ch !== undefined && (UEY_TO_ULY.has(ch) || ch === UEY_HAMZA);
}

/** UEY → ULY or USY, letter by letter with the hamza and separator rules. */
function fromArabic(text: string, to: 'uly' | 'usy'): string {
  const table = to === 'uly' ? UEY_TO_ULY : UEY_TO_USY;
  const chars = [...text];
  let out = '';
  /** The last letter written inside the current word ('' at a word start). */
  let prev = '';
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] as string;
    if (ch === UEY_HAMZA) {
      const afterVowel = i > 0 && UEY_VOWEL_SET.has(chars[i - 1] as string);
      if (prev !== '' && (to === 'uly' || !afterVowel)) out += ULY_SEPARATOR;
      prev = prev === '' ? '' : ULY_SEPARATOR;
      continue;
    }
    const letter = table.get(ch);
    if (letter === undefined) {
      out += TO_LATIN_PUNCTUATION.get(ch) ?? ch;
      prev = '';
      continue;
    }
    if (to === 'usy') {
      const ligature = USY_LIGATURES.find(([uey]) => uey === ch + (chars[i + 1] ?? ''));
      if (ligature) {
        out += ligature[1];
        prev = ligature[1];
        i++;
        continue;
      }
    } else if (prev !== '' && ULY_DIGRAPHS.has((prev.at(-1) as string) + (letter[0] as string))) {
      out += ULY_SEPARATOR;
    }
    out += letter;
    prev = letter;
  }
  return out;
}

/** ULY or USY → UEY: longest letter first, hamza restored before syllable-initial vowels. */
function toArabic(text: string, from: 'uly' | 'usy'): string {
  const table = from === 'uly' ? ULY_TO_UEY : USY_TO_UEY;
  const vowels = from === 'uly' ? ULY_VOWELS : USY_ENDS_IN_VOWEL;
  const isVowel = from === 'uly' ? (s: string) => ULY_VOWELS.has(s) : (s: string) => USY_VOWELS.has(s);
  let chars = [...text.normalize('NFC').toLowerCase()];
  if (from === 'uly') chars = chars.map((c) => ULY_VARIANTS.get(c) ?? c);
  const letterAt = (i: number): string | undefined => {
    const two = (chars[i] ?? '') + (chars[i + 1] ?? '');
    if (from === 'uly' && table.has(two)) return two;
    const one = chars[i];
    return one !== undefined && table.has(one) ? one : undefined;
  };
  let out = '';
  /** The last letter read inside the current word, `'` after a separator, '' at a word start. */
  let prev = '';
  for (let i = 0; i < chars.length;) {
    const ch = chars[i] as string;
    const letter = letterAt(i);
    if (letter === undefined) {
      if (SEPARATORS.has(ch) && prev !== '' && letterAt(i + 1) !== undefined) {
        prev = ULY_SEPARATOR;
      } else {
        out += TO_UEY_PUNCTUATION.get(ch) ?? ch;
        prev = '';
      }
      i++;
      continue;
    }
    if (isVowel(letter) && (prev === '' || prev === ULY_SEPARATOR || vowels.has(prev))) out += UEY_HAMZA;
    out += table.get(letter) as string;
    prev = letter;
    i += letter.length;
  }
  return out;
}

/** UEY (Arabic-based) → ULY (Latin). */
export function toUyghurLatin(text: string): string {
  return fromArabic(text, 'uly');
}

/** UEY (Arabic-based) → USY (Cyrillic). */
export function toUyghurCyrillic(text: string): string {
  return fromArabic(text, 'usy');
}

/** ULY (Latin) → UEY (Arabic-based). */
export function fromUyghurLatin(text: string): string {
  return toArabic(text, 'uly');
}

/** USY (Cyrillic) → UEY (Arabic-based). */
export function fromUyghurCyrillic(text: string): string {
  return toArabic(text, 'usy');
}

/**
 * ULY (Latin) or USY (Cyrillic) → UEY (Arabic-based), the script chosen by {@link detectUyghurScript}
 * (the issue's `toUyghurArabic`; {@link fromUyghurLatin}/{@link fromUyghurCyrillic} when the script is known).
 * Text already in UEY comes back unchanged.
 */
export function toUyghurArabic(text: string): string {
  return convertUyghur(text, { to: 'uey' });
}

/**
 * The script most Uyghur letters of `text` are in: `uey` for Arabic letters, `usy` for Cyrillic,
 * `uly` otherwise (Latin, or no letters).
 */
export function detectUyghurScript(text: string): UyghurScript {
  const arabic = text.match(/\p{Script=Arabic}/gu)?.length ?? 0;
  const cyrillic = text.match(/\p{Script=Cyrillic}/gu)?.length ?? 0;
  const latin = text.match(/\p{Script=Latin}/gu)?.length ?? 0;
  if (arabic >= cyrillic && arabic >= latin && arabic > 0) return 'uey';
  return cyrillic > latin ? 'usy' : 'uly';
}

/**
 * Any of the three scripts to any other; text already in the target script comes back unchanged.
 * Conversions between ULY and USY go through UEY. An unknown script name throws
 * `MatnError('invalid-argument')`.
 */
export function convertUyghur(text: string, options: ConvertUyghurOptions): string {
  const { to } = options;
  const from = options.from ?? 'auto';
  if (!UYGHUR_SCRIPTS.includes(to)) throw new MatnError('invalid-argument', `unknown Uyghur script "${String(to)}" (expected ${UYGHUR_SCRIPTS.join(', ')})`, { to });
  if (from !== 'auto' && !UYGHUR_SCRIPTS.includes(from)) throw new MatnError('invalid-argument', `unknown Uyghur script "${String(from)}" (expected auto, ${UYGHUR_SCRIPTS.join(', ')})`, { from });
  const source = from === 'auto' ? detectUyghurScript(text) : from;
  if (source === to) return text;
  const arabic = source === 'uey' ? text : source === 'uly' ? fromUyghurLatin(text) : fromUyghurCyrillic(text);
  if (to === 'uey') return arabic;
  return to === 'uly' ? toUyghurLatin(arabic) : toUyghurCyrillic(arabic);
}
