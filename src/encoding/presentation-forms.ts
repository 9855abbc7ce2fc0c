import { PRESENTATION_FORM_ROWS } from './presentation-forms-table.js';
import type { PresentationFormKind } from './presentation-forms-table.js';

export type { PresentationFormKind } from './presentation-forms-table.js';

/**
 * Options of {@link foldPresentationForms}.
 * @category Encoding
 */
export interface FoldPresentationFormsOptions {
  /**
   * Map ARABIC LETTER HEH ISOLATED/FINAL FORM (U+FEE9/U+FEEA) to ARABIC LETTER AE ە (U+06D5) instead of
   * HEH ه (U+0647). Legacy Uyghur converters wrote ە with the heh forms because ە has no presentation
   * forms of its own; Uyghur has no ه, so in Uyghur text these two forms mean ە. Set by the `uyghur`
   * profile of `normalize`.
   * @default false
   */
  hehAsAe?: boolean;
}

/** Defaults of {@link FoldPresentationFormsOptions}. @category Encoding */
export const DEFAULT_FOLD_PRESENTATION_FORMS_OPTIONS: Readonly<Required<FoldPresentationFormsOptions>> = Object.freeze({
  hehAsAe: false,
});

/** Result of {@link foldPresentationForms}. @category Encoding */
export interface FoldPresentationFormsResult {
  readonly text: string;
  /** Number of presentation-form code points replaced. */
  readonly count: number;
}

const FOLD_MAP: ReadonlyMap<number, string> = new Map(PRESENTATION_FORM_ROWS.map(([cp, to]) => [cp, to]));
const FORM_OF: ReadonlyMap<number, PresentationFormKind> = new Map(
  PRESENTATION_FORM_ROWS.filter((row): row is readonly [number, string, PresentationFormKind] => row[2] !== null).map(([cp, , form]) => [cp, form]),
);
const HEH_AS_AE: ReadonlyMap<number, string> = new Map([
  [0xfee9, '\u06d5'],
  [0xfeea, '\u06d5'],
]);

/** First and last code point of the folded blocks (U+FEFF, BOM / ZWNBSP, is not a presentation form). */
const FIRST_FORM = 0xfb50;
const LAST_FORM = 0xfefe;
/** Folded text by `code point - FIRST_FORM` (undefined: not folded), for a lookup without hashing. */
const FOLD_TABLE: ReadonlyArray<string | undefined> = Array.from({ length: LAST_FORM - FIRST_FORM + 1 }, (_, i) => FOLD_MAP.get(FIRST_FORM + i));
/** Test for at least one presentation-form code point (U+FB50–U+FDFF, U+FE70–U+FEFE). */
const HAS_PRESENTATION_FORM_RE = /[\uFB50-\uFDFF\uFE70-\uFEFE]/;
/** Finds the first presentation-form code point. */
const PRESENTATION_FORM_SEARCH_RE = /[\uFB50-\uFDFF\uFE70-\uFEFE]/g;

/**
 * Folds Arabic presentation forms (ARABIC PRESENTATION FORMS-A U+FB50–U+FDFF and -B U+FE70–U+FEFF,
 * Uyghur forms and ligatures included) to the base characters Unicode gives as their compatibility
 * decomposition (NFKC of that character): `ﺷ` → `ش`, lam-alef `ﻻ` → `لا`. Nothing outside those two
 * blocks is touched — never a whole-text NFKC, so full-width digits, CJK punctuation and Latin
 * ligatures stay as written. Code points of the blocks without a decomposition (ornate parentheses,
 * U+FDFD BISMILLAH, U+FEFF) stay too. Isolated harakat forms (U+FE70 …) become SPACE + mark, as NFKC
 * defines them. ARABIC LETTER AE ە (U+06D5) has no presentation forms and is never produced, except by
 * `hehAsAe` for the legacy Uyghur convention.
 *
 * Linear time; the table comes from charsets/presentation-forms.json (Unicode data, see its header).
 * @example
 * foldPresentationForms('\uFEB7\uFEE0\uFBFF') // { text: 'شلى', count: 3 }
 * @see Wang, Zhou, Li — 基于正文相关度的维吾尔网页正文提取, §3.1 (forms unified to the base letters)
 * @category Encoding
 */
export function foldPresentationForms(text: string, options?: FoldPresentationFormsOptions): FoldPresentationFormsResult {
  PRESENTATION_FORM_SEARCH_RE.lastIndex = 0;
  const first = PRESENTATION_FORM_SEARCH_RE.exec(text);
  PRESENTATION_FORM_SEARCH_RE.lastIndex = 0;
  if (first === null) return { text, count: 0 };
  const hehAsAe = options?.hehAsAe ?? DEFAULT_FOLD_PRESENTATION_FORMS_OPTIONS.hehAsAe;
  let out = '';
  let last = 0;
  let count = 0;
  for (let i = first.index; i < text.length; i++) {
    const cp = text.charCodeAt(i);
    if (cp < FIRST_FORM || cp > LAST_FORM || (cp > 0xfdff && cp < 0xfe70)) continue;
    const to = (hehAsAe ? HEH_AS_AE.get(cp) : undefined) ?? FOLD_TABLE[cp - FIRST_FORM];
    if (to === undefined) continue;
    out += text.slice(last, i) + to;
    last = i + 1;
    count++;
  }
  return count === 0 ? { text, count } : { text: out + text.slice(last), count };
}

/**
 * True when `text` holds at least one code point of ARABIC PRESENTATION FORMS-A or -B (one native scan).
 * @category Encoding
 */
export function hasPresentationForms(text: string): boolean {
  return HAS_PRESENTATION_FORM_RE.test(text);
}

/**
 * The base character(s) a presentation-form code point folds to, or undefined when it is not folded.
 * @category Encoding
 */
export function getPresentationFormBase(codePoint: number): string | undefined {
  return FOLD_MAP.get(codePoint);
}

/**
 * The positional form (isolated/final/initial/medial) of a single-letter presentation form, or
 * undefined for ligatures and code points that are not presentation forms.
 * @category Encoding
 */
export function getPresentationFormKind(codePoint: number): PresentationFormKind | undefined {
  return FORM_OF.get(codePoint);
}

/**
 * True when `codePoint` lies in ARABIC PRESENTATION FORMS-A or -B (U+FB50–U+FDFF, U+FE70–U+FEFE).
 * @category Encoding
 */
export function isPresentationFormBlock(codePoint: number): boolean {
  return (codePoint >= 0xfb50 && codePoint <= 0xfdff) || (codePoint >= 0xfe70 && codePoint <= 0xfefe);
}
