/**
 * `normalize`: bytes (or a string) → one clean Unicode HTML string with everything that was changed on
 * the way listed. The first stage of the pipeline (GUIDE §1).
 * @module
 */
import { isAscii, isUtf8 } from 'node:buffer';
import { MatnError } from '../core/errors.js';
import { diagnostic, type Diagnostic } from '../core/diagnostics.js';
import { resolveOptions } from '../core/options.js';
import { hasByte } from './buffer-view.js';
import { binaryDataShare, classifyNulPattern, findBinarySignature } from './binary.js';
import { cleanHtmlSource, type CleanTextCounts } from '../core/clean-text.js';
import { detectCharset, type CharsetIslands } from './detect.js';
import { decodeBytes, decodesAsciiAsAscii, isSupportedCharset } from './iconv.js';
import { DEFAULT_INVISIBLE_POSITION_LIMIT, INVISIBLE_CHARACTERS, scanInvisible } from './invisible.js';
import { resolveCharsetLabel } from './labels.js';
import { foldPresentationForms, getPresentationFormBase, hasPresentationForms } from './presentation-forms.js';
import { PRESENTATION_FORM_ROWS } from './presentation-forms-table.js';
import { CodePointSearch, hasSourceControlBytes } from './plain-bytes.js';
import { decodeCharacterReferences, decodeUtf8CharacterReferences } from './references.js';
import { detectScript } from './script.js';
import type { CharsetEvidence, CharsetSource, NormalizedDocument, Repair } from './types.js';

/** Decoder for a page whose charset is known but not supported: keeps its ASCII text. */
const UNSUPPORTED_FALLBACK = 'windows-1252';

/** Language conventions applied by {@link normalize}. @category Encoding */
export type NormalizeProfile = 'auto' | 'uyghur' | 'arabic' | 'generic';

/**
 * Options of {@link normalize}.
 * @category Encoding
 */
export interface NormalizeOptions {
  /** The HTTP `Content-Type` header, if known (its `charset` is the transport-layer declaration). @default '' */
  contentType?: string;
  /** Charset used when nothing declares or detects one (WHATWG's default for most locales). @default 'windows-1252' */
  defaultCharset?: string;
  /** Largest input accepted, in bytes (UTF-8 length for strings); above it `input-too-large` is thrown. @default 33554432 (32 MiB) */
  maxBytes?: number;
  /** Remove invisible characters that carry no meaning in the page's script (see `scanInvisible`). @default false */
  stripInvisible?: boolean;
  /**
   * `uyghur`: the legacy convention of writing ە (U+06D5) with the HEH isolated/final forms
   * U+FEE9/U+FEEA is undone (they fold to ە, not ه), and the script is taken as Arabic; `arabic`: Unicode
   * folding, script Arabic; `generic`: Unicode folding, script detected; `auto`: `uyghur` when the page's
   * Arabic-script letters include at least 1 % (and at least 3) of the letters ۇ ۈ ې ۋ ڭ that only
   * Uyghur-type orthographies use, else `generic`.
   * @default 'auto'
   */
  profile?: NormalizeProfile;
  /**
   * Largest share of binary data bytes (the WHATWG MIME Sniffing standard's: 0x00–0x08, 0x0B,
   * 0x0E–0x1A, 0x1C–0x1F) in the first 64 KiB of input that is still taken as text; above it
   * `not-text` is thrown. Text in any charset but UTF-16/UTF-32 (not checked) has none, ISO-2022's
   * SO/SI aside; uniformly random bytes have 25/256 ≈ 9.8 %. The standard rejects on the first such
   * byte; real pages carry a few stray ones (a control byte pasted into an article), hence a share.
   * @default 0.05
   */
  maxBinaryShare?: number;
}

/** Defaults of {@link NormalizeOptions}. @category Encoding */
export const DEFAULT_NORMALIZE_OPTIONS: Readonly<Required<NormalizeOptions>> = Object.freeze({
  contentType: '',
  defaultCharset: 'windows-1252',
  maxBytes: 32 * 1024 * 1024,
  stripInvisible: false,
  profile: 'auto',
  maxBinaryShare: 0.05,
});

const PROFILES: ReadonlySet<string> = new Set(['auto', 'uyghur', 'arabic', 'generic']);

/** Letters only Uyghur-type orthographies use (ۇ ۈ ې ۋ ڭ), with all their presentation forms. */
const UYGHUR_LETTERS = ['\u06C7', '\u06C8', '\u06D0', '\u06CB', '\u06AD'];
const UYGHUR_LETTER_RE = new RegExp(
  `[${[...UYGHUR_LETTERS, ...PRESENTATION_FORM_ROWS.filter(([cp]) => UYGHUR_LETTERS.includes(getPresentationFormBase(cp) ?? '')).map(([cp]) => String.fromCharCode(cp))].join('')}]`,
  'g',
);
/** Minimum share of Uyghur-only letters among Arabic-script letters for the `uyghur` profile. */
const UYGHUR_LETTER_SHARE = 0.01;
const UYGHUR_LETTER_MIN = 3;

/** Charsets whose text is legitimately NUL-heavy. */
const WIDE_UNICODE_RE = /^utf-(?:16|32)/;

/** A code point from U+0300 up: everything below is NFC and never composes with a neighbour. */
const MAY_CHANGE_UNDER_NFC_RE = /[^\x00-\u02FF]/;
/** Length of the pieces NFC is checked on when a page is not NFC (cut before an ASCII character). */
const NFC_CHUNK = 4096;
/**
 * Any presentation-form code point (U+FB50–U+FDFF, U+FE70–U+FEFE) or invisible character: when a page has
 * none — most pages — one scan replaces the two of folding and counting.
 */
const PRESENTATION_FORM_RANGES: readonly (readonly [number, number])[] = [[0xfb50, 0xfdff], [0xfe70, 0xfefe]];
const hex4 = (cp: number): string => `\\u${cp.toString(16).padStart(4, '0')}`;
const FORM_OR_INVISIBLE_CLASS = `${PRESENTATION_FORM_RANGES.map(([a, b]) => `${hex4(a)}-${hex4(b)}`).join('')}${INVISIBLE_CHARACTERS.map((c) => hex4(c.codePoint)).join('')}`;
const FORM_OR_INVISIBLE_RE = new RegExp(`[${FORM_OR_INVISIBLE_CLASS}]`);
/** {@link FORM_OR_INVISIBLE_RE} on the bytes of valid UTF-8 (the same code points). */
const FORM_OR_INVISIBLE_BYTES = new CodePointSearch([
  ...PRESENTATION_FORM_RANGES.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, k) => a + k)),
  ...INVISIBLE_CHARACTERS.map((c) => c.codePoint),
]);
/** Bytes the NUL-pattern check looks at (as in `classifyNulPattern`). */
const NUL_SAMPLE_BYTES = 65536;

/** The decoded text and the charset facts of one input. */
interface Decoded {
  text: string;
  charset: string;
  charsetSource: CharsetSource;
  confidence: number;
  evidence: CharsetEvidence[];
  repairs: Repair[];
  diagnostics: Diagnostic[];
  byteLength: number;
  /** Numeric character references already decoded (on the bytes, see {@link decodeValidUtf8}), or undefined when not done yet. */
  references?: number;
  /**
   * True when `text` is known to hold nothing `cleanHtmlSource` changes (no C0 control but HTML whitespace,
   * no lone surrogate), so its pass is skipped.
   */
  clean?: boolean;
  /** True when `text` is also known to hold no presentation form and no invisible character (see `clean`). */
  plain?: boolean;
}

/** UTF-8 length of a string (lone surrogates count 3, as U+FFFD). */
function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

function checkSize(byteLength: number, maxBytes: number): void {
  if (byteLength > maxBytes) {
    throw new MatnError('input-too-large', `input is ${byteLength} bytes, more than maxBytes (${maxBytes})`, { byteLength, maxBytes });
  }
}

/**
 * `text` without the U+FEFF characters it starts with. The decoders skip the one BOM the charset came from;
 * a further U+FEFF at the very start (the repeated BOMs of concatenated or twice-encoded files, or one left
 * when a control before it is removed) is dropped too, so that `normalize` of its own output gives the same
 * html (a fuzz counterexample: "\uFEFF\uFEFF" gave "\uFEFF", whose BOM the next pass dropped).
 */
function dropLeadingBoms(text: string): string {
  let start = 0;
  while (text.charCodeAt(start) === 0xfeff) start++;
  return start === 0 ? text : text.slice(start);
}

/** String input: already text. Reported as charset `utf-16` (a JavaScript string) given by the caller (`transport`). */
function takeString(input: string, maxBytes: number): Decoded {
  const byteLength = utf8Length(input);
  checkSize(byteLength, maxBytes);
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  return {
    text,
    charset: 'utf-16',
    charsetSource: 'transport',
    confidence: 1,
    evidence: [{ source: 'transport', label: 'string input', charset: 'utf-16', confidence: 1 }],
    repairs: [],
    diagnostics: [],
    byteLength,
  };
}

/**
 * Decoder of valid UTF-8 that keeps a leading U+FEFF: the BOM the charset came from is skipped before
 * decoding; any U+FEFF left at the start is dropped after (see `dropLeadingBoms`). (`Buffer#toString`
 * gives the same string; per page, interleaved over the shared corpora, it was no faster.)
 */
const UTF8_DECODER = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Valid UTF-8 (checked by the caller) decoded by the platform's `TextDecoder` (the same text as
 * iconv-lite's, several times faster; no replacement can occur, so none is counted), its numeric
 * character references decoded on the bytes (the same text as after decoding, without building the page twice).
 */
function decodeValidUtf8(bytes: Uint8Array): { text: string; replacements: number; references: number; clean: boolean; plain: boolean } {
  const decoded = decodeUtf8CharacterReferences(bytes);
  // `clean` and `plain` of the text (see `Decoded`), read on its bytes (`plain-bytes.ts`): the text holds a C0
  // control where the bytes hold one, references decoding to U+00A0 and up only, and a UTF-8 decoder emits
  // no lone surrogate
  const clean = !hasSourceControlBytes(decoded.bytes);
  const plain = clean && !FORM_OR_INVISIBLE_BYTES.test(decoded.bytes);
  return { text: UTF8_DECODER.decode(decoded.bytes), replacements: 0, references: decoded.count, clean, plain };
}

/**
 * Bytes that are all ASCII, in a charset that decodes ASCII as ASCII, decoded as UTF-8 (the same text,
 * by the platform's decoder instead of iconv-lite's byte loop); null for other bytes and charsets, and
 * when the text has a C0 control: the UTF-8 path decodes references before removing controls and the
 * string path after (`&#x634\x1Fa`), so such a page keeps the path it always took.
 */
function decodeAsciiAsUtf8(bytes: Uint8Array, charset: string): ReturnType<typeof decodeValidUtf8> | null {
  if (!decodesAsciiAsAscii(charset) || !isAscii(bytes) || hasSourceControlBytes(bytes)) return null;
  return decodeValidUtf8(bytes);
}

/**
 * A UTF-8 page whose islands are in another charset, decoded region by region (the islands' bounds are
 * markup boundaries, never inside a character, and what lies between them is valid UTF-8).
 */
function decodeWithIslands(bytes: Uint8Array, islands: CharsetIslands & { charset: string }): { text: string; replacements: number } {
  let text = '';
  let replacements = 0;
  let at = 0;
  for (const [start, end] of islands.ranges) {
    text += UTF8_DECODER.decode(bytes.subarray(at, start));
    const island = decodeBytes(bytes.subarray(start, end), islands.charset, { stripBom: false });
    text += island.text;
    replacements += island.replacements;
    at = end;
  }
  return { text: text + UTF8_DECODER.decode(bytes.subarray(at)), replacements };
}

/** Diagnostics of what the UTF-8 checks found: invalid sequences a declared UTF-8 would have given, islands of another charset. */
function reportUtf8Findings(decision: ReturnType<typeof detectCharset>, diagnostics: Diagnostic[]): void {
  const { islands, invalidUtf8, override } = decision;
  if (override?.from === 'utf-8' && invalidUtf8 !== null) {
    diagnostics.push(diagnostic('invalid-utf8', `the declared UTF-8 would have given ${invalidUtf8} invalid sequence(s) (U+FFFD); decoded as ${override.to}`, 'warning', { invalidSequences: invalidUtf8, decodedAs: override.to }));
  }
  if (islands === null) return;
  const data = { islands: islands.ranges.length, bytes: islands.bytes, invalidSequences: islands.invalidUtf8, ranges: islands.ranges.slice(0, 10).map(([s, e]) => [s, e]) };
  if (islands.charset !== null) {
    diagnostics.push(diagnostic('mixed-charset', `${islands.ranges.length} region(s) of this UTF-8 page (${islands.bytes} non-ASCII bytes) are not UTF-8; decoded as ${islands.charset}`, 'warning', { ...data, charset: islands.charset }));
  } else {
    diagnostics.push(diagnostic('charset-islands', `${islands.ranges.length} region(s) of this UTF-8 page (${islands.bytes} non-ASCII bytes) are not UTF-8 and no charset reads them plausibly; their bytes became U+FFFD`, 'warning', data));
  }
}

/** ISO-2022 charsets, whose SO/SI shift bytes are text. */
const ISO_2022_RE = /^iso-2022-/;

/**
 * The MIME Sniffing standard's "text or binary" rule, as a share (see `maxBinaryShare`): skipped after
 * a BOM (the standard's first rule) and for UTF-16/UTF-32.
 */
function checkBinaryShare(bytes: Uint8Array, charset: string, exempt: boolean, maxShare: number): void {
  if (exempt) return;
  const share = binaryDataShare(bytes, NUL_SAMPLE_BYTES, ISO_2022_RE.test(charset));
  if (share > maxShare) {
    throw new MatnError('not-text', `input is not text: ${(share * 100).toFixed(1)} % of its first bytes are binary data bytes`, { charset, binaryShare: share, maxBinaryShare: maxShare });
  }
}

/** Bytes input: binary check, charset decision, decoding. */
function decodeInput(bytes: Uint8Array, options: Readonly<Required<NormalizeOptions>>): Decoded {
  checkSize(bytes.length, options.maxBytes);
  const byteLength = bytes.length;
  if (byteLength === 0) {
    const charset = resolveCharsetLabel(options.defaultCharset) ?? 'windows-1252';
    const empty = diagnostic('empty-input', 'the input is empty', 'info');
    return { text: '', charset, charsetSource: 'default', confidence: 0, evidence: [], repairs: [], diagnostics: [empty], byteLength };
  }
  const format = findBinarySignature(bytes);
  if (format !== null) throw new MatnError('not-text', `input is not text: it starts with the signature of ${format}`, { format });
  const decision = detectCharset(bytes, { contentType: options.contentType, defaultCharset: options.defaultCharset });
  const repairs: Repair[] = [];
  const diagnostics: Diagnostic[] = [];
  let { charset, bomLength } = decision;
  let charsetSource = decision.source;
  let override = decision.override;
  if (!WIDE_UNICODE_RE.test(charset) && hasByte(bytes.subarray(bomLength, bomLength + NUL_SAMPLE_BYTES), 0)) {
    const pattern = classifyNulPattern(bytes.subarray(bomLength));
    if (pattern === 'binary') throw new MatnError('not-text', 'input is not text: it is full of NUL bytes', { charset });
    if (pattern.startsWith('utf-')) {
      override = { from: charset, to: pattern, reason: `NUL bytes in the ${pattern} pattern` };
      charset = pattern;
      charsetSource = 'detected';
      bomLength = 0;
    }
  }
  const body = bytes.subarray(bomLength);
  // A charset no decoder here knows (johab, euc-tw, iso-2022-kr, hz-gb-2312): the page still gets its
  // ASCII-compatible text and says what it is, rather than failing a whole batch entry.
  const decodeAs = isSupportedCharset(charset) ? charset : UNSUPPORTED_FALLBACK;
  const utf8 = decodeAs === 'utf-8' && isUtf8(body) ? decodeValidUtf8(body) : decodeAsciiAsUtf8(body, decodeAs);
  // Valid UTF-8 is decoded before the binary test, which its text can answer: the text holds a C0 control
  // where the bytes hold one (references decode to U+00A0 and up only), and every binary data byte is such a
  // control, so a text without one had a binary share of 0 — and, a UTF-8 decoder emitting no lone
  // surrogate, needs no cleaning either (see `decodeValidUtf8`).
  const plain = utf8 !== null && utf8.plain;
  const clean = utf8 !== null && utf8.clean;
  if (!clean) checkBinaryShare(body, charset, bomLength > 0 || WIDE_UNICODE_RE.test(charset), options.maxBinaryShare);
  if (override !== null) {
    repairs.push({ kind: 'charset-override', count: 1, from: override.from, to: override.to, reason: override.reason });
    diagnostics.push(diagnostic('charset-override', `decoded as ${override.to} instead of ${override.from}: ${override.reason}`, 'warning', { ...override }));
  }
  if (decodeAs !== charset) {
    diagnostics.push(diagnostic('unsupported-charset', `${charset} cannot be decoded here; the bytes were decoded as ${decodeAs}`, 'warning', { charset, decodedAs: decodeAs }));
  }
  reportUtf8Findings(decision, diagnostics);
  const islands = decision.islands;
  const { text, replacements, references }: { text: string; replacements: number; references?: number } = utf8
    ?? (islands?.charset != null && decodeAs === 'utf-8' && bomLength === 0 ? decodeWithIslands(body, { ...islands, charset: islands.charset }) : decodeBytes(body, decodeAs, { stripBom: false }));
  if (replacements > 0) {
    repairs.push({ kind: 'replacement-char', count: replacements });
    diagnostics.push(diagnostic('undecodable-bytes', `${replacements} byte sequence(s) invalid in ${charset} became U+FFFD`, 'warning', { charset, replacements }));
  }
  const evidence = [...decision.evidence];
  return { text, charset, charsetSource, confidence: decision.confidence, evidence, repairs, diagnostics, byteLength, references, clean, plain };
}

/**
 * NFC of `text`, counting the runs of non-ASCII characters (with the character before them, which a
 * combining mark may compose with) that changed. ASCII is NFC and never composes with what precedes it,
 * so NFC can be applied piece by piece between ASCII characters: pages without a code point from U+0300
 * up are skipped without a pass of the normalizer, a page that is NFC costs one pass, and only the pieces
 * of about {@link NFC_CHUNK} characters that change are taken run by run.
 */
function composeNfc(text: string): { text: string; count: number } {
  if (!MAY_CHANGE_UNDER_NFC_RE.test(text) || text.normalize('NFC') === text) return { text, count: 0 };
  let out = '';
  let count = 0;
  for (let start = 0; start < text.length; ) {
    const end = findNfcChunkEnd(text, start + NFC_CHUNK);
    const chunk = text.slice(start, end);
    const nfc = chunk.normalize('NFC');
    if (nfc === chunk) out += chunk;
    else {
      const runs = composeRuns(chunk);
      out += runs.text;
      count += runs.count;
    }
    start = end;
  }
  return { text: out, count };
}

/** The first index at or after `from` that holds an ASCII character and does not follow one (or the end): a run boundary. */
function findNfcChunkEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text.charCodeAt(i) < 0x80 && text.charCodeAt(i + 1) < 0x80) return i + 1;
  }
  return text.length;
}

/** NFC of each run `[\x00-\x7F]?[^\x00-\x7F]+` of `text`, counting the runs that changed. */
function composeRuns(text: string): { text: string; count: number } {
  let out = '';
  let last = 0;
  let count = 0;
  let i = 0;
  while (i < text.length) {
    if (text.charCodeAt(i) < 0x80) {
      i++;
      continue;
    }
    const start = i > 0 ? i - 1 : 0; // the ASCII character before the run belongs to it
    while (i < text.length && text.charCodeAt(i) >= 0x80) i++;
    const run = text.slice(start, i);
    const nfc = run.normalize('NFC');
    if (nfc !== run) {
      out += text.slice(last, start) + nfc;
      last = i;
      count++;
    }
  }
  return count === 0 ? { text, count } : { text: out + text.slice(last), count };
}

/**
 * The profile applied to presentation forms. It decides only how U+FEE9/U+FEEA fold, so `auto` looks at
 * the script only when the page has those forms and at least {@link UYGHUR_LETTER_MIN} Uyghur letters.
 */
function chooseProfile(html: string, profile: NormalizeProfile): Exclude<NormalizeProfile, 'auto'> {
  if (profile !== 'auto') return profile;
  if (!html.includes('\uFEE9') && !html.includes('\uFEEA')) return 'generic';
  let uyghur = 0;
  for (const _ of html.matchAll(UYGHUR_LETTER_RE)) uyghur++;
  if (uyghur < UYGHUR_LETTER_MIN) return 'generic';
  const report = detectScript(html);
  if (report.script !== 'arabic') return 'generic';
  return uyghur >= UYGHUR_LETTER_SHARE * (report.counts.arabic ?? 0) ? 'uyghur' : 'generic';
}

/** The script that decides which invisible characters are meaningful (computed only when some must be judged). */
function chooseScript(html: string, profile: NormalizeProfile): string {
  return profile === 'uyghur' || profile === 'arabic' ? 'arabic' : detectScript(html).script;
}

/** What {@link scanInvisible} reports for a text without invisible characters. */
function noInvisible(text: string): ReturnType<typeof scanInvisible> {
  return { text, report: { total: 0, characters: [], positionLimit: DEFAULT_INVISIBLE_POSITION_LIMIT }, stripped: 0 };
}

/**
 * Counts invisible characters and, with `strip`, removes those the page's script does not need. The script
 * is read from `text` itself, the folded text that is stripped: read from the text before folding, a
 * presentation form counted as a letter there could keep a ZWNJ that a second `normalize` then drops.
 */
function handleInvisible(text: string, options: Readonly<Required<NormalizeOptions>>): ReturnType<typeof scanInvisible> {
  const counted = scanInvisible(text, { strip: false, script: 'none' });
  if (!options.stripInvisible || counted.report.total === 0) return counted;
  return scanInvisible(text, { strip: true, script: chooseScript(text, options.profile) });
}

/**
 * Drops C0 controls that are not HTML whitespace and replaces lone surrogates (see `cleanHtmlSource`),
 * listing each kind in `repairs` and `diagnostics` with its count.
 */
function removeControls(text: string, repairs: Repair[], diagnostics: Diagnostic[]): string {
  const counts: CleanTextCounts = { controls: 0, surrogates: 0 };
  const cleaned = cleanHtmlSource(text, counts);
  if (counts.controls > 0) {
    repairs.push({ kind: 'control-removed', count: counts.controls });
    diagnostics.push(diagnostic('control-characters', `${counts.controls} control character(s) (NUL, U+0001–U+001F but tab, LF, FF, CR) removed`, 'warning', { count: counts.controls }));
  }
  if (counts.surrogates > 0) {
    repairs.push({ kind: 'lone-surrogate', count: counts.surrogates });
    diagnostics.push(diagnostic('lone-surrogates', `${counts.surrogates} lone surrogate(s) replaced by U+FFFD`, 'warning', { count: counts.surrogates }));
  }
  return cleaned;
}

function validateOptions(options: Readonly<Required<NormalizeOptions>>): void {
  if (typeof options.maxBytes !== 'number' || !(options.maxBytes >= 0)) {
    throw new MatnError('invalid-argument', 'normalize: maxBytes must be a non-negative number', { maxBytes: options.maxBytes });
  }
  if (typeof options.contentType !== 'string') {
    throw new MatnError('invalid-argument', 'normalize: contentType must be a string (an HTTP Content-Type header)', { contentType: options.contentType });
  }
  if (typeof options.defaultCharset !== 'string' || resolveCharsetLabel(options.defaultCharset) === null) {
    throw new MatnError('invalid-argument', `normalize: defaultCharset "${String(options.defaultCharset)}" is not a WHATWG encoding label`, { defaultCharset: options.defaultCharset });
  }
  if (typeof options.stripInvisible !== 'boolean') {
    throw new MatnError('invalid-argument', 'normalize: stripInvisible must be true or false', { stripInvisible: options.stripInvisible });
  }
  if (typeof options.maxBinaryShare !== 'number' || !(options.maxBinaryShare >= 0 && options.maxBinaryShare <= 1)) {
    throw new MatnError('invalid-argument', 'normalize: maxBinaryShare must be a number from 0 to 1', { maxBinaryShare: options.maxBinaryShare });
  }
  if (!PROFILES.has(options.profile)) {
    throw new MatnError('invalid-argument', `normalize: unknown profile "${String(options.profile)}"`, { profile: options.profile, known: [...PROFILES] });
  }
}

/**
 * Decodes a page and normalizes it to clean Unicode HTML: bytes → charset decision (`detectCharset`:
 * BOM > transport > meta/XML prescan > detection > default) → decoding (BOM skipped) → numeric
 * character references of non-ASCII characters decoded → Arabic presentation forms folded to base
 * letters → NFC → invisible characters counted (and stripped with `stripInvisible`). Every change is
 * listed in `repairs` with its count. Linear time.
 *
 * A string is taken as already decoded: charset `utf-16` (a JavaScript string), source `transport`
 * (the caller decoded it, which overrides anything the page declares), confidence 1; a BOM character at
 * its start is dropped. Empty input gives an empty document with an `empty-input` diagnostic.
 *
 * @throws MatnError `invalid-argument` for input that is neither a string nor a Uint8Array, or bad options;
 *   `input-too-large` above `maxBytes`; `not-text` for binary files (PNG, JPEG, GIF, PDF, ZIP, gzip, …
 *   signatures, or NUL-heavy bytes that do not follow the UTF-16/UTF-32 pattern).
 * @example
 * const doc = normalize(new TextEncoder().encode('<title>&#1588;&#1609;</title>'));
 * doc.html // '<title>شى</title>'
 * @see Wang, Zhou, Li — 基于正文相关度的维吾尔网页正文提取, §3.1 (Uyghur page preprocessing)
 * @category Encoding
 */
export function normalize(input: Uint8Array | string, options?: NormalizeOptions): NormalizedDocument {
  const resolved = resolveOptions(DEFAULT_NORMALIZE_OPTIONS, options, 'normalize');
  validateOptions(resolved);
  let decoded: Decoded;
  if (typeof input === 'string') decoded = takeString(input, resolved.maxBytes);
  else if (input instanceof Uint8Array) decoded = decodeInput(input, resolved);
  else throw new MatnError('invalid-argument', 'normalize: input must be a string or a Uint8Array (e.g. a Buffer)', { type: typeof input });

  const repairs = [...decoded.repairs];
  const diagnostics = [...decoded.diagnostics];
  const cleaned = dropLeadingBoms(decoded.clean === true ? decoded.text : removeControls(decoded.text, repairs, diagnostics));
  const references = decoded.references === undefined ? decodeCharacterReferences(cleaned) : { html: cleaned, count: decoded.references };
  if (references.count > 0) repairs.push({ kind: 'ncr', count: references.count });
  // `plain` text has none (its references were decoded before the test; dropping a leading U+FEFF only removes one)
  const special = decoded.plain !== true && FORM_OR_INVISIBLE_RE.test(references.html);
  const folded = special && hasPresentationForms(references.html)
    ? foldPresentationForms(references.html, { hehAsAe: chooseProfile(references.html, resolved.profile) === 'uyghur' })
    : { text: references.html, count: 0 };
  if (folded.count > 0) repairs.push({ kind: 'presentation-form', count: folded.count });
  const nfc = composeNfc(folded.text);
  const invisible = special ? handleInvisible(nfc.text, resolved) : noInvisible(nfc.text);
  // a stripped invisible character can leave two combining marks side by side out of canonical order
  // (U+06D6 U+FEFF U+064B): the text is composed again, so that normalizing twice changes nothing
  const recomposed = invisible.stripped > 0 ? composeNfc(invisible.text) : { text: invisible.text, count: 0 };
  if (nfc.count + recomposed.count > 0) repairs.push({ kind: 'nfc', count: nfc.count + recomposed.count });
  if (invisible.stripped > 0) repairs.push({ kind: 'invisible-stripped', count: invisible.stripped });

  return {
    html: recomposed.text,
    charset: decoded.charset,
    charsetSource: decoded.charsetSource,
    confidence: decoded.confidence,
    evidence: decoded.evidence,
    repairs,
    invisible: invisible.report,
    warnings: diagnostics.map((d) => d.message),
    diagnostics,
    byteLength: decoded.byteLength,
  };
}
