// @ts-check
/**
 * Corpus loading for the benchmark harness: every page is read into memory once, as bytes,
 * before any timing starts. The known charset of a page comes from the corpus's truth.jsonl
 * (`encoding` field, WHATWG name); pages without one count as UTF-8 when they decode strictly.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * @typedef {object} BenchPage
 * @property {string} id        file name inside pages/
 * @property {Uint8Array} bytes raw bytes, unchanged
 * @property {string | null} charset known charset (WHATWG name), null when unknown
 * @property {boolean} utf8     true when the page is UTF-8 (known, or strict decode succeeds)
 */

/**
 * @typedef {object} BenchCorpus
 * @property {string} name
 * @property {string} dir
 * @property {BenchPage[]} pages
 * @property {number} bytes total size of the pages
 */

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads truth.jsonl (when present) into a map from page file name to its `encoding`.
 * @param {string} dir
 * @returns {Map<string, string>}
 */
function readKnownCharsets(dir) {
  const truth = path.join(dir, 'truth.jsonl');
  /** @type {Map<string, string>} */
  const known = new Map();
  if (!existsSync(truth)) return known;
  for (const line of readFileSync(truth, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const row = JSON.parse(line);
    if (typeof row.file === 'string' && typeof row.encoding === 'string') {
      known.set(path.basename(row.file), row.encoding.toLowerCase());
    }
  }
  return known;
}

/**
 * @param {Uint8Array} bytes
 * @returns {boolean}
 */
function isStrictUtf8(bytes) {
  try {
    STRICT_UTF8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Loads one corpus directory (`<dir>/pages/*` plus optional `<dir>/truth.jsonl`).
 * @param {string} name
 * @param {string} dir  directory holding pages/ (or the pages directory itself)
 * @returns {BenchCorpus}
 */
export function loadCorpus(name, dir) {
  const pagesDir = existsSync(path.join(dir, 'pages')) ? path.join(dir, 'pages') : dir;
  const known = readKnownCharsets(dir);
  const files = readdirSync(pagesDir, { withFileTypes: true })
    .filter((e) => e.isFile() && /\.x?html?$/i.test(e.name))
    .map((e) => e.name)
    .sort();
  /** @type {BenchPage[]} */
  const pages = [];
  let bytes = 0;
  for (const file of files) {
    const data = new Uint8Array(readFileSync(path.join(pagesDir, file)));
    const charset = known.get(file) ?? null;
    const utf8 = charset === null ? isStrictUtf8(data) : charset === 'utf-8';
    pages.push({ id: file, bytes: data, charset: charset ?? (utf8 ? 'utf-8' : null), utf8 });
    bytes += data.byteLength;
  }
  return { name, dir, pages, bytes };
}

/**
 * Lists the corpora available: the bundled `corpora/pages` of the repo (name `bundled`) and
 * every `<shared>/corpora/<name>/` with a pages/ directory.
 * @param {string} repoRoot
 * @param {string} sharedRoot
 * @returns {{ available: Map<string, string>, notes: string[] }} name -> directory, and skip notes
 */
export function discoverCorpora(repoRoot, sharedRoot) {
  /** @type {Map<string, string>} */
  const available = new Map();
  /** @type {string[]} */
  const notes = [];
  const bundled = path.join(repoRoot, 'corpora', 'pages');
  if (existsSync(bundled)) available.set('bundled', path.join(repoRoot, 'corpora'));
  else notes.push(`bundled corpus skipped: ${path.relative(repoRoot, bundled)} does not exist yet`);
  const sharedCorpora = path.join(sharedRoot, 'corpora');
  if (!existsSync(sharedCorpora)) {
    notes.push(`shared corpora skipped: ${sharedCorpora} is absent (only the bundled pages are measured)`);
    return { available, notes };
  }
  for (const entry of readdirSync(sharedCorpora, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.isDirectory() && existsSync(path.join(sharedCorpora, entry.name, 'pages'))) {
      available.set(entry.name, path.join(sharedCorpora, entry.name));
    }
  }
  return { available, notes };
}
