/**
 * Registration of `matn extract` with commander: every option, its help, and its parsing.
 * @module
 */
import { availableParallelism } from 'node:os';
import { Command, InvalidArgumentError, Option } from 'commander';
import { ALGORITHMS, DEFAULT_EXTRACT_OPTIONS, DEFAULT_METADATA_OPTIONS, getExtractor } from '../index.js';
import { DEFAULT_CONCURRENCY, DEFAULT_PER_HOST, runExtract, type ExtractCommandOptions } from './extract.js';
import { DEFAULT_FETCH_OPTIONS } from '../fetching/fetch-options.js';
import { OUTPUT_FORMATS, STRUCTURED_FORMATS } from '../runner/formats.js';
import { DEFAULT_POOL_OPTIONS } from '../runner/pool.js';
import { DEFAULT_JOBS_CHOICE_OPTIONS } from '../runner/jobs-choice.js';
import type { CliIo } from './io.js';
import { collectOption, DEFAULT_MAX_BYTES, extractorOptionsOf, metadataOptionsOf, oneOf, parseByteCount, parseCount, UsageError } from './options.js';
import { DEFAULT_EXTRACT_FIELDS, EXTRACT_FIELDS, type ExtractField } from '../runner/record.js';
import { WARC_STATUS_FILTERS } from '../sources/warc.js';

function parseFields(value: string): ExtractField[] {
  const fields = value.split(',').map((f) => f.trim()).filter(Boolean);
  for (const f of fields) {
    if (!(EXTRACT_FIELDS as readonly string[]).includes(f)) throw new InvalidArgumentError(`unknown field "${f}" (known: ${EXTRACT_FIELDS.join(', ')})`);
  }
  return fields as ExtractField[];
}

function collectPath(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

function withKeywords(fields: readonly ExtractField[]): ExtractField[] {
  return fields.includes('keywords') ? [...fields] : [...fields, 'keywords'];
}

function parsePositive(value: string): number {
  const n = parseCount(value);
  if (n === 0) throw new InvalidArgumentError('expected a whole number >= 1');
  return n;
}

/** The `--option` keys of every algorithm with their defaults, for `--help`. */
function extractorOptionsHelp(): string {
  return ALGORITHMS.map((name) => {
    const defaults = getExtractor(name).defaults as Readonly<Record<string, unknown>>;
    return `  ${name}: ${Object.entries(defaults).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(' ')}`;
  }).join('\n');
}

const HELP_AFTER = `
Modes:
  offline  matn extract <dir|glob|file...>   directories are walked recursively for .html .htm .xhtml .xml .txt,
           each optionally gzipped (.html.gz); quote globs ('pages/**/*.htm') so matn expands them.
  online   matn extract --urls urls.txt      one URL per line (# comments, blank lines skipped); - reads stdin.
           matn extract https://… [URL...]   URLs given as arguments are fetched the same way.
  warc     matn extract --warc crawl.warc.gz   HTML response records with a 2xx status (HTTP charset kept); records carry
           "url" and "httpStatus". A damaged file ends with a warc-truncated or warc-invalid record (id FILE@OFFSET).
  stdin    cat page.html | matn extract - --url https://example.org/page   the page on standard input (id "stdin").
           Private, loopback and link-local addresses are refused after DNS resolution unless --allow-private.

Output: one record per page, e.g. {"id","title","author","date","lang","dir","body","posts":[{"author","date","text"}],
  "comments","encoding","algorithm"} (online mode adds "url" after "id"). A page that fails gives
  {"id","error":{"code","message"}} and the batch goes on. id = file name without its extension (and .gz),
  or its path under the argument (a/x) when an earlier file of the run has that name: ids are unique in a run;
  for a URL, a slug of host and path plus a hash. Formats: jsonl (default when stdout is not a terminal),
  json (one array), text (default on a terminal; title, keywords, date, body per page under a ==== id ==== line),
  markdown (YAML front matter, then the content with its headings, lists, tables, links and images),
  html (a standalone document per page). With --out DIR each page goes to DIR/<id>.json|.txt|.md (written atomically) and failed
  pages are printed on stdout as JSON lines.

Resume: with --out, --resume skips pages whose file exists. Without --out, --resume previous.jsonl skips
  ids that have a good record in that file (append: matn extract ... --resume out.jsonl >> out.jsonl).

Error codes: io-error, input-too-large, not-text, bad-gzip, duplicate-id, symlink-loop, invalid-argument, unsupported-encoding,
  warc-truncated, warc-invalid (--warc; with "offset"),
  worker-crashed, out-of-memory, timeout (a worker past --page-timeout); online: invalid-url, private-address,
  too-many-redirects, timeout, fetch-error, http-error (with "status"), not-html.
Progress bar on stderr when it is a terminal; a summary line on stderr at the end (--quiet: neither).
Exit codes: 0 every page ok, 1 some pages failed, 2 usage error.

Extractor options (--option key=value) and their defaults:
${extractorOptionsHelp()}

Metadata options (--meta-option key=value) and their defaults:
${metadataOptionsHelp()}`;

function metadataOptionsHelp(): string {
  const entries = Object.entries(DEFAULT_METADATA_OPTIONS).filter(([k]) => k !== 'url').map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  const lines: string[] = [];
  for (let i = 0; i < entries.length; i += 6) lines.push(`  ${entries.slice(i, i + 6).join(' ')}`);
  return lines.join('\n');
}

/** Adds `matn extract` to `program`; `setResult` receives the number of failed pages. */
export function addExtractCommand(program: Command, io: CliIo, setResult: (failed: number) => void): Command {
  const command = program.command('extract')
    .description('extract title, keywords, author, date, language, body, posts and comments of pages (files or URLs), one record per page')
    .argument('[path...]', 'files, directories (walked recursively), quoted glob patterns, http(s) URLs to fetch, or - for standard input')
    .option('--urls <file>', 'online mode: fetch the URLs listed in <file> (one per line; - for stdin)')
    .addOption(new Option('--warc <file>', 'read the HTML response records of a WARC file (.warc or .warc.gz; repeatable); id = slug of WARC-Target-URI + hash of WARC-Record-ID').argParser(collectPath))
    .addOption(new Option('--warc-status <which>', 'with --warc: 2xx takes the captures whose HTTP status is 2xx (an error page or a redirect is passed over), all takes every status; records carry "httpStatus"').argParser(oneOf(WARC_STATUS_FILTERS)).default('2xx'))
    .option('--url <url>', 'the address of the files or standard input: links, images and pager links are resolved against it')
    .addOption(new Option('--format <format>', 'output format (default: jsonl when stdout is not a terminal, else text)').argParser(oneOf(OUTPUT_FORMATS)))
    .addOption(new Option('--algorithm <name>', 'content extraction algorithm').argParser(oneOf(ALGORITHMS)).default(DEFAULT_EXTRACT_OPTIONS.algorithm))
    .addOption(new Option('--option <key=value>', 'an option of the algorithm, repeatable (see below; checked against its defaults)').argParser(collectOption))
    .addOption(new Option('--meta-option <key=value>', 'an option of the metadata stage, repeatable (see below; checked against its defaults)').argParser(collectOption))
    .option('--keep-headline', 'keep the headline at the top of the body (by default a first line that repeats the title is dropped)')
    .addOption(new Option('--fields <list>', `comma-separated fields to print (id always; url in online mode; error when a page fails); known: ${EXTRACT_FIELDS.join(',')}`).argParser(parseFields).default(DEFAULT_EXTRACT_FIELDS, DEFAULT_EXTRACT_FIELDS.join(',')))
    .option('--out <dir>', 'write one file per page into <dir> (created if missing) instead of stdout')
    .option('--resume [file]', 'skip pages already done: with --out, those whose file exists; else those with a good record in <file> (JSON Lines)')
    .addOption(new Option('--jobs <n>', `worker threads extracting pages (0: in the main thread, which isolates nothing: no --page-timeout, no --worker-memory, and a page that exhausts memory ends the run). Default: 0 for a small batch of files known up front (at most ${DEFAULT_JOBS_CHOICE_OPTIONS.smallBatchPages} pages and ${DEFAULT_JOBS_CHOICE_OPTIONS.smallBatchBytes} bytes in all, none gzipped) when neither --page-timeout nor --worker-memory is given, else the number of cores (${availableParallelism()}); the summary line says which`).argParser(parseCount))
    // no commander default for the two limits: giving one is what asks for workers (see --jobs)
    .addOption(new Option('--page-timeout <ms>', `time one page may take in a worker; past it the worker is ended and the page gets a timeout record (default: ${DEFAULT_POOL_OPTIONS.pageTimeoutMs})`).argParser(parsePositive))
    .addOption(new Option('--worker-memory <mib>', `V8 heap of each worker in MiB; a page that needs more gets an out-of-memory record (default: ${DEFAULT_POOL_OPTIONS.workerMemoryMb})`).argParser(parsePositive))
    .option('--ordered', 'print pages in input order (default: as they complete)')
    .option('-q, --quiet', 'no progress bar and no summary line on stderr')
    .option('--content-type <value>', 'HTTP Content-Type of the files (its charset is a transport declaration); online, the response header is used')
    .option('--default-charset <charset>', 'charset used when nothing declares or detects one (default: windows-1252)')
    .option('--strip-invisible', 'remove invisible characters that carry no meaning in the page\'s script')
    .addOption(new Option('--max-bytes <n>', 'largest page (file, unpacked .gz, or response body), in bytes; bigger gives input-too-large').argParser(parseByteCount).default(DEFAULT_MAX_BYTES))
    .addOption(new Option('--timeout <ms>', 'online: time allowed for one request, in milliseconds').argParser(parsePositive).default(DEFAULT_FETCH_OPTIONS.timeoutMs))
    .addOption(new Option('--retries <n>', 'online: retries after a timeout, network error, 5xx or 429 (with backoff)').argParser(parseCount).default(DEFAULT_FETCH_OPTIONS.retries))
    .addOption(new Option('--retry-delay <ms>', 'online: delay before the first retry, doubled for each next one').argParser(parseCount).default(DEFAULT_FETCH_OPTIONS.retryDelayMs))
    .addOption(new Option('--max-redirects <n>', 'online: redirects followed, each hop checked').argParser(parseCount).default(DEFAULT_FETCH_OPTIONS.maxRedirects))
    .option('--user-agent <ua>', 'online: User-Agent header', DEFAULT_FETCH_OPTIONS.userAgent)
    .addOption(new Option('--concurrency <n>', 'online: requests in flight overall').argParser(parsePositive).default(DEFAULT_CONCURRENCY))
    .addOption(new Option('--per-host <n>', 'online: requests in flight per host').argParser(parsePositive).default(DEFAULT_PER_HOST))
    .option('--allow-private', 'online: also fetch private, loopback and link-local addresses (refused by default)')
    .addHelpText('after', HELP_AFTER)
    .action(async (paths: string[], options: ExtractCommandOptions & { option?: [string, string][]; metaOption?: [string, string][] }) => {
      try {
        const extractorOptions = extractorOptionsOf(options.algorithm, options.option ?? []);
        const metadataOptions = metadataOptionsOf(options.metaOption ?? []);
        // the paper's layouts (text, markdown) show keywords unless --fields says otherwise
        const format = options.format ?? ((io.stdout as { isTTY?: boolean }).isTTY === true ? 'text' : 'jsonl');
        const chosen = command.getOptionValueSource('fields') === 'default' && (format === 'text' || format === 'markdown')
          ? withKeywords(options.fields) : options.fields;
        // Markdown and HTML are written from the structured content
        const fields = STRUCTURED_FORMATS.includes(format) && !chosen.includes('contentHtml') ? [...chosen, 'contentHtml' as const] : chosen;
        setResult(await runExtract(paths, { ...options, format, fields, extractorOptions, metadataOptions }, io));
      } catch (error) {
        if (error instanceof UsageError) command.error(`error: ${error.message}`, { exitCode: 2, code: 'matn.usage' });
        throw error;
      }
    });
  return command;
}
