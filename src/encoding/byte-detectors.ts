/**
 * The byte-level charset detectors matn consults, and the only module importing them: jschardet (a
 * port of Mozilla's universal charset detector: byte-sequence models per language, a Hebrew
 * logical/visual prober, CJK character-distribution tables) and chardet (a port of ICU's detector:
 * n-gram lists of frequent characters per language, ICU's CJK frequency lists). Each gives every
 * encoding it considers with a confidence; neither is right alone (see docs/encoding.md for what each
 * gets right), so the candidate ranking consults both (chardet only when jschardet's reading is not settled).
 * @module
 */
import { createRequire } from 'node:module';
import type * as Jschardet from 'jschardet';
import { resolveCharsetLabel } from './labels.js';

interface ChardetMatch { readonly name: string; readonly confidence: number }
interface ChardetModule { analyse(buffer: Uint8Array): ChardetMatch[] }

let detectors: { jschardet: typeof Jschardet.chardet; chardet: ChardetModule } | undefined;

/**
 * Both detectors, loaded on the first page that reaches them (most pages are decided by a BOM, a
 * declaration that UTF-8 validity confirms, or pure ASCII first). Their CommonJS builds are loaded, as
 * `extract()` is synchronous: jschardet's ES build is ≈ 40 modules and cost every isolate ≈ 55 ms of
 * CPU at `import('matn')` (docs/decisions.md).
 */
function loadDetectors(): NonNullable<typeof detectors> {
  if (detectors === undefined) {
    const require = createRequire(import.meta.url);
    detectors = { jschardet: (require('jschardet') as typeof Jschardet).chardet, chardet: require('chardet') as ChardetModule };
  }
  return detectors;
}

/** `iso8859-16` (jschardet's spelling) → `iso-8859-16`. */
const ISO_8859_UNDASHED = /^iso8859-(\d+)$/;

/**
 * Maps a detector's encoding name to matn's name (WHATWG where the standard has the encoding).
 * @example mapDetectorName('ISO-8859-1') // 'windows-1252'
 * @category Encoding
 */
export function mapDetectorName(name: string | null): string | null {
  if (name === null || name === '') return null;
  const lower = name.toLowerCase().replace(ISO_8859_UNDASHED, 'iso-8859-$1');
  if (lower === 'ascii') return 'windows-1252';
  return resolveCharsetLabel(lower) ?? lower;
}

/** The detectors, in the order {@link CharsetRanker} consults them. */
export type ByteDetector = 'jschardet' | 'chardet';

/**
 * Every encoding one detector proposes for `sample`, with its confidence 0..1 (several names of one
 * encoding keep the highest).
 * @example voteByteDetector(gbkSample, 'jschardet').get('gbk') // 0.99
 * @category Encoding
 */
export function voteByteDetector(sample: Uint8Array, detector: ByteDetector): Map<string, number> {
  const { jschardet, chardet } = loadDetectors();
  const votes = new Map<string, number>();
  const vote = (name: string | null, confidence: number): void => {
    const charset = mapDetectorName(name);
    if (charset !== null) votes.set(charset, Math.max(votes.get(charset) ?? 0, confidence));
  };
  if (detector === 'jschardet') {
    for (const g of jschardet.detectAll(Buffer.from(sample.buffer, sample.byteOffset, sample.byteLength))) vote(g.encoding, g.confidence);
  } else {
    // ICU names the whole GB family GB18030 (jschardet tells GB2312 from GB18030); its pages declare gb2312 or gbk
    for (const m of chardet.analyse(sample)) vote(m.name === 'GB18030' ? 'gbk' : m.name, m.confidence / 100);
  }
  return votes;
}
