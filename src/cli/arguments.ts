/**
 * The arguments of `matn extract` as page sources: an http(s) URL is fetched, `-` is standard
 * input, anything else is a file, directory or glob (inputs.ts).
 * @module
 */
import type { Readable } from 'node:stream';
import { MatnError } from '../index.js';
import { iterateFiles, urlId, type PageSource } from '../runner/inputs.js';

/** The id of the page read from standard input. */
export const STDIN_ID = 'stdin';

const HTTP_URL = /^https?:\/\//iu;

/** True when an argument is a URL to fetch rather than a path. */
export function isUrlArgument(arg: string): boolean {
  return HTTP_URL.test(arg);
}

/** Page sources of the arguments, in order: URLs, `-` (standard input) and paths. */
export async function* iterateArguments(args: readonly string[]): AsyncGenerator<PageSource> {
  const paths: string[] = [];
  for (const arg of args) {
    if (arg !== '-' && !isUrlArgument(arg)) { paths.push(arg); continue; }
    if (paths.length > 0) yield* iterateFiles(paths.splice(0));
    yield arg === '-' ? { kind: 'stdin', id: STDIN_ID } : { kind: 'url', id: urlId(arg), url: arg };
  }
  if (paths.length > 0) yield* iterateFiles(paths);
}

/** All bytes of standard input, refusing more than `maxBytes` (`input-too-large`). */
export async function readStdin(stdin: Readable | undefined, maxBytes: number): Promise<Uint8Array> {
  if (!stdin) throw new MatnError('io-error', 'no standard input to read the page from');
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stdin) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    length += bytes.byteLength;
    if (length > maxBytes) throw new MatnError('input-too-large', `standard input has more than ${maxBytes} bytes (raise --max-bytes)`, { maxBytes });
    chunks.push(bytes);
  }
  const bytes = new Uint8Array(length); // own buffer (never Node's shared pool): transferable to a worker
  let at = 0;
  for (const c of chunks) { bytes.set(c, at); at += c.byteLength; }
  return bytes;
}
