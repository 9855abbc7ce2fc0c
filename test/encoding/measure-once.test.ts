/**
 * Checking a legacy declaration measures the sample's reading in the declared charset once: the ranking
 * that follows when the reading is not plain text reads the same measure (`CharsetRanker.plausibilityOf`)
 * instead of decoding and measuring that reading again.
 */
import iconv from 'iconv-lite';
import { describe, expect, it, vi } from 'vitest';

const measured = vi.hoisted(() => new Map<string, number>());
vi.mock('../../src/encoding/text-plausibility.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/encoding/text-plausibility.js')>();
  return {
    ...original,
    measureTextPlausibility: (text: string) => {
      measured.set(text, (measured.get(text) ?? 0) + 1);
      return original.measureTextPlausibility(text);
    },
  };
});

const { detectCharset } = await import('../../src/encoding/detect.js');
const { CharsetRanker } = await import('../../src/encoding/charset-ranking.js');
const { page } = await import('./charset-fixtures.js');

// Sentences written for this test.
const RUSSIAN_TEXT = 'Вчера вечером мы долго гуляли по набережной и разговаривали о новой книге. Утром шёл мелкий дождь, но к обеду небо прояснилось.';
const encode = (text: string, charset: string): Uint8Array => Uint8Array.from(iconv.encode(text, charset));

describe('a checked legacy declaration is measured once', () => {
  it('KOI8-R bytes under a windows-1251 declaration: every reading measured once, the declared one included', () => {
    measured.clear();
    const d = detectCharset(encode(page('<meta charset="windows-1251">', RUSSIAN_TEXT), 'koi8-r'));
    // the declaration was checked by a ranking (it lies), so the declared reading was measured and ranked
    expect(d).toMatchObject({ charset: 'koi8-r', source: 'detected-over-meta' });
    expect(measured.size).toBeGreaterThan(1);
    expect([...measured.values()].every((n) => n === 1)).toBe(true);
  });

  it('the ranker hands out the very measure its ranking reads', () => {
    const ranker = new CharsetRanker(encode(RUSSIAN_TEXT, 'windows-1251'));
    const before = ranker.plausibilityOf('windows-1251');
    expect(before).not.toBeNull();
    expect(ranker.rank(['windows-1251']).groupOf('windows-1251')?.plausibility).toBe(before);
    // an encoding no decoder here has: no reading
    expect(ranker.plausibilityOf('x-no-such-charset')).toBeNull();
  });
});
