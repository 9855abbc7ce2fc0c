/**
 * What a queue job carries: a page by reference (a file path every worker can read, or a URL a
 * worker fetches) or by value (a WARC record's payload, base64). The job id is the page id, so
 * adding the same page twice is a no-op (BullMQ ignores a job whose id exists).
 * @module
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { parseHttpUrl } from '../fetching/http-url.js';
import type { PageSource } from '../runner/inputs.js';

/** The data of one page job. */
export type PageJobData =
  | { readonly kind: 'file'; readonly id: string; readonly path: string }
  | { readonly kind: 'url'; readonly id: string; readonly url: string }
  | { readonly kind: 'bytes'; readonly id: string; readonly url: string; readonly base64: string; readonly contentType?: string; readonly httpStatus?: number | null };

/** Characters BullMQ refuses or mis-reads in a custom job id (`:` separates its keys). */
const UNSAFE_JOB_ID = /[^A-Za-z0-9._-]/u;
const DIGITS_ONLY = /^\d+$/u;

/**
 * The job id of a page: the page id when it is safe for BullMQ (no `:`, not all digits, which
 * BullMQ reserves for its own ids), else `h-` and a SHA-256 prefix of it. Stable, so re-adding a
 * page finds its job.
 */
export function jobIdOf(pageId: string): string {
  if (pageId !== '' && !UNSAFE_JOB_ID.test(pageId) && !DIGITS_ONLY.test(pageId)) return pageId;
  return `h-${createHash('sha256').update(pageId).digest('hex').slice(0, 24)}`;
}

/** A source that cannot become a job, and why (`queue add` reports each and exits 1). */
export interface Refusal {
  readonly id: string;
  /** `invalid-url`, `not-queueable` (standard input), or the damage of a WARC file (`warc-truncated`, `warc-invalid`). */
  readonly code: string;
  readonly message: string;
}

/** The job of a page source, or why it has none. */
export type JobOrRefusal = { readonly job: PageJobData } | { readonly refused: Refusal };

/**
 * The job data of a page source: files by absolute path (workers on other machines need the same
 * path: a shared or copied file system), http(s) URLs as given, in-memory pages (WARC records) by
 * value. Refused: a line of a URL list that is not an http(s) URL, standard input, and the damage
 * of a WARC file.
 */
export function jobDataOf(source: PageSource): JobOrRefusal {
  switch (source.kind) {
    case 'file': return { job: { kind: 'file', id: source.id, path: resolve(source.path) } };
    case 'url':
      try {
        parseHttpUrl(source.url);
      } catch (error) {
        return { refused: { id: source.id, code: 'invalid-url', message: (error as Error).message } };
      }
      return { job: { kind: 'url', id: source.id, url: source.url } };
    case 'bytes': return {
      job: {
        kind: 'bytes', id: source.id, url: source.url, base64: Buffer.from(source.bytes).toString('base64'),
        ...(source.contentType ? { contentType: source.contentType } : {}),
        ...(source.httpStatus !== undefined ? { httpStatus: source.httpStatus } : {}),
      },
    };
    case 'unreadable': return { refused: { id: source.id, code: (source.error as { code?: string }).code ?? 'io-error', message: source.error.message } };
    case 'stdin': return { refused: { id: source.id, code: 'not-queueable', message: 'standard input cannot be queued (workers could not read it)' } };
  }
}
