/**
 * The byte-level charset detectors matn consults, and the only module importing them: jschardet (a
 * port of Mozilla's universal charset detector: byte-sequence models per language, a Hebrew
 * logical/visual prober, CJK character-distribution tables) and chardet (a port of ICU's detector:
 * n-gram lists of frequent characters per language, ICU's CJK frequency lists). Each gives every
 * encoding it considers with a confidence; neither is right alone (see docs/encoding.md for what each
 * gets right), so {@link voteByteDetectors} keeps both votes for the candidate ranking.
 * @module
 */
import { createRequire } from 'node:module';
import type * as Jschardet from 'jschardet';
import { resolveCharsetLabel } from './labels.js';

/** One detector's confidence for an encoding, 0..1 (0: not proposed). */
export interface DetectorVotes {
  readonly jschardet: number;
  readonly chardet: number;
}

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

/**
 * Every encoding either detector proposes for `sample`, with each one's confidence (several names of one
 * encoding keep the highest).
 * @example voteByteDetectors(gbkSample).get('gbk') // { jschardet: 0.99, chardet: 1 }
 * @category Encoding
 */
export function voteByteDetectors(sample: Uint8Array): Map<string, DetectorVotes> {
  const { jschardet, chardet } = loadDetectors();
  const votes = new Map<string, { jschardet: number; chardet: number }>();
  const vote = (name: string | null, key: 'jschardet' | 'chardet', confidence: number): void => {
    const charset = mapDetectorName(name);
    if (charset === null) return;
    const v = votes.get(charset) ?? { jschardet: 0, chardet: 0 };
    v[key] = Math.max(v[key], confidence);
    votes.set(charset, v);
  };
  for (const g of jschardet.detectAll(Buffer.from(sample.buffer, sample.byteOffset, sample.byteLength))) vote(g.encoding, 'jschardet', g.confidence);
  // ICU names the whole GB family GB18030 (jschardet tells GB2312 from GB18030); its pages declare gb2312 or gbk
  for (const m of chardet.analyse(sample)) vote(m.name === 'GB18030' ? 'gbk' : m.name, 'chardet', m.confidence / 100);
  return votes;
}
