import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { textWithout } from '../../src/analysis/slices.js';
import { nodeSpans, pushSpan, spansBetween, spansWithout, splitSpanLines, unionSpans } from '../../src/analysis/spans.js';
import type { AnalyzedDocument } from '../../src/analysis/types.js';
import { asNormalized } from '../helpers/normalized.js';

const doc = (html: string) => analyze(asNormalized(html));
const textOf = (d: AnalyzedDocument, spans: readonly number[]) => {
  const parts: string[] = [];
  for (let k = 0; k < spans.length; k += 2) parts.push(d.text.slice(spans[k], spans[k + 1]));
  return parts;
};

describe('text spans', () => {
  it('pushSpan merges touching and overlapping ranges and drops empty ones', () => {
    const out: number[] = [];
    pushSpan(out, 0, 3);
    pushSpan(out, 3, 5);
    pushSpan(out, 4, 4);
    pushSpan(out, 4, 6);
    pushSpan(out, 8, 9);
    expect(out).toEqual([0, 6, 8, 9]);
    expect(unionSpans([[8, 9], [0, 2], [1, 4]])).toEqual([0, 4, 8, 9]);
  });

  const d = doc('<div id="post"><p>Birinchi qur.</p><div class="sig">Imza</div><p>Ikkinchi qur.</p><p>Üchinchi qur.</p></div>');
  const post = d.index.elementsByTag('div')[0];
  const sig = d.index.elementsByTag('div')[1];

  it('nodeSpans is a node\'s text; spansWithout leaves the cut subtrees out, as textWithout does', () => {
    expect(textOf(d, nodeSpans(d, post)).join('')).toBe(d.textOf(post));
    const spans = spansWithout(d, post, [sig]);
    expect(spans).toHaveLength(4);
    expect(textOf(d, spans).join('\n').replace(/\s+/gu, ' ').trim()).toBe(textWithout(d, post, [sig]).replace(/\s+/gu, ' '));
    expect(spansBetween(d, d.stats.textStart[post], d.stats.textEnd[post], [])).toEqual(nodeSpans(d, post));
  });

  it('splitSpanLines cuts the lines textWithout gives, one span list each', () => {
    const lines = splitSpanLines(d, spansWithout(d, post, [sig]));
    expect(lines.map((l) => textOf(d, l).join('').trim())).toEqual(textWithout(d, post, [sig]).split('\n'));
  });
});
