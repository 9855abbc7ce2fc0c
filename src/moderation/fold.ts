/**
 * `foldForMatching`: the form of a text that word lists and classifiers are matched against. Never
 * shown to people. Each step can be switched off; every character of the result keeps the span of the
 * original text it came from, so a match in the folded text can be shown in place.
 * @module
 */
import { MatnError } from '../core/errors.js';
import { letterRulesFor, type LetterRules } from './fold-letters.js';

/**
 * The steps of {@link foldForMatching}, each on by default.
 * @category Moderation
 */
export interface FoldSteps {
  /** Remove zero-width characters, bidi controls and every other default-ignorable code point (ZWJ, ZWNJ, LRM, RLO, soft hyphen, BOM, variation selectors). @default true */
  readonly invisible?: boolean;
  /** NFKC per character cluster (full-width forms, ligatures, presentation forms, compatibility digits), except clusters whose NFKC holds a space (ﷺ, ﷽), which would change the word count. @default true */
  readonly nfkc?: boolean;
  /** Remove the Arabic tatweel (kashida) U+0640. @default true */
  readonly tatweel?: boolean;
  /** Remove harakat (U+064B–U+0653, U+0656–U+065F, superscript alef U+0670) and Quranic annotation marks (U+0610–U+061A, U+06D6–U+06ED marks, U+08D3–U+08FF). @default true */
  readonly harakat?: boolean;
  /** Alef with hamza/madda and alef wasla → alef; for Arabic/Persian/Urdu the lone hamza marks U+0654/U+0655 go too. @default true */
  readonly alef?: boolean;
  /** Arabic yeh, alef maksura and Farsi yeh → one yeh (ي for Arabic, ی for Persian and Urdu; never for Uyghur). @default true */
  readonly yeh?: boolean;
  /** Arabic kaf and keheh → one kaf (ك for Arabic and Uyghur, ک for Persian and Urdu). @default true */
  readonly kaf?: boolean;
  /** Teh marbuta ة and heh goal/ae/heh-with-yeh → heh ه (Arabic and Persian only). @default true */
  readonly heh?: boolean;
  /** Lower-case Latin, Cyrillic and Greek letters (the scripts with case). @default true */
  readonly caseFold?: boolean;
  /** Every decimal digit (Arabic-Indic, Persian, Devanagari, full-width, …) → ASCII 0–9. @default true */
  readonly digits?: boolean;
}

/**
 * Options of {@link foldForMatching}.
 * @category Moderation
 */
export interface FoldOptions extends FoldSteps {
  /**
   * Language of the text (BCP 47, primary subtag used): chooses the letter unifications
   * (`ar`, `fa`, `ur`, `ug`). Null or another language: the text's own letters choose (Uyghur-only
   * letters → `ug`, Persian-only letters → `fa`, else `ar`).
   * @default null
   */
  readonly lang?: string | null;
}

/**
 * Defaults of {@link FoldOptions}: every step on, language from the letters.
 * @category Moderation
 */
export const DEFAULT_FOLD_OPTIONS: Readonly<Required<FoldOptions>> = Object.freeze({
  lang: null,
  invisible: true,
  nfkc: true,
  tatweel: true,
  harakat: true,
  alef: true,
  yeh: true,
  kaf: true,
  heh: true,
  caseFold: true,
  digits: true,
});

/**
 * A folded text with its way back: code unit `i` of `text` came from `original.slice(starts[i], ends[i])`.
 * @category Moderation
 */
export interface FoldedText {
  readonly text: string;
  /** Per UTF-16 code unit of {@link FoldedText.text}: where its source starts in the original. */
  readonly starts: readonly number[];
  /** Per UTF-16 code unit: where its source ends in the original (exclusive). */
  readonly ends: readonly number[];
}

/** A stretch of output with the original span it came from. */
interface Piece {
  text: string;
  start: number;
  end: number;
}

const INVISIBLE = /^\p{Default_Ignorable_Code_Point}$/u;
const MARK = /^\p{M}$/u;
const HARAKAT = /^[\u064B-\u0653\u0656-\u065F\u0670\u0610-\u061A\u06D6-\u06DC\u06DF-\u06E4\u06E7\u06E8\u06EA-\u06ED\u08D3-\u08E1\u08E3-\u08FF]$/u;
const CASED_SCRIPT = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]$/u;
const DECIMAL = /^\p{Nd}$/u;
const SPACE = /\s/u;

/** The ASCII digit of a decimal digit: Unicode assigns every decimal digit set as a contiguous run 0..9. */
function asciiDigit(ch: string): string {
  let cp = ch.codePointAt(0) as number;
  let offset = 0;
  while (DECIMAL.test(String.fromCodePoint(cp - 1))) {
    cp--;
    offset++;
  }
  return String(offset % 10);
}

/** Splits into one piece per code point. */
function codePoints(text: string): Piece[] {
  const pieces: Piece[] = [];
  let i = 0;
  for (const ch of text) {
    pieces.push({ text: ch, start: i, end: i + ch.length });
    i += ch.length;
  }
  return pieces;
}

/** Applies `fn` to each piece's code points; a code point mapped to '' disappears. */
function mapCodePoints(pieces: Piece[], fn: (ch: string) => string): Piece[] {
  const out: Piece[] = [];
  for (const piece of pieces) {
    let text = '';
    for (const ch of piece.text) text += fn(ch);
    if (text !== '') out.push({ ...piece, text });
  }
  return out;
}

/** NFKC of each cluster (a code point and the marks after it), unless that would bring in a space. */
function nfkcClusters(pieces: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (let i = 0; i < pieces.length;) {
    const first = pieces[i] as Piece;
    let j = i + 1;
    while (j < pieces.length && MARK.test((pieces[j] as Piece).text)) j++;
    const cluster = pieces.slice(i, j);
    const text = cluster.map((p) => p.text).join('');
    const folded = text.normalize('NFKC');
    if (folded === text || SPACE.test(folded)) out.push(...cluster);
    else out.push({ text: folded, start: first.start, end: (cluster.at(-1) as Piece).end });
    i = j;
  }
  return out;
}

function letterStep(rules: LetterRules, steps: Required<FoldSteps>): ((ch: string) => string) | null {
  const maps = (['alef', 'yeh', 'kaf', 'heh'] as const).filter((k) => steps[k]).map((k) => rules[k]).filter((m) => m.size > 0);
  if (maps.length === 0) return null;
  return (ch) => {
    for (const m of maps) {
      const to = m.get(ch);
      if (to !== undefined) return to;
    }
    return ch;
  };
}

/**
 * The matching form of `text`: see {@link FoldSteps} for what each step does (all on by default) and
 * {@link FoldOptions.lang} for the language-dependent letter unifications. An option that is not a
 * step or `lang` throws `MatnError('invalid-argument')`.
 * @category Moderation
 */
export function foldForMatching(text: string, options: FoldOptions = {}): FoldedText {
  for (const key of Object.keys(options)) {
    if (!(key in DEFAULT_FOLD_OPTIONS)) throw new MatnError('invalid-argument', `unknown fold option "${key}"`, { option: key });
  }
  const o = { ...DEFAULT_FOLD_OPTIONS, ...options } as Required<FoldOptions>;
  let pieces = codePoints(text);
  if (o.invisible) pieces = mapCodePoints(pieces, (ch) => (INVISIBLE.test(ch) ? '' : ch));
  if (o.nfkc) pieces = nfkcClusters(pieces);
  if (o.tatweel) pieces = mapCodePoints(pieces, (ch) => (ch === '\u0640' ? '' : ch));
  if (o.harakat) pieces = mapCodePoints(pieces, (ch) => (HARAKAT.test(ch) ? '' : ch));
  const letters = letterStep(letterRulesFor(o.lang, text), o);
  if (letters) pieces = mapCodePoints(pieces, letters);
  if (o.caseFold) pieces = mapCodePoints(pieces, (ch) => (CASED_SCRIPT.test(ch) ? ch.toLowerCase() : ch));
  if (o.digits) pieces = mapCodePoints(pieces, (ch) => (ch > '\u007F' && DECIMAL.test(ch) ? asciiDigit(ch) : ch));
  const starts: number[] = [];
  const ends: number[] = [];
  let out = '';
  for (const piece of pieces) {
    out += piece.text;
    for (let k = 0; k < piece.text.length; k++) {
      starts.push(piece.start);
      ends.push(piece.end);
    }
  }
  return { text: out, starts, ends };
}

/**
 * The span of the original text that `folded.text.slice(start, end)` came from, as `[start, end)`
 * offsets into the original (UTF-16 code units). An empty or out-of-range span throws
 * `MatnError('invalid-argument')`.
 * @category Moderation
 */
export function originalSpan(folded: FoldedText, start: number, end: number): readonly [number, number] {
  if (!(start >= 0 && end > start && end <= folded.text.length)) {
    throw new MatnError('invalid-argument', `span [${start}, ${end}) is not inside the folded text (length ${folded.text.length})`, { start, end });
  }
  return [folded.starts[start] as number, folded.ends[end - 1] as number];
}
