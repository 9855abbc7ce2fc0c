/**
 * File-system and stream plumbing of the CLI: finding input files, reading them as bytes,
 * writing output line by line with back-pressure, and error lines.
 * @module
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { isMatnError, MatnError } from '../index.js';

/** The streams a command writes to (process.stdout/stderr, or buffers in tests). */
export interface CliIo {
  readonly stdout: Writable;
  readonly stderr: Writable;
}

/** Extensions picked up when walking a directory (files named explicitly are always taken). */
export const PAGE_EXTENSIONS: ReadonlySet<string> = new Set(['.html', '.htm', '.xhtml', '.xml', '.txt']);

/** Output formats shared by the commands. */
export type OutputFormat = 'jsonl' | 'json' | 'text';

/** One input: the path as given or found, and the page id (file stem). */
export interface InputFile {
  readonly path: string;
  readonly id: string;
}

/** The file name without its last extension: `pages/a.b.html` → `a.b`. */
export function fileStem(path: string): string {
  const name = basename(path);
  const ext = extname(name);
  return ext === '' ? name : name.slice(0, -ext.length);
}

async function walk(dir: string, out: string[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await walk(path, out);
    else if (entry.isFile() && PAGE_EXTENSIONS.has(extname(entry.name).toLowerCase())) out.push(path);
  }
}

/**
 * Expands the command-line paths into input files: directories are walked recursively for
 * {@link PAGE_EXTENSIONS}; files are taken as given; a path that does not exist is kept, so that it
 * yields an error line. The result is sorted by path (stable page order).
 */
export async function listInputs(paths: readonly string[]): Promise<InputFile[]> {
  const files: string[] = [];
  for (const path of paths) {
    const info = await stat(path).catch(() => null);
    if (info?.isDirectory()) await walk(path, files);
    else files.push(path);
  }
  const unique = [...new Set(files)];
  unique.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return unique.map((path) => ({ path, id: fileStem(path) }));
}

/**
 * Reads a file as bytes (never as text: the charset is the library's job). Refuses files larger
 * than `maxBytes` before reading them.
 * @throws MatnError `io-error` (missing or unreadable), `input-too-large`.
 */
export async function readInput(path: string, maxBytes: number): Promise<Buffer> {
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new MatnError('io-error', `not a file: ${path}`, { path });
    size = info.size;
  } catch (error) {
    if (isMatnError(error)) throw error;
    throw new MatnError('io-error', `cannot read ${path}: ${(error as Error).message}`, { path }, { cause: error });
  }
  if (size > maxBytes) {
    throw new MatnError('input-too-large', `${path} has ${size} bytes, more than the limit of ${maxBytes}`, { path, size, maxBytes });
  }
  try {
    return await readFile(resolve(path));
  } catch (error) {
    throw new MatnError('io-error', `cannot read ${path}: ${(error as Error).message}`, { path }, { cause: error });
  }
}

/** `{code, message}` of a failure: the MatnError's code, else `internal-error`. */
export function describeError(error: unknown): { code: string; message: string } {
  if (isMatnError(error)) return { code: error.code, message: error.message };
  return { code: 'internal-error', message: error instanceof Error ? error.message : String(error) };
}

/** Writes `text`, waiting for the stream to drain when its buffer is full. */
export async function write(stream: Writable, text: string): Promise<void> {
  if (!stream.write(text)) {
    await new Promise<void>((done, fail) => {
      const onDrain = (): void => { stream.off('error', onError); done(); };
      const onError = (error: Error): void => { stream.off('drain', onDrain); fail(error); };
      stream.once('drain', onDrain);
      stream.once('error', onError);
    });
  }
}

/**
 * Streams records as JSON Lines (`jsonl`) or as one JSON array (`json`), one record at a time.
 */
export class RecordWriter {
  private count = 0;
  constructor(private readonly stream: Writable, private readonly format: 'jsonl' | 'json') {}

  /** Writes one record. */
  async push(record: unknown): Promise<void> {
    const json = JSON.stringify(record);
    if (this.format === 'jsonl') await write(this.stream, `${json}\n`);
    else await write(this.stream, `${this.count === 0 ? '[\n' : ',\n'}${json}`);
    this.count++;
  }

  /** Closes the array for `json` (an empty batch gives `[]`). */
  async end(): Promise<void> {
    if (this.format === 'json') await write(this.stream, this.count === 0 ? '[]\n' : '\n]\n');
  }
}
