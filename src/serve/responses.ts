/**
 * The answers of `matn serve`: JSON bodies with their length, `{"error":{"code","message"}}` for
 * every refusal, the HTTP status of a failed page, and the raw answer written on a socket that has
 * no response object (a request Node gave up on: read deadline, malformed request).
 * @module
 */
import type { ServerResponse } from 'node:http';

/** An answer the service gives instead of a record. */
export class HttpError extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly headers: Readonly<Record<string, string>> = {}) {
    super(message);
  }
}

/** The body of an error answer. */
export function errorBody(code: string, message: string): string {
  return `${JSON.stringify({ error: { code, message } })}\n`;
}

/** Writes a JSON answer unless one was started already. */
export function send(res: ServerResponse, status: number, body: string, headers: Readonly<Record<string, string>> = {}): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}

/** Writes `{"error":{"code","message"}}` with `status`. */
export function sendError(res: ServerResponse, error: HttpError): void {
  send(res, error.status, errorBody(error.code, error.message), error.headers);
}

const REASONS: Readonly<Record<number, string>> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/** A whole HTTP/1.1 answer as bytes, for a socket whose request Node could not finish reading; it closes the connection. */
export function rawErrorResponse(error: HttpError): string {
  const body = errorBody(error.code, error.message);
  return `HTTP/1.1 ${error.status} ${REASONS[error.status] ?? 'Error'}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
}

/** HTTP status of a failed page: the client's page cannot be extracted (422), or a limit or the network. */
export function statusOf(code: string): number {
  if (code === 'input-too-large') return 413;
  if (code === 'timeout') return 504;
  if (code === 'busy') return 503;
  if (code === 'private-address' || code === 'invalid-url' || code === 'invalid-argument') return 400;
  if (code === 'fetch-error' || code === 'http-error' || code === 'not-html' || code === 'too-many-redirects') return 502;
  if (code === 'internal-error') return 500;
  return 422;
}
