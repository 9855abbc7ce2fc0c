/**
 * Choosing a page's charset. A BOM wins. Every other declaration — the HTTP `Content-Type`, the XML
 * declaration, `<meta>` (early or late) — is a claim checked against the bytes, in that order of
 * precedence; the first the bytes do not contradict is used. When none is left, the bytes decide:
 * UTF-16/32 by their NUL pattern, pure ASCII, UTF-8 validity (with islands of another charset, see
 * `utf8-regions.ts`), else the candidate ranking (`charset-ranking.ts`: byte-level detectors, each
 * candidate's decoded text measured). Every piece of evidence is kept with its verdict and reason.
 * @module
 */
import { isAscii, isUtf8 } from 'node:buffer';
import { resolveOptions } from '../core/options.js';
import { hasByte } from './buffer-view.js';
import { sniffBom } from './bom.js';
import { CharsetRanker, DEFAULT_RANK_CHARSETS_OPTIONS, measureLanguageNats, natsPerUnit, rankCharsets, type CharsetGroup, type CharsetRanking } from './charset-ranking.js';
import { listDeclarations, type Declaration } from './declarations.js';
import { DEFAULT_DETECTOR_SAMPLE_OPTIONS, sampleForDetector } from './detector-sample.js';
import { decodesAsciiAsAscii, isSupportedCharset } from './iconv.js';
import { resolveCharsetLabel } from './labels.js';
import { findLyingCharset } from './mojibake.js';
import type { TextPlausibility } from './text-plausibility.js';
import type { CharsetEvidence, CharsetSource, DeclarationSource, EvidenceVerdict } from './types.js';
import { DEFAULT_NUL_SNIFF_OPTIONS, scanUtf8, sniffUtf16Or32 } from './unicode-sniff.js';
import { findUtf8Regions, joinIslands, type ByteRange } from './utf8-regions.js';

export { mapDetectorName } from './byte-detectors.js';

/** Options of {@link detectCharset}. */
export interface DetectCharsetOptions {
  /**
   * HTTP `Content-Type` value (`text/html; charset=windows-1256`); its charset is the transport declaration.
   * @default ''
   */
  contentType?: string;
  /**
   * Charset used when nothing else decides (the WHATWG locale default for most locales); also the name
   * given to a detected charset that decodes the bytes exactly as it does.
   * @default 'windows-1252'
   */
  defaultCharset?: string;
  /**
   * Bytes of the WHATWG `<meta>` prescan.
   * @default 1024
   */
  prescanBytes?: number;
  /**
   * Bytes scanned for a later `<meta>` declaration, checked after the others (many pages declare after
   * long `<script>`/`<link>` heads).
   * @default 262144
   */
  latePrescanBytes?: number;
  /**
   * Least evidence that a declared charset's text is worse than the detected one's for the declaration
   * to be overridden: the extra anomalous characters, plus (same script) the trigrams of the best
   * language's profile it misses more. Below it the declaration stands, even if detection would choose
   * otherwise. On the shared corpora honest declarations show at most 1.0, lies between Latin siblings
   * (`õ` for `ő`) 1 to 14, other lies from 5 to thousands.
   * @default 2
   */
  minOverrideEvidence?: number;
  /**
   * Least number of well-formed multi-byte sequences in the valid UTF-8 regions of a page with
   * invalid UTF-8, per invalid sequence, for the page to be UTF-8 with islands of another charset
   * rather than not UTF-8 at all. Legacy bytes form valid UTF-8 regions only by chance: on the shared
   * corpora their share is ≤ 0.003, and UTF-8 pages with broken islands have ≥ 0.39.
   * @default 0.1
   */
  minUtf8RegionRatio?: number;
  /**
   * The caller's `defaultCharset` is kept over the detected charset when detection reads no better by
   * {@link minOverrideEvidence} characters and its ranking score is less than this above the default's
   * (the detectors' confidence is 0..1: a structural certainty such as ISO-2022-JP's escapes scores ≈ 1).
   * @default 0.5
   */
  maxDefaultScoreGap?: number;
  /**
   * A declared legacy reading with fewer anomalous or foreign characters than {@link minOverrideEvidence}
   * is taken without consulting the detectors when its profile hits are this many standard deviations above
   * what a wrong reading gets by chance (see `isPlainText`). Of the readings of charset-lies-dev pages in a
   * charset not theirs with no anomaly and no foreign letter, the highest stands at 3.6 (EUC-KR read as
   * EUC-JP); right readings of long pages from 5 to over 20.
   * @default 5
   */
  minPlainTextZ?: number;
}

/** Defaults of {@link DetectCharsetOptions}. */
export const DEFAULT_DETECT_CHARSET_OPTIONS: Readonly<Required<DetectCharsetOptions>> = Object.freeze({
  contentType: '',
  defaultCharset: 'windows-1252',
  prescanBytes: 1024,
  latePrescanBytes: 262144,
  minOverrideEvidence: 2,
  minUtf8RegionRatio: 0.1,
  maxDefaultScoreGap: 0.5,
  minPlainTextZ: 5,
});

/** Regions of a mostly UTF-8 page that are in another charset. */
export interface CharsetIslands {
  /** Their charset, or null when no charset reads them as plausible text (they are then decoded as UTF-8, with U+FFFD). */
  readonly charset: string | null;
  readonly ranges: readonly ByteRange[];
  /** Non-ASCII bytes in them. */
  readonly bytes: number;
  /** Invalid UTF-8 sequences in the page (in the islands). */
  readonly invalidUtf8: number;
}

/** The charset chosen for a page, with where it came from and all evidence. */
export interface CharsetDecision {
  /** Lower-case name: a WHATWG name (`utf-8`, `windows-1256`, `gbk`, `shift_jis`, `utf-16le`) or, for encodings outside the standard, a descriptive one (`utf-32le`, `ibm855`, `johab`, `iso-2022-kr`). */
  charset: string;
  /** What decided (see {@link CharsetSource}). */
  source: CharsetSource;
  /** 0..1. */
  confidence: number;
  /** Every piece of evidence, in the order examined, declarations with their verdict. */
  evidence: CharsetEvidence[];
  /** Set when a declared charset was overridden: the first one overridden, what replaced it, why. */
  override: { from: string; to: string; reason: string } | null;
  /** Bytes of byte-order mark to skip (0 if none). */
  bomLength: number;
  /** Set on a UTF-8 page with regions in another charset. */
  islands: CharsetIslands | null;
  /** Invalid sequences a UTF-8 decoding of the bytes gives, when a UTF-8 declaration or reading was checked and found some (else null). */
  invalidUtf8: number | null;
}

type Options = Readonly<Required<DetectCharsetOptions>>;

/** Facts about the bytes, each computed on first need and shared by the checks. */
class ByteFacts {
  private ascii?: boolean;
  private utf8?: boolean;
  private utf8Scan?: { multibyte: number; invalid: number };
  private sampleBytes?: Uint8Array;
  private ranker?: CharsetRanker;
  constructor(readonly bytes: Uint8Array) {}
  isAscii(): boolean { return (this.ascii ??= isAscii(this.bytes)); }
  isUtf8(): boolean { return (this.utf8 ??= isUtf8(this.bytes)); }
  scanUtf8(): { multibyte: number; invalid: number } { return (this.utf8Scan ??= scanUtf8(this.bytes)); }
  /** Invalid UTF-8 sequences, if the bytes were scanned and had some. */
  invalidUtf8(): number | null { return this.utf8Scan !== undefined && this.utf8Scan.invalid > 0 ? this.utf8Scan.invalid : null; }
  sample(): Uint8Array { return (this.sampleBytes ??= sampleForDetector(this.bytes)); }
  /** The ranking of the sample's candidates, with `extra` charsets among them (each decoded and measured once). */
  rank(extra: readonly string[]): CharsetRanking {
    return this.charsetRanker().rank(extra);
  }
  /** The sample read in a charset a decoder here has, measured: the measure a later ranking reads. */
  plausibility(charset: string): TextPlausibility | null {
    return this.charsetRanker().plausibilityOf(charset);
  }
  private charsetRanker(): CharsetRanker {
    return (this.ranker ??= new CharsetRanker(this.sample()));
  }
}

/** What checking one declaration against the bytes concluded. */
interface Verdict {
  readonly accepted: boolean;
  readonly reason: string;
  /** For an overridden declaration: the charset the bytes show instead, when the check found one. */
  readonly instead?: string;
  readonly islands?: CharsetIslands;
}

function describeUtf8(scan: { multibyte: number; invalid: number }): string {
  return `${scan.invalid} invalid UTF-8 sequence(s), ${scan.multibyte} valid multi-byte`;
}

/** Islands of a page whose valid UTF-8 regions hold enough sequences, with the charset that reads them; null for a page that is not UTF-8. */
function findIslands(facts: ByteFacts, o: Options): CharsetIslands | null {
  const scan = facts.scanUtf8();
  const regions = findUtf8Regions(facts.bytes);
  if (regions.utf8Sequences === 0 || regions.utf8Sequences < o.minUtf8RegionRatio * scan.invalid) return null;
  const sample = joinIslands(facts.bytes, regions.islands, DEFAULT_DETECTOR_SAMPLE_OPTIONS.maxBytes);
  const best = rankCharsets(sample).groups.find((g) => g.plausibility !== null && g.charset !== 'utf-8');
  const plausible = best !== undefined && best.anomalyRate <= DEFAULT_RANK_CHARSETS_OPTIONS.implausibleRate && decodesAsciiAsAscii(best.charset);
  return { charset: plausible ? best.charset : null, ranges: regions.islands, bytes: regions.islandBytes, invalidUtf8: scan.invalid };
}

/** UTF-16 and UTF-32 of either byte order. */
const WIDE_UNICODE = /^utf-(?:16|32)(?:le|be)$/;

/** Checks a UTF-8 declaration: valid bytes, or a UTF-8 page with islands of another charset, or not UTF-8. */
function checkUtf8(facts: ByteFacts, o: Options): Verdict {
  if (facts.isUtf8()) return { accepted: true, reason: facts.isAscii() ? 'ASCII bytes' : 'valid UTF-8' };
  const islands = findIslands(facts, o);
  const described = describeUtf8(facts.scanUtf8());
  if (islands !== null) return { accepted: true, reason: `UTF-8 with ${islands.ranges.length} island(s) of ${islands.charset ?? 'undecodable bytes'}: ${described}`, islands };
  return { accepted: false, reason: `not UTF-8: ${described}` };
}

/** A reading's language evidence counted in units (trigrams or characters): one unit of the language's profile more is one. */
function languageUnits(g: CharsetGroup): number {
  if (g.plausibility === null) return 0;
  const { hit, miss } = natsPerUnit(g.plausibility.unit);
  return g.languageNats / (hit - miss);
}

/**
 * How much worse `declared` reads than `best`, in characters: extra anomalous characters, plus the
 * difference of their language evidence counted in trigrams (one trigram of the language's profile
 * more is one character of evidence), plus the extra letters foreign to the language read; at most
 * the page's non-ASCII characters.
 */
function measureOverrideEvidence(declared: CharsetGroup, best: CharsetGroup): number {
  const d = declared.plausibility;
  const b = best.plausibility;
  if (d === null) return 0;
  // an encoding with no decoder here is taken to read as its ranking assumed (as the best decodable one)
  if (b === null) return d.anomalies - best.anomalyRate * d.chars;
  const evidence = d.anomalies - b.anomalies + languageUnits(best) - languageUnits(declared) + d.foreign - b.foreign;
  // the bytes cannot say more than they hold: a page with one non-ASCII character gives one character of evidence at most
  // rounded: sums of nats carry float noise, and the threshold is compared with whole characters
  return Math.round(Math.min(evidence, Math.max(d.chars, b.chars)) * 1000) / 1000;
}

/**
 * A reading no other can beat by the evidence an override needs: fewer anomalous or foreign characters
 * than {@link DetectCharsetOptions.minOverrideEvidence}, and its units fall in the language's profile more
 * often than a wrong reading's do by chance: hits {@link DetectCharsetOptions.minPlainTextZ} standard
 * deviations above the chance rate (a long text's distinct units outnumber the 300 of a profile, so its
 * hit rate falls however right it is) or, with no defect at all, language evidence not negative.
 */
function isPlainText(p: TextPlausibility, o: Options): boolean {
  const defects = p.anomalies + p.foreign;
  if (defects >= o.minOverrideEvidence) return false;
  if (defects === 0 && measureLanguageNats(p) >= 0) return true;
  const chance = p.unit === 'character' ? DEFAULT_RANK_CHARSETS_OPTIONS.randomCharacterHitRate : DEFAULT_RANK_CHARSETS_OPTIONS.randomHitRate;
  return p.hits - chance * p.units >= o.minPlainTextZ * Math.sqrt(p.units * chance * (1 - chance));
}

/** Checks a declaration of any other charset (see {@link DetectCharsetOptions.minOverrideEvidence}). */
function checkLegacy(charset: string, facts: ByteFacts, o: Options): Verdict {
  if (!isSupportedCharset(charset)) return { accepted: true, reason: 'no decoder here to check it with' };
  if (facts.isAscii() && decodesAsciiAsAscii(charset)) return { accepted: true, reason: 'ASCII bytes' };
  if (facts.isUtf8()) {
    const lie = findLyingCharset(facts.bytes, charset);
    return lie === null ? { accepted: true, reason: 'too few UTF-8 sequences to contradict it' } : { accepted: false, reason: lie.reason, instead: lie.to };
  }
  // a declared reading that is plain text in a language needs no ranking: no other reading can be better
  // by the evidence an override needs without this one showing an anomaly, a foreign letter or a text
  // that fits no language (this keeps honest legacy pages from paying for both detectors); the measure is
  // the one the ranking reads, so a declaration that needs the ranking is not measured twice
  const own = facts.plausibility(charset);
  if (own !== null && isPlainText(own, o)) return { accepted: true, reason: 'plain text in a language' };
  const ranking = facts.rank([charset]);
  const declared = ranking.groupOf(charset);
  const best = ranking.groups[0];
  if (declared === undefined || declared === best) return { accepted: true, reason: 'the best-reading charset' };
  const evidence = measureOverrideEvidence(declared, best);
  const chars = declared.plausibility?.chars ?? 0;
  const where = `${best.charset} reads better by ${evidence.toFixed(1)} character(s) of ${chars}`;
  if (evidence >= o.minOverrideEvidence) return { accepted: false, reason: where, instead: best.charset };
  return { accepted: true, reason: evidence > 0 ? `${where}: too little to override` : `reads as well as ${best.charset}` };
}

/** An ASCII tag (`<p>`, `</div>`, `<!--`): in UTF-16 or UTF-32 every one of its characters would be followed or preceded by NUL bytes. */
const ASCII_TAG = /<[!/?a-zA-Z][^<>\x00]*>/;

/**
 * Checks a UTF-16/32 declaration (a transport's or caller's: one in the bytes means UTF-8). An HTML page in
 * UTF-16/32 leaves NUL bytes in every code unit of its ASCII markup: the pattern of its NUL bytes confirms it
 * (or names the other byte order); ASCII tags with no NUL byte contradict it.
 */
function checkWide(charset: string, facts: ByteFacts): Verdict {
  const sniffed = sniffUtf16Or32(facts.bytes);
  if (sniffed === charset) return { accepted: true, reason: `NUL bytes in the ${charset} pattern` };
  if (sniffed !== null) return { accepted: false, reason: `NUL bytes in the ${sniffed} pattern`, instead: sniffed };
  const head = facts.bytes.subarray(0, DEFAULT_NUL_SNIFF_OPTIONS.sampleBytes);
  if (!hasByte(head, 0)) {
    if (ASCII_TAG.test(Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('latin1'))) {
      return { accepted: false, reason: 'ASCII markup without NUL bytes: not UTF-16/32' };
    }
    // no space or line break in UTF-16/32 leaves its bytes free of NUL; valid UTF-8 sequences then say what they are
    if (facts.isUtf8() && findLyingCharset(facts.bytes, charset) !== null) {
      return { accepted: false, reason: 'valid UTF-8 without NUL bytes: not UTF-16/32', instead: 'utf-8' };
    }
  }
  return { accepted: true, reason: 'no ASCII markup to check it by' };
}

function checkDeclaration(charset: string, facts: ByteFacts, o: Options): Verdict {
  if (charset === 'utf-8') return checkUtf8(facts, o);
  if (WIDE_UNICODE.test(charset)) return checkWide(charset, facts);
  return checkLegacy(charset, facts, o);
}

/** The detected decision for bytes no declaration survived (see the module comment). */
function detectFromBytes(facts: ByteFacts, o: Options, evidence: CharsetEvidence[]): { charset: string; confidence: number; islands: CharsetIslands | null; source: 'detected' | 'default' } | null {
  const bytes = facts.bytes;
  if (facts.isAscii() && !hasByte(bytes, 0x1b)) {
    evidence.push({ source: 'detected', label: 'ascii', charset: o.defaultCharset, confidence: 1, verdict: 'detected' });
    return { charset: resolveCharsetLabel(o.defaultCharset) ?? 'windows-1252', confidence: 1, islands: null, source: 'detected' };
  }
  if (facts.isUtf8() && !facts.isAscii()) {
    evidence.push({ source: 'detected', label: 'utf-8 (valid)', charset: 'utf-8', confidence: 0.99, verdict: 'detected' });
    return { charset: 'utf-8', confidence: 0.99, islands: null, source: 'detected' };
  }
  const islands = facts.isAscii() ? null : findIslands(facts, o);
  if (islands !== null) {
    evidence.push({ source: 'detected', label: 'utf-8 with islands', charset: 'utf-8', confidence: 0.9, verdict: 'detected', reason: describeUtf8(facts.scanUtf8()) });
    return { charset: 'utf-8', confidence: 0.9, islands, source: 'detected' };
  }
  const fallback = resolveCharsetLabel(o.defaultCharset);
  const ranking = facts.rank(fallback !== null && isSupportedCharset(fallback) ? [fallback] : []);
  const best = ranking.groups[0];
  if (best === undefined) return null;
  const next = ranking.groups[1];
  const reason = `score ${best.score.toFixed(3)}, anomalies ${(best.anomalyRate * 100).toFixed(1)} %${next ? `, next ${next.charset} ${next.score.toFixed(3)}` : ''}`;
  const confidence = Math.max(0, Math.min(0.99, best.detector * (1 - best.anomalyRate)));
  evidence.push({ source: 'detected', label: `ranking:${best.members.join('=')}`, charset: best.charset, confidence, verdict: 'detected', reason });
  // the caller's default is a claim too, checked as a declaration is: it stands unless detection reads clearly better
  const own = fallback === null ? undefined : ranking.groupOf(fallback);
  if (fallback !== null && own !== undefined) {
    const margin = own === best ? 0 : measureOverrideEvidence(own, best);
    if (margin < o.minOverrideEvidence && best.score - own.score < o.maxDefaultScoreGap) {
      evidence.push({ source: 'default', label: o.defaultCharset, charset: fallback, confidence: 0.5, verdict: 'accepted', reason: own === best ? 'reads as the detected charset' : `${best.charset} reads better by only ${margin.toFixed(1)} character(s)` });
      return { charset: fallback, confidence: own === best ? confidence : 0.5, islands: null, source: own === best ? 'detected' : 'default' };
    }
  }
  if (best.detector === 0) return null;
  return { charset: best.charset, confidence, islands: null, source: 'detected' };
}

function declarationEvidence(d: Declaration, verdict: EvidenceVerdict, reason?: string): CharsetEvidence {
  return { source: d.source, label: d.label, charset: d.charset, confidence: d.late ? 0.6 : 1, offset: d.offset, verdict, reason };
}

/**
 * Chooses the charset of a page's bytes (see the module comment). Never throws on content (only on
 * invalid options).
 * @example
 * detectCharset(cp1256Bytes, { contentType: 'text/html; charset=iso-8859-1' })
 * // { charset: 'windows-1256', source: 'detected-over-transport', override: { from: 'windows-1252', to: 'windows-1256', … }, … }
 * @see https://html.spec.whatwg.org/multipage/parsing.html#determining-the-character-encoding
 * @category Encoding
 */
export function detectCharset(bytes: Uint8Array, options?: DetectCharsetOptions): CharsetDecision {
  const o = resolveOptions(DEFAULT_DETECT_CHARSET_OPTIONS, options, 'detectCharset');
  const evidence: CharsetEvidence[] = [];
  const bom = sniffBom(bytes);
  const body = bom === null ? bytes : bytes.subarray(bom.length);
  const declarations = listDeclarations(body, o.contentType, o.prescanBytes, o.latePrescanBytes);
  let facts: ByteFacts | undefined;
  const decided = (charset: string, source: CharsetSource, confidence: number, override: CharsetDecision['override'] = null, islands: CharsetIslands | null = null, bomLength = 0): CharsetDecision =>
    ({ charset, source, confidence, evidence, override, bomLength, islands, invalidUtf8: facts?.invalidUtf8() ?? null });
  if (bom !== null) {
    evidence.push({ source: 'bom', label: `BOM ${bom.charset}`, charset: bom.charset, confidence: 1, offset: 0, verdict: 'accepted', reason: 'a byte-order mark is never overridden' });
    for (const d of declarations) evidence.push(declarationEvidence(d, 'outranked'));
    return decided(bom.charset, 'bom', 1, null, null, bom.length);
  }
  const transport = declarations.find((d) => d.source === 'transport' && d.charset !== null);
  const nul = transport === undefined ? sniffUtf16Or32(bytes) : null;
  if (nul !== null) {
    for (const d of declarations) evidence.push(declarationEvidence(d, 'overridden', `NUL bytes in the ${nul} pattern`));
    evidence.push({ source: 'detected', label: 'nul-pattern', charset: nul, confidence: 0.95, verdict: 'detected' });
    const first = declarations.find((d) => d.charset !== null);
    return decided(nul, first ? `detected-over-${first.source}` : 'detected', 0.95, first?.charset ? { from: first.charset, to: nul, reason: 'utf-16/32 NUL pattern' } : null);
  }
  facts = new ByteFacts(bytes);
  let overridden: { declaration: Declaration; verdict: Verdict } | null = null;
  for (let i = 0; i < declarations.length; i++) {
    const d = declarations[i];
    if (d.charset === null) {
      evidence.push(declarationEvidence(d, 'overridden', 'unknown label'));
      continue;
    }
    const verdict = checkDeclaration(d.charset, facts, o);
    evidence.push(declarationEvidence(d, verdict.accepted ? 'accepted' : 'overridden', verdict.reason));
    if (verdict.accepted) {
      for (const rest of declarations.slice(i + 1)) evidence.push(declarationEvidence(rest, 'outranked'));
      const override = overridden === null ? null : { from: overridden.declaration.charset ?? '', to: d.charset, reason: overridden.verdict.reason };
      return decided(d.charset, d.source, d.late ? 0.8 : 1, override, verdict.islands ?? null);
    }
    overridden ??= { declaration: d, verdict };
  }
  const detected = overridden?.verdict.instead !== undefined
    ? { charset: overridden.verdict.instead, confidence: 0.95, islands: null, source: 'detected' as const }
    : detectFromBytes(facts, o, evidence);
  if (detected === null) {
    evidence.push({ source: 'default', label: o.defaultCharset, charset: resolveCharsetLabel(o.defaultCharset), confidence: 0, verdict: 'accepted', reason: 'nothing else decided' });
    return decided(resolveCharsetLabel(o.defaultCharset) ?? 'windows-1252', 'default', 0);
  }
  if (overridden === null) return decided(detected.charset, detected.source, detected.confidence, null, detected.islands);
  const from = overridden.declaration;
  const source: CharsetSource = `detected-over-${from.source as Exclude<DeclarationSource, 'bom'>}`;
  evidence.push({ source: 'override', label: overridden.verdict.reason, charset: detected.charset, confidence: detected.confidence });
  return decided(detected.charset, source, detected.confidence, { from: from.charset ?? '', to: detected.charset, reason: overridden.verdict.reason }, detected.islands);
}
