#!/usr/bin/env node
// Builds corpora/pages/ (encoding variants of the UTF-8 sample pages in corpora/src/) and
// corpora/truth.jsonl (same format as the external corpora: truth.jsonl at the corpus root,
// pages/ beside it, so `score.py --corpus corpora --pred out.jsonl` works).
// Deterministic: running it twice writes identical bytes. Usage: node corpora/build.mjs [--check]
// (--check compares with the committed files instead of writing them and exits 1 on drift).
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import iconv from 'iconv-lite';
import { shapeArabic, toDecimalReferences, PRESENTATION_PAIRS } from './lib/shape.mjs';

const ROOT = dirname(fileURLToPath(import.meta.url));
const SRC = join(ROOT, 'src');
const PAGES = join(ROOT, 'pages');

/** How each page of pages/ is made from a source page. `encoding`: the WHATWG name of the bytes' charset. */
export const VARIANTS = [
  { id: 'en-blog', source: 'en-blog', encoding: 'utf-8', note: 'UTF-8, declared' },
  { id: 'zh-news-utf8', source: 'zh-news', encoding: 'utf-8', note: 'UTF-8, declared in http-equiv' },
  { id: 'zh-news-gbk', source: 'zh-news', encoding: 'gbk', declare: 'gb2312', note: 'GBK bytes declared as gb2312 (WHATWG: gbk)' },
  { id: 'ar-news-utf8', source: 'ar-news', encoding: 'utf-8', note: 'UTF-8, declared' },
  { id: 'ar-news-1256-as-1252', source: 'ar-news', encoding: 'windows-1256', declare: 'windows-1252', note: 'windows-1256 bytes declared as windows-1252 (a lying meta)' },
  { id: 'ar-news-1256-undeclared', source: 'ar-news', encoding: 'windows-1256', declare: null, note: 'windows-1256 bytes, no declaration' },
  { id: 'ug-forum-utf8', source: 'ug-forum', encoding: 'utf-8', note: 'UTF-8, declared' },
  { id: 'ug-forum-bom-lying-meta', source: 'ug-forum', encoding: 'utf-8', bom: true, declare: 'windows-1256', note: 'UTF-8 with BOM, meta says windows-1256 (the BOM wins)' },
  { id: 'ug-forum-ncr', source: 'ug-forum', encoding: 'windows-1252', ncr: true, declare: 'iso-8859-1', note: 'pure ASCII: every letter a decimal NCR, declared iso-8859-1' },
  { id: 'ug-news-utf8', source: 'ug-news', encoding: 'utf-8', note: 'UTF-8, declared' },
  { id: 'ug-news-presentation-ncr', source: 'ug-news', encoding: 'windows-1252', shape: true, ncr: true, declare: 'iso-8859-1', note: 'letters shaped into presentation forms, then written as decimal NCRs, declared iso-8859-1' },
];

const META_CHARSET_RE = /<meta\s+charset="[^"]*"\s*\/?>/i;
const META_HTTP_EQUIV_RE = /<meta\s+http-equiv="Content-Type"\s+content="[^"]*"\s*\/?>/i;
const TEXT_RE = />([^<]*)</g;

/** Replaces the page's charset declaration by `label` (null: removes it). */
function declareCharset(html, label) {
  const re = META_CHARSET_RE.test(html) ? META_CHARSET_RE : META_HTTP_EQUIV_RE;
  if (!re.test(html)) throw new Error('source page has no charset declaration');
  const tag = re === META_CHARSET_RE ? `<meta charset="${label}">` : `<meta http-equiv="Content-Type" content="text/html; charset=${label}">`;
  return html.replace(re, label === null ? '' : tag);
}

/** Text nodes only (tags and attribute values untouched), so shaping never touches markup. */
function mapText(html, fn) {
  return html.replace(TEXT_RE, (_, text) => `>${fn(text)}<`);
}

function makePage(variant, sourceHtml) {
  let html = sourceHtml;
  if (variant.declare !== undefined) html = declareCharset(html, variant.declare);
  if (variant.shape) html = mapText(html, shapeArabic);
  if (variant.ncr) html = toDecimalReferences(html); // also covers <title> and attribute values
  const bytes = variant.encoding === 'utf-8' ? Buffer.from(html, 'utf8') : iconv.encode(html, variant.encoding);
  if (iconv.decode(bytes, variant.encoding) !== html) throw new Error(`${variant.id}: not representable in ${variant.encoding}`);
  return variant.bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]) : bytes;
}

/** Visible text of a source page, crudely (for the consistency check only). */
function roughText(html) {
  const body = html.replace(/<(script|style|title)[^>]*>[^<]*<\/\1>/gi, ' ');
  return (body.match(TEXT_RE) ?? []).map((m) => m.slice(1, -1)).join(' ')
    .replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ');
}

/** Throws when a truth text is not on its source page (the truth is written by hand). */
function checkTruth(name, truth, html) {
  const text = roughText(html);
  const pieces = [...(truth.body ?? '').split('\n'), ...(truth.posts ?? []).flatMap((p) => p.text.split('\n')),
    ...(truth.comments ?? []).flatMap((c) => c.text.split('\n')), ...(truth.without ?? []), truth.author, truth.title];
  for (const piece of pieces.filter(Boolean)) {
    if (!text.includes(piece.replace(/\s+/g, ' '))) throw new Error(`${name}: truth text not found on the page: ${piece.slice(0, 60)}`);
  }
}

function truthLine(variant, truth) {
  const body = truth.body ?? truth.posts[0].text;
  const line = {
    id: variant.id, file: `pages/${variant.id}.html`, lang: truth.lang, kind: truth.kind,
    title: truth.title, author: truth.author, date: truth.date, body,
    ...(truth.posts ? { posts: truth.posts } : {}),
    ...(truth.comments ? { comments: truth.comments } : {}),
    with: [body.split('\n')[0]], without: truth.without ?? [],
    encoding: variant.encoding, declared: variant.declare === undefined ? variant.encoding : variant.declare,
    ...(variant.bom ? { bom: true } : {}), variant: variant.note, source: `src/${variant.source}.html`,
  };
  return JSON.stringify(line);
}

function build() {
  for (const [form, base] of PRESENTATION_PAIRS) {
    if (String.fromCodePoint(form).normalize('NFKC') !== String.fromCodePoint(base)) throw new Error(`bad shaping table entry U+${form.toString(16)}`);
  }
  const truths = JSON.parse(readFileSync(join(SRC, 'truth.json'), 'utf8'));
  const files = new Map();
  const lines = [];
  for (const variant of VARIANTS) {
    const html = readFileSync(join(SRC, `${variant.source}.html`), 'utf8');
    const truth = truths[variant.source];
    checkTruth(variant.source, truth, html);
    files.set(join(PAGES, `${variant.id}.html`), makePage(variant, html));
    lines.push(truthLine(variant, truth));
  }
  files.set(join(ROOT, 'truth.jsonl'), Buffer.from(lines.join('\n') + '\n', 'utf8'));
  return files;
}

function main() {
  const check = process.argv.includes('--check');
  const files = build();
  let drift = 0;
  if (!check) mkdirSync(PAGES, { recursive: true });
  for (const [path, bytes] of files) {
    if (check) {
      if (!existsSync(path) || !readFileSync(path).equals(bytes)) { drift++; console.error(`drift: ${path}`); }
    } else {
      writeFileSync(path, bytes);
    }
  }
  if (check && drift > 0) process.exit(1);
  console.error(`${check ? 'checked' : 'wrote'} ${files.size} files`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
export { build };
