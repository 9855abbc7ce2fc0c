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
import { voteByteDetector } from './byte-detectors.js';
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
   * {@link languageHitRate} for text measured by characters (Han, Hangul): the share of a true decoding's
   * distinct characters among its language's 300 most frequent. The median of the true CJK decodings of
   * charset-lies-dev (declarations cut) is 0.384 (0.052–0.863).
   * @default 0.38
   */
  characterHitRate?: number;
  /**
   * {@link randomHitRate} for text measured by characters: of the wrong decodings of the same pages into
   * Han or Hangul with 20 characters or more (a CJK charset read as another, UTF-16 read from 8-bit
   * bytes), 90 % stay below 0.069, median 0.020, highest 0.167.
   * @default 0.07
   */
  randomCharacterHitRate?: number;
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
  /**
   * jschardet's confidence in its best reading above which (with that reading plain: anomaly rate at most
   * {@link settledAnomalyRate}, language evidence not negative) chardet and the Arabic-script prober are not
   * consulted.
   * @default 0.9
   */
  settledConfidence?: number;
  /**
   * Highest anomaly rate of a settled reading (see {@link settledConfidence}).
   * @default 0.01
   */
  settledAnomalyRate?: number;
  /**
   * Least detector confidence for a candidate to be decoded and measured (chardet proposes every encoding it
   * knows, most at 0.01–0.1); declarations to check are measured whatever their vote.
   * @default 0.05
   */
  minCandidateConfidence?: number;
}

/** Defaults of {@link RankCharsetsOptions}. */
export const DEFAULT_RANK_CHARSETS_OPTIONS: Readonly<Required<RankCharsetsOptions>> = Object.freeze({
  anomalyWeight: 4,
  fitWeight: 0.5,
  languageHitRate: 0.17,
  randomHitRate: 0.07,
  characterHitRate: 0.38,
  randomCharacterHitRate: 0.07,
  minEvidenceChars: 16,
  namingMargin: 0.01,
  implausibleRate: 0.05,
  settledConfidence: 0.9,
  settledAnomalyRate: 0.01,
  minCandidateConfidence: 0.05,
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
}

/** Nats a unit of the given kind adds when it is in the best language's profile (`hit`) or not (`miss`). */
export function natsPerUnit(unit: TextPlausibility['unit'], options?: RankCharsetsOptions): { hit: number; miss: number } {
  const o = options === undefined ? DEFAULT_RANK_CHARSETS_OPTIONS : resolveOptions(DEFAULT_RANK_CHARSETS_OPTIONS, options, 'natsPerUnit');
  const [language, random] = unit === 'character' ? [o.characterHitRate, o.randomCharacterHitRate] : [o.languageHitRate, o.randomHitRate];
  return { hit: Math.log(language / random), miss: Math.log((1 - language) / (1 - random)) };
}

/**
 * The language evidence of a measured text, in nats: each distinct unit (trigram or character) in the best
 * language's profile counts ln(hit rate / random hit rate), each outside it ln((1 − hit rate) / (1 − random hit rate)).
 */
export function measureLanguageNats(p: TextPlausibility, options?: RankCharsetsOptions): number {
  const { hit, miss } = natsPerUnit(p.unit, options);
  return p.hits * hit + (p.units - p.hits) * miss;
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

/** A candidate's decoding of the sample and its measures (shared by candidates that decode alike). */
interface Reading {
  readonly text: string;
  readonly plausibility: TextPlausibility;
}

/**
 * The ranking of one sample's candidates, consulting the detectors in turn: jschardet first, then chardet
 * and the Arabic-script prober only when jschardet's best reading is not settled (see
 * {@link RankCharsetsOptions.settledConfidence}). Each candidate is decoded and measured once, however
 * often the ranking is asked again (with more `extra` charsets).
 */
export class CharsetRanker {
  private readonly o: Readonly<Required<RankCharsetsOptions>>;
  private readonly candidates = new Map<string, Candidate>();
  private readonly readings = new Map<string, Reading | null>();
  private readonly byText = new Map<string, TextPlausibility>();
  /** Charsets asked for by the caller: measured whatever their vote. */
  private readonly extra = new Set<string>();
  private consulted = 0;

  constructor(private readonly sample: Uint8Array, options?: RankCharsetsOptions) {
    this.o = resolveOptions(DEFAULT_RANK_CHARSETS_OPTIONS, options, 'CharsetRanker');
  }

  /** Ranks the candidates with `extra` charsets among them (declarations to check, with no detector vote). */
  rank(extra: readonly string[] = []): CharsetRanking {
    for (const charset of extra) {
      this.extra.add(charset);
      this.vote(charset, 0, 0);
    }
    if (this.consulted === 0) this.consultJschardet();
    let ranking = this.rankCandidates();
    if (this.consulted === 1 && !this.isSettled(ranking)) {
      this.consultOthers();
      ranking = this.rankCandidates();
    }
    return ranking;
  }

  /**
   * The measure of the sample read in `charset` (null for an encoding no decoder here has), without
   * consulting any detector: the one a ranking reads, so a reading measured before the ranking is not
   * decoded and measured again.
   */
  plausibilityOf(charset: string): TextPlausibility | null {
    return this.readingOf(charset)?.plausibility ?? null;
  }

  private vote(charset: string, jschardet: number, detector: number): void {
    const c = this.candidates.get(charset) ?? { charset, jschardet: 0, detector: 0 };
    c.jschardet = Math.max(c.jschardet, jschardet);
    c.detector = Math.max(c.detector, detector);
    this.candidates.set(charset, c);
  }

  private consultJschardet(): void {
    for (const [charset, confidence] of voteByteDetector(this.sample, 'jschardet')) this.vote(charset, confidence, confidence);
    this.consulted = 1;
  }

  private consultOthers(): void {
    for (const [charset, confidence] of voteByteDetector(this.sample, 'chardet')) this.vote(charset, 0, confidence);
    const probe = probeArabicScript(this.sample);
    if (probe.charset !== null) this.vote(probe.charset, 0, probe.confidence);
    this.consulted = 2;
  }

  /** jschardet is sure of its best reading and the reading is plain text: the other detectors could not change the answer. */
  private isSettled(ranking: CharsetRanking): boolean {
    const best = ranking.groups[0];
    return best !== undefined && best.plausibility !== null && best.detector >= this.o.settledConfidence
      && best.anomalyRate <= this.o.settledAnomalyRate && best.languageNats >= 0;
  }

  /** The candidate's reading, decoded and measured on first need; null for an encoding no decoder here has. */
  private readingOf(charset: string): Reading | null {
    let r = this.readings.get(charset);
    if (r !== undefined) return r;
    if (!isSupportedCharset(charset)) r = null;
    else {
      const text = decodeBytes(this.sample, charset).text;
      let plausibility = this.byText.get(text);
      if (plausibility === undefined) this.byText.set(text, (plausibility = measureTextPlausibility(text)));
      r = { text, plausibility };
    }
    this.readings.set(charset, r);
    return r;
  }

  private rankCandidates(): CharsetRanking {
    const o = this.o;
    const byText = new Map<string, { reading: Reading; members: Candidate[] }>();
    const undecodable: Candidate[] = [];
    for (const c of this.candidates.values()) {
      // a reading the detectors barely propose is not decoded at all (chardet lists every encoding it knows)
      if (c.detector < o.minCandidateConfidence && !this.extra.has(c.charset)) continue;
      const reading = this.readingOf(c.charset);
      if (reading === null) undecodable.push(c);
      else {
        const group = byText.get(reading.text);
        if (group === undefined) byText.set(reading.text, { reading, members: [c] });
        else group.members.push(c);
      }
    }
    const groups: CharsetGroup[] = [...byText.values()].map(({ reading, members }) => {
      const p = reading.plausibility;
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
}

/**
 * Ranks the candidate charsets of `sample` (the detector sample of a page: its text runs with non-ASCII
 * bytes). `extra` charsets (declarations to check) are ranked too, with no detector vote.
 * @example rankCharsets(sampleForDetector(koi8Bytes)).groups[0].charset // 'koi8-r'
 * @category Encoding
 */
export function rankCharsets(sample: Uint8Array, extra: readonly string[] = [], options?: RankCharsetsOptions): CharsetRanking {
  return new CharsetRanker(sample, options).rank(extra);
}
