/**
 * `npm run gate:update [-- --dry-run] [-- corpus ...]`: measures every shared corpus with the
 * default `extract()` pipeline and rewrites the quality gate's floors (test/quality/baseline.json)
 * and per-page figures (test/quality/baseline-pages.json), printing old vs new. Naming corpora
 * updates only those; `--dry-run` prints the table without writing. Raising (or lowering) a floor
 * is a deliberate commit of these two files.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import {
  DEFAULT_GATE_OPTIONS, formatBaselineDiff, serializeBaseline, serializePageFigures, type Baseline, type CorpusBaseline, type PageFigures,
} from '../src/eval/index.js';
import {
  BASELINE_FILE, CORPORA_DIR, listCorpora, measureCorpus, PAGES_FILE, readBaseline, readPageFigures, REPO,
} from '../test/quality/corpora.js';

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

/** The commit measured, marked when src/ has uncommitted changes. */
function measuredAt(): string {
  const head = git(['rev-parse', '--short', 'HEAD']) || 'unknown';
  return git(['status', '--porcelain', '--', 'src']) === '' ? head : `${head}+uncommitted`;
}

function main(argv: readonly string[]): number {
  const dryRun = argv.includes('--dry-run');
  const named = argv.filter((a) => !a.startsWith('--'));
  const available = listCorpora();
  if (available.length === 0) {
    console.error(`gate:update: no corpora with truth.jsonl under ${CORPORA_DIR} (set MATN_CORPORA)`);
    return 2;
  }
  const unknown = named.filter((c) => !available.includes(c));
  if (unknown.length > 0) {
    console.error(`gate:update: unknown corpus ${unknown.join(', ')} (known: ${available.join(', ')})`);
    return 2;
  }
  const before = readBaseline();
  const corpora: Record<string, CorpusBaseline> = named.length > 0 ? { ...before?.corpora } : {};
  const pages: Record<string, PageFigures> = named.length > 0 ? readPageFigures() : {};
  const started = performance.now();
  for (const corpus of named.length > 0 ? named : available) {
    const m = measureCorpus(corpus);
    console.error(`${corpus}: ${m.pages} pages in ${m.seconds.toFixed(1)} s`);
    corpora[corpus] = { digest: m.digest, pages: m.pages, figures: m.figures };
    pages[corpus] = m.pageFigures;
  }
  console.error(`measured in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  const after: Baseline = { options: before?.options ?? DEFAULT_GATE_OPTIONS, measuredAt: measuredAt(), corpora };
  process.stdout.write(formatBaselineDiff(before, after));
  if (dryRun) {
    console.error('\n--dry-run: nothing written');
    return 0;
  }
  writeFileSync(BASELINE_FILE, serializeBaseline(after));
  writeFileSync(PAGES_FILE, serializePageFigures(pages));
  console.error('\nwrote test/quality/baseline.json and test/quality/baseline-pages.json: review the table, then commit both');
  return 0;
}

process.exitCode = main(process.argv.slice(2));
