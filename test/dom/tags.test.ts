import { describe, expect, it } from 'vitest';
import { BLOCK_TAGS, EXCLUDED_TAGS, TagFlag, VOID_TAGS, tagFlags } from '../../src/dom/tags.js';

describe('tagFlags', () => {
  it.each([
    ['script', TagFlag.Excluded],
    ['title', TagFlag.Excluded],
    ['head', 0],
    ['svg', TagFlag.Excluded],
    ['div', TagFlag.Block],
    ['td', TagFlag.Block],
    ['p', TagFlag.Block | TagFlag.Paragraph],
    ['a', TagFlag.Link],
    ['br', TagFlag.LineBreak],
    ['span', 0],
    ['b', 0],
    ['custom-element', 0],
  ])('%s → %i', (tag, flags) => {
    expect(tagFlags(tag)).toBe(flags);
  });

  it('keeps the vocabularies disjoint where it matters', () => {
    for (const tag of EXCLUDED_TAGS) expect(BLOCK_TAGS.has(tag)).toBe(false);
    expect(VOID_TAGS.has('br')).toBe(true);
    expect(Object.isFrozen(EXCLUDED_TAGS)).toBe(true);
  });
});
