import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { asNormalized } from '../helpers/normalized.js';
import { expectStatsMatchNaive } from './naive.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHARED = path.resolve(repoRoot, '../shared');
const PAGES = path.join(SHARED, 'corpora/en-news-scrapinghub/pages');

describe.skipIf(!existsSync(PAGES))('analyze on real pages (skipped: ../shared/corpora/en-news-scrapinghub is absent)', () => {
  const files = existsSync(PAGES) ? readdirSync(PAGES).filter((f) => f.endsWith('.html')).sort() : [];
  const sample = files.filter((_f, i) => i % 6 === 0); // 1 page in 6 keeps the run short

  it.each(sample)('%s: statistics match the naive count and spans are consistent', (file) => {
    const html = readFileSync(path.join(PAGES, file)).toString('utf8');
    const doc = analyze(asNormalized(html));
    expectStatsMatchNaive(doc);
    expect(doc.stats.textChars[0]).toBeGreaterThan(0);
    expect(doc.text).not.toMatch(/ {2}| \n|\n |\n\n/);
    for (let i = 0; i < doc.index.size; i++) {
      const slice = doc.textOf(i);
      expect([...slice.replace(/\s/g, '')].length).toBe(doc.stats.textChars[i]);
    }
  });
});
