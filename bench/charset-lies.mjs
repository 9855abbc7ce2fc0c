// @ts-check
/**
 * Charset declarations that lie, made systematically: every page of charset-lies-dev (one per source
 * page: its declarations were cut and one `<meta charset>` written) and every UTF-8 page of
 * charset-chardet-dev without a BOM, each declared in turn as every charset family of score.py that the
 * build decodes (one label per family), in `<meta charset>` — or, for UTF-16/32, in the HTTP Content-Type,
 * since such a label in the bytes means UTF-8 — plus its own charset (the honest control). Every
 * declaration in the first 1024 bytes (`<meta charset>`, `content="…charset="`, the XML declaration's
 * `encoding`) is rewritten to the lie; a page with none gets a `<meta charset>` at its start. A lie
 * that decodes the page exactly as its own charset does is no lie and is left out. Prints encoding.acc
 * (score.py's families) of the lies, by declared family and by true family, and of the honest controls.
 * Reads ../shared at run time; writes nothing unless --out.
 *
 *   npm run build && node bench/charset-lies.mjs [--build DIR] [--every N] [--lies gbk,koi8-r] [--out cases.jsonl]
 *
 * --build: a built checkout whose detectCharset is measured (default this one); --every N: every N-th
 * page only; --lies: only these declared charsets; --out: one JSON line per case (page, declared,
 * truth, detected, source, reason of the verdict).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    build: { type: 'string', default: '.' }, every: { type: 'string', default: '1' }, lies: { type: 'string' },
    out: { type: 'string' }, shared: { type: 'string' },
  },
  strict: true,
});
const shared = path.resolve(values.shared ?? path.join(REPO_ROOT, '..', 'shared'));
const every = Number.parseInt(values.every ?? '1', 10);
const dist = (/** @type {string} */ file) => pathToFileURL(path.join(path.resolve(values.build ?? '.'), 'dist', file)).href;
const { detectCharset } = await import(dist('encoding/detect.js'));
const { CHARSET_FAMILIES, charsetFamily } = await import(pathToFileURL(path.join(REPO_ROOT, 'dist', 'eval', 'charset-families.js')).href);
const { decodeBytes, isSupportedCharset } = await import(pathToFileURL(path.join(REPO_ROOT, 'dist', 'encoding', 'iconv.js')).href);
const { resolveCharsetLabel } = await import(pathToFileURL(path.join(REPO_ROOT, 'dist', 'encoding', 'labels.js')).href);

/** @typedef {{ id: string, bytes: Buffer, truth: string }} Page */

/** @param {string} corpus @returns {any[]} */
const readTruth = (corpus) => readFileSync(path.join(shared, 'corpora', corpus, 'truth.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));

/** @returns {Page[]} */
function readPages() {
  const pages = [];
  for (const t of readTruth('charset-lies-dev')) {
    if (t.declared === 'utf-8') pages.push({ id: `charset-lies-dev/${t.source_id}`, bytes: readFileSync(path.join(shared, 'corpora', 'charset-lies-dev', t.file)), truth: t.encoding });
  }
  for (const t of readTruth('charset-chardet-dev')) {
    if (t.encoding === 'utf-8' && !t.bom && !t.ascii_only) pages.push({ id: `charset-chardet-dev/${t.id}`, bytes: readFileSync(path.join(shared, 'corpora', 'charset-chardet-dev', t.file)), truth: t.encoding });
  }
  return pages.filter((_, i) => i % every === 0);
}

/** One label per score.py family that this build decodes, with where it is declared. */
function listLies() {
  /** @type {{ label: string, charset: string, where: 'meta' | 'transport' }[]} */
  const lies = [];
  for (const family of CHARSET_FAMILIES) {
    const charset = resolveCharsetLabel(family[0]);
    if (charset === null || !isSupportedCharset(charset)) continue;
    lies.push({ label: family[0], charset, where: charset.startsWith('utf-16') || charset.startsWith('utf-32') ? 'transport' : 'meta' });
  }
  const only = values.lies?.split(',');
  return only === undefined ? lies : lies.filter((l) => only.includes(l.label) || only.includes(l.charset));
}

const HEAD = 1024;
// declarations in the head, as bytes read as Latin-1: `<meta charset=X>`, `charset=X` in a content attribute, `encoding="X"` of `<?xml`
const DECLARATION = /(<meta[^>]*?charset\s*=\s*["']?)([\w.:-]+)|(<\?xml[^>]*?encoding\s*=\s*["'])([\w.:-]+)/gi;

/** The page's bytes with every declaration of its head saying `label` (or one `<meta charset>` added). */
function declare(/** @type {Buffer} */ bytes, /** @type {string} */ label) {
  const head = bytes.subarray(0, HEAD).toString('latin1');
  let found = false;
  const rewritten = head.replace(DECLARATION, (_, meta, _m, xml) => {
    found = true;
    return `${meta ?? xml}${label}`;
  });
  if (!found) return Buffer.concat([Buffer.from(`<meta charset="${label}">\n`, 'latin1'), bytes]);
  return Buffer.concat([Buffer.from(rewritten, 'latin1'), bytes.subarray(HEAD)]);
}

/** Whether `charset` reads the bytes as `truth` does (then declaring it is no lie). */
function readsAlike(/** @type {Buffer} */ bytes, /** @type {string} */ charset, /** @type {string} */ truth) {
  if (!isSupportedCharset(truth)) return false;
  return decodeBytes(bytes, charset).text === decodeBytes(bytes, truth).text;
}

const pages = readPages();
const lies = listLies();
/** @type {Map<string, [number, number]>} */
const byDeclared = new Map();
/** @type {Map<string, [number, number]>} */
const byTruth = new Map();
const total = { lies: [0, 0], honest: [0, 0] };
const cases = [];
const count = (/** @type {Map<string, [number, number]>} */ m, /** @type {string} */ k, /** @type {boolean} */ hit) => {
  const c = m.get(k) ?? [0, 0];
  c[0] += hit ? 1 : 0;
  c[1]++;
  m.set(k, c);
};
const started = performance.now();
for (const page of pages) {
  const truthFamily = charsetFamily(page.truth);
  for (const lie of lies) {
    const honest = charsetFamily(lie.charset) === truthFamily;
    if (!honest && readsAlike(page.bytes, lie.charset, page.truth)) continue;
    const bytes = lie.where === 'meta' ? declare(page.bytes, lie.label) : page.bytes;
    const decision = detectCharset(bytes, lie.where === 'transport' ? { contentType: `text/html; charset=${lie.label}` } : {});
    const hit = charsetFamily(decision.charset) === truthFamily;
    const t = honest ? total.honest : total.lies;
    t[0] += hit ? 1 : 0;
    t[1]++;
    if (!honest) {
      count(byDeclared, `${lie.label} (${lie.where})`, hit);
      count(byTruth, page.truth, hit);
    }
    if (values.out) {
      const verdict = decision.evidence.find((/** @type {any} */ e) => e.verdict === 'accepted' || e.verdict === 'overridden');
      cases.push({ page: page.id, declared: lie.charset, truth: page.truth, detected: decision.charset, honest, hit, source: decision.source, reason: verdict?.reason ?? null });
    }
  }
}
if (values.out) writeFileSync(values.out, cases.map((c) => JSON.stringify(c)).join('\n') + '\n');
const fmt = (/** @type {number[]} */ [hit, n]) => `${(hit / n).toFixed(3)} (${hit}/${n})`;
console.log(`pages ${pages.length}, lies ${lies.map((l) => l.label).join(' ')}; ${((performance.now() - started) / 1000).toFixed(0)} s`);
console.log(`encoding.acc, lies: ${fmt(total.lies)}; honest declarations: ${fmt(total.honest)}`);
console.log('by declared charset:');
for (const [k, v] of [...byDeclared].sort()) console.log(`  ${k.padEnd(24)} ${fmt(v)}`);
console.log('by true charset:');
for (const [k, v] of [...byTruth].sort()) console.log(`  ${k.padEnd(24)} ${fmt(v)}`);
