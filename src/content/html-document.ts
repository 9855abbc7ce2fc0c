/**
 * A page as a standalone HTML document: its metadata in `<head>`, its content in `<article>`, and
 * posts and comments as nested articles. Everything written is escaped or already safe
 * (`contentHtml` comes from the allowlist renderer).
 * @module
 */
import type { DocumentPost, DocumentSource } from './markdown.js';
import { textToHtml } from './text-html.js';

const ATTRIBUTE_SPECIAL = /[&<>"]/gu;
const ENTITY: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escape = (s: string): string => s.replace(ATTRIBUTE_SPECIAL, (c) => ENTITY[c]);
const DIRECTION = /^(?:ltr|rtl)$/u;
const LANGUAGE_TAG = /^[a-zA-Z]{2,8}(?:-[a-zA-Z0-9]{1,8})*$/u;

/** `<meta name>` lines of the metadata that has a standard name. */
const META_NAMES: Readonly<Partial<Record<keyof DocumentSource, string>>> = { author: 'author', description: 'description', date: 'date', siteName: 'application-name' };

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function postArticles(list: readonly DocumentPost[] | undefined, kind: string): string[] {
  if (!list || list.length === 0) return [];
  return [`<section class="${kind}">`, ...list.map((p) => [
    '<article>',
    `<header>${escape(p.author ?? '?')}${p.date ? ` · <time datetime="${escape(p.date)}">${escape(p.date)}</time>` : ''}</header>`,
    p.contentHtml ?? textToHtml(p.text),
    '</article>',
  ].join('\n')), '</section>'];
}

/**
 * A page as a standalone HTML document (UTF-8): title, metadata, content, posts and comments.
 * @category Content
 */
export function toHtmlDocument(source: DocumentSource): string {
  const lang = text(source.lang);
  const dir = text(source.dir);
  const attributes = `${lang && LANGUAGE_TAG.test(lang) ? ` lang="${lang}"` : ''}${dir && DIRECTION.test(dir) ? ` dir="${dir}"` : ''}`;
  const head = ['<meta charset="utf-8">'];
  const title = text(source.title);
  if (title) head.push(`<title>${escape(title)}</title>`);
  for (const [key, name] of Object.entries(META_NAMES)) {
    const value = text(source[key as keyof DocumentSource]);
    if (value) head.push(`<meta name="${name}" content="${escape(value)}">`);
  }
  const url = text(source.canonicalUrl) ?? text(source.url);
  if (url) head.push(`<link rel="canonical" href="${escape(url)}">`);
  const body = [
    '<article>',
    ...(title ? [`<h1>${escape(title)}</h1>`] : []),
    source.contentHtml ?? textToHtml(source.body ?? ''),
    ...postArticles(source.posts, 'posts'),
    ...postArticles(source.comments, 'comments'),
    '</article>',
  ];
  return `<!DOCTYPE html>\n<html${attributes}>\n<head>\n${head.join('\n')}\n</head>\n<body>\n${body.join('\n')}\n</body>\n</html>\n`;
}
