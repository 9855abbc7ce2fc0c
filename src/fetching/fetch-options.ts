/**
 * Options of online mode's fetching (a module of its own so that `--help` does not load the HTTP client).
 * @module
 */

/** Options of `fetchPage` (fetch.ts). */
export interface FetchOptions {
  /** Milliseconds allowed for one request (connect, headers and body). @default 15000 */
  timeoutMs?: number;
  /** Largest body accepted, in bytes (after content decoding). @default 33554432 */
  maxBytes?: number;
  /** Redirects followed before giving up with `too-many-redirects`. @default 5 */
  maxRedirects?: number;
  /** Retries after a 5xx, 429, timeout or network error. @default 2 */
  retries?: number;
  /** Delay before the first retry in ms; doubled for each further one. @default 500 */
  retryDelayMs?: number;
  /** User-Agent header. @default 'matn/0.1 (+https://www.npmjs.com/package/matn)' */
  userAgent?: string;
  /** Fetch private, loopback and link-local addresses too. @default false */
  allowPrivate?: boolean;
}

/** Defaults of {@link FetchOptions}. */
export const DEFAULT_FETCH_OPTIONS: Readonly<Required<FetchOptions>> = Object.freeze({
  timeoutMs: 15_000,
  maxBytes: 32 * 1024 * 1024,
  maxRedirects: 5,
  retries: 2,
  retryDelayMs: 500,
  userAgent: 'matn/0.1 (+https://www.npmjs.com/package/matn)',
  allowPrivate: false,
});

