// @ts-check
/**
 * What the harness measures: groups of systems, each group with a floor (the least work any
 * implementation must do) and the systems compared with it on the same pages in the same run.
 *
 * A system is `{ id, label, load }`; `load(ctx)` resolves to a runner `{ prepare, run }` or to a
 * string saying why the system is unavailable (module not built yet, package not installed).
 * `prepare(page)` builds the input outside the timed loop; `run(input)` is what is timed.
 *
 * To add a peer (Readability + jsdom / linkedom, defuddle) or another algorithm, append a system
 * to a group's `systems` list, e.g. in `extract`:
 *
 *   { id: 'readability-jsdom', label: 'Readability.js + jsdom', load: async (ctx) => {
 *       const peer = await ctx.importPackage('@mozilla/readability'); const dom = await ctx.importPackage('jsdom');
 *       if (typeof peer === 'string' || typeof dom === 'string') return 'not installed';
 *       return { prepare: (p) => ctx.floorText(p), run: (html) => new peer.Readability(new dom.JSDOM(html).window.document).parse() };
 *   } }
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import iconv from 'iconv-lite';
import { parseDocument } from 'htmlparser2';

/** @typedef {import('./corpora.js').BenchPage} BenchPage */
/**
 * @typedef {object} Runner
 * @property {(page: BenchPage) => unknown} prepare  builds the input (untimed; may return a Promise)
 * @property {(input: any) => unknown} run          the timed work
 * @property {(result: any) => Record<string, number>} [stages]  optional: per-stage milliseconds of one
 *   result, summed over the pages in the untimed memory pass and shown as a share of the total
 */
/** @typedef {{ id: string, label: string, load: (ctx: BenchContext) => Promise<Runner | string> }} System */
/** @typedef {{ id: string, label: string, select: (page: BenchPage) => boolean }} Subset */
/**
 * @typedef {object} Group
 * @property {string} id            name used by --only
 * @property {string} title
 * @property {string} goal          what the issue asks for, in words
 * @property {number | null} goalRatio  maximum time ratio to the floor, or null
 * @property {string} goalSubset    the subset the goal applies to
 * @property {Subset[]} subsets
 * @property {System[]} systems     the first one is the floor
 */

/** iconv-lite spells a few WHATWG names differently. */
const ICONV_NAMES = new Map([['x-mac-cyrillic', 'maccyrillic']]);
const UTF8 = new TextDecoder('utf-8');

/**
 * @param {string | null} charset
 * @returns {string | null} the iconv-lite name, or null when iconv-lite cannot decode it
 */
function iconvName(charset) {
  if (charset === null) return null;
  const name = ICONV_NAMES.get(charset) ?? charset;
  return iconv.encodingExists(name) ? name : null;
}

/**
 * Whether the decode floor can decode the page with its known charset.
 * @param {BenchPage} page
 * @returns {boolean}
 */
export function isFloorDecodable(page) {
  return page.utf8 || iconvName(page.charset) !== null;
}

/**
 * The decode floor: TextDecoder for UTF-8, iconv-lite with the known charset otherwise.
 * @param {BenchPage} page
 * @returns {string}
 */
export function decodeFloor(page) {
  if (page.utf8) return UTF8.decode(page.bytes);
  const name = iconvName(page.charset);
  if (name === null) throw new Error(`no iconv-lite codec for ${page.charset}`);
  return iconv.decode(Buffer.from(page.bytes.buffer, page.bytes.byteOffset, page.bytes.byteLength), name);
}

/**
 * Shared services for systems: importing the built modules and memoized page preparation.
 */
export class BenchContext {
  /** @param {string} repoRoot */
  constructor(repoRoot) {
    this.repoRoot = repoRoot;
    /** @type {Map<string, Promise<any>>} */
    this.modules = new Map();
    /** @type {WeakMap<BenchPage, unknown>} */
    this.normalizedCache = new WeakMap();
    /** @type {WeakMap<BenchPage, string>} */
    this.textCache = new WeakMap();
  }

  /**
   * Imports a module of the shipped build (`dist/<rel>`), or resolves to a reason it is missing.
   * @param {string} rel e.g. `encoding/normalize.js`
   * @returns {Promise<any>}
   */
  importDist(rel) {
    const file = path.join(this.repoRoot, 'dist', rel);
    if (!existsSync(file)) return Promise.resolve(`dist/${rel} not built (module not landed yet)`);
    let p = this.modules.get(file);
    if (p === undefined) {
      p = import(pathToFileURL(file).href).catch((e) => `dist/${rel} failed to load: ${e.message}`);
      this.modules.set(file, p);
    }
    return p;
  }

  /**
   * Imports an npm package, or resolves to a reason it is unavailable.
   * @param {string} name
   * @returns {Promise<any>}
   */
  importPackage(name) {
    return import(name).catch(() => `${name} not installed`);
  }

  /**
   * The page decoded by the floor (memoized).
   * @param {BenchPage} page
   * @returns {string}
   */
  floorText(page) {
    let t = this.textCache.get(page);
    if (t === undefined) {
      t = decodeFloor(page);
      this.textCache.set(page, t);
    }
    return t;
  }

  /**
   * The NormalizedDocument the analysis systems start from (memoized): matn's `normalize` when it
   * is built, else a stand-in holding the floor-decoded text (so parse + analyze can be measured
   * before normalize lands; the report notes which one was used).
   * @param {BenchPage} page
   * @returns {Promise<any>}
   */
  async normalizedInput(page) {
    const cached = this.normalizedCache.get(page);
    if (cached !== undefined) return cached;
    const normalize = await this.normalizeFunction();
    const n = typeof normalize === 'string' ? standInNormalized(page, this.floorText(page)) : normalize(page.bytes);
    this.normalizedCache.set(page, n);
    return n;
  }

  /** @returns {Promise<Function | string>} matn's normalize, or why it is missing */
  normalizeFunction() {
    return distFunction(this, 'encoding/normalize.js', 'normalize');
  }
}

/**
 * A NormalizedDocument-shaped object around text decoded by the floor (no repairs).
 * @param {BenchPage} page
 * @param {string} html
 */
function standInNormalized(page, html) {
  return {
    html, charset: page.charset ?? 'utf-8', charsetSource: 'default', confidence: 1, evidence: [], repairs: [],
    invisible: { total: 0, characters: [], positionLimit: 0 }, warnings: [], diagnostics: [], byteLength: page.bytes.byteLength,
  };
}

/**
 * Loads a named export of a dist module, or a reason.
 * @param {BenchContext} ctx
 * @param {string} rel
 * @param {string} name
 * @returns {Promise<Function | string>}
 */
async function distFunction(ctx, rel, name) {
  const mod = await ctx.importDist(rel);
  if (typeof mod === 'string') return mod;
  return typeof mod[name] === 'function' ? mod[name] : `dist/${rel} has no export ${name}`;
}

/** @type {Subset} */
const UTF8_PAGES = { id: 'utf-8', label: 'UTF-8 pages', select: (p) => p.utf8 };
/** @type {Subset} */
const LEGACY_PAGES = { id: 'legacy', label: 'legacy-encoded pages', select: (p) => !p.utf8 && isFloorDecodable(p) };
/** @type {Subset} */
const ALL_PAGES = { id: 'all', label: 'all pages', select: isFloorDecodable };

/** @type {System} */
const DECODE_FLOOR = {
  id: 'floor-decode',
  label: 'floor: TextDecoder / iconv-lite (known charset)',
  load: async () => ({ prepare: (p) => p, run: decodeFloor }),
};

/** @type {System} */
const PARSE_FLOOR = {
  id: 'floor-parse',
  label: 'floor: htmlparser2 parseDocument (decoded text)',
  // Parses the very text matn analyzes (normalize output, or its stand-in before normalize lands).
  load: async (ctx) => ({ prepare: async (p) => (await ctx.normalizedInput(p)).html, run: (html) => parseDocument(html) }),
};

/** @type {System} */
const DECODE_PARSE_FLOOR = {
  id: 'floor-decode-parse',
  label: 'floor: decode (known charset) + htmlparser2 parseDocument',
  load: async () => ({ prepare: (p) => p, run: (p) => parseDocument(decodeFloor(p)) }),
};

/** @returns {Group[]} */
export function defineGroups() {
  return [
    {
      id: 'normalize',
      title: 'normalize (bytes → NormalizedDocument) vs decode floor',
      goal: 'normalize within 2x of the decode floor on UTF-8 input',
      goalRatio: 2,
      goalSubset: 'utf-8',
      subsets: [UTF8_PAGES, LEGACY_PAGES],
      systems: [
        DECODE_FLOOR,
        {
          id: 'normalize',
          label: 'matn normalize (no hints)',
          load: async (ctx) => {
            const normalize = await distFunction(ctx, 'encoding/normalize.js', 'normalize');
            if (typeof normalize === 'string') return normalize;
            return { prepare: (p) => p.bytes, run: (b) => normalize(b) };
          },
        },
      ],
    },
    {
      id: 'analyze',
      title: 'parse + analyze (NormalizedDocument → AnalyzedDocument) vs parse floor',
      goal: 'parse + analyze within 1.5x of parse alone',
      goalRatio: 1.5,
      goalSubset: 'all',
      subsets: [ALL_PAGES],
      systems: [
        PARSE_FLOOR,
        {
          id: 'parse',
          label: 'matn parseHtml',
          load: async (ctx) => {
            const parseHtml = await distFunction(ctx, 'dom/parse.js', 'parseHtml');
            if (typeof parseHtml === 'string') return parseHtml;
            return { prepare: async (p) => (await ctx.normalizedInput(p)).html, run: (html) => parseHtml(html) };
          },
        },
        {
          id: 'analyze',
          label: 'matn analyze (parse + analyze)',
          load: async (ctx) => {
            const analyze = await distFunction(ctx, 'analysis/analyze.js', 'analyze');
            if (typeof analyze === 'string') return analyze;
            return { prepare: (p) => ctx.normalizedInput(p), run: (n) => analyze(n) };
          },
        },
      ],
    },
    {
      id: 'extract',
      title: 'extract (bytes → PageResult, correlativity) vs decode + parse floor',
      goal: 'throughput per corpus (no ratio goal yet)',
      goalRatio: null,
      goalSubset: 'all',
      subsets: [ALL_PAGES],
      systems: [
        DECODE_PARSE_FLOOR,
        extractSystem('correlated'),
        extractSystem('auto'),
      ],
    },
  ];
}

/** `extract()` (src/pipeline.ts) with one algorithm, from bytes, with its per-stage timings. */
function extractSystem(algorithm) {
  const options = Object.freeze({ algorithm });
  return {
    id: `extract-${algorithm}`,
    label: `matn extract (${algorithm})`,
    load: async (ctx) => {
      const extract = await distFunction(ctx, 'pipeline.js', 'extract');
      if (typeof extract === 'string') return extract;
      return {
        prepare: (p) => p.bytes,
        run: (b) => extract(b, options),
        stages: (r) => ({ ...r.timings }),
      };
    },
  };
}
