import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_SCRATCH, SCRATCH_BYTES_PER_NODE } from '../../src/core/scratch.js';
import { extract } from '../../src/pipeline.js';

/** A page of `n` paragraphs and `n` lines of links: every member of `auto` and the thread stage take scratch on it. */
function page(n: number): Uint8Array {
  const paragraph = '<p>بۇ بىر سىناق ئابزاسى، ئۇنىڭدا يېتەرلىك سۆز بار.</p>';
  const links = '<a href="/b">بۆلەك</a> ';
  return new TextEncoder().encode(`<html><body><nav>${links.repeat(n)}</nav><article>${paragraph.repeat(n)}</article></body></html>`);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('page scratch', () => {
  it('is reserved once per page by the analysis: every stage that takes it while no other holds it gets the same buffer', () => {
    // this file runs in a module graph of its own, so the pool starts empty; each page is larger than the last
    for (const n of [50, 400, 2000]) {
      const first: ArrayBuffer[] = [];
      let out = 0;
      const take = PAGE_SCRATCH.take.bind(PAGE_SCRATCH);
      const give = PAGE_SCRATCH.give.bind(PAGE_SCRATCH);
      vi.spyOn(PAGE_SCRATCH, 'take').mockImplementation((bytes) => {
        const buffer = take(bytes);
        if (out++ === 0) first.push(buffer);
        return buffer;
      });
      vi.spyOn(PAGE_SCRATCH, 'give').mockImplementation((buffer) => {
        out--;
        give(buffer);
      });
      const result = extract(page(n));
      vi.restoreAllMocks();
      expect(result.body.length).toBeGreaterThan(0);
      // the text builder, the thread stage, text blocks, segmentation and line blocks all took it
      expect(first.length).toBeGreaterThanOrEqual(4);
      expect(new Set(first).size).toBe(1);
      expect(first[0].byteLength).toBeGreaterThanOrEqual(SCRATCH_BYTES_PER_NODE * 4 * n);
    }
  });
});
