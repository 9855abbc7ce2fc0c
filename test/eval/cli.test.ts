import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALGORITHMS } from '../../src/index.js';
import { formatTable, parseTruth, type AlgorithmReport } from '../../src/eval/index.js';
import { runInProcess } from '../cli/run.js';

const CORPUS = resolve(import.meta.dirname, '../../corpora');
const truth = parseTruth(readFileSync(join(CORPUS, 'truth.jsonl'), 'utf8'));
const work = mkdtempSync(join(tmpdir(), 'matn-eval-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function writeJsonl(name: string, records: readonly unknown[]): string {
  const path = join(work, name);
  writeFileSync(path, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return path;
}

interface JsonReport { corpus: string; algorithms: AlgorithmReport[] }

/** Rate metrics (everything but the counts). */
function rates(metrics: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(metrics).filter(([k]) => !['pages', 'errors'].includes(k) && !k.endsWith('.pages') && !k.endsWith('true')));
}

describe('matn eval', () => {
  it('--pred with the truth itself as predictions scores 1 on every rate metric', async () => {
    const pred = writeJsonl('perfect.jsonl', truth);
    const { code, stdout } = await runInProcess(['eval', '--corpus', CORPUS, '--pred', pred, '--format', 'json']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as JsonReport;
    const metrics = report.algorithms[0]!.metrics;
    expect(metrics.pages).toBe(truth.length);
    expect(Object.keys(rates(metrics))).toEqual(expect.arrayContaining(['body.sh_f1', 'body.ch_f1', 'body.char_f', 'title.exact', 'author.match', 'date.day']));
    for (const [key, value] of Object.entries(rates(metrics))) expect([key, value]).toEqual([key, 1]);
  });

  it('--pred with an empty file scores recall 0 and counts no errors; a failed page is an error', async () => {
    const empty = writeJsonl('empty.jsonl', []);
    const r1 = JSON.parse((await runInProcess(['eval', '--corpus', CORPUS, '--pred', empty, '--format', 'json'])).stdout) as JsonReport;
    expect(r1.algorithms[0]!.metrics).toMatchObject({ 'body.sh_r': 0, 'body.ch_r': 0, 'body.qualified': 0, 'title.exact': 0, errors: 0 });
    const failed = writeJsonl('failed.jsonl', [{ id: truth[0]!.id, error: { code: 'not-text', message: 'x' } }]);
    const r2 = await runInProcess(['eval', '--corpus', CORPUS, '--pred', failed, '--format', 'json', '--worst', '1']);
    expect(r2.code).toBe(1);
    const report = JSON.parse(r2.stdout) as JsonReport;
    expect(report.algorithms[0]!.metrics.errors).toBe(1);
    expect(report.algorithms[0]!.worst).toHaveLength(1);
  });

  it('--algorithm all runs every registered algorithm, each with its worst pages', async () => {
    const { code, stdout } = await runInProcess(['eval', '--corpus', CORPUS, '--algorithm', 'all', '--format', 'json', '--worst', '2']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as JsonReport;
    expect(report.algorithms.map((a) => a.algorithm)).toEqual([...ALGORITHMS]);
    for (const a of report.algorithms) {
      expect(a.metrics.pages).toBe(truth.length);
      expect(a.metrics['body.sh_f1']).toBeGreaterThanOrEqual(0);
      expect(a.metrics['body.sh_f1']).toBeLessThanOrEqual(1);
      expect(a.worst).toHaveLength(2);
      expect(a.worst[0]!.value).toBeLessThanOrEqual(a.worst[1]!.value);
    }
  });

  it('prints aligned tables by default', async () => {
    const { code, stdout } = await runInProcess(['eval', '--corpus', CORPUS, '--algorithm', ALGORITHMS[0]]);
    expect(code).toBe(0);
    expect(stdout).toContain('body: word 4-gram shingles');
    expect(stdout).toContain(`worst 10 pages: ${ALGORITHMS[0]}`);
    const section = stdout.split('\n\n').find((s) => s.startsWith('body: char 3-grams'))!.split('\n');
    expect(section).toHaveLength(2);
    expect(section[0]!.length).toBe(section[1]!.length); // columns right-aligned under their headers
  });

  it.each([
    [['eval', '--corpus', CORPUS, '--algorithm', 'no-such-algorithm'], 'unknown algorithm'],
    [['eval', '--corpus', join(work, 'missing')], 'cannot read truth file'],
    [['eval'], '--corpus'],
  ])('%j is a usage error', async (argv, message) => {
    const { code, stderr } = await runInProcess(argv);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });
});

describe('formatTable', () => {
  it('leaves out metric groups no report has and shows "-" for a metric one report lacks', () => {
    const text = formatTable([
      { algorithm: 'a', metrics: { pages: 2, errors: 0, 'encoding.acc': 0.5 }, worst: [] },
      { algorithm: 'bb', metrics: { pages: 2, errors: 1 }, worst: [] },
    ]);
    expect(text).not.toContain('body');
    expect(text).toMatch(/\na +0\.500\n/);
    expect(text).toMatch(/bb\s+-\n/);
  });
});
