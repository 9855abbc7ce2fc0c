import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { classTokensOf, hasClassRoleToken } from '../../src/metadata/elements.js';
import { hasRoleToken } from '../../src/vocabulary/class-tokens.js';
import { asNormalized } from '../helpers/normalized.js';

// The remembered answer must be the one the token list gives, for each match rule, asked twice.
const VOCABULARY: ReadonlySet<string> = new Set(['date', 'byline']);
const CLASSES = ['Date', 'post-date', 'entry byline', 'BYLINE  x', 'dates', '   ', 'meta comment-date', 'date'];
const html = `<html><body>${CLASSES.map((c, n) => `<span class="${c}">s${n}</span>`).join('')}<span>none</span></body></html>`;
const doc = analyze(asNormalized(html));
const spans = Array.from({ length: doc.index.size }, (_, i) => i).filter((i) => doc.index.tag[i] === 'span');

describe('hasClassRoleToken', () => {
  it.each(['whole', 'head'] as const)('equals hasRoleToken(classTokensOf) with match %s, asked twice', (match) => {
    for (let round = 0; round < 2; round++) {
      for (const id of spans) expect(hasClassRoleToken(doc, id, VOCABULARY, match)).toBe(hasRoleToken(classTokensOf(doc, id), VOCABULARY, match));
    }
  });

  it('tells the whole token from a compound head', () => {
    const postDate = spans[1];
    expect(hasClassRoleToken(doc, postDate, VOCABULARY, 'whole')).toBe(false);
    expect(hasClassRoleToken(doc, postDate, VOCABULARY, 'head')).toBe(true);
  });
});
