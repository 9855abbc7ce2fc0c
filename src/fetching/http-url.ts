/**
 * What the fetcher accepts as an address: an absolute http or https URL. Apart from fetch.ts so
 * that `matn queue add --urls` checks its lines without loading the HTTP client.
 * @module
 */
import { PageError } from './page-error.js';

/**
 * `text` as an http(s) URL, resolved against `base` when given.
 * @throws PageError `invalid-url` when it is not a URL or not http(s).
 */
export function parseHttpUrl(text: string, base?: string): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new PageError('invalid-url', `not a URL: "${text}"`, { url: text });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new PageError('invalid-url', `only http and https URLs can be fetched, not "${url.protocol}" (${text})`, { url: text });
  }
  return url;
}
