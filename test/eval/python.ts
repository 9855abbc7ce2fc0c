/**
 * Runs the shared reference scorer (score.py) and a page-level probe over its functions, for the
 * agreement tests. Everything here needs python3 and ../shared; callers skip when they are absent.
 */
import { spawn, spawnSync } from 'node:child_process';
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

/** Runs a Python expression over JSON input lines and returns one JSON value per line. */
export function pythonMap(expression: string, inputs: readonly unknown[], imports = ''): unknown[] {
  const code = `import json, sys${imports ? `, ${imports}` : ''}\nfor line in sys.stdin:\n    x = json.loads(line)\n    print(json.dumps(${expression}))\n`;
  return run(['-c', code], inputs.map((x) => JSON.stringify(x)).join('\n') + '\n').split('\n').filter(Boolean).map((l) => JSON.parse(l) as unknown);
}

/** What {@link scoreAndProbe} gives for one prediction file: score.py's metrics and its page-level values. */
export interface PythonScore {
  /** `score.score(corpus, pred)`: the dictionary `score.py --json` prints. */
  metrics: Record<string, number>;
  /** The values of the page probe of {@link SCORE_AND_PROBE}, one per truth record, in truth order. */
  pages: PythonPage[];
}

/**
 * score.py's `score()` and the page probe for several prediction files of one
 * corpus in one python process, each page probed right after `score()` has scored it (the truth list
 * handed to `score()` runs the probe of a record when its loop moves on to the next one), so the
 * probe finds the n-gram counters of that page still in the memo below instead of counting them again.
 *
 * Memo: `char_grams`, `shingles` (most recent 256 texts) and `char_f1` (every text pair of one
 * prediction file) are wrapped in caches. They are pure functions of their arguments and score.py only
 * reads the Counters they return, so every figure is the one the unwrapped functions give; only the
 * repeated counting goes (`match_posts` counts the 3-grams of every true post once per predicted post,
 * and the probe repeats `score()`'s work page by page).
 */
const SCORE_AND_PROBE = `
import importlib.util, json, sys, difflib, functools
spec = importlib.util.spec_from_file_location('score', sys.argv[1])
s = importlib.util.module_from_spec(spec); spec.loader.exec_module(s)

def memo(f, cache):
    def g(*args):
        try:
            return cache(args)
        except TypeError:  # an unhashable argument (a list where a text should be): no memo
            return f(*args)
    return g

def lru(f, size):
    cached = functools.lru_cache(maxsize=size)(lambda args: f(*args))
    return memo(f, cached)

def pair_memo(f):
    table = {}
    def lookup(args):
        if args not in table:
            table[args] = f(*args)
        return table[args]
    g = memo(f, lookup)
    g.clear = table.clear
    return g

s.char_grams = lru(s.char_grams, 256)
s.shingles = lru(s.shingles, 256)
s.char_f1 = pair_memo(s.char_f1)

def probe(t, preds):
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
    return o

class ProbedTruth(list):
    """The truth records; iterating them probes each record once the loop body has finished with it."""
    def __init__(self, records, preds, out):
        super().__init__(records)
        self.preds, self.out = preds, out
    def __iter__(self):
        for t in list.__iter__(self):
            yield t
            self.out.append(probe(t, self.preds))

corpus = sys.argv[2]
truth_path = str(s.Path(corpus) / 'truth.jsonl')
truth = s.load_jsonl(truth_path)
load_jsonl = s.load_jsonl
for pred in sys.argv[3:]:
    s.char_f1.clear()
    preds = {str(p['id']): p for p in load_jsonl(pred) if 'id' in p}
    pages = []
    s.load_jsonl = lambda path: ProbedTruth(truth, preds, pages) if str(path) == truth_path else load_jsonl(path)
    metrics = s.score(corpus, pred)
    s.load_jsonl = load_jsonl
    if len(pages) != len(truth):
        raise SystemExit(f'probed {len(pages)} of {len(truth)} pages')
    print(json.dumps({'metrics': metrics, 'pages': pages}))
`;

/**
 * {@link SCORE_AND_PROBE} over `preds` (files of predictions for `corpus`), in a child process that runs
 * while the caller goes on; one promise per file, in order, each settled as soon as python has printed
 * that file's line (the first file's result does not wait for the others).
 */
export function scoreAndProbe(corpus: string, preds: readonly string[]): Promise<PythonScore>[] {
  const settle = preds.map(() => ({} as { resolve: (r: PythonScore) => void; reject: (e: Error) => void }));
  const results = settle.map((s) => new Promise<PythonScore>((resolve, reject) => Object.assign(s, { resolve, reject })));
  for (const r of results) r.catch(() => undefined); // the caller awaits each; an unawaited failure is not unhandled
  const child = spawn('python3', ['-c', SCORE_AND_PROBE, SCORE_PY, corpus, ...preds], { stdio: ['ignore', 'pipe', 'pipe'] });
  let pending = '';
  let done = 0;
  const err: Buffer[] = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    pending += chunk;
    for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      if (line === '') continue;
      if (done < settle.length) settle[done++]!.resolve(JSON.parse(line) as PythonScore);
    }
  });
  child.stderr.on('data', (b: Buffer) => err.push(b));
  const fail = (why: string): void => {
    for (let k = done; k < settle.length; k++) settle[k]!.reject(new Error(`python3 score-and-probe ${corpus} ${preds[k]}: ${why}`));
    done = settle.length;
  };
  child.on('error', (e) => fail(e.message));
  child.on('close', (code) => fail(code === 0 ? 'no result printed' : `exit ${code}: ${Buffer.concat(err).toString('utf8')}`));
  return results;
}
