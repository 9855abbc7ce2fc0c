/**
 * Ranking the charsets a page's bytes may be in: every encoding a byte-level detector proposes (and any
 * the caller adds, such as a declaration to check) is decoded, its text measured
 * ({@link measureTextPlausibility}), and scored as
 *
 *     score = detector confidence − anomalyWeight × anomaly rate + fitWeight × language evidence
 *
 * where the detector confidence is the best of jschardet's, chardet's and the Arabic-script prober's,
 * the anomaly rate is the share of non-ASCII characters that no real text shows, and the language
 * evidence is the log-likelihood ratio, per non-ASCII character, of the text's trigrams (those with a
 * non-ASCII letter) being language rather than letters at random: a trigram in the best language's
 * profile counts ln(languageHitRate / randomHitRate), one outside it ln((1 − languageHitRate) /
 * (1 − randomHitRate)). Letters of the right charset fall on a language's frequent trigrams; letters
 * of a wrong one (a sibling charset, typographic quotes read as `ôJanineö`) fall outside them, and a
 * reading with no letters to judge gets 0.
 * Candidates that decode the bytes to the very same text are one group: nothing in the text can tell
 * them apart, so the group is named by the detectors (see {@link nameGroup}).
 * @module
 */
import { resolveOptions } from '../core/options.js';
import { probeArabicScript } from './arabic-prober.js';
import { voteByteDetectors } from './byte-detectors.js';
import { decodeBytes, isSupportedCharset } from './iconv.js';
import { measureTextPlausibility, type TextPlausibility } from './text-plausibility.js';

/** Options of {@link rankCharsets}. */
export interface RankCharsetsOptions {
  /**
   * Weight of the anomaly rate against the detectors' confidence (0..1). Accuracy is flat from 2 to 8
   * on charset-chardet-dev and on charset-lies-dev with the declarations cut out (docs/encoding.md).
   * @default 4
   */
  anomalyWeight?: number;
  /**
   * Weight of the language evidence (nats per non-ASCII character) against the detectors' confidence.
   * Accuracy on the same pages is flat from 0 to 1 (at an anomaly weight of 2 to 8; docs/encoding.md).
   * @default 0.5
   */
  fitWeight?: number;
  /**
   * Share of a real text's distinct trigrams (with a non-ASCII letter) found among its language's 300
   * most frequent: the median of the true decodings of charset-lies-dev (declarations cut) is 0.166
   * (0.042–0.387).
   * @default 0.17
   */
  languageHitRate?: number;
  /**
   * The share letters that are not a language still reach: of the wrong decodings of the same pages with
   * 20 trigrams or more, 90 % stay below 0.06 (Arabic script) to 0.096 (Hebrew), median 0.005 to 0.039. A
   * reading needs more than this to count as language (typographic quotes read as `ôJanineö` reach 0.09).
   * @default 0.07
   */
  randomHitRate?: number;
  /**
   * Fewest characters the language evidence is averaged over: on a page with a single non-ASCII
   * character, one trigram found in some language's profile would otherwise outweigh both detectors.
   * @default 16
   */
  minEvidenceChars?: number;
  /**
   * How much more jschardet must prefer one member of a group of identical decodings over its
   * ISO-8859 member for its choice to name the group (its Hebrew logical/visual prober decides by
   * 0.07; between windows-1250 and ISO-8859-2 on a text that uses neither's own letters it differs by
   * 0.0001, which is no preference).
   * @default 0.01
   */
  namingMargin?: number;
  /**
   * Anomaly rate above which the best decodable candidate is not plausible text; only then may an
   * encoding no decoder here supports (johab, euc-tw, ...) win.
   * @default 0.05
   */
  implausibleRate?: number;
}

/** Defaults of {@link RankCharsetsOptions}. */
export const DEFAULT_RANK_CHARSETS_OPTIONS: Readonly<Required<RankCharsetsOptions>> = Object.freeze({
  anomalyWeight: 4,
  fitWeight: 0.5,
  languageHitRate: 0.17,
  randomHitRate: 0.07,
  minEvidenceChars: 16,
  namingMargin: 0.01,
  implausibleRate: 0.05,
});

/** One group of candidates that decode the sample to the same text. */
export interface CharsetGroup {
  /** The name the group is reported by. */
  readonly charset: string;
  /** Every candidate of the group (the same text in each), `charset` among them. */
  readonly members: readonly string[];
  readonly score: number;
  /** Best detector confidence among the members, 0..1. */
  readonly detector: number;
  /** Measures of the group's text; null for an encoding no decoder here supports. */
  readonly plausibility: TextPlausibility | null;
  /** Anomalies per non-ASCII character. */
  readonly anomalyRate: number;
  /** Language evidence per non-ASCII character (see {@link languageNats}). */
  readonly languageEvidence: number;
  /** Log-likelihood ratio, in nats, of the group's distinct letter trigrams being a language rather than letters at random (0 without a trigram to judge). */
  readonly languageNats: number;
}

/** Result of {@link rankCharsets}: groups, best first. */
export interface CharsetRanking {
  readonly groups: readonly CharsetGroup[];
  /** The group holding `charset`, if it was a candidate. */
  groupOf(charset: string): CharsetGroup | undefined;
}

interface Candidate {
  charset: string;
  jschardet: number;
  detector: number;
  text: string | null;
}

/** Every candidate with its votes; `extra` charsets join with no vote. */
function collectCandidates(sample: Uint8Array, extra: readonly string[]): Candidate[] {
  const byName = new Map<string, Candidate>();
  for (const [charset, v] of voteByteDetectors(sample)) {
    byName.set(charset, { charset, jschardet: v.jschardet, detector: Math.max(v.jschardet, v.chardet), text: null });
  }
  const probe = probeArabicScript(sample);
  if (probe.charset !== null) {
    const c = byName.get(probe.charset) ?? { charset: probe.charset, jschardet: 0, detector: 0, text: null };
    c.detector = Math.max(c.detector, probe.confidence);
    byName.set(probe.charset, c);
  }
  for (const charset of extra) if (!byName.has(charset)) byName.set(charset, { charset, jschardet: 0, detector: 0, text: null });
  const candidates = [...byName.values()];
  for (const c of candidates) if (isSupportedCharset(c.charset)) c.text = decodeBytes(sample, c.charset).text;
  return candidates;
}

/**
 * The language evidence of a measured text, in nats: each distinct trigram in the best language's profile
 * counts ln(languageHitRate / randomHitRate), each outside it ln((1 − languageHitRate) / (1 − randomHitRate)).
 */
export function measureLanguageNats(p: TextPlausibility, options?: RankCharsetsOptions): number {
  const o = resolveOptions(DEFAULT_RANK_CHARSETS_OPTIONS, options, 'measureLanguageNats');
  const hit = Math.log(o.languageHitRate / o.randomHitRate);
  const miss = Math.log((1 - o.languageHitRate) / (1 - o.randomHitRate));
  return p.hits * hit + (p.trigrams - p.hits) * miss;
}

/** ISO-8859 encodings: the standard behind each windows-125x vendor superset. */
const ISO_8859 = /^iso-8859-/;

/**
 * The name of a group of identical decodings: jschardet's choice when it prefers one member clearly (its
 * Hebrew prober tells logical windows-1255 from visual ISO-8859-8, which decode alike); else the ISO-8859
 * member, as ICU names them: a windows code page differs from its ISO-8859 standard by the characters it
 * puts at 0x80–0x9F, and bytes that decode alike in both used none of them; else the best-voted member.
 */
function nameGroup(members: readonly Candidate[], margin: number): string {
  if (members.length === 1) return members[0].charset;
  const byJschardet = [...members].sort((a, b) => b.jschardet - a.jschardet);
  const iso = members.filter((m) => ISO_8859.test(m.charset)).sort((a, b) => b.detector - a.detector);
  if (iso.length > 0 && byJschardet[0].jschardet - iso[0].jschardet <= margin) return iso[0].charset;
  if (iso.length === 0 && byJschardet[0].jschardet === 0) return [...members].sort((a, b) => b.detector - a.detector)[0].charset;
  return byJschardet[0].charset;
}

/**
 * Ranks the candidate charsets of `sample` (the detector sample of a page: its text runs with non-ASCII
 * bytes). `extra` charsets (declarations to check) are ranked too, with no detector vote.
 * @example rankCharsets(sampleForDetector(koi8Bytes)).groups[0].charset // 'koi8-r'
 * @category Encoding
 */
export function rankCharsets(sample: Uint8Array, extra: readonly string[] = [], options?: RankCharsetsOptions): CharsetRanking {
  const o = resolveOptions(DEFAULT_RANK_CHARSETS_OPTIONS, options, 'rankCharsets');
  const candidates = collectCandidates(sample, extra);
  const byText = new Map<string, Candidate[]>();
  const undecodable: Candidate[] = [];
  for (const c of candidates) {
    if (c.text === null) undecodable.push(c);
    else byText.set(c.text, [...(byText.get(c.text) ?? []), c]);
  }
  const groups: CharsetGroup[] = [...byText.entries()].map(([text, members]) => {
    const p = measureTextPlausibility(text);
    const anomalyRate = p.anomalies / Math.max(1, p.chars);
    const languageNats = measureLanguageNats(p, o);
    const languageEvidence = languageNats / Math.max(o.minEvidenceChars, p.chars);
    const detector = Math.max(...members.map((m) => m.detector));
    return {
      charset: nameGroup(members, o.namingMargin), members: members.map((m) => m.charset),
      score: detector - o.anomalyWeight * anomalyRate + o.fitWeight * languageEvidence, detector, plausibility: p, anomalyRate, languageEvidence, languageNats,
    };
  });
  // an encoding that cannot be decoded is taken to read no better than the best one that can; it may win
  // only when that one is implausible, or when no reading has a non-ASCII character to judge (ISO-2022-KR)
  const judged = groups.filter((g) => g.plausibility !== null && g.plausibility.chars > 0);
  const leastAnomalies = judged.length === 0 ? 0 : Math.min(...judged.map((g) => g.anomalyRate));
  if (judged.length === 0 || leastAnomalies > o.implausibleRate) {
    for (const c of undecodable) {
      groups.push({ charset: c.charset, members: [c.charset], score: c.detector - o.anomalyWeight * leastAnomalies, detector: c.detector, plausibility: null, anomalyRate: leastAnomalies, languageEvidence: 0, languageNats: 0 });
    }
  }
  groups.sort((a, b) => b.score - a.score);
  return { groups, groupOf: (charset) => groups.find((g) => g.members.includes(charset)) };
}
