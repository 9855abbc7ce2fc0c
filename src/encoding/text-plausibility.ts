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
 *   identification) and, for Greek and Thai, profiles made the same way from the same text
 *   (`udhr-profiles.ts`). Letters of the right charset fall on a language's frequent trigrams; a sibling
 *   charset of the same script (KOI8-R vs windows-1251 vs IBM866) scrambles the letters and misses them.
 *   Han and Hangul, written without spaces, are measured by single characters instead: the share of
 *   the text's distinct ones among the 300 most frequent of Chinese, Japanese or Korean (EUC-KR bytes
 *   read as GBK are valid Han characters, but rare ones); kana are left out (GBK reads EUC-JP's kana
 *   right and garbles its kanji). Other scripts give `fit: null`.
 * @module
 */
import { data as FRANC_DATA } from 'franc/data.js';
import { UDHR_ALPHABETS, UDHR_CHARACTERS, UDHR_TRIGRAMS } from './udhr-profiles.js';

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
  /** What the fit counts: distinct letter trigrams with a non-ASCII letter, or (Han, Hangul) distinct characters. */
  readonly unit: 'trigram' | 'character';
  /** Distinct units of that script counted for the fit. */
  readonly units: number;
  /** Of those, units in the profile of the best-fitting language. */
  readonly hits: number;
  /** 0..1: `hits / units`; null when there is no profile for the script, or no unit was counted. */
  readonly fit: number | null;
  /** That best language (ISO 639-3), or null. */
  readonly language: string | null;
  /**
   * Distinct non-ASCII letters of the text that the best language never writes (`õ` in a text read as
   * Hungarian, which writes `ő`): letters outside its whole UDHR declaration (a language with no
   * declaration here: outside its profile's trigrams, where a rare letter of the language counts too).
   */
  readonly foreign: number;
}

/** Longest run of Han/kana/Hangul between two Latin letters that counts as mojibake (see `measureTextPlausibility`). */
const MAX_MOJIBAKE_CJK_RUN = 2;
/** Full-width forms of ASCII `!`…`~` (U+FF01–U+FF5E), U+FEE0 above the ASCII they stand for. */
const FULLWIDTH_FIRST = 0xff01;
const FULLWIDTH_LAST = 0xff5e;
const FULLWIDTH_OFFSET = 0xfee0;

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
  /** Per language (same order as `codes`), its non-ASCII letters: those of its whole declaration, else those its profile holds. */
  readonly alphabets: readonly ReadonlySet<string>[];
}

const PROFILES = new Map<string, ScriptProfiles | null>();

function profilesOf(script: string): ScriptProfiles | null {
  let p = PROFILES.get(script);
  if (p !== undefined) return p;
  const byLanguage = (FRANC_DATA as Record<string, Record<string, string> | undefined>)[script] ?? UDHR_TRIGRAMS[script];
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
    // the profile's 300 trigrams leave out a language's rarer letters (Russian `щ`, Hungarian `ű`), which
    // would count as foreign in every honest text; the declaration's full alphabet does not
    const alphabets = codes.map((code) => new Set(UDHR_ALPHABETS[code] ?? byLanguage[code].replace(/[|\x00-\x7f]/g, '')));
    p = { codes, languages, alphabets };
  }
  PROFILES.set(script, p);
  return p;
}

/** Hiragana, katakana (full and half width) and the prolonged sound mark: left out of the character fit (see `charsets/build-udhr-profiles.mjs`). */
function isKana(cp: number): boolean {
  return (cp >= 0x3040 && cp <= 0x30ff) || (cp >= 0x31f0 && cp <= 0x31ff) || (cp >= 0xff66 && cp <= 0xff9f);
}

/** Per language of a script written without spaces, its profile characters. */
interface CharacterProfiles {
  readonly codes: readonly string[];
  /** Per language, the code points of its profile. */
  readonly sets: readonly ReadonlySet<number>[];
}

const CHARACTER_PROFILES = new Map<string, CharacterProfiles | null>();

function characterProfilesOf(script: string): CharacterProfiles | null {
  let p = CHARACTER_PROFILES.get(script);
  if (p !== undefined) return p;
  const byLanguage = UDHR_CHARACTERS[script];
  p = byLanguage === undefined ? null : { codes: Object.keys(byLanguage), sets: Object.values(byLanguage).map((chars) => new Set([...chars].map((ch) => ch.codePointAt(0) ?? 0))) };
  CHARACTER_PROFILES.set(script, p);
  return p;
}

/** A word being read: what was seen in it (its lower-cased letters are in {@link WORD_UNITS}). */
interface WordState {
  length: number; // code units of its lower-cased letters in WORD_UNITS
  nonAscii: number;
  groups: number; // bit set of script groups
  anomalies: number; // case anomalies and symbols inside it
  accentedRun: number;
  soup: number; // non-ASCII Latin letters in runs longer than MAX_ACCENTED_RUN
  lastCase: number;
}

function resetWord(w: WordState): void {
  w.length = 0;
  w.nonAscii = 0;
  w.groups = 0;
  w.anomalies = 0;
  w.accentedRun = 0;
  w.soup = 0;
  w.lastCase = 0;
}

/**
 * The lower-cased letters of the word being read, as code units: a word becomes a string only when it
 * holds a non-ASCII letter (most words of a page are ASCII and carry no evidence). Grown on demand.
 */
let WORD_UNITS = new Uint16Array(256);

function pushWordUnit(w: WordState, unit: number): void {
  if (w.length === WORD_UNITS.length) {
    const grown = new Uint16Array(WORD_UNITS.length * 2);
    grown.set(WORD_UNITS);
    WORD_UNITS = grown;
  }
  WORD_UNITS[w.length++] = unit;
}

/** Code units per `String.fromCharCode` call (an argument list has a limit). */
const FROM_CHAR_CODE_CHUNK = 4096;

function wordText(w: WordState): string {
  if (w.length <= FROM_CHAR_CODE_CHUNK) return String.fromCharCode.apply(null, WORD_UNITS.subarray(0, w.length) as unknown as number[]);
  let out = '';
  for (let k = 0; k < w.length; k += FROM_CHAR_CODE_CHUNK) out += String.fromCharCode.apply(null, WORD_UNITS.subarray(k, Math.min(w.length, k + FROM_CHAR_CODE_CHUNK)) as unknown as number[]);
  return out;
}

/** Lower case of each BMP code unit read as a letter, filled on first sight (one or more code units: `İ` lowers to two). */
const LOWER_OF: (string | undefined)[] = new Array<string | undefined>(65536);

function lowerOf(unit: number): string {
  let lower = LOWER_OF[unit];
  if (lower === undefined) LOWER_OF[unit] = lower = String.fromCharCode(unit).toLowerCase();
  return lower;
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
  const cjkCharacters = new Set<number>();
  const w: WordState = { length: 0, nonAscii: 0, groups: 0, anomalies: 0, accentedRun: 0, soup: 0, lastCase: 0 };
  let pendingSymbol = 0; // non-ASCII symbols seen right after a letter, inside a word if a letter follows
  // a run of one or two Han/kana/Hangul inside a Latin word (`B腎e`: `Bête` read as Shift_JIS: an accented
  // letter and the next byte make one character) is an anomaly; real text puts longer runs between whole
  // Latin words without spaces (`使用Google语言工具访问DMOZ`)
  let cjkRun = 0;
  let cjkAfterLatin = false;
  let afterLatin = false;
  const endCjkRun = (latinFollows: boolean): void => {
    if (cjkRun > 0 && cjkRun <= MAX_MOJIBAKE_CJK_RUN && cjkAfterLatin && latinFollows) anomalies += cjkRun;
    cjkRun = 0;
  };
  const endWord = (): void => {
    if (w.length === 0) return;
    let wordAnomalies = w.anomalies + w.soup;
    // a word mixing scripts: every non-ASCII letter of it is an anomaly
    if ((w.groups & (w.groups - 1)) !== 0) wordAnomalies = Math.max(wordAnomalies, w.nonAscii);
    anomalies += Math.min(wordAnomalies, w.nonAscii + w.anomalies);
    if (w.nonAscii > 0) words.push(wordText(w));
    resetWord(w);
  };
  for (let i = 0; i < n; i++) {
    let unit = text.charCodeAt(i);
    // full-width ASCII (`ｓｋｙｐｅ`, `ＷｉｎＸＰ`, CJK typesetting) is read as the ASCII it stands for
    if (unit >= FULLWIDTH_FIRST && unit <= FULLWIDTH_LAST) unit -= FULLWIDTH_OFFSET;
    if (unit < 0x80) {
      const isLetter = (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x41 && unit <= 0x5a);
      endCjkRun(isLetter);
      afterLatin = isLetter;
      if (isLetter) {
        if (pendingSymbol > 0) { w.anomalies += pendingSymbol; pendingSymbol = 0; }
        const lower = unit >= 0x61;
        if (lower) w.lastCase = LOWER;
        else w.lastCase = UPPER; // ASCII camelCase is not counted: only non-ASCII letters raise case anomalies
        pushWordUnit(w, unit | 0x20);
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
    let cp = unit;
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < n && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      cp = ((unit - 0xd800) << 10) + (text.charCodeAt(i + 1) - 0xdc00) + 0x10000;
      c = classOfAstral(cp);
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
      if (!isKana(cp)) cjkCharacters.add(cp);
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
      const lower = lowerOf(unit);
      for (let k = 0; k < lower.length; k++) pushWordUnit(w, lower.charCodeAt(k));
      if (group === LATIN_GROUP) {
        w.accentedRun++;
        if (w.accentedRun === MAX_ACCENTED_RUN + 1) w.soup += MAX_ACCENTED_RUN + 1;
        else if (w.accentedRun > MAX_ACCENTED_RUN + 1) w.soup++;
      } else w.accentedRun = 0;
    } else if (kind === K_MARK) {
      // combining marks belong to the word (Hebrew points, Thai vowels, Vietnamese tones)
      if (w.length === 0) anomalies++; // a mark with no letter to sit on
    } else if (kind === K_SYMBOL) {
      if (w.length > 0) pendingSymbol++; // the word goes on if a letter follows
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
  const script = dominantScript(scriptLetters);
  const fit = script === 'CJK' ? measureCharacterFit(script, cjkCharacters) : measureFit(script, words);
  return { chars, anomalies, replacements, script, ...fit };
}

function dominantScript(scriptLetters: Int32Array): string {
  let best = 0;
  for (let g = 1; g < scriptLetters.length; g++) if (scriptLetters[g] > scriptLetters[best]) best = g;
  if (scriptLetters[best] === 0) return 'none';
  return best <= SCRIPT_GROUPS.length ? SCRIPT_GROUPS[best - 1][0] : 'other';
}

type Fit = Pick<TextPlausibility, 'unit' | 'units' | 'hits' | 'fit' | 'language' | 'foreign'>;

/** The character fit of a text in Han and Hangul (see {@link TextPlausibility.fit}); no letter is foreign there. */
function measureCharacterFit(script: string, characters: ReadonlySet<number>): Fit {
  const profiles = characterProfilesOf(script);
  if (profiles === null || characters.size === 0) return { unit: 'character', units: characters.size, hits: 0, fit: null, language: null, foreign: 0 };
  let best = -1;
  let bestHits = -1;
  profiles.sets.forEach((set, l) => {
    let hits = 0;
    for (const cp of characters) if (set.has(cp)) hits++;
    if (hits > bestHits) { best = l; bestHits = hits; }
  });
  return { unit: 'character', units: characters.size, hits: bestHits, fit: bestHits / characters.size, language: profiles.codes[best], foreign: 0 };
}

/** The trigram fit of the words that hold a non-ASCII letter (see {@link TextPlausibility.fit}). */
function measureFit(script: string, words: readonly string[]): Fit {
  const profiles = profilesOf(script);
  if (profiles === null) return { unit: 'trigram', units: 0, hits: 0, fit: null, language: null, foreign: 0 };
  const hits = new Int32Array(profiles.codes.length);
  let trigrams = 0;
  // distinct trigrams: a letter that repeats (`£` read as `È` before every price) is one piece of evidence, not
  // twenty; so a word seen twice adds nothing, and a trigram of ASCII letters alone is no evidence
  const seen = new Set<string>();
  for (const word of new Set(words)) {
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) {
      if (padded.charCodeAt(i) < 0x80 && padded.charCodeAt(i + 1) < 0x80 && padded.charCodeAt(i + 2) < 0x80) continue;
      const t = padded.slice(i, i + 3);
      if (seen.has(t)) continue;
      seen.add(t);
      trigrams++;
      const langs = profiles.languages.get(t);
      if (langs !== undefined) for (const l of langs) hits[l]++;
    }
  }
  if (trigrams === 0) return { unit: 'trigram', units: 0, hits: 0, fit: null, language: null, foreign: 0 };
  let best = 0;
  for (let l = 1; l < hits.length; l++) if (hits[l] > hits[best]) best = l;
  const alphabet = profiles.alphabets[best];
  const foreign = new Set<string>();
  for (const t of seen) for (const ch of t) if (ch > '\x7f' && !alphabet.has(ch)) foreign.add(ch);
  return { unit: 'trigram', units: trigrams, hits: hits[best], fit: hits[best] / trigrams, language: profiles.codes[best], foreign: foreign.size };
}
