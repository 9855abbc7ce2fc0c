/**
 * `matn fold` and `matn convert`: the matching form and Uyghur script conversion of plain UTF-8
 * text, read from files or stdin (docs/moderation.md). Each input is written out whole, in order.
 * @module
 */
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { Option, type Command } from 'commander';
import {
  convertUyghur, DEFAULT_FOLD_OPTIONS, foldForMatching, MatnError, UYGHUR_SCRIPTS, type FoldSteps, type UyghurScript,
} from '../index.js';
import { describeError, write, type CliIo } from './io.js';
import { oneOf } from './options.js';

/** The fold steps, each a `--no-<step>` switch. */
const FOLD_STEPS = Object.keys(DEFAULT_FOLD_OPTIONS).filter((k) => k !== 'lang') as Array<keyof FoldSteps>;

/** Options of `matn fold`. */
export interface FoldCommandOptions extends Partial<Record<keyof FoldSteps, boolean>> {
  lang?: string;
  /** Print `{"text","starts","ends"}` JSON per input instead of the folded text. */
  offsets?: boolean;
}

/** Options of `matn convert`. */
export interface ConvertCommandOptions {
  to: UyghurScript;
  from: UyghurScript | 'auto';
}

async function readStream(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

/** The texts to work on: each file (UTF-8), or stdin when no file or `-` is given. */
async function* texts(paths: readonly string[], io: CliIo): AsyncGenerator<{ name: string; text?: string; error?: unknown }> {
  const list = paths.length === 0 ? ['-'] : paths;
  for (const path of list) {
    try {
      if (path === '-') {
        if (!io.stdin) throw new MatnError('io-error', 'no standard input to read');
        yield { name: '-', text: await readStream(io.stdin) };
      } else {
        yield { name: path, text: new TextDecoder('utf-8').decode(await readFile(path)) };
      }
    } catch (error) {
      yield { name: path, error };
    }
  }
}

/** Runs `transform` on every input; resolves to the number of inputs that could not be read. */
async function runText(paths: readonly string[], io: CliIo, transform: (text: string) => string): Promise<number> {
  let failed = 0;
  for await (const input of texts(paths, io)) {
    if (input.text === undefined) {
      failed++;
      const { code, message } = describeError(input.error);
      await write(io.stderr, `matn: ${input.name}: ${code}: ${message}\n`);
      continue;
    }
    await write(io.stdout, transform(input.text));
  }
  return failed;
}

/** `matn fold`: resolves to the number of inputs that failed. */
export function runFold(paths: readonly string[], options: FoldCommandOptions, io: CliIo): Promise<number> {
  const steps: FoldSteps = Object.fromEntries(FOLD_STEPS.map((k) => [k, options[k] !== false]));
  return runText(paths, io, (text) => {
    const folded = foldForMatching(text, { ...steps, lang: options.lang ?? null });
    return options.offsets ? `${JSON.stringify(folded)}\n` : folded.text;
  });
}

/** `matn convert`: resolves to the number of inputs that failed. */
export function runConvert(paths: readonly string[], options: ConvertCommandOptions, io: CliIo): Promise<number> {
  return runText(paths, io, (text) => convertUyghur(text, { to: options.to, from: options.from }));
}

/** Adds `fold` and `convert` to the program. */
export function addModerationCommands(program: Command, io: CliIo, setResult: (failed: number) => void): void {
  const fold = program.command('fold')
    .description('print the matching form of UTF-8 text (tatweel, harakat, letter variants, invisibles, NFKC, case, digits folded)')
    .argument('[file...]', 'text files; none or - reads stdin')
    .option('--lang <tag>', 'language of the text (ar, fa, ur, ug, …): chooses the letter unifications; default: from the letters')
    .option('--offsets', 'print {"text","starts","ends"} JSON per input: where each folded code unit came from');
  for (const step of FOLD_STEPS) fold.option(`--no-${step.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, `skip the ${step} step`);
  fold.action(async (paths: string[], options: FoldCommandOptions) => setResult(await runFold(paths, options, io)));

  program.command('convert')
    .description('convert Uyghur text between UEY (Arabic-based), ULY (Latin) and USY (Cyrillic)')
    .argument('[file...]', 'UTF-8 text files; none or - reads stdin')
    .addOption(new Option('--to <script>', 'script to write').argParser(oneOf(UYGHUR_SCRIPTS)).makeOptionMandatory())
    .addOption(new Option('--from <script>', 'script of the input (auto: the one most letters are in)').argParser(oneOf(['auto', ...UYGHUR_SCRIPTS] as const)).default('auto'))
    .action(async (paths: string[], options: ConvertCommandOptions) => setResult(await runConvert(paths, options, io)));
}
