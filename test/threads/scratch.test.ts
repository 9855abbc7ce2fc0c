import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { listTextBlocks } from '../../src/analysis/text-blocks.js';
import { pageFacts } from '../../src/threads/slots.js';
import { normalize } from '../../src/encoding/normalize.js';
import { detectThread } from '../../src/threads/index.js';
import { arbitraryPage } from '../helpers/arbitrary-page.js';
import { POISON_BYTES, dirtyArrays, readsUnderPoison } from '../helpers/dirty-scratch.js';

const NAMES = ['Aygül', 'Bob', 'مەرىيەم', 'Иван', '小明'];
const CLASSES = ['post', 'post alt', 'windowbg', 'windowbg2', 'comment'];

/** A page of records (poster, date, body), with random markup around them, in one of three layouts. */
const arbitraryThreadPage = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom(...NAMES), fc.integer({ min: 1, max: 28 }), fc.constantFrom(...CLASSES), arbitraryPage), { minLength: 1, maxLength: 8 }),
    fc.constantFrom('div', 'li', 'tr'),
    arbitraryPage,
    arbitraryPage,
  )
  .map(([records, layout, before, after]) => {
    const body = records.map(([name, day, cls, noise], n) => {
      const parts = `<span class="author">${name}</span> <span class="date">2024-03-${String(day).padStart(2, '0')} 10:${String(n).padStart(2, '0')}</span>` +
        `<div class="text">Reply ${n}: a few words of the post by ${name}. ${noise}</div>`;
      if (layout === 'tr') return `<tr class="${cls}"><td>${parts}</td></tr>`;
      return `<${layout} class="${cls}">${parts}</${layout}>`;
    }).join('');
    const list = layout === 'tr' ? `<table>${body}</table>` : layout === 'li' ? `<ul>${body}</ul>` : `<div id="posts">${body}</div>`;
    return `<html><body><nav><a href="/">Home</a></nav>${before}<h1>Topic</h1>${list}${after}</body></html>`;
  });

/** The thread detection of `html`, page scratch poisoned with each byte in turn. */
function detectionsUnderPoison(html: string): unknown[] {
  const doc = analyze(normalize(html));
  return readsUnderPoison(() => detectThread(doc));
}

describe('thread detection on page scratch', () => {
  it('finds the same thread whatever page scratch holds (record kinds, noise memo, text weights, date memos and candidate lists are written before read)', () => {
    let found = 0;
    fc.assert(
      fc.property(arbitraryThreadPage, (html) => {
        const [zero, ...dirty] = detectionsUnderPoison(html);
        for (const d of dirty) expect(d).toEqual(zero);
        if (zero !== null) found++;
      }),
      { numRuns: 150 },
    );
    // the generated pages are threads often enough that the columns are read, not only made
    expect(found).toBeGreaterThan(30);
  });

  it('makes the same page facts in dirty arrays as in fresh ones (block keys, noise memo, text weights)', () => {
    fc.assert(
      fc.property(arbitraryThreadPage, fc.constantFrom(...POISON_BYTES), (html, byte) => {
        const doc = analyze(normalize(html));
        const blocks = listTextBlocks(doc);
        const fresh = pageFacts(doc, blocks);
        const dirty = pageFacts(doc, blocks, dirtyArrays(byte));
        expect(Array.from(dirty.weightBefore)).toEqual(Array.from(fresh.weightBefore));
        // the running sums of the text weights TA/max(LA, 1), block by block in node order
        let sum = 0;
        expect(fresh.weightBefore[0]).toBe(0);
        for (let i = 0; i < blocks.length; i++) {
          const k = fresh.byNode(i);
          sum += blocks.ta[k] / Math.max(blocks.la[k], 1);
          expect(fresh.weightBefore[i + 1]).toBe(sum);
        }
        for (let id = 0; id < doc.index.size; id++) expect(dirty.noise(id)).toBe(fresh.noise(id));
        for (let k = 0; k < blocks.length; k++) expect(dirty.key(k)).toBe(fresh.key(k));
      }),
      { numRuns: 100 },
    );
  });

  it('reads every bundled page alike on poisoned scratch', () => {
    const dir = join(import.meta.dirname, '../../corpora/pages');
    for (const name of readdirSync(dir).filter((f) => f.endsWith('.html'))) {
      const [zero, ...dirty] = detectionsUnderPoison(readFileSync(join(dir, name), 'latin1'));
      for (const d of dirty) expect(d, name).toEqual(zero);
    }
  });
});
