/**
 * The publication date of a page, from what it declares (JSON-LD, metas, microdata), what it shows
 * (dated elements and datelines around the headline) and its address, reconciled by one rule (below).
 * @module
 */
import type { AnalyzedDocument } from '../analysis/types.js';
import { assertAnalyzedDocument } from '../analysis/guards.js';
import { findDates } from '../vocabulary/dates.js';
import { dateOptions, dayDifference, isPossible, type DateContext } from './date-context.js';
import { findCarriedDate } from './carried-dates.js';
import { findOwnTeaserDate } from './own-teaser.js';
import { findDeclaredDates, type DeclaredDate, type DeclaredDates } from './declared-dates.js';
import { field, type Field } from './field.js';
import type { MetaTags } from './meta-tags.js';
import { findDatedElement, findDatelineBefore, findShownLastChange, findTextDate, isInDatedList, pickDatesAfter, type PickedDates, type ShownDate } from './shown-dates.js';
import { readUrlDate } from './url-date.js';

export type { DateContext } from './date-context.js';

/** A time stamp at UTC (`Z`, `+00:00`): its calendar day may not be the publisher's. */
const UTC_STAMP_RE = /T\d{2}:\d{2}(?:Z|\+00:00)$/u;
/** Date, clock time and offset of an ISO value: groups date, hour, minute, offset. */
const ISO_TIME_RE = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(Z|[+-]\d{2}:\d{2})?$/u;
/** An all-numeric date whose first two numbers could each be the month (`11/01/2023`): groups a, separator, b, year. */
const AMBIGUOUS_NUMERIC_RE = /^\s*(\d{1,2})([./-])(\d{1,2})\2(\d{4})(?!\d)/u;
/** Minutes in an hour and in a quarter hour (every UTC offset in use is a whole number of quarter hours). */
const HOUR_MIN = 60;
const QUARTER_MIN = 15;
/**
 * UTC offsets in use run from −12:00 to +14:00 (IANA tz database); a stamp's local day can only be the day
 * before it when its UTC time is before the most negative inhabited offset (Hawaii, −10:00) is past midnight.
 */
const MIN_OFFSET_MIN = -12 * HOUR_MIN;
const MAX_OFFSET_MIN = 14 * HOUR_MIN;
const LOCAL_DAY_BEFORE_UTC_HOUR = 10;

const dayOf = (iso: string): string => iso.slice(0, 10);

function urlDays(context: DateContext): string[] {
  return (context.urls ?? []).map((url) => readUrlDate(url).day).filter((d): d is string => d !== null && isPossible(d, context));
}

function fromUrls(context: DateContext): Field<string> | null {
  const day = urlDays(context)[0];
  return day === undefined ? null : field(day, 'url');
}

/** Minutes since the epoch of a clock time read as if at UTC, and the UTC instant when an offset is written; null without a time. */
function clockMinutes(iso: string): { clock: number; instant: number } | null {
  const m = ISO_TIME_RE.exec(iso);
  if (!m) return null;
  const clock = Date.parse(`${m[1]}T${m[2]}:${m[3]}Z`) / 60_000;
  const offset = m[4] === undefined || m[4] === 'Z' ? 0 : (m[4][0] === '-' ? -1 : 1) * (Number(m[4].slice(1, 3)) * HOUR_MIN + Number(m[4].slice(4)));
  return { clock, instant: clock - offset };
}

/**
 * True when a shown clock time can be the declared moment: the shown clock is the declared instant at a
 * real UTC offset (whole quarter hours, −12:00 to +14:00). Both need a time.
 */
function isSameMoment(declared: string, shown: string): boolean {
  const a = clockMinutes(declared);
  const b = clockMinutes(shown);
  if (a === null || b === null) return false;
  const offset = b.clock - a.instant;
  return offset % QUARTER_MIN === 0 && offset >= MIN_OFFSET_MIN && offset <= MAX_OFFSET_MIN;
}

/**
 * The page shows the declared moment at another day (`2019-10-18T22:04Z` shown as `19. Oktober 2019
 * 00:04`): the shown day is the publisher's.
 */
function isSameMomentOtherDay(declared: string, shown: string): boolean {
  return Math.abs(dayDifference(declared, shown)) === 1 && isSameMoment(declared, shown);
}

/**
 * The local day of a UTC stamp (`2020-02-18T02:18Z` names the day in London, not always the
 * publisher's): the day the dated element near the headline shows, when it is the day before or after;
 * else the day of the page's address, when it is the day before (the stamp's UTC time before 10:00) or
 * after (at 10:00 or later) — the days a real UTC offset can reach.
 */
function localDayOfUtcStamp(declared: Field<string>, element: ShownDate | null, context: DateContext): Field<string> | null {
  if (!UTC_STAMP_RE.test(declared.value)) return null;
  if (element !== null && !UTC_STAMP_RE.test(element.field.value) && Math.abs(dayDifference(declared.value, element.field.value)) === 1) {
    return field(element.field.value, `${declared.source}+${element.field.source}`, element.field.node);
  }
  const hour = Number(declared.value.slice(11, 13));
  const url = urlDays(context).find((day) => dayDifference(declared.value, day) === (hour < LOCAL_DAY_BEFORE_UTC_HOUR ? -1 : 1));
  return url === undefined ? null : field(url, `${declared.source}+url`);
}

/** The other reading of an all-numeric declared date (`11/01/2023`: 1 November or 11 January), when both are dates. */
function otherReading(written: string): string | null {
  const m = AMBIGUOUS_NUMERIC_RE.exec(written);
  if (!m || m[1] === m[3] || +m[1] > 12 || +m[3] > 12) return null;
  return `${m[4]}-${m[1].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
}

/**
 * True when a shown date is the page's update, not its publication: it falls on the day of a declared
 * modification and is not the very moment of a declared publication (`Le 19 février 2020` under a 2017
 * article modified on 19 February 2020).
 */
function isShownUpdate(shown: string, modifications: readonly string[], claims: readonly Field<string>[]): boolean {
  return modifications.some((m) => dayOf(m) === dayOf(shown)) && !claims.some((c) => dayOf(c.value) === dayOf(shown) && isSameMoment(c.value, shown));
}

/**
 * The day most of the page's statements of its publication name: one vote for each declared publication
 * date (each declaration, by source; a generic date meta states none), one for a date shown near the
 * headline (not an item of a dated list, not the page's update) and one for the address's date. The
 * declared date keeps a tie.
 */
function votedDay(chosen: DeclaredDate, declared: DeclaredDates, shown: readonly ShownDate[], doc: AnalyzedDocument, context: DateContext): string {
  const votes = new Map<string, number>();
  const vote = (day: string): void => void votes.set(day, (votes.get(day) ?? 0) + 1);
  const sources = new Set<string>();
  for (const claim of declared.claims) {
    if (sources.has(claim.source)) continue;
    sources.add(claim.source);
    vote(dayOf(claim.value));
  }
  const shownDays = new Set(shown.filter((s) => !isInDatedList(doc, s.offset, context) && !isShownUpdate(s.field.value, declared.modifications, declared.claims)).map((s) => dayOf(s.field.value)));
  for (const day of shownDays) vote(day);
  for (const day of new Set(urlDays(context))) vote(day);
  let best = dayOf(chosen.field.value);
  for (const [day, n] of votes) if (n > (votes.get(best) ?? 0)) best = day;
  return best;
}

/**
 * The declared date, unless what the page shows says otherwise:
 * 1. the shown clock time is the declared moment on another day (its local day), or a UTC stamp's
 *    local day is shown by the dated element near the headline or stated by the address;
 * 2. else the day most statements of the page name ({@link votedDay}): a date shown near the headline,
 *    declared by another declaration or stated by the address outvotes a lone declaration;
 * 3. an all-numeric declared date the page shows in its other order (`11/01/2023` and `01.11.2023`)
 *    is read in that order.
 * An official document's own date (成文日期) is taken as declared.
 */
function reconcile(declared: DeclaredDates, chosen: DeclaredDate, shown: readonly ShownDate[], element: ShownDate | null, doc: AnalyzedDocument, context: DateContext): Field<string> {
  const stated = chosen.field;
  if (chosen.kind === 'document') return stated;
  const moment = shown.find((s) => isSameMomentOtherDay(stated.value, s.field.value));
  if (moment !== undefined) return field(moment.field.value, `${stated.source}+${moment.field.source}`, moment.field.node);
  const local = localDayOfUtcStamp(stated, element, context);
  if (local !== null) return local;
  const day = votedDay(chosen, declared, shown, doc, context);
  if (day !== dayOf(stated.value)) {
    return shown.find((s) => dayOf(s.field.value) === day)?.field ?? declared.claims.find((c) => dayOf(c.value) === day) ?? field(day, 'url');
  }
  const other = otherReading(chosen.written);
  if (other !== null && findDates(doc.text, dateOptions(context)).some((d) => dayOf(d.iso) === other)) return field(other, `${stated.source}+text`);
  return stated;
}

/** The first cued date or dateline after the anchor (of the dates `picked` there) and the dateline just before it. */
function datelinesAround(
  doc: AnalyzedDocument, anchor: number, element: ShownDate | null, context: DateContext,
): { picked: PickedDates; after: ShownDate | null; before: ShownDate | null } {
  const picked = pickDatesAfter(doc, anchor, context, element);
  return { picked, after: picked.cued ?? picked.dateline, before: findDatelineBefore(doc, anchor, context, element) };
}

/** The dates shown near the headline: the nearest dated element, the first cued date or dateline after the anchor, the dateline just before it. */
function findShownDates(doc: AnalyzedDocument, anchor: number, element: ShownDate | null, context: DateContext): ShownDate[] {
  const { after, before } = datelinesAround(doc, anchor, element, context);
  return [element, after, before].filter((s): s is ShownDate => s !== null);
}

/**
 * Finds the publication date of an article page as ISO 8601 (`YYYY-MM-DD[THH:MM]`). A declared date
 * (JSON-LD `datePublished`, 成文日期, a publication meta, microdata, a generic date meta, JSON-LD
 * `dateCreated`) is reconciled with the dates shown near the headline and the address (see
 * {@link reconcile}); without one: the dated element nearest after the anchor (`<time datetime>`,
 * `itemprop=datePublished`, a `date`/`time`/`published` class), else a date in the address, else the
 * text (a cued date or dateline after the anchor, one just before it, a date mentioned after it, the
 * page's first dateline). Dates after "now" and dates a "now" cue introduces (page clocks) are never
 * taken, nor shown dates after the last change the page states (`Aktualisiert: …`). For forum threads
 * the pipeline takes the first post's date instead.
 * @category Metadata
 */
export function extractPublishedDate(doc: AnalyzedDocument, meta: MetaTags, start = 0, declaredContext: DateContext = {}): Field<string> | null {
  assertAnalyzedDocument(doc, 'extractPublishedDate');
  const anchor = declaredContext.anchor ?? start;
  const declared = findDeclaredDates(doc, meta, anchor, declaredContext);
  // what the page shows and its address are bounded by the last change it states; its declarations are not
  const context = { ...declaredContext, lastChange: findShownLastChange(doc, declaredContext) };
  const element = findDatedElement(doc, anchor, context);
  if (declared.chosen !== null) return reconcile(declared, declared.chosen, findShownDates(doc, anchor, element, context), element, doc, context);
  const found = fromUrls(context);
  const url = found === null ? null : { field: found, offset: -1 };
  const own = findOwnTeaserDate(doc, context);
  const { picked, after, before } = datelinesAround(doc, anchor, element, context);
  // a dated element after the headline is its byline's; one above it (a header, a site clock) ranks as a dateline before it
  const candidates = element !== null && element.offset >= anchor ? [own, element, url, after, before] : [own, url, after, element, before];
  // without a dated element the text reading's dates around the anchor are the ones just read (none skipped)
  return votedShown(candidates.filter((s): s is ShownDate => s !== null), doc, context)?.field
    ?? findTextDate(doc, anchor, context, element === null ? { after: picked, before } : undefined) ?? findCarriedDate(doc, meta, context);
}

/**
 * Without a declared date: of the dated element near the headline, the address's date (offset -1) and the
 * datelines after and before the anchor, in that order, the one whose day most of them name (an item of a
 * dated list names none); a tie goes to the earlier in that order. None when every one is a list's item.
 */
function votedShown(candidates: readonly ShownDate[], doc: AnalyzedDocument, context: DateContext): ShownDate | null {
  const votes = new Map<string, number>();
  for (const s of candidates) {
    if (s.offset >= 0 && isInDatedList(doc, s.offset, context)) continue;
    votes.set(dayOf(s.field.value), (votes.get(dayOf(s.field.value)) ?? 0) + 1);
  }
  let best: ShownDate | null = null;
  for (const s of candidates) if ((votes.get(dayOf(s.field.value)) ?? 0) > (best === null ? 0 : votes.get(dayOf(best.field.value)) ?? 0)) best = s;
  return best;
}
