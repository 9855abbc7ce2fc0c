/**
 * `matn eval --corpus DIR`: extraction quality on a labeled corpus (docs/corpus-format.md), per
 * algorithm, with the metrics of score.py; or `--pred FILE` to score an existing prediction file.
 * @module
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { ALGORITHMS, MatnError } from '../index.js';
import {
  evaluateAlgorithm, evaluatePredictions, formatJson, formatTable, pageFileOf, parseJsonLines, parseTruth,
  type AlgorithmReport, type PredictionRecord,
} from '../eval/index.js';
import { write, type CliIo } from './io.js';
import { oneOf } from './options.js';

/** Options of the `eval` command. */
export interface EvalCommandOptions {
  corpus: string;
  /** Algorithm names, already resolved from `--algorithm` by {@link resolveAlgorithms}. */
  algorithm: readonly string[];
  format: 'table' | 'json';
  worst: number;
  pred?: string;
}

/** Parses `--worst` (a non-negative integer). */
function parseCount(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new InvalidArgumentError('expected a non-negative integer');
  return n;
}

/**
 * The algorithms named by `--algorithm`: `all` = every registered one (read at run time), else a
 * comma-separated list of registered names.
 */
export function resolveAlgorithms(value: string): string[] {
  if (value === 'all') return [...ALGORITHMS];
  const names = value.split(',').map((s) => s.trim()).filter(Boolean);
  for (const name of names) {
    if (!(ALGORITHMS as readonly string[]).includes(name)) throw new InvalidArgumentError(`unknown algorithm "${name}" (known: all, ${ALGORITHMS.join(', ')})`);
  }
  return names;
}

async function readText(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new MatnError('io-error', `cannot read ${what} ${path}: ${(error as Error).message}`, { path }, { cause: error });
  }
}

/**
 * Runs the command; resolves to the number of pages that failed (summed over the algorithms).
 */
export async function runEval(options: EvalCommandOptions, io: CliIo): Promise<number> {
  const dir = resolve(options.corpus);
  const truth = parseTruth(await readText(join(dir, 'truth.jsonl'), 'truth file'));
  let reports: AlgorithmReport[];
  if (options.pred !== undefined) {
    const predictions = parseJsonLines<PredictionRecord>(await readText(options.pred, 'prediction file'), options.pred);
    reports = [evaluatePredictions(truth, predictions, { worst: options.worst })];
  } else {
    const load = (t: Parameters<typeof pageFileOf>[0]): Uint8Array => readFileSync(join(dir, pageFileOf(t)));
    reports = options.algorithm.map((name) => evaluateAlgorithm(truth, load, name, { worst: options.worst }));
  }
  const heading = `corpus ${options.corpus}: ${truth.length} pages${options.pred !== undefined ? `, predictions ${options.pred}` : ''}`;
  await write(io.stdout, options.format === 'json' ? formatJson(reports, options.corpus) : formatTable(reports, heading));
  return reports.reduce((sum, r) => sum + (r.metrics['errors'] ?? 0), 0);
}

/**
 * Adds the `eval` command to the program; `setResult` receives the number of failed pages.
 */
export function addEvalCommand(program: Command, io: CliIo, setResult: (failed: number) => void): Command {
  return program.command('eval')
    .description('score extraction on a labeled corpus (pages/ + truth.jsonl): body P/R/F, title, author, date, posts, charset, worst pages')
    .requiredOption('--corpus <dir>', 'corpus directory with truth.jsonl and the pages it names (see docs/corpus-format.md)')
    .addOption(new Option('--algorithm <name>', `"all", or one or more (comma-separated) of: ${ALGORITHMS.join(', ')}`).argParser(resolveAlgorithms).default([...ALGORITHMS], 'all'))
    .addOption(new Option('--format <format>', 'output format').argParser(oneOf(['table', 'json'] as const)).default('table'))
    .addOption(new Option('--worst <n>', 'how many worst pages to list per algorithm').argParser(parseCount).default(10))
    .option('--pred <file>', 'score this prediction file (JSON Lines, as `matn extract` prints) instead of extracting')
    .addHelpText('after', '\nMetrics are those of score.py (same names in --format json): body.sh_* word 4-gram shingles, body.ch_* char 3-grams,\nbody.char_* characters (seed 003 §4.1), body.qualified/excellent (seed 001 §2.1), title/author/date/posts/comments/encoding.')
    .action(async (options: EvalCommandOptions, command: Command) => {
      let failed: number;
      try {
        failed = await runEval(options, io);
      } catch (error) {
        if (!(error instanceof MatnError)) throw error;
        command.error(`error: ${error.message}`, { exitCode: 2, code: `matn.${error.code}` });
      }
      setResult(failed);
    });
}
