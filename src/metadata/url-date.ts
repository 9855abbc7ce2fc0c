/**
 * The publication date a page's address states: `/2019/02/20/`, `/2019-02-20-title`, `/20030331_speech`,
 * `/2020/oct/02/`, `/news/29-10-2021`. An address inside a web archive
 * (`https://web.archive.org/web/20130307194448/http://example.com/2008/05/26/post.html`) is read for its
 * original address only: the 14 digits before it are the moment of the capture, not of the page.
 * @module
 */
import { monthOf } from '../vocabulary/month-names.js';

/**
 * A web-archive capture address (the Wayback scheme every OpenWayback and pywb archive uses): a path
 * segment of the capture's timestamp (`YYYY[MM[DD[hh[mm[ss]]]]]`, maybe with a mode such as `id_`),
 * then the original address (with or without its scheme). Group 1: the original address.
 */
const ARCHIVED_RE = /^(?:[a-z]+:)?\/\/[^/]+\/(?:[^?#]*\/)?(?:19|20)\d{2}(?:\d{2}){0,5}(?:[a-z]{2}_)?\/((?:https?:\/\/?)?[\w-]+(?:\.[\w-]+)+(?::\d+)?(?:[/?#].*)?)$/iu;
/** Year, month, day with one separator repeated (`/2019/02/20/`, `2019-2-20`, `2019_02_20`). */
const YMD_RE = /(?<![\d])((?:19|20)\d{2})([/_.-])(\d{1,2})\2(\d{1,2})(?![\d])/u;
/** Eight digits standing alone (`/20030331_speech`, `-20200113`): year, month, day. */
const COMPACT_RE = /(?<![\d])((?:19|20)\d{2})(\d{2})(\d{2})(?![\d])/u;
/** Year, month name, day (`/2020/oct/02/`). */
const Y_MONTH_D_RE = /\/((?:19|20)\d{2})\/(\p{L}{3,9})\/(\d{1,2})(?![\d])/u;
/** Day, month, year as a segment of its own or a slug's end (`/29-10-2021`, `-29.10.2021`). */
const DMY_RE = /[/_-](\d{1,2})([._-])(\d{1,2})\2((?:19|20)\d{2})(?=$|[/?#.])/u;
/** Year and month alone (`/2008/05/post.html`): no day. */
const YM_RE = /\/((?:19|20)\d{2})\/(\d{1,2})\//u;

/** What an address says about the page's date. */
export interface UrlDate {
  /** `YYYY-MM-DD`, when the address holds a whole date. */
  readonly day: string | null;
  /** `YYYY-MM`, when it holds a year and a month (with or without a day). */
  readonly month: string | null;
}

const pad = (n: number): string => String(n).padStart(2, '0');

function isValidDay(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function toDay(y: number, m: number, d: number): string | null {
  return isValidDay(y, m, d) ? `${y}-${pad(m)}-${pad(d)}` : null;
}

/** The address of the page itself: a web-archive capture's original address, else `url` unchanged. */
export function originalUrl(url: string): string {
  return ARCHIVED_RE.exec(url)?.[1] ?? url;
}

/** The part of an address after its host (where dates stand), without a fragment. */
function pathOf(url: string): string {
  const noFragment = url.split('#')[0];
  const host = /^(?:[a-z]+:)?\/\/[^/]*/iu.exec(noFragment);
  return host ? noFragment.slice(host[0].length) : noFragment;
}

/**
 * The date in a page's address (a web-archive capture's original address), by the first shape that
 * holds a real date: year-month-day with one separator, eight digits standing alone, year/month name/day,
 * day-month-year at a segment's end; else only the year and month of a `/YYYY/MM/` path.
 */
export function readUrlDate(url: string): UrlDate {
  const path = pathOf(originalUrl(url));
  let m = YMD_RE.exec(path);
  const day = (m ? toDay(+m[1], +m[3], +m[4]) : null)
    ?? ((m = COMPACT_RE.exec(path)) ? toDay(+m[1], +m[2], +m[3]) : null)
    ?? ((m = Y_MONTH_D_RE.exec(path)) ? toDay(+m[1], monthOf(m[2], 'en'), +m[3]) : null)
    ?? ((m = DMY_RE.exec(path)) ? toDay(+m[4], +m[3], +m[1]) : null);
  if (day !== null) return { day, month: day.slice(0, 7) };
  const ym = YM_RE.exec(path);
  return { day: null, month: ym && +ym[2] >= 1 && +ym[2] <= 12 ? `${ym[1]}-${pad(+ym[2])}` : null };
}
