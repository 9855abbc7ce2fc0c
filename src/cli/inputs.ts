/**
 * Where pages come from: files, directories walked recursively, glob patterns, or a list of URLs.
 * Everything is yielded lazily (one directory listing at a time), never the whole batch at once.
 * @module
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

/** Extensions picked up when walking a directory (files named explicitly are always taken). */
export const PAGE_EXTENSIONS: ReadonlySet<string> = new Set(['.html', '.htm', '.xhtml', '.xml', '.txt']);

/** One page to process: a file, a URL or standard input, and its id. */
export type PageSource =
  | { readonly kind: 'file'; readonly id: string; readonly path: string }
  | { readonly kind: 'url'; readonly id: string; readonly url: string }
  /** The page on standard input (`matn extract -`). */
  | { readonly kind: 'stdin'; readonly id: string }
  /** A page already in memory with its address and Content-Type: a WARC record (`--warc`). */
  | { readonly kind: 'bytes'; readonly id: string; readonly url: string; readonly bytes: Uint8Array; readonly contentType?: string };

/** True when the name has a gzip extension (`.gz`). */
export function isGzipName(path: string): boolean {
  return extname(path).toLowerCase() === '.gz';
}

/**
 * The page id of a file: its name without the last extension, and without `.gz` first:
 * `pages/a.b.html` → `a.b`, `x/page.html.gz` → `page`.
 */
export function fileStem(path: string): string {
  let name = basename(path);
  if (isGzipName(name) && name.length > 3) name = name.slice(0, -3);
  const ext = extname(name);
  return ext === '' ? name : name.slice(0, -ext.length);
}

/** True for a name a directory walk takes: a page extension, optionally followed by `.gz`. */
export function isPageName(name: string): boolean {
  const inner = isGzipName(name) ? name.slice(0, -3) : name;
  return PAGE_EXTENSIONS.has(extname(inner).toLowerCase());
}

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Files under `dir`, depth first, each directory's entries in sorted order. */
async function* walk(dir: string): AsyncGenerator<string> {
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => byName(a.name, b.name));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile() && isPageName(entry.name)) yield path;
  }
}

/**
 * Expands command-line paths into files, lazily: a directory is walked recursively for page names
 * ({@link isPageName}); a glob pattern (`'pages/**\/*.html.gz'`, quoted so the shell leaves it) is
 * expanded with tinyglobby; anything else is taken as a file (a missing one yields an `io-error`
 * record later). With several arguments the same file is yielded once.
 */
export async function* iterateFiles(paths: readonly string[]): AsyncGenerator<PageSource> {
  const seen = paths.length > 1 ? new Set<string>() : null;
  for (const arg of paths) {
    const info = await stat(arg).catch(() => null);
    let files: AsyncIterable<string> | Iterable<string>;
    if (info?.isDirectory()) files = walk(arg);
    else if (!info && (await import('tinyglobby')).isDynamicPattern(arg)) {
      const { glob } = await import('tinyglobby');
      files = (await glob(arg, { onlyFiles: true, expandDirectories: false })).sort(byName);
    }
    else files = [arg];
    for await (const path of files) {
      if (seen) {
        if (seen.has(path)) continue;
        seen.add(path);
      }
      yield { kind: 'file', id: fileStem(path), path };
    }
  }
}

const UNSAFE_ID_CHARS = /[^A-Za-z0-9._-]+/g;
const EDGE_DOTS = /^[._-]+|[._-]+$/g;

/**
 * A stable, file-name-safe id for a URL: its host and path as a slug (at most 80 characters) and
 * 10 hex digits of its SHA-256, e.g. `example.com_news_1-3f2a9c0b1d`.
 */
export function urlId(url: string): string {
  let slug: string;
  try {
    const u = new URL(url);
    slug = `${u.host}${u.pathname}`;
  } catch {
    slug = url;
  }
  slug = slug.replace(UNSAFE_ID_CHARS, '_').slice(0, 80).replace(EDGE_DOTS, '');
  const hash = createHash('sha256').update(url).digest('hex').slice(0, 10);
  return slug === '' ? hash : `${slug}-${hash}`;
}

/**
 * URLs of a list, one per line (blank lines and lines starting with `#` skipped, surrounding
 * whitespace trimmed), read as a stream from a file or `stdin` (`-`).
 */
export async function* iterateUrls(list: string, stdin: Readable | undefined): AsyncGenerator<PageSource> {
  const input = list === '-' ? stdin : createReadStream(list);
  if (!input) throw new Error('no standard input to read URLs from');
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const raw of lines) {
    const url = raw.trim();
    if (url === '' || url.startsWith('#')) continue;
    yield { kind: 'url', id: urlId(url), url };
  }
}

/** Counts what {@link iterateFiles} or {@link iterateUrls} would yield (for the progress bar total). */
export async function countSources(sources: AsyncIterable<PageSource>): Promise<number> {
  let n = 0;
  for await (const _ of sources) n++;
  return n;
}
