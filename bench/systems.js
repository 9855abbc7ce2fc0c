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
import { Parser, parseDocument } from 'htmlparser2';
import { startBoilerpipe } from './boilerpipe.js';
import { LEAN_WARM_MS } from './measure.js';
import { fmt, sumRatio } from './report.js';

/** @typedef {import('./corpora.js').BenchPage} BenchPage */
/**
 * @typedef {object} Runner
 * @property {(page: BenchPage) => unknown} prepare  builds the input (untimed; may return a Promise)
 * @property {(input: any) => unknown} run          the timed work
 * @property {(result: any) => Record<string, number>} [stages]  optional: per-stage milliseconds of one
 *   result, summed over the pages in the untimed memory pass and shown as a share of the total
 */
/**
 * @typedef {object} System
 * @property {string} id
 * @property {string} label
 * @property {(ctx: BenchContext) => Promise<Runner | string>} load
 * @property {number} [maxBytes]  page sets larger than this are not run by this system (too slow to
 *   afford in one bench run); the report notes the sizes it skipped
 */
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
 * @property {number} [maxRuns]     cap on timed samples for this group (slow peers), below --runs
 * @property {number} [maxPages]    cap on pages per corpus for this group: that many pages spread evenly
 *   over the corpus in file-name order (`spreadSample`; every system of the group gets the same pages),
 *   to keep the slow peers within the time budget
 * @property {boolean} [lean]       the validation pass (the first run of every system on every page) is
 *   also the memory pass, instead of a separate one, and the first warm-up pass when it lasted ≥ 2 s
 *   (slow peers, big pages)
 * @property {number} [singlePassBytes]  a page set of at least this many bytes is measured by one timed
 *   pass per system (its validation pass, after a GC), without warm-up or repeats (10 MB pages)
 * @property {number} [warmupMs]    least warm-up time per system and page set (default: the harness's)
 * @property {string} [method]      how this group departs from the common method, one line for the report
 * @property {boolean} [tolerant]   a system that throws on a page counts an error and keeps going
 *   (its pass still covers the page, up to the throw); the page stays in for the other systems
 * @property {(rows: import('./report.js').ResultRow[]) => import('./report.js').GoalCheck[]} [checks]  the
 *   group's goal checks when one ratio to the floor is not enough (peers, boilerpipe, scaling, pathological);
 *   default: `goalRatio` on `goalSubset` (report.js `ratioChecks`)
 * @property {(rows: import('./report.js').ResultRow[]) => string[]} [tables]  extra markdown tables the
 *   goals read (scaling: time per MB by size)
 * @property {(corpora: import('./corpora.js').BenchCorpus[]) => import('./corpora.js').BenchCorpus[]} [corpora]
 *   the page sets of the group when they are not the corpora themselves (scaling series)
 * @property {{ system: string, algorithm: string, firstPage?: boolean, children?: number }} [peakMemory]  after timing a page
 *   set, run each of its pages once more through `extract(bytes, { algorithm })` in a fresh child process
 *   warmed up as a worker (bench/peak-child.js) and give that system's row the peak RSS growth
 *   (`childPeakMB`): the pathological group's memory figure; with `children`, in that many children, one
 *   after another, the page's figure their median; with `firstPage`, each page once more in a
 *   child warmed on a small page only (`childFirstPeakMedianPerInput`: the first page of a process)
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
    /**
     * Another build to compare with (`--baseline DIR`: a checkout of an older commit, built), whose
     * `dist/` the baseline systems import; undefined when no baseline was given.
     * @type {BenchContext | undefined}
     */
    this.baseline = undefined;
    /** @type {Map<string, Promise<any>>} */
    this.modules = new Map();
    /** @type {WeakMap<BenchPage, unknown>} */
    this.normalizedCache = new WeakMap();
    /** @type {WeakMap<BenchPage, string>} */
    this.textCache = new WeakMap();
  }

  /**
   * Installs matn's `indexOf` scans on htmlparser2's tokenizer (src/dom/scanning-tokenizer.ts) before an
   * htmlparser2 floor is measured. matn installs them on its first parse, for every htmlparser2 parser of
   * the process, so the floors parse with them too: installed first, a floor is the same in every pass.
   */
  async installTokenizerScans() {
    const scans = await this.importDist('dom/scanning-tokenizer.js');
    if (typeof scans !== 'string') scans.installIndexOfScans();
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

/**
 * A floor's `load` that installs matn's tokenizer scans first (see {@link BenchContext#installTokenizerScans}).
 * @param {(ctx: BenchContext) => Runner} runner
 * @returns {(ctx: BenchContext) => Promise<Runner>}
 */
function withTokenizerScans(runner) {
  return async (ctx) => {
    await ctx.installTokenizerScans();
    return runner(ctx);
  };
}

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
  load: withTokenizerScans((ctx) => ({ prepare: async (p) => (await ctx.normalizedInput(p)).html, run: (html) => parseDocument(html) })),
};

/** @type {System} */
const DECODE_PARSE_FLOOR = {
  id: 'floor-decode-parse',
  label: 'floor: decode (known charset) + htmlparser2 parseDocument',
  load: withTokenizerScans(() => ({ prepare: (p) => p, run: (p) => parseDocument(decodeFloor(p)) })),
};

/** @returns {Group[]} */
export function defineGroups() {
  return [...coreGroups(), peersGroup(), boilerpipeGroup(), scalingGroup(), threadsGroup(), pathologicalGroup(), tagDenseGroup(), newsMemoryGroup()];
}

/**
 * matn's own parse (htmlparser2 into the lean tree with source offsets, src/dom/parse.ts) of matn's
 * normalized text, decoded outside the loop.
 * @type {System}
 */
const MATN_PARSE = {
  id: 'parse',
  label: 'matn parseHtml',
  load: async (ctx) => {
    const parseHtml = await distFunction(ctx, 'dom/parse.js', 'parseHtml');
    if (typeof parseHtml === 'string') return parseHtml;
    return { prepare: async (p) => (await ctx.normalizedInput(p)).html, run: (html) => parseHtml(html) };
  },
};

/** @returns {Group[]} */
function coreGroups() {
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
        normalizeSystem(),
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
        MATN_PARSE,
        analyzeSystem(),
      ],
    },
    {
      id: 'extract',
      title: 'extract (bytes → PageResult, correlativity) vs decode + parse floor',
      goal: `extract-auto within ${EXTRACT_FLOOR_GOAL.maxVsFloor}× the decode + parse floor on ${EXTRACT_FLOOR_GOAL.corpus} and on all corpora together`,
      goalRatio: null,
      goalSubset: 'all',
      subsets: [ALL_PAGES],
      systems: [
        DECODE_PARSE_FLOOR,
        extractSystem('correlated'),
        extractSystem('auto'),
      ],
      checks: extractChecks,
    },
  ];
}

/** Issue 37: `auto` against decode + parse, on the news corpus and on all corpora together. */
const EXTRACT_FLOOR_GOAL = Object.freeze({ corpus: 'en-news-scrapinghub', maxVsFloor: 2 });

/**
 * extract-auto's time over the floor's on {@link EXTRACT_FLOOR_GOAL}'s corpus and over all corpora
 * together (summed median times); the other corpora's ratios are in their rows.
 * @param {import('./report.js').ResultRow[]} rows
 * @returns {import('./report.js').GoalCheck[]}
 */
export function extractChecks(rows) {
  const goal = `goal: ≤ ${EXTRACT_FLOOR_GOAL.maxVsFloor}× floor`;
  const auto = rows.filter((r) => r.system === 'extract-auto');
  /** @type {import('./report.js').GoalCheck[]} */
  const out = auto.flatMap((r) => (r.corpus === EXTRACT_FLOOR_GOAL.corpus ? [{ corpus: r.corpus, goal, value: r.ratio, met: r.ratio <= EXTRACT_FLOOR_GOAL.maxVsFloor }] : []));
  if (auto.length > 1) {
    const together = sumRatio(auto, rows);
    out.push({ corpus: 'all together', goal, value: together, met: together <= EXTRACT_FLOOR_GOAL.maxVsFloor });
  }
  return out;
}

/**
 * `extract()` (src/pipeline.ts) with one algorithm, from bytes, with its per-stage timings.
 * @param {string} algorithm
 * @returns {System}
 */
function extractSystem(algorithm) {
  const options = Object.freeze({ algorithm });
  return {
    id: `extract-${algorithm}`,
    label: `matn extract (${algorithm})`,
    load: async (/** @type {BenchContext} */ ctx) => {
      const extract = await distFunction(ctx, 'pipeline.js', 'extract');
      if (typeof extract === 'string') return extract;
      return {
        prepare: (/** @type {BenchPage} */ p) => p.bytes,
        run: (/** @type {Uint8Array} */ b) => extract(b, options),
        // a tolerant group passes `undefined` for a page that threw
        stages: (/** @type {{ timings: Record<string, number> } | undefined} */ r) => ({ ...r?.timings }),
      };
    },
  };
}

/** The URL handed to the peers that want one (relative links resolve against it; nothing is fetched). */
const PEER_URL = 'https://example.com/article';

/**
 * A peer system: gets the page as a string decoded once by the floor outside the timed loop (so
 * only extraction is compared; matn decodes inside its timed run, which only makes its figure
 * pessimistic), and parses + extracts inside the timed run, as its documented usage does.
 * @param {string} id
 * @param {string} label
 * @param {(ctx: BenchContext) => Promise<((html: string) => unknown) | string>} make
 * @returns {System}
 */
function peerSystem(id, label, make) {
  return {
    id,
    label,
    load: async (ctx) => {
      const run = await make(ctx);
      if (typeof run === 'string') return run;
      return { prepare: (p) => ctx.floorText(p), run };
    },
  };
}

/**
 * `n` pages spread evenly over `pages` (in their order, the first one included), all when there are
 * at most `n`: a cap that still covers the whole corpus (its first pages by file name can all be one
 * site or one charset).
 * @template T
 * @param {readonly T[]} pages
 * @param {number} n
 * @returns {T[]}
 */
export function spreadSample(pages, n) {
  if (pages.length <= n) return [...pages];
  return Array.from({ length: n }, (_, i) => pages[Math.floor((i * pages.length) / n)]);
}

/** @returns {System[]} */
function peerSystems() {
  return [
    peerSystem('readability-jsdom', 'Readability.js + jsdom', async (ctx) => {
      const [r, j] = [await ctx.importPackage('@mozilla/readability'), await ctx.importPackage('jsdom')];
      if (typeof r === 'string') return r;
      if (typeof j === 'string') return j;
      const { Readability } = r;
      const { JSDOM, VirtualConsole } = j;
      // Documented usage: new JSDOM(html, { url }) then new Readability(document).parse(); with a
      // silent virtual console (jsdom's default prints every CSS it cannot parse to stderr).
      const virtualConsole = new VirtualConsole();
      return (html) => {
        const dom = new JSDOM(html, { url: PEER_URL, virtualConsole });
        try {
          return new Readability(dom.window.document).parse();
        } finally {
          dom.window.close();
        }
      };
    }),
    peerSystem('readability-linkedom', 'Readability.js + linkedom', async (ctx) => {
      const [r, l] = [await ctx.importPackage('@mozilla/readability'), await ctx.importPackage('linkedom')];
      if (typeof r === 'string') return r;
      if (typeof l === 'string') return l;
      const { Readability } = r;
      const { parseHTML } = l;
      return (html) => new Readability(parseHTML(html).document).parse();
    }),
    peerSystem('defuddle-linkedom', 'defuddle + linkedom', async (ctx) => {
      const [d, l] = [await ctx.importPackage('defuddle/node'), await ctx.importPackage('linkedom')];
      if (typeof d === 'string') return d;
      if (typeof l === 'string') return l;
      const { DefuddleClass } = d;
      const { parseHTML } = l;
      // defuddle/node's Defuddle(document, url) is `new Defuddle(document, { url }).parseAsync()`, which
      // only adds async extractors (YouTube transcripts) around the synchronous parse() timed here.
      return (html) => new DefuddleClass(parseHTML(html).document, { url: PEER_URL }).parse();
    }),
  ];
}

/** @type {System} */
const TEXT_PARSE_FLOOR = {
  id: 'floor-parse-text',
  label: 'floor: htmlparser2 parseDocument (text decoded outside the loop)',
  load: withTokenizerScans((ctx) => ({ prepare: (p) => ctx.floorText(p), run: (html) => parseDocument(html) })),
};

/**
 * htmlparser2's tokenizer and parser with no handler: no tree at all. The least any extractor built on
 * htmlparser2 (matn's design) must spend per page, set beside boilerpipe, which parses with a SAX parser
 * and builds no DOM.
 * @type {System}
 */
const TEXT_TOKENIZE_ONLY = {
  id: 'tokenize-text',
  label: 'htmlparser2 Parser with no handler, no tree (text decoded outside the loop)',
  load: withTokenizerScans((ctx) => ({ prepare: (p) => ctx.floorText(p), run: (html) => new Parser({}).end(html) })),
};

/**
 * boilerpipe's ArticleExtractor in its own JVM (bench/boilerpipe.js), started once per group that
 * lists it and stopped when the bench exits; skipped with a message when Java or the Debian package
 * is missing.
 * @type {System}
 */
const BOILERPIPE = {
  id: 'boilerpipe',
  label: 'boilerpipe ArticleExtractor (Java, own process)',
  load: async (ctx) => {
    const peer = startBoilerpipe();
    if (typeof peer === 'string') return peer;
    process.once('exit', () => peer.close());
    return { prepare: (p) => peer.load(ctx.floorText(p)), run: (index) => peer.extract(index) };
  },
};

/** Issue 19: `auto` at least as fast as boilerpipe on en-news, and within this multiple of the parse floor. */
const BOILERPIPE_GOAL = { corpus: 'en-news-scrapinghub', minVsBoilerpipe: 1, maxVsFloor: 2.5 };
/** The JVM compiles its hot code over the first passes (measured: ~8 s, then 1.4 s per pass of en-news). */
const JVM_WARMUP_MS = 10_000;

/** @returns {Group} */
function boilerpipeGroup() {
  return {
    id: 'boilerpipe',
    title: 'boilerpipe: matn extract (auto, from bytes) vs boilerpipe (Java) and the htmlparser2 parse floor, every page',
    goal:
      `issue 19: \`auto\` pages/s ≥ ${BOILERPIPE_GOAL.minVsBoilerpipe}× boilerpipe's on ${BOILERPIPE_GOAL.corpus}, and ≤ ${BOILERPIPE_GOAL.maxVsFloor}× the parse floor's time`,
    goalRatio: null,
    goalSubset: 'all',
    subsets: [ALL_PAGES],
    warmupMs: JVM_WARMUP_MS,
    tolerant: true,
    method:
      'boilerpipe 1.2.0 (Debian libboilerpipe-java, ArticleExtractor) in one long-lived JVM fed page by page over two named pipes ' +
      '(its wall time includes a pipe round trip of tens of µs; its CPU ratio counts only this process, not the JVM); boilerpipe and the floor get text ' +
      'decoded outside the timed loop, matn gets the bytes; ' +
      `warm-up ≥ ${JVM_WARMUP_MS / 1000} s per system and corpus, for the JVM's compilers.`,
    systems: [TEXT_PARSE_FLOOR, TEXT_TOKENIZE_ONLY, MATN_PARSE, BOILERPIPE, extractSystem('auto')],
    checks: boilerpipeChecks,
  };
}

/**
 * `auto` against boilerpipe (pages/s multiple, goal on BOILERPIPE_GOAL.corpus only) and the parse floor.
 * @param {import('./report.js').ResultRow[]} rows
 * @returns {import('./report.js').GoalCheck[]}
 */
export function boilerpipeChecks(rows) {
  /** @type {import('./report.js').GoalCheck[]} */
  const out = [];
  const vsPeerGoal = `goal: ≥ ${BOILERPIPE_GOAL.minVsBoilerpipe}× boilerpipe's pages/s on ${BOILERPIPE_GOAL.corpus}`;
  const vsFloorGoal = `goal: ≤ ${BOILERPIPE_GOAL.maxVsFloor}× floor`;
  for (const corpus of [...new Set(rows.map((r) => r.corpus))]) {
    const of = (/** @type {string} */ id) => rows.find((r) => r.corpus === corpus && r.system === id);
    const [auto, peer] = [of('extract-auto'), of('boilerpipe')];
    if (auto === undefined) continue;
    if (peer !== undefined && auto.ratio > 0) {
      // Same-round time ratio peer/auto = pages/s ratio auto/peer (both passes cover the same pages).
      const value = peer.ratio / auto.ratio;
      out.push({ corpus, goal: vsPeerGoal, value, met: corpus === BOILERPIPE_GOAL.corpus ? value >= BOILERPIPE_GOAL.minVsBoilerpipe : null });
    }
    out.push({ corpus, goal: vsFloorGoal, value: auto.ratio, met: auto.ratio <= BOILERPIPE_GOAL.maxVsFloor });
  }
  // the issue's second floor goal is over all shared corpora together
  const all = summedTimeRatio(rows, 'extract-auto', TEXT_PARSE_FLOOR.id);
  if (all !== null) out.push({ corpus: all.corpus, goal: vsFloorGoal, value: all.value, met: all.value <= BOILERPIPE_GOAL.maxVsFloor });
  return out;
}

/**
 * All corpora together: `system`'s summed median pass time over `base`'s, over the corpora where both ran
 * (every system of a group ran the same pages, so this is also the inverse pages/s ratio); null when
 * `system` ran on fewer than two corpora.
 * @param {import('./report.js').ResultRow[]} rows
 * @param {string} system
 * @param {string} base
 * @returns {{ corpus: string, value: number } | null}
 */
export function summedTimeRatio(rows, system, base) {
  const withSystem = [...new Set(rows.filter((r) => r.system === system).map((r) => r.corpus))];
  if (withSystem.length < 2) return null;
  const both = withSystem.filter((c) => rows.some((r) => r.corpus === c && r.system === base));
  if (both.length === 0) return null;
  const total = (/** @type {string} */ id) => both.reduce((n, c) => n + (rows.find((r) => r.corpus === c && r.system === id)?.medianMs ?? NaN), 0);
  return { corpus: `all ${withSystem.length} together`, value: total(system) / total(base) };
}

/** Issue 7 goals for `auto` against the peers: minimum pages/s multiple, or maximum multiple of the floor. */
const PEER_GOALS = [
  { system: 'readability-jsdom', min: 10 },
  { system: 'readability-linkedom', min: 2 },
  { system: 'defuddle-linkedom', min: 2 },
];

/**
 * Pages per corpus and timed samples per system of the peers group: Readability.js + jsdom takes
 * ~0.2–4 s a page on a loaded 2-core machine; with 6 pages the whole `--only peers,scaling --runs 2`
 * run took 7 min 21 s wall and 270 s of CPU there (2026-11-26; 10 pages took over 17 min for peers alone
 * before the job-end fix in measure.js).
 */
const PEER_PAGES = 6;
const PEER_RUNS = 2;

/** @returns {Group} */
function peersGroup() {
  return {
    id: 'peers',
    title: 'peers: matn extract (auto, from bytes) vs Readability.js (jsdom, linkedom), defuddle and the htmlparser2 parse floor',
    goal:
      `issue 7: \`auto\` pages/s ≥ ${PEER_GOALS.map((g) => `${g.min}× ${g.system}'s`).join(', ')}; \`auto\` ≤ ${PEER_FLOOR_GOAL}× the parse floor's time`,
    goalRatio: null,
    goalSubset: 'all',
    subsets: [ALL_PAGES],
    maxRuns: PEER_RUNS,
    maxPages: PEER_PAGES,
    lean: true,
    tolerant: true,
    method:
      `${PEER_PAGES} pages per corpus spread evenly in file-name order, the same for every system; peers and floor get text decoded outside the timed loop, ` +
      `matn gets the bytes; the validation pass is also the memory pass and the first warm-up pass when it lasted ≥ ${LEAN_WARM_MS / 1000} s; ` +
      `at most ${PEER_RUNS} timed samples; jsdom: one \`JSDOM\` per page, closed after it, console discarded.`,
    systems: [TEXT_PARSE_FLOOR, ...peerSystems(), extractSystem('auto')],
    checks: peerChecks,
  };
}

/** Bound of `auto`'s time as a multiple of the parse floor's in the peers group (issue 7). */
const PEER_FLOOR_GOAL = 2;

/**
 * `auto`'s pages/s as a multiple of each peer's, and its time as a multiple of the floor's, per
 * corpus and over all corpora together.
 * @param {import('./report.js').ResultRow[]} rows
 * @returns {import('./report.js').GoalCheck[]}
 */
export function peerChecks(rows) {
  /** @type {import('./report.js').GoalCheck[]} */
  const out = [];
  const peerGoal = (/** @type {{ system: string, min: number }} */ g) => `goal: ≥ ${g.min}× ${g.system}'s pages/s`;
  const floorGoal = `goal: ≤ ${PEER_FLOOR_GOAL}× floor`;
  for (const corpus of [...new Set(rows.map((r) => r.corpus))]) {
    const of = (/** @type {string} */ id) => rows.find((r) => r.corpus === corpus && r.system === id);
    const auto = of('extract-auto');
    if (auto === undefined) continue;
    for (const g of PEER_GOALS) {
      const peer = of(g.system);
      if (peer === undefined) continue;
      // Same-round time ratio peer/auto = pages/s ratio auto/peer (both passes cover the same pages).
      const value = auto.ratio > 0 ? peer.ratio / auto.ratio : NaN;
      out.push({ corpus, goal: peerGoal(g), value, met: value >= g.min });
    }
    out.push({ corpus, goal: floorGoal, value: auto.ratio, met: auto.ratio <= PEER_FLOOR_GOAL });
  }
  for (const g of PEER_GOALS) {
    const all = summedTimeRatio(rows, 'extract-auto', g.system);
    if (all !== null) out.push({ corpus: all.corpus, goal: peerGoal(g), value: 1 / all.value, met: 1 / all.value >= g.min });
  }
  const all = summedTimeRatio(rows, 'extract-auto', TEXT_PARSE_FLOOR.id);
  if (all !== null) out.push({ corpus: all.corpus, goal: floorGoal, value: all.value, met: all.value <= PEER_FLOOR_GOAL });
  return out;
}

/** Target sizes of the scaling series, in bytes. */
const SCALING_SIZES = [10e3, 100e3, 1e6, 10e6];
/** Where the scaling series takes its page from, first available wins (its largest UTF-8 page of at most 10 KB). */
const SCALING_SOURCES = ['readability-mozilla', 'en-news-scrapinghub', 'bundled'];
const BODY_OPEN = /<body\b[^>]*>/i;
const BODY_CLOSE = /<\/body\s*>/i;

/**
 * Grows one page to about `size` bytes by repeating the inner content of its <body> (the head and
 * the closing tags are kept once, so the result stays one valid document). A page larger than
 * `size` is cut down to whole repetitions of at least one copy.
 * @param {string} html
 * @param {number} size
 * @returns {string}
 */
export function growPage(html, size) {
  const open = BODY_OPEN.exec(html);
  const closeIdx = html.search(BODY_CLOSE);
  const start = open === null ? 0 : open.index + open[0].length;
  const end = closeIdx > start ? closeIdx : html.length;
  const head = html.slice(0, start);
  const body = html.slice(start, end);
  const tail = html.slice(end);
  const enc = new TextEncoder();
  const fixed = enc.encode(head).byteLength + enc.encode(tail).byteLength;
  const unit = Math.max(1, enc.encode(body).byteLength);
  if (fixed + unit >= size) {
    // Shrink: keep the first part of the body, cut at a tag boundary.
    const cut = body.lastIndexOf('<', Math.max(0, size - fixed));
    return head + body.slice(0, cut > 0 ? cut : body.length) + tail;
  }
  const copies = Math.max(1, Math.round((size - fixed) / unit));
  return head + body.repeat(copies) + tail;
}

/**
 * The page the scaling series grows: the largest UTF-8 page of at most the smallest size from the
 * first available source corpus (so every size is whole copies of its body); the smallest UTF-8
 * page when none fits.
 * @param {import('./corpora.js').BenchCorpus[]} corpora
 * @returns {{ source: import('./corpora.js').BenchCorpus, page: BenchPage, html: string } | undefined}
 */
export function scalingPage(corpora) {
  const source = SCALING_SOURCES.map((n) => corpora.find((c) => c.name === n)).find((c) => c !== undefined) ?? corpora[0];
  if (source === undefined) return undefined;
  const utf8 = source.pages.filter((p) => p.utf8);
  if (utf8.length === 0) return undefined;
  const fits = utf8.filter((p) => p.bytes.byteLength <= SCALING_SIZES[0]);
  const page = fits.length > 0
    ? fits.reduce((a, b) => (b.bytes.byteLength > a.bytes.byteLength ? b : a))
    : utf8.reduce((a, b) => (b.bytes.byteLength < a.bytes.byteLength ? b : a));
  return { source, page, html: UTF8.decode(page.bytes) };
}

/**
 * @param {number} size bytes
 * @returns {string} `10 KB`, `1 MB`, ...
 */
function sizeLabel(size) {
  return size >= 1e6 ? `${size / 1e6} MB` : `${size / 1e3} KB`;
}

/**
 * The scaling series: one page set per size, each holding the grown page once.
 * @param {import('./corpora.js').BenchCorpus[]} corpora
 * @returns {import('./corpora.js').BenchCorpus[]}
 */
function scalingCorpora(corpora) {
  const chosen = scalingPage(corpora);
  if (chosen === undefined) return [];
  const { source, page, html } = chosen;
  return SCALING_SIZES.map((size) => {
    const bytes = new TextEncoder().encode(growPage(html, size));
    const label = sizeLabel(size);
    /** @type {BenchPage} */
    const grown = { id: `${page.id}@${label}`, bytes, charset: 'utf-8', utf8: true };
    return { name: `${source.name}/${page.id} @ ${label}`, dir: source.dir, pages: [grown], bytes: bytes.byteLength };
  });
}

/** Page sets of at least this size are measured with one timed pass per system (see Group.singlePassBytes). */
const SCALING_SINGLE_PASS_BYTES = 5e6;
/**
 * Largest page set each peer runs on in the scaling series: Readability.js + jsdom takes ~6 s of CPU
 * on the 1 MB page and is not run on the 10 MB one; the linkedom peers (~1 s and ~2 s of CPU at
 * 1 MB, measured 2026-11-26) run on every size.
 */
const SCALING_PEER_CAPS = new Map([['readability-jsdom', 2e6]]);

/** @returns {Group} */
function scalingGroup() {
  const peers = peerSystems().map((p) => {
    const cap = SCALING_PEER_CAPS.get(p.id);
    return cap === undefined ? p : { ...p, maxBytes: cap };
  });
  const capped = peers.filter((p) => p.maxBytes !== undefined).map((p) => `${p.label} up to the ${sizeLabel(SCALING_SIZES.filter((s) => s <= /** @type {number} */ (p.maxBytes)).at(-1) ?? 0)} page`);
  return {
    id: 'scaling',
    title: 'scaling: one page grown from 10 KB to 10 MB by repeating its body content',
    goal: 'time per MB of `auto` flat within 1.5× (max/min over the sizes) from 10 KB to 10 MB',
    goalRatio: null,
    goalSubset: 'all',
    subsets: [ALL_PAGES],
    maxRuns: 3,
    lean: true,
    tolerant: true,
    singlePassBytes: SCALING_SINGLE_PASS_BYTES,
    method:
      `one UTF-8 page (the largest of at most ${sizeLabel(SCALING_SIZES[0])} of the first available of ${SCALING_SOURCES.join(', ')}) grown to ` +
      `${SCALING_SIZES.map(sizeLabel).join(', ')} by repeating its <body> content, sizes in increasing order; peers get text decoded outside the timed run; ` +
      `validation pass = memory pass (and first warm-up pass when ≥ ${LEAN_WARM_MS / 1000} s); at most 3 timed samples; ` +
      `from ${SCALING_SINGLE_PASS_BYTES / 1e6} MB on one timed pass per system (the validation pass), so spread 0` +
      (capped.length > 0 ? `; ${capped.join(', ')} (too slow above).` : '.'),
    systems: [DECODE_PARSE_FLOOR, normalizeSystem(), analyzeSystem(), extractSystem('auto'), ...peers],
    corpora: scalingCorpora,
    checks: scalingChecks,
    tables: scalingTable,
  };
}

/** Largest max/min of `auto`'s time per MB over the sizes of the scaling series (issue 7). */
const SCALING_SPREAD_GOAL = 1.5;
/** Largest time of `auto` over decode + parse on the largest page of the series (issue 37). */
const SCALING_LARGEST_FLOOR_GOAL = 2.5;

/**
 * Time per MB of a system at each size of the series (NaN where it did not run), sizes in floor-row order.
 * @param {import('./report.js').ResultRow[]} rows
 * @param {string} id
 */
function perMbSeries(rows, id) {
  const sizes = rows.filter((r) => r.isFloor).map((r) => r.corpus);
  return sizes.map((c) => {
    const r = rows.find((x) => x.corpus === c && x.system === id);
    return r === undefined ? NaN : r.medianMs / (r.bytes / 1e6);
  });
}

/**
 * max/min of finite values (NaN when there are none).
 * @param {number[]} xs
 */
function spreadOf(xs) {
  const ok = xs.filter(Number.isFinite);
  return ok.length > 0 ? Math.max(...ok) / Math.min(...ok) : NaN;
}

/**
 * Time per MB by size, a row per system.
 * @param {import('./report.js').ResultRow[]} rows
 * @returns {string[]}
 */
export function scalingTable(rows) {
  const floors = rows.filter((r) => r.isFloor);
  const out = [
    `| ms per MB | ${floors.map((r) => `${(r.bytes / 1e6).toFixed(3)} MB`).join(' | ')} | max/min |`,
    `| --- | ${floors.map(() => '---:').join(' | ')} | ---: |`,
  ];
  for (const id of [...new Set(rows.map((r) => r.system))]) {
    const perMb = perMbSeries(rows, id);
    const spread = spreadOf(perMb);
    out.push(`| ${id} | ${perMb.map((x) => fmt(x, 1)).join(' | ')} | ${fmt(spread, 2)} |`);
  }
  return out;
}

/**
 * @param {import('./report.js').ResultRow[]} rows
 * @returns {import('./report.js').GoalCheck[]}
 */
export function scalingChecks(rows) {
  const perMb = perMbSeries(rows, 'extract-auto');
  const n = perMb.filter(Number.isFinite).length;
  if (n === 0) return [];
  const spread = spreadOf(perMb);
  const out = [{ corpus: `${n} sizes`, goal: `goal: auto ms/MB max/min ≤ ${SCALING_SPREAD_GOAL}×`, value: spread, met: spread <= SCALING_SPREAD_GOAL }];
  // issue 37: on the largest page, auto against decode + parse of the same page
  const largest = rows.filter((r) => r.system === 'extract-auto').sort((a, b) => b.bytes - a.bytes)[0];
  if (largest.bytes >= SCALING_SIZES[SCALING_SIZES.length - 1] * 0.99) {
    const goal = `goal: auto ≤ ${SCALING_LARGEST_FLOOR_GOAL}× floor at ${sizeLabel(SCALING_SIZES[SCALING_SIZES.length - 1])}`;
    out.push({ corpus: `${sizeLabel(SCALING_SIZES[SCALING_SIZES.length - 1])} page`, goal, value: largest.ratio, met: largest.ratio <= SCALING_LARGEST_FLOOR_GOAL });
  }
  return out;
}

/** @returns {System} matn normalize from bytes */
function normalizeSystem() {
  return {
    id: 'normalize',
    label: 'matn normalize (no hints)',
    load: async (ctx) => {
      const normalize = await distFunction(ctx, 'encoding/normalize.js', 'normalize');
      if (typeof normalize === 'string') return normalize;
      return { prepare: (p) => p.bytes, run: (b) => normalize(b) };
    },
  };
}

/** @returns {System} matn parse + analyze of the normalized document */
function analyzeSystem() {
  return {
    id: 'analyze',
    label: 'matn analyze (parse + analyze)',
    load: async (ctx) => {
      const analyze = await distFunction(ctx, 'analysis/analyze.js', 'analyze');
      if (typeof analyze === 'string') return analyze;
      return { prepare: (p) => ctx.normalizedInput(p), run: (n) => analyze(n) };
    },
  };
}

/** The shared corpora whose pages are threads (forum threads, Q&A, article comment threads). */
export const THREAD_CORPORA = Object.freeze(['forum-engines-dev', 'ug-forum-dev', 'real-threads-dev']);

/** Every page of a corpus (the threads group has no decode floor that could fail on a charset). */
const EVERY_PAGE = { id: 'all', label: 'all pages', /** @type {(p: BenchPage) => boolean} */ select: () => true };

/**
 * `extract()` from bytes with the default algorithm (`auto`), of the baseline build (`ctx.baseline`).
 * @returns {System}
 */
function baselineExtractSystem() {
  const options = Object.freeze({ algorithm: 'auto' });
  return {
    id: 'extract-auto-baseline',
    label: 'matn extract (auto), baseline build',
    load: async (/** @type {BenchContext} */ ctx) => {
      if (ctx.baseline === undefined) return 'no baseline build (pass --baseline DIR: a checkout of the older commit, built)';
      const extract = await distFunction(ctx.baseline, 'pipeline.js', 'extract');
      if (typeof extract === 'string') return `baseline ${ctx.baseline.repoRoot}: ${extract}`;
      return {
        prepare: (/** @type {BenchPage} */ p) => p.bytes,
        run: (/** @type {Uint8Array} */ b) => extract(b, options),
        // a tolerant group passes `undefined` for a page that threw
        stages: (/** @type {{ timings: Record<string, number> } | undefined} */ r) => ({ ...r?.timings }),
      };
    },
  };
}

/**
 * Issue 13: `extract()` on a thread page against the same call of a baseline build (the commit before
 * the thread rewrite), in one process, on the same bytes. The baseline is this group's floor, so
 * "× floor" is new/old, the median over rounds of the two passes of the same round.
 * @returns {Group}
 */
function threadsGroup() {
  return {
    id: 'threads',
    title: 'threads: extract() on thread pages, this build vs a baseline build',
    goal:
      'issue 13: `extract()` (`auto`) on a thread ≤ 1.3× the time of the build before the thread rewrite (the baseline, this group\'s floor)',
    goalRatio: 1.3,
    goalSubset: 'all',
    subsets: [EVERY_PAGE],
    method:
      `the thread corpora (${THREAD_CORPORA.join(', ')}), every page; two builds in one process, this \`dist/\` and the baseline's ` +
      '(`--baseline DIR`, an older checkout built with the same node_modules), each calling its own `extract(bytes, { algorithm: \'auto\' })`; ' +
      'the baseline is the floor row, so "× floor" is new / old; in a round the baseline pass runs first.',
    systems: [baselineExtractSystem(), extractSystem('auto')],
    corpora: (corpora) => corpora.filter((c) => THREAD_CORPORA.includes(c.name)),
  };
}

/**
 * The pathological series of issue 16: pages built to hurt a parser or an extractor, each grown in
 * sizes. `size` is the series' own unit (depth, elements, bytes); the page is the `make` of it.
 * @type {{ id: string, unit: string, sizes: number[], make: (size: number) => string }[]}
 */
const PATHOLOGICAL_SERIES = [
  { id: 'nesting', unit: 'unclosed <div> deep', sizes: [1e3, 1e4, 1e5, 3e5], make: (n) => `<html><body>${'<div>'.repeat(n)}deep` },
  { id: 'br', unit: 'bytes of word<br>', sizes: [1e6, 5e6, 10e6, 25e6], make: (b) => `<html><body>${'word<br>'.repeat(Math.round(b / 8))}` },
  { id: 'line', unit: 'bytes on one line', sizes: [1e6, 10e6, 30e6], make: (b) => `<html><body><p>${'word '.repeat(Math.round(b / 5))}</p>` },
  { id: 'siblings', unit: '<p> siblings', sizes: [1e3, 1e4, 1e5], make: (n) => `<html><body>${'<p>word</p>'.repeat(n)}` },
  { id: 'links', unit: 'links', sizes: [5e2, 5e3, 5e4], make: (n) => `<html><body>${'<a href="/x">link</a> '.repeat(n)}` },
];

/**
 * One page set per series and size (no corpus needed: the pages are generated).
 * @returns {import('./corpora.js').BenchCorpus[]}
 */
function pathologicalCorpora() {
  return PATHOLOGICAL_SERIES.flatMap((series) => series.sizes.map((size) => {
    const bytes = new TextEncoder().encode(series.make(size));
    /** @type {BenchPage} */
    const page = { id: `${series.id}-${size}`, bytes, charset: 'utf-8', utf8: true };
    return { name: `${series.id} ${size} ${series.unit}`, dir: '', pages: [page], bytes: bytes.byteLength };
  }));
}

/** Largest time-per-MB spread (max/min over the sizes of one series) the issue accepts. */
const PATHOLOGICAL_TIME_SPREAD = 2;
/**
 * Children per page of the pathological group's peak memory (see `peakMemory.children`). Seven: one child's
 * peak on a page of many small nodes varies by a third from run to run, most of it the malloc arenas of V8's
 * compiler threads, which optimize the page's long loops during the call (children run with
 * `--no-concurrent-recompilation` vary little); with three, successive runs of one build fell on either side of the goal.
 */
const PATHOLOGICAL_PEAK_CHILDREN = 7;
/** Largest peak memory of one `extract()`, as a multiple of the input, the issue accepts. */
const PATHOLOGICAL_MEMORY_FACTOR = 20;
/**
 * The memory goal is read on pages of at least this many bytes. Below it the peak is mostly what does
 * not grow with the page (the runtime's young generation and compiled code): a few MB over a 5 KB page
 * read as hundreds of times the input and say nothing about how the page's size is paid for. The
 * table shows every size.
 */
const PATHOLOGICAL_MEMORY_MIN_BYTES = 1e6;

/** @returns {Group} */
function pathologicalGroup() {
  return {
    id: 'pathological',
    title: 'pathological: deep nesting, word<br> by the MB, one long line, many siblings, many links',
    goal:
      `extract-auto time per MB within ${PATHOLOGICAL_TIME_SPREAD}× across the sizes of each series; ` +
      `peak memory of one call at most ${PATHOLOGICAL_MEMORY_FACTOR}× the input (pages of ${PATHOLOGICAL_MEMORY_MIN_BYTES / 1e6} MB and more)`,
    goalRatio: null,
    goalSubset: 'all',
    subsets: [ALL_PAGES],
    maxRuns: 2,
    lean: true,
    tolerant: true,
    singlePassBytes: SCALING_SINGLE_PASS_BYTES,
    // one child's peak varies from run to run (see PATHOLOGICAL_PEAK_CHILDREN): the median of several read
    peakMemory: { system: 'extract-auto', algorithm: 'auto', children: PATHOLOGICAL_PEAK_CHILDREN },
    method:
      `generated pages (${PATHOLOGICAL_SERIES.map((s) => `${s.id}: ${s.sizes.join(', ')} ${s.unit}`).join('; ')}); the floor is matn normalize ` +
      '(the htmlparser2 floor is itself quadratic in depth: 300k nested <div> take over a minute); ' +
      `one timed pass from ${SCALING_SINGLE_PASS_BYTES / 1e6} MB on, as in the scaling group; ` +
      'peak memory: each page once more through extract-auto in a fresh child process (same build, same heap flags), ' +
      'the growth of its RSS high-water mark (VmHWM, reset just before the call) above its RSS just before the call ' +
      `(library loaded and warmed up as a worker on the bundled sample, input read, GC run); the median of ${PATHOLOGICAL_PEAK_CHILDREN} children per page.`,
    systems: [normalizeSystem(), extractSystem('auto')],
    corpora: pathologicalCorpora,
    checks: pathologicalChecks,
    tables: pathologicalTable,
  };
}

/**
 * Issue 37's tag-dense page: 187,000 `<p>w</p>` (1.5 MB), an element and a text node every 4 bytes.
 * Compared per MB with the news pages of {@link TAG_DENSE_REFERENCE}.
 */
const TAG_DENSE_PAGE = { id: 'tag-dense', make: () => `<html><body>${'<p>w</p>'.repeat(187_000)}` };
/** The corpus whose time per MB the tag-dense page is held to. */
const TAG_DENSE_REFERENCE = 'en-news-scrapinghub';
/** Largest time per MB of `auto` on the tag-dense page, as a multiple of its time per MB on the reference (issue 37). */
const TAG_DENSE_GOAL = 2;

/**
 * The reference corpus and the generated tag-dense page, as two page sets.
 * @param {import('./corpora.js').BenchCorpus[]} corpora
 * @returns {import('./corpora.js').BenchCorpus[]}
 */
function tagDenseCorpora(corpora) {
  const reference = corpora.find((c) => c.name === TAG_DENSE_REFERENCE);
  if (reference === undefined) return [];
  const bytes = new TextEncoder().encode(TAG_DENSE_PAGE.make());
  /** @type {BenchPage} */
  const page = { id: TAG_DENSE_PAGE.id, bytes, charset: 'utf-8', utf8: true };
  return [reference, { name: TAG_DENSE_PAGE.id, dir: '', pages: [page], bytes: bytes.byteLength }];
}

/** @returns {Group} */
function tagDenseGroup() {
  return {
    id: 'tag-dense',
    title: `tag-dense: time per MB of a page of 187,000 <p> against ${TAG_DENSE_REFERENCE}`,
    goal: `extract-auto time per MB on the tag-dense page at most ${TAG_DENSE_GOAL}× its time per MB on ${TAG_DENSE_REFERENCE}`,
    goalRatio: null,
    goalSubset: 'all',
    subsets: [ALL_PAGES],
    method:
      `${TAG_DENSE_REFERENCE} (every page) and one generated page of 187,000 \`<p>w</p>\` (1.5 MB); ` +
      'each system\'s time per MB on the page over its time per MB on the corpus (the floors: what the parser itself pays for density).',
    systems: [DECODE_PARSE_FLOOR, TEXT_TOKENIZE_ONLY, extractSystem('auto')],
    corpora: tagDenseCorpora,
    checks: tagDenseChecks,
    // the goal table alone: its ratios are the figures (word budget of benchmarks.md)
    tables: () => [],
  };
}

/**
 * Time per MB of system `id` on page set `corpus` (NaN when it did not run).
 * @param {import('./report.js').ResultRow[]} rows
 * @param {string} corpus
 * @param {string} id
 */
function msPerMb(rows, corpus, id) {
  const r = rows.find((x) => x.corpus === corpus && x.system === id);
  return r === undefined ? NaN : r.medianMs / (r.bytes / 1e6);
}

/**
 * The tag-dense page's time per MB over the reference's, for every system: `auto`'s is the goal, the
 * floors' are shown beside it (met: null).
 * @param {import('./report.js').ResultRow[]} rows
 * @returns {import('./report.js').GoalCheck[]}
 */
export function tagDenseChecks(rows) {
  const goal = `goal: ms/MB ≤ ${TAG_DENSE_GOAL}× ${TAG_DENSE_REFERENCE}'s`;
  return [...new Set(rows.map((r) => r.system))].map((id) => {
    const value = msPerMb(rows, TAG_DENSE_PAGE.id, id) / msPerMb(rows, TAG_DENSE_REFERENCE, id);
    return { corpus: id, goal, value, met: id === 'extract-auto' ? value <= TAG_DENSE_GOAL : null };
  });
}

/**
 * extract-auto's rows of one pathological series, in size order.
 * @param {import('./report.js').ResultRow[]} rows
 * @param {{ id: string }} series
 */
function seriesRows(rows, series) {
  return rows.filter((r) => r.system === 'extract-auto' && r.corpus.startsWith(`${series.id} `));
}

/**
 * Time per MB of extract-auto at the smallest and the largest size of each series, and the peak
 * memory of one call on the largest page (the child-process figure, `childPeakMB`, and over the input;
 * `–` where the row has none). The goal table gives the spread over every size.
 * @param {import('./report.js').ResultRow[]} rows
 * @returns {string[]}
 */
export function pathologicalTable(rows) {
  const out = [
    '| series | sizes | extract-auto ms/MB, smallest → largest | peak memory, largest page |',
    '| --- | --- | --- | ---: |',
  ];
  for (const series of PATHOLOGICAL_SERIES) {
    const mine = seriesRows(rows, series);
    if (mine.length === 0) continue;
    const [first, last] = [mine[0], mine[mine.length - 1]];
    const perMb = (/** @type {import('./report.js').ResultRow} */ r) => (r.medianMs / (r.bytes / 1e6)).toFixed(0);
    const peak = last.childPeakMB === undefined ? '–' : `${last.childPeakMB.toFixed(0)} MB (${(last.childPeakMB / (last.bytes / 1e6)).toFixed(0)}×)`;
    const size = (/** @type {import('./report.js').ResultRow} */ r) => r.corpus.split(' ')[1];
    // the unit names tags (`<div>`, `<br>`): escaped, so that a Markdown viewer shows them
    out.push(`| ${series.id} | ${size(first)} to ${size(last)} ${series.unit.replace(/</g, '&lt;')} | ${perMb(first)} → ${perMb(last)} | ${peak} |`);
  }
  return out;
}

/**
 * The two goals of issue 16 per series: time per MB spread over the sizes, and the worst peak memory
 * (child-process figure) over the input among the sizes of at least `PATHOLOGICAL_MEMORY_MIN_BYTES`
 * (no memory check for a series with no such size measured).
 * @param {import('./report.js').ResultRow[]} rows
 * @returns {import('./report.js').GoalCheck[]}
 */
export function pathologicalChecks(rows) {
  /** @type {import('./report.js').GoalCheck[]} */
  const out = [];
  const memoryGoal = `goal: peak memory ≤ ${PATHOLOGICAL_MEMORY_FACTOR}× input (pages ≥ ${PATHOLOGICAL_MEMORY_MIN_BYTES / 1e6} MB)`;
  for (const series of PATHOLOGICAL_SERIES) {
    const mine = seriesRows(rows, series);
    if (mine.length === 0) continue;
    const spread = spreadOf(mine.map((r) => r.medianMs / (r.bytes / 1e6)));
    out.push({ corpus: series.id, goal: `goal: ms/MB max/min over sizes ≤ ${PATHOLOGICAL_TIME_SPREAD}×`, value: spread, met: spread <= PATHOLOGICAL_TIME_SPREAD });
    const peaks = mine.flatMap((r) => (r.childPeakMB !== undefined && r.bytes >= PATHOLOGICAL_MEMORY_MIN_BYTES ? [r.childPeakMB / (r.bytes / 1e6)] : []));
    if (peaks.length === 0) continue;
    const worst = Math.max(...peaks);
    out.push({ corpus: series.id, goal: memoryGoal, value: worst, met: worst <= PATHOLOGICAL_MEMORY_FACTOR });
  }
  return out;
}

/** Issue 37: the median, over the news pages, of one `auto` call's peak RSS growth over the page's size. */
const NEWS_MEMORY_GOAL = Object.freeze({ corpus: 'en-news-scrapinghub', maxMedianVsInput: 8 });

/** @returns {Group} */
function newsMemoryGroup() {
  return {
    id: 'news-memory',
    title: `news-memory: peak memory of one extract() per page of ${NEWS_MEMORY_GOAL.corpus}`,
    goal: `median over the pages of one extract-auto call's peak RSS growth at most ${NEWS_MEMORY_GOAL.maxMedianVsInput}× the page`,
    goalRatio: null,
    goalSubset: 'all',
    subsets: [ALL_PAGES],
    maxRuns: 1,
    lean: true,
    peakMemory: { system: 'extract-auto', algorithm: 'auto', firstPage: true },
    method:
      `every page of ${NEWS_MEMORY_GOAL.corpus} once more through extract-auto in a fresh child process, measured as in the ` +
      'pathological group (library loaded and warmed up as a worker on the bundled sample, input read, GC run; growth of the ' +
      'RSS high-water mark); the median over the pages of growth over page size. Then each page again in a child warmed on a ' +
      'small page only: the first page of a process, with the one-time setup the first figure leaves out.',
    systems: [DECODE_PARSE_FLOOR, extractSystem('auto')],
    corpora: (corpora) => corpora.filter((c) => c.name === NEWS_MEMORY_GOAL.corpus),
    checks: newsMemoryChecks,
    // the memory figures alone: one timed pass under child processes says nothing of speed
    tables: newsMemoryTable,
  };
}

/**
 * Both peak figures of extract-auto's rows and the one-time setup they differ by.
 * @param {import('./report.js').ResultRow[]} rows
 * @returns {string[]}
 */
export function newsMemoryTable(rows) {
  const mine = rows.filter((r) => r.system === 'extract-auto' && r.childPeakMedianPerInput !== undefined);
  if (mine.length === 0) return [];
  const times = (/** @type {number | undefined} */ v) => (v === undefined ? '–' : `${v.toFixed(1)}×`);
  return [
    '| corpus (pages) | median peak, worker (goal) | median peak, first page of a process | one-time setup of a worker (median) |',
    '| --- | ---: | ---: | ---: |',
    ...mine.map((r) => `| ${r.corpus} (${r.pages}) | ${times(r.childPeakMedianPerInput)} | ${times(r.childFirstPeakMedianPerInput)} | ${r.childSetupMB === undefined ? '–' : `${r.childSetupMB.toFixed(0)} MB`} |`),
  ];
}

/**
 * The median peak growth over input of extract-auto's row (none when no child reported).
 * @param {import('./report.js').ResultRow[]} rows
 * @returns {import('./report.js').GoalCheck[]}
 */
export function newsMemoryChecks(rows) {
  const goal = `goal: median peak memory ≤ ${NEWS_MEMORY_GOAL.maxMedianVsInput}× input`;
  return rows.flatMap((r) => (r.system === 'extract-auto' && r.childPeakMedianPerInput !== undefined
    ? [{ corpus: r.corpus, goal, value: r.childPeakMedianPerInput, met: r.childPeakMedianPerInput <= NEWS_MEMORY_GOAL.maxMedianVsInput }]
    : []));
}
