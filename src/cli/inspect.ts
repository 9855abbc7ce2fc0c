/**
 * `matn inspect <file|url>`: writes the HTML report of one page (src/inspect). A command module of
 * its own; main.ts only registers it.
 * @module
 */
import { writeFile } from 'node:fs/promises';
import { Command, Option } from 'commander';
import { ALGORITHMS, DEFAULT_EXTRACT_OPTIONS } from '../index.js';
import { inspectPage } from '../inspect/index.js';
import { DEFAULT_FETCH_OPTIONS } from '../fetching/fetch-options.js';
import { write, type CliIo } from './io.js';
import { collectOption, DEFAULT_MAX_BYTES, extractorOptionsOf, normalizeOptionsOf, oneOf, parseByteCount, UsageError, type ReadOptions } from './options.js';
import { describeFailure, readPageFile } from '../runner/page.js';

/** Options of `matn inspect` as commander gives them. */
export interface InspectCommandOptions extends ReadOptions {
  readonly output?: string;
  readonly algorithm: string;
  readonly option?: [string, string][];
  readonly timeout: number;
  readonly allowPrivate?: boolean;
}

const URL_PATTERN = /^https?:\/\//iu;

/** The page's bytes and Content-Type: a file read from disk, or a URL fetched with the online-mode guard. */
async function loadPage(target: string, o: InspectCommandOptions): Promise<{ bytes: Uint8Array; contentType?: string; url?: string }> {
  if (!URL_PATTERN.test(target)) return { bytes: readPageFile(target, o.maxBytes) };
  // loaded only for a URL, so that `inspect file.html` does not load the HTTP client
  const { createDispatcher, fetchPage } = await import('../fetching/fetch.js');
  const dispatcher = createDispatcher(o.allowPrivate === true);
  try {
    const page = await fetchPage(target, { timeoutMs: o.timeout, maxBytes: o.maxBytes, allowPrivate: o.allowPrivate === true }, dispatcher);
    return { bytes: page.bytes, contentType: page.contentType, url: page.finalUrl };
  } finally {
    await dispatcher.close();
  }
}

/** Runs `matn inspect`; resolves to the number of failed pages (0 or 1). */
export async function runInspect(target: string, o: InspectCommandOptions, io: CliIo): Promise<number> {
  const extractor = extractorOptionsOf(o.algorithm, o.option ?? []);
  try {
    const page = await loadPage(target, o);
    const normalize = { ...normalizeOptionsOf(o), ...(page.contentType ? { contentType: page.contentType } : {}) };
    const html = inspectPage(page.bytes, { algorithm: o.algorithm, extractor, normalize, source: target, ...(page.url ? { url: page.url } : {}) });
    if (o.output === undefined) await write(io.stdout, html);
    else {
      await writeFile(o.output, html, 'utf8');
      await write(io.stderr, `matn inspect: wrote ${o.output} (${Math.ceil(Buffer.byteLength(html) / 1024)} KiB)\n`);
    }
    return 0;
  } catch (error) {
    const info = describeFailure(error);
    await write(io.stderr, `matn inspect: ${info.code}: ${info.message}\n`);
    return 1;
  }
}

/** Adds `matn inspect` to `program`; `setResult` receives the number of failed pages. */
export function addInspectCommand(program: Command, io: CliIo, setResult: (failed: number) => void): Command {
  const command = program.command('inspect')
    .description('write a self-contained HTML report of why a page was extracted the way it was (encoding, metadata sources, the papers\' plots, every algorithm, posts, highlighted text)')
    .argument('<page>', 'an HTML file, or an http(s) URL to fetch')
    .option('-o, --output <file>', 'write the report to <file> (default: stdout)')
    .addOption(new Option('--algorithm <name>', 'the algorithm whose result the report explains').argParser(oneOf(ALGORITHMS)).default(DEFAULT_EXTRACT_OPTIONS.algorithm))
    .addOption(new Option('--option <key=value>', 'an option of the algorithm, repeatable (as in `matn extract`)').argParser(collectOption))
    .option('--content-type <value>', 'HTTP Content-Type of the file (its charset is a transport declaration); for a URL the response header is used')
    .option('--default-charset <charset>', 'charset used when nothing declares or detects one (default: windows-1252)')
    .option('--strip-invisible', 'remove invisible characters that carry no meaning in the page\'s script')
    .addOption(new Option('--max-bytes <n>', 'largest page accepted, in bytes').argParser(parseByteCount).default(DEFAULT_MAX_BYTES))
    .addOption(new Option('--timeout <ms>', 'URL: time allowed for the request, in milliseconds').argParser(parseByteCount).default(DEFAULT_FETCH_OPTIONS.timeoutMs))
    .option('--allow-private', 'URL: also fetch private, loopback and link-local addresses (refused by default)')
    .addHelpText('after', '\nThe report has no script and loads nothing: page text is escaped, URLs are shown as text, and a\nContent-Security-Policy forbids scripts and external resources. Exit codes: 0 ok, 1 the page failed, 2 usage error.')
    .action(async (target: string, options: InspectCommandOptions) => {
      try {
        setResult(await runInspect(target, options, io));
      } catch (error) {
        if (error instanceof UsageError) command.error(`error: ${error.message}`, { exitCode: 2, code: 'matn.usage' });
        throw error;
      }
    });
  return command;
}
