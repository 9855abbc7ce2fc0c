/**
 * Output formats: JSON Lines, one JSON array, the paper's plain-text layout, Markdown (from the
 * structured content, with YAML front matter) and a standalone HTML document.
 * @module
 */
import { toHtmlDocument } from '../content/html-document.js';
import { toMarkdown, type DocumentSource } from '../content/markdown.js';
import type { PostRecord } from './record.js';

/** Output formats of `matn extract`. */
export const OUTPUT_FORMATS = ['jsonl', 'json', 'text', 'markdown', 'html'] as const;

/** Formats written from the structured content: their records always carry `contentHtml`. */
export const STRUCTURED_FORMATS: readonly OutputFormat[] = ['markdown', 'html'];

/** One of {@link OUTPUT_FORMATS}. */
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** File extension of a page written with `--out` in `format`. */
export function outputExtension(format: OutputFormat): string {
  switch (format) {
    case 'text': return '.txt';
    case 'markdown': return '.md';
    case 'html': return '.html';
    default: return '.json';
  }
}

/** The line that opens each page in `text` output. */
export function textSeparator(id: string): string {
  return `==================== ${id} ====================`;
}

function errorOf(record: Record<string, unknown>): { code: string; message: string } | undefined {
  return record.error as { code: string; message: string } | undefined;
}

function present(value: unknown): boolean {
  return value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);
}

function posts(record: Record<string, unknown>, key: 'posts' | 'comments'): PostRecord[] {
  return (record[key] as PostRecord[] | undefined) ?? [];
}

const HEADER_KEYS = ['title', 'keywords', 'date', 'author', 'url', 'finalUrl', 'file', 'lang', 'dir', 'encoding', 'algorithm'] as const;

function show(value: unknown): string {
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/**
 * A page as plain text, after the paper's output (title, keywords, date, body): a separator line
 * with the id, `key: value` header lines, a blank line, the body, then posts and comments.
 */
export function formatText(record: Record<string, unknown>): string {
  const lines = [textSeparator(String(record.id))];
  const error = errorOf(record);
  if (error) {
    if (record.url !== undefined) lines.push(`url: ${String(record.url)}`);
    lines.push(`error: ${error.code}: ${error.message}`);
    return `${lines.join('\n')}\n\n`;
  }
  for (const key of HEADER_KEYS) if (present(record[key])) lines.push(`${key}: ${show(record[key])}`);
  if (typeof record.body === 'string') lines.push('', record.body);
  for (const key of ['posts', 'comments'] as const) {
    posts(record, key).forEach((post, i) => lines.push('', `--- ${key === 'posts' ? 'post' : 'comment'} ${i + 1} · ${post.author ?? '?'} · ${post.date ?? '?'}`, post.text));
  }
  return `${lines.join('\n')}\n\n`;
}

const MARKDOWN_LINE_START = /^(\s{0,3})([#>*+=|-]|\d+[.)]|`{3}|~{3})/;

/** Escapes what would make a line of plain text Markdown syntax (headings, lists, quotes, fences). */
export function escapeMarkdownLine(line: string): string {
  return line.replace(MARKDOWN_LINE_START, (_, space: string, mark: string) => `${space}\\${mark}`);
}


/**
 * A page as Markdown: YAML front matter with the metadata, `# title`, the content converted from
 * `contentHtml` (headings, lists, GFM tables, links, images), then posts and comments under `##`.
 * A failed page is a front matter with its `error`.
 */
export function formatMarkdown(record: Record<string, unknown>): string {
  const error = errorOf(record);
  if (error) {
    const url = record.url === undefined ? '' : `url: ${JSON.stringify(String(record.url))}\n`;
    return `---\nid: ${JSON.stringify(String(record.id))}\n${url}error: ${JSON.stringify(`${error.code}: ${error.message}`)}\n---\n\n`;
  }
  return `${toMarkdown(record as DocumentSource)}\n`;
}

/** A page as a standalone HTML document; a failed page as a document that says so. */
export function formatHtml(record: Record<string, unknown>): string {
  const error = errorOf(record);
  if (error) return toHtmlDocument({ title: String(record.id), body: `error: ${error.code}: ${error.message}` });
  return toHtmlDocument(record as DocumentSource);
}

/**
 * One record serialized for `format`: a JSON line for `jsonl`, a bare JSON value for `json` (the
 * writer adds the brackets and commas), a text or Markdown block otherwise.
 */
export function serializeRecord(record: Record<string, unknown>, format: OutputFormat): string {
  switch (format) {
    case 'jsonl': return `${JSON.stringify(record)}\n`;
    case 'json': return JSON.stringify(record);
    case 'text': return formatText(record);
    case 'markdown': return formatMarkdown(record);
    case 'html': return formatHtml(record);
  }
}

/** The content of the file `--out` writes for one page. */
export function serializeFile(record: Record<string, unknown>, format: OutputFormat): string {
  return format === 'jsonl' || format === 'json' ? `${JSON.stringify(record, null, 2)}\n` : serializeRecord(record, format);
}
