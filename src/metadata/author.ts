import type { AnalyzedDocument } from '../analysis/types.js';
import { assertAnalyzedDocument } from '../analysis/guards.js';
import { cutName, type CutNameOptions, isPersonalName, nameAfterByWord, isBareName, isNotAuthorName, nameAfterCue, nameAfterEditorCue, nameInDateline, nameInSignOff } from './byline.js';
import { attributeOf, collapseWhitespace } from './elements.js';
import { holdsAuthor, metadataElementRoles } from './element-roles.js';
import { field, type Field } from './field.js';
import type { JsonLdArticle } from './json-ld.js';
import type { MetaTags } from './meta-tags.js';
import { compactName, holdsSiteHost, isSiteName, NO_SITE_NAMES, type SiteNames } from './site-name.js';
import { type DatedNameChecks, nameNextToDate } from './dated-name.js';
import { findDates } from '../vocabulary/dates.js';
import { AUTHOR_NOUN_CUES, LINE_START_AUTHOR_CUES } from '../vocabulary/byline-cues.js';
import { normalizeForComparison } from './similarity.js';
import { DEFAULT_METADATA_OPTIONS, type ResolvedMetadataOptions } from './options.js';

/**
 * Where to look for the author.
 * @category Metadata
 */
export interface AuthorContext {
  readonly jsonLd?: JsonLdArticle | null;
  /** Text offset the byline is expected after: the title heading, else the main content's start. */
  readonly anchor?: number;
  /** Text offset where the main content ends: Chinese stories sign off there (（记者 胡晓蓉）). */
  readonly mainEnd?: number;
  /** The site's name: a meta author equal to it is the outlet, not a person. */
  readonly siteName?: string | null;
  /**
   * The site's names ({@link findSiteNames}): a declared author that is one of them (or holds the site's
   * host: `Deutsche Welle (www.dw.com)`) is the outlet, taken only when the page names no person.
   * @default the {@link siteName} alone
   */
  readonly site?: SiteNames;
  /** The page's title: a line equal to it is the headline, never a name line. */
  readonly title?: string | null;
  /** Resolved metadata options (windows, reaches, name limits). @default DEFAULT_METADATA_OPTIONS */
  readonly options?: ResolvedMetadataOptions;
}

/**
 * Author metas in the order Readability.js trusts them; `article:author` only when it is not a URL.
 * `og:article:author` is the Open Graph-prefixed spelling some publishers use (Readability.js reads it as `article:author`).
 */
const AUTHOR_META_KEYS = [
  'dc:creator', 'dcterm:creator', 'author', 'parsely-author', 'article:author', 'og:article:author', 'sailthru.author',
] as const;
const URL_LIKE_RE = /^(?:https?:)?\/\/|^www\.|^[\w-]+(?:\.[\w-]+)+\/?$/iu;
/** Elements whose text is never a name line: links, headings, list items and controls (menus are made of them). */
const NOT_NAME_LINE_TAGS: ReadonlySet<string> = new Set(['a', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'button', 'option', 'label', 'select']);

/** A declared author is read whole: a lower-case word does not end it. */
const DECLARED: CutNameOptions = Object.freeze({ isDeclared: true });

/** True when a declared author names the site: one of its names, or a text holding its host (`Deutsche Welle (www.dw.com)`). */
function isSiteAuthor(name: string, site: SiteNames): boolean {
  return isSiteName(name, site) || holdsSiteHost(name, site);
}

/** The site's names from the context: its {@link SiteNames}, else the one site name given. */
function siteOf(context: AuthorContext): SiteNames {
  if (context.site) return context.site;
  const name = context.siteName ? compactName(context.siteName) : '';
  return name === '' ? NO_SITE_NAMES : { ...NO_SITE_NAMES, names: new Set([name]) };
}

/** Dublin Core creators, written `Last, First` (DCMI: “the creator's name, last name first”). */
const DC_CREATOR_KEYS: ReadonlySet<string> = new Set(['dc:creator', 'dcterm:creator']);
/** `Jong, Michiel de`, `Kooman, F.`: one inverted name (a comma between two short name parts). */
const INVERTED_NAME_RE = /^[\p{L}'’.-]+(?:[ \t][\p{L}'’.-]+){0,2},[ \t]*[\p{L}'’.-]+(?:[ \t][\p{L}'’.-]+){0,2}$/u;

/** How many `twitter:labelN`/`twitter:dataN` pairs are read (publishers and SEO plugins write one to four). */
const MAX_LABELLED_METAS = 4;
/** Credit labels, lower-cased: the byline's "by" words and author nouns (`Written by`, `Verfasst von`, `Autor`). */
const CREDIT_LABELS: ReadonlySet<string> = new Set([...LINE_START_AUTHOR_CUES, ...AUTHOR_NOUN_CUES]);

/**
 * The author metas present, in the order they are trusted: {@link AUTHOR_META_KEYS}, then a
 * `twitter:dataN` whose `twitter:labelN` is a credit (`twitter:label1` `Verfasst von`, `twitter:data1`
 * `Karoline Herr`: the label says what the value is, in the page's language).
 */
function authorMetas(meta: MetaTags): { key: string; values: readonly string[] }[] {
  const out: { key: string; values: readonly string[] }[] = [];
  for (const key of AUTHOR_META_KEYS) {
    const values = meta.get(key);
    if (values !== undefined) out.push({ key, values });
  }
  for (let n = 1; n <= MAX_LABELLED_METAS; n++) {
    const label = meta.get(`twitter:label${n}`)?.[0];
    const values = meta.get(`twitter:data${n}`);
    if (label !== undefined && values !== undefined && CREDIT_LABELS.has(collapseWhitespace(label).toLowerCase())) out.push({ key: `twitter:data${n}`, values });
  }
  return out;
}

/**
 * The first author meta present, the name at the start of its first usable value; repeated Dublin
 * Core creators written `Last, First` are several authors, kept whole and joined by "; "
 * (`Kooman, F.; Jong, Michiel de`).
 */
function fromMeta(meta: MetaTags, o: ResolvedMetadataOptions, accepts: (value: string, name: string) => boolean, rename: (value: string) => string | null = () => null): Field<string> | null {
  for (const { key, values: all } of authorMetas(meta)) {
    const values = all.filter((v) => !URL_LIKE_RE.test(v));
    if (DC_CREATOR_KEYS.has(key) && values.length > 0 && values.every((v) => INVERTED_NAME_RE.test(v))) {
      return field([...new Set(values)].join('; '), `meta:${key}`);
    }
    for (const value of values) {
      const name = rename(value) ?? cutName(value, o, DECLARED);
      if (name && accepts(value, name)) return field(name, `meta:${key}`);
    }
  }
  return null;
}

const CASED_LETTER_RE = /[\p{Lu}\p{Ll}]/u;

/**
 * True when a declared name may be a person's: a personal name in a cased script (`Jane Roe`,
 * {@link isPersonalName}), one token (a login), or a name in a script without case (王丽). Not a
 * phrase of a cased script that is no name (`Bund der Energieverbraucher e.V.`, `Peter Amende und Fuchsy designed`).
 */
function mayBePerson(name: string, o: ResolvedMetadataOptions): boolean {
  return !name.includes(' ') || !CASED_LETTER_RE.test(name) || isPersonalName(name, o);
}

/**
 * The author names a page declares without reading its text: JSON-LD `author`, then every author
 * meta's name (never a URL), in that order, without repeats.
 * @category Metadata
 */
export function declaredAuthors(meta: MetaTags, jsonLd: JsonLdArticle | null | undefined, o: ResolvedMetadataOptions = DEFAULT_METADATA_OPTIONS): string[] {
  const out = (jsonLd?.authors ?? []).filter((n) => !URL_LIKE_RE.test(n));
  for (const { values } of authorMetas(meta)) {
    for (const value of values) {
      const name = URL_LIKE_RE.test(value) ? null : cutName(value, o, DECLARED);
      if (name && !out.includes(name)) out.push(name);
    }
  }
  return out;
}

/**
 * True for an element that holds the author: `rel=author`, `itemprop=author`, a class token of
 * the author vocabulary (`author`, `byline`, ...) or a link to an author archive (WordPress
 * `?author=102`, `/author/jane-roe/`).
 * @category Metadata
 */
export function isAuthorElement(doc: AnalyzedDocument, id: number): boolean {
  // one element's attributes looked up by name (the title's byline test asks a few elements; the author
  // search reads the page's author elements listed by `metadataElementRoles`)
  return holdsAuthor(doc.index.tagOf(id), attributeOf(doc, id, 'class'), attributeOf(doc, id, 'rel'), attributeOf(doc, id, 'itemprop'), attributeOf(doc, id, 'href'));
}

/** Separators left at the start of a text whose date was cut out (`| · Jane Roe`). */
const LEADING_FIELD_SEPARATORS_RE = /^[\s|·•,–—-]+/u;

/**
 * The name an author element's text gives: after a cue (`By Jane Roe`), after a "by" word anywhere
 * (`View all posts by Jane Roe`), else the text's start without its dates (`March 3, 2019 · Jane Roe`).
 */
function nameInAuthorElement(text: string, o: ResolvedMetadataOptions): string | null {
  if (text.length > o.maxBylineChars) return null;
  const dates = findDates(text);
  const undated = dates.reduceRight((t, d) => `${t.slice(0, d.index)}|${t.slice(d.index + d.length)}`, text).replace(LEADING_FIELD_SEPARATORS_RE, '');
  return nameAfterCue(` ${text}`, o) ?? nameAfterByWord(text, o) ?? cutName(undated, o);
}

/**
 * The author element (`rel=author`, `itemprop=author`, class `author`/`byline`/..., a link to an author archive)
 * nearest after the anchor whose name `accepts` takes, among those that start before `before` (and the
 * sign-off window after it).
 */
function fromElements(doc: AnalyzedDocument, anchor: number, accepts: (name: string) => boolean, o: ResolvedMetadataOptions, before = Infinity): Field<string> | null {
  const { subtreeEnd } = doc.index;
  let best: { found: Field<string>; d: number } | null = null;
  // the page's author elements in document order; `next` skips the subtree of one that gave a name
  let next = 0;
  for (const id of metadataElementRoles(doc).author) {
    if (id < next) continue;
    const start = doc.stats.textStart[id];
    if (start > before + o.signOffWindow) break;
    const name = nameInAuthorElement(collapseWhitespace(doc.textOf(id)), o);
    if (!name || !accepts(name)) continue;
    // an element above the anchor counts as farther than the whole byline window under it: a byline right
    // under the headline beats the last item of a sidebar's list of other stories just above it
    const d = start >= anchor ? start - anchor : (anchor - start) * o.authorBeforePenalty + o.bylineWindow;
    if (d <= o.authorElementReach && (best === null || d < best.d)) {
      best = { found: field(name, attributeOf(doc, id, 'rel') === 'author' ? 'rel=author' : 'element', id), d };
    }
    next = subtreeEnd[id];
  }
  return best?.found ?? null;
}

/** A login rather than a display name: one token of letters, digits, `_`, `.`, `-`, maybe after `@` (`CC7567`, `@jroe`). */
const HANDLE_RE = /^@?[\p{L}\p{N}_.-]{2,40}$/u;
const QUERY_OR_HASH_RE = /[?#]/u;
const SCHEME_AND_HOST_RE = /^[a-z][a-z\d+.-]*:\/\/[^/]*/iu;
const LEADING_AT_RE = /^@/u;

/** The last non-empty path segment of a link (`https://host/u/CC7567/?tab=1` → `cc7567`), lower-cased, without a leading `@`. */
function lastPathSegment(href: string): string | undefined {
  const path = href.split(QUERY_OR_HASH_RE, 1)[0].replace(SCHEME_AND_HOST_RE, '');
  return path.split('/').filter(Boolean).pop()?.replace(LEADING_AT_RE, '').toLowerCase();
}

function isInAuthorElement(doc: AnalyzedDocument, id: number, o: ResolvedMetadataOptions): boolean {
  for (let up = id, level = 0; level <= o.profileLinkLevels && up >= 0; level++, up = doc.index.parent[up]) {
    if (isAuthorElement(doc, up)) return true;
  }
  return false;
}

/**
 * The name the page shows for a declared author that is a login (JSON-LD `"author": "CC7567"`):
 * the text of an author link (an author element, or inside one) to that user's profile
 * (`<a class="author-name" href="/u/CC7567">James Akinaka</a>`), the one nearest after the anchor;
 * null when the page shows no other name for it.
 */
function displayNameOf(doc: AnalyzedDocument, declared: string, anchor: number, o: ResolvedMetadataOptions): string | null {
  if (!HANDLE_RE.test(declared)) return null;
  const handle = declared.replace(LEADING_AT_RE, '').toLowerCase();
  const { size, tagOf, excluded } = doc.index;
  let best: { name: string; d: number } | null = null;
  for (let id = 0; id < size; id++) {
    if (tagOf(id) !== 'a' || excluded[id] === 1) continue;
    if (lastPathSegment(attributeOf(doc, id, 'href')?.trim() ?? '') !== handle || !isInAuthorElement(doc, id, o)) continue;
    const text = collapseWhitespace(doc.textOf(id));
    const name = text.length > o.maxBylineChars ? null : cutName(text, o);
    if (!name || name.replace(LEADING_AT_RE, '').toLowerCase() === handle) continue;
    const start = doc.stats.textStart[id];
    const d = start >= anchor ? start - anchor : (anchor - start) * o.authorBeforePenalty;
    if (best === null || d < best.d) best = { name, d };
  }
  return best?.name ?? null;
}

/**
 * Text ranges, within `[from, to)`, of the elements that never hold a name line (links, headings,
 * list items): one pass over the ids, skipping subtrees that end before `from`.
 */
function furnitureRanges(doc: AnalyzedDocument, from: number, to: number): [number, number][] {
  const { size, tagOf, excluded, subtreeEnd } = doc.index;
  const { textStart, textEnd } = doc.stats;
  const out: [number, number][] = [];
  for (let id = 0; id < size; id++) {
    if (textStart[id] >= to) break;
    if (textEnd[id] <= from || excluded[id] === 1) {
      id = subtreeEnd[id] - 1;
      continue;
    }
    if (NOT_NAME_LINE_TAGS.has(tagOf(id))) out.push([textStart[id], textEnd[id]]);
  }
  return out;
}

/**
 * A name alone on one of the first lines after the anchor (Chinese essays sign under the headline:
 * `犬儒病(上)` / `胡平` / `——当代中国的精神危机`). The line must stand alone: the lines around it are
 * not bare names too (a menu is a run of short words), it is not the title, and neither it nor the
 * lines around it are a link, a heading or a list item (it sits in running text, not in a sidebar);
 * the line before may be the headline itself (the anchor's line, or a line equal to the title).
 */
function fromNameLine(doc: AnalyzedDocument, anchor: number, title: string | null | undefined, o: ResolvedMetadataOptions): Field<string> | null {
  const lines: { text: string; start: number; furniture: boolean }[] = [];
  const ranges = furnitureRanges(doc, anchor, anchor + o.nameLineWindow);
  let start = anchor;
  for (const raw of doc.text.slice(anchor, anchor + o.nameLineWindow).split('\n')) {
    const text = raw.trim();
    if (text !== '') {
      const at = start + raw.indexOf(text);
      lines.push({ text, start: at, furniture: ranges.some(([s, e]) => s <= at && at < e) });
    }
    start += raw.length + 1;
  }
  let seen = 0;
  for (let i = 0; i < lines.length - 1 && seen < o.nameLineLines; i++) {
    const [prev, line, next] = [lines[i - 1], lines[i], lines[i + 1]];
    if (line.furniture) continue; // menus before the headline do not count
    seen++;
    if (!isBareName(line.text) || line.text === title?.trim() || next.furniture || isBareName(next.text)) continue;
    const afterHeadline = i === 1 || prev?.text === title?.trim();
    if (prev !== undefined && !afterHeadline && (prev.furniture || isBareName(prev.text))) continue;
    const name = cutName(line.text, o);
    if (name) return field(name, 'text:name-line');
  }
  return null;
}

/** Where each text window stands to the story, for {@link nameNextToDate}. */
const DATED_NAME_PLACE = { text: 'under', 'text:end': 'end', 'text:before': 'above' } as const;

/** Where the text after the anchor goes on past the headline: the next line when the anchor's line is the title. */
function afterHeadline(text: string, anchor: number, title: string | null | undefined): number {
  const end = text.indexOf('\n', anchor);
  const wanted = normalizeForComparison(title ?? '');
  // no next line, or no title: the anchor stays, and the line is not normalized (a page on one line is one 10 MB line)
  if (end < 0 || wanted === '') return anchor;
  const line = normalizeForComparison(text.slice(anchor, end));
  return line === wanted || line.includes(wanted) ? end + 1 : anchor;
}

/** How often the page writes each word that starts with a lower-case letter (`\p{Ll}`), per page. */
const LOWER_CASE_WORDS = new WeakMap<AnalyzedDocument, ReadonlyMap<string, number>>();
const LOWER_CASE_WORD_RE = /(?<![\p{L}\p{M}\p{N}])\p{Ll}[\p{L}\p{M}\p{N}_]*/gu;

/** The words the page writes in lower case, with their counts (read once per page, when first asked). */
function lowerCaseWords(doc: AnalyzedDocument): ReadonlyMap<string, number> {
  let words = LOWER_CASE_WORDS.get(doc);
  if (words === undefined) {
    const counts = new Map<string, number>();
    for (const word of doc.text.match(LOWER_CASE_WORD_RE) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
    LOWER_CASE_WORDS.set(doc, (words = counts));
  }
  return words;
}

/** The whole lines of `text` within `[start, end)`: a line the range cuts at either end is left out. */
function wholeLines(text: string, start: number, end: number): string {
  const stop = Math.min(end, text.length);
  let from = start;
  if (start > 0 && text[start - 1] !== '\n') {
    const nl = text.indexOf('\n', start);
    if (nl < 0 || nl >= stop) return '';
    from = nl + 1;
  }
  let to = stop;
  if (stop < text.length && text[stop] !== '\n') {
    const nl = text.lastIndexOf('\n', stop - 1);
    if (nl < from) return '';
    to = nl;
  }
  return text.slice(from, to);
}

/**
 * A cued name after the anchor, else in the sign-off at the end of the main content, else just
 * before the anchor; then a name in a dateline or sign-off without cue; then a name alone on a line
 * under the headline; then an editor cue anywhere from before the anchor to the end of the main content.
 */
function fromText(doc: AnalyzedDocument, anchor: number, context: AuthorContext, site: SiteNames, o: ResolvedMetadataOptions): Field<string> | null {
  const mainEnd = context.mainEnd;
  // the byline comes under the headline: the headline's own line is not read (`Von Sprachregeln, Gender-Politik …`)
  const headStart = afterHeadline(doc.text, anchor, context.title);
  const windows = [
    [headStart, anchor + o.bylineWindow, 'text'],
    ...(mainEnd === undefined ? [] : [[Math.max(anchor, mainEnd - o.signOffWindow), mainEnd + o.signOffWindow, 'text:end'] as const]),
    [Math.max(0, anchor - o.signOffWindow), anchor, 'text:before'],
  ] as const;
  // a name set next to a date is not the site's nor the title; without a cue its first word is no word the
  // page writes in lower case (`View Comments`, `Im Wortlaut`, `Deutsche Sprache`); a login in lower case
  // after a cue is a word the page seldom writes (`by the end of 2019`: `the` is everywhere)
  const checks: DatedNameChecks = {
    isExcluded: (name) => isSiteAuthor(name, site) || normalizeForComparison(name) === normalizeForComparison(context.title ?? ''),
    isCommonWord: (word) => lowerCaseWords(doc).has(word),
    isFrequentWord: (word) => (lowerCaseWords(doc).get(word) ?? 0) > o.maxLoginMentions,
  };
  for (const [start, end, where] of windows) {
    const text = doc.text.slice(start, end);
    const cued = nameAfterCue(` ${text}`, o);
    if (cued) return field(cued, where);
    const name = nameInDateline(text, o)
      ?? (where === 'text:end' ? nameInSignOff(text) : null)
      ?? nameNextToDate(wholeLines(doc.text, start, end), o, DATED_NAME_PLACE[where], checks);
    if (name) return field(name, `${where}:dateline`);
  }
  const line = fromNameLine(doc, anchor, context.title, o);
  if (line) return line;
  const whole = doc.text.slice(Math.max(0, anchor - o.signOffWindow), Math.max(anchor + o.bylineWindow, (mainEnd ?? 0) + o.signOffWindow));
  // the slice itself, not joined after a blank as the windows above are: the search copies a joined string whole (the
  // window spans the main content, 500 KB on a page of short paragraphs), and each editor cue matches at the start of
  // the text as it does after a blank
  const editor = nameAfterEditorCue(whole, o);
  return editor ? field(editor, 'text:editor') : null;
}

/**
 * Finds the author of an article page from scored sources, in this order:
 * 1. declared and may be a person: JSON-LD `author` (several joined by ", "), else the first author meta
 *    (`dc:creator`, `author`, `parsely-author`, `article:author`, `og:article:author`; never a URL) whose
 *    name is a personal name, one token or in a script without case, neither naming the site (one of its
 *    {@link SiteNames}, or holding its host); a declared login (`CC7567`) becomes the name the page shows
 *    for it (on an author link to the user's profile, or spelled out in the byline);
 * 2. in the page: the author element nearest after the anchor (`rel=author`, `itemprop=author`, class
 *    `author`/`byline`/...; one naming the site, or starting after the story, only when the text names no
 *    one), else the byline grammar in the text (cue words, a name next to the date, a Chinese name alone on
 *    a line under the headline, an editor cue);
 * 3. an author meta that is no person's name (`Bund der Leser e.V.`), unless 2 found a personal name;
 * 4. an author meta naming the site itself (a personal blog signed with its name).
 * Names are cut at the next label, date or separator. For forum threads the pipeline takes the first post's author.
 * @category Metadata
 */
export function extractAuthor(doc: AnalyzedDocument, meta: MetaTags, start = 0, context: AuthorContext = {}): Field<string> | null {
  assertAnalyzedDocument(doc, 'extractAuthor');
  const anchor = context.anchor ?? start;
  const o = context.options ?? DEFAULT_METADATA_OPTIONS;
  const site = siteOf(context);
  const isSite = (value: string): boolean => isSiteAuthor(value, site);
  let inText: Field<string> | null | undefined;
  const fromPageText = (): Field<string> | null => (inText === undefined ? (inText = fromText(doc, anchor, context, site, o)) : inText);
  // a declared login (`gabor_munier`) is shown as the name the page credits: on an author link to its
  // profile, or in the byline when that name is the login's letters (`Author: Gàbor Muniér`)
  const bylineSpelling = (login: string): string | null => {
    const credited = HANDLE_RE.test(login) ? fromPageText()?.value : undefined;
    return credited !== undefined && credited.includes(' ') && compactName(credited) === compactName(login) ? credited : null;
  };
  const rename = (value: string): string | null => displayNameOf(doc, value, anchor, o) ?? bylineSpelling(value);
  const declared = (context.jsonLd?.authors ?? []).filter((n) => !URL_LIKE_RE.test(n) && !isNotAuthorName(n) && !isSite(n));
  const fromJsonLd = declared.length === 0 ? null : field(declared.map((n) => rename(n) ?? n).join(', '), 'json-ld', context.jsonLd?.node);
  const declaredPerson = fromJsonLd ?? fromMeta(meta, o, (v, n) => !isSite(v) && mayBePerson(n, o), rename);
  if (declaredPerson) return declaredPerson;
  // an author element naming the site (`By` / `The Planetary Press`) yields to a byline in the text; a blog
  // signed with its own name (`ThE_PaiN` on the-pain.net) keeps it when the text names no one else
  const inPage = fromElements(doc, anchor, (n) => !isSite(n), o, context.mainEnd) ?? fromPageText() ?? fromElements(doc, anchor, () => true, o);
  // an author meta that is no person's name (`Bund der Energieverbraucher e.V.`) yields to a person the page
  // names; an author meta naming the site itself (a personal blog, the outlet) is the last resort, not nothing
  const declaredOther = fromMeta(meta, o, (v) => !isSite(v));
  if (inPage && (declaredOther === null || isPersonalName(inPage.value, o) || !CASED_LETTER_RE.test(inPage.value))) return inPage;
  return declaredOther ?? inPage ?? fromMeta(meta, o, () => true);
}
