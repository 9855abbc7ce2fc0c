/**
 * The site's own name, as the page states it: the names it declares (`og:site_name`, `application-name`,
 * JSON-LD `publisher`), the labels of its links to its home page (text, `title`, a logo's `alt`), its
 * host name (`lebensmittelpraxis.de`), and the holder of its copyright notice. A title segment or a
 * declared author that is one of them names the site, not the page or a person.
 * @module
 */
import { NodeKind, type AnalyzedDocument } from '../analysis/types.js';
import { attributeOf, collapseWhitespace } from './elements.js';
import type { JsonLdArticle } from './json-ld.js';
import { allMeta, firstMeta, type MetaTags } from './meta-tags.js';
import { extractCanonicalUrl } from './page-fields.js';
import { readDeclaredTitles } from './declared-titles.js';
import { DEFAULT_METADATA_OPTIONS, type MetadataOptions } from './options.js';
import { normalizeForComparison } from './similarity.js';

/** Metas that name the site. */
const SITE_NAME_KEYS = ['og:site_name', 'application-name', 'apple-mobile-web-app-title'] as const;
/** The links' tag; their ids (`elementsByTag`, shared, not copied) are read by index: a page can have tens of thousands. */
const LINK_TAG = 'a';
/** A link to the site's home page: `/`, `./`, `index.php`, `http://host/`. */
const HOME_HREF_RE = /^(?:\.{0,2}\/?|\.?\/?index\.[a-z]{2,5}|https?:\/\/[^/?#]+\/?(?:index\.[a-z]{2,5})?)$/iu;
/** A web archive's address of a captured page: `https://web.archive.org/web/20160526181643/http://host/path`. */
const ARCHIVED_URL_RE = /^https?:\/\/[^/]+\/web\/\d{4,14}[a-z_]*\/(.+)$/iu;
const SCHEME_RE = /^[a-z][a-z\d+.-]*:\/\//iu;
/** Second-level labels under a country's domain (`co.uk`, `com.br`, `or.at`): the name is the label before them. */
const SHORT_SECOND_LEVEL_RE = /^[a-z]{2,3}$/u;
/** Host labels that name a service of the site, not the site (`www.`, `m.`). */
const SERVICE_LABEL_RE = /^(?:www\d?|m|mobile|amp)$/u;
/** Letters and digits only, accents dropped: `St.Galler Tagblatt` and `St. Galler Tagblatt` compare equal. */
const NOT_ALPHANUMERIC_RE = /[^\p{L}\p{N}]+/gu;
const COMBINING_MARK_RE = /\p{M}+/gu;
/** `© 2016 Jane Roe`, `Copyright © 2012-2015 Ink News.`: the holder's name after the sign and the years. */
const COPYRIGHT_HOLDER_RE = /(?:copyright(?:[ \t]*(?:©|\(c\)))?|©|\(c\))[ \t]*(?:\d{4}(?:[ \t]*[-–][ \t]*(?:\d{4})?)?[ \t,]*)?([^\n©|·•—–,.;:\d]{2,60})/giu;
/** Separators between the parts of a declared site name. */
const SITE_NAME_PARTS_RE = /\s+[-–—|•·]\s+|\s*\|\s*/u;
const WWW_RE = /^www\d?\./u;
/** The address of a site's home page: nothing or `index.*` after the host. */
const HOME_URL_PATH_RE = /^\/(?:index\.[a-z]{2,5})?$/iu;

/** True for the address of a site's home page (`https://host/`, `https://host/index.html`). */
function isHomeUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const { pathname, search } = new URL(url);
  // `/?p=3289` is a post, not the home page: a query names the page
  return HOME_URL_PATH_RE.test(pathname) && search === '';
}

/**
 * What a page says its site is called, in comparison form ({@link compactName}).
 * @category Metadata
 */
export interface SiteNames {
  /** Declared names (and their parts: `LN - Lübecker Nachrichten` gives `ln` and `lubeckernachrichten`) and home-link labels. */
  readonly names: ReadonlySet<string>;
  /** The names of the hosts the page gives (canonical link, `og:url`, the caller's URL): `lebensmittelpraxis`, `japantimes`. */
  readonly hostLabels: readonly string[];
  /** The host names themselves, lower-cased (`dw.com`). */
  readonly hosts: readonly string[];
  /** A text holding a host label names the site when the label is at least this share of it (`siteHostShare`). */
  readonly hostShare: number;
  /**
   * Declared names that are also a whole title the page declares (`application-name`, even `og:site_name`,
   * sometimes repeat the page's title): the title may be one of them when a heading shows it.
   */
  readonly echoes: ReadonlySet<string>;
}

/** The site name from `og:site_name`, `application-name` or the JSON-LD publisher, or null. @category Metadata */
export function findSiteName(meta: MetaTags, jsonLd?: JsonLdArticle | null): string | null {
  return firstMeta(meta, SITE_NAME_KEYS)?.value ?? jsonLd?.publisher ?? null;
}

/** No site names: every text is the page's own. @category Metadata */
export const NO_SITE_NAMES: SiteNames = Object.freeze({ names: new Set<string>(), hostLabels: [], hosts: [], hostShare: DEFAULT_METADATA_OPTIONS.siteHostShare, echoes: new Set<string>() });

/** The site's names without its {@link SiteNames.echoes}. @category Metadata */
export function withoutEchoes(site: SiteNames): SiteNames {
  return { ...site, names: new Set([...site.names].filter((n) => !site.echoes.has(n))), echoes: new Set() };
}

/**
 * Letters and digits of `text`, lower-cased and without accents: the form site names compare in.
 * @example compactName('St. Galler Tagblatt'); // 'stgallertagblatt'
 * @category Metadata
 */
export function compactName(text: string): string {
  return text.normalize('NFKD').replace(COMBINING_MARK_RE, '').toLowerCase().replace(NOT_ALPHANUMERIC_RE, '');
}

/**
 * Characters whose compact form does not depend on their neighbours: those below U+0300 (their
 * decompositions' marks all fall in U+0300–U+036F and are dropped; none is a combining character itself,
 * and none lower-cases by context as `Σ` does) and general punctuation (U+2000–U+206F).
 */
const COMPACT_BY_CHARACTER_RE = /^[\u0000-\u02ff\u2000-\u206f]*$/u;
const ASCII_ALPHANUMERIC_RE = /[a-z0-9]/iu;

/**
 * The compact form of `text` ({@link compactName}) with, for each offset `k`, where the compact form of
 * `text.slice(k)` starts in it (`starts[k]`): that form is `compact.slice(starts[k])`. Null when `text`
 * holds a character whose compact form depends on its neighbours (see {@link COMPACT_BY_CHARACTER_RE}):
 * then only `compactName` of each suffix answers. Spares compacting every suffix of a text anew.
 */
export function compactSuffixes(text: string): { compact: string; starts: Int32Array } | null {
  if (!COMPACT_BY_CHARACTER_RE.test(text)) return null;
  const pieces: string[] = [];
  const starts = new Int32Array(text.length + 1);
  let length = 0;
  for (let k = 0; k < text.length; k++) {
    starts[k] = length;
    const c = text[k];
    const piece = text.charCodeAt(k) < 0x80 ? (ASCII_ALPHANUMERIC_RE.test(c) ? c.toLowerCase() : '') : compactName(c);
    pieces.push(piece);
    length += piece.length;
  }
  starts[text.length] = length;
  return { compact: pieces.join(''), starts };
}

/** The host of an address, the captured page's for a web archive's address; null when it has none. */
export function hostOf(url: string): string | null {
  const inner = ARCHIVED_URL_RE.exec(url.trim())?.[1];
  const target = inner === undefined ? url.trim() : SCHEME_RE.test(inner) ? inner : `http://${inner}`;
  if (!URL.canParse(target)) return null;
  const host = new URL(target).hostname.toLowerCase();
  return host.includes('.') ? host : null;
}

/**
 * The label that names the site in a host: the one before the public suffix, without service labels
 * (`www.japantimes.co.jp` → `japantimes`, `fischerhuette.hejfish.com` → `hejfish`).
 */
export function siteLabelOf(host: string): string | null {
  const labels = host.split('.').filter((l) => !SERVICE_LABEL_RE.test(l));
  labels.pop(); // the top-level domain
  if (labels.length > 1 && SHORT_SECOND_LEVEL_RE.test(labels[labels.length - 1]) && host.split('.').pop()!.length === 2) labels.pop();
  const label = labels.pop();
  return label === undefined ? null : compactName(label);
}

/** True for a link to the site's home page (`/`, `index.php`, `http://host/`). @category Metadata */
export function isHomeLink(doc: AnalyzedDocument, id: number): boolean {
  if (doc.index.tagOf(id) !== 'a') return false;
  const href = attributeOf(doc, id, 'href');
  return href !== undefined && HOME_HREF_RE.test(href.trim());
}

/**
 * Labels of the page's links to its own home page (`/`, `index.php`, or the root of one of `hosts`; an
 * empty `href` is the page itself): their text, their `title`, the `alt` of a logo inside them.
 */
function homeLinkLabels(doc: AnalyzedDocument, hosts: readonly string[]): string[] {
  const out: string[] = [];
  const { excluded, subtreeEnd } = doc.index;
  const links = doc.index.elementsByTag(LINK_TAG);
  for (let k = 0; k < links.length; k++) {
    const id = links[k];
    if (excluded[id] === 1) continue;
    const href = attributeOf(doc, id, 'href')?.trim() ?? '';
    if (href === '' || !HOME_HREF_RE.test(href)) continue;
    const host = SCHEME_RE.test(href) ? hostOf(href) : null;
    if (host !== null && !hosts.includes(host)) continue;
    out.push(collapseWhitespace(doc.textOf(id)), attributeOf(doc, id, 'title') ?? '');
    for (let d = id + 1; d < subtreeEnd[id]; d++) if (doc.index.tagOf(d) === 'img') out.push(attributeOf(doc, d, 'alt') ?? '');
  }
  return out;
}

/** The text between two links of a breadcrumb trail: one arrow-like separator (`›`, `»`, `>`, `->`, `→`, `/`, `::`). */
const BREADCRUMB_SEPARATOR_RE = /^(?:[›»>→/]|->|::)$/u;

/** The next sibling of `id`, or -1 (preorder ids: a sibling starts where the subtree before it ends). */
function nextSibling(doc: AnalyzedDocument, id: number): number {
  const next = doc.index.subtreeEnd[id];
  return next < doc.index.size && doc.index.parent[next] === doc.index.parent[id] ? next : -1;
}

/** The link after `id` in a trail (`<a>…</a> › <a>…</a>`), or -1. */
function nextTrailLink(doc: AnalyzedDocument, id: number): number {
  const between = nextSibling(doc, id);
  if (between < 0 || doc.index.kind[between] !== NodeKind.Text || !BREADCRUMB_SEPARATOR_RE.test(doc.textOf(between).trim())) return -1;
  const link = nextSibling(doc, between);
  return link >= 0 && doc.index.tagOf(link) === LINK_TAG ? link : -1;
}

/**
 * The label of the first link of the page's first breadcrumb trail (`<a>Board</a> › <a>Section</a> › Topic`):
 * the trail starts at the site's root, whatever address the root link has (a forum script's own path), so
 * its label names the site. Null when the page has no trail of two links or more.
 */
function breadcrumbRootLabel(doc: AnalyzedDocument): string | null {
  // in document order, the first link followed by a trail link is the first of its trail
  const links = doc.index.elementsByTag(LINK_TAG);
  for (let k = 0; k < links.length; k++) {
    const id = links[k];
    if (doc.index.excluded[id] === 0 && nextTrailLink(doc, id) >= 0) return collapseWhitespace(doc.textOf(id));
  }
  return null;
}

/**
 * The names a page gives its site: the first of `og:site_name`, `application-name`,
 * `apple-mobile-web-app-title`, and the JSON-LD `publisher`, each with its parts (the declared names that
 * are also a whole declared title are its echoes); the labels of links to its home page and of the first
 * link of its breadcrumb trail (not on the home page itself); the hosts of its canonical link, its
 * `og:url` and the `urls` given (the page's own address, when the caller knows it).
 * @category Metadata
 */
export function findSiteNames(
  doc: AnalyzedDocument,
  meta: MetaTags,
  jsonLd: JsonLdArticle | null | undefined,
  urls: readonly string[] = [],
  options: Pick<MetadataOptions, 'siteHostShare' | 'minHostLabel' | 'jsonLdTitleMatch'> = DEFAULT_METADATA_OPTIONS,
): SiteNames {
  const o = { ...DEFAULT_METADATA_OPTIONS, ...options };
  const names = new Set<string>();
  const add = (text: string): void => {
    const c = compactName(text);
    if (c !== '') names.add(c);
  };
  // the first site-name meta present, and the JSON-LD publisher
  const declared = meta.get(SITE_NAME_KEYS.find((key) => meta.has(key)) ?? '') ?? [];
  const titles = new Set(readDeclaredTitles(doc, meta, jsonLd, o.jsonLdTitleMatch).map((d) => compactName(d.text)));
  const echoes = new Set<string>();
  for (const name of [...declared, ...(jsonLd?.publisher ? [jsonLd.publisher] : [])]) {
    // a declared name of several parts (`LN - Lübecker Nachrichten`, `Fischerhütte | hejfish.com`): each part names the site
    const parts = [name, ...name.split(SITE_NAME_PARTS_RE)].map(compactName);
    const isEcho = titles.has(parts[0]);
    for (const part of parts) {
      add(part);
      if (isEcho || titles.has(part)) echoes.add(part);
    }
  }
  const canonical = extractCanonicalUrl(doc, meta)?.value ?? '';
  const pageUrls = [canonical, ...allMeta(meta, ['og:url']), ...urls];
  const hosts = [...new Set(pageUrls.map(hostOf).filter((h): h is string => h !== null))];
  // on the home page itself, a link to `/` is a link to this page: its label names the page
  if (!pageUrls.some(isHomeUrl)) for (const label of [...homeLinkLabels(doc, hosts), breadcrumbRootLabel(doc) ?? '']) add(label);
  const hostLabels = [...new Set(hosts.map(siteLabelOf).filter((l): l is string => l !== null && l.length >= o.minHostLabel))];
  return { names, hostLabels, hosts, hostShare: o.siteHostShare, echoes };
}

/**
 * True when `text` names the site: one of its names (or one repeated: `Netz Für Alle Netz Für Alle`),
 * its host (`Weinkenner.de`), or a text that is mostly the host's name
 * (`OÖ Volksblatt` on `volksblatt.at`, `The Japan Times` on `japantimes.co.jp`).
 * @category Metadata
 */
export function isSiteName(text: string, site: SiteNames): boolean {
  const c = compactName(text);
  if (c === '') return false;
  if (site.names.has(c)) return true;
  for (const name of site.names) {
    if (name.length > 0 && c.length > name.length && c.length % name.length === 0 && name.repeat(c.length / name.length) === c) return true;
  }
  if (site.hosts.some((h) => compactName(h.replace(WWW_RE, '')) === c)) return true;
  return site.hostLabels.some((label) => c.includes(label) && label.length >= site.hostShare * c.length);
}

/** True when `text` holds one of the site's host names (`Deutsche Welle (www.dw.com)`), `www.` aside. @category Metadata */
export function holdsSiteHost(text: string, site: SiteNames): boolean {
  const lower = text.toLowerCase();
  return site.hosts.some((h) => lower.includes(h.replace(WWW_RE, '')));
}

/**
 * The holders the page's copyright notices name (`© 2016 Jane Roe`, `Copyright (c) 2012- Jane Roe.`), as
 * written and trimmed, in page order; at most `maxNotices` notices are read.
 */
function copyrightHolders(doc: AnalyzedDocument, maxNotices: number): string[] {
  const out: string[] = [];
  for (const m of doc.text.matchAll(COPYRIGHT_HOLDER_RE)) {
    out.push(m[1].trim());
    if (out.length >= maxNotices) break;
  }
  return out;
}

/**
 * True when `name` holds the copyright of the page (`© 2012 Jane Roe`): the site is named after its owner.
 * At most `maxNotices` notices are read.
 * @category Metadata
 */
export function isCopyrightHolder(doc: AnalyzedDocument, name: string, maxNotices: number): boolean {
  const wanted = normalizeForComparison(name);
  return wanted !== '' && copyrightHolders(doc, maxNotices).some((h) => {
    const holder = normalizeForComparison(h);
    return holder === wanted || holder.startsWith(`${wanted} `);
  });
}
