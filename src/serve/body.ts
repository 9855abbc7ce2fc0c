/**
 * Reading a request body for `matn serve`: whole, up to a size limit, and past the limit drained
 * to its end (up to as many bytes again) before the 413 is sent. Why drain: a client that writes
 * its whole body before reading (Python's http.client, most simple clients) gets a connection
 * reset, not the answer, when the server closes on unread data.
 * @module
 */
import type { IncomingMessage } from 'node:http';
import { HttpError } from './responses.js';

/** The 413 of a body over `limit`; the connection is closed after it. */
function tooLarge(limit: number, size: string): HttpError {
  return new HttpError(413, 'input-too-large', `body of ${size} is more than the limit of ${limit} bytes`, { connection: 'close' });
}

/**
 * The body of `req`, at most `limit` bytes. Refusals: 400 `empty-body`; 413 `input-too-large` once
 * the body has been read to its end, or at once when it is (or grows) over twice the limit, which
 * is not drained. Rejects with the signal's reason when `signal` aborts (the caller answered
 * already), and with an `Error` when the client goes away; the rest of the body is then discarded.
 */
export function readBody(req: IncomingMessage, limit: number, signal: AbortSignal): Promise<Uint8Array> {
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > 2 * limit) return Promise.reject(tooLarge(limit, `${declared} bytes`));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const finish = (error: unknown, bytes?: Uint8Array): void => {
      req.off('data', onData).off('end', onEnd).off('close', onClose);
      signal.removeEventListener('abort', onAbort);
      req.resume(); // whatever still comes is discarded
      if (error === null) resolve(bytes as Uint8Array);
      else reject(error);
    };
    const onData = (chunk: Buffer): void => {
      length += chunk.byteLength;
      if (length <= limit) chunks.push(chunk);
      else if (length > 2 * limit) finish(tooLarge(limit, `more than ${2 * limit} bytes`));
    };
    const onEnd = (): void => {
      if (length > limit) finish(tooLarge(limit, `${length} bytes`));
      else if (length === 0) finish(new HttpError(400, 'empty-body', 'the request has no body: POST the page\'s bytes (or use ?fetch=URL)'));
      else finish(null, Buffer.concat(chunks, length));
    };
    const onClose = (): void => finish(new Error('the client closed the connection before the body was complete'));
    const onAbort = (): void => finish(signal.reason);
    req.on('data', onData).on('end', onEnd).on('close', onClose);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}
