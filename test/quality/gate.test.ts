/**
 * The quality gate (docs/evaluation.md, "Quality gate"): every shared corpus is extracted with the
 * default `extract()` pipeline and scored with matn's port of score.py; a figure below its committed
 * floor (test/quality/baseline.json) by more than the margin fails, naming the corpus, the metric and
 * the pages that fell most. Floors are rewritten only by `npm run gate:update`.
 * Without ../shared (a fresh clone) the gate is skipped with a note.
 */
import { describe, expect, it } from 'vitest';
import { checkCorpus, formatShortfall } from '../../src/eval/index.js';
import { CORPORA_DIR, listCorpora, measureCorpus, readBaseline, readPageFigures } from './corpora.js';

const available = listCorpora();
const baseline = readBaseline();
const SKIP = available.length === 0
  ? `no shared corpora at ${CORPORA_DIR} (../shared is absent; set MATN_CORPORA to run the gate elsewhere)`
  : baseline === undefined ? 'test/quality/baseline.json is missing: run npm run gate:update' : '';
if (SKIP !== '') console.warn(`quality gate skipped: ${SKIP}`);

/** Extracting the largest corpus (cleaning-dev, ~1,060 pages) takes about a minute on 2 cores. */
const CORPUS_TIMEOUT_MS = 900_000;

describe.skipIf(SKIP !== '')(`quality gate${SKIP === '' ? '' : ` (skipped: ${SKIP})`}`, () => {
  const floors = baseline?.corpora ?? {};
  const options = baseline?.options;
  const before = readPageFigures();
  const unbaselined = available.filter((c) => !(c in floors));

  it.for(Object.keys(floors))('%s: no figure below its floor', { timeout: CORPUS_TIMEOUT_MS }, (corpus, ctx) => {
    const floor = floors[corpus]!;
    if (!available.includes(corpus)) {
      console.warn(`quality gate: ${corpus} is not in ${CORPORA_DIR}; not checked`);
      ctx.skip(`${corpus} is absent`);
      return;
    }
    const now = measureCorpus(corpus);
    if (now.digest !== floor.digest) {
      const message = `${corpus} changed (digest ${floor.digest.slice(0, 19)}… → ${now.digest.slice(0, 19)}…, ${floor.pages} → ${now.pages} pages): `
        + 'its figures are not comparable with the floors; re-measure with npm run gate:update and commit the new baseline';
      if (options?.changedCorpus === 'fail') expect.fail(message);
      console.warn(`quality gate: ${message}`);
      ctx.skip(message);
      return;
    }
    const shortfalls = checkCorpus(corpus, floor, now.figures, { before: before[corpus], after: now.pageFigures }, options);
    const summary = Object.entries(now.figures).map(([m, v]) => `${m} ${v.toFixed(4)}`).join(', ');
    if (shortfalls.length > 0) {
      expect.fail([`quality gate: ${shortfalls.length} figure(s) of ${corpus} below the floor`, ...shortfalls.map(formatShortfall), `all figures now: ${summary}`].join('\n'));
    }
    console.log(`quality gate: ${corpus} ${now.pages} pages in ${now.seconds.toFixed(1)} s: ${summary}`);
  });

  if (unbaselined.length > 0) {
    it.for(unbaselined)('%s: has floors', (corpus, ctx) => {
      console.warn(`quality gate: ${corpus} has no floors yet; run npm run gate:update ${corpus}`);
      ctx.skip(`${corpus} has no floors in test/quality/baseline.json`);
    });
  }
});
