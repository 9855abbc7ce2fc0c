import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { detectCharset } from '../../src/encoding/detect.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHARED = path.resolve(repoRoot, '../shared');

/** Families counted as the same charset (as the shared scorer does): gbk/gb18030, WHATWG aliases. */
const FAMILY: Readonly<Record<string, string>> = { gb18030: 'gbk', 'iso-8859-1': 'windows-1252', 'iso-8859-15': 'windows-1252', 'iso-8859-9': 'windows-1254', 'koi8-u': 'koi8-r', 'iso-8859-8-i': 'iso-8859-8' };
const family = (cs: string) => FAMILY[cs] ?? cs;

function accuracy(corpus: string): { acc: number; misses: string[] } {
  const dir = path.join(SHARED, 'corpora', corpus);
  const rows = readFileSync(path.join(dir, 'truth.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; file: string; encoding: string });
  const misses: string[] = [];
  for (const t of rows) {
    const got = detectCharset(new Uint8Array(readFileSync(path.join(dir, t.file)))).charset;
    if (family(got) !== family(t.encoding)) misses.push(`${t.id}: ${t.encoding} got ${got}`);
  }
  return { acc: 1 - misses.length / rows.length, misses };
}

describe.skipIf(!existsSync(SHARED))('detectCharset on the shared corpora (skipped: ../shared is absent)', () => {
  it.each([
    ['charset-chardet-dev', 0.97],
    ['ug-forum-dev', 1],
    ['zh-news-cwced-dev', 1],
    ['en-news-scrapinghub', 1],
  ])('%s accuracy >= %d', (corpus, floor) => {
    const { acc, misses } = accuracy(corpus);
    expect(acc, misses.join('\n')).toBeGreaterThanOrEqual(floor);
  });
});
