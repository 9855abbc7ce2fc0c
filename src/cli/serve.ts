/**
 * `matn serve`: the HTTP service (src/serve/server.ts) on the command line; runs until SIGTERM or
 * SIGINT, then stops listening and finishes the requests in hand.
 * @module
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { ALGORITHMS, DEFAULT_EXTRACT_OPTIONS } from '../index.js';
import { DEFAULT_SERVE_OPTIONS } from '../serve/server.js';
import { write, type CliIo } from './io.js';
import { oneOf, parseByteCount, parseCount } from './options.js';

interface ServeCommandOptions {
  port: number; host: string; maxBytes: number; readTimeout: number; extractTimeout: number; concurrency: number; maxUploads: number; jobs: number;
  algorithm: string; allowFetch?: boolean; allowPrivate?: boolean; quiet?: boolean;
}

function parsePositive(value: string): number {
  const n = parseCount(value);
  if (n === 0) throw new InvalidArgumentError('expected a whole number >= 1');
  return n;
}

/** Adds `matn serve` to `program`. */
export function addServeCommand(program: Command, io: CliIo, setResult: (failed: number) => void): Command {
  return program.command('serve')
    .description('HTTP service: POST /extract (raw page bytes; Content-Type passed to normalize) answers the record; GET /health')
    .addOption(new Option('--port <n>', 'port (0: any free port, printed on stderr)').argParser(parseCount).default(DEFAULT_SERVE_OPTIONS.port))
    .option('--host <address>', 'interface to listen on', DEFAULT_SERVE_OPTIONS.host)
    .addOption(new Option('--max-bytes <n>', 'largest request body (413 beyond)').argParser(parseByteCount).default(DEFAULT_SERVE_OPTIONS.maxBodyBytes))
    .addOption(new Option('--read-timeout <ms>', 'time to receive a whole request (headers and body) from its first byte (408 beyond)').argParser(parsePositive).default(DEFAULT_SERVE_OPTIONS.readTimeoutMs))
    .addOption(new Option('--extract-timeout <ms>', 'time a page may wait for a worker (503 beyond, never started), then run (504 beyond: its worker is ended); a fetch has as long').argParser(parsePositive).default(DEFAULT_SERVE_OPTIONS.extractTimeoutMs))
    .addOption(new Option('--concurrency <n>', 'pages in flight: slots taken once a body is complete (503 + Retry-After beyond)').argParser(parsePositive).default(DEFAULT_SERVE_OPTIONS.maxInFlight))
    .addOption(new Option('--max-uploads <n>', 'request bodies being received at once (503 beyond)').argParser(parsePositive).default(DEFAULT_SERVE_OPTIONS.maxUploads))
    .addOption(new Option('--jobs <n>', 'worker threads extracting pages').argParser(parsePositive).default(DEFAULT_SERVE_OPTIONS.jobs))
    .addOption(new Option('--algorithm <name>', 'content extraction algorithm').argParser(oneOf(ALGORITHMS)).default(DEFAULT_EXTRACT_OPTIONS.algorithm))
    .option('--allow-fetch', 'allow POST /extract?fetch=URL (outbound requests; the SSRF guard refuses private addresses)')
    .option('--allow-private', 'with --allow-fetch: also fetch private, loopback and link-local addresses')
    .option('-q, --quiet', 'no start line on stderr')
    .addHelpText('after', '\nPOST /extract?url=PAGE_URL&id=ID with the page as body; 200 with the record, 4xx/5xx with {"error":{"code","message"}}:\n'
      + '400 empty-body, 408 read-timeout, 413 input-too-large, 422 (the page cannot be extracted), 503 busy, 504 timeout.')
    .action(async (options: ServeCommandOptions) => {
      const { startServer } = await import('../serve/server.js');
      const server = await startServer({
        port: options.port, host: options.host, maxBodyBytes: options.maxBytes, readTimeoutMs: options.readTimeout,
        extractTimeoutMs: options.extractTimeout, maxInFlight: options.concurrency, maxUploads: options.maxUploads, jobs: options.jobs, algorithm: options.algorithm,
        allowFetch: options.allowFetch === true, allowPrivate: options.allowPrivate === true,
      });
      if (options.quiet !== true) await write(io.stderr, `matn serve: listening on ${server.url}\n`);
      await new Promise<void>((resolve) => {
        const stop = (): void => { process.off('SIGTERM', stop); process.off('SIGINT', stop); resolve(); };
        process.once('SIGTERM', stop);
        process.once('SIGINT', stop);
      });
      await server.close();
      setResult(0);
    });
}
