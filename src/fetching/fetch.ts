/**
 * Online mode: fetching one page with a timeout, a body-size limit, manually followed redirects
 * (each hop checked), retries with backoff, and the SSRF guard of address.ts.
 * @module
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, fetch, type Dispatcher, type Response } from 'undici';
import { checkLiteralHost, publicOnlyLookup } from './address.js';
import { DEFAULT_FETCH_OPTIONS, type FetchOptions } from './fetch-options.js';
import { parseHttpUrl } from './http-url.js';
import { isPageError, PageError } from './page-error.js';

export { DEFAULT_FETCH_OPTIONS, type FetchOptions } from './fetch-options.js';

/** A fetched page: its bytes (own ArrayBuffer, safe to transfer), Content-Type and final URL. */
export interface FetchedPage {
  readonly bytes: Uint8Array;
  readonly contentType: string;
  readonly finalUrl: string;
  readonly status: number;
  readonly redirects: number;
}

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
/** `text/html` and `application/xhtml+xml`, with or without parameters. */
const HTML_MEDIA_TYPE = /^\s*(?:text\/html|application\/xhtml\+xml)\s*(?:;|$)/i;

/** A connection pool whose DNS lookups refuse non-public addresses (unless `allowPrivate`). */
export function createDispatcher(allowPrivate: boolean): Agent {
  return new Agent(allowPrivate ? {} : { connect: { lookup: publicOnlyLookup } });
}

/** The PageError somewhere in an error's cause chain (undici wraps lookup errors in `fetch failed`). */
function pageErrorIn(error: unknown): PageError | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (isPageError(e)) return e;
  }
  return undefined;
}

function translateError(error: unknown, url: string, timeoutMs: number): PageError {
  const page = pageErrorIn(error);
  if (page) return page;
  const name = (error as Error)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new PageError('timeout', `no complete answer from ${url} within ${timeoutMs} ms (raise --timeout)`, { url, timeoutMs });
  }
  const cause = (error as Error)?.cause as NodeJS.ErrnoException | undefined;
  const detail = cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error);
  return new PageError('fetch-error', `cannot fetch ${url}: ${detail}`, { url }, { cause: error });
}

async function readBody(response: Response, url: string, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  const tooLarge = (size: string): PageError => new PageError('input-too-large', `${url} sends ${size} bytes, more than the limit of ${maxBytes} (raise --max-bytes)`, { url, maxBytes });
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge(String(declared));
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel();
        throw tooLarge(`more than ${maxBytes}`);
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(total); // own buffer: transferable to a worker
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** One attempt: follows redirects by hand, checking every hop. */
async function fetchOnce(start: URL, o: Readonly<Required<FetchOptions>>, dispatcher: Dispatcher): Promise<FetchedPage> {
  let url = start;
  for (let redirects = 0; ; redirects++) {
    if (!o.allowPrivate) checkLiteralHost(url.hostname);
    const signal = AbortSignal.timeout(o.timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, {
        redirect: 'manual', signal, dispatcher,
        headers: { 'user-agent': o.userAgent, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1' },
      });
    } catch (error) {
      throw translateError(error, url.href, o.timeoutMs);
    }
    const location = response.headers.get('location');
    if (REDIRECT_STATUSES.has(response.status) && location !== null) {
      await response.body?.cancel();
      if (redirects >= o.maxRedirects) {
        throw new PageError('too-many-redirects', `${start.href} redirects more than ${o.maxRedirects} times (last hop: ${url.href})`, { url: start.href, maxRedirects: o.maxRedirects });
      }
      url = parseHttpUrl(location, url.href);
      continue;
    }
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel();
      throw new PageError('http-error', `${url.href} answered HTTP ${response.status} ${response.statusText}`.trimEnd(), { url: url.href, status: response.status });
    }
    const contentType = response.headers.get('content-type') ?? '';
    if (contentType !== '' && !HTML_MEDIA_TYPE.test(contentType)) {
      await response.body?.cancel();
      throw new PageError('not-html', `${url.href} is "${contentType}", not an HTML page`, { url: url.href, contentType });
    }
    try {
      const bytes = await readBody(response, url.href, o.maxBytes);
      return { bytes, contentType, finalUrl: url.href, status: response.status, redirects };
    } catch (error) {
      throw translateError(error, url.href, o.timeoutMs);
    }
  }
}

/** True for failures worth another try: timeouts, network errors, 5xx and 429. */
export function isRetryable(error: PageError): boolean {
  if (error.code === 'timeout' || error.code === 'fetch-error') return true;
  const status = error.details.status;
  return error.code === 'http-error' && typeof status === 'number' && (status >= 500 || status === 429);
}

/**
 * Fetches one HTML page. Resolves to its bytes and Content-Type, or rejects with a {@link PageError}
 * (`invalid-url`, `private-address`, `too-many-redirects`, `timeout`, `fetch-error`, `http-error`
 * with `status`, `not-html`, `input-too-large`).
 */
export async function fetchPage(target: string, options: FetchOptions, dispatcher: Dispatcher): Promise<FetchedPage> {
  const o = { ...DEFAULT_FETCH_OPTIONS, ...options };
  const start = parseHttpUrl(target);
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetchOnce(start, o, dispatcher);
    } catch (error) {
      const page = isPageError(error) ? error : translateError(error, start.href, o.timeoutMs);
      if (attempt >= o.retries || !isRetryable(page)) {
        throw attempt === 0 ? page : new PageError(page.code, `${page.message} (after ${attempt + 1} attempts)`, { ...page.details, attempts: attempt + 1 });
      }
      await sleep(o.retryDelayMs * 2 ** attempt);
    }
  }
}
