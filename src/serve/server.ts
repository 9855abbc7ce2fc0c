/**
 * `matn serve`: a small HTTP service on `node:http` (no framework: two routes, and the limits
 * below are what matters). `POST /extract` takes the page's raw bytes (its Content-Type header is
 * the transport charset declaration) and answers the record `matn extract` prints; `GET /health`
 * answers the service's state.
 *
 * Two separate stages, each with its own bound, so a slow client never holds what a page needs:
 * 1. receiving: a request (headers and body) must arrive within `readTimeoutMs` of its first byte
 *    (Node's `requestTimeout`, checked every second at most; past it a JSON 408 `read-timeout`),
 *    at most `maxUploads` bodies at once (503 beyond), a body of at most `maxBodyBytes` (413 after
 *    the body is drained, see body.ts), never empty (400 `empty-body`);
 * 2. extracting: a page whose body is complete takes one of `maxInFlight` slots (503 with
 *    Retry-After beyond) and waits for one of `jobs` workers, smallest page first, at most
 *    `extractTimeoutMs` (503 `busy` past it, never started); running past `extractTimeoutMs` it
 *    gets 504 and is withdrawn: its worker is ended and its slot is free at once (dispatch.ts).
 *    The pool keeps one spare worker and warms every worker up, and the service listens only
 *    once they are loaded, so the page after a 504 does not wait for a worker to start.
 * Every refusal is `{"error":{"code","message"}}`, also those Node answers for itself (malformed
 * requests, read deadline: the `clientError` hook). No outbound request unless `allowFetch`; then
 * `POST /extract?fetch=URL` fetches through the SSRF-safe fetcher (private addresses refused unless
 * `allowPrivate`).
 * @module
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Dispatcher } from 'undici';
import { DEFAULT_NORMALIZE_OPTIONS } from '../encoding/normalize.js';
import type { FetchOptions } from '../fetching/fetch-options.js';
import { failedOutcome, type PageConfig, type PageTask } from '../runner/page.js';
import { createPageRunner } from '../runner/pool.js';
import { DEFAULT_EXTRACT_FIELDS, type ExtractField } from '../runner/record.js';
import { readBody } from './body.js';
import { createDispatch } from './dispatch.js';
import { HttpError, rawErrorResponse, send, sendError, statusOf } from './responses.js';

/** Options of {@link startServer}. */
export interface ServeOptions {
  /** Port; 0 picks a free one. @default 8080 */
  port?: number;
  /** Interface to listen on. @default '127.0.0.1' */
  host?: string;
  /** Largest request body in bytes (413 beyond; bodies up to twice this are drained first). @default 33554432 */
  maxBodyBytes?: number;
  /** Time to receive a whole request, headers and body, counted from its first byte, in ms (408 beyond). @default 10000 */
  readTimeoutMs?: number;
  /** Time to extract (or fetch) one page once its body is complete, in ms (504 beyond; its worker is ended). @default 30000 */
  extractTimeoutMs?: number;
  /** Pages being extracted or fetched at once: slots taken once a body is complete (503 beyond). @default 8 */
  maxInFlight?: number;
  /** Request bodies being received at once (503 beyond, before reading). @default 64 */
  maxUploads?: number;
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
  readTimeoutMs: 10_000,
  extractTimeoutMs: 30_000,
  maxInFlight: 8,
  maxUploads: 64,
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
/** How long a connection answered with a raw 408/400 stays open, its input discarded, so the client reads the answer before the close. */
const LINGER_MS = 1000;

const busy = (what: string, headers: Readonly<Record<string, string>> = {}): HttpError => new HttpError(503, 'busy', what, { 'retry-after': String(RETRY_AFTER_SECONDS), ...headers });

/** The refusal Node's own error on a connection stands for: its read deadline, or a request it cannot parse. */
function clientErrorOf(error: NodeJS.ErrnoException, readTimeoutMs: number): HttpError {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return new HttpError(408, 'read-timeout', `the request was not received within ${readTimeoutMs} ms of its first byte`);
  if (error.code === 'HPE_HEADER_OVERFLOW') return new HttpError(431, 'headers-too-large', 'the request headers are too large');
  return new HttpError(400, 'bad-request', `malformed request: ${error.message}`);
}

/** Starts the service; resolves once it listens. */
export async function startServer(options: ServeOptions = {}): Promise<RunningServer> {
  const o = { ...DEFAULT_SERVE_OPTIONS, ...options };
  const config: PageConfig = {
    algorithm: o.algorithm, extractor: {}, metadata: {}, keepHeadline: false,
    normalize: { maxBytes: o.maxBodyBytes }, fields: o.fields ?? DEFAULT_EXTRACT_FIELDS,
    format: 'jsonl', maxBytes: o.maxBodyBytes, outDir: null,
  };
  const jobs = Math.max(1, o.jobs);
  // one spare worker, every worker warmed up: the page after a 504 waits neither for the ended
  // worker's replacement to start nor for a fresh isolate's first compilation. The dispatch ends a
  // page past --extract-timeout; the pool's own limit is only a backstop.
  const runner = createPageRunner(config, { jobs, spareWorkers: 1, warmUp: true, pageTimeoutMs: 2 * o.extractTimeoutMs });
  // a page's deadline must not run while its worker is still loading
  await runner.ready().catch(async (error: unknown) => { await runner.close(); throw error; });
  const dispatch = createDispatch(runner, { jobs, timeoutMs: o.extractTimeoutMs });
  let dispatcher: Dispatcher | null = null;
  let inFlight = 0;
  let uploads = 0;
  // the request being received on each connection: Node's clientError (read deadline) gives the socket only
  const receiving = new WeakMap<Duplex, { res: ServerResponse; abandon: AbortController }>();

  const fetchPage = async (url: string): Promise<{ bytes: Uint8Array; finalUrl: string; contentType: string }> => {
    const client = await import('../fetching/fetch.js'); // undici only when fetching is enabled and used
    dispatcher ??= client.createDispatcher(o.allowPrivate);
    const fetchOptions: FetchOptions = { maxBytes: o.maxBodyBytes, timeoutMs: o.extractTimeoutMs, retries: 0, allowPrivate: o.allowPrivate };
    return client.fetchPage(url, fetchOptions, dispatcher);
  };

  /** Runs the page in its slot (see dispatch.ts) and answers its record or its error. */
  async function extractInSlot(res: ServerResponse, task: PageTask): Promise<void> {
    const outcome = await dispatch.run(task);
    const status = outcome.ok ? 200 : statusOf(outcome.error?.code ?? 'internal-error');
    send(res, status, outcome.output ?? '', status === 503 ? { 'retry-after': String(RETRY_AFTER_SECONDS) } : {});
  }

  async function fetchAndExtract(res: ServerResponse, id: string, target: string): Promise<void> {
    if (!o.allowFetch) throw new HttpError(403, 'fetch-disabled', 'this service does not fetch pages (start it with --allow-fetch)');
    let task: PageTask;
    try {
      const page = await fetchPage(target);
      task = { id, url: target, finalUrl: page.finalUrl, bytes: page.bytes, contentType: page.contentType };
    } catch (error) {
      const outcome = failedOutcome({ id, url: target }, error, 'jsonl', null);
      send(res, statusOf(outcome.error?.code ?? 'internal-error'), outcome.output ?? '');
      return;
    }
    await extractInSlot(res, task);
  }

  async function extractRequest(req: IncomingMessage, res: ServerResponse, query: URLSearchParams, abandon: AbortSignal): Promise<void> {
    const id = query.get('id') ?? 'page';
    const target = query.get('fetch');
    if (target !== null) {
      req.resume(); // the body is not read
      if (inFlight >= o.maxInFlight) throw busy(`${inFlight} pages in flight, the limit`);
      inFlight++;
      try { await fetchAndExtract(res, id, target); } finally { inFlight--; }
      return;
    }
    // the upload holds no slot: a slow client costs a socket and its bytes, never an extraction
    if (uploads >= o.maxUploads) throw busy(`${uploads} request bodies being received, the limit`, { connection: 'close' });
    uploads++;
    let bytes: Uint8Array;
    try { bytes = await readBody(req, o.maxBodyBytes, abandon); } finally { uploads--; }
    if (inFlight >= o.maxInFlight) throw busy(`${inFlight} pages in flight, the limit`);
    inFlight++;
    const pageUrl = query.get('url');
    const contentType = req.headers['content-type'];
    try {
      await extractInSlot(res, { id, bytes, ...(pageUrl !== null ? { url: pageUrl } : {}), ...(contentType ? { contentType } : {}) });
    } finally {
      inFlight--;
    }
  }

  function answerFailure(res: ServerResponse, error: unknown, abandon: AbortController): void {
    if (abandon.signal.aborted) return; // answered on the socket already (read deadline)
    if (error instanceof HttpError) sendError(res, error);
    else if (!res.headersSent && !res.destroyed && !res.req.destroyed) sendError(res, new HttpError(500, 'internal-error', (error as Error).message ?? String(error)));
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/health') {
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, new HttpError(405, 'method-not-allowed', 'GET /health', { allow: 'GET, HEAD' }));
      return send(res, 200, `${JSON.stringify({ status: 'ok', inFlight, maxInFlight: o.maxInFlight, ...dispatch.counts, jobs, uploads, maxUploads: o.maxUploads, fetch: o.allowFetch })}\n`);
    }
    if (url.pathname !== '/extract') return sendError(res, new HttpError(404, 'not-found', 'routes: POST /extract, GET /health'));
    if (req.method !== 'POST') return sendError(res, new HttpError(405, 'method-not-allowed', 'POST /extract', { allow: 'POST' }));
    const abandon = new AbortController();
    receiving.set(req.socket, { res, abandon });
    res.once('finish', () => { if (receiving.get(req.socket)?.res === res) receiving.delete(req.socket); });
    extractRequest(req, res, url.searchParams, abandon.signal).catch((error: unknown) => answerFailure(res, error, abandon));
  }

  const server: Server = createServer({
    requestTimeout: o.readTimeoutMs,
    headersTimeout: o.readTimeoutMs,
    connectionsCheckingInterval: Math.min(MAX_TIMEOUT_CHECK_MS, Math.max(1, Math.floor(o.readTimeoutMs / 2))),
  }, handle);
  // Expect: 100-continue (curl for bodies over 1 MiB): a body declared too large is refused before it is sent
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    const declared = Number(req.headers['content-length'] ?? Number.NaN);
    if (Number.isFinite(declared) && declared > o.maxBodyBytes) {
      return sendError(res, new HttpError(413, 'input-too-large', `body of ${declared} bytes is more than the limit of ${o.maxBodyBytes}`, { connection: 'close' }));
    }
    res.writeContinue();
    handle(req, res);
  });
  // what Node would answer with a bare status line (read deadline, malformed request) gets a JSON body
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const open = receiving.get(socket);
    receiving.delete(socket);
    if (!socket.writable || open?.res.headersSent === true) { socket.destroy(); return; }
    open?.abandon.abort(error);
    socket.end(rawErrorResponse(clientErrorOf(error, o.readTimeoutMs)));
    (socket as Socket).resume?.();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
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
