#!/usr/bin/env node
// What the opt-in matching stage costs (docs/moderation.md): extract() over every page of a corpus
// with another build (e.g. main's, to show matching off costs nothing), with this build and matching
// off, and with this build and matching on, alternating in one process; prints the medians.
// Usage: npm run build && node bench/moderation-cost.mjs <other-dist-dir> <pages-dir> [rounds=5]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [otherDist, dir, rounds = '5'] = process.argv.slice(2);
if (!otherDist || !dir) {
  console.error('usage: node bench/moderation-cost.mjs <other-dist-dir> <pages-dir> [rounds]');
  process.exit(2);
}
const other = await import(pathToFileURL(path.resolve(otherDist, 'index.js')).href);
const self = await import(pathToFileURL(path.join(ROOT, 'dist', 'index.js')).href);
const pages = readdirSync(dir).filter((f) => f.endsWith('.html')).map((f) => readFileSync(path.join(dir, f)));
const time = (extract, options) => {
  const start = performance.now();
  for (const page of pages) extract(page, options);
  return performance.now() - start;
};
// warm-up: every variant once (the confusables table is parsed on first use)
time(other.extract); time(self.extract); time(self.extract, { matching: true });
const runs = { other: [], off: [], on: [] };
for (let r = 0; r < Number(rounds); r++) {
  runs.other.push(time(other.extract));
  runs.off.push(time(self.extract));
  runs.on.push(time(self.extract, { matching: true }));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`${pages.length} pages, ${rounds} rounds, median ms: other ${median(runs.other).toFixed(0)}, matching off ${median(runs.off).toFixed(0)}, matching on ${median(runs.on).toFixed(0)}`);
