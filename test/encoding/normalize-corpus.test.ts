/**
 * normalize over the shared DEV corpora (read-only, never copied into the repo).
 * ug-forum-dev: no presentation form survives, and every truth post occurs verbatim in a crude text view.
 * zh-news-cwced-dev: the first 50 non-space characters of every truth body occur in the page text.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { normalize } from '../../src/encoding/normalize.js';
import { collapse, crudeText, leadingLines, squeeze } from './corpus-helpers.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHARED = path.resolve(ROOT, '../shared');
const PRESENTATION_RE = /[\uFB50-\uFDFF\uFE70-\uFEFE]/;

interface Truth { id: string; file: string; variant?: string; encoding: string; body: string; posts?: { text: string }[] }

function readTruth(corpus: string): Truth[] {
  const file = path.join(SHARED, 'corpora', corpus, 'truth.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Truth);
}
const bytesOf = (corpus: string, t: Truth) => new Uint8Array(readFileSync(path.join(SHARED, 'corpora', corpus, t.file)));

describe.skipIf(!existsSync(SHARED))('ug-forum-dev (skipped: ../shared is absent)', () => {
  const truth = readTruth('ug-forum-dev');

  it('has pages', () => {
    expect(truth.length).toBeGreaterThan(0);
  });

  it.each(truth.map((t) => [t.id, t] as const))('%s: no presentation form after normalize', (_id, t) => {
    const bytes = bytesOf('ug-forum-dev', t);
    const doc = normalize(bytes);
    if (t.variant === 'utf8-presentation') expect(PRESENTATION_RE.test(new TextDecoder().decode(bytes))).toBe(true);
    expect(PRESENTATION_RE.test(doc.html)).toBe(false);
    expect(doc.html.charCodeAt(0)).not.toBe(0xfeff);
  });

  it.each(truth.filter((t) => t.posts !== undefined).map((t) => [t.id, t] as const))('%s: every truth post occurs verbatim', (_id, t) => {
    const text = crudeText(normalize(bytesOf('ug-forum-dev', t)).html);
    const missing = (t.posts ?? []).map((p) => collapse(p.text)).filter((p) => !text.includes(p));
    expect(missing).toEqual([]);
  });
});

describe.skipIf(!existsSync(SHARED))('zh-news-cwced-dev (skipped: ../shared is absent)', () => {
  const truth = readTruth('zh-news-cwced-dev');

  it('has pages', () => {
    expect(truth.length).toBeGreaterThan(0);
  });

  // Compared line by line: two bodies start with a title line that is not adjacent to the first paragraph.
  it.each(truth.map((t) => [t.id, t] as const))('%s: the body start occurs in the normalized text', (_id, t) => {
    const text = squeeze(crudeText(normalize(bytesOf('zh-news-cwced-dev', t)).html));
    const missing = leadingLines(t.body, 50).filter((line) => !text.includes(line));
    expect(missing).toEqual([]);
  });
});
