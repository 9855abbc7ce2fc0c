/**
 * `extractUrl`: fetch one page with the SSRF-safe fetcher the CLI also uses (`fetching/fetch.ts`:
 * timeouts, size limit, redirects checked hop by hop, private/loopback/link-local addresses refused
 * after DNS resolution) and extract it. The HTTP client is loaded on the first call only.
 * @module
 */
import { MatnError, type MatnErrorCode } from '../core/errors.js';
import type { FetchOptions } from '../fetching/fetch-options.js';
import { extract, type ExtractOptions, type PageResult } from '../pipeline.js';

export type { FetchOptions } from '../fetching/fetch-options.js';

/**
 * Options of {@link extractUrl}: those of {@link extract}, and how to fetch.
 * @category Pipeline
 */
export interface ExtractUrlOptions extends ExtractOptions {
  /** Timeout, size limit (defaults to `normalize.maxBytes`), redirects, retries, User-Agent, `allowPrivate`. @default {} */
  fetch?: FetchOptions;
}

/** The library's error code for a fetch failure's code. */
function codeOf(code: string): MatnErrorCode {
  if (code === 'timeout' || code === 'input-too-large') return code;
  if (code === 'invalid-url') return 'invalid-argument';
  return 'fetch-error';
}

/**
 * Fetches `url` and extracts the page. The response's Content-Type is the transport charset, and
 * the final URL (after redirects) the page URL that links and images are resolved against.
 * @throws MatnError `fetch-error` (with `details.reason`: `private-address`, `http-error` with
 * `status`, `not-html`, `too-many-redirects`, …), `timeout`, `input-too-large`, `invalid-argument`
 * (not an http(s) URL), and what {@link extract} throws.
 * @example
 * ```ts
 * const page = await extractUrl('https://example.org/article', { fetch: { timeoutMs: 5000 } });
 * ```
 * @category Pipeline
 */
export async function extractUrl(url: string | URL, options?: ExtractUrlOptions): Promise<PageResult> {
  const { fetch: fetchOptions, ...extractOptions } = options ?? {};
  const { createDispatcher, fetchPage } = await import('../fetching/fetch.js');
  const dispatcher = createDispatcher(fetchOptions?.allowPrivate === true);
  try {
    const maxBytes = fetchOptions?.maxBytes ?? extractOptions.normalize?.maxBytes;
    const page = await fetchPage(String(url), { ...fetchOptions, ...(maxBytes !== undefined ? { maxBytes } : {}) }, dispatcher);
    return extract(page.bytes, {
      ...extractOptions,
      url: extractOptions.url ?? page.finalUrl,
      normalize: { ...(page.contentType !== '' ? { contentType: page.contentType } : {}), ...extractOptions.normalize },
    });
  } catch (error) {
    const failure = error as { name?: string; code?: string; message?: string; details?: Record<string, unknown> };
    if (failure?.name !== 'PageError' || typeof failure.code !== 'string') throw error;
    throw new MatnError(codeOf(failure.code), failure.message ?? failure.code, { reason: failure.code, ...failure.details }, { cause: error });
  } finally {
    await dispatcher.close();
  }
}
