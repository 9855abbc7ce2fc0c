/**
 * Output formats: JSON Lines, one JSON array, the paper's plain-text layout, and Markdown.
 * @module
 */
import type { PostRecord } from './record.js';

/** Output formats of `matn extract`. */
export const OUTPUT_FORMATS = ['jsonl', 'json', 'text', 'markdown'] as const;

/** One of {@link OUTPUT_FORMATS}. */
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** File extension of a page written with `--out` in `format`. */
export function outputExtension(format: OutputFormat): string {
  switch (format) {
    case 'text': return '.txt';
    case 'markdown': return '.md';
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

function markdownParagraphs(text: string): string {
  return text.split('\n').filter((l) => l.trim() !== '').map(escapeMarkdownLine).join('\n\n');
}

/** A page as Markdown: `# title`, a list of facts, the body's lines as paragraphs, posts under `##`. */
export function formatMarkdown(record: Record<string, unknown>): string {
  const title = typeof record.title === 'string' && record.title !== '' ? record.title : String(record.id);
  const out = [`# ${title}`, ''];
  out.push(`- **id:** ${String(record.id)}`);
  const error = errorOf(record);
  if (error) {
    if (record.url !== undefined) out.push(`- **url:** <${String(record.url)}>`);
    out.push(`- **error:** \`${error.code}\`: ${error.message}`, '', '---', '');
    return out.join('\n');
  }
  for (const key of HEADER_KEYS) {
    if (key === 'title' || !present(record[key])) continue;
    const value = key === 'url' || key === 'finalUrl' ? `<${String(record[key])}>` : show(record[key]);
    out.push(`- **${key}:** ${value}`);
  }
  if (typeof record.body === 'string' && record.body !== '') out.push('', markdownParagraphs(record.body));
  for (const key of ['posts', 'comments'] as const) {
    const list = posts(record, key);
    if (list.length === 0) continue;
    out.push('', `## ${key === 'posts' ? 'Posts' : 'Comments'}`);
    list.forEach((post, i) => out.push('', `### ${i + 1} · ${post.author ?? '?'} · ${post.date ?? '?'}`, '', markdownParagraphs(post.text)));
  }
  out.push('', '---', '');
  return out.join('\n');
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
  }
}

/** The content of the file `--out` writes for one page. */
export function serializeFile(record: Record<string, unknown>, format: OutputFormat): string {
  return format === 'jsonl' || format === 'json' ? `${JSON.stringify(record, null, 2)}\n` : serializeRecord(record, format);
}
