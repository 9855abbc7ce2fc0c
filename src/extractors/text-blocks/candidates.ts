/**
 * Title and date candidates of the text-block algorithm (Zou & Zhong, §1.2.3): looked for only
 * around the first (i) and last (j) main blocks, so subtitles and dates inside the body are not taken.
 *
 * Dates are read by `vocabulary/dates.ts`, the recognizer the metadata stage also uses (a floor below both).
 * @module
 */
import type { BoundaryBlock } from '../../analysis/blocks.js';
import type { AnalyzedDocument } from '../../analysis/types.js';
import { subtreeText } from '../../analysis/tree.js';
import { findDates } from '../../vocabulary/dates.js';

/** Separators between a title and site or channel names. Linear: one class per alternative. */
const TITLE_SEPARATOR_RE = /\s+[-/]\s+|\s*[|_·•»–—]\s*|\s*::\s*/u;
const WHITESPACE_RUN_RE = /\s+/gu;
/** A short segment ending in one of these is a site or channel name. */
const SHORT_SEGMENT = 8;

/**
 * Block `center` and up to `radius` non-empty blocks on each side of it. Empty blocks (two separators
 * in a row) are skipped so that "blocks i−2..i+2" means the two pieces of text before and after.
 */
function around(blocks: readonly BoundaryBlock[], center: number, radius: number): number[] {
  const before: number[] = [];
  for (let k = center - 1; k >= 0 && before.length < radius; k--) if (blocks[k].text !== '') before.unshift(k);
  const after: number[] = [];
  for (let k = center + 1; k < blocks.length && after.length < radius; k++) if (blocks[k].text !== '') after.push(k);
  return [...before, center, ...after];
}

/**
 * The title: the text of the highest-level heading among blocks i−2..i+2, else the `<title>` with
 * segments that are stop words (site and channel names) filtered out.
 * @category Extraction
 */
export function findTitle(doc: AnalyzedDocument, blocks: readonly BoundaryBlock[], i: number, stopWords: readonly string[]): string | undefined {
  let best: BoundaryBlock | undefined;
  for (const k of around(blocks, i, 2)) {
    const b = blocks[k];
    if (b.heading > 0 && b.text !== '' && (best === undefined || b.heading < best.heading)) best = b;
  }
  if (best) return best.text.replace(WHITESPACE_RUN_RE, ' ');
  const title = pageTitle(doc);
  return title === '' ? undefined : filterTitle(title, stopWords);
}

/** Text of the first `<title>` element (excluded from the visible text, so read from the nodes). */
function pageTitle(doc: AnalyzedDocument): string {
  const id = doc.index.elementsByTag('title')[0];
  if (id === undefined) return '';
  return subtreeText(doc, id).replace(WHITESPACE_RUN_RE, ' ').trim();
}

/** Drops stop-word segments of a `<title>`; the first remaining segment (the longest if much longer). */
export function filterTitle(title: string, stopWords: readonly string[]): string {
  const stops = stopWords.map((w) => w.toLowerCase());
  const isStop = (s: string): boolean => {
    const lower = s.toLowerCase();
    return stops.includes(lower) || (Array.from(s).length <= SHORT_SEGMENT && stops.some((w) => lower.endsWith(w)));
  };
  const segments = title.split(TITLE_SEPARATOR_RE).map((s) => s.trim()).filter((s) => s !== '');
  const kept = segments.filter((s) => !isStop(s));
  if (kept.length === 0) return title;
  const lengths = kept.map((s) => Array.from(s).length);
  const longest = Math.max(...lengths);
  return lengths[0] * 2 >= longest ? kept[0] : kept[lengths.indexOf(longest)];
}

/**
 * The report date: the first date in blocks i−2..i+2, else in blocks j−2..j+2 (the paper's regex
 * `\w{4}[-./,年]\w{1,2}[-./,月]\w{1,2}日?` is covered by `findDates`).
 * @category Extraction
 */
export function findReportDate(blocks: readonly BoundaryBlock[], i: number, j: number): string | undefined {
  for (const center of [i, j]) {
    const text = around(blocks, center, 2).map((k) => blocks[k].text).join('\n');
    const found = findDates(text)[0];
    if (found) return found.iso;
  }
  return undefined;
}
