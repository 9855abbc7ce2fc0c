import type { InvisibleCharacterCount, InvisibleReport } from './types.js';
import { replaceAll } from './replace-all.js';
import { isRightToLeftScript } from './script.js';

/**
 * When an invisible character is removed by `scanInvisible(…, { strip: true })`:
 * - `always`: it never carries meaning in running text (hints for line breaking or hyphenation, a
 *   misplaced BOM, deprecated format controls);
 * - `ltr-only`: bidi controls — kept in right-to-left-script text (Arabic, Hebrew, …), where they fix
 *   the display order of numbers, Latin words and punctuation; stripped elsewhere, where they only
 *   affect display of embedded right-to-left runs and mostly break string matching;
 * - `joining`: ZWNJ and ZWJ — kept in scripts where they are orthographic (Arabic-script Persian,
 *   Uyghur, Kurdish, Urdu use ZWNJ; Indic scripts use both for conjuncts; Syriac, N'Ko, Mongolian join
 *   letters); ZWJ is also kept after an emoji (emoji ZWJ sequences 👨‍👩‍👧) in every script;
 * - `no-space`: ZWSP — kept in scripts written without spaces that use it as the word boundary
 *   (Thai, Lao, Khmer, Myanmar, Tibetan);
 * - `mongolian`: the Mongolian vowel separator, kept in Mongolian only;
 * - `never`: COMBINING GRAPHEME JOINER, which blocks canonical reordering (removing it changes NFC).
 * @category Encoding
 */
export type InvisibleStripRule = 'always' | 'ltr-only' | 'joining' | 'no-space' | 'mongolian' | 'never';

/** One row of {@link INVISIBLE_CHARACTERS}. @category Encoding */
export interface InvisibleCharacterInfo {
  readonly codePoint: number;
  /** Short name (`ZWNJ`). */
  readonly name: string;
  /** Unicode character name. */
  readonly fullName: string;
  readonly rule: InvisibleStripRule;
}

/**
 * The invisible and bidi control characters counted by {@link scanInvisible}, with their strip rule.
 * Variation selectors and emoji tag characters are not listed: they are meaningful in emoji and CJK.
 * @category Encoding
 */
export const INVISIBLE_CHARACTERS: readonly InvisibleCharacterInfo[] = Object.freeze(
  (
    [
      [0x00ad, 'SHY', 'SOFT HYPHEN', 'always'],
      [0x034f, 'CGJ', 'COMBINING GRAPHEME JOINER', 'never'],
      [0x061c, 'ALM', 'ARABIC LETTER MARK', 'ltr-only'],
      [0x180e, 'MVS', 'MONGOLIAN VOWEL SEPARATOR', 'mongolian'],
      [0x200b, 'ZWSP', 'ZERO WIDTH SPACE', 'no-space'],
      [0x200c, 'ZWNJ', 'ZERO WIDTH NON-JOINER', 'joining'],
      [0x200d, 'ZWJ', 'ZERO WIDTH JOINER', 'joining'],
      [0x200e, 'LRM', 'LEFT-TO-RIGHT MARK', 'ltr-only'],
      [0x200f, 'RLM', 'RIGHT-TO-LEFT MARK', 'ltr-only'],
      [0x202a, 'LRE', 'LEFT-TO-RIGHT EMBEDDING', 'ltr-only'],
      [0x202b, 'RLE', 'RIGHT-TO-LEFT EMBEDDING', 'ltr-only'],
      [0x202c, 'PDF', 'POP DIRECTIONAL FORMATTING', 'ltr-only'],
      [0x202d, 'LRO', 'LEFT-TO-RIGHT OVERRIDE', 'ltr-only'],
      [0x202e, 'RLO', 'RIGHT-TO-LEFT OVERRIDE', 'ltr-only'],
      [0x2060, 'WJ', 'WORD JOINER', 'always'],
      [0x2061, 'FA', 'FUNCTION APPLICATION', 'always'],
      [0x2062, 'IT', 'INVISIBLE TIMES', 'always'],
      [0x2063, 'IS', 'INVISIBLE SEPARATOR', 'always'],
      [0x2064, 'IP', 'INVISIBLE PLUS', 'always'],
      [0x2066, 'LRI', 'LEFT-TO-RIGHT ISOLATE', 'ltr-only'],
      [0x2067, 'RLI', 'RIGHT-TO-LEFT ISOLATE', 'ltr-only'],
      [0x2068, 'FSI', 'FIRST STRONG ISOLATE', 'ltr-only'],
      [0x2069, 'PDI', 'POP DIRECTIONAL ISOLATE', 'ltr-only'],
      [0x206a, 'ISS', 'INHIBIT SYMMETRIC SWAPPING', 'always'],
      [0x206b, 'ASS', 'ACTIVATE SYMMETRIC SWAPPING', 'always'],
      [0x206c, 'IAFS', 'INHIBIT ARABIC FORM SHAPING', 'always'],
      [0x206d, 'AAFS', 'ACTIVATE ARABIC FORM SHAPING', 'always'],
      [0x206e, 'NADS', 'NATIONAL DIGIT SHAPES', 'always'],
      [0x206f, 'NODS', 'NOMINAL DIGIT SHAPES', 'always'],
      [0xfeff, 'ZWNBSP', 'ZERO WIDTH NO-BREAK SPACE (BOM)', 'always'],
      [0xfff9, 'IAA', 'INTERLINEAR ANNOTATION ANCHOR', 'always'],
      [0xfffa, 'IAS', 'INTERLINEAR ANNOTATION SEPARATOR', 'always'],
      [0xfffb, 'IAT', 'INTERLINEAR ANNOTATION TERMINATOR', 'always'],
    ] as const
  ).map(([codePoint, name, fullName, rule]) => Object.freeze({ codePoint, name, fullName, rule })),
);

const INFO_BY_CODE_POINT: ReadonlyMap<number, InvisibleCharacterInfo> = new Map(INVISIBLE_CHARACTERS.map((c) => [c.codePoint, c]));

/** Every character of {@link INVISIBLE_CHARACTERS}; single BMP code points, no quantifier. */
const INVISIBLE_RE = /[\u00AD\u034F\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]/g;
/** The code point before a ZWJ that makes it part of an emoji sequence. */
const EMOJI_BEFORE_ZWJ_RE = /^[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]$/u;

/** Scripts in which ZWNJ/ZWJ are orthographic. */
const JOINING_SCRIPTS: ReadonlySet<string> = new Set([
  'arabic', 'syriac', 'nko', 'mongolian', 'thaana', 'devanagari', 'bengali', 'gurmukhi', 'gujarati', 'oriya',
  'tamil', 'telugu', 'kannada', 'malayalam', 'sinhala', 'tibetan', 'khmer', 'myanmar', 'other',
]);
/** Scripts written without spaces between words, where ZWSP marks word boundaries. */
const NO_SPACE_SCRIPTS: ReadonlySet<string> = new Set(['thai', 'lao', 'khmer', 'myanmar', 'tibetan']);

/** Default cap on positions kept per character. */
export const DEFAULT_INVISIBLE_POSITION_LIMIT = 100;

/**
 * Options of {@link scanInvisible}.
 * @category Encoding
 */
export interface ScanInvisibleOptions {
  /** Remove the characters whose rule says they carry no meaning in `script`. */
  strip: boolean;
  /** Dominant script of the text (a {@link ScriptName} from `detectScript`). */
  script: string;
  /**
   * Maximum number of positions kept per character.
   * @default 100
   */
  positionLimit?: number;
}

/** Result of {@link scanInvisible}. @category Encoding */
export interface ScanInvisibleResult {
  /** The text, with the strippable characters removed when `strip` is set (else the input). */
  readonly text: string;
  readonly report: InvisibleReport;
  /** Number of characters removed. */
  readonly stripped: number;
}

/** Whether the character's rule removes it in `script` (ZWJ after an emoji is decided by the caller). */
function isStrippable(info: InvisibleCharacterInfo, script: string): boolean {
  switch (info.rule) {
    case 'always':
      return true;
    case 'ltr-only':
      return !isRightToLeftScript(script);
    case 'joining':
      return !JOINING_SCRIPTS.has(script);
    case 'no-space':
      return !NO_SPACE_SCRIPTS.has(script);
    case 'mongolian':
      return script !== 'mongolian';
    case 'never':
      return false;
  }
}

/** The code point just before UTF-16 offset `i`. */
function codePointBefore(text: string, i: number): number | undefined {
  if (i <= 0) return undefined;
  const low = text.charCodeAt(i - 1);
  if (low >= 0xdc00 && low <= 0xdfff && i >= 2) return text.codePointAt(i - 2);
  return low;
}

/** Mutable tally of one character while scanning. */
interface Tally { count: number; positions: number[]; stripped: boolean }

/**
 * Counts invisible and bidi control characters (see {@link INVISIBLE_CHARACTERS}, with positions capped
 * at `positionLimit`) and, with `strip`, removes those that carry no meaning in `script` (see
 * {@link InvisibleStripRule}). Positions are UTF-16 offsets in the input `text`. A character is reported
 * `stripped` when at least one of its occurrences was removed. Linear time; the input is not changed.
 * @example
 * scanInvisible('a\u200Bb', { strip: true, script: 'latin' }).text // 'ab'
 * @category Encoding
 */
export function scanInvisible(text: string, options: ScanInvisibleOptions): ScanInvisibleResult {
  const limit = options.positionLimit ?? DEFAULT_INVISIBLE_POSITION_LIMIT;
  const tallies = new Map<number, Tally>();
  const { text: out, count: stripped } = replaceAll(text, INVISIBLE_RE, (match) => {
    const cp = match[0].charCodeAt(0);
    const info = INFO_BY_CODE_POINT.get(cp) as InvisibleCharacterInfo;
    let tally = tallies.get(cp);
    if (tally === undefined) {
      tally = { count: 0, positions: [], stripped: false };
      tallies.set(cp, tally);
    }
    tally.count++;
    if (tally.positions.length < limit) tally.positions.push(match.index);
    if (!options.strip || !isStrippable(info, options.script)) return undefined;
    if (cp === 0x200d) {
      const before = codePointBefore(text, match.index);
      if (before !== undefined && EMOJI_BEFORE_ZWJ_RE.test(String.fromCodePoint(before))) return undefined;
    }
    tally.stripped = true;
    return '';
  });
  const characters: InvisibleCharacterCount[] = [...tallies.entries()]
    .sort(([a], [b]) => a - b)
    .map(([cp, t]) => {
      const info = INFO_BY_CODE_POINT.get(cp) as InvisibleCharacterInfo;
      const hex = cp.toString(16).toUpperCase().padStart(4, '0');
      return { codePoint: `U+${hex}`, name: info.name, count: t.count, positions: t.positions, stripped: t.stripped };
    });
  const total = characters.reduce((sum, c) => sum + c.count, 0);
  return { text: out, report: { total, characters, positionLimit: limit }, stripped };
}
