/**
 * Moderation-ready text: the matching form, Uyghur script conversion and the mixed-script,
 * confusable, bidi and invisible-character checks (docs/moderation.md).
 * @module
 */
export { foldForMatching, originalSpan, DEFAULT_FOLD_OPTIONS } from './fold.js';
export type { FoldOptions, FoldSteps, FoldedText } from './fold.js';
export { LETTER_RULES, letterRulesFor } from './fold-letters.js';
export type { LetterRules } from './fold-letters.js';
export {
  convertUyghur, toUyghurLatin, toUyghurArabic, toUyghurCyrillic, fromUyghurLatin, fromUyghurCyrillic, detectUyghurScript, UYGHUR_SCRIPTS,
} from './uyghur.js';
export type { UyghurScript, ConvertUyghurOptions } from './uyghur.js';
export { skeleton, areConfusable, lookAlikesOf } from './confusables.js';
export { CONFUSABLES_UNICODE_VERSION } from './confusables-table.js';
export { checkText, TEXT_CHECK_KINDS, DEFAULT_CHECK_OPTIONS } from './checks.js';
export type { TextCheck, TextCheckKind, CheckOptions } from './checks.js';
export { scriptOfLetter } from './scripts.js';
export type { LetterScript } from './scripts.js';
export { withMatching, matchingFields, resolveMatching } from './page.js';
export type { MatchingOptions, MatchingFields } from './page.js';
