/**
 * `matn serve`: a small HTTP service on `node:http` (no framework: two routes, and the limits
 * below are what matters). `POST /extract` takes the page's raw bytes (its Content-Type header is
 * the transport charset declaration) and answers the record `matn extract` prints; `GET /health`
 * answers the service's state. Pages are extracted in the CLI's worker-thread pool (runner/pool.ts),
 * so a slow page does not stall other requests.
 *
 * Limits: body size (413), time to receive a request (Node's `requestTimeout`, 408), time to
 * extract (504), pages in flight (503 with Retry-After). No outbound request unless `allowFetch`;
 * then `POST /extract?fetch=URL` fetches through the SSRF-safe fetcher (private addresses refused
 * unless `allowPrivate`).
 * @module
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Dispatcher } from 'undici';
import { MatnError } from '../core/errors.js';
import { DEFAULT_NORMALIZE_OPTIONS } from '../encoding/normalize.js';
import type { FetchOptions } from '../fetching/fetch-options.js';
import { failedOutcome, type PageConfig, type PageOutcome, type PageTask } from '../runner/page.js';
import { createPageRunner } from '../runner/pool.js';
import { DEFAULT_EXTRACT_FIELDS, type ExtractField } from '../runner/record.js';

/** Options of {@link startServer}. */
export interface ServeOptions {
  /** Port; 0 picks a free one. @default 8080 */
  port?: number;
  /** Interface to listen on. @default '127.0.0.1' */
  host?: string;
  /** Largest request body in bytes (413 beyond). @default 33554432 */
  maxBodyBytes?: number;
  /** Time to receive a whole request, headers and body, in ms (408 beyond). @default 30000 */
  requestTimeoutMs?: number;
  /** Time to extract one page, in ms (504 beyond). @default 30000 */
  extractTimeoutMs?: number;
  /** Pages being extracted or fetched at once (503 beyond). @default 8 */
  maxInFlight?: number;
  /** Worker threads extracting pages. @default 1 */
  jobs?: number;
  /** Record fields. @default DEFAULT_EXTRACT_FIELDS */
  fields?: readonly ExtractField[];
  /** @default 'auto' */
  algorithm?: string;
  /** Allow `POST /extract?fetch=URL` (outbound requests). @default false */
  allowFetch?: boolean;
  /** With `allowFetch`: also fetch private, loopback and link-local addresses. @default false */
  allowPrivate?: boolean;
}

/** Defaults of {@link ServeOptions}. */
export const DEFAULT_SERVE_OPTIONS = Object.freeze({
  port: 8080,
  host: '127.0.0.1',
  maxBodyBytes: DEFAULT_NORMALIZE_OPTIONS.maxBytes,
  requestTimeoutMs: 30_000,
  extractTimeoutMs: 30_000,
  maxInFlight: 8,
  jobs: 1,
  algorithm: 'auto',
  allowFetch: false,
  allowPrivate: false,
} as const);

/** A running service. */
export interface RunningServer {
  /** `http://host:port`. */
  readonly url: string;
  readonly port: number;
  /** Stops listening, waits for open requests, ends the worker threads. */
  close(): Promise<void>;
}

/** Seconds a client is told to wait after a 503. */
const RETRY_AFTER_SECONDS = 1;
/** How often Node checks requests against `requestTimeout`, at most (its default is 30 s). */
const MAX_TIMEOUT_CHECK_MS = 1000;

class HttpError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) { super(message); }
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}

function sendError(res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}): void {
  send(res, status, `${JSON.stringify({ error: { code, message } })}\n`, headers);
}

/** The request body, refused past `limit` bytes (by Content-Length at once, else while reading). */
async function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw new HttpError(413, 'input-too-large', `body of ${declared} bytes is more than the limit of ${limit}`);
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of req) {
    length += (chunk as Buffer).byteLength;
    if (length > limit) throw new HttpError(413, 'input-too-large', `body is more than the limit of ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  const bytes = new Uint8Array(length); // own buffer: transferable to a worker thread
  let at = 0;
  for (const c of chunks) { bytes.set(c, at); at += c.byteLength; }
  return bytes;
}

/** HTTP status of a failed page: the client's page cannot be extracted (422), or a limit or the network. */
function statusOf(code: string): number {
  if (code === 'input-too-large') return 413;
  if (code === 'timeout') return 504;
  if (code === 'private-address' || code === 'invalid-url' || code === 'invalid-argument') return 400;
  if (code === 'fetch-error' || code === 'http-error' || code === 'not-html' || code === 'too-many-redirects') return 502;
  if (code === 'internal-error') return 500;
  return 422;
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HttpError(504, 'timeout', `extraction took more than ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** Starts the service; resolves once it listens. */
export async function startServer(options: ServeOptions = {}): Promise<RunningServer> {
  const o = { ...DEFAULT_SERVE_OPTIONS, ...options };
  const config: PageConfig = {
    algorithm: o.algorithm, extractor: {}, metadata: {}, keepHeadline: false,
    normalize: { maxBytes: o.maxBodyBytes }, fields: o.fields ?? DEFAULT_EXTRACT_FIELDS,
    format: 'jsonl', maxBytes: o.maxBodyBytes, outDir: null,
  };
  const runner = createPageRunner(config, { jobs: o.jobs });
  let dispatcher: Dispatcher | null = null;
  let inFlight = 0;
  const fetchPage = async (url: string): Promise<{ bytes: Uint8Array; finalUrl: string; contentType: string }> => {
    const client = await import('../fetching/fetch.js'); // undici only when fetching is enabled and used
    dispatcher ??= client.createDispatcher(o.allowPrivate);
    const fetchOptions: FetchOptions = { maxBytes: o.maxBodyBytes, timeoutMs: o.extractTimeoutMs, retries: 0, allowPrivate: o.allowPrivate };
    return client.fetchPage(url, fetchOptions, dispatcher);
  };

  async function extractRequest(req: IncomingMessage, res: ServerResponse, query: URLSearchParams): Promise<void> {
    const id = query.get('id') ?? 'page';
    const pageUrl = query.get('url') ?? undefined;
    const target = query.get('fetch');
    let task: PageTask;
    if (target !== null) {
      if (!o.allowFetch) throw new HttpError(403, 'fetch-disabled', 'this service does not fetch pages (start it with --allow-fetch)');
      req.resume();
      try {
        const page = await fetchPage(target);
        task = { id, url: target, finalUrl: page.finalUrl, bytes: page.bytes, contentType: page.contentType };
      } catch (error) {
        const outcome = failedOutcome({ id, url: target }, error, 'jsonl', null);
        send(res, statusOf(outcome.error?.code ?? 'internal-error'), outcome.output ?? '');
        return;
      }
    } else {
      const bytes = await readBody(req, o.maxBodyBytes);
      const contentType = req.headers['content-type'];
      task = { id, bytes, ...(pageUrl !== undefined ? { url: pageUrl } : {}), ...(contentType ? { contentType } : {}) };
    }
    const outcome: PageOutcome = await withDeadline(runner.run(task), o.extractTimeoutMs);
    send(res, outcome.ok ? 200 : statusOf(outcome.error?.code ?? 'internal-error'), outcome.output ?? '');
  }

  const server: Server = createServer({
    requestTimeout: o.requestTimeoutMs,
    headersTimeout: o.requestTimeoutMs,
    connectionsCheckingInterval: Math.min(MAX_TIMEOUT_CHECK_MS, Math.max(1, Math.floor(o.requestTimeoutMs / 2))),
  }, (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/health') {
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, 405, 'method-not-allowed', 'GET /health', { allow: 'GET, HEAD' });
      return send(res, 200, `${JSON.stringify({ status: 'ok', inFlight, maxInFlight: o.maxInFlight, fetch: o.allowFetch })}\n`);
    }
    if (url.pathname !== '/extract') return sendError(res, 404, 'not-found', 'routes: POST /extract, GET /health');
    if (req.method !== 'POST') return sendError(res, 405, 'method-not-allowed', 'POST /extract', { allow: 'POST' });
    if (inFlight >= o.maxInFlight) {
      // refuse before reading the body; close so the unread body is not parsed as a next request
      return sendError(res, 503, 'busy', `${inFlight} pages in flight, the limit`, { 'retry-after': String(RETRY_AFTER_SECONDS), connection: 'close' });
    }
    inFlight++;
    extractRequest(req, res, url.searchParams).catch((error: unknown) => {
      if (error instanceof HttpError) sendError(res, error.status, error.code, error.message, error.status === 413 ? { connection: 'close' } : {});
      else if (error instanceof MatnError) sendError(res, statusOf(error.code), error.code, error.message);
      else if (!res.headersSent && !req.destroyed) sendError(res, 500, 'internal-error', (error as Error).message ?? String(error));
    }).finally(() => { inFlight--; });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => { server.off('error', reject); resolve(); });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://${o.host.includes(':') ? `[${o.host}]` : o.host}:${port}`,
    async close() {
      await new Promise<void>((resolve) => { server.close(() => resolve()); server.closeIdleConnections(); });
      await runner.close();
      await (dispatcher as Dispatcher | null)?.close();
    },
  };
}
