/**
 * What the publication-date readers share: where to look, how to read numbers, what is possible.
 * @module
 */
import { findDates, type DateOptions } from '../vocabulary/dates.js';
import type { JsonLdArticle } from './json-ld.js';
import { DEFAULT_METADATA_OPTIONS, type ResolvedMetadataOptions } from './options.js';

/**
 * Where to look for the date and what to accept.
 * @category Metadata
 */
export interface DateContext {
  readonly jsonLd?: JsonLdArticle | null;
  /** Text offset the byline is expected after: the title heading, else the main content's start. */
  readonly anchor?: number;
  /** Page URLs (canonical, og:url, the caller's) searched for `/2019/02/20/`-like paths. */
  readonly urls?: readonly string[];
  /** Primary language subtag; `zh`, `ja`, `ko` and `en` read `7/5/2005` month first. */
  readonly lang?: string | null;
  /**
   * Region subtag the page declares with its language (`GB` of `en-GB`, `AU` of `og:locale` `en_AU`):
   * English outside the United States reads `02/10/2020` day first.
   */
  readonly region?: string | null;
  /** Milliseconds since the epoch of "now": dates after it are impossible. Defaults to the clock. */
  readonly now?: number;
  /** The page's title: a date inside it (`Results (2020/7/11-12)`) is the headline's subject, not the publication date. */
  readonly title?: string | null;
  /**
   * The last day the page's text says it was changed (`Aktualisiert: 30.12.2016`), when it says so: a page
   * is published no later, so a date it shows after that day (an event to come) is not its publication.
   * Declared dates are not bounded by it.
   */
  readonly lastChange?: string | null;
  /** Resolved metadata options (windows, reaches, dateline shape). @default DEFAULT_METADATA_OPTIONS */
  readonly options?: ResolvedMetadataOptions;
}

/** Languages whose pages write numeric dates month first (`7/5/2005` is July 5): Chinese, Japanese, Korean, US English. */
const MONTH_FIRST_LANGS: ReadonlySet<string> = new Set(['zh', 'ja', 'ko', 'en']);
/** Milliseconds in a day (a unit, not a tuned constant). */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The resolved options of a context. */
export function optionsOf(context: DateContext): ResolvedMetadataOptions {
  return context.options ?? DEFAULT_METADATA_OPTIONS;
}

/** How `findDates` reads this page's numbers: month first in Chinese, Japanese, Korean and US English. */
export function dateOptions(context: DateContext): Partial<DateOptions> {
  const lang = context.lang ?? '';
  const region = context.region?.toUpperCase();
  const monthFirst = MONTH_FIRST_LANGS.has(lang) && !(lang === 'en' && region !== undefined && region !== '' && region !== 'US');
  return { dayFirst: !monthFirst, lang: context.lang ?? null };
}

/**
 * {@link dateOptions} for a date the page shows by its headline or in a date element, where a
 * two-digit year (`31.10.23`) is a date: the byline's short form.
 */
export function shownDateOptions(context: DateContext): Partial<DateOptions> {
  return { ...dateOptions(context), twoDigitYear: true };
}

/** False for dates after "now" (one day of slack for time zones) and after the page's stated last change. */
export function isPossible(iso: string, context: DateContext): boolean {
  const now = context.now ?? Date.now();
  const time = Date.parse(iso.slice(0, 10));
  if (context.lastChange != null && iso.slice(0, 10) > context.lastChange) return false;
  return Number.isNaN(time) || time <= now + DAY_MS;
}

/** The first possible date of `text`, as ISO 8601 (read with `options`, by default the page's {@link dateOptions}). */
export function firstDate(text: string, context: DateContext, options: Partial<DateOptions> = dateOptions(context)): string | null {
  return findDates(text, options).find((d) => isPossible(d.iso, context))?.iso ?? null;
}

/** Days from `a` to `b` (calendar days of two ISO dates). */
export function dayDifference(a: string, b: string): number {
  return Math.round((Date.parse(b.slice(0, 10)) - Date.parse(a.slice(0, 10))) / DAY_MS);
}
