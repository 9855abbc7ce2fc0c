/**
 * The page's visible headline: the `<h1>`–`<h3>` that shows what a declared title (`<title>`, `og:title`,
 * JSON-LD `headline`, …) says, and its text as the page writes it, without a kicker set above it.
 * @module
 */
import { NodeKind, type AnalyzedDocument } from '../analysis/types.js';
import { findElements } from '../analysis/tag-index.js';
import { isAuthorElement } from './author.js';
import { attributeOf, collapseWhitespace } from './elements.js';
import { isHomeLink } from './site-name.js';
import { comparable, type ComparableText, comparableSimilarity, normalizeForComparison } from './similarity.js';
import type { ResolvedMetadataOptions } from './options.js';
import { LETTER_OR_DIGIT_RE, type Run, segmentsOf } from './title-segments.js';

const HEADING_TAGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3']);
const H1_TAG: ReadonlySet<string> = new Set(['h1']);
/** A separator right after a kicker (`Klimaschutz: `, `Corona-Pandemie – `), in the heading or in a declared title. */
const KICKER_SEPARATOR_RE = /^\s*[:|ǀ–—\-·•»›/]\s*/u;

type O = Pick<ResolvedMetadataOptions, 'minHeadingSimilarity' | 'maxHeadings' | 'homeLinkLevels'>;

/** True for a logo heading: it is inside, or wraps, a link to the home page (the site name, not the page's title). */
function isLogoHeading(doc: AnalyzedDocument, id: number, o: O): boolean {
  let up = id;
  for (let level = 0; level <= o.homeLinkLevels && up >= 0; level++, up = doc.index.parent[up]) {
    if (isHomeLink(doc, up)) return true;
  }
  for (let d = id + 1; d < doc.index.subtreeEnd[id]; d++) if (isHomeLink(doc, d)) return true;
  return false;
}

/**
 * True for a byline heading: it is an author element (`class="byline heading"`, `rel=author`), or
 * all its text is one (`<h3><a rel="author">…</a></h3>`). It names the author, never the page.
 */
function isBylineHeading(doc: AnalyzedDocument, id: number): boolean {
  const { textChars } = doc.stats;
  for (let d = id; d < doc.index.subtreeEnd[id]; d++) {
    if (textChars[d] === textChars[id] && isAuthorElement(doc, d)) return true;
  }
  return false;
}

const A_TAG: ReadonlySet<string> = new Set(['a']);

/**
 * The heading's text without its permalink marks: a link into the page itself (`href="#…"`) whose text has
 * no letter or digit (`¶`, `#`, `§`, `🔗`), which documentation generators set at a heading's end or start.
 */
function headingTextOf(doc: AnalyzedDocument, id: number): string {
  let text = collapseWhitespace(doc.textOf(id));
  const { subtreeEnd, tagOf } = doc.index;
  for (let d = id + 1; d < subtreeEnd[id]; d++) {
    if (!A_TAG.has(tagOf(d)) || !(attributeOf(doc, d, 'href') ?? '').startsWith('#')) continue;
    const mark = collapseWhitespace(doc.textOf(d));
    if (mark === '' || LETTER_OR_DIGIT_RE.test(mark)) continue;
    if (text.endsWith(mark)) text = text.slice(0, -mark.length).trimEnd();
    else if (text.startsWith(mark)) text = text.slice(mark.length).trimStart();
  }
  return text;
}

/** True when `text` starts with `kicker` followed by a separator (`Klimaschutz: Bohren, …`). */
function isFollowedBySeparator(text: string, kicker: string): boolean {
  return text.startsWith(kicker) && KICKER_SEPARATOR_RE.test(text.slice(kicker.length));
}

/**
 * True when a declared title writes the kicker, a separator, then the headline in its next segment
 * (`Klimaschutz: Bohren, bis es heiß wird | ZEIT ONLINE`); not a declared title that is the kicker's text
 * and the site (`Headline - Site`, where the heading's first element is the headline and a subtitle follows).
 */
function writesKickerThenHeadline(declared: string, kicker: string, headline: string): boolean {
  const text = collapseWhitespace(declared);
  if (!isFollowedBySeparator(text, kicker)) return false;
  const after = normalizeForComparison(segmentsOf(text.slice(kicker.length).replace(KICKER_SEPARATOR_RE, ''))[0]?.text ?? '');
  const rest = normalizeForComparison(headline);
  // the one may be cut short of the other (`Initiative X - kostenloser Stromcheck` over `Kostenloser Stromcheck für …`)
  return after !== '' && rest !== '' && (after.startsWith(rest) || rest.startsWith(after));
}

/**
 * The heading's text without its kicker: the topic line a headline element opens with in an element of its
 * own (`<h1><span>Klimaschutz</span><span>: </span><span>Bohren, bis es heiß wird</span></h1>`), shorter
 * than the headline after it, and parted from it by a separator, in the heading itself or in a declared
 * title that writes both (`Klimaschutz: Bohren, bis es heiß wird | ZEIT ONLINE`). Without those the
 * heading's whole text. Heading `h` of the page's headings.
 */
function headlineText(doc: AnalyzedDocument, page: PageHeadings, h: number, whole: string, declared: readonly string[]): string {
  const first = childTextsOf(doc, page, h)[0];
  if (first === undefined || doc.index.kind[first.node] !== NodeKind.Element) return whole; // a text node opens it: no kicker element
  const kicker = first.text;
  if (!whole.startsWith(kicker)) return whole;
  const rest = whole.slice(kicker.length).replace(KICKER_SEPARATOR_RE, '').trim();
  if (rest === '' || kicker.length >= rest.length) return whole;
  const parted = isFollowedBySeparator(whole, kicker) || declared.some((d) => writesKickerThenHeadline(d, kicker, rest));
  return parted ? rest : whole;
}

/** How well a heading confirms a run: similarity, or 1 when the heading is the run plus a short label (`[News] run`). */
function confirmation(heading: ComparableText, run: ComparableText): number {
  const h = heading.normalized;
  const r = run.normalized;
  if (r !== '' && h.includes(r) && r.length * 2 >= h.length) return 1;
  // resemblance between texts of very different lengths is a short text's words found in a long one (a
  // section heading `Open Project:`, a `Get Product news` box against a title's segment `Product`); Dice
  // similarity ≥ 0.8 implies it, lower thresholds need it said
  if (Math.min(h.length, r.length) * 2 < Math.max(h.length, r.length)) return 0;
  return comparableSimilarity(heading, run);
}

/**
 * The texts of the heading's child nodes that are a whole declared title (compared normalized): the headline in a
 * heading that also holds a longer kicker or a subtitle in nodes of their own
 * (`<h1><span>Press release of the ministry:</span>Headline</h1>`, `<h1><span>Headline</span> <span>Subtitle</span></h1>`).
 * Heading `h` of the page's headings; its children's texts are read once per page.
 */
function declaredParts(doc: AnalyzedDocument, page: PageHeadings, h: number, declared: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const child of childTextsOf(doc, page, h)) if (declared.has(child.form)) out.push(child.text);
  return out;
}

/** A child node of a heading that holds text: the node, its text (whitespace collapsed) and the text's comparison form. */
interface ChildText {
  readonly node: number;
  readonly text: string;
  readonly form: string;
}

/** The {@link ChildText}s of heading `h` of the page's headings, in order: read on the first ask, kept with the headings. */
function childTextsOf(doc: AnalyzedDocument, page: PageHeadings, h: number): readonly ChildText[] {
  let children = page.children[h];
  if (children === undefined) {
    const id = page.headings[h];
    const { subtreeEnd } = doc.index;
    const found: ChildText[] = [];
    for (let c = id + 1; c < subtreeEnd[id]; c = subtreeEnd[c]) {
      const text = collapseWhitespace(doc.textOf(c));
      if (text !== '') found.push({ node: c, text, form: normalizeForComparison(text) });
    }
    page.children[h] = children = found;
  }
  return children;
}

/** The best {@link confirmation} of `run` by one of `forms`, at two decimals. */
function roundedMax(forms: readonly ComparableText[], run: ComparableText): number {
  return Math.round(Math.max(...forms.map((form) => confirmation(form, run))) * 100) / 100;
}

/** A heading that shows a declared title, and the run of that title it shows. */
export interface Confirmed {
  readonly heading: number;
  /** The heading's text without its kicker ({@link headlineText}). */
  readonly text: string;
  /** Index of the declared title in the list given, and the run of it the heading shows. */
  readonly declared: number;
  readonly run: Run;
  readonly score: number;
  /** How many declared titles the heading confirms (`og:title` and `<title>` both: the headline; `<title>` alone: maybe its kicker). */
  readonly support: number;
  readonly distance: number;
  /**
   * The heading is one piece of text written once: a single text node, and no other heading of the page
   * reads the same. Words it adds to a run are then the headline's own (`Ultium Cells erhöht
   * Gigafactory-Kapazität in Tennessee`), not a label a forum sets around a topic in elements of their
   * own (`<a>[Notice]</a> <span>run</span>`) or repeats over every reply (`Re: run`).
   */
  readonly isOnePiece: boolean;
}

/**
 * The headings a declared title is confirmed against, in document order: the first `maxHeadings` of
 * h1–h3 and the first `maxHeadings` h1s (a page may list many teaser headings before its own); their
 * texts ({@link headingTextOf}); and the comparison form of each text, null for a heading that never
 * confirms (excluded, a logo, a byline, no text).
 */
interface PageHeadings {
  readonly headings: readonly number[];
  readonly texts: readonly string[];
  readonly wholeForms: readonly (ComparableText | null)[];
  /** Per heading, the texts of its child nodes ({@link childTextsOf}), read on first ask: every title search of the page reads them. */
  readonly children: (readonly ChildText[] | undefined)[];
}

/** {@link PageHeadings} by page and by the options they depend on: the title and the title heading's search (`findTitleHeading`) read the same. */
const PAGE_HEADINGS = new WeakMap<AnalyzedDocument, Map<string, PageHeadings>>();

function pageHeadings(doc: AnalyzedDocument, o: O): PageHeadings {
  const key = `${o.maxHeadings} ${o.homeLinkLevels}`;
  let byOptions = PAGE_HEADINGS.get(doc);
  if (byOptions === undefined) PAGE_HEADINGS.set(doc, (byOptions = new Map()));
  let found = byOptions.get(key);
  if (found === undefined) {
    const { excluded } = doc.index;
    const headings = [...new Set([...findElements(doc.index, HEADING_TAGS, o.maxHeadings), ...findElements(doc.index, H1_TAG, o.maxHeadings)])].sort((a, b) => a - b);
    const texts = headings.map((id) => headingTextOf(doc, id));
    const wholeForms = headings.map((id, h) => (excluded[id] === 1 || isLogoHeading(doc, id, o) || isBylineHeading(doc, id) || texts[h] === '' ? null : comparable(texts[h])));
    byOptions.set(key, (found = { headings, texts, wholeForms, children: new Array<readonly ChildText[] | undefined>(headings.length) }));
  }
  return found;
}

/** True when the element's text is one text node. */
function isOneTextNode(doc: AnalyzedDocument, id: number): boolean {
  const { kind, subtreeEnd } = doc.index;
  let texts = 0;
  for (let d = id + 1; d < subtreeEnd[id]; d++) {
    if (kind[d] === NodeKind.Text && doc.textOf(d).trim() !== '' && ++texts > 1) return false;
  }
  return texts === 1;
}

/** Distance of a heading from the main content: before it is near, after it is far. */
function distanceTo(doc: AnalyzedDocument, id: number, mainStart: number): number {
  const start = doc.stats.textStart[id];
  return start <= mainStart ? mainStart - start : doc.text.length + (start - mainStart);
}

function isBetter(a: Confirmed, b: Confirmed | null): boolean {
  if (b === null) return true;
  if (a.score !== b.score) return a.score > b.score;
  if (a.support !== b.support) return a.support > b.support;
  if (a.distance !== b.distance) return a.distance < b.distance;
  if (a.declared !== b.declared) return a.declared < b.declared;
  return a.run.segments > b.run.segments;
}

/**
 * The `<h1>`–`<h3>` that confirms a run of a declared title (similarity ≥ `minHeadingSimilarity`, its
 * whole text or its text without a kicker): best similarity, then the heading more declared titles
 * confirm, then the heading nearest before the main content, then the earlier declared title, then the
 * longer run. Logo and byline headings never confirm.
 */
export function confirmHeadline(doc: AnalyzedDocument, titles: readonly string[], runs: readonly (readonly Run[])[], mainStart: number, o: O): Confirmed | null {
  let best: Confirmed | null = null;
  // each run prepared once, not once per heading-run pair (a thread has a heading per post)
  let prepared: ComparableText[][] | null = null;
  const page = pageHeadings(doc, o);
  const { headings, texts, wholeForms } = page;
  const wholeTitles = new Set(titles.map(normalizeForComparison));
  for (const [h, id] of headings.entries()) {
    const whole = texts[h];
    const wholeForm = wholeForms[h];
    if (wholeForm === null) continue;
    const text = headlineText(doc, page, h, whole, titles);
    const forms = text === whole ? [wholeForm] : [wholeForm, comparable(text)];
    // a part that is a whole declared title is the headline when the heading as a whole confirms less (not
    // in a heading that opens with a kicker: a kicker may be a declared title too)
    const parts = text === whole ? declaredParts(doc, page, h, wholeTitles).filter((part) => part !== whole) : [];
    const partForms = parts.map((part) => comparable(part));
    prepared ??= runs.map((list) => list.map((run) => comparable(run.text)));
    const found: { declared: number; run: Run; score: number; text: string }[] = [];
    for (let t = 0; t < runs.length; t++) {
      for (let k = 0; k < runs[t].length; k++) {
        const score = roundedMax(forms, prepared[t][k]);
        const partScores = partForms.map((form) => roundedMax([form], prepared![t][k]));
        const partScore = Math.max(0, ...partScores);
        const [best, shown] = partScore > score ? [partScore, parts[partScores.indexOf(partScore)]] : [score, text];
        if (best >= o.minHeadingSimilarity) found.push({ declared: t, run: runs[t][k], score: best, text: shown });
      }
    }
    const support = new Set(found.map((f) => f.declared)).size;
    const distance = distanceTo(doc, id, mainStart);
    for (const f of found) {
      const candidate = { heading: id, ...f, support, distance, isOnePiece: false };
      if (isBetter(candidate, best)) best = candidate;
    }
  }
  if (best === null) return null;
  const { heading } = best;
  const own = texts[headings.indexOf(heading)];
  const isOnePiece = isOneTextNode(doc, heading) && texts.filter((t) => t === own).length === 1;
  return { ...best, isOnePiece };
}
