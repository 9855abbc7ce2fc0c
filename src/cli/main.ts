#!/usr/bin/env node
/**
 * The `matn` command line. The only code (with the rest of src/cli/) that touches process, fs and
 * the console. Exit codes: 0 all pages ok, 1 some pages failed (each has an error record), 2 usage error.
 * @module
 */
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError, Option } from 'commander';
import { addExtractCommand } from './extract-command.js';
import { addEvalCommand } from './eval.js';
// matn inspect (issue 21)
import { addInspectCommand } from './inspect.js';
import { addModerationCommands } from './moderation.js';
import type { CliIo } from './io.js';
// distributed mode and HTTP service (issue 22)
import { addQueueCommands } from './queue.js';
import { addServeCommand } from './serve.js';
import { runNormalize, type NormalizeCommandOptions } from './normalize.js';
import { DEFAULT_MAX_BYTES, oneOf, parseByteCount } from './options.js';

/** Exit codes of the CLI. */
export const ExitCode = Object.freeze({ Ok: 0, PageFailed: 1, Usage: 2 } as const);

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

function addReadOptions(command: Command): Command {
  return command
    .option('--content-type <value>', 'HTTP Content-Type header of the pages (its charset is a transport declaration)')
    .option('--default-charset <charset>', 'charset used when nothing declares or detects one (default: windows-1252)')
    .option('--strip-invisible', 'remove invisible characters that carry no meaning in the page\'s script')
    .addOption(new Option('--max-bytes <n>', 'largest page accepted, in bytes; bigger pages get an input-too-large error record').argParser(parseByteCount).default(DEFAULT_MAX_BYTES));
}

/** Builds the program; `setResult` receives the number of failed pages of the command that ran. */
function buildProgram(io: CliIo, setResult: (failed: number) => void): Command {
  const program = new Command('matn')
    .description('Clean Unicode text, title, author, date and forum posts from raw web pages in any script and encoding.')
    .version(readVersion())
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText('after', '\nExit codes: 0 every page ok, 1 some pages failed (each has an "error" record), 2 usage error.\nFiles are read as bytes; directories are walked recursively for .html .htm .xhtml .xml .txt (optionally .gz).\nRun `matn extract --help` for online mode (--urls), output formats, --out/--resume and --jobs.');

  addReadOptions(program.command('normalize')
    .description('decode and normalize pages; print charset, evidence of repairs and invisible characters per page')
    .argument('<file...>', 'files or directories')
    .addOption(new Option('--format <format>', 'output format').argParser(oneOf(['jsonl', 'json'] as const)).default('jsonl'))
    .option('--html', 'include the normalized HTML in each record'))
    .addHelpText('after', '\nOutput: one record per page: {"id","file","encoding","charsetSource","confidence","repairs","invisible","warnings"} (+ "html" with --html);\na page that fails gives {"id","file","error":{"code","message"}}.')
    .action(async (paths: string[], options: NormalizeCommandOptions) => setResult(await runNormalize(paths, options, io)));

  addExtractCommand(program, io, setResult);

  addEvalCommand(program, io, setResult);

  // matn inspect (issue 21): one page's HTML report
  addInspectCommand(program, io, setResult);

  // moderation: matn fold, matn convert (docs/moderation.md)
  addModerationCommands(program, io, setResult);

  // issue 22: matn queue add|status, matn worker, matn serve
  addQueueCommands(program, io, setResult);
  addServeCommand(program, io, setResult);

  for (const command of program.commands) {
    command.exitOverride().configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) }).showHelpAfterError('(run with --help for usage)');
  }
  return program;
}

/**
 * Runs the CLI on `argv` (user arguments, without `node` and the script) and resolves to the exit code.
 * Never calls `process.exit`, so it can run inside tests.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let failed = -1;
  const program = buildProgram(io, (n) => { failed = n; });
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? ExitCode.Ok : ExitCode.Usage;
    throw error;
  }
  if (failed < 0) {
    program.outputHelp({ error: true });
    return ExitCode.Usage;
  }
  return failed === 0 ? ExitCode.Ok : ExitCode.PageFailed;
}

function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(ExitCode.Ok); // output closed early (`| head`)
    throw error;
  });
  runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin }).then(
    (code) => { process.exitCode = code; },
    (error: unknown) => {
      console.error(error);
      process.exitCode = ExitCode.PageFailed;
    },
  );
}
