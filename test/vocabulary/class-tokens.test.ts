import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { normalize } from '../../src/encoding/normalize.js';
import {
  AUTHOR_TOKENS, PAGER_TOKENS, QUOTE_TOKENS, SIGNATURE_TOKENS, firstClass, hasNoiseToken, hasRoleToken, hasToken, isProfileLink, isVocabularyToken,
  mayHoldRoleToken, PROFILE_HREF_TOKENS,
} from '../../src/vocabulary/class-tokens.js';
import { BYLINE_TOKENS, DATELINE_TOKENS, HEADLINE_TOKENS } from '../../src/vocabulary/metadata-tokens.js';

describe('isVocabularyToken: whole tokens, or the head (last -/_ part) of a compound', () => {
  it.each([
    ['author', AUTHOR_TOKENS, true],
    ['c-name', AUTHOR_TOKENS, true],
    ['comment-author', AUTHOR_TOKENS, true],
    ['author_name', AUTHOR_TOKENS, true],
    ['display-name', AUTHOR_TOKENS, true],
    ['fn', AUTHOR_TOKENS, true],
    ['bigusername', AUTHOR_TOKENS, false],
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
    ['user-', AUTHOR_TOKENS, false], // a trailing separator leaves no head
    ['x-_user', AUTHOR_TOKENS, true],
    ['-', AUTHOR_TOKENS, false],
    // a BEM modifier (after `--`) says what the element holds or its state; the head is read before it
    ['post__author--large', AUTHOR_TOKENS, true],
    ['author--hidden', AUTHOR_TOKENS, true],
    ['c-post--has-author', AUTHOR_TOKENS, false],
    ['post--author', AUTHOR_TOKENS, false],
  ] as const)('%s → %s', (token, vocabulary, expected) => {
    expect(isVocabularyToken(token, vocabulary)).toBe(expected);
  });
});

/** The first element of a one-element page, analyzed. */
function elementWith(attributes: string): { doc: ReturnType<typeof analyze>; id: number } {
  const doc = analyze(normalize(`<html><body><div ${attributes}>x</div></body></html>`));
  const id = doc.index.tag.indexOf('div');
  return { doc, id };
}

describe('class/id tokens of an element', () => {
  it.each([
    ['class="Post  Author\tbox"', 'post', true, false],
    ['class="  \n" id="Bbcode_Quote"', '', false, true],
    ['class="x" id="main signature"', 'x', false, true],
    ['class="PAGES"', 'pages', false, true],
    ['id="c-name"', '', true, false],
    ['class="design\u00a0username-box"', 'design', false, false],
    ['data-class="author"', '', false, false],
  ])('%s: first class %j, author %s, noise %s', (attributes, first, author, noise) => {
    const { doc, id } = elementWith(attributes);
    expect(firstClass(doc, id)).toBe(first);
    expect(hasToken(doc, id, AUTHOR_TOKENS)).toBe(author);
    expect(hasNoiseToken(doc, id)).toBe(noise);
  });
});

describe('isProfileLink: a token of the href (runs of letters and digits) names a profile', () => {
  /** The definition: the href split on everything that is not a letter or a digit. */
  const bySplit = (href: string): boolean => href.toLowerCase().split(/[^\p{L}\p{N}]+/u).some((t) => PROFILE_HREF_TOKENS.has(t));
  it.each([
    ['/member.php?u=42', true],
    ['/users/alim', true],
    ['https://bbs.example.org/Profile/Nigora', true],
    ['/memberlist', false], // a run is a token whole, never a substring
    ['/ئەزا/user', true], // Uyghur letters are a token of their own
    ['/ئەزاuser', false], // a letter of another script joins the run
    ['/𝐀user/1', false], // an astral letter joins the run too
    ['/x\ud800user', true], // a lone surrogate is not a letter: it separates
    ['/user١/', false], // Arabic-Indic digits are digits (\p{N})
    ['#post-12', false],
    ['', false],
  ])('%j → %s', (href, expected) => {
    const doc = analyze(normalize(`<html><body><a href="${href}">x</a></body></html>`));
    const id = doc.index.tag.indexOf('a');
    expect(bySplit(href)).toBe(expected);
    expect(isProfileLink(doc, id)).toBe(expected);
  });
});

describe('isVocabularyToken with match "holds" (what an element shows)', () => {
  it('also reads the head of a BEM modifier, which "head" leaves out', () => {
    expect(isVocabularyToken('o-metadata--date', DATELINE_TOKENS, 'holds')).toBe(true);
    expect(isVocabularyToken('o-metadata--date', DATELINE_TOKENS)).toBe(false);
    expect(isVocabularyToken('article__date', DATELINE_TOKENS, 'holds')).toBe(true);
    expect(isVocabularyToken('o-metadata--wide', DATELINE_TOKENS, 'holds')).toBe(false);
    expect(isVocabularyToken('o-metadata--', DATELINE_TOKENS, 'holds')).toBe(false);
  });
});

describe('isVocabularyToken with match "whole" (the article metadata vocabularies)', () => {
  it('takes the whole token only, never the head of a compound', () => {
    expect(isVocabularyToken('byline', BYLINE_TOKENS, 'whole')).toBe(true);
    expect(isVocabularyToken('post-author', BYLINE_TOKENS, 'whole')).toBe(true); // listed whole
    expect(isVocabularyToken('comment-author', BYLINE_TOKENS, 'whole')).toBe(false); // head "author" is listed
    expect(isVocabularyToken('comment-author', BYLINE_TOKENS)).toBe(true); // the default rule would take it
    expect(isVocabularyToken('comment-date', DATELINE_TOKENS, 'whole')).toBe(false);
  });

  it('hasRoleToken passes the rule on', () => {
    expect(hasRoleToken(['x', 'site-title'], HEADLINE_TOKENS, 'whole')).toBe(false);
    expect(hasRoleToken(['x', 'site-title'], HEADLINE_TOKENS)).toBe(true);
    expect(hasRoleToken(['x', 'entry-title'], HEADLINE_TOKENS, 'whole')).toBe(true);
  });
});

describe('mayHoldRoleToken: a quick test that never says false of a value with a role token', () => {
  const values = ['container', 'POST-DATE', 'o-meta--date', 'entry-meta date', 'update', 'authority', '\u212Aey', 'İ-date', 'x-İtime', 'Byline x', '', 'comment-author', 'page-Title', 'BIAOTİ'];
  it.each([
    ['whole', BYLINE_TOKENS], ['holds', DATELINE_TOKENS], ['head', HEADLINE_TOKENS],
  ] as const)('agrees with hasRoleToken whenever the tokens match (%s)', (match, vocabulary) => {
    const may = mayHoldRoleToken([vocabulary]);
    const matching = values.filter((value) => hasRoleToken(value.toLowerCase().split(/\s+/u).filter(Boolean), vocabulary, match));
    expect(matching.length).toBeGreaterThan(0);
    expect(matching.filter((value) => !may(value))).toEqual([]);
  });

  it('says false for a value without any word of the vocabularies, in any case', () => {
    const may = mayHoldRoleToken([BYLINE_TOKENS, DATELINE_TOKENS]);
    expect(['container', 'row col-md-4', 'update', ''].map(may)).toEqual([false, false, true, false]);
    expect(['AUTHOR', 'Post-Date', 'xtimey'].map(may)).toEqual([true, true, true]);
  });

  it('always says true for a vocabulary with a word outside ASCII', () => {
    expect(mayHoldRoleToken([new Set(['größe'])])('anything')).toBe(true);
  });
});
