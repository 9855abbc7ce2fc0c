/**
 * URLs of the content: the document's base (`<base href>` against the page URL) and the check that
 * lets only web and mail addresses through (never `javascript:`, `data:`, `vbscript:`, …).
 * @module
 */
import type { AnalyzedDocument } from '../analysis/types.js';
import { findElements } from '../analysis/tag-index.js';
import { attributeOf } from '../metadata/elements.js';

const BASE_TAG: ReadonlySet<string> = new Set(['base']);

/** Schemes a link may keep. */
const LINK_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:']);
/** Schemes an image source may keep (a `data:` image is inline bytes, not a resource to list). */
const IMAGE_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:']);

/** What a URL is used for: a link's `href` or an image's `src`. */
export type UrlUse = 'link' | 'image';

/**
 * The base URL of the page: its first `<base href>` resolved against `url`, else `url`; '' when
 * neither gives one.
 * @category Content
 */
export function documentBase(doc: AnalyzedDocument, url: string): string {
  const baseId = findElements(doc.index, BASE_TAG, 1)[0];
  const href = baseId === undefined ? undefined : attributeOf(doc, baseId, 'href')?.trim();
  if (!href) return url;
  try {
    return new URL(href, url === '' ? undefined : url).href;
  } catch {
    return url;
  }
}

/**
 * `raw` resolved against `base` when it is a web (or, for links, mail) address, else null. With no
 * base a relative reference is kept as written; a reference with any other scheme is refused. The
 * WHATWG URL parser strips the tabs, newlines and leading controls that `java\tscript:` hides behind,
 * so the scheme checked is the one a browser would see.
 * @category Content
 */
export function safeUrl(raw: string, base: string, use: UrlUse): string | null {
  const value = raw.trim();
  if (value === '') return null;
  const schemes = use === 'link' ? LINK_SCHEMES : IMAGE_SCHEMES;
  try {
    const absolute = new URL(value, base === '' ? undefined : base);
    return schemes.has(absolute.protocol) ? absolute.href : null;
  } catch {
    // no base and relative: fine as written unless something before a ':' could be read as a scheme
    return base === '' && isRelativeReference(value) ? value : null;
  }
}

const SCHEME_LIKE = /^[^/?#]*:/u;
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f]/u;

/** True for a reference that no browser could read as having a scheme. */
function isRelativeReference(value: string): boolean {
  return !SCHEME_LIKE.test(value) && !CONTROL_OR_SPACE.test(value.slice(0, 1));
}
