/**
 * Choosing a page's charset, in WHATWG order: BOM > transport (Content-Type) > `<meta>`/XML
 * declaration > detection > default, keeping every piece of evidence. Detection is: UTF-16/32 by NUL
 * pattern, strict UTF-8 validity, a late `<meta>` (after the first 1024 bytes), jschardet (the only
 * module importing it), then the Arabic-script prober for single-byte Arabic. A declared Latin or
 * single-byte charset that the bytes contradict is overridden (see {@link findLyingCharset}).
 * @module
 */
import { isAscii, isUtf8 } from 'node:buffer';
import { createRequire } from 'node:module';
import type * as Jschardet from 'jschardet';
import { resolveOptions } from '../core/options.js';
import { hasByte } from './buffer-view.js';
import { probeArabicScript } from './arabic-prober.js';
import { sampleForDetector } from './detector-sample.js';
import { sniffBom } from './bom.js';
import { countReplacementsUpTo, decodeBytes, isSupportedCharset } from './iconv.js';
import { resolveCharsetLabel } from './labels.js';
import { findLyingCharset } from './mojibake.js';
import { findXmlDeclaration, prescanMeta, type CharsetDeclaration } from './prescan.js';
import type { CharsetEvidence, CharsetSource } from './types.js';
import { sniffUtf16Or32 } from './unicode-sniff.js';

/** Options of {@link detectCharset}. */
export interface DetectCharsetOptions {
  /**
   * HTTP `Content-Type` value (`text/html; charset=windows-1256`); its charset is the transport declaration.
   * @default ''
   */
  contentType?: string;
  /**
   * Charset used when nothing else decides (the WHATWG locale default for most locales).
   * @default 'windows-1252'
   */
  defaultCharset?: string;
  /**
   * Bytes of the WHATWG `<meta>` prescan (declarations found there are authoritative).
   * @default 1024
   */
  prescanBytes?: number;
  /**
   * Bytes scanned for a later `<meta>` declaration, kept as weaker evidence (many pages declare after
   * long `<script>`/`<link>` heads).
   * @default 262144
   */
  latePrescanBytes?: number;
}

/** Defaults of {@link DetectCharsetOptions}. */
export const DEFAULT_DETECT_CHARSET_OPTIONS: Readonly<Required<DetectCharsetOptions>> = Object.freeze({
  contentType: '',
  defaultCharset: 'windows-1252',
  prescanBytes: 1024,
  latePrescanBytes: 262144,
});

/** The charset chosen for a page, with where it came from and all evidence. */
export interface CharsetDecision {
  /** Lower-case name: a WHATWG name (`utf-8`, `windows-1256`, `gbk`, `shift_jis`, `utf-16le`) or, for encodings outside the standard, a descriptive one (`utf-32le`, `ibm855`, `johab`, `iso-2022-kr`). */
  charset: string;
  /** What found the charset (for an override: what found the declaration that was overridden). */
  source: CharsetSource;
  /** 0..1. */
  confidence: number;
  /** Every piece of evidence, in the order examined. */
  evidence: CharsetEvidence[];
  /** Set when a declared charset was overridden (mojibake repair). */
  override: { from: string; to: string; reason: string } | null;
  /** Bytes of byte-order mark to skip (0 if none). */
  bomLength: number;
}

/** `charset=` parameter of a Content-Type value. */
const CONTENT_TYPE_CHARSET = /;[\t ]*charset[\t ]*=[\t ]*(?:"([^"]*)"|([^\t ;"]+))/i;
/** An `<html` start tag: the document is HTML, so its `<meta>` outranks an XML declaration. */
const HTML_TAG = /<html[\s>]/i;

function latin1Head(bytes: Uint8Array, n: number): string {
  let s = '';
  for (let i = 0; i < Math.min(n, bytes.length); i++) s += String.fromCharCode(bytes[i]);
  return s;
}

/** Declarations are read from ASCII bytes, so a UTF-16 label there means UTF-8 (WHATWG). */
function asciiCompatible(charset: string | null): string | null {
  return charset === 'utf-16le' || charset === 'utf-16be' || charset === 'utf-32le' || charset === 'utf-32be' ? 'utf-8' : charset;
}

function toEvidence(d: CharsetDeclaration, confidence: number): CharsetEvidence {
  return { source: d.source, label: d.label, charset: d.charset, confidence, offset: d.offset };
}

function decision(charset: string, source: CharsetSource, confidence: number, evidence: CharsetEvidence[], bomLength = 0): CharsetDecision {
  return { charset, source, confidence, evidence, override: null, bomLength };
}

/** Transport, then the strongest in-document declaration; records all of them as evidence. */
function findDeclaration(bytes: Uint8Array, o: Readonly<Required<DetectCharsetOptions>>, evidence: CharsetEvidence[]): { declared: { charset: string; source: CharsetSource } | null; late: CharsetDeclaration | null } {
  let declared: { charset: string; source: CharsetSource } | null = null;
  const m = CONTENT_TYPE_CHARSET.exec(o.contentType);
  if (m !== null) {
    const label = (m[1] ?? m[2]).trim();
    const charset = resolveCharsetLabel(label);
    evidence.push({ source: 'transport', label, charset, confidence: charset === null ? 0 : 1 });
    if (charset !== null) declared = { charset, source: 'transport' };
  }
  const metas = prescanMeta(bytes, { end: o.latePrescanBytes });
  for (const d of metas) evidence.push(toEvidence(d, d.offset < o.prescanBytes ? 1 : 0.6));
  const xml = findXmlDeclaration(bytes);
  if (xml !== null) evidence.push(toEvidence(xml, 1));
  const meta = metas.find((d) => d.charset !== null) ?? null;
  const strongMeta = meta !== null && meta.offset < o.prescanBytes ? meta : null;
  if (declared === null) {
    const xmlWins = xml?.charset != null && (strongMeta === null || !HTML_TAG.test(latin1Head(bytes, o.prescanBytes)));
    const chosen = xmlWins ? xml : strongMeta;
    const charset = asciiCompatible(chosen?.charset ?? null);
    if (chosen !== null && charset !== null) declared = { charset, source: chosen.source };
  }
  return { declared, late: meta !== null && meta !== strongMeta ? meta : null };
}

let detector: typeof Jschardet.chardet | undefined;

/**
 * jschardet, loaded on the first page that reaches it (most pages are decided by a BOM, a declaration
 * or UTF-8 validity first). Its CommonJS build (the package's own `require` export, one file) is
 * loaded, as `extract()` is synchronous: the ES build is ≈ 40 modules and cost every isolate
 * ≈ 55 ms of CPU at `import('matn')`, the CommonJS one ≈ 25 ms when needed (docs/decisions.md).
 */
function jschardet(): typeof Jschardet.chardet {
  detector ??= (createRequire(import.meta.url)('jschardet') as typeof Jschardet).chardet;
  return detector;
}

/** Maps a jschardet encoding name to matn's name (WHATWG where the standard has the encoding). */
export function mapDetectorName(name: string | null): string | null {
  if (name === null || name === '') return null;
  const lower = name.toLowerCase();
  if (lower === 'ascii') return 'windows-1252';
  return resolveCharsetLabel(lower) ?? lower;
}

/** Encodings after which the Arabic prober is consulted (Latin and Arabic single-byte guesses). */
const ARABIC_PROBE_AFTER: ReadonlySet<string> = new Set([
  'windows-1252', 'iso-8859-15', 'windows-1250', 'windows-1254', 'windows-1257', 'windows-1258', 'iso-8859-2',
  'iso-8859-3', 'iso-8859-4', 'iso-8859-10', 'iso-8859-13', 'iso-8859-14', 'iso-8859-16', 'macintosh',
  'windows-1256', 'iso-8859-6',
]);

/** Multi-byte encodings tried, in this order, when jschardet is unsure (e.g. a GBK page with a few broken sequences). */
const CJK_FALLBACK = ['gbk', 'big5', 'shift_jis', 'euc-kr', 'euc-jp'] as const;
/** jschardet confidence below which the CJK fallback is tried. */
const UNSURE_DETECTOR = 0.2;
/** Least high bytes, and most U+FFFD per high byte, for the CJK fallback to answer. */
const CJK_MIN_HIGH_BYTES = 64;
const CJK_MAX_REPLACEMENT_RATE = 0.01;

/** The multi-byte CJK encoding that decodes the bytes with the fewest errors, if few enough. */
function detectCjkFallback(bytes: Uint8Array): { charset: string; rate: number } | null {
  let high = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] >= 0x80) high++;
  if (high < CJK_MIN_HIGH_BYTES) return null;
  // A charset with more errors than the rate allows can never be the answer: its decoding stops there.
  const limit = Math.floor(CJK_MAX_REPLACEMENT_RATE * high) + 1;
  let best: { charset: string; rate: number } | null = null;
  for (const charset of CJK_FALLBACK) {
    const rate = countReplacementsUpTo(bytes, charset, limit) / high;
    if (best === null || rate < best.rate) best = { charset, rate };
  }
  return best !== null && best.rate <= CJK_MAX_REPLACEMENT_RATE ? best : null;
}

function detectFromContent(bytes: Uint8Array, o: Readonly<Required<DetectCharsetOptions>>, late: CharsetDeclaration | null, evidence: CharsetEvidence[]): CharsetDecision {
  // only "ASCII?" and "valid UTF-8?" are asked here: the platform's validators answer both without a byte loop
  const utf8 = isUtf8(bytes) ? { ascii: isAscii(bytes), invalid: 0 } : { ascii: false, invalid: 1 };
  const hasEscape = hasByte(bytes, 0x1b);
  if (utf8.ascii && !hasEscape) {
    evidence.push({ source: 'detected', label: 'ascii', charset: o.defaultCharset, confidence: 1 });
    return decision(late?.charset ?? o.defaultCharset, late ? 'meta' : 'detected', 1, evidence);
  }
  if (!utf8.ascii && utf8.invalid === 0) {
    evidence.push({ source: 'detected', label: 'utf-8 (valid)', charset: 'utf-8', confidence: 0.99 });
    return decision('utf-8', 'detected', 0.99, evidence);
  }
  if (late?.charset != null && isSupportedCharset(late.charset)) {
    const lie = findLyingCharset(bytes, late.charset);
    const { replacements } = decodeBytes(bytes, late.charset);
    if (lie === null && replacements * 1000 <= bytes.length) return decision(late.charset, 'meta', 0.8, evidence);
  }
  // jschardet sees the text runs with non-ASCII bytes, not the markup: same answers on the corpora, half the time
  const guess = jschardet().detect(sampleForDetector(bytes));
  const detected = mapDetectorName(guess.encoding);
  evidence.push({ source: 'detected', label: `jschardet:${guess.encoding ?? 'none'}`, charset: detected, confidence: guess.confidence });
  if (detected === null || ARABIC_PROBE_AFTER.has(detected)) {
    const probe = probeArabicScript(bytes);
    if (probe.charset !== null) {
      evidence.push({ source: 'detected', label: 'arabic-prober', charset: probe.charset, confidence: probe.confidence });
      return decision(probe.charset, 'detected', Math.max(probe.confidence, detected === probe.charset ? guess.confidence : 0), evidence);
    }
  }
  if (guess.confidence < UNSURE_DETECTOR) {
    const cjk = detectCjkFallback(bytes);
    if (cjk !== null) {
      evidence.push({ source: 'detected', label: 'cjk-fallback', charset: cjk.charset, confidence: 0.5 });
      return decision(cjk.charset, 'detected', 0.5, evidence);
    }
  }
  if (detected !== null) return decision(detected, 'detected', guess.confidence, evidence);
  evidence.push({ source: 'default', label: o.defaultCharset, charset: resolveCharsetLabel(o.defaultCharset), confidence: 0 });
  return decision(resolveCharsetLabel(o.defaultCharset) ?? 'windows-1252', 'default', 0, evidence);
}

/**
 * Chooses the charset of a page's bytes. Linear in the input; never throws on content (only on
 * invalid options).
 * @example
 * detectCharset(bytes, { contentType: 'text/html; charset=iso-8859-1' })
 * // { charset: 'windows-1256', source: 'transport', override: { from: 'windows-1252', to: 'windows-1256', … }, … }
 * @see https://html.spec.whatwg.org/multipage/parsing.html#determining-the-character-encoding
 * @category Encoding
 */
export function detectCharset(bytes: Uint8Array, options?: DetectCharsetOptions): CharsetDecision {
  const o = resolveOptions(DEFAULT_DETECT_CHARSET_OPTIONS, options, 'detectCharset');
  const evidence: CharsetEvidence[] = [];
  const bom = sniffBom(bytes);
  if (bom !== null) evidence.push({ source: 'bom', label: `BOM ${bom.charset}`, charset: bom.charset, confidence: 1, offset: 0 });
  const { declared, late } = findDeclaration(bom === null ? bytes : bytes.subarray(bom.length), o, evidence);
  if (bom !== null) return decision(bom.charset, 'bom', 1, evidence, bom.length);
  const nul = declared?.source === 'transport' ? null : sniffUtf16Or32(bytes);
  if (nul !== null) {
    evidence.push({ source: 'detected', label: 'nul-pattern', charset: nul, confidence: 0.95 });
    return decision(nul, 'detected', 0.95, evidence);
  }
  if (declared !== null) {
    const lie = findLyingCharset(bytes, declared.charset);
    if (lie === null) return decision(declared.charset, declared.source, 1, evidence);
    evidence.push({ source: 'override', label: lie.reason, charset: lie.to, confidence: lie.confidence });
    return { ...decision(lie.to, declared.source, lie.confidence, evidence), override: { from: lie.from, to: lie.to, reason: lie.reason } };
  }
  return detectFromContent(bytes, o, late, evidence);
}
