/**
 * Where pages come from: files, directories walked recursively, glob patterns, or a list of URLs.
 * Everything is yielded lazily (one directory listing at a time), never the whole batch at once.
 * @module
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, relative, sep } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

/** Extensions picked up when walking a directory (files named explicitly are always taken). */
export const PAGE_EXTENSIONS: ReadonlySet<string> = new Set(['.html', '.htm', '.xhtml', '.xml', '.txt']);

/** One page to process: a file, a URL or standard input, and its id. */
export type PageSource =
  | {
    readonly kind: 'file';
    readonly id: string;
    readonly path: string;
    /** Set when the input cannot be read as a page at all (a symlink loop); it still gets a record. */
    readonly problem?: { readonly code: 'symlink-loop'; readonly message: string };
  }
  | { readonly kind: 'url'; readonly id: string; readonly url: string }
  /** The page on standard input (`matn extract -`). */
  | { readonly kind: 'stdin'; readonly id: string }
  /** A page already in memory with its address, Content-Type and HTTP status: a WARC record (`--warc`). */
  | { readonly kind: 'bytes'; readonly id: string; readonly url: string; readonly bytes: Uint8Array; readonly contentType?: string; readonly httpStatus?: number | null }
  /** Input that cannot be read as pages, with the error its record carries: a damaged WARC file (`warc-truncated`, `warc-invalid`). */
  | { readonly kind: 'unreadable'; readonly id: string; readonly path: string; readonly error: Error };

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

/** A file found by a walk, or a directory symlink that leads back into the walk. */
type Found = { readonly path: string; readonly loop?: boolean };

/**
 * Files under `dir`, depth first, each directory's entries in sorted order. Symlinks are followed,
 * to files and to directories (the rule glob patterns follow too); a symlink to a directory already
 * on the walk (`realDirs`) is a loop and is yielded as such, not entered.
 */
async function* walk(dir: string, realDirs: Set<string>): AsyncGenerator<Found> {
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => byName(a.name, b.name));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    let isDirectory = entry.isDirectory();
    let isFile = entry.isFile();
    if (entry.isSymbolicLink()) {
      const target = await stat(path).catch(() => null);
      isDirectory = target?.isDirectory() === true;
      isFile = target === null ? isPageName(entry.name) : target.isFile(); // a broken link gets an io-error record
    }
    if (isDirectory) {
      const real = await realpath(path).catch(() => path);
      if (realDirs.has(real)) {
        yield { path, loop: true };
        continue;
      }
      realDirs.add(real);
      yield* walk(path, realDirs);
      realDirs.delete(real);
    } else if (isFile && isPageName(entry.name)) yield { path };
  }
}

/**
 * Ids unique within one run: a file's stem ({@link fileStem}) when no earlier file of the run took
 * it, else its path relative to the argument it was found under (without the extension, `/`
 * separators), else that with `~2`, `~3`, ... appended.
 */
export class IdAllocator {
  private readonly used = new Set<string>();

  /** The id of `path`, found under the command-line argument `root` (the file itself when given directly). */
  idOf(path: string, root: string): string {
    const stem = fileStem(path);
    if (this.take(stem)) return stem;
    const rel = relative(root, path) || path;
    const base = join(dirname(rel), fileStem(rel)).split(sep).join('/');
    if (this.take(base)) return base;
    for (let n = 2; ; n++) if (this.take(`${base}~${n}`)) return `${base}~${n}`;
  }

  private take(id: string): boolean {
    if (this.used.has(id)) return false;
    this.used.add(id);
    return true;
  }
}

/**
 * Expands command-line paths into files, lazily: a directory is walked recursively for page names
 * ({@link isPageName}), following symlinks; a glob pattern (`'pages/**\/*.html.gz'`, quoted so the
 * shell leaves it) is expanded with tinyglobby, which follows them too; anything else is taken as a
 * file (a missing one yields an `io-error` record later). A file reached twice (by two arguments or
 * through a symlink) is yielded once; a directory symlink loop is yielded with a `problem`, so it
 * gets a record. Ids are unique within the run ({@link IdAllocator}).
 */
export async function* iterateFiles(paths: readonly string[]): AsyncGenerator<PageSource> {
  const seen = new Set<string>();
  const ids = new IdAllocator();
  for (const arg of paths) {
    const info = await stat(arg).catch(() => null);
    let files: AsyncIterable<Found> | Iterable<Found>;
    let root = arg;
    if (info?.isDirectory()) files = walk(arg, new Set([await realpath(arg).catch(() => arg)]));
    else if (!info && (await import('tinyglobby')).isDynamicPattern(arg)) {
      const { glob } = await import('tinyglobby');
      files = (await glob(arg, { onlyFiles: true, expandDirectories: false })).sort(byName).map((path) => ({ path }));
      root = '.';
    }
    else {
      files = [{ path: arg }];
      root = dirname(arg);
    }
    for await (const { path, loop } of files) {
      const real = loop ? path : await realpath(path).catch(() => path);
      if (seen.has(real)) continue;
      seen.add(real);
      const id = ids.idOf(path, root);
      yield loop
        ? { kind: 'file', id, path, problem: { code: 'symlink-loop', message: `${path} is a symlink to a directory that contains it; not followed` } }
        : { kind: 'file', id, path };
    }
  }
}

const UNSAFE_ID_CHARS = /[^A-Za-z0-9._-]+/g;
const EDGE_PUNCTUATION = /^[._-]+|[._-]+$/g;
/** Longest slug part of an id (file names stay well under the usual 255-byte limit). */
const MAX_SLUG = 80;

/**
 * A stable, file-name-safe id for a URL: its host and path as a slug (at most 80 characters) and
 * 10 hex digits of the SHA-256 of `hashed` (the URL itself unless given), e.g.
 * `example.com_news_1-3f2a9c0b1d`.
 */
export function urlId(url: string, hashed: string = url): string {
  let slug: string;
  try {
    const u = new URL(url);
    slug = `${u.host}${u.pathname}`;
  } catch {
    slug = url;
  }
  slug = slug.replace(UNSAFE_ID_CHARS, '_').slice(0, MAX_SLUG).replace(EDGE_PUNCTUATION, '');
  const hash = createHash('sha256').update(hashed).digest('hex').slice(0, 10);
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
