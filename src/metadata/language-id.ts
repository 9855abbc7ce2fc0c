/**
 * Language identification of a text by letter trigrams, through franc (187 languages of 1M+
 * speakers, trigram profiles from the Universal Declaration of Human Rights): franc's data, with the
 * search for the closest profile done by `closest-language.ts` (same answer, a fraction of the time).
 * Results are reported as ISO 639-1 subtags (CLDR's aliases, through `Intl.getCanonicalLocales`:
 * `rus` → `ru`, `cmn` → `zh`, `pes` → `fa`); languages without a two-letter code are skipped (they
 * are rarely the language of a web page and are franc's usual confusions: `sco` for English).
 * @module
 */
import { data as FRANC_DATA } from 'franc/data.js';
import { expressions as FRANC_SCRIPTS } from 'franc/expressions.js';
import { closestLanguageSearch } from './closest-language.js';

/**
 * Options of {@link identifyLanguage}.
 * @category Metadata
 */
export interface IdentifyLanguageOptions {
  /**
   * Fewest characters franc is given; shorter texts are not identified.
   * @default 40
   */
  minLength?: number;
  /**
   * Most characters read (franc is linear; a sample of running text decides as well as the whole).
   * @default 2000
   */
  maxLength?: number;
  /**
   * Lines at least this long are running text (menus and labels are shorter): only they are read
   * when they hold a tenth of `maxLength`.
   * @default 40 (ours)
   */
  proseLine?: number;
}

/** Defaults of {@link IdentifyLanguageOptions}. @category Metadata */
export const DEFAULT_IDENTIFY_LANGUAGE_OPTIONS: Readonly<Required<IdentifyLanguageOptions>> = Object.freeze({
  minLength: 40,
  maxLength: 2000,
  proseLine: 40,
});

/** ISO 639-3 codes CLDR does not alias to the two-letter code the language has. */
const EXTRA_ALIASES: ReadonlyMap<string, string> = new Map([['zlm', 'ms'], ['tgl', 'tl']]);

/** {@link toTwoLetter}'s answers by code: franc has a few hundred codes, and `Intl.getCanonicalLocales` costs more than the guess's sample reading. */
const TWO_LETTER = new Map<string, string | null>();

/** The ISO 639-1 subtag of an ISO 639-3 code, or null when it has none (remembered by code). */
export function toTwoLetter(code: string): string | null {
  let known = TWO_LETTER.get(code);
  if (known === undefined) TWO_LETTER.set(code, (known = canonicalTwoLetter(code)));
  return known;
}

function canonicalTwoLetter(code: string): string | null {
  const extra = EXTRA_ALIASES.get(code);
  if (extra !== undefined) return extra;
  try {
    const canonical = Intl.getCanonicalLocales(code)[0];
    return /^[a-z]{2}$/u.test(canonical) ? canonical : null;
  } catch {
    // not a well-formed tag: franc's `und`
    return null;
  }
}

/**
 * franc's languages that have a two-letter code: those with trigram profiles (93 of 156) and those
 * it tells by their script alone (Greek, Georgian, Thai, ...); the only ones compared, which also
 * saves a third of the time.
 */
const CANDIDATES: readonly string[] = [...Object.values(FRANC_DATA).flatMap((byLanguage) => Object.keys(byLanguage)), ...Object.keys(FRANC_SCRIPTS)]
  .filter((code) => /^[a-z]{3}$/u.test(code) && toTwoLetter(code) !== null);

/** franc's first answer over {@link CANDIDATES}, found without scoring every language in full. */
const closestCandidate = closestLanguageSearch(CANDIDATES);

/**
 * The running text of `text`: its lines of `proseLine`+ characters joined by "\n", else the whole text;
 * at most `max` characters. Read line by line and only up to `max` characters of prose: splitting a
 * page's whole text made a string per line.
 * @internal
 */
export function languageSample(text: string, max: number, proseLine: number): string {
  let prose = '';
  let lines = 0;
  for (let start = 0; start <= text.length && prose.length < max;) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    if (end - start >= proseLine) {
      if (lines++ > 0) prose += '\n';
      prose += text.slice(start, Math.min(end, start + max - prose.length));
    }
    start = end + 1;
  }
  // `prose` stops at `max` characters, so it is shorter than the whole prose only when long enough to be chosen
  const chosen = prose.length >= max / 10 ? prose : text;
  return chosen.length <= max ? chosen : chosen.slice(0, max);
}

/**
 * The language of `text` as an ISO 639-1 subtag, or null when the text is too short or no
 * language with a two-letter code fits.
 * @example
 * identifyLanguage('Доброе утро, как у вас дела сегодня? Мы идём в парк гулять.'); // 'ru'
 * @category Metadata
 */
export function identifyLanguage(text: string, options?: Partial<IdentifyLanguageOptions>): string | null {
  const o = { ...DEFAULT_IDENTIFY_LANGUAGE_OPTIONS, ...options };
  const input = languageSample(text, o.maxLength, o.proseLine);
  if (input.length < o.minLength) return null;
  // every candidate has a two-letter code: franc's first answer decides
  const code = closestCandidate(input, o.minLength);
  return code === 'und' ? null : toTwoLetter(code);
}
