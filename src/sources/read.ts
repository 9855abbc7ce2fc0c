/**
 * `extractFrom`: a page from what a program has in hand when it is not yet bytes — a fetch
 * `Response` (its Content-Type is the transport's charset declaration), a web `ReadableStream`, or
 * a Node `Readable` (any async iterable of chunks). Read with the size limit of `normalize`.
 * Typed structurally, so the declarations need neither DOM nor Node types.
 * @module
 */
import { MatnError } from '../core/errors.js';
import type { ExtractInput } from '../core/input.js';
import { DEFAULT_NORMALIZE_OPTIONS } from '../encoding/normalize.js';
import { extract, type ExtractOptions, type PageResult } from '../pipeline.js';

/**
 * What {@link extractFrom} reads from a web `ReadableStream` (its reader).
 * @category Pipeline
 */
export interface ByteStreamLike {
  getReader(): {
    read(): Promise<{ done: boolean; value?: Uint8Array }>;
    cancel(reason?: unknown): Promise<void>;
    releaseLock(): void;
  };
}

/**
 * What {@link extractFrom} reads from a fetch `Response` (the global one, undici's, or a polyfill).
 * @category Pipeline
 */
export interface ResponseLike {
  readonly headers: { get(name: string): string | null };
  /** The final URL after redirects ('' for a constructed Response). */
  readonly url?: string;
  readonly body: ByteStreamLike | null;
}

/**
 * Everything {@link extractFrom} takes: a Response, a web ReadableStream, a Node Readable (an async
 * iterable of Buffer or string chunks), or what {@link extract} takes.
 * @category Pipeline
 */
export type ExtractSource = ResponseLike | ByteStreamLike | AsyncIterable<Uint8Array | string> | ExtractInput;

const isObject = (v: unknown): v is Record<string | symbol, unknown> => typeof v === 'object' && v !== null;
const isResponse = (v: unknown): v is ResponseLike => isObject(v) && isObject(v.headers) && typeof (v.headers as { get?: unknown }).get === 'function' && 'body' in v;
const isByteStream = (v: unknown): v is ByteStreamLike => isObject(v) && typeof v.getReader === 'function';
const isAsyncIterable = (v: unknown): v is AsyncIterable<Uint8Array | string> => isObject(v) && typeof v[Symbol.asyncIterator] === 'function';

function tooLarge(received: number, maxBytes: number): MatnError {
  return new MatnError('input-too-large', `input is more than maxBytes (${maxBytes}): ${received} bytes read before stopping`, { byteLength: received, maxBytes });
}

/** Concatenates chunks into one Uint8Array. */
function concat(chunks: readonly Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.byteLength; }
  return out;
}

/** All bytes of a web stream, refusing more than `maxBytes` (the stream is cancelled then). */
async function readByteStream(stream: ByteStreamLike, maxBytes: number): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!value) continue;
      length += value.byteLength;
      if (length > maxBytes) {
        await reader.cancel();
        throw tooLarge(length, maxBytes);
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  return concat(chunks, length);
}

/** All chunks of an async iterable (a Node Readable): bytes, or text when the stream yields strings. */
async function readIterable(source: AsyncIterable<Uint8Array | string>, maxBytes: number): Promise<Uint8Array | string> {
  const chunks: Uint8Array[] = [];
  const texts: string[] = [];
  let length = 0;
  for await (const chunk of source) {
    if (typeof chunk === 'string') texts.push(chunk);
    else chunks.push(chunk);
    length += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    // leaving the loop early closes the stream (its return() is called)
    if (length > maxBytes) throw tooLarge(length, maxBytes);
  }
  if (texts.length > 0 && chunks.length > 0) throw new MatnError('invalid-argument', 'extractFrom: the stream mixes text and byte chunks', {});
  return texts.length > 0 ? texts.join('') : concat(chunks, length);
}

/**
 * Extracts a page from a fetch `Response`, a web `ReadableStream`, a Node `Readable`, or anything
 * {@link extract} takes. A Response's `Content-Type` becomes `normalize.contentType` (the transport
 * charset: after the BOM, before the page's own `<meta>`) and its `url` the page URL, unless the
 * options give them.
 * @throws MatnError `input-too-large` while reading past `normalize.maxBytes`, and what {@link extract} throws.
 * @example
 * ```ts
 * const page = await extractFrom(await fetch('https://example.org/'));
 * const fromStdin = await extractFrom(process.stdin, { url: 'https://example.org/page' });
 * ```
 * @category Pipeline
 */
export async function extractFrom(input: ExtractSource, options?: ExtractOptions): Promise<PageResult> {
  const maxBytes = options?.normalize?.maxBytes ?? DEFAULT_NORMALIZE_OPTIONS.maxBytes;
  if (isResponse(input)) {
    const bytes = input.body === null ? new Uint8Array(0) : await readByteStream(input.body, maxBytes);
    const contentType = input.headers.get('content-type');
    const url = input.url ?? '';
    return extract(bytes, {
      ...options,
      ...(url !== '' && options?.url === undefined ? { url } : {}),
      normalize: { ...(contentType !== null ? { contentType } : {}), ...options?.normalize },
    });
  }
  if (isByteStream(input)) return extract(await readByteStream(input, maxBytes), options);
  if (typeof input !== 'string' && isAsyncIterable(input)) return extract(await readIterable(input, maxBytes), options);
  return extract(input as ExtractInput, options);
}
