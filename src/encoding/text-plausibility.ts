/**
 * How plausible a decoded text is as writing in some language, from the text alone: the evidence that
 * lets a charset decision check a declaration against the bytes, and tell apart candidates that decode
 * the same bytes differently. Two measures, both over the non-ASCII characters only (every
 * ASCII-compatible charset decodes ASCII alike, so ASCII carries no evidence):
 *
 * - **anomalies**: characters that real text in any language does not show — U+FFFD from an invalid
 *   sequence, C0/C1 controls, unassigned and private-use code points, a word whose letters mix scripts
 *   (`Ïðèâåò` is Latin soup, `рТИЧЕФ` is KOI8-R read as windows-1251: a lower-case letter followed by an
 *   upper-case one), a symbol inside a word (`¶` between Greek letters), a run of several accented Latin
 *   letters with no ASCII letter between them (`ÇáÚÑÈíÉ`: Arabic read as Latin-1).
 * - **fit**: the share of the text's distinct letter trigrams (those with a non-ASCII letter) that are among the
 *   300 most frequent trigrams of the best-fitting language of its script, with franc's trigram
 *   profiles (the Universal Declaration of Human Rights in 187 languages, already used for language
 *   identification). Letters of the right charset fall on a language's frequent trigrams; a sibling
 *   charset of the same script (KOI8-R vs windows-1251 vs IBM866) scrambles the letters and misses them.
 *   Scripts franc has no trigram profile for (Greek, Thai, Han, Hangul, kana, ...) give `fit: null`.
 * @module
 */
import { data as FRANC_DATA } from 'franc/data.js';

/** What {@link measureTextPlausibility} finds in a text. */
export interface TextPlausibility {
  /** Non-ASCII characters read. */
  readonly chars: number;
  /** Of those, characters no real text shows (see the module comment). */
  readonly anomalies: number;
  /** U+FFFD (invalid sequences of the decoder) among the anomalies. */
  readonly replacements: number;
  /** Script of most non-ASCII letters (a franc script name: `Latin`, `Cyrillic`, ..., or `other`). */
  readonly script: string;
  /** Distinct trigrams with a non-ASCII letter of that script, counted for the fit. */
  readonly trigrams: number;
  /** Of those, trigrams in the profile of the best-fitting language. */
  readonly hits: number;
  /** 0..1: `hits / trigrams`; null when franc has no profile for the script, or no trigram was counted. */
  readonly fit: number | null;
  /** That best language (ISO 639-3), or null. */
  readonly language: string | null;
  /**
   * Distinct non-ASCII letters of the text that the best language's profile never uses (`õ` in a text
   * read as Hungarian, which writes `ő`). Profiles hold only the 300 most frequent trigrams, so a rare
   * letter of the language counts too: only a difference between two readings of the same bytes is evidence.
   */
  readonly foreign: number;
}

/** Longest run of non-ASCII Latin letters real words show (Turkish `üçü`, Hungarian `őrö`); longer runs are soup. */
const MAX_ACCENTED_RUN = 3;

// Character kinds, one per BMP code unit, read once (lazily) into CLASS_OF.
const K_UNKNOWN = 0;
const K_OTHER = 1; // space, digit, ASCII punctuation, separators, quotes: neutral
const K_LETTER = 2;
const K_MARK = 3;
const K_SYMBOL = 4;
const K_BAD = 5;
const KIND_MASK = 7;
const UPPER = 8;
const LOWER = 16;
const SCRIPT_SHIFT = 5;

/** Scripts told apart for mixing; index + 1 is stored in a class (0: no script / common). Han, kana, bopomofo and Hangul are one group: Japanese and Korean mix them. */
const SCRIPT_GROUPS: readonly (readonly [string, RegExp])[] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Ethiopic', /\p{Script=Ethiopic}/u],
  ['Myanmar', /\p{Script=Myanmar}/u],
  ['CJK', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\p{Script=Hangul}\u3000-\u303F\u30FC]/u],
];
const LATIN_GROUP = 1;
/** Han, kana, Hangul: written without spaces, so each such letter is a word of its own (no mixing, no case). */
const CJK_GROUP = SCRIPT_GROUPS.length;
/** Scripts without a group still have letters: one id for all of them. */
const OTHER_GROUP = SCRIPT_GROUPS.length + 1;

const LETTER_RE = /^\p{L}$/u;
const UPPER_RE = /^\p{Lu}$/u;
const LOWER_RE = /^\p{Ll}$/u;
const MARK_RE = /^\p{M}$/u;
/**
 * Symbols (© ¶ ° ±, box drawing) and punctuation other than quotes, dashes, connectors (`’` and `-` sit
 * inside words); modifier symbols (`´` `¨`) are left out: pages write `California´s`.
 */
const SYMBOL_RE = /^[\p{Sm}\p{Sc}\p{So}\p{Po}\p{Ps}\p{Pe}]$/u;
/** Controls, unassigned, private use, lone surrogates, U+FFFD. */
const BAD_RE = /^[\p{Cc}\p{Cn}\p{Co}\uFFFD]$/u;
/** Punctuation that real text puts between letters: the middle dot (Catalan `l·l`), the Greek ano teleia, the ellipsis (`by…um`). */
const WORD_JOINERS: ReadonlySet<number> = new Set([0xb7, 0x387, 0x2026]);

/** Kind, case and script group of each BMP code unit, filled on first sight (0: not read yet). */
const CLASS_OF = new Uint16Array(65536);

function classOf(unit: number): number {
  let c = CLASS_OF[unit];
  if (c !== K_UNKNOWN) return c;
  c = classify(unit);
  CLASS_OF[unit] = c;
  return c;
}

function classify(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return K_OTHER; // a lone half; a pair is classified whole (see classOfAstral)
  return classifyChar(String.fromCharCode(unit));
}

/** Classes of astral characters (Big5-HKSCS and GB18030 decode to CJK extension B and up), read on first sight. */
const ASTRAL_CLASS = new Map<number, number>();

function classOfAstral(cp: number): number {
  let c = ASTRAL_CLASS.get(cp);
  if (c === undefined) ASTRAL_CLASS.set(cp, (c = classifyChar(String.fromCodePoint(cp))));
  return c;
}

function classifyChar(ch: string): number {
  if (LETTER_RE.test(ch)) {
    const group = SCRIPT_GROUPS.findIndex(([, re]) => re.test(ch));
    const cased = UPPER_RE.test(ch) ? UPPER : LOWER_RE.test(ch) ? LOWER : 0;
    return K_LETTER | cased | ((group < 0 ? OTHER_GROUP : group + 1) << SCRIPT_SHIFT);
  }
  if (MARK_RE.test(ch)) return K_MARK;
  if (BAD_RE.test(ch)) return K_BAD;
  if (SYMBOL_RE.test(ch) && !WORD_JOINERS.has(ch.codePointAt(0) ?? 0)) return K_SYMBOL;
  return K_OTHER;
}

/** One script's trigram profiles, trigram by trigram (as `closest-language.ts` lays franc's data out). */
interface ScriptProfiles {
  readonly codes: readonly string[];
  /** Trigram → indices (into `codes`) of the languages whose top 300 hold it. */
  readonly languages: ReadonlyMap<string, readonly number[]>;
  /** Per language (same order as `codes`), the non-ASCII letters its profile holds. */
  readonly alphabets: readonly ReadonlySet<string>[];
}

const PROFILES = new Map<string, ScriptProfiles | null>();

function profilesOf(script: string): ScriptProfiles | null {
  let p = PROFILES.get(script);
  if (p !== undefined) return p;
  const byLanguage = (FRANC_DATA as Record<string, Record<string, string> | undefined>)[script];
  if (byLanguage === undefined) p = null;
  else {
    const codes = Object.keys(byLanguage);
    const languages = new Map<string, number[]>();
    codes.forEach((code, l) => {
      for (const t of byLanguage[code].split('|')) {
        const list = languages.get(t);
        if (list === undefined) languages.set(t, [l]);
        else if (list[list.length - 1] !== l) list.push(l);
      }
    });
    const alphabets = codes.map((code) => new Set(byLanguage[code].replace(/[|\x00-\x7f]/g, '')));
    p = { codes, languages, alphabets };
  }
  PROFILES.set(script, p);
  return p;
}

/** A word being read: its letters (lower-cased, for trigrams) and what was seen in it. */
interface WordState {
  letters: string;
  nonAscii: number;
  groups: number; // bit set of script groups
  anomalies: number; // case anomalies and symbols inside it
  accentedRun: number;
  soup: number; // non-ASCII Latin letters in runs longer than MAX_ACCENTED_RUN
  lastCase: number;
}

function newWord(): WordState {
  return { letters: '', nonAscii: 0, groups: 0, anomalies: 0, accentedRun: 0, soup: 0, lastCase: 0 };
}

/**
 * Measures how plausible `text` is as writing (see the module comment). Linear in the text; reads at most
 * `maxChars` characters.
 * @example measureTextPlausibility('Привет, как дела?').anomalies // 0
 * @example measureTextPlausibility('рТИЧЕФ, ЛБЛ ДЕМБ?').anomalies // > 0 (KOI8-R read as windows-1251)
 * @category Encoding
 */
export function measureTextPlausibility(text: string, maxChars = 65536): TextPlausibility {
  const n = Math.min(text.length, maxChars);
  let chars = 0;
  let anomalies = 0;
  let replacements = 0;
  const scriptLetters = new Int32Array(SCRIPT_GROUPS.length + 2);
  const words: string[] = [];
  let w = newWord();
  let pendingSymbol = 0; // non-ASCII symbols seen right after a letter, inside a word if a letter follows
  // a run of Han/kana/Hangul inside a Latin word (`B腎e`: `Bête` read as Shift_JIS) is an anomaly
  let cjkRun = 0;
  let cjkAfterLatin = false;
  let afterLatin = false;
  const endCjkRun = (latinFollows: boolean): void => {
    if (cjkRun > 0 && cjkAfterLatin && latinFollows) anomalies += cjkRun;
    cjkRun = 0;
  };
  const endWord = (): void => {
    if (w.letters.length === 0) return;
    let wordAnomalies = w.anomalies + w.soup;
    // a word mixing scripts: every non-ASCII letter of it is an anomaly
    if ((w.groups & (w.groups - 1)) !== 0) wordAnomalies = Math.max(wordAnomalies, w.nonAscii);
    anomalies += Math.min(wordAnomalies, w.nonAscii + w.anomalies);
    if (w.nonAscii > 0) words.push(w.letters);
    w = newWord();
  };
  for (let i = 0; i < n; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) {
      const isLetter = (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x41 && unit <= 0x5a);
      endCjkRun(isLetter);
      afterLatin = isLetter;
      if (isLetter) {
        if (pendingSymbol > 0) { w.anomalies += pendingSymbol; pendingSymbol = 0; }
        const lower = unit >= 0x61;
        if (lower) w.lastCase = LOWER;
        else w.lastCase = UPPER; // ASCII camelCase is not counted: only non-ASCII letters raise case anomalies
        w.letters += String.fromCharCode(unit | 0x20);
        w.groups |= 1 << LATIN_GROUP;
        w.accentedRun = 0;
      } else {
        pendingSymbol = 0;
        endWord();
      }
      continue;
    }
    chars++;
    let c: number;
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < n && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      c = classOfAstral(((unit - 0xd800) << 10) + (text.charCodeAt(i + 1) - 0xdc00) + 0x10000);
      i++;
    } else c = classOf(unit);
    const kind = c & KIND_MASK;
    const group = kind === K_LETTER ? c >> SCRIPT_SHIFT : 0;
    if (group === CJK_GROUP) {
      if (cjkRun++ === 0) cjkAfterLatin = afterLatin;
      afterLatin = false;
      pendingSymbol = 0;
      endWord();
      scriptLetters[CJK_GROUP]++;
      continue;
    }
    endCjkRun(group === LATIN_GROUP);
    afterLatin = group === LATIN_GROUP;
    if (kind === K_LETTER) {
      if (pendingSymbol > 0) { w.anomalies += pendingSymbol; pendingSymbol = 0; }
      const cased = c & (UPPER | LOWER);
      scriptLetters[group]++;
      w.groups |= 1 << group;
      w.nonAscii++;
      if (cased === UPPER && w.lastCase === LOWER) w.anomalies++;
      if (cased !== 0) w.lastCase = cased;
      w.letters += String.fromCharCode(unit).toLowerCase();
      if (group === LATIN_GROUP) {
        w.accentedRun++;
        if (w.accentedRun === MAX_ACCENTED_RUN + 1) w.soup += MAX_ACCENTED_RUN + 1;
        else if (w.accentedRun > MAX_ACCENTED_RUN + 1) w.soup++;
      } else w.accentedRun = 0;
    } else if (kind === K_MARK) {
      // combining marks belong to the word (Hebrew points, Thai vowels, Vietnamese tones)
      if (w.letters.length === 0) anomalies++; // a mark with no letter to sit on
    } else if (kind === K_SYMBOL) {
      if (w.letters.length > 0) pendingSymbol++; // the word goes on if a letter follows
    } else {
      if (kind === K_BAD) {
        anomalies++;
        if (unit === 0xfffd) replacements++;
      }
      pendingSymbol = 0;
      endWord();
    }
  }
  endCjkRun(false);
  endWord();
  return { chars, anomalies, replacements, ...measureFit(words, scriptLetters) };
}

function dominantScript(scriptLetters: Int32Array): string {
  let best = 0;
  for (let g = 1; g < scriptLetters.length; g++) if (scriptLetters[g] > scriptLetters[best]) best = g;
  if (scriptLetters[best] === 0) return 'none';
  return best <= SCRIPT_GROUPS.length ? SCRIPT_GROUPS[best - 1][0] : 'other';
}

const NON_ASCII_RE = /[^\x00-\x7f]/;

/** The trigram fit of the words that hold a non-ASCII letter (see {@link TextPlausibility.fit}). */
function measureFit(words: readonly string[], scriptLetters: Int32Array): Pick<TextPlausibility, 'script' | 'trigrams' | 'hits' | 'fit' | 'language' | 'foreign'> {
  const script = dominantScript(scriptLetters);
  const profiles = profilesOf(script);
  if (profiles === null) return { script, trigrams: 0, hits: 0, fit: null, language: null, foreign: 0 };
  const hits = new Int32Array(profiles.codes.length);
  let trigrams = 0;
  // distinct trigrams: a letter that repeats (`£` read as `È` before every price) is one piece of evidence, not twenty
  const seen = new Set<string>();
  for (const word of words) {
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) {
      const t = padded.slice(i, i + 3);
      if (seen.has(t) || !NON_ASCII_RE.test(t)) continue;
      seen.add(t);
      trigrams++;
      const langs = profiles.languages.get(t);
      if (langs !== undefined) for (const l of langs) hits[l]++;
    }
  }
  if (trigrams === 0) return { script, trigrams, hits: 0, fit: null, language: null, foreign: 0 };
  let best = 0;
  for (let l = 1; l < hits.length; l++) if (hits[l] > hits[best]) best = l;
  const alphabet = profiles.alphabets[best];
  const foreign = new Set<string>();
  for (const t of seen) for (const ch of t) if (ch > '\x7f' && !alphabet.has(ch)) foreign.add(ch);
  return { script, trigrams, hits: hits[best], fit: hits[best] / trigrams, language: profiles.codes[best], foreign: foreign.size };
}
