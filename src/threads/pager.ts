/**
 * The thread's pager: which page of the thread this is, and the links to its other pages. Read from
 * what the markup says (`rel=prev`/`rel=next`, `aria-current=page`) and from the pager's own shape:
 * a short run of page numbers that are links, with the current one not a link.
 * @module
 */
import type { AnalyzedDocument } from '../analysis/types.js';
import { NodeKind } from '../analysis/types.js';
import { foldDigits } from '../vocabulary/dates.js';
import { attributeOf } from '../analysis/node-data.js';

/**
 * The pages of a thread as its pager shows them.
 * @category Threads
 */
export interface Pager {
  /** This page's number (1 for the first), or null when the page shows no pager. */
  readonly page: number | null;
  /** Links to the thread's numbered pages in page order (as written in the page). */
  readonly pages: readonly string[];
  /** Link to the next page, or null. */
  readonly next: string | null;
  /** Link to the previous page, or null. */
  readonly prev: string | null;
}

/** Longest pager text ("Page 3 of 12 1 2 3 … 12 Next"). */
const MAX_PAGER_CHARS = 200;
/** Most digits of a page number. */
const MAX_PAGE_DIGITS = 4;
const PAGE_NUMBER = /^\s*(\d{1,4})\s*$/u;

/** A page number written as the whole text of a node, or null. */
function pageNumberOf(doc: AnalyzedDocument, id: number): number | null {
  const text = doc.textOf(id);
  // at most four digits once the spaces around are trimmed (`\s` and `trim` drop the same characters;
  // a folded digit is one code unit as before): longer texts are not folded
  if (text.length > MAX_PAGE_DIGITS && text.trim().length > MAX_PAGE_DIGITS) return null;
  const m = PAGE_NUMBER.exec(foldDigits(text));
  return m ? Number(m[1]) : null;
}

/** The `rel` tokens of an element. */
function relOf(doc: AnalyzedDocument, id: number): string[] {
  return (attributeOf(doc, id, 'rel') ?? '').toLowerCase().split(/\s+/u);
}

/** Numbered links and the current number inside one candidate pager element. */
function readPager(doc: AnalyzedDocument, root: number): { links: Map<number, string>; current: number | null } | null {
  const { subtreeEnd, tagOf, kind } = doc.index;
  const links = new Map<number, string>();
  let current: number | null = null;
  for (let i = root + 1; i < subtreeEnd[root]; i++) {
    if (kind[i] !== NodeKind.Element) continue;
    const n = pageNumberOf(doc, i);
    if (n === null) continue;
    const href = tagOf(i) === 'a' ? attributeOf(doc, i, 'href') : undefined;
    if (href) {
      links.set(n, href);
      // a pager that links every number marks the current one (`li.active > a`, `aria-current`)
      if (current === null && isMarkedCurrent(doc, i, root)) current = n;
    }
    else if (hasLinkInside(doc, i)) continue; // `<li><a>2</a></li>`: the number is the link's
    else if (current === null || attributeOf(doc, i, 'aria-current') === 'page') current = n;
    i = subtreeEnd[i] - 1;
  }
  if (current !== null && links.get(current) !== undefined) links.delete(current);
  return links.size >= 1 && (current !== null || links.size >= 2) ? { links, current } : null;
}

/** Class tokens that mark the current item of a pager or menu. */
const CURRENT_TOKENS: ReadonlySet<string> = new Set(['active', 'current', 'selected']);

/** True when `id` or an ancestor below `root` says it is the current page. */
function isMarkedCurrent(doc: AnalyzedDocument, id: number, root: number): boolean {
  for (let i = id; i > root; i = doc.index.parent[i]) {
    if (attributeOf(doc, i, 'aria-current') === 'page') return true;
    if ((attributeOf(doc, i, 'class') ?? '').toLowerCase().split(/\s+/u).some((t) => CURRENT_TOKENS.has(t))) return true;
  }
  return false;
}

function hasLinkInside(doc: AnalyzedDocument, id: number): boolean {
  for (let i = id + 1; i < doc.index.subtreeEnd[id]; i++) if (doc.index.tagOf(i) === 'a') return true;
  return false;
}

/**
 * Reads the page's pager. The current page is the number that is not a link among numbered links
 * (`1 2 [3] 4`), trusted only when it continues their run; `rel=prev` alone says "not the first page".
 * `records` are node ranges `[start, end)` of the thread's posts, where no pager of the thread stands
 * (a poster's panel of linked counts, "6 topics 7 replies", is none).
 * @category Threads
 */
export function readThreadPager(doc: AnalyzedDocument, records: readonly (readonly [number, number])[] = []): Pager {
  const { size, kind, tagOf } = doc.index;
  const inRecord = new Uint8Array(size);
  for (const [s, e] of records) inRecord.fill(1, s, e);
  let next: string | null = null;
  let prev: string | null = null;
  let best: { links: Map<number, string>; current: number | null } | null = null;
  for (let i = 0; i < size; i++) {
    if (kind[i] !== NodeKind.Element) continue;
    if (tagOf(i) === 'a' || tagOf(i) === 'link') {
      const href = attributeOf(doc, i, 'href');
      // most links have no `rel`: their tokens are not split out
      if (!href || !attributeOf(doc, i, 'rel')) continue;
      const rel = relOf(doc, i);
      if (rel.includes('next')) next ??= href;
      if (rel.includes('prev')) prev ??= href;
      continue;
    }
    if (best || inRecord[i] === 1 || doc.stats.textChars[i] === 0 || doc.stats.textChars[i] > MAX_PAGER_CHARS || doc.stats.linkCount[i] < 1) continue;
    const found = readPager(doc, i);
    // the outermost short element holding the run
    if (found && found.current !== null && isRun(found)) best = found;
  }
  const current = best?.current ?? null;
  const numbers = best ? [...best.links.keys()].sort((x, y) => x - y) : [];
  return {
    page: current,
    pages: best ? numbers.map((n) => best.links.get(n)!) : [],
    next: next ?? (best && current !== null ? best.links.get(current + 1) ?? null : null),
    prev: prev ?? (best && current !== null ? best.links.get(current - 1) ?? null : null),
  };
}

/**
 * True when the page is not the first of its thread: the pager's current number is above 1, or,
 * with no numbered pager, a `rel=prev` link to another page of the same resource exists.
 * @category Threads
 */
export function isLaterPage(pager: Pager): boolean {
  return pager.page !== null ? pager.page > 1 : pager.prev !== null && PAGE_PARAMETER.test(pager.prev);
}

/**
 * A link to another page of the same resource (`?page=2`, `&start=10`, `/page/2/`, `-2.html`):
 * `rel=prev` without it is the previous article of a blog, not the previous page of this thread.
 */
const PAGE_PARAMETER = /[?&;](?:page|p|pg|start|offset)=\d+|\/page\/\d+|[-_]\d+\.html?$/iu;

/** True when the current number sits next to a linked neighbour (`2 [3]` or `[1] 2`). */
function isRun(p: { links: Map<number, string>; current: number | null }): boolean {
  return p.current !== null && (p.links.has(p.current - 1) || p.links.has(p.current + 1));
}
