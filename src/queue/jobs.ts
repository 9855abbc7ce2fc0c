/**
 * What a queue job carries: a page by reference (a file path every worker can read, or a URL a
 * worker fetches) or by value (a WARC record's payload, base64). The job id is the page id, so
 * adding the same page twice is a no-op (BullMQ ignores a job whose id exists).
 * @module
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { PageSource } from '../runner/inputs.js';

/** The data of one page job. */
export type PageJobData =
  | { readonly kind: 'file'; readonly id: string; readonly path: string }
  | { readonly kind: 'url'; readonly id: string; readonly url: string }
  | { readonly kind: 'bytes'; readonly id: string; readonly url: string; readonly base64: string; readonly contentType?: string };

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

/**
 * The job data of a page source: files by absolute path (workers on other machines need the same
 * path: a shared or copied file system), URLs as given, in-memory pages (WARC records) by value.
 * Standard input is not queueable.
 */
export function jobDataOf(source: PageSource): PageJobData | null {
  switch (source.kind) {
    case 'file': return { kind: 'file', id: source.id, path: resolve(source.path) };
    case 'url': return { kind: 'url', id: source.id, url: source.url };
    case 'bytes': return {
      kind: 'bytes', id: source.id, url: source.url, base64: Buffer.from(source.bytes).toString('base64'),
      ...(source.contentType ? { contentType: source.contentType } : {}),
    };
    default: return null;
  }
}
