/**
 * The dates a page shows its readers: dated elements (`<time>`, a `date` class, microdata) and datelines
 * in the visible text, found around the anchor (the headline).
 * @module
 */
import type { AnalyzedDocument } from '../analysis/types.js';
import { cueBefore, findUpdatedCueEnds } from '../vocabulary/date-cues.js';
import { findDates, mayHoldDate } from '../vocabulary/dates.js';
import { dateOptions, firstDate, isPossible, optionsOf, shownDateOptions, type DateContext } from './date-context.js';
import { attributeOf, collapseWhitespace, hasClassRoleToken } from './elements.js';
import { metadataElementRoles } from './element-roles.js';
import { field, type Field } from './field.js';
import { DATELINE_TOKENS } from '../vocabulary/metadata-tokens.js';
import type { ResolvedMetadataOptions } from './options.js';

/** A date the page shows, and where in the visible text. */
export interface ShownDate {
  readonly field: Field<string>;
  /** Offset of the date in the page text. */
  readonly offset: number;
}

function distance(start: number, anchor: number, o: ResolvedMetadataOptions): number {
  return start >= anchor ? start - anchor : (anchor - start) * o.dateBeforePenalty;
}

/**
 * The date of one element: `<time datetime>`, or the text of an element marked as a date. An element
 * marked `itemprop=dateModified` states a modification, never the publication.
 */
function dateOfElement(doc: AnalyzedDocument, id: number, context: DateContext): Field<string> | null {
  const itemprop = attributeOf(doc, id, 'itemprop');
  if (itemprop === 'dateModified') return null;
  const isTime = doc.index.tagOf(id) === 'time';
  const datetime = isTime ? attributeOf(doc, id, 'datetime') : undefined;
  const iso = datetime ? firstDate(datetime, context) : null;
  if (iso) return field(iso, 'time[datetime]', id);
  if (isTime || itemprop === 'datePublished' || hasClassRoleToken(doc, id, DATELINE_TOKENS, 'holds')) {
    const content = itemprop === 'datePublished' ? attributeOf(doc, id, 'content') ?? attributeOf(doc, id, 'datetime') : undefined;
    const text = collapseWhitespace(doc.textOf(id));
    const found = (content ? firstDate(content, context) : null) ?? (text.length <= 200 ? firstDate(text, context, shownDateOptions(context)) : null);
    if (found && cueBefore(doc.text, doc.stats.textStart[id] + Math.max(0, doc.textOf(id).search(/\d/u)), optionsOf(context).cueReach) !== 'now') {
      return field(found, 'element', id);
    }
  }
  return null;
}

/** The dated element (`<time>`, `.date`, `itemprop=datePublished`) nearest after the anchor (before it counts `dateBeforePenalty` times farther). */
export function findDatedElement(doc: AnalyzedDocument, anchor: number, context: DateContext): ShownDate | null {
  const { subtreeEnd } = doc.index;
  const o = optionsOf(context);
  let best: { found: ShownDate; d: number } | null = null;
  // the page's date elements in document order (`element-roles.ts`: every element `dateOfElement` can
  // read a date from); `next` skips the subtree of a dated one
  let next = 0;
  for (const id of metadataElementRoles(doc).date) {
    if (id < next) continue;
    const found = dateOfElement(doc, id, context);
    if (!found) continue;
    const start = doc.stats.textStart[id];
    const d = distance(start, anchor, o);
    if (d <= o.dateElementReach && (best === null || d < best.d)) best = { found: { field: found, offset: start }, d };
    next = subtreeEnd[id]; // the outermost dated element stands for its subtree
  }
  return best?.found ?? null;
}

/** Start and end offsets of the line holding offset `index`. */
function lineAt(text: string, index: number): [start: number, end: number] {
  const newline = text.indexOf('\n', index);
  return [text.lastIndexOf('\n', index - 1) + 1, newline < 0 ? text.length : newline];
}

/**
 * True when the date at `index` of the page text is a dateline: its line is short, or the date opens
 * it. A date in the middle of a long line is mentioned in prose (`cae al mínimo desde el 6 de marzo de 2002`).
 */
function isDateline(text: string, index: number, o: ResolvedMetadataOptions): boolean {
  const [lineStart, lineEnd] = lineAt(text, index);
  return lineEnd - lineStart <= o.datelineMaxLine || index - lineStart <= o.datelineMaxLead;
}

/**
 * True when the date at `index` (of `length` characters) of the page text stands on a line that is the
 * title or a part of it (`Results (2020/7/11-12)`): the headline's subject. A line that is the date
 * alone, or a byline that repeats the title's date (`Jane Roe / 22.04.2020` under `Report of 22.04.2020`),
 * is not the headline.
 */
function isInHeadline(text: string, index: number, length: number, title: string): boolean {
  const [lineStart, lineEnd] = lineAt(text, index);
  const date = collapseWhitespace(text.slice(index, index + length));
  // a line holding the whole date holds it collapsed too, so a title without the date holds no such line: most
  // dates end here, before their line (on a legacy page often the whole text) is collapsed
  if (index + length <= lineEnd && !title.includes(date)) return false;
  const line = collapseWhitespace(text.slice(lineStart, lineEnd));
  return line.length > date.length && title.includes(line);
}

/**
 * True when the date at `index` of the page text is an item of a dated list: `datedListMin` or more of
 * the `datedListLines` lines on either side of its line are short and hold a date too (teasers, events,
 * comments, archives), so it dates one item, not the page.
 */
export function isInDatedList(doc: AnalyzedDocument, index: number, context: DateContext): boolean {
  const text = doc.text;
  const o = optionsOf(context);
  let [start, end] = lineAt(text, index);
  let dated = 0;
  for (let i = 0; i < o.datedListLines && start > 0; i++) {
    const [s] = lineAt(text, start - 1);
    if (isDatedLine(text.slice(s, start - 1), context)) dated++;
    start = s;
  }
  for (let i = 0; i < o.datedListLines && end < text.length; i++) {
    const [, e] = lineAt(text, end + 1);
    if (isDatedLine(text.slice(end + 1, e), context)) dated++;
    end = e;
  }
  return dated >= o.datedListMin;
}

/** A short line (a dateline's length at most) that holds a date: a list item's, not prose mentioning one. */
function isDatedLine(line: string, context: DateContext): boolean {
  return line.length <= optionsOf(context).datelineMaxLine && mayHoldDate(line) && findDates(line, dateOptions(context)).length > 0;
}

/** The dates of a stretch of the page text by kind. */
export interface PickedDates {
  /** The first date a publication cue introduces. */
  readonly cued: ShownDate | null;
  /** The first uncued dateline. */
  readonly dateline: ShownDate | null;
  /** The first uncued dateline with a clock time that is no item of a dated list: a stamp of the page's own. */
  readonly stamp: ShownDate | null;
  /** The first date an update cue introduces (`Updated`, `Aktualisiert:`). */
  readonly updated: ShownDate | null;
  /** The first uncued date mentioned inside a long line. */
  readonly mention: ShownDate | null;
}

/** How {@link pickDates} reads a stretch of text. */
interface PickOptions {
  /** Provenance of the dates found (`text`, `text:before`, `text:page`). */
  readonly source: string;
  /** Near the headline a two-digit year (`31.10.23`) is read too. @default true */
  readonly nearHeadline?: boolean;
  /** Datelines that are items of a dated list are passed over (the whole page's text is read). @default false */
  readonly unlisted?: boolean;
  /** A date already counted: its day within page-text offsets `[start, end)` (a dated element's own date in its text). */
  readonly skip?: { readonly start: number; readonly end: number; readonly day: string };
}

/**
 * The dates of `text` (starting at `offset` of the page text) by kind; page clocks ("now" cues) and dates
 * inside the title are skipped.
 */
function pickDates(doc: AnalyzedDocument, text: string, offset: number, context: DateContext, pick: PickOptions): PickedDates {
  const { source, nearHeadline = true, unlisted = false, skip } = pick;
  let dateline: ShownDate | null = null;
  let stamp: ShownDate | null = null;
  let updated: ShownDate | null = null;
  let mention: ShownDate | null = null;
  const title = context.title ?? '';
  const o = optionsOf(context);
  for (const d of findDates(text, nearHeadline ? shownDateOptions(context) : dateOptions(context))) {
    if (!isPossible(d.iso, context)) continue;
    const at = offset + d.index;
    if (skip !== undefined && at >= skip.start && at < skip.end && d.iso.startsWith(skip.day)) continue;
    if (title !== '' && isInHeadline(doc.text, at, d.length, title)) continue;
    const cue = cueBefore(doc.text, at, o.cueReach);
    const found = (kind: string): ShownDate => ({ field: field(d.iso, kind === '' ? source : `${source}:${kind}`), offset: at });
    if (cue === 'date') return { cued: found('cue'), dateline, stamp, updated, mention };
    if (cue === 'updated') updated ??= found('updated');
    if (cue !== null) continue;
    if (!isDateline(doc.text, at, o)) mention ??= found('mention');
    else {
      const listed = (dateline === null && unlisted) || (stamp === null && d.hasTime) ? isInDatedList(doc, at, context) : false;
      if (dateline === null && !(unlisted && listed)) dateline = found('');
      if (stamp === null && d.hasTime && !listed) stamp = found('stamp');
    }
  }
  return { cued: null, dateline, stamp, updated, mention };
}

/** The date of a dated element as found in its own text, so that it is not counted twice. */
function skipOf(doc: AnalyzedDocument, element: ShownDate | null): PickOptions['skip'] {
  const node = element?.field.node;
  return element === null || node === undefined ? undefined : { start: doc.stats.textStart[node], end: doc.stats.textEnd[node], day: element.field.value.slice(0, 10) };
}

/** The dates in the `dateWindow` characters after the anchor, but for the date of the dated element `element` in its own text. */
export function pickDatesAfter(doc: AnalyzedDocument, anchor: number, context: DateContext, element: ShownDate | null = null): PickedDates {
  return pickDates(doc, doc.text.slice(anchor, anchor + optionsOf(context).dateWindow), anchor, context, { source: 'text', skip: skipOf(doc, element) });
}

/**
 * The cued date or dateline of the lines within `dateLookback` characters before the anchor, the nearest
 * line first, but for the date of the dated element `element` in its own text.
 */
export function findDatelineBefore(doc: AnalyzedDocument, anchor: number, context: DateContext, element: ShownDate | null = null): ShownDate | null {
  const skip = skipOf(doc, element);
  const from = Math.max(0, anchor - optionsOf(context).dateLookback);
  const lines = doc.text.slice(from, anchor).split('\n');
  for (let i = lines.length - 1, end = anchor; i >= 0; i--) {
    const start = end - lines[i].length;
    const found = pickDates(doc, lines[i], start, context, { source: 'text:before', skip });
    if (found.cued !== null || found.dateline !== null) return found.cued ?? found.dateline;
    end = start - 1;
  }
  return null;
}

/**
 * The first date after the anchor that a publication cue introduces (发布, نەشر قىلىنغان ۋاقىت, Posted,
 * Veröffentlicht, ...), else its first dateline; else the same in the lines within `dateLookback`
 * characters before it (a dateline above the headline, or above a repeat of the headline the anchor
 * landed on), the nearest line first. Nothing near the headline: the page's own stamps anywhere — a
 * cued publication date, a dateline with a clock time (`Gespeichert von jr am 24. Juli 2017 - 18:55`) —
 * else the first date mentioned in prose after the anchor, else a date the page says it was updated
 * (`Aktualisiert: 30.12.2016`), else the page's first dateline that is no item of a dated list (a news
 * page's header date, not a teaser's in the sidebar). Page clocks ("now" cues) are never taken.
 * `around`: what {@link pickDatesAfter} and {@link findDatelineBefore} (no dated element skipped) gave the
 * caller at this anchor already.
 */
export function findTextDate(
  doc: AnalyzedDocument, anchor: number, context: DateContext, around?: { readonly after: PickedDates; readonly before: ShownDate | null },
): Field<string> | null {
  const after = around?.after ?? pickDatesAfter(doc, anchor, context);
  const near = after.cued ?? after.dateline ?? (around === undefined ? findDatelineBefore(doc, anchor, context) : around.before);
  if (near !== null) return near.field;
  const page = pickDates(doc, doc.text, 0, context, { source: 'text:page', nearHeadline: false, unlisted: true });
  const found = page.cued ?? page.stamp ?? after.mention ?? page.updated ?? page.dateline;
  return found?.field ?? null;
}

/** True when offset `at` of the page text is inside the text of a link (`<a href>`): it names another page. */
function isInLinkText(doc: AnalyzedDocument, at: number): boolean {
  return doc.index.elementsByTag('a').some((id) => doc.stats.textStart[id] <= at && at < doc.stats.textEnd[id] && attributeOf(doc, id, 'href') !== undefined);
}

/**
 * The latest day the page's text says it was changed, in a stamp of its own (`Aktualisiert: 30.12.2016`,
 * `Diese Seite wurde zuletzt am 29. Januar 2020 geändert`: a dateline, no item of a dated list, not the
 * text of a link, which names another page: `Privacy Policy - Updated 10/18/2011`); a state of data
 * mentioned in prose (`ein Überblick (Stand 14. Januar 2022) der Regeln …`) is none. Null when the page
 * states no change.
 */
export function findShownLastChange(doc: AnalyzedDocument, context: DateContext): string | null {
  const o = optionsOf(context);
  let last: string | null = null;
  // the cues no year follows within reach are left out: `dateOptions` reads no two-digit year, so they have no date
  for (const end of findUpdatedCueEnds(doc.text, o.cueReach)) {
    const d = findDates(doc.text.slice(end, end + o.cueReach), dateOptions(context))[0];
    if (d === undefined || !isPossible(d.iso, context) || cueBefore(doc.text, end + d.index, o.cueReach) !== 'updated') continue;
    const day = d.iso.slice(0, 10);
    const at = end + d.index;
    if ((last === null || day > last) && isDateline(doc.text, at, o) && !isInDatedList(doc, at, context) && !isInLinkText(doc, at)) last = day;
  }
  return last;
}
