import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM helpers of the corpus generator, no type declarations
import { build } from '../corpora/build.mjs';
// @ts-expect-error -- idem
import { shapeArabic, toDecimalReferences } from '../corpora/lib/shape.mjs';
import { normalize } from '../src/encoding/normalize.js';

const REPO = resolve(import.meta.dirname, '..');

describe('bundled corpus', () => {
  it('corpora/pages and truth.jsonl are what corpora/build.mjs generates (no drift)', () => {
    const files = build() as Map<string, Buffer>;
    expect(files.size).toBe(12);
    for (const [path, bytes] of files) expect(readFileSync(path).equals(bytes), path).toBe(true);
  });

  it.each([
    ['ئۈرۈمچىدە كىتاب كۆرگەزمىسى ئېچىلدى'],
    ['افتتاح مكتبة عامة جديدة في وسط المدينة'],
    ['پروگرامما تۈزۈشنى قايسى تىلدىن باشلاش كېرەك؟'],
  ])('shaped presentation forms written as NCRs normalize back to %s', (text) => {
    const shaped = shapeArabic(text) as string;
    expect(shaped).not.toBe(text);
    expect([...shaped].some((c) => c.codePointAt(0)! >= 0xfb50)).toBe(true);
    const html = `<p>${toDecimalReferences(shaped) as string}</p>`;
    expect(normalize(html).html).toBe(`<p>${text}</p>`);
  });

  it('truth ids are the page file stems', () => {
    const truth = readFileSync(join(REPO, 'corpora/truth.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; file: string });
    for (const t of truth) expect(t.file).toBe(`pages/${t.id}.html`);
  });
});
