/**
 * The compact record of a page: the JSON `matn extract` prints, from a `PageResult`. Plain
 * values only (no node ids, no typed arrays, no decoded HTML), so it is what `JSON.stringify`
 * should write — and what `PageResult.toJSON` gives.
 * @module
 */
import type { MatchingFields } from '../moderation/page.js';
import type { PagePost } from '../post-fields.js';
import type { PageFields } from './types.js';

/**
 * The page a record is written from: the plain fields of a page result, {@link PageFields}
 * (`PageResult` extends it, so every result is one).
 * @category Pipeline
 */
export type RecordablePage = PageFields;

/**
 * Fields of a {@link PageResult} a record can hold, in the order they are written.
 * @category Pipeline
 */
export const RECORD_FIELDS = Object.freeze([
  'url', 'title', 'keywords', 'author', 'date', 'dateSource', 'lang', 'dir', 'description', 'siteName',
  'canonicalUrl', 'images', 'kind', 'body', 'posts', 'comments', 'pages', 'nextPage', 'encoding', 'charsetSource', 'algorithm',
  'confidence', 'diagnostics', 'timings', 'contentHtml',
  // moderation (docs/moderation.md): written only for a page extracted with `matching` on
  'match', 'checks',
] as const);

/** One of {@link RECORD_FIELDS}. @category Pipeline */
export type RecordField = (typeof RECORD_FIELDS)[number];

/**
 * The fields `matn extract` prints by default.
 * @category Pipeline
 */
export const DEFAULT_RECORD_FIELDS: readonly RecordField[] = Object.freeze([
  'title', 'author', 'date', 'lang', 'dir', 'kind', 'body', 'posts', 'comments', 'nextPage', 'encoding', 'algorithm',
]);

/**
 * A post or comment in a record: every field but the node ids (they mean something only inside one
 * analysis); `contentHtml`, `match` and `checks` only when the record has that field.
 * @category Pipeline
 */
export type PostRecord = Omit<PagePost, 'node' | 'recordEnd' | 'content' | 'contentHtml' | 'match' | 'checks'> & {
  readonly contentHtml?: string;
  readonly match?: MatchingFields['match'];
  readonly checks?: MatchingFields['checks'];
};

/**
 * Which of a post's optional fields its record holds: each is there when the page record has the
 * field of the same name (and, for `match`/`checks`, when the post was extracted with matching on).
 * @category Pipeline
 */
export interface PostRecordFields {
  /** @default false */
  readonly contentHtml?: boolean;
  /** @default false */
  readonly match?: boolean;
  /** @default false */
  readonly checks?: boolean;
}

/** A post as written in a record. */
export function toPostRecord(post: PagePost, include: PostRecordFields = {}): PostRecord {
  // field by field, not a rest pattern: naming contentHtml there would read it, and reading it
  // renders the page's content (a lazy field of extract()'s result)
  const record: Record<string, unknown> = {};
  for (const key of Object.keys(post) as (keyof PagePost)[]) {
    if (key !== 'node' && key !== 'recordEnd' && key !== 'content' && key !== 'contentHtml' && key !== 'match' && key !== 'checks') record[key] = post[key];
  }
  if (include.contentHtml === true) record.contentHtml = post.contentHtml;
  if (include.match === true && post.match !== undefined) record.match = post.match;
  if (include.checks === true && post.checks !== undefined) record.checks = post.checks.map((c) => ({ ...c }));
  return record as PostRecord;
}

function valueOf(page: RecordablePage, field: RecordField, include: PostRecordFields): unknown {
  switch (field) {
    case 'keywords': return [...page.keywords];
    case 'images': return page.images.map((image) => ({ ...image }));
    case 'pages': return [...page.pages];
    case 'posts': return page.posts.map((p) => toPostRecord(p, include));
    case 'comments': return page.comments.map((p) => toPostRecord(p, include));
    case 'diagnostics': return page.diagnostics.map((d) => ({ ...d }));
    case 'timings': return { ...page.timings };
    case 'checks': return page.checks?.map((c) => ({ ...c }));
    default: return page[field];
  }
}

/** Fields a page has only when it was extracted with `matching` on: left out of records otherwise. */
const MATCHING_FIELDS: ReadonlySet<RecordField> = new Set(['match', 'checks']);

/**
 * The compact record of a page with the given fields (in {@link RECORD_FIELDS} order): the JSON
 * `matn extract` prints, without its `id`.
 * @example
 * ```ts
 * JSON.stringify(toRecord(extract(bytes), ['title', 'body', 'posts']));
 * ```
 * @category Pipeline
 */
export function toRecord(page: RecordablePage, fields: readonly RecordField[] = DEFAULT_RECORD_FIELDS): Record<string, unknown> {
  const include: PostRecordFields = { contentHtml: fields.includes('contentHtml'), match: fields.includes('match'), checks: fields.includes('checks') };
  const record: Record<string, unknown> = {};
  for (const field of RECORD_FIELDS) {
    if (!fields.includes(field)) continue;
    // without matching there is no match/checks: the record (and JSON.stringify(page)) stays as it was
    if (MATCHING_FIELDS.has(field) && page[field] === undefined) continue;
    record[field] = valueOf(page, field, include);
  }
  return record;
}
