/**
 * `matn normalize <file...>`: decode and normalize pages, print what was found per page.
 * @module
 */
import { normalize, type NormalizedDocument } from '../index.js';
import { describeError, listInputs, readInput, RecordWriter, type CliIo } from './io.js';
import { normalizeOptionsOf, type ReadOptions } from './options.js';
import { sniffedEncodingOf } from '../runner/record.js';

/** Options of the `normalize` command. */
export interface NormalizeCommandOptions extends ReadOptions {
  format: 'jsonl' | 'json';
  /** Include the normalized HTML in each record. */
  html?: boolean;
}

/** The record printed for one normalized page. */
export function normalizeRecord(id: string, file: string, doc: NormalizedDocument, withHtml: boolean): Record<string, unknown> {
  return {
    id,
    file,
    encoding: doc.charset,
    charsetSource: doc.charsetSource,
    confidence: doc.confidence,
    repairs: doc.repairs,
    invisible: doc.invisible,
    warnings: doc.warnings,
    ...(withHtml ? { html: doc.html } : {}),
  };
}

/**
 * Runs the command; resolves to the number of pages that failed.
 */
export async function runNormalize(paths: readonly string[], options: NormalizeCommandOptions, io: CliIo): Promise<number> {
  const writer = new RecordWriter(io.stdout, options.format);
  const normalizeOptions = normalizeOptionsOf(options);
  let failed = 0;
  for (const input of await listInputs(paths)) {
    let record: Record<string, unknown>;
    try {
      const bytes = await readInput(input.path, options.maxBytes);
      record = normalizeRecord(input.id, input.path, normalize(bytes, normalizeOptions), options.html === true);
    } catch (error) {
      failed++;
      record = { id: input.id, file: input.path, ...sniffedEncodingOf(error), error: describeError(error) };
    }
    await writer.push(record);
  }
  await writer.end();
  return failed;
}
