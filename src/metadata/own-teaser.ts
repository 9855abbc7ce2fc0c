/**
 * The page's own teaser: a list on the page (related articles, a slider of the section) often links to
 * the page itself, and the date that teaser shows is the page's.
 * @module
 */
import type { AnalyzedDocument } from '../analysis/types.js';
import { findDates } from '../vocabulary/dates.js';
import { isPossible, shownDateOptions, type DateContext } from './date-context.js';
import { attributeOf } from './elements.js';
import { field } from './field.js';
import type { ShownDate } from './shown-dates.js';

/** A teaser is a small block: its text at most this many characters (title, date, a line of lead). */
const TEASER_MAX_CHARS = 300;
/** Ancestors of the link climbed to reach the teaser's date (link → title → teaser). */
const TEASER_MAX_LEVELS = 4;
/** Any absolute address, to resolve relative links against (only the path and host are compared). */
const PLACEHOLDER_BASE = 'https://placeholder.invalid/';

/** Host (when the address has one) and path without a trailing slash, with its query; null when not an address. */
function addressKey(href: string, base: string): { host: string | null; path: string } | null {
  try {
    const url = new URL(href, base);
    const host = url.hostname === 'placeholder.invalid' ? null : url.hostname.replace(/^www\./u, '').toLowerCase();
    return { host, path: decodeURIComponent(url.pathname).replace(/\/+$/u, '') + url.search };
  } catch {
    return null;
  }
}

function datesOf(text: string, context: DateContext): string[] {
  return findDates(text, shownDateOptions(context)).map((d) => d.iso).filter((iso) => isPossible(iso, context));
}

function isSameAddress(a: { host: string | null; path: string }, b: { host: string | null; path: string }): boolean {
  return a.path === b.path && (a.host === null || b.host === null || a.host === b.host);
}

/**
 * The date shown in a teaser that links to the page's own address (`context.urls`): the first date of the
 * smallest block around such a link (at most `TEASER_MAX_LEVELS` up, `TEASER_MAX_CHARS` of text) that
 * shows one beside the link, when it shows only that one (two: the block is the list, not the item). A link
 * into the page (`#…`, a comment's permalink) never counts. Its offset is -1: an item of a dated list by nature,
 * it is not passed over as one.
 */
export function findOwnTeaserDate(doc: AnalyzedDocument, context: DateContext): ShownDate | null {
  const base = context.urls?.find((u) => /^https?:\/\//iu.test(u)) ?? PLACEHOLDER_BASE;
  const own = (context.urls ?? []).map((u) => addressKey(u, base)).filter((k) => k !== null && k.path !== '');
  if (own.length === 0) return null;
  const { parent } = doc.index;
  for (const id of doc.index.elementsByTag('a')) {
    const href = attributeOf(doc, id, 'href');
    // a link with a fragment points into the page (a comment's permalink), not at it
    const key = href === undefined || href.includes('#') ? null : addressKey(href, base);
    if (key === null || !own.some((k) => k !== null && isSameAddress(k, key))) continue;
    const linkStart = doc.stats.textStart[id];
    const linkEnd = doc.stats.textEnd[id];
    for (let at = parent[id], level = 1; at >= 0 && level <= TEASER_MAX_LEVELS; at = parent[at], level++) {
      const start = doc.stats.textStart[at];
      const end = doc.stats.textEnd[at];
      if (end - start > TEASER_MAX_CHARS) break;
      // the teaser's date stands beside its link (a date inside the link is the headline's subject); a
      // block with two dates is the list, not the item
      const dates = [...datesOf(doc.text.slice(start, linkStart), context), ...datesOf(doc.text.slice(linkEnd, end), context)];
      if (dates.length > 1) break;
      const iso = dates[0] ?? null;
      if (iso !== null) return { field: field(iso, 'own-teaser', at), offset: -1 };
    }
  }
  return null;
}
