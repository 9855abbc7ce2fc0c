/**
 * File-system and stream plumbing of the CLI: finding input files, reading them as bytes,
 * writing output line by line with back-pressure, and error lines.
 * @module
 */
import type { Readable, Writable } from 'node:stream';
import { iterateFiles } from '../runner/inputs.js';
import { describeFailure, readPageFile } from '../runner/page.js';

/** The streams a command writes to (process.stdout/stderr, or buffers in tests). */
export interface CliIo {
  readonly stdout: Writable;
  readonly stderr: Writable;
  /** Read by `--urls -`. */
  readonly stdin?: Readable;
}

export { fileStem, PAGE_EXTENSIONS } from '../runner/inputs.js';

/** Output formats shared by the commands. */
export type { OutputFormat } from '../runner/formats.js';

/** One input: the path as given or found, and the page id (file stem). */
export interface InputFile {
  readonly path: string;
  readonly id: string;
}

/**
 * Expands the command-line paths into input files (see {@link iterateFiles}: directories walked
 * recursively for page names, globs expanded, other paths taken as given — a missing one yields an
 * error record later), collected into a list. `matn extract` streams them instead.
 */
export async function listInputs(paths: readonly string[]): Promise<InputFile[]> {
  const out: InputFile[] = [];
  for await (const source of iterateFiles(paths)) if (source.kind === 'file') out.push({ path: source.path, id: source.id });
  return out;
}

/**
 * Reads a page file as bytes (never as text: the charset is the library's job); refuses files
 * larger than `maxBytes` before reading them; gunzips `.gz` files.
 * @throws MatnError `io-error` (missing or unreadable), `input-too-large`; PageError `bad-gzip`.
 */
export async function readInput(path: string, maxBytes: number): Promise<Uint8Array> {
  return Promise.resolve().then(() => readPageFile(path, maxBytes));
}

/** `{code, message}` of a failure: the PageError's or MatnError's code, else `internal-error`. */
export function describeError(error: unknown): { code: string; message: string } {
  return describeFailure(error);
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
    await this.pushSerialized(JSON.stringify(record));
  }

  /** Writes one record already serialized as JSON (one line, no trailing newline). */
  async pushSerialized(json: string): Promise<void> {
    if (this.format === 'jsonl') await write(this.stream, `${json}\n`);
    else await write(this.stream, `${this.count === 0 ? '[\n' : ',\n'}${json}`);
    this.count++;
  }

  /** Closes the array for `json` (an empty batch gives `[]`). */
  async end(): Promise<void> {
    if (this.format === 'json') await write(this.stream, this.count === 0 ? '[]\n' : '\n]\n');
  }
}
