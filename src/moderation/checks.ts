/**
 * Checks a moderator needs on what users wrote, each with offsets into the checked text:
 * words mixing look-alike scripts, whole words in a look-alike script (TR39 skeletons), Arabic-script
 * letter variants foreign to the text's language, bidi controls that reorder what is shown (TR9), and
 * invisible characters inside words.
 * @module
 */
import { MatnError } from '../core/errors.js';
import { lookAlikesOf, skeleton } from './confusables.js';
import { isSuspiciousMix, LOOKALIKE_SCRIPTS, scriptOfLetter, type LetterScript } from './scripts.js';
import { pushAll } from '../core/lists.js';

/**
 * What a check found.
 * - `mixed-script`: one word holds letters of scripts that are not written together (Latin with
 *   Cyrillic or Greek, two non-Latin scripts that are not a CJK combination);
 * - `confusable`: a whole word in Latin, Cyrillic or Greek inside text mostly in another of the three,
 *   every letter of which looks like a letter that text uses (`рор` among English words); words of
 *   web and e-mail addresses are left out (`www` in a Russian post);
 * - `letter-variant`: an Arabic-script letter variant foreign to the language (Persian ی or ک in an
 *   Arabic word, Arabic ي or ك in a Persian one), or both variants in one word;
 * - `bidi-control`: a directional override (LRO, RLO), or an embedding or isolate left open at the
 *   end of its line: it reorders the rest of what is shown;
 * - `invisible-in-word`: a default-ignorable character between two letters where the script does not
 *   use it (ZWNJ is orthographic in Arabic-script and Indic text, ZWJ in Indic text; soft hyphens only
 *   with `flagSoftHyphen`).
 * @category Moderation
 */
export type TextCheckKind = 'mixed-script' | 'confusable' | 'letter-variant' | 'bidi-control' | 'invisible-in-word';

/** Every {@link TextCheckKind}. @category Moderation */
export const TEXT_CHECK_KINDS: readonly TextCheckKind[] = Object.freeze(['mixed-script', 'confusable', 'letter-variant', 'bidi-control', 'invisible-in-word']);

/**
 * One finding, with the span it covers.
 * @category Moderation
 */
export interface TextCheck {
  readonly kind: TextCheckKind;
  /** Offset of the span in the checked text (UTF-16 code units). */
  readonly start: number;
  /** End of the span (exclusive). */
  readonly end: number;
  /** The span's text: the word, or the control character. */
  readonly text: string;
  /** The code points that raised the check, as `U+XXXX`. */
  readonly codePoints: readonly string[];
  /** TR39 skeleton of the word (`mixed-script`, `confusable`). */
  readonly skeleton?: string;
  /** Scripts of the word's letters (`mixed-script`, `confusable`). */
  readonly scripts?: readonly LetterScript[];
  /** A sentence for people. */
  readonly message: string;
}

/**
 * Options of {@link checkText}.
 * @category Moderation
 */
export interface CheckOptions {
  /** Language of the text (BCP 47); chooses which Arabic-script letter variants are foreign. @default null */
  readonly lang?: string | null;
  /** The kinds to run. @default every kind */
  readonly kinds?: readonly TextCheckKind[];
  /** Fewest letters a word needs for a `confusable` check (single letters are too often real). @default 2 */
  readonly minConfusableLetters?: number;
  /**
   * Flag soft hyphens (U+00AD) inside words. Off by default: news sites put them at syllable breaks
   * for hyphenation, and {@link foldForMatching} removes them, so they cannot hide a word from a list.
   * @default false
   */
  readonly flagSoftHyphen?: boolean;
}

/** Defaults of {@link CheckOptions}. @category Moderation */
export const DEFAULT_CHECK_OPTIONS: Readonly<Required<CheckOptions>> = Object.freeze({
  lang: null,
  kinds: TEXT_CHECK_KINDS,
  minConfusableLetters: 2,
  flagSoftHyphen: false,
});

/** A word: letters, marks, digits, tatweel and the invisibles that can hide inside it; bidi controls end a word (they are checked on their own). */
const WORD = /(?:(?![\u202A-\u202E\u2066-\u2069])[\p{L}\p{M}\p{Nd}\p{Default_Ignorable_Code_Point}\u0640])+/gu;
/**
 * Web addresses and e-mail addresses: `www` in a Russian post is an address, not a spoofed word. An e-mail
 * address starts where a run of its characters starts (the lookbehind): tried from every character of a long
 * run without `@` (Chinese text has no spaces), the search took time quadratic in the run (10 s for 40,000
 * characters); it finds the same addresses, since a run that holds one holds it from its first character.
 */
const ADDRESS = /(?:\b[a-z][a-z0-9+.-]*:\/\/|\bwww\.)\S+|(?<![^\s@])[^\s@]+@[^\s@]+\.[^\s@]+/giu;
/** A run of non-whitespace: no address crosses whitespace. */
const TOKEN = /\S+/gu;
/** What an address holds: `://`, `www.` or `@`. */
const ADDRESS_MARK = /:\/\/|www\.|@/i;

/**
 * The ranges of {@link ADDRESS}'s matches in `text`, in text order. The pattern runs on each whitespace-free
 * token that holds an address mark: its matches never cross whitespace, so the ranges are those of the whole
 * text, and a long token without a mark (`a-a-a-…`, `a.a.a.…`, where `\b` starts a scheme at every letter and
 * each try scans to the token's end: 6.8 s for 80,000 characters) costs one scan.
 * @internal exported for tests
 */
export function addressRanges(text: string): (readonly [number, number])[] {
  const out: (readonly [number, number])[] = [];
  for (const token of text.matchAll(TOKEN)) {
    if (!ADDRESS_MARK.test(token[0])) continue;
    for (const m of token[0].matchAll(ADDRESS)) out.push([token.index + m.index, token.index + m.index + m[0].length]);
  }
  return out;
}
const LETTER = /^\p{L}$/u;
const LETTER_OR_MARK = /^[\p{L}\p{M}]$/u;
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;
const VARIATION_SELECTOR = /^[\uFE00-\uFE0F\u{E0100}-\u{E01EF}\u180B-\u180D\u180F]$/u;
const LOWER = /^\p{Ll}$/u;
const ZWNJ = '\u200C';
const SOFT_HYPHEN = '\u00AD';
const ZWJ = '\u200D';
const INDIC: ReadonlySet<LetterScript> = new Set(['Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala', 'Myanmar', 'Khmer', 'Tibetan']);
/** Scripts where ZWNJ is part of spelling (Persian می‌خواهم, Indic conjuncts). */
const ZWNJ_SCRIPTS: ReadonlySet<LetterScript> = new Set([...INDIC, 'Arabic', 'Syriac', 'Mongolian']);
/** Overrides, embeddings and isolates with what closes them. */
const OVERRIDES = new Set(['\u202D', '\u202E']);
const OPENERS = new Map([['\u202A', '\u202C'], ['\u202B', '\u202C'], ['\u202D', '\u202C'], ['\u202E', '\u202C'], ['\u2066', '\u2069'], ['\u2067', '\u2069'], ['\u2068', '\u2069']]);
const BIDI_NAMES: Readonly<Record<string, string>> = {
  '\u202A': 'LRE', '\u202B': 'RLE', '\u202D': 'LRO', '\u202E': 'RLO', '\u2066': 'LRI', '\u2067': 'RLI', '\u2068': 'FSI',
};

const ARABIC_YEH = new Set(['\u064A', '\u0649']);
const ARABIC_KAF = new Set(['\u0643']);
const PERSIAN_YEH = new Set(['\u06CC']);
const PERSIAN_KAF = new Set(['\u06A9']);
/** Variants foreign to each language: Arabic writes ي ك, Persian and Urdu ی ک, Uyghur ي ى ك. */
const FOREIGN_VARIANTS: Readonly<Record<string, ReadonlySet<string>>> = {
  ar: new Set([...PERSIAN_YEH, ...PERSIAN_KAF]),
  fa: new Set(['\u064A', ...ARABIC_KAF]),
  ur: new Set([...ARABIC_KAF, '\u064A']),
  ug: new Set([...PERSIAN_YEH, ...PERSIAN_KAF]),
};

const hex = (ch: string): string => `U+${(ch.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;

interface Word {
  readonly start: number;
  readonly text: string;
  readonly chars: readonly string[];
  readonly letters: readonly string[];
  readonly scripts: ReadonlySet<LetterScript>;
}

function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  for (const m of text.matchAll(WORD)) {
    const chars = [...m[0]];
    const letters = chars.filter((c) => LETTER.test(c));
    if (letters.length === 0) continue;
    words.push({ start: m.index, text: m[0], chars, letters, scripts: new Set(letters.map(scriptOfLetter)) });
  }
  return words;
}

function mixedScript(word: Word): TextCheck | null {
  if (!isSuspiciousMix(word.scripts)) return null;
  const counts = new Map<LetterScript, number>();
  for (const c of word.letters) counts.set(scriptOfLetter(c), (counts.get(scriptOfLetter(c)) ?? 0) + 1);
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const odd = word.letters.filter((c) => scriptOfLetter(c) !== main);
  return {
    kind: 'mixed-script', start: word.start, end: word.start + word.text.length, text: word.text,
    codePoints: [...new Set(odd.map(hex))], skeleton: skeleton(word.text), scripts: [...word.scripts],
    message: `"${word.text}" mixes ${[...word.scripts].join(' and ')} letters (${[...new Set(odd)].map((c) => `${c} ${hex(c)} ${scriptOfLetter(c)}`).join(', ')})`,
  };
}

/** The look-alike script most letters of the text are in, and the letters it uses. */
function dominantLookAlike(words: readonly Word[]): { script: LetterScript; letters: ReadonlySet<string> } | null {
  const counts = new Map<LetterScript, number>();
  for (const w of words) for (const c of w.letters) {
    const s = scriptOfLetter(c);
    if (LOOKALIKE_SCRIPTS.has(s)) counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  const script = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (script === undefined) return null;
  const letters = new Set<string>();
  for (const w of words) for (const c of w.letters) if (scriptOfLetter(c) === script) letters.add(c);
  return { script, letters };
}

function confusableWord(word: Word, dominant: { script: LetterScript; letters: ReadonlySet<string> }, minLetters: number): TextCheck | null {
  if (word.scripts.size !== 1 || word.letters.length < minLetters) return null;
  const script = [...word.scripts][0] as LetterScript;
  if (script === dominant.script || !LOOKALIKE_SCRIPTS.has(script)) return null;
  if (!word.letters.some((c) => LOWER.test(c))) return null; // all-capital acronyms (OK, HTC) are ordinary in any of the three
  const alike = word.letters.every((c) => lookAlikesOf(c).some((a) => dominant.letters.has(a)));
  if (!alike) return null;
  return {
    kind: 'confusable', start: word.start, end: word.start + word.text.length, text: word.text,
    codePoints: [...new Set(word.letters.map(hex))], skeleton: skeleton(word.text), scripts: [script],
    message: `"${word.text}" is written in ${script} but every letter looks like a ${dominant.script} letter of the text`,
  };
}

function letterVariant(word: Word, lang: string | null): TextCheck | null {
  if (!word.scripts.has('Arabic')) return null;
  const primary = lang?.toLowerCase().split(/[-_]/)[0] ?? '';
  const foreign = FOREIGN_VARIANTS[primary];
  let odd: string[];
  if (foreign !== undefined) {
    odd = word.chars.filter((c) => foreign.has(c));
  } else {
    const both = (a: ReadonlySet<string>, b: ReadonlySet<string>) => word.chars.some((c) => a.has(c)) && word.chars.some((c) => b.has(c));
    odd = both(ARABIC_YEH, PERSIAN_YEH) || both(ARABIC_KAF, PERSIAN_KAF) ? word.chars.filter((c) => PERSIAN_YEH.has(c) || PERSIAN_KAF.has(c)) : [];
  }
  if (odd.length === 0) return null;
  return {
    kind: 'letter-variant', start: word.start, end: word.start + word.text.length, text: word.text,
    codePoints: [...new Set(odd.map(hex))],
    message: `"${word.text}" holds ${[...new Set(odd)].map(hex).join(', ')}, a letter variant foreign to ${foreign !== undefined ? primary : 'the rest of the word'}`,
  };
}

function invisibleInWord(word: Word, flagSoftHyphen: boolean): TextCheck[] {
  const found: TextCheck[] = [];
  let offset = word.start;
  const chars = word.chars;
  for (let i = 0; i < chars.length; offset += (chars[i] as string).length, i++) {
    const ch = chars[i] as string;
    if (!IGNORABLE.test(ch) || VARIATION_SELECTOR.test(ch) || (ch === SOFT_HYPHEN && !flagSoftHyphen)) continue;
    let p = i - 1;
    while (p >= 0 && !LETTER_OR_MARK.test(chars[p] as string)) p--;
    let n = i + 1;
    while (n < chars.length && !LETTER_OR_MARK.test(chars[n] as string)) n++;
    if (p < 0 || n >= chars.length) continue; // at a word edge: not inside a word
    const before = [...chars.slice(0, i)].reverse().find((c) => LETTER.test(c));
    const script = before === undefined ? 'Other' : scriptOfLetter(before);
    if (ch === ZWNJ && ZWNJ_SCRIPTS.has(script)) continue;
    if (ch === ZWJ && INDIC.has(script)) continue;
    found.push({
      kind: 'invisible-in-word', start: offset, end: offset + ch.length, text: ch, codePoints: [hex(ch)],
      message: `invisible ${hex(ch)} inside "${word.text}"`,
    });
  }
  return found;
}

function bidiControls(text: string): TextCheck[] {
  const found: TextCheck[] = [];
  let open: Array<{ ch: string; at: number }> = [];
  const flag = (ch: string, at: number, why: string) => found.push({
    kind: 'bidi-control', start: at, end: at + 1, text: ch, codePoints: [hex(ch)], message: `${BIDI_NAMES[ch] ?? hex(ch)} ${why}`,
  });
  const closeLine = () => {
    for (const o of open) if (!OVERRIDES.has(o.ch)) flag(o.ch, o.at, 'is left open: it reorders the rest of the line');
    open = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '\n') closeLine();
    else if (OVERRIDES.has(ch)) {
      flag(ch, i, 'overrides the direction of the text after it: what is shown is not the order of what is written');
      open.push({ ch, at: i });
    } else if (OPENERS.has(ch)) open.push({ ch, at: i });
    else if (ch === '\u202C' || ch === '\u2069') {
      const k = open.map((o) => OPENERS.get(o.ch)).lastIndexOf(ch);
      if (k >= 0) open.splice(k, 1);
    }
  }
  closeLine();
  return found;
}

/**
 * Runs the checks on `text`; findings in text order. An unknown option or kind throws
 * `MatnError('invalid-argument')`.
 * @category Moderation
 */
export function checkText(text: string, options: CheckOptions = {}): TextCheck[] {
  for (const key of Object.keys(options)) {
    if (!(key in DEFAULT_CHECK_OPTIONS)) throw new MatnError('invalid-argument', `unknown check option "${key}"`, { option: key });
  }
  const o = { ...DEFAULT_CHECK_OPTIONS, ...options };
  for (const kind of o.kinds) {
    if (!TEXT_CHECK_KINDS.includes(kind)) throw new MatnError('invalid-argument', `unknown check kind "${String(kind)}"`, { kind });
  }
  const on = new Set(o.kinds);
  const found: TextCheck[] = [];
  const words = wordsOf(text);
  const dominant = on.has('confusable') ? dominantLookAlike(words) : null;
  const addresses = dominant ? addressRanges(text) : [];
  // words come in text order, and addresses too, apart: one pointer walks both (a search per word was
  // quadratic on a text of many addresses)
  let next = 0;
  const inAddress = (w: Word): boolean => {
    while (next < addresses.length && addresses[next][1] <= w.start) next++;
    return next < addresses.length && addresses[next][0] <= w.start;
  };
  for (const word of words) {
    const mixed = on.has('mixed-script') ? mixedScript(word) : null;
    if (mixed) found.push(mixed);
    if (dominant && !inAddress(word)) {
      const c = confusableWord(word, dominant, o.minConfusableLetters);
      if (c) found.push(c);
    }
    if (on.has('letter-variant')) {
      const v = letterVariant(word, o.lang);
      if (v) found.push(v);
    }
    if (on.has('invisible-in-word')) pushAll(found, invisibleInWord(word, o.flagSoftHyphen));
  }
  if (on.has('bidi-control')) pushAll(found, bidiControls(text));
  return found.sort((a, b) => a.start - b.start || a.end - b.end);
}
