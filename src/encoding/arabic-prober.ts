/**
 * A charset prober for single-byte Arabic-script text: tells windows-1256 from iso-8859-6 and from
 * Latin text (windows-1252) by how the high bytes (0x80–0xFF) read in each encoding.
 *
 * Two signals: (1) shape — Arabic words are runs of high bytes between spaces and punctuation, while
 * Latin accented letters sit between ASCII letters (`café`); (2) fit — the letters that the high bytes
 * decode to, scored with a letter-bigram model ({@link ARABIC_PROBER_MODEL}, counts of Arabic sample
 * text written for matn) against a uniform choice of letters, in nats per letter.
 * @module
 */
import { ARABIC_PROBER_MODEL } from './arabic-prober-model.js';
import { decodeBytes } from './iconv.js';

/** Options of {@link probeArabicScript}. */
export interface ArabicProbeOptions {
  /**
   * Fewer high bytes than this give no answer.
   * @default 16
   */
  readonly minHighBytes?: number;
  /**
   * Least share of high bytes not touching an ASCII letter (Arabic words are runs of high bytes).
   * @default 0.8
   */
  readonly minArabicShape?: number;
  /**
   * Least share of high bytes that decode to Arabic-script letters in the chosen charset.
   * @default 0.8
   */
  readonly minLetterShare?: number;
  /**
   * Least bigram fit (nats per letter over a uniform choice of letters) of the chosen charset.
   * @default 0.25
   */
  readonly minFit?: number;
}

/** Defaults of {@link ArabicProbeOptions} (set on Arabic and Latin pages written for the tests; see docs/encoding.md). */
export const DEFAULT_ARABIC_PROBE_OPTIONS: Readonly<Required<ArabicProbeOptions>> = Object.freeze({
  minHighBytes: 16,
  minArabicShape: 0.8,
  minLetterShare: 0.8,
  minFit: 0.25,
});

/** Per-candidate measurements. */
export interface ArabicCandidateScore {
  readonly charset: 'windows-1256' | 'iso-8859-6';
  /** Share of high bytes that decode to Arabic-script letters. */
  readonly letterShare: number;
  /** Mean log-likelihood ratio per letter, bigram model vs uniform (nats). */
  readonly fit: number;
}

/** Result of {@link probeArabicScript}. */
export interface ArabicProbeResult {
  /** The Arabic single-byte charset the high bytes read as, or null (not Arabic, or too little evidence). */
  readonly charset: 'windows-1256' | 'iso-8859-6' | null;
  /** 0..1. */
  readonly confidence: number;
  readonly highBytes: number;
  /** Share of high bytes that touch no ASCII letter. */
  readonly arabicShape: number;
  readonly candidates: readonly ArabicCandidateScore[];
}

const CANDIDATES = ['windows-1256', 'iso-8859-6'] as const;
const ARABIC_SCRIPT = /^\p{Script=Arabic}$/u;
const LETTER = /^\p{L}$/u;

/** High half (0x80–0xFF) of each candidate's code page: the decoded character, or '' for non-letters. */
function buildHighLetters(): Readonly<Record<string, readonly string[]>> {
  return Object.freeze(Object.fromEntries(CANDIDATES.map((cs) => {
    const high = Uint8Array.from({ length: 128 }, (_, i) => 0x80 + i);
    const chars = Array.from(decodeBytes(high, cs).text);
    return [cs, Object.freeze(chars.map((ch) => (ARABIC_SCRIPT.test(ch) && LETTER.test(ch) ? ch : '')))];
  })));
}

interface BigramModel { logp(prev: string, next: string): number; uniform: number }

function buildModel(lang: string): BigramModel {
  const { unigram, bigram } = ARABIC_PROBER_MODEL[lang];
  const letters = Object.keys(unigram);
  const total = letters.reduce((s, l) => s + unigram[l], 0);
  const vocab = Math.max(letters.length, 36) + 8; // room for letters unseen in the sample
  const prevTotals = new Map<string, number>();
  for (const [pair, n] of Object.entries(bigram)) {
    const prev = Array.from(pair)[0];
    prevTotals.set(prev, (prevTotals.get(prev) ?? 0) + n);
  }
  const alpha = 2;
  return {
    uniform: Math.log(1 / vocab),
    logp(prev, next) {
      const pUni = ((unigram[next] ?? 0) + 0.5) / (total + 0.5 * vocab);
      const n = bigram[prev + next] ?? 0;
      return Math.log((n + alpha * pUni) / ((prevTotals.get(prev) ?? 0) + alpha));
    },
  };
}

/**
 * The code-page tables and the bigram model, built on the first probe: only a page that no BOM,
 * declaration or UTF-8 validity decides is probed, and building them at import cost every isolate
 * ≈ 10 ms of CPU (docs/decisions.md).
 */
let tables: { readonly highLetters: Readonly<Record<string, readonly string[]>>; readonly model: BigramModel } | undefined;

function probeTables(): NonNullable<typeof tables> {
  tables ??= { highLetters: buildHighLetters(), model: buildModel('ar') };
  return tables;
}

function isAsciiLetter(b: number | undefined): boolean {
  return b !== undefined && ((b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a));
}

function scoreCandidate(bytes: Uint8Array, charset: (typeof CANDIDATES)[number], highBytes: number): ArabicCandidateScore {
  const { highLetters, model } = probeTables();
  const table = highLetters[charset];
  let letters = 0;
  let ll = 0;
  let prev = '_';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b < 0x80) { prev = '_'; continue; }
    const ch = table[b - 0x80];
    if (ch === '') { prev = '_'; continue; }
    ll += model.logp(prev, ch) - model.uniform;
    letters++;
    prev = ch;
  }
  return { charset, letterShare: highBytes === 0 ? 0 : letters / highBytes, fit: letters === 0 ? 0 : ll / letters };
}

/**
 * Probes whether the bytes are Arabic-script text in windows-1256 or iso-8859-6. Linear time; never throws.
 * @example probeArabicScript(bytes).charset // 'windows-1256'
 * @category Encoding
 */
export function probeArabicScript(bytes: Uint8Array, options?: ArabicProbeOptions): ArabicProbeResult {
  const o = { ...DEFAULT_ARABIC_PROBE_OPTIONS, ...options };
  let highBytes = 0;
  let shaped = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] < 0x80) continue;
    highBytes++;
    if (!isAsciiLetter(bytes[i - 1]) && !isAsciiLetter(bytes[i + 1])) shaped++;
  }
  const arabicShape = highBytes === 0 ? 0 : shaped / highBytes;
  const candidates = CANDIDATES.map((cs) => scoreCandidate(bytes, cs, highBytes));
  const best = [...candidates].sort((a, b) => b.letterShare + b.fit / 4 - (a.letterShare + a.fit / 4))[0];
  const ok = highBytes >= o.minHighBytes && arabicShape >= o.minArabicShape && best.letterShare >= o.minLetterShare && best.fit >= o.minFit;
  if (!ok) return { charset: null, confidence: 0, highBytes, arabicShape, candidates };
  const confidence = Math.min(0.99, arabicShape * best.letterShare * Math.min(1, best.fit / (2 * o.minFit)) * Math.min(1, highBytes / (4 * o.minHighBytes)));
  return { charset: best.charset, confidence, highBytes, arabicShape, candidates };
}
