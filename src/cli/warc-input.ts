/**
 * `matn extract --warc FILE` and `matn queue add --warc FILE`: the HTML pages of WARC files as page
 * sources (see sources/warc.ts); a damaged file ends with an `unreadable` source naming the damage.
 * @module
 */
import { access, constants } from 'node:fs/promises';
import { isWarcDamage, looksLikeWarc, readWarc, warcDamageId, type WarcStatusFilter } from '../sources/warc.js';
import type { PageSource } from '../runner/inputs.js';
import { UsageError } from './options.js';

/** Throws a {@link UsageError} naming the first WARC file that cannot be read or is not a WARC file. */
export async function checkWarcFiles(files: readonly string[]): Promise<void> {
  for (const file of files) {
    await access(file, constants.R_OK).catch(() => { throw new UsageError(`cannot read the WARC file ${file}`); });
    if (!(await looksLikeWarc(file))) throw new UsageError(`${file} is not a WARC file (it starts with neither "WARC/" nor a gzip header)`);
  }
}

/** What {@link iterateWarcSources} reads. */
export interface WarcReadOptions {
  /** Largest payload read (`--max-bytes`). */
  readonly maxBytes: number;
  /** `--warc-status`. */
  readonly httpStatus: WarcStatusFilter;
}

/**
 * The pages of `files`, in order. The pages of a damaged file before the damage come first, then
 * one `unreadable` source with the damage (`warc-truncated`, `warc-invalid` and its offset), then
 * the next file.
 */
export async function* iterateWarcSources(files: readonly string[], options: WarcReadOptions): AsyncGenerator<PageSource> {
  for (const file of files) {
    try {
      for await (const page of readWarc(file, options)) {
        yield { kind: 'bytes', id: page.id, url: page.url, httpStatus: page.httpStatus, bytes: page.bytes, ...(page.contentType !== '' ? { contentType: page.contentType } : {}) };
      }
    } catch (error) {
      if (!isWarcDamage(error)) throw error;
      yield { kind: 'unreadable', id: warcDamageId(error), path: file, error };
    }
  }
}
