/**
 * The record printed for one page: the fields `--fields` selects from a {@link PageResult}.
 * @module
 */
import { isMatnError, type PageResult, type PagePost } from '../index.js';

/** Fields `--fields` may name. `id` is always printed (and `url` in online mode, `error` when a page fails). */
export const EXTRACT_FIELDS = [
  'id', 'file', 'finalUrl', 'title', 'keywords', 'author', 'date', 'dateSource', 'lang', 'dir', 'description', 'siteName',
  'canonicalUrl', 'images', 'kind', 'body', 'posts', 'comments', 'pages', 'nextPage', 'encoding', 'charsetSource', 'algorithm',
  'confidence', 'diagnostics', 'timings',
  // moderation (docs/moderation.md): asking for either turns matching on
  'match', 'checks',
] as const;

/** One field of {@link EXTRACT_FIELDS}. */
export type ExtractField = (typeof EXTRACT_FIELDS)[number];

/** Fields printed when `--fields` is not given. */
export const DEFAULT_EXTRACT_FIELDS: readonly ExtractField[] = [
  'id', 'title', 'author', 'date', 'lang', 'dir', 'kind', 'body', 'posts', 'comments', 'nextPage', 'encoding', 'algorithm',
];

/** Where a page came from, as echoed in its record. */
export interface RecordSource {
  readonly id: string;
  /** The file read (offline mode). */
  readonly file?: string;
  /** The URL asked for (online mode); printed as `url` right after `id`. */
  readonly url?: string;
  /** The URL after redirects (online mode). */
  readonly finalUrl?: string;
}

/** A post or comment as printed (without the node id). */
export type PostRecord = Omit<PagePost, 'node'>;

/** Fields that need `extract(…, { matching: true })`. */
const MATCHING_FIELDS: readonly ExtractField[] = ['match', 'checks'];

/** True when `fields` asks for what only the matching stage computes. */
export function needsMatching(fields: readonly ExtractField[]): boolean {
  return fields.some((f) => MATCHING_FIELDS.includes(f));
}

/** A post as written out: every field but the node id, which only means something inside one analysis; `match`/`checks` only when asked for. */
function postRecord(post: PagePost, fields: readonly ExtractField[]): PostRecord {
  const { node: _node, match, checks, ...record } = post;
  return {
    ...record,
    ...(match !== undefined && fields.includes('match') ? { match } : {}),
    ...(checks !== undefined && fields.includes('checks') ? { checks } : {}),
  };
}

function fieldValue(field: ExtractField, source: RecordSource, page: PageResult, fields: readonly ExtractField[]): unknown {
  switch (field) {
    case 'id': return source.id;
    case 'file': return source.file ?? null;
    case 'finalUrl': return source.finalUrl ?? null;
    case 'keywords': return [...page.keywords];
    case 'images': return [...page.images];
    case 'pages': return [...page.pages];
    case 'posts': return page.posts.map((p) => postRecord(p, fields));
    case 'comments': return page.comments.map((p) => postRecord(p, fields));
    case 'match': return page.match ?? null;
    case 'checks': return page.checks ?? [];
    default: return page[field];
  }
}

/** The record of one page: `id` (and `url` when fetched), then the selected fields in {@link EXTRACT_FIELDS} order. */
export function extractRecord(source: RecordSource, page: PageResult, fields: readonly ExtractField[]): Record<string, unknown> {
  const record: Record<string, unknown> = { id: source.id };
  if (source.url !== undefined) record.url = source.url;
  for (const field of EXTRACT_FIELDS) {
    if (field !== 'id' && fields.includes(field)) record[field] = fieldValue(field, source, page, fields);
  }
  return record;
}

/**
 * The charset an error names, as `encoding`: a page that is not text still had its bytes sniffed,
 * and that is worth reporting (`matn normalize` exists to tell the charset).
 */
export function sniffedEncodingOf(error: unknown): { encoding?: string } {
  const charset = isMatnError(error) ? error.details.charset : undefined;
  return typeof charset === 'string' ? { encoding: charset } : {};
}

/** The record of a page that failed: `id`, `url` when known, the sniffed `encoding` when known, and `error`. */
export function errorRecord(source: RecordSource, error: Record<string, unknown>, cause?: unknown): Record<string, unknown> {
  return {
    id: source.id,
    ...(source.url !== undefined ? { url: source.url } : {}),
    ...sniffedEncodingOf(cause),
    error,
  };
}
