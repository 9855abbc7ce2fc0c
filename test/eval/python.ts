/**
 * Runs the shared reference scorer (score.py) and a page-level probe over its functions, for the
 * agreement tests. Everything here needs python3 and ../shared; callers skip when they are absent.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const REPO = resolve(import.meta.dirname, '../..');
export const SHARED = resolve(REPO, '../shared');
export const SCORE_PY = resolve(SHARED, 'tools/score.py');
export const CORPORA = resolve(SHARED, 'corpora');

/** True when `python3` runs. */
export function hasPython(): boolean {
  const r = spawnSync('python3', ['--version'], { encoding: 'utf8' });
  return r.status === 0;
}

/** Why the agreement tests are skipped, or '' when they can run. */
export function skipReason(): string {
  if (!existsSync(SCORE_PY)) return `skipped: ${SCORE_PY} not found (../shared is absent)`;
  if (!hasPython()) return 'skipped: python3 is not available';
  return '';
}

function run(args: string[], input?: string): string {
  const r = spawnSync('python3', args, { encoding: 'utf8', input, maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`python3 ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
}

/** `score.py --corpus DIR --pred FILE --json`. */
export function runScorePy(corpus: string, pred: string): Record<string, number> {
  return JSON.parse(run([SCORE_PY, '--corpus', corpus, '--pred', pred, '--json'])) as Record<string, number>;
}

/** Per-page values computed with score.py's own functions. */
export interface PythonPage {
  id: string;
  sh?: [number, number, number];
  ch?: [number, number, number];
  title?: { a: string; b: string; exact: boolean; ratio: number };
  date?: [string | null, string | null];
  author?: [string, string];
  posts?: number;
  comments?: number;
  enc?: boolean;
}

const PROBE = `
import importlib.util, json, sys, difflib
spec = importlib.util.spec_from_file_location('score', sys.argv[1])
s = importlib.util.module_from_spec(spec); spec.loader.exec_module(s)
truth = s.load_jsonl(sys.argv[2] + '/truth.jsonl')
preds = {str(p['id']): p for p in s.load_jsonl(sys.argv[3]) if 'id' in p}
for t in truth:
    p = preds.get(str(t['id']), {})
    body = p.get('body') or ''
    o = {'id': str(t['id'])}
    if t.get('body'):
        o['sh'] = s.tp_fp_fn(s.shingles(t['body']), s.shingles(body))[1]
        o['ch'] = s.tp_fp_fn(s.char_grams(t['body']), s.char_grams(body))[1]
    if t.get('title'):
        a, b = s.norm_text(t['title']), s.norm_text(p.get('title') or '')
        o['title'] = {'a': a, 'b': b, 'exact': a == b, 'ratio': difflib.SequenceMatcher(None, a, b).ratio()}
    if t.get('date'):
        o['date'] = [s.day(t['date']), s.day(p.get('date'))]
    if t.get('author'):
        o['author'] = [s.norm_text(t['author']), s.norm_text(p.get('author') or '')]
    if t.get('posts'):
        o['posts'] = len(s.match_posts(t['posts'], p.get('posts') or []))
    if t.get('comments'):
        o['comments'] = len(s.match_posts(t['comments'], p.get('comments') or []))
    if t.get('encoding'):
        o['enc'] = s.enc_family(t['encoding']) == s.enc_family(p.get('encoding'))
    print(json.dumps(o))
`;

/** Page-level values of score.py's functions for every truth record. */
export function probePages(corpus: string, pred: string): PythonPage[] {
  return run(['-c', PROBE, SCORE_PY, corpus, pred]).split('\n').filter(Boolean).map((l) => JSON.parse(l) as PythonPage);
}

/** Runs a Python expression over JSON input lines and returns one JSON value per line. */
export function pythonMap(expression: string, inputs: readonly unknown[], imports = ''): unknown[] {
  const code = `import json, sys${imports ? `, ${imports}` : ''}\nfor line in sys.stdin:\n    x = json.loads(line)\n    print(json.dumps(${expression}))\n`;
  return run(['-c', code], inputs.map((x) => JSON.stringify(x)).join('\n') + '\n').split('\n').filter(Boolean).map((l) => JSON.parse(l) as unknown);
}
