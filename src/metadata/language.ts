import { assertAnalyzedDocument } from '../analysis/guards.js';
import type { AnalyzedDocument } from '../analysis/types.js';
import { findElements } from '../analysis/tag-index.js';
import { attributeOf } from './elements.js';
import { field, type Field } from './field.js';
import { firstMeta, type MetaTags } from './meta-tags.js';
import { detectScript, isRightToLeftScript, type ScriptName, type ScriptReport } from '../encoding/script.js';
import { identifyLanguage } from './language-id.js';
import { DEFAULT_METADATA_OPTIONS, type MetadataOptions } from './options.js';

/** The language rules' part of {@link MetadataOptions}. */
type LanguageOptions = Readonly<Required<Pick<MetadataOptions, 'uyghurShare' | 'scriptOverruleShare'>>>;

/** Text direction. @category Metadata */
export type Direction = 'rtl' | 'ltr';

const HTML_TAG: ReadonlySet<string> = new Set(['html']);
/** Feeds served as pages: RSS `<channel><language>`, Atom `<feed xml:lang>`. */
const FEED_TAGS: ReadonlySet<string> = new Set(['feed', 'language']);
const BODY_TAG: ReadonlySet<string> = new Set(['body']);
const LANGUAGE_TAG_RE = /^([a-z]{2,3})(?:[-_][a-z0-9]{1,8})*$/i;
const DIR_RE = /^(rtl|ltr)$/i;
/** Letters only Uyghur uses among the languages we tell apart (ە ې ۆ ۇ ۈ ۋ ڭ). */
const UYGHUR_LETTERS_RE = /[\u06d5\u06d0\u06c6\u06c7\u06c8\u06cb\u06ad]/gu;
/** Persian/Urdu yeh and keheh (ی ک), not used in Arabic or Uyghur. */
const PERSIAN_LETTERS_RE = /[\u06cc\u06a9]/gu;
const KANA_RE = /[\u3040-\u30ff]/u;

/** ISO 15924 scripts a language may be written in, by our script names (`Intl.Locale#maximize` gives a language's usual one). */
const ISO_SCRIPTS: Partial<Record<ScriptName, readonly string[]>> = {
  latin: ['Latn'], cyrillic: ['Cyrl'], greek: ['Grek'], arabic: ['Arab'], hebrew: ['Hebr'], han: ['Hans', 'Hant', 'Jpan'],
  kana: ['Jpan'], hangul: ['Kore'], thai: ['Thai'], devanagari: ['Deva'], bengali: ['Beng'], georgian: ['Geor'], armenian: ['Armn'],
};
/** Languages commonly written in two scripts (Serbian in Cyrillic and Latin, ...): their declaration is never overruled by the letters. */
const BISCRIPTAL: ReadonlySet<string> = new Set(['sr', 'bs', 'uz', 'az', 'kk', 'ky', 'tk', 'tg', 'ku', 'ms', 'mn', 'pa', 'sd', 'ks', 'sh']);
const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
/** Most language codes each {@link rememberedByCode} memo holds before it starts over (pages name a few dozen). */
const MAX_REMEMBERED_CODES = 1024;

/**
 * `answer` remembered by language code: the `Intl` look-ups below are fixed data but cost more than the
 * rest of the language rules of a page together. Bounded, so odd codes cannot grow it without end.
 */
function rememberedByCode<T>(answer: (code: string) => T): (code: string) => T {
  const memo = new Map<string, T>();
  return (code) => {
    if (memo.has(code)) return memo.get(code) as T;
    if (memo.size >= MAX_REMEMBERED_CODES) memo.clear();
    const value = answer(code);
    memo.set(code, value);
    return value;
  };
}

/** True when `code` is an ISO 639 code `Intl` names. */
const isKnownLanguage = rememberedByCode((code) => LANGUAGE_NAMES.of(code) !== undefined);

/** The usual script of a language tag (`Intl.Locale#maximize`), or undefined when `Intl` gives none or does not know the tag. */
const usualScriptOf = rememberedByCode((lang): string | undefined => {
  try {
    return new Intl.Locale(lang).maximize().script;
  } catch {
    return undefined; // a code Intl does not know is never contradicted
  }
});

/** Primary subtag of a BCP 47 tag, lower-cased (`zh-CN` → `zh`), or null when malformed. @category Metadata */
export function primaryLanguage(tag: string): string | null {
  const m = LANGUAGE_TAG_RE.exec(tag.trim());
  if (!m) return null;
  const code = m[1].toLowerCase();
  // a known ISO 639 code only (`lang="utf-8"` names no language)
  return isKnownLanguage(code) ? code : null;
}

/** The region subtag of a language tag (`en-GB`, `en_AU`, `es-419`), upper-cased; null when none. */
const REGION_SUBTAG_RE = /^[a-z]{2,3}(?:[-_][a-z]{4})?[-_]([a-z]{2}|\d{3})(?![a-z\d])/iu;

/**
 * The region the page declares with its language: `<html lang>` (or `xml:lang`), else `content-language`
 * or `og:locale` (`en_GB`). Numeric dates are read by it (`02/10/2020` is 2 October in `en-GB`).
 * @category Metadata
 */
export function extractRegion(doc: AnalyzedDocument, meta: MetaTags): string | null {
  const html = findElements(doc.index, HTML_TAG, 1)[0];
  const declared = [
    html === undefined ? undefined : attributeOf(doc, html, 'lang') ?? attributeOf(doc, html, 'xml:lang'),
    firstMeta(meta, ['content-language', 'og:locale'])?.value.split(',')[0],
  ];
  for (const tag of declared) {
    const m = tag === undefined ? null : REGION_SUBTAG_RE.exec(tag.trim());
    if (m) return m[1].toUpperCase();
  }
  return null;
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
 * Chinese; Hangul Korean; Hebrew script Hebrew; any other text is identified by letter trigrams
 * ({@link identifyLanguage}, 100+ languages).
 * @category Metadata
 */
export function guessLanguage(text: string, options: LanguageOptions = DEFAULT_METADATA_OPTIONS): string | null {
  return guessLanguageWithSource(text, options)?.lang ?? null;
}

/** {@link guessLanguage} and how: `script` (the letters alone decide) or `trigrams` (franc). */
function guessLanguageWithSource(text: string, o: LanguageOptions, report?: ScriptReport): { lang: string; source: 'script' | 'trigrams' } | null {
  const byScript = guessByScript(text, o, report);
  if (byScript !== undefined) return byScript === null ? null : { lang: byScript, source: 'script' };
  const lang = identifyLanguage(text);
  return lang === null ? null : { lang, source: 'trigrams' };
}

/**
 * The language the script alone tells (Arabic-script languages by their letters, Han, kana, Hangul,
 * Hebrew), null when there are no letters, undefined when the script does not decide (Latin,
 * Cyrillic, …: then only letter trigrams can tell).
 * @category Metadata
 */
export function guessByScript(
  text: string,
  o: LanguageOptions = DEFAULT_METADATA_OPTIONS,
  /** `detectScript(text, { markup: false })` when the caller has it already (it is not counted twice). */
  report: ScriptReport = detectScript(text, { markup: false }),
): string | null | undefined {
  const script = report.script;
  if (script === 'arabic') {
    const letters = report.counts.arabic ?? 0;
    if (countMatches(text, UYGHUR_LETTERS_RE) >= letters * o.uyghurShare) return 'ug';
    return countMatches(text, PERSIAN_LETTERS_RE) >= letters * o.uyghurShare ? 'fa' : 'ar';
  }
  if (script === 'han' || script === 'kana') return KANA_RE.test(text) ? 'ja' : 'zh';
  if (script === 'hangul') return 'ko';
  if (script === 'hebrew') return 'he';
  if (script === 'none') return null;
  return undefined;
}

/** True when the page's letters contradict a declared language: its usual script is not the one most letters are in. */
function isContradicted(lang: string, report: ReturnType<typeof detectScript>, o: LanguageOptions): boolean {
  if (BISCRIPTAL.has(lang) || report.share < o.scriptOverruleShare) return false;
  const expected = ISO_SCRIPTS[report.script];
  if (expected === undefined) return false;
  const usual = usualScriptOf(lang);
  return usual !== undefined && !expected.includes(usual);
}

/** {@link scriptOfPage} of the documents asked about, dropped with them. */
const PAGE_SCRIPTS = new WeakMap<AnalyzedDocument, ScriptReport>();

/**
 * `detectScript(doc.text, { markup: false })`, counted once per document: the language (declared
 * language contradicted? guess) and the direction all read it.
 */
function scriptOfPage(doc: AnalyzedDocument): ScriptReport {
  let report = PAGE_SCRIPTS.get(doc);
  if (report === undefined) PAGE_SCRIPTS.set(doc, (report = detectScript(doc.text, { markup: false })));
  return report;
}

/** The language a feed declares: RSS `<channel><language>el</language>`, Atom `<feed xml:lang="en-US">`. */
function feedLanguage(doc: AnalyzedDocument): string | null {
  for (const id of findElements(doc.index, FEED_TAGS, 4)) {
    const tag = doc.index.tagOf(id);
    const declared = tag === 'feed' ? attributeOf(doc, id, 'xml:lang') : doc.index.tagOf(doc.index.parent[id]) === 'channel' ? doc.textOf(id) : undefined;
    const lang = declared === undefined ? null : primaryLanguage(declared);
    if (lang !== null) return lang;
  }
  return null;
}

/**
 * The page language (primary subtag): `<html lang>`, else the `content-language` meta (or
 * `og:locale`), else a feed's own declaration (RSS `<language>`, Atom `xml:lang`), else guessed from the visible text ({@link guessLanguage}). A declaration the
 * letters contradict (`lang="en"` on a page written in Han) gives way to the guess.
 * @category Metadata
 */
export function extractLanguage(doc: AnalyzedDocument, meta: MetaTags, options: LanguageOptions = DEFAULT_METADATA_OPTIONS): Field<string> | null {
  assertAnalyzedDocument(doc, 'extractLanguage');
  const html = findElements(doc.index, HTML_TAG, 1)[0];
  const declared = html === undefined ? undefined : attributeOf(doc, html, 'lang') ?? attributeOf(doc, html, 'xml:lang');
  const fromHtml = declared === undefined ? null : primaryLanguage(declared);
  const fromMeta = firstMeta(meta, ['content-language', 'og:locale']);
  const metaLang = fromMeta ? primaryLanguage(fromMeta.value.split(',')[0]) : null;
  const feed = fromHtml ?? metaLang ?? feedLanguage(doc);
  if (fromHtml === null && metaLang === null && feed !== null) return field(feed, 'feed');
  const stated = fromHtml ?? metaLang;
  if (stated !== null && !isContradicted(stated, scriptOfPage(doc), options)) {
    return fromHtml ? field(fromHtml, 'html[lang]', html) : field(stated, `meta:${fromMeta?.key ?? ''}`);
  }
  const guessed = guessLanguageWithSource(doc.text, options, scriptOfPage(doc));
  if (guessed !== null) return field(guessed.lang, guessed.source);
  return stated === null ? null : fromHtml ? field(fromHtml, 'html[lang]', html) : field(stated, `meta:${fromMeta?.key ?? ''}`);
}

/**
 * The text direction: the `dir` attribute of `<html>` or `<body>`, else `rtl` when the dominant
 * script of the visible text is written right to left, else `ltr`.
 * @category Metadata
 */
export function extractDirection(doc: AnalyzedDocument): Field<Direction> {
  assertAnalyzedDocument(doc, 'extractDirection');
  for (const tags of [HTML_TAG, BODY_TAG]) {
    const id = findElements(doc.index, tags, 1)[0];
    const dir = id === undefined ? undefined : attributeOf(doc, id, 'dir')?.trim();
    if (dir !== undefined && DIR_RE.test(dir)) return field(dir.toLowerCase() as Direction, `${doc.index.tagOf(id)}[dir]`, id);
  }
  return field(isRightToLeftScript(scriptOfPage(doc).script) ? 'rtl' : 'ltr', 'script');
}
