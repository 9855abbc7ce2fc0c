import type { AnalyzedDocument } from '../analysis/types.js';
import { attributeOf, findElements } from './elements.js';
import { field, type Field } from './field.js';
import { firstMeta, type MetaTags } from './meta-tags.js';
import { detectScript, isRightToLeftScript } from '../encoding/script.js';

/** Text direction. @category Metadata */
export type Direction = 'rtl' | 'ltr';

const HTML_TAG: ReadonlySet<string> = new Set(['html']);
const BODY_TAG: ReadonlySet<string> = new Set(['body']);
const LANGUAGE_TAG_RE = /^([a-z]{2,3})(?:[-_][a-z0-9]{1,8})*$/i;
const DIR_RE = /^(rtl|ltr)$/i;
/** Letters only Uyghur uses among the languages we tell apart (ە ې ۆ ۇ ۈ ۋ ڭ). */
const UYGHUR_LETTERS_RE = /[\u06d5\u06d0\u06c6\u06c7\u06c8\u06cb\u06ad]/gu;
/** Persian/Urdu yeh and keheh (ی ک), not used in Arabic or Uyghur. */
const PERSIAN_LETTERS_RE = /[\u06cc\u06a9]/gu;
const KANA_RE = /[\u3040-\u30ff]/u;
const ENGLISH_WORDS_RE = /\b(?:the|and|of|to|is|in|that|it|for|with)\b/giu;

/** Share of the Arabic-script letters that must be Uyghur-only letters to call the text Uyghur. */
const UYGHUR_SHARE = 0.03;
/** Share of the words that must be common English function words to call a Latin text English. */
const ENGLISH_SHARE = 0.08;

/** Primary subtag of a BCP 47 tag, lower-cased (`zh-CN` → `zh`), or null when malformed. @category Metadata */
export function primaryLanguage(tag: string): string | null {
  const m = LANGUAGE_TAG_RE.exec(tag.trim());
  return m ? m[1].toLowerCase() : null;
}

/** True for the code units of JavaScript's `\s` (WhiteSpace and LineTerminator, with or without the `u` flag). */
function isJsWhitespace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a)
    || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** `text.split(/\s+/u).length` (the whitespace runs plus one) without building the array of words. @category Metadata */
export function countWords(text: string): number {
  let n = 1;
  let previous = false;
  for (let i = 0; i < text.length; i++) {
    const space = isJsWhitespace(text.charCodeAt(i));
    if (space && !previous) n++;
    previous = space;
  }
  return n;
}

function countMatches(text: string, re: RegExp): number {
  return text.match(re)?.length ?? 0;
}

/**
 * Guesses the language from the letters alone, for pages that do not declare one: Arabic script is
 * Uyghur (its own vowel letters), Persian (ی ک) or Arabic; Han with kana is Japanese; Han is
 * Chinese; Hangul Korean; Latin is English only when common English words are frequent.
 * @category Metadata
 */
export function guessLanguage(text: string): string | null {
  const report = detectScript(text, { markup: false });
  const script = report.script;
  if (script === 'arabic') {
    const letters = report.counts.arabic ?? 0;
    if (countMatches(text, UYGHUR_LETTERS_RE) >= letters * UYGHUR_SHARE) return 'ug';
    return countMatches(text, PERSIAN_LETTERS_RE) >= letters * UYGHUR_SHARE ? 'fa' : 'ar';
  }
  if (script === 'han' || script === 'kana') return KANA_RE.test(text) ? 'ja' : 'zh';
  if (script === 'hangul') return 'ko';
  if (script === 'hebrew') return 'he';
  if (script === 'latin') {
    const words = countWords(text);
    return countMatches(text, ENGLISH_WORDS_RE) >= words * ENGLISH_SHARE ? 'en' : null;
  }
  return null;
}

/**
 * The page language (primary subtag): `<html lang>`, else the `content-language` meta, else
 * guessed from the letters of the visible text ({@link guessLanguage}).
 * @category Metadata
 */
export function extractLanguage(doc: AnalyzedDocument, meta: MetaTags): Field<string> | null {
  const html = findElements(doc, HTML_TAG, 1)[0];
  const declared = html === undefined ? undefined : attributeOf(doc, html, 'lang') ?? attributeOf(doc, html, 'xml:lang');
  const fromHtml = declared === undefined ? null : primaryLanguage(declared);
  if (fromHtml) return field(fromHtml, 'html[lang]', html);
  const fromMeta = firstMeta(meta, ['content-language', 'og:locale']);
  const metaLang = fromMeta ? primaryLanguage(fromMeta.value.split(',')[0]) : null;
  if (fromMeta && metaLang) return field(metaLang, `meta:${fromMeta.key}`);
  const guessed = guessLanguage(doc.text);
  return guessed === null ? null : field(guessed, 'script');
}

/**
 * The text direction: the `dir` attribute of `<html>` or `<body>`, else `rtl` when the dominant
 * script of the visible text is written right to left, else `ltr`.
 * @category Metadata
 */
export function extractDirection(doc: AnalyzedDocument): Field<Direction> {
  for (const tags of [HTML_TAG, BODY_TAG]) {
    const id = findElements(doc, tags, 1)[0];
    const dir = id === undefined ? undefined : attributeOf(doc, id, 'dir')?.trim();
    if (dir !== undefined && DIR_RE.test(dir)) return field(dir.toLowerCase() as Direction, `${doc.index.tag[id]}[dir]`, id);
  }
  return field(isRightToLeftScript(detectScript(doc.text, { markup: false }).script) ? 'rtl' : 'ltr', 'script');
}
