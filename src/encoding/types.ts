import type { Diagnostic } from '../core/diagnostics.js';

/** A declaration of the page's charset: a BOM, the HTTP `Content-Type` (`transport`), a `<meta>` or the XML declaration. */
export type DeclarationSource = 'bom' | 'transport' | 'meta' | 'xml';

/**
 * Where the charset used to decode a page came from: the declaration that was checked against the bytes
 * and accepted (`bom`, `transport`, `meta`, `xml`, in that precedence), detection from the bytes when
 * nothing was declared (`detected`) or when the bytes contradicted every declaration
 * (`detected-over-transport`, `detected-over-meta`, `detected-over-xml`: the first declaration
 * overridden), or the caller's `defaultCharset` when nothing decided (`default`).
 * @category Encoding
 */
export type CharsetSource = DeclarationSource | 'detected' | 'default' | `detected-over-${Exclude<DeclarationSource, 'bom'>}`;

/**
 * What became of one piece of charset evidence: `accepted` (the charset used), `overridden` (a declaration
 * the bytes contradict; `reason` says how), `outranked` (a declaration not needed: one of higher
 * precedence was accepted), `detected` (a detector's answer, used or not).
 * @category Encoding
 */
export type EvidenceVerdict = 'accepted' | 'overridden' | 'outranked' | 'detected';

/**
 * One piece of evidence about a page's charset (every one is kept, even those that lost).
 * @category Encoding
 */
export interface CharsetEvidence {
  readonly source: DeclarationSource | 'detected' | 'default' | 'override';
  /** The label as written (`ISO-8859-1`, `gb2312`). */
  readonly label: string;
  /** The WHATWG encoding name it resolves to, or null for an unknown label. */
  readonly charset: string | null;
  /** 0..1; 1 for declarations and BOMs. */
  readonly confidence: number;
  /** Byte offset where it was found, when it was found in the bytes. */
  readonly offset?: number;
  /** What became of it (set on declarations and on the caller's default). */
  readonly verdict?: EvidenceVerdict;
  /** Why it was accepted or overridden, in words (`invalid UTF-8: 812 invalid sequences, 3 valid`). */
  readonly reason?: string;
}

/**
 * One change normalize made to the page, with how often it made it.
 * @category Encoding
 */
export type Repair =
  | { readonly kind: 'ncr'; readonly count: number }
  | { readonly kind: 'presentation-form'; readonly count: number }
  | { readonly kind: 'nfc'; readonly count: number }
  | { readonly kind: 'replacement-char'; readonly count: number }
  | { readonly kind: 'invisible-stripped'; readonly count: number }
  /** C0 controls (NUL included) that are not HTML whitespace, removed. */
  | { readonly kind: 'control-removed'; readonly count: number }
  /** Lone surrogates (from UTF-16/UTF-32 decoding or string input), replaced by U+FFFD. */
  | { readonly kind: 'lone-surrogate'; readonly count: number }
  | { readonly kind: 'charset-override'; readonly count: 1; readonly from: string; readonly to: string; readonly reason: string };

/**
 * One kind of invisible or bidi control character found in the page.
 * @category Encoding
 */
export interface InvisibleCharacterCount {
  /** The code point, e.g. `U+200C`. */
  readonly codePoint: string;
  /** Short name, e.g. `ZWNJ`. */
  readonly name: string;
  readonly count: number;
  /** Offsets (UTF-16 code units) in the normalized html, capped to the first {@link InvisibleReport.positionLimit}. */
  readonly positions: readonly number[];
  /** Whether `stripInvisible` removes it for this page's script. */
  readonly stripped: boolean;
}

/**
 * Report of invisible and bidirectional control characters.
 * @category Encoding
 */
export interface InvisibleReport {
  readonly total: number;
  readonly characters: readonly InvisibleCharacterCount[];
  /** Maximum number of positions kept per character. */
  readonly positionLimit: number;
}

/**
 * A page decoded and normalized into clean Unicode HTML.
 * @category Encoding
 */
export interface NormalizedDocument {
  /** The HTML as a string: decoded, references of letters decoded, presentation forms folded, NFC. */
  readonly html: string;
  /**
   * WHATWG name of the page's charset, used to decode it (`utf-8`, `windows-1256`, ...). A charset
   * matn cannot decode (johab, euc-tw, iso-2022-kr, hz-gb-2312) is still named here; its bytes are
   * then decoded as windows-1252 and an `unsupported-charset` diagnostic says so.
   */
  readonly charset: string;
  readonly charsetSource: CharsetSource;
  /** 0..1: how sure the charset choice is. */
  readonly confidence: number;
  /** Every piece of charset evidence seen. */
  readonly evidence: readonly CharsetEvidence[];
  readonly repairs: readonly Repair[];
  readonly invisible: InvisibleReport;
  /** Human-readable notes (one per diagnostic). */
  readonly warnings: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
  /** Size of the input in bytes (UTF-8 length for string input). */
  readonly byteLength: number;
}
