/**
 * The date of each record. Every record offers candidates — attribute dates and the dates of its
 * header and footer lines (absolute, or relative and resolved against the page's current date) —
 * each under a key saying where in the record it sits. The key chosen is the one that most records
 * have and whose dates differ from record to record and run forward in page order: posts are
 * written one after another, while join dates in user panels, "last edited" notes and birthdays do
 * not follow the page order, and a date every record repeats is the page's, not a post's.
 * @module
 */
import type { AnalyzedDocument } from '../analysis/types.js';
import type { TextBlockTable } from '../analysis/text-blocks.js';
import { type AttributeDate, firstAttributeDateFrom } from './attribute-dates.js';
import { recordKind } from './records.js';
import { ANY_DAY, resolveRelativeDate } from '../vocabulary/relative-dates.js';
import { ABSOLUTE_DATE, blockDating, blocksInRange, isLongerThan, type PageFacts, RELATIVE_DATE } from './slots.js';
import type { Thread } from './thread.js';

/** One date a record offers. */
interface DateCandidate {
  readonly iso: string;
  /** Where it sits: the kind of its element and the attribute or `text`. */
  readonly key: string;
  /** The text shown, for a relative date that cannot be resolved (the page shows no clock); `iso` is then ''. */
  readonly shown?: string;
}


/** Longest block read for a date: a header or footer line, never post text. */
const MAX_DATE_LINE = 120;

/** True when node `i` lies in one of the subtrees `[s, e)` of `holes`. */
function inHoles(i: number, holes: readonly (readonly [number, number])[]): boolean {
  return holes.some(([s, e]) => i >= s && i < e);
}

/** Date candidates of record `n`, outside its body and its nested records, in node order. */
function recordCandidates(
  doc: AnalyzedDocument, blocks: TextBlockTable, facts: PageFacts, attrDates: readonly AttributeDate[], thread: Thread, n: number,
  holes: readonly (readonly [number, number])[], reference: string | null,
): DateCandidate[] {
  const start = thread.items[n];
  const end = thread.ends[n];
  const out: { node: number; c: DateCandidate }[] = [];
  for (let a = firstAttributeDateFrom(attrDates, start); a < attrDates.length && attrDates[a].node < end; a++) {
    const d = attrDates[a];
    if (!inHoles(d.node, holes)) out.push({ node: d.node, c: { iso: d.iso, key: `${recordKind(doc, d.node)}@${d.attribute}` } });
  }
  // where a date sits, made for the blocks that show one
  const keyOf = (node: number): string => `${recordKind(doc, node)}#${doc.index.depth[node] - doc.index.depth[start]}`;
  for (const k of blocksInRange(blocks, facts, start, end)) {
    const node = blocks.node[k];
    // a post body is too long for a date line: told from its TA before its text is made
    if (inHoles(node, holes) || isLongerThan(blocks, k, MAX_DATE_LINE) || blocks.text(k).length > MAX_DATE_LINE || facts.noise(node) > start) continue;
    const dating = blockDating(facts, blocks, k);
    if (dating === 0) continue;
    const text = facts.datingText(k);
    const found = dating & ABSOLUTE_DATE ? facts.lineDates(text)[0] : undefined;
    if (found) out.push({ node, c: { iso: found.iso, key: keyOf(node) } });
    else if (dating & RELATIVE_DATE) {
      // with no clock on the page a relative date is kept as shown ("3 hours ago")
      const iso = resolveRelativeDate(text, reference ?? ANY_DAY);
      if (iso) out.push({ node, c: reference ? { iso, key: keyOf(node) } : { iso: '', key: keyOf(node), shown: blocks.text(k) } });
    }
  }
  return out.sort((x, y) => x.node - y.node).map((x) => x.c);
}

/** Share of consecutive defined values that do not go back in time. */
function forwardShare(values: readonly (string | undefined)[]): number {
  let pairs = 0;
  let forward = 0;
  let last: string | undefined;
  for (const v of values) {
    if (v === undefined) continue;
    if (last !== undefined) {
      pairs++;
      if (v.slice(0, 16) >= last.slice(0, 16)) forward++;
    }
    last = v;
  }
  return pairs === 0 ? 1 : forward / pairs;
}

/**
 * The page's current date, against which "Today" and "3 hours ago" are read: the latest date with a
 * time of day in a block's opening characters outside the thread ("It is currently …", a footer clock),
 * else the latest date there, else the latest attribute date on the page, else null.
 * @category Threads
 */
export function findReferenceDate(
  blocks: TextBlockTable, facts: PageFacts, attrDates: readonly AttributeDate[], thread: Thread,
): string | null {
  const first = thread.items[0];
  const last = thread.ends[thread.ends.length - 1];
  let latest: string | null = null;
  let latestTimed: string | null = null;
  for (let k = 0; k < blocks.length; k++) {
    if (blocks.node[k] >= first && blocks.node[k] < last) continue;
    // a clock line opens its block ("Current time: …. Powered by …"); dates deep in prose are not the page's clock
    for (const d of facts.lineDates(facts.datingText(k).slice(0, MAX_DATE_LINE))) {
      if (!latest || d.iso > latest) latest = d.iso;
      if (d.hasTime && (!latestTimed || d.iso > latestTimed)) latestTimed = d.iso;
    }
  }
  // a clock shows the time of day; a date without one is a thread's title ("Re: 2009年7月1日，南京…") or a calendar entry
  if (latestTimed ?? latest) return latestTimed ?? latest;
  for (const d of attrDates) if (!latest || d.iso > latest) latest = d.iso;
  return latest;
}

/**
 * The date of each record of a thread (null where it has none), the text shown where a record's
 * only date is relative and the page has no clock to read it against, and that clock.
 * @category Threads
 */
export function chooseRecordDates(
  doc: AnalyzedDocument, blocks: TextBlockTable, facts: PageFacts, attrDates: readonly AttributeDate[], thread: Thread,
  holesOf: (n: number) => readonly (readonly [number, number])[],
): { dates: (string | null)[]; shown: (string | null)[]; reference: string | null } {
  const reference = findReferenceDate(blocks, facts, attrDates, thread);
  const perRecord = thread.items.map((_, n) => recordCandidates(doc, blocks, facts, attrDates, thread, n, holesOf(n), reference));
  const shown = perRecord.map((cs) => cs.find((c) => c.shown !== undefined)?.shown ?? null);
  const keys = new Map<string, (string | undefined)[]>();
  perRecord.forEach((cs, n) => {
    for (const c of cs) {
      if (c.shown !== undefined) continue;
      let values = keys.get(c.key);
      if (!values) keys.set(c.key, (values = new Array<string | undefined>(perRecord.length)));
      values[n] ??= c.iso;
    }
  });
  const ranked = [...keys.entries()]
    .map(([key, values]) => {
      const defined = values.filter((v): v is string => v !== undefined);
      const distinct = new Set(defined).size / defined.length;
      const score = (defined.length / perRecord.length) * (0.5 + 0.25 * forwardShare(values) + 0.25 * distinct);
      return { key, values, score: score + (key.includes('@') ? 0.001 : 0) };
    })
    .sort((a, b) => b.score - a.score);
  const dates = perRecord.map((_, n) => ranked.find((r) => r.values[n] !== undefined)?.values[n] ?? null);
  return { dates, shown: dates.map((d, n) => (d === null ? shown[n] : null)), reference };
}
