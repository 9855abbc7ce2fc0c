/**
 * The Arabic-script letter unifications of {@link foldForMatching}, per language: which variants a
 * language treats as one letter (so a word list matches every spelling) and which it keeps apart.
 * Uyghur distinguishes ې ى ي ۆ ۈ ۇ و ڭ ۋ ە ھ: none of its letters is ever merged.
 * @module
 */

/** A set of letter unifications, each a map from a variant to the letter it folds to. */
export interface LetterRules {
  /** Alef with hamza or madda, and alef wasla → bare alef; hamza above/below marks dropped. */
  readonly alef: ReadonlyMap<string, string>;
  /** Arabic yeh, alef maksura and Farsi yeh → the language's yeh. */
  readonly yeh: ReadonlyMap<string, string>;
  /** Arabic kaf and keheh → the language's kaf. */
  readonly kaf: ReadonlyMap<string, string>;
  /** Teh marbuta and heh variants → heh. */
  readonly heh: ReadonlyMap<string, string>;
}

const map = (pairs: Record<string, string>): ReadonlyMap<string, string> => new Map(Object.entries(pairs));
const NONE: ReadonlyMap<string, string> = new Map();

/** Alef variants (U+0622, U+0623, U+0625, U+0671–U+0673) and the combining hamza marks (U+0654, U+0655). */
const ALEF = map({ '\u0622': 'ا', '\u0623': 'ا', '\u0625': 'ا', '\u0671': 'ا', '\u0672': 'ا', '\u0673': 'ا', '\u0654': '', '\u0655': '' });
/** Uyghur: its hamza ئ is a letter, so only the alef forms fold (Uyghur writes none of them). */
const UYGHUR_ALEF = map({ '\u0622': 'ا', '\u0623': 'ا', '\u0625': 'ا', '\u0671': 'ا', '\u0672': 'ا', '\u0673': 'ا' });

/** Letter rules by primary language subtag; `ar` also serves Arabic-script languages not listed. */
export const LETTER_RULES: Readonly<Record<'ar' | 'fa' | 'ur' | 'ug', LetterRules>> = Object.freeze({
  ar: Object.freeze({
    alef: ALEF,
    yeh: map({ '\u0649': 'ي', '\u06CC': 'ي' }),
    kaf: map({ '\u06A9': 'ك' }),
    heh: map({ '\u0629': 'ه', '\u06C0': 'ه', '\u06C1': 'ه', '\u06D5': 'ه' }),
  }),
  fa: Object.freeze({
    alef: ALEF,
    yeh: map({ '\u064A': 'ی', '\u0649': 'ی' }),
    kaf: map({ '\u0643': 'ک' }),
    heh: map({ '\u0629': 'ه', '\u06C0': 'ه', '\u06C1': 'ه', '\u06D5': 'ه' }),
  }),
  // Urdu keeps ہ ھ ة ے apart (they are different letters there); only yeh and kaf spellings fold.
  ur: Object.freeze({ alef: ALEF, yeh: map({ '\u064A': 'ی', '\u0649': 'ی' }), kaf: map({ '\u0643': 'ک' }), heh: NONE }),
  // Uyghur: ي (y) and ى (i) are two letters, ە (e) and ھ (h) too; Farsi keheh ک is a mistyped ك.
  ug: Object.freeze({ alef: UYGHUR_ALEF, yeh: NONE, kaf: map({ '\u06A9': 'ك' }), heh: NONE }),
});

/** Letters only Uyghur writes among Arabic-script languages (ې ۆ ۈ ۇ ڭ ۋ). */
const UYGHUR_ONLY = /[\u06D0\u06C6\u06C8\u06C7\u06AD\u06CB]/u;
/** ە (AE) and ھ (heh doachashmee): Uyghur's e and h, together in one text. */
const UYGHUR_AE = /\u06D5/u;
const UYGHUR_HEH = /\u06BE/u;
/** Letters Persian writes and Arabic does not (Farsi yeh, keheh, peh, tcheh, jeh, gaf). */
const PERSIAN_ONLY = /[\u06CC\u06A9\u067E\u0686\u0698\u06AF]/u;

/** The rule set for `lang`; without one, the text's own letters choose (Uyghur letters → ug, Persian letters → fa, else ar). */
export function letterRulesFor(lang: string | null | undefined, text: string): LetterRules {
  const primary = lang?.toLowerCase().split(/[-_]/)[0];
  if (primary === 'ug' || primary === 'fa' || primary === 'ur' || primary === 'ar') return LETTER_RULES[primary];
  if (UYGHUR_ONLY.test(text) || (UYGHUR_AE.test(text) && UYGHUR_HEH.test(text))) return LETTER_RULES.ug;
  return PERSIAN_ONLY.test(text) ? LETTER_RULES.fa : LETTER_RULES.ar;
}
