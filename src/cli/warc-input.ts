/**
 * `matn extract --warc FILE`: the HTML pages of WARC files as page sources (see sources/warc.ts).
 * @module
 */
import { access, constants } from 'node:fs/promises';
import { looksLikeWarc, readWarc } from '../sources/warc.js';
import type { PageSource } from '../runner/inputs.js';
import { UsageError } from './options.js';

/** Throws a {@link UsageError} naming the first WARC file that cannot be read or is not a WARC file. */
export async function checkWarcFiles(files: readonly string[]): Promise<void> {
  for (const file of files) {
    await access(file, constants.R_OK).catch(() => { throw new UsageError(`cannot read the WARC file ${file}`); });
    if (!(await looksLikeWarc(file))) throw new UsageError(`${file} is not a WARC file (it starts with neither "WARC/" nor a gzip header)`);
  }
}

/** The pages of `files`, in order; each page's bytes are its own copy (transferable to a worker thread). */
export async function* iterateWarcSources(files: readonly string[], maxBytes: number): AsyncGenerator<PageSource> {
  for (const file of files) {
    for await (const page of readWarc(file, { maxBytes })) {
      yield { kind: 'bytes', id: page.id, url: page.url, bytes: page.bytes.slice(), ...(page.contentType !== '' ? { contentType: page.contentType } : {}) };
    }
  }
}
