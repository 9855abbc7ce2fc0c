/**
 * The record printed for one page: the fields `--fields` selects from a {@link PageResult}.
 * @module
 */
import { isMatnError, type PageResult, type PagePost } from '../index.js';

/** Fields `--fields` may name. `id` is always printed (and `url` in online mode, `error` when a page fails). */
export const EXTRACT_FIELDS = [
  'id', 'file', 'finalUrl', 'title', 'keywords', 'author', 'date', 'dateSource', 'lang', 'dir', 'description', 'siteName',
  'canonicalUrl', 'images', 'kind', 'body', 'posts', 'comments', 'pages', 'nextPage', 'encoding', 'charsetSource', 'algorithm',
  'confidence', 'diagnostics', 'timings', 'contentHtml',
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

/** A post or comment as printed (without the node ids; `contentHtml` only when that field is selected). */
export type PostRecord = Omit<PagePost, 'node' | 'content' | 'contentHtml'> & { readonly contentHtml?: string };

/** A post as written out: every field but the node ids, which only mean something inside one analysis. */
function postRecord(post: PagePost, withHtml: boolean): PostRecord {
  const { node: _node, content: _content, contentHtml, ...record } = post;
  return withHtml ? { ...record, contentHtml } : record;
}

function fieldValue(field: ExtractField, source: RecordSource, page: PageResult, fields: readonly ExtractField[]): unknown {
  const withHtml = fields.includes('contentHtml');
  switch (field) {
    case 'id': return source.id;
    case 'file': return source.file ?? null;
    case 'finalUrl': return source.finalUrl ?? null;
    case 'keywords': return [...page.keywords];
    case 'images': return page.images.map((image) => ({ ...image }));
    case 'pages': return [...page.pages];
    case 'posts': return page.posts.map((p) => postRecord(p, withHtml));
    case 'comments': return page.comments.map((p) => postRecord(p, withHtml));
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
