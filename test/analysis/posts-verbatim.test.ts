/**
 * Issue acceptance: after normalize + parse, every truth post of ug-forum-dev occurs verbatim
 * (whitespace collapsed) in the page's visible text, on every encoding variant.
 * Reads ../shared read-only; skipped with a message when it is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { normalize } from '../../src/encoding/normalize.js';

const CORPUS = path.resolve(import.meta.dirname, '../../../shared/corpora/ug-forum-dev');
const collapse = (s: string): string => s.replace(/\s+/gu, ' ').trim();

interface Truth { id: string; file: string; variant: string; posts?: { text: string }[] }
const threads: Truth[] = existsSync(CORPUS)
  ? readFileSync(path.join(CORPUS, 'truth.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Truth).filter((t) => t.posts)
  : [];

describe.skipIf(threads.length === 0)('ug-forum-dev posts verbatim in the parsed text (skipped: ../shared/corpora/ug-forum-dev is absent)', () => {
  it.each(threads.map((t) => [t.id, t] as const))('%s: every truth post occurs in the visible text', (_, t) => {
    const text = collapse(analyze(normalize(readFileSync(path.join(CORPUS, t.file)))).text);
    const missing = t.posts!.map((p) => collapse(p.text)).filter((p) => !text.includes(p));
    expect(missing).toEqual([]);
  });

  it('covers every encoding variant', () => {
    expect(new Set(threads.map((t) => t.variant)).size).toBe(8);
  });
});
