/**
 * A title's segments (the parts a site joins with `|`, `-`, `_`, …) and which of them name the site.
 * @module
 */
import { compactName, compactSuffixes, isSiteName, type SiteNames } from './site-name.js';

/**
 * Separators between a page title and a site or section name, in any script:
 * `|`, `ǀ`, `_`, `·`, `•`, `»`, `›`, `::`, `--`, `/` and the dashes `-`, `–`, `—` (a single hyphen or slash only with spaces
 * around it, so `note-taking` and `AC/DC` stay whole). A middle dot `·` with letters or digits right on both
 * sides is part of a word, not a separator: the interpunct of a transliterated name (`叶甫根尼·普鲁申`) and
 * Catalan's `l·l` (`col·lecció`). Linear: one character class per alternative.
 */
const TITLE_SEPARATOR_RE = /\s+[-/]\s+|\s*-{2,}\s*|\s*[|ǀ_•»›–—]\s*|\s+·\s*|·\s+|(?<![\p{L}\p{N}])·|·(?![\p{L}\p{N}])|\s*::\s*/gu;
/** A colon after a leading part or before a trailing one (`BDZV: Headline`, `Headline : Blog`): a separator only around a site name. */
const COLON_SEPARATOR_RE = /\s*:\s+/gu;
/** A `<title>` segment that names the software, not the page: `Powered by Discuz!`. */
const POWERED_BY_RE = /^powered by\b/iu;
/**
 * A `<title>` segment that is a host name (`blog.example.com`, `Salon.com`, `LWN.net`): the site's
 * address. The top-level domain must be written in lower case, so `ASP.NET` and `Node.js` stay titles.
 */
const HOST_SEGMENT_RE = /^(?:https?:\/\/)?(?:[\p{L}\p{N}-]+\.)+(?:com|net|org|edu|gov|info|cn|tw|hk|uk|de|fr|jp|ru|at|ch|it|eu|pl|io)\/?$/u;

/** Any letter or digit: a text without one is punctuation or symbols only. */
export const LETTER_OR_DIGIT_RE = /[\p{L}\p{N}]/u;

/** A segment of a title with its offsets in it. */
export interface Segment {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** Segments of a title split at `separator`, with their offsets in it. */
function segmentsAt(title: string, separator: RegExp): Segment[] {
  const out: Segment[] = [];
  let start = 0;
  const push = (end: number): void => {
    const raw = title.slice(start, end);
    const text = raw.trim();
    if (text !== '') out.push({ text, start: start + raw.indexOf(text), end: start + raw.indexOf(text) + text.length });
  };
  for (const m of title.matchAll(separator)) {
    push(m.index);
    start = m.index + m[0].length;
  }
  push(title.length);
  return out;
}

/** Segments of a title at the separators of {@link TITLE_SEPARATOR_RE}. */
export function segmentsOf(title: string): Segment[] {
  return segmentsAt(title, TITLE_SEPARATOR_RE);
}

/**
 * Splits a title at site-name separators into trimmed, non-empty segments.
 * @example splitTitle('本市新建三座社区图书馆_城市新闻_晨光网'); // ['本市新建三座社区图书馆', '城市新闻', '晨光网']
 * @category Metadata
 */
export function splitTitle(title: string): string[] {
  return segmentsOf(title).map((s) => s.text);
}

/** True when the segment names the site (its name, its address, or the forum software) rather than the page. */
export function isSiteSegment(text: string, site: SiteNames): boolean {
  return POWERED_BY_RE.test(text) || HOST_SEGMENT_RE.test(text) || isSiteName(text, site);
}

/** A run of consecutive segments of a title, as written in it. */
export interface Run {
  readonly text: string;
  readonly segments: number;
  /** Offset of the run in the title. */
  readonly start: number;
  /** Index of the run's last segment in the title. */
  readonly last: number;
}

/** A site name glued on is at least this many letters and digits (`…A31Das etwas andere Branchenbuch…`). */
const MIN_GLUED_SITE_NAME = 8;

/**
 * The segment without a site name glued to its end with no separator and no space (`Truckwash A31Das
 * etwas andere Branchenbuch`, the site's name from its home link): templates that print the page's name
 * and the site's back to back. `longest`: the length of the longest site name (no longer tail can be one).
 */
function withoutGluedSiteName(segment: Segment, site: SiteNames, longest: number): Segment {
  const { text } = segment;
  if (longest < MIN_GLUED_SITE_NAME) return segment;
  const suffixes = compactSuffixes(text);
  for (let k = 1; k < text.length; k++) {
    if (!LETTER_OR_DIGIT_RE.test(text[k - 1])) continue; // glued: right after a letter or digit, no space
    let tail: string;
    if (suffixes === null) tail = compactName(text.slice(k));
    else {
      const length = suffixes.compact.length - suffixes.starts[k];
      if (length < MIN_GLUED_SITE_NAME) break; // the tails only get shorter
      if (length > longest) continue;
      tail = suffixes.compact.slice(suffixes.starts[k]);
    }
    if (tail.length < MIN_GLUED_SITE_NAME || !site.names.has(tail)) continue;
    return { text: text.slice(0, k), start: segment.start, end: segment.start + k };
  }
  return segment;
}

/** Every run of consecutive segments (as written in the title) that holds no site segment. */
export function runsOf(title: string, all: readonly Segment[], site: SiteNames, maxSegments: number): Run[] {
  const out: Run[] = [];
  let longest = 0;
  for (const name of site.names) longest = Math.max(longest, name.length);
  const segments = all.slice(0, maxSegments).map((s) => withoutGluedSiteName(s, site, longest));
  for (let i = 0; i < segments.length; i++) {
    for (let j = i; j < segments.length; j++) {
      if (isSiteSegment(segments[j].text, site)) break;
      if (!LETTER_OR_DIGIT_RE.test(title.slice(segments[i].start, segments[j].end))) continue;
      out.push({ text: title.slice(segments[i].start, segments[j].end), segments: j - i + 1, start: segments[i].start, last: j });
    }
  }
  return out;
}

/**
 * A declared title without the site's name at either end (`Headline | Site`, `Site: Headline`,
 * `Headline - Section - Site`'s site; a colon counts only next to a site name): the part between, as
 * written. Null when nothing but the site is left.
 */
export function withoutSiteAffixes(title: string, site: SiteNames): string | null {
  let text = title.trim();
  for (const separator of [TITLE_SEPARATOR_RE, COLON_SEPARATOR_RE]) {
    const segments = segmentsAt(text, separator);
    let first = 0;
    let last = segments.length - 1;
    while (last > first && isSiteSegment(segments[last].text, site)) last--;
    while (first < last && isSiteSegment(segments[first].text, site)) first++;
    if (segments.length === 0 || (first === last && isSiteSegment(segments[first].text, site))) return null;
    text = text.slice(segments[first].start, segments[last].end);
  }
  // separator debris (`.:` left of `.:: NAME ::.`) is no title
  return LETTER_OR_DIGIT_RE.test(text) ? text : null;
}
