/**
 * The elements the metadata readers can take an author or a date from, found for a page in one walk.
 * The author search and the date search (once more for a UTC stamp's local day) each asked every
 * element for its `class`, `rel`, `itemprop` and `href`: two to four lookups per element over the many
 * shapes of the parser's attribute objects, and a class-value memo per vocabulary. One walk over each
 * element's attribute slots in the compact tree (names compared as ids) answers all of them, and the searches then visit only the elements
 * listed here. (The title's byline test asks about single elements: `isAuthorElement`, by `holdsAuthor`.)
 * @module
 */
import { attributeNameIds, readAttributes } from '../analysis/node-data.js';
import { NodeKind, type AnalyzedDocument } from '../analysis/types.js';
import { BYLINE_TOKENS, DATELINE_TOKENS } from '../vocabulary/metadata-tokens.js';
import { pushLowerCaseTokens } from '../analysis/text.js';
import { hasRoleToken, mayHoldRoleToken } from '../vocabulary/class-tokens.js';
import { classValueHasRoleToken, MAX_REMEMBERED_CLASSES } from './elements.js';

/**
 * A link to an author's archive, the address blog engines give every author (WordPress `?author=102`,
 * `/author/jane-roe/`): `author` is the last path segment but one, or the only query parameter.
 */
const AUTHOR_ARCHIVE_HREF_RE = /^[^?#]*\/author\/[^/?#]+\/?(?:[?#]|$)|\?author=[^&#]+(?:#|$)/iu;
/**
 * The word both shapes of {@link AUTHOR_ARCHIVE_HREF_RE} hold, with its flags: a link without it is no
 * author archive. Tested first, it spares the full pattern's backtracking scan of every link of the page.
 */
const AUTHOR_WORD_RE = /author/iu;

/** True for a link to an author's archive (see {@link AUTHOR_ARCHIVE_HREF_RE}). */
function isAuthorArchiveHref(href: string | undefined): boolean {
  return href !== undefined && AUTHOR_WORD_RE.test(href) && AUTHOR_ARCHIVE_HREF_RE.test(href);
}

/**
 * The author and date elements of a page outside its excluded subtrees (script, style, hidden: the
 * searches skip them), each list in document order (ids of the analysis index).
 * @category Metadata
 */
export interface MetadataElementRoles {
  /** Elements that hold the author: `rel=author`, `itemprop=author`, a byline class token, a link to an author archive. */
  readonly author: readonly number[];
  /** Elements a date can be read from: `<time>`, `itemprop=datePublished`, a dateline class token. */
  readonly date: readonly number[];
}

/** The answer for each page asked about, dropped with it (a page's index does not change). */
const ROLES = new WeakMap<AnalyzedDocument, MetadataElementRoles>();

/** The author and date elements of `doc`, found in one walk on the first call for the page. @category Metadata */
export function metadataElementRoles(doc: AnalyzedDocument): MetadataElementRoles {
  let roles = ROLES.get(doc);
  if (roles === undefined) ROLES.set(doc, (roles = findElementRoles(doc)));
  return roles;
}

/**
 * True for an element that holds the author, by its tag name and attributes: `rel=author`,
 * `itemprop=author`, a class token of the author vocabulary (`author`, `byline`, ...) or a link to an
 * author archive.
 * @category Metadata
 */
export function holdsAuthor(tag: string, className: string | undefined, rel: string | undefined, itemprop: string | undefined, href: string | undefined): boolean {
  return holdsAuthorBy(tag, className !== undefined && classValueHasRoleToken(className, BYLINE_TOKENS, 'whole'), rel, itemprop, href);
}

/** {@link holdsAuthor} with the class test already answered (`bylineClass`: the class value has a byline token). */
function holdsAuthorBy(tag: string, bylineClass: boolean, rel: string | undefined, itemprop: string | undefined, href: string | undefined): boolean {
  return rel === 'author' || itemprop === 'author' || bylineClass || (tag === 'a' && isAuthorArchiveHref(href));
}

/** Bits of {@link classRoles}: a class value with a byline token, with a dateline token. */
const AUTHOR_CLASS = 1;
const DATE_CLASS = 2;
/** Role bits by class value, for the process (sites share many values: `container`, `entry-meta`, …). */
const ROLES_BY_CLASS = new Map<string, number>();

/** Most class values hold no word of either vocabulary, and are answered without the memo's lookup. */
const MAY_HOLD_ROLE = mayHoldRoleToken([BYLINE_TOKENS, DATELINE_TOKENS]);

/** The role bits of one class value: its lower-cased tokens read once for both vocabularies, remembered by value. */
function classRoles(value: string): number {
  if (!MAY_HOLD_ROLE(value)) return 0;
  let roles = ROLES_BY_CLASS.get(value);
  if (roles === undefined) {
    if (ROLES_BY_CLASS.size >= MAX_REMEMBERED_CLASSES) ROLES_BY_CLASS.clear();
    const tokens: string[] = [];
    pushLowerCaseTokens(value, tokens);
    roles = (hasRoleToken(tokens, BYLINE_TOKENS, 'whole') ? AUTHOR_CLASS : 0) | (hasRoleToken(tokens, DATELINE_TOKENS, 'holds') ? DATE_CLASS : 0);
    ROLES_BY_CLASS.set(value, roles);
  }
  return roles;
}

/** The attributes {@link findElementRoles} reads, by position. */
const ROLE_ATTRIBUTES = ['class', 'rel', 'itemprop', 'href'] as const;

function findElementRoles(doc: AnalyzedDocument): MetadataElementRoles {
  const { size, kind, tagOf, excluded, subtreeEnd } = doc.index;
  const nameIds = attributeNameIds(doc, ROLE_ATTRIBUTES);
  const values: (string | undefined)[] = new Array(ROLE_ATTRIBUTES.length);
  const author: number[] = [];
  const date: number[] = [];
  for (let id = 0; id < size; id++) {
    // an excluded subtree (script, style, hidden) holds no byline or dateline the searches take
    if (excluded[id] === 1) {
      id = subtreeEnd[id] - 1;
      continue;
    }
    if (kind[id] !== NodeKind.Element) continue;
    readAttributes(doc, id, nameIds, values);
    const className = values[0];
    const rel = values[1];
    const itemprop = values[2];
    const href = values[3];
    // both vocabularies answered by one lookup of the class value
    const roles = className ? classRoles(className) : 0;
    const name = tagOf(id);
    if (holdsAuthorBy(name, (roles & AUTHOR_CLASS) !== 0, rel, itemprop, href)) author.push(id);
    if (name === 'time' || itemprop === 'datePublished' || (roles & DATE_CLASS) !== 0) date.push(id);
  }
  return { author, date };
}
