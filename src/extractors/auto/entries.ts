/**
 * A page that shows several entries (a blog post and the posts before it, an archive, a front page): look-
 * alike boxes side by side, each opened by a heading of the same kind (same tag, same class). The page is
 * about one of them — the one whose heading the `<title>` repeats, or whose heading links to the page's own
 * address (`<link rel=canonical>`, `og:url`) — and the vote may have kept another, or several.
 * @module
 */
import { attributeOf } from '../../analysis/node-data.js';
import { findElements } from '../../analysis/tag-index.js';
import { nonLinkCharsOf } from '../../analysis/stats.js';
import type { AnalyzedDocument } from '../../analysis/types.js';

/**
 * Fewest look-alike boxes that make a list of entries: a page's header and its story, or a story cut into two
 * rows, are two boxes; a list shows three and more (an entry between the one before and the one after).
 */
const MIN_ENTRIES = 3;

/** Headings an entry's title is written in. */
const ENTRY_HEADING_TAGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3']);

/**
 * An address as entries are matched to the page: scheme, `www.`, fragment and trailing slashes left out,
 * lower-cased host; '' for an empty or relative one (a relative permalink cannot be told from the page's).
 */
export function comparableUrl(url: string): string {
  const m = /^\s*(?:https?:)?\/\/(?:www\.)?([^/?#\s]+)([^#\s]*)/iu.exec(url);
  return m === null ? '' : `${m[1].toLowerCase()}${m[2].replace(/\/+$/u, '')}`;
}

/** The page's own addresses its markup states: `<link rel=canonical href>` and `<meta property=og:url content>`. */
export function ownUrls(doc: AnalyzedDocument): Set<string> {
  const out = new Set<string>();
  for (const id of findElements(doc.index, ['link'])) {
    const rel = attributeOf(doc, id, 'rel')?.toLowerCase().split(/\s+/u) ?? [];
    if (rel.includes('canonical')) out.add(comparableUrl(attributeOf(doc, id, 'href') ?? ''));
  }
  for (const id of findElements(doc.index, ['meta'])) {
    if (attributeOf(doc, id, 'property')?.toLowerCase() === 'og:url') out.add(comparableUrl(attributeOf(doc, id, 'content') ?? ''));
  }
  out.delete('');
  return out;
}

/** Class tokens of element `id`. */
function classTokens(doc: AnalyzedDocument, id: number): string[] {
  const value = attributeOf(doc, id, 'class')?.trim() ?? '';
  return value === '' ? [] : value.split(/\s+/u);
}

/** True when elements `a` and `b` look alike: the same tag and a class token in common. */
function isLike(doc: AnalyzedDocument, a: number, b: number): boolean {
  if (doc.index.tagOf(a) !== doc.index.tagOf(b)) return false;
  const tb = classTokens(doc, b);
  return classTokens(doc, a).some((t) => tb.includes(t));
}

/** True when heading `h` holds a hyperlink (an entry's title links to the entry's own page). */
function holdsLink(doc: AnalyzedDocument, h: number): boolean {
  const { subtreeEnd, tagOf } = doc.index;
  for (let i = h; i < subtreeEnd[h]; i++) if (tagOf(i) === 'a' && (attributeOf(doc, i, 'href') ?? '').trim() !== '') return true;
  return false;
}

/** True when heading `h` holds a hyperlink to one of `urls` (its permalink is the page's address). */
function linksTo(doc: AnalyzedDocument, h: number, urls: ReadonlySet<string>): boolean {
  if (urls.size === 0) return false;
  const { subtreeEnd, tagOf } = doc.index;
  for (let i = h; i < subtreeEnd[h]; i++) if (tagOf(i) === 'a' && urls.has(comparableUrl(attributeOf(doc, i, 'href') ?? ''))) return true;
  return false;
}

/** The entries of a page: the boxes (element ids, in document order, siblings) and which of them is the page's own. */
export interface PageEntries {
  readonly boxes: readonly number[];
  readonly own: number;
}

/**
 * The box each of `headings` (in document order) opens: the largest element holding it and none of the
 * others (climbing stops below `<body>`).
 */
function boxesOf(doc: AnalyzedDocument, headings: readonly number[]): number[] {
  const { parent, subtreeEnd, tagOf } = doc.index;
  // headings are in document order: an element holds another of them only if it holds a neighbour
  return headings.map((h, i) => {
    const before = i > 0 ? headings[i - 1] : -1;
    const after = i + 1 < headings.length ? headings[i + 1] : -1;
    let box = h;
    for (let p = parent[box]; p > 0 && tagOf(p) !== 'body' && before < p && !(after >= 0 && after < subtreeEnd[p]); p = parent[p]) box = p;
    return box;
  });
}

/**
 * The page's entries: among the groups of `<h1>`–`<h3>` headings of the same tag and class, the one where a
 * heading is the page's own (`titled`, the headings the `<title>` repeats, or a heading that links to the
 * page's canonical address), each heading opening a box of its own (not the heading itself: entries are
 * containers, not a story's section headings), at least {@link MIN_ENTRIES} boxes alike and side by side,
 * and the own box holding at least `minBodyChars` non-link characters beyond its heading (a story, not a
 * teaser of the page's story in a list of latest news). Undefined when the page shows no such entries.
 */
export function findEntries(doc: AnalyzedDocument, titled: () => readonly number[], minBodyChars: number): PageEntries | undefined {
  const { parent, excluded } = doc.index;
  const { textChars } = doc.stats;
  const groups = new Map<string, number[]>();
  for (const h of findElements(doc.index, ENTRY_HEADING_TAGS)) {
    if (excluded[h] === 1 || textChars[h] === 0) continue;
    const key = `${doc.index.tagOf(h)} ${classTokens(doc, h).sort().join(' ')}`;
    const list = groups.get(key);
    if (list === undefined) groups.set(key, [h]);
    else list.push(h);
  }
  let urls: Set<string> | undefined; // read only on a page with a group large enough
  // the titled headings as a set, made once: a scan of their list per heading was quadratic on a long page
  // (a page repeating its story's headline over thousands of headings: 4 % of a 10 MB page's time)
  let titledSet: ReadonlySet<number> | undefined;
  const isTitled = (h: number): boolean => (titledSet ??= new Set(titled())).has(h);
  for (const headings of groups.values()) {
    if (headings.length < MIN_ENTRIES) continue;
    urls ??= ownUrls(doc);
    const ownAt = headings.findIndex((h) => isTitled(h) || linksTo(doc, h, urls!));
    if (ownAt < 0) continue;
    // entries side by side: boxes like the own box (same tag, a class in common), sharing its parent, each holding
    // text beyond its heading (an entry has a body), each heading but the own one a link (an entry's title links to
    // the entry's page; a story's section heading does not)
    const boxes = boxesOf(doc, headings);
    const own = boxes[ownAt];
    const side = boxes.filter((b, i) => b !== headings[i] && parent[b] === parent[own] && isLike(doc, b, own)
      && textChars[b] > textChars[headings[i]] && (i === ownAt || holdsLink(doc, headings[i])));
    // the page's own entry holds a story, not a teaser's line or two
    if (side.length >= MIN_ENTRIES && side.includes(own) && nonLinkCharsOf(doc.stats, own) - nonLinkCharsOf(doc.stats, headings[ownAt]) >= minBodyChars) return { boxes: side, own };
  }
  return undefined;
}
