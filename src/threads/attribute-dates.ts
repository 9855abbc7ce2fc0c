/**
 * Dates that the markup states in attributes rather than in text: `<time datetime>`, a `title`
 * holding the absolute date behind a relative one ("Today"), `data-timestamp` epochs (NodeBB,
 * XenForo) and schema.org `itemprop=date…` `content`. Engines that fill the visible date by script
 * leave only these.
 * @module
 */
import { attributeNameIds, readAttributes } from '../analysis/node-data.js';
import type { AnalyzedDocument } from '../analysis/types.js';
import { DATE_ATTRIBUTES, elementsStating, EPOCH_ATTRIBUTES } from './stated-attributes.js';
import { type DatesOf, pageDates } from './page-dates.js';

/**
 * A date stated in an attribute.
 * @category Threads
 */
export interface AttributeDate {
  /** Element carrying the attribute. */
  readonly node: number;
  /** ISO date. */
  readonly iso: string;
  /** The attribute's name. */
  readonly attribute: string;
}

const EPOCH = /^\d{10}(?:\d{3})?$/u;
/** schema.org properties whose `content` is a publication or creation date. */
const DATE_ITEMPROP = /^date(?:published|created)$/iu;
/** Longest `title` read as a date ("Monday, 12 March 2018, 10:22"). */
const MAX_TITLE_DATE = 60;

/** ISO minute precision of an epoch in seconds or milliseconds, in UTC. */
function epochToIso(value: string): string {
  const ms = value.length === 13 ? Number(value) : Number(value) * 1000;
  return `${new Date(ms).toISOString().slice(0, 16)}Z`;
}

/** The one date that covers most of `value`, else null. */
function wholeDate(value: string, datesIn: DatesOf): string | null {
  const dates = datesIn(value);
  if (dates.length !== 1) return null;
  return dates[0].length * 2 >= value.trim().length ? dates[0].iso : null;
}

/** A UTC offset written after a space (`2019-09-28 12:44:00 +0300`): joined to the time it belongs to. */
const SPACED_OFFSET = /(\d)\s+([+-]\d{2}:?\d{2})$/u;

/**
 * The instant a machine-readable value states, its offset kept: an ISO date-time (with the offset
 * written after a space, as some engines print it), or an epoch in seconds or milliseconds (UTC).
 */
function instantOf(value: string, datesIn: DatesOf): string | null {
  const v = value.trim();
  return EPOCH.test(v) ? epochToIso(v) : wholeDate(v.replace(SPACED_OFFSET, '$1$2'), datesIn);
}

/** The attributes {@link dateOfElement} reads, in the order of {@link AT}: `datetime`, the epochs, schema.org `content` and `itemprop`, `title`. */
const READ_ATTRIBUTES: readonly string[] = ['datetime', ...EPOCH_ATTRIBUTES, 'content', 'itemprop', 'title'];
/** Places of {@link READ_ATTRIBUTES} in the values read. */
const AT = { datetime: 0, epochs: 1, content: 1 + EPOCH_ATTRIBUTES.length, itemprop: 2 + EPOCH_ATTRIBUTES.length, title: 3 + EPOCH_ATTRIBUTES.length } as const;

/** The date an element's attributes state, or null (it reads only {@link DATE_ATTRIBUTES}); `values` are its {@link READ_ATTRIBUTES}. */
function dateOfElement(values: readonly (string | undefined)[], datesIn: DatesOf): { iso: string; attribute: string } | null {
  const datetime = values[AT.datetime];
  if (datetime) {
    const iso = instantOf(datetime, datesIn);
    if (iso) return { iso, attribute: 'datetime' };
  }
  for (let n = 0; n < EPOCH_ATTRIBUTES.length; n++) {
    const v = values[AT.epochs + n];
    if (v && EPOCH.test(v)) return { iso: epochToIso(v), attribute: EPOCH_ATTRIBUTES[n] };
  }
  const content = values[AT.content];
  const itemprop = values[AT.itemprop];
  if (content && itemprop && DATE_ITEMPROP.test(itemprop)) {
    const iso = instantOf(content, datesIn);
    if (iso) return { iso, attribute: 'content' };
  }
  const title = values[AT.title];
  if (title && title.length <= MAX_TITLE_DATE) {
    const iso = wholeDate(title, datesIn);
    if (iso) return { iso, attribute: 'title' };
  }
  return null;
}

/**
 * Every attribute date of the page, in node order (one per element: `datetime` first).
 * @category Threads
 */
export function listAttributeDates(doc: AnalyzedDocument): AttributeDate[] {
  const out: AttributeDate[] = [];
  // memoized per page: the same `datetime` and `title` values recur from post to post
  const datesIn = pageDates(doc);
  // only the elements that have one of the attributes read (one scan per page, shared with the author reader), in node order,
  // each read in one walk of its attributes
  const nameIds = attributeNameIds(doc, READ_ATTRIBUTES);
  const values: (string | undefined)[] = new Array(READ_ATTRIBUTES.length);
  for (const i of elementsStating(doc)) {
    readAttributes(doc, i, nameIds, values);
    const d = dateOfElement(values, datesIn);
    if (d) out.push({ node: i, ...d });
  }
  return out;
}

/** Index of the first entry of `dates` (sorted by node) at or after node `start`. */
export function firstAttributeDateFrom(dates: readonly AttributeDate[], start: number): number {
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (dates[mid].node < start) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
