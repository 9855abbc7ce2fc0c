/**
 * Markdown of the structured content: `contentHtml` converted by turndown (the most used
 * HTML-to-Markdown library, MIT, pure JavaScript on Node 20) with the GitHub-flavoured tables and
 * strikethrough of `@joplin/turndown-plugin-gfm` (the maintained fork of turndown's GFM plugin), and
 * a page document with the metadata as YAML front matter.
 * @module
 */
import { createRequire } from 'node:module';
import type TurndownService from 'turndown';
import type * as GfmPlugin from '@joplin/turndown-plugin-gfm';
import { textToHtml } from './text-html.js';
import { pushAll } from '../core/lists.js';

/**
 * What a Markdown or HTML page document is made of: the metadata (any scalar or list of strings),
 * the content, and the posts. A {@link PageResult} and the record `matn extract` prints both fit.
 * @category Content
 */
export interface DocumentSource {
  readonly title?: string | null;
  readonly author?: string | null;
  readonly date?: string | null;
  readonly lang?: string | null;
  readonly dir?: string | null;
  readonly url?: string | null;
  readonly finalUrl?: string | null;
  readonly canonicalUrl?: string | null;
  readonly siteName?: string | null;
  readonly description?: string | null;
  readonly keywords?: readonly string[];
  readonly kind?: string | null;
  readonly id?: string | null;
  readonly file?: string | null;
  readonly encoding?: string | null;
  readonly algorithm?: string | null;
  readonly contentHtml?: string;
  /** Plain text used when there is no `contentHtml`. */
  readonly body?: string;
  readonly posts?: readonly DocumentPost[];
  readonly comments?: readonly DocumentPost[];
}

/** A post of a {@link DocumentSource}. */
export interface DocumentPost {
  readonly author: string | null;
  readonly date: string | null;
  readonly text: string;
  readonly contentHtml?: string;
}

/** Metadata keys written in the front matter, in this order (those present). */
export const FRONT_MATTER_KEYS = [
  'title', 'author', 'date', 'lang', 'dir', 'url', 'finalUrl', 'canonicalUrl', 'siteName', 'description', 'keywords',
  'kind', 'id', 'file', 'encoding', 'algorithm',
] as const satisfies readonly (keyof DocumentSource)[];

let service: TurndownService | undefined;

/**
 * The one turndown service (built on first use: it holds only rules, no page state). turndown and
 * its plugin are CommonJS packages loaded here, on the first Markdown asked for, not when the
 * library is imported: loading them (turndown brings the domino DOM) is ≈ 40–50 ms of CPU that every
 * isolate paid at `import('matn')`, each `--jobs` worker included, though most runs print no
 * Markdown (docs/decisions.md).
 */
function turndown(): TurndownService {
  if (service === undefined) {
    const require = createRequire(import.meta.url);
    const TurndownService = require('turndown') as typeof import('turndown');
    const gfmPlugin = require('@joplin/turndown-plugin-gfm') as typeof GfmPlugin;
    service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '_' });
    service.use([gfmPlugin.tables, gfmPlugin.strikethrough]);
  }
  return service;
}

/**
 * Markdown of a piece of content HTML (GFM tables, fenced code, ATX headings).
 * @category Content
 * @example
 * htmlToMarkdown('<h2>Ingredients</h2><ul><li>lentils</li></ul>'); // '## Ingredients\n\n-   lentils'
 */
export function htmlToMarkdown(html: string): string {
  return html.trim() === '' ? '' : turndown().turndown(html);
}

/** YAML can hold only printable characters and reads U+2028/U+2029 as line breaks: escape them. */
const YAML_UNSAFE = /[\u007f-\u009f\u2028\u2029\ufeff]/gu;

/** A string as a YAML double-quoted scalar (a JSON string is one, once the characters YAML refuses are escaped). */
export function yamlString(value: string): string {
  return JSON.stringify(value).replace(YAML_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function yamlValue(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : yamlString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const items = value.filter((v): v is string => typeof v === 'string');
    return items.length === 0 ? null : `[${items.map(yamlString).join(', ')}]`;
  }
  return null;
}

/**
 * YAML front matter (`---` lines) of the metadata in `source` ({@link FRONT_MATTER_KEYS} present, strings quoted).
 * @category Content
 */
export function frontMatter(source: DocumentSource): string {
  const lines = ['---'];
  for (const key of FRONT_MATTER_KEYS) {
    const value = yamlValue(source[key]);
    if (value !== null) lines.push(`${key}: ${value}`);
  }
  lines.push('---');
  return lines.join('\n');
}

function contentOf(item: { readonly contentHtml?: string; readonly body?: string; readonly text?: string }): string {
  return item.contentHtml ?? textToHtml(item.body ?? item.text ?? '');
}

function postsMarkdown(list: readonly DocumentPost[] | undefined, heading: string): string[] {
  if (!list || list.length === 0) return [];
  const out = ['', `## ${heading}`];
  list.forEach((post, i) => out.push('', `### ${i + 1} · ${post.author ?? '?'} · ${post.date ?? '?'}`, '', htmlToMarkdown(contentOf(post))));
  return out;
}

/**
 * A page as a Markdown document: YAML front matter with its metadata, `# title`, the content
 * (from `contentHtml`, else the plain body), then posts and comments under `##` headings.
 * @category Content
 * @example
 * ```ts
 * import { extract, toMarkdown } from 'matn';
 * const md = toMarkdown(extract(bytes, { url }));
 * ```
 */
export function toMarkdown(source: DocumentSource): string {
  const out = [frontMatter(source), ''];
  if (typeof source.title === 'string' && source.title !== '') out.push(`# ${source.title}`, '');
  out.push(htmlToMarkdown(contentOf(source)));
  pushAll(out, postsMarkdown(source.posts, 'Posts'));
  pushAll(out, postsMarkdown(source.comments, 'Comments'));
  return `${out.join('\n').trimEnd()}\n`;
}
