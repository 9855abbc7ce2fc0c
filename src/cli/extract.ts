/**
 * `matn extract <dir|file...>`: main text, metadata and posts of pages, one record per page.
 * @module
 */
import { extract, type PageResult, type Post } from '../index.js';
import { describeError, listInputs, readInput, RecordWriter, write, type CliIo } from './io.js';
import { normalizeOptionsOf, type ReadOptions } from './options.js';

/** Fields `--fields` may name. `id` is always printed, and `error` whenever a page fails. */
export const EXTRACT_FIELDS = [
  'id', 'file', 'title', 'author', 'date', 'lang', 'dir', 'body', 'posts', 'comments', 'encoding',
  'charsetSource', 'algorithm', 'confidence', 'diagnostics', 'timings',
] as const;

/** One field of {@link EXTRACT_FIELDS}. */
export type ExtractField = (typeof EXTRACT_FIELDS)[number];

/** Fields printed when `--fields` is not given. */
export const DEFAULT_EXTRACT_FIELDS: readonly ExtractField[] = [
  'id', 'title', 'author', 'date', 'lang', 'dir', 'body', 'posts', 'comments', 'encoding', 'algorithm',
];

/** Options of the `extract` command. */
export interface ExtractCommandOptions extends ReadOptions {
  format: 'jsonl' | 'json' | 'text';
  algorithm: string;
  fields: readonly ExtractField[];
}

function postRecord(post: Post): { author: string | null; date: string | null; text: string } {
  return { author: post.author, date: post.date, text: post.text };
}

/** The value of one output field for a page. */
function fieldValue(field: ExtractField, id: string, file: string, page: PageResult): unknown {
  switch (field) {
    case 'id': return id;
    case 'file': return file;
    case 'posts': return page.posts.map(postRecord);
    case 'comments': return page.comments.map(postRecord);
    default: return page[field];
  }
}

/** The record printed for one page: the selected fields, in {@link EXTRACT_FIELDS} order. */
export function extractRecord(id: string, file: string, page: PageResult, fields: readonly ExtractField[]): Record<string, unknown> {
  const record: Record<string, unknown> = { id };
  for (const field of EXTRACT_FIELDS) {
    if (field !== 'id' && fields.includes(field)) record[field] = fieldValue(field, id, file, page);
  }
  return record;
}

/** A page as readable text: a header, the body, then posts or comments. */
export function formatText(record: Record<string, unknown>): string {
  const lines = [`# ${String(record.id)}`];
  if (record.error) {
    const error = record.error as { code: string; message: string };
    return `${lines[0]}\nerror: ${error.code}: ${error.message}\n\n`;
  }
  for (const key of ['title', 'author', 'date', 'lang', 'dir', 'encoding', 'algorithm'] as const) {
    if (record[key] !== undefined && record[key] !== null) lines.push(`${key}: ${String(record[key])}`);
  }
  if (typeof record.body === 'string') lines.push('', record.body);
  for (const key of ['posts', 'comments'] as const) {
    const list = (record[key] as ReturnType<typeof postRecord>[] | undefined) ?? [];
    list.forEach((post, i) => lines.push('', `-- ${key === 'posts' ? 'post' : 'comment'} ${i + 1} · ${post.author ?? '?'} · ${post.date ?? '?'}`, post.text));
  }
  return `${lines.join('\n')}\n\n`;
}

/**
 * Runs the command, writing each page as soon as it is done; resolves to the number of failed pages.
 */
export async function runExtract(paths: readonly string[], options: ExtractCommandOptions, io: CliIo): Promise<number> {
  const writer = options.format === 'text' ? null : new RecordWriter(io.stdout, options.format);
  const normalize = normalizeOptionsOf(options);
  let failed = 0;
  for (const input of await listInputs(paths)) {
    let record: Record<string, unknown>;
    try {
      const bytes = await readInput(input.path, options.maxBytes);
      const page = extract(bytes, { algorithm: options.algorithm, normalize });
      record = extractRecord(input.id, input.path, page, options.fields);
    } catch (error) {
      failed++;
      record = { id: input.id, error: describeError(error) };
    }
    if (writer) await writer.push(record);
    else await write(io.stdout, formatText(record));
  }
  await writer?.end();
  return failed;
}
