import { describe, expect, it } from 'vitest';
import {
  AUTHOR_TOKENS, PAGER_TOKENS, QUOTE_TOKENS, SIGNATURE_TOKENS, isVocabularyToken,
} from '../../../src/extractors/correlativity/vocabulary.js';

describe('isVocabularyToken: whole tokens, or the head (last -/_ part) of a compound', () => {
  it.each([
    ['author', AUTHOR_TOKENS, true],
    ['c-name', AUTHOR_TOKENS, true],
    ['comment-author', AUTHOR_TOKENS, true],
    ['author_name', AUTHOR_TOKENS, true],
    ['display-name', AUTHOR_TOKENS, true],
    ['fn', AUTHOR_TOKENS, true],
    ['bigusername', AUTHOR_TOKENS, true],
    ['post-user', AUTHOR_TOKENS, true],
    ['name-box', AUTHOR_TOKENS, false], // the head is "box"
    ['author-avatar', AUTHOR_TOKENS, false],
    ['username_container', AUTHOR_TOKENS, false],
    ['rename', AUTHOR_TOKENS, false], // substrings never match
    ['authorposton101', AUTHOR_TOKENS, false],
    ['post-signature', SIGNATURE_TOKENS, true],
    ['design', SIGNATURE_TOKENS, false],
    ['bbcode_quote', QUOTE_TOKENS, true],
    ['quote-button', QUOTE_TOKENS, false],
    ['nav-pages', PAGER_TOKENS, true],
    ['pages-list', PAGER_TOKENS, false],
  ] as const)('%s → %s', (token, vocabulary, expected) => {
    expect(isVocabularyToken(token, vocabulary)).toBe(expected);
  });
});
