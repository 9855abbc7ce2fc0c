/**
 * The script of a letter, for the mixed-script checks: the scripts that words are written in on the
 * web, tested with Unicode Script properties (Node's ICU data), and the TR39 rule for which mixes
 * within one word are ordinary.
 * @module
 */

/** Scripts told apart by the checks; a letter in none of them is `Other`. */
export const CHECKED_SCRIPTS = Object.freeze([
  'Latin', 'Cyrillic', 'Greek', 'Arabic', 'Hebrew', 'Syriac', 'Thaana', 'Armenian', 'Georgian', 'Han', 'Hiragana',
  'Katakana', 'Hangul', 'Bopomofo', 'Thai', 'Lao', 'Khmer', 'Myanmar', 'Tibetan', 'Mongolian', 'Ethiopic', 'Devanagari',
  'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala', 'Cherokee',
] as const);

/** One of {@link CHECKED_SCRIPTS}, or `Other`. */
export type LetterScript = (typeof CHECKED_SCRIPTS)[number] | 'Other';

const TESTS: ReadonlyArray<readonly [LetterScript, RegExp]> = CHECKED_SCRIPTS.map((s) => [s, new RegExp(`^\\p{Script=${s}}$`, 'u')] as const);
const cache = new Map<string, LetterScript>();

/** The script of one letter (Script property, not extensions: a letter belongs to one script). */
export function scriptOfLetter(ch: string): LetterScript {
  let script = cache.get(ch);
  if (script === undefined) {
    script = TESTS.find(([, re]) => re.test(ch))?.[0] ?? 'Other';
    cache.set(ch, script);
  }
  return script;
}

/** Scripts that look alike letter for letter: a word mixing two of them is the classic spoof. */
export const LOOKALIKE_SCRIPTS: ReadonlySet<LetterScript> = new Set(['Latin', 'Cyrillic', 'Greek']);

/** Scripts written together in one word in Chinese, Japanese and Korean (TR39 highly restrictive sets). */
const CJK_UNITS: ReadonlyArray<ReadonlySet<LetterScript>> = [
  new Set(['Han', 'Hiragana', 'Katakana']),
  new Set(['Han', 'Bopomofo']),
  new Set(['Han', 'Hangul']),
];

/**
 * True when a word's letter scripts fail TR39's moderately restrictive level: two of Latin, Cyrillic
 * and Greek, or two non-Latin scripts that are not one of the CJK combinations. Latin with one other
 * script (a brand name with an Uyghur suffix, `QQ群`) passes: that mix is ordinary on the web.
 */
export function isSuspiciousMix(scripts: ReadonlySet<LetterScript>): boolean {
  const known = [...scripts].filter((s) => s !== 'Other');
  if (known.length < 2) return false;
  if (known.filter((s) => LOOKALIKE_SCRIPTS.has(s)).length >= 2) return true;
  const nonLatin = known.filter((s) => s !== 'Latin');
  if (nonLatin.length < 2) return false;
  return !CJK_UNITS.some((unit) => nonLatin.every((s) => unit.has(s)));
}
