/**
 * Per-page failures that are not library errors (network, HTTP, gzip, worker, batch bookkeeping),
 * raised by the fetcher (fetch.ts, address.ts) and the page runner (runner/). They become
 * `{"id","error":{"code","message",...}}` records; the batch goes on.
 * @module
 */

import { CodedError } from '../core/errors.js';

/** Stable codes of {@link PageError}, in addition to the library's `MatnErrorCode`s. */
export type PageErrorCode =
  | 'invalid-url'
  | 'private-address'
  | 'too-many-redirects'
  | 'timeout'
  | 'fetch-error'
  | 'http-error'
  | 'not-html'
  | 'input-too-large'
  | 'bad-gzip'
  | 'duplicate-id'
  | 'worker-crashed'
  | 'out-of-memory'
  | 'symlink-loop'
  | 'busy';

/** A page-level failure with a stable code and facts a person can act on. */
export class PageError extends CodedError<PageErrorCode> {}

/** True when `value` is a {@link PageError}. */
export function isPageError(value: unknown): value is PageError {
  return value instanceof PageError;
}
