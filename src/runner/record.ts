/**
 * The record printed for one page: the fields `--fields` selects from a {@link PageResult}.
 * @module
 */
import { isMatnError } from '../core/errors.js';
import { RECORD_FIELDS, toRecord, type RecordField } from '../output/record.js';
import type { PageResult } from '../pipeline.js';

/** Fields `--fields` may name. `id` is always printed (and `url` in online mode, `error` when a page fails). */
export const EXTRACT_FIELDS = [
  'id', 'url', 'file', 'finalUrl', 'title', 'keywords', 'author', 'date', 'dateSource', 'lang', 'dir', 'description', 'siteName',
  'canonicalUrl', 'images', 'kind', 'body', 'posts', 'comments', 'pages', 'nextPage', 'encoding', 'charsetSource', 'algorithm',
  'confidence', 'diagnostics', 'timings', 'contentHtml',
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
  /** The HTTP status of a captured page (WARC input); printed as `httpStatus` right after `url`. */
  readonly httpStatus?: number | null;
}

/** A post or comment as printed (the library's record of it). */
export type { PostRecord } from '../output/record.js';

/** Fields that need `extract(…, { matching: true })`. */
const MATCHING_FIELDS: readonly ExtractField[] = ['match', 'checks'];

/** True when `fields` asks for what only the matching stage computes. */
export function needsMatching(fields: readonly ExtractField[]): boolean {
  return fields.some((f) => MATCHING_FIELDS.includes(f));
}

/** The record of one page: `id` (and `url` when fetched), then the selected fields in {@link EXTRACT_FIELDS} order. */
export function extractRecord(source: RecordSource, page: PageResult, fields: readonly ExtractField[]): Record<string, unknown> {
  const record: Record<string, unknown> = { id: source.id };
  if (source.url !== undefined || fields.includes('url')) record.url = source.url ?? null;
  if (source.httpStatus !== undefined) record.httpStatus = source.httpStatus;
  // the page's own fields are the library's compact record (toRecord), the source's are ours
  const pageRecord = toRecord(page, fields.filter(isRecordField));
  for (const field of EXTRACT_FIELDS) {
    if (field === 'id' || field === 'url' || !fields.includes(field)) continue;
    if (field === 'file') record.file = source.file ?? null;
    else if (field === 'finalUrl') record.finalUrl = source.finalUrl ?? null;
    else record[field] = pageRecord[field];
  }
  return record;
}

const isRecordField = (field: ExtractField): field is ExtractField & RecordField => (RECORD_FIELDS as readonly string[]).includes(field);

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
    ...(source.httpStatus !== undefined ? { httpStatus: source.httpStatus } : {}),
    ...sniffedEncodingOf(cause),
    error,
  };
}
