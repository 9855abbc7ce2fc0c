/**
 * The one-call API: bytes (or a string) in, a {@link PageResult} out.
 * `normalize → parse/analyze → extractor → metadata`, each stage timed, every diagnostic kept.
 * @module
 */
import { analyze, type AnalyzeOptions } from './analysis/analyze.js';
import type { AnalyzedDocument } from './analysis/types.js';
import { diagnostic, type Diagnostic } from './core/diagnostics.js';
import { resolveOptions } from './core/options.js';
import { assertString } from './core/guards.js';
import { cleanStrings, type CleanTextCounts } from './core/clean-text.js';
import { normalize, type NormalizeOptions } from './encoding/normalize.js';
import type { NormalizedDocument } from './encoding/types.js';
import { dropLeadingHeadline, type HeadlineOptions } from './metadata/headline.js';
import { getExtractor, type AlgorithmName, type ExtractorOptions } from './extractors/registry.js';
import type { Extraction } from './extractors/types.js';
import { blockNodes } from './extractors/lazy-text.js';
import { withPostFields } from './post-fields.js';
import { detectScript } from './encoding/script.js';
import { extractMetadataAround, type PageMetadata } from './metadata/page.js';
import { isDeclaredPublication } from './metadata/declared-dates.js';
import type { MetadataOptions } from './metadata/options.js';
import { resolveMatching, withMatching, type MatchingOptions } from './moderation/page.js';
// structured content (contentHtml, images)
import { renderContent } from './content/content.js';
import type { ContentOptions } from './content/options.js';
import { toTextOrBytes, type ExtractInput } from './core/input.js';
import { defineLazyField, once } from './core/lazy.js';
import { RECORD_FIELDS, toRecord } from './output/record.js';
import type { PageFields } from './output/types.js';

/**
 * Options of {@link extract}.
 * @category Pipeline
 */
export interface ExtractOptions<A extends AlgorithmName = AlgorithmName> {
  /**
   * The algorithm that finds the main content (see `ALGORITHMS`); an unknown name throws
   * `MatnError('unknown-algorithm')` (JavaScript callers; TypeScript refuses it). `auto` decides the
   * page kind and combines the algorithms (docs/algorithms/auto.md).
   * @default 'auto'
   */
  algorithm?: A;
  /** Options of the normalize stage (charset, size limit, invisible characters). @default {} */
  normalize?: NormalizeOptions;
  /** Options of the analyze stage. @default {} */
  analyze?: AnalyzeOptions;
  /** Options of the chosen algorithm (e.g. `CorrelativityOptions` for `correlated`), typed by `algorithm`. @default {} */
  extractor?: ExtractorOptions<A>;
  /** The page's address, echoed in the result (not fetched). @default '' */
  url?: string;
  /** What happens to the headline repeated at the top of the body (dropped by default). @default {} */
  headline?: HeadlineOptions;
  /**
   * Options of the metadata stage (`MetadataOptions`: title, anchor, author, date and language
   * windows and thresholds); an unknown name throws `MatnError('invalid-argument')`. `url` above
   * wins over `metadata.url`. The resolved options are echoed in `PageResult.metadata.options`.
   * @default {}
   */
  metadata?: MetadataOptions;
  /**
   * Adds the matching form (`match`) and the moderation checks (`checks`) to the page and to each
   * post and comment (docs/moderation.md). Off by default: then nothing is computed.
   * @default false
   */
  matching?: boolean | MatchingOptions;
  /** Options of the structured content (`contentHtml`, `images`): region growth, image filters. @default {} */
  content?: ContentOptions;
}

/**
 * Defaults of {@link ExtractOptions}.
 * @category Pipeline
 */
export const DEFAULT_EXTRACT_OPTIONS: Readonly<Required<ExtractOptions>> = Object.freeze({
  algorithm: 'auto',
  normalize: Object.freeze({}),
  analyze: Object.freeze({}),
  extractor: Object.freeze({}),
  url: '',
  headline: Object.freeze({}),
  metadata: Object.freeze({}),
  matching: false,
  content: Object.freeze({}),
});

/**
 * Everything {@link extract} found on one page: the plain fields ({@link PageFields}) and the stages'
 * full results.
 * @category Pipeline
 */
export interface PageResult extends PageFields {
  /** The normalize stage's full result (including the decoded `html`). */
  readonly normalized: NormalizedDocument;
  /** The extractor's full result (blocks, candidates, series). */
  readonly extraction: Extraction;
  /** Every metadata value with where it came from. */
  readonly metadata: PageMetadata;
  /**
   * The compact record (every field of `toRecord`, posts without node ids, no typed arrays, no
   * decoded HTML): what `JSON.stringify(page)` writes. The full analysis stays on the object.
   */
  toJSON(): Record<string, unknown>;
}

/** `href` resolved against `base` (kept as written when there is no base or it does not parse). */
function resolveUrl(href: string, base: string): string {
  if (!base) return href;
  try {
    return new URL(href, base).href;
  } catch {
    return href;
  }
}

/** Runs `fn` and returns its result with the elapsed milliseconds. */
function timed<T>(fn: () => T): [T, number] {
  const start = performance.now();
  const value = fn();
  return [value, performance.now() - start];
}

/**
 * Author and date of the body: the opening post's for a thread, else the page metadata's. On page 2+
 * of a thread the opening post is not on the page: both are null (with a diagnostic).
 */
function byline(extraction: Extraction, metadata: PageMetadata, diagnostics: Diagnostic[]): { author: string | null; date: string | null } {
  const first = extraction.posts?.[0];
  if (first && extraction.thread?.openingPostOnPage === false) {
    diagnostics.push(diagnostic('opening-post-not-on-page', `page ${extraction.thread.page ?? '2+'} of a thread: author and date of the opening post are not on it`, 'info', { page: extraction.thread.page }));
    return { author: null, date: null };
  }
  return { author: first?.author ?? metadata.author?.value ?? null, date: openingDate(first?.date, metadata.date) };
}

/**
 * The opening post's date, unless the page declares its publication on another day: then the detected
 * posts are not the page's thread (embedded posts, a list of dated events inside an article) and the
 * declared date stands. A forum page's declared date is its opening post's.
 */
function openingDate(post: string | null | undefined, declared: PageMetadata['date']): string | null {
  if (post === undefined || post === null) return declared?.value ?? null;
  return declared !== null && isDeclaredPublication(declared) && declared.value.slice(0, 10) !== post.slice(0, 10) ? declared.value : post;
}

function metadataDiagnostics(metadata: PageMetadata, doc: AnalyzedDocument): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (metadata.title === null) out.push(diagnostic('no-title', 'no title found (no og:title, <title> or <h1>)', 'info'));
  if (doc.text === '') out.push(diagnostic('empty-page', 'the page has no visible text', 'warning'));
  return out;
}

/**
 * Extracts the main text, posts, comments and metadata of one page.
 * Pass bytes (`Uint8Array`/`Buffer`/`ArrayBuffer`) whenever you have them: the charset is then chosen from the BOM,
 * `normalize.contentType`, the page's declarations and detection, with every piece of evidence kept.
 * @throws MatnError `input-too-large` (over `normalize.maxBytes`), `not-text` (binary input),
 * `unknown-algorithm`, `invalid-argument` (unknown option names, or an input that is not text or bytes:
 * use `extractFrom` for a `Response` or a stream).
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { extract } from 'matn';
 * const page = extract(readFileSync('thread.html'));
 * page.title; page.posts.map((p) => p.author); page.encoding; // 'windows-1256'
 * ```
 * @category Pipeline
 */
export function extract<A extends AlgorithmName = AlgorithmName>(input: ExtractInput, options?: ExtractOptions<A>): PageResult {
  return extractAnalyzed(input, options).page;
}

/**
 * The result of {@link extractAnalyzed}: the page and the one analysis it was extracted from.
 * @internal
 */
export interface AnalyzedExtraction {
  readonly page: PageResult;
  /** The analyzed document every stage of the call read (read-only, like every analysis). */
  readonly doc: AnalyzedDocument;
}

/**
 * {@link extract}, also handing out the page's analysis, so a caller that draws or re-runs algorithms on
 * it (`inspect`) parses and analyzes the page once. Internal: `index.ts` does not export it, since the
 * public result stays a plain record.
 * @internal
 */
export function extractAnalyzed<A extends AlgorithmName = AlgorithmName>(input: ExtractInput, options?: ExtractOptions<A>): AnalyzedExtraction {
  const o = resolveOptions(DEFAULT_EXTRACT_OPTIONS, options, 'extract');
  assertString(o.url, 'extract', 'options.url');
  assertString(o.algorithm, 'extract', 'options.algorithm');
  const extractor = getExtractor(o.algorithm);
  // a string or a view of the bytes (ArrayBuffer and other views accepted, never copied)
  const page = toTextOrBytes(input, 'extract');
  const [normalized, normalizeMs] = timed(() => normalize(page, o.normalize));
  const [doc, analyzeMs] = timed(() => analyze(normalized, o.analyze));
  const [extraction, extractMs] = timed(() => extractor.extract(doc, o.extractor) as Extraction);
  // the extraction tells metadata where the main content is (title heading nearest it, sign-off bylines)
  // without a URL the metadata options are handed on as they are (the same frozen object every page: resolved once)
  const metadataOptions = o.url === '' ? o.metadata : { ...o.metadata, url: o.url };
  // only the blocks' nodes: blocks made on first read (auto's) are not made (see blockNodes)
  const [metadata, metadataMs] = timed(() => extractMetadataAround(doc, metadataOptions, blockNodes(extraction)));
  const pageDiagnostics: Diagnostic[] = [];
  const { author, date } = byline(extraction, metadata, pageDiagnostics);
  const title = metadata.title?.value ?? null;
  // a thread's body is its posts: their first line is a post's, never the page's headline
  const body = extraction.posts?.length ? extraction.text : dropLeadingHeadline(extraction.text, title, doc, o.headline);
  // the page's language and the script of its main text: posts written in that script share its language
  const pageLanguage = { lang: metadata.lang?.value ?? null, script: detectScript(body, { markup: false }).script };
  const posts = (extraction.posts ?? []).map((p, i) => withPostFields(p, i, 'posts', pageLanguage, pageDiagnostics));
  const comments = (extraction.comments ?? []).map((p, i) => withPostFields(p, i, 'comments', pageLanguage, pageDiagnostics));
  // structured content: rendered from the same kept nodes, never feeding the plain body
  // rendered on the first read of a contentHtml or images field (most callers read none): until
  // then the result holds the analyzed document; the same rendering answers every field
  // rendered on first read, and cleaned then like the other strings (see withCleanStrings)
  const content = once(() => cleanStrings(renderContent(doc, { blocks: extraction.blocks, posts, comments, title, url: o.url }, o.content)));
  const postsWithHtml = posts.map((p, i) => defineLazyField({ ...p }, 'contentHtml', () => content().posts[i]));
  const commentsWithHtml = comments.map((p, i) => defineLazyField({ ...p }, 'contentHtml', () => content().comments[i]));
  const unresolved = [...posts, ...comments].filter((p) => p.dateText !== undefined).length;
  if (unresolved > 0) {
    pageDiagnostics.push(diagnostic('relative-date-unresolved', `${unresolved} post date(s) are relative ("3 hours ago") and the page shows no current date to read them against: kept as dateText`, 'info', { count: unresolved }));
  }
  const result: EagerResult = {
    title,
    author,
    date,
    lang: metadata.lang?.value ?? null,
    dir: metadata.dir.value,
    body,
    kind: extraction.kind ?? 'other',
    posts: postsWithHtml,
    comments: commentsWithHtml,
    pages: (extraction.thread?.pages ?? []).map((href) => resolveUrl(href, o.url)),
    nextPage: extraction.thread?.nextPage ? resolveUrl(extraction.thread.nextPage, o.url) : null,
    keywords: metadata.keywords?.value ?? [],
    description: metadata.description?.value ?? null,
    siteName: metadata.siteName,
    canonicalUrl: metadata.canonicalUrl?.value ?? null,
    dateSource: date !== null && date === extraction.posts?.[0]?.date ? 'post' : date === null ? null : metadata.date?.source ?? null,
    encoding: normalized.charset,
    charsetSource: normalized.charsetSource,
    algorithm: extractor.id,
    confidence: extraction.confidence,
    url: o.url === '' ? null : o.url,
    normalized,
    extraction,
    metadata,
    diagnostics: [...normalized.diagnostics, ...doc.diagnostics, ...extraction.diagnostics, ...metadataDiagnostics(metadata, doc), ...pageDiagnostics],
    timings: { normalizeMs, analyzeMs, extractMs, metadataMs },
  };
  const clean = withCleanStrings(result);
  defineLazyField(defineLazyField(clean, 'contentHtml', () => content().html), 'images', () => content().images);
  // opt-in moderation stage: reads the finished, cleaned result (its offsets are into the strings
  // returned), changes none of its fields; it copies by property descriptors, so the lazy fields stay lazy
  const matching = resolveMatching(o.matching);
  const finished = matching === null ? clean : withMatching(clean, matching);
  // not enumerable: spreading or copying a result does not copy it
  return { page: Object.defineProperty(finished, 'toJSON', { value: compactJson, enumerable: false }) as PageResult, doc };
}

/** The fields of a {@link PageResult} computed in `extract()` itself (the structured content is rendered on first read). */
type EagerResult = Omit<PageResult, 'toJSON' | 'contentHtml' | 'images'>;

/** `PageResult.toJSON`: the record of every field. */
function compactJson(this: PageResult): Record<string, unknown> {
  return toRecord(this, RECORD_FIELDS);
}

/**
 * The result with every string but the normalized HTML passed through `cleanText`: numeric references
 * (`&#1;`) and JSON-LD escapes (`\u0000`, `\ud800`) can still put controls and lone surrogates into
 * text after normalize cleaned the source. Counted in a `control-characters-output` diagnostic.
 */
function withCleanStrings(result: EagerResult): EagerResult {
  const { normalized, timings, ...rest } = result;
  const counts: CleanTextCounts = { controls: 0, surrogates: 0 };
  const cleaned = cleanStrings(rest, counts);
  if (cleaned === rest) return result;
  const removed = diagnostic('control-characters-output', `${counts.controls} control character(s) removed and ${counts.surrogates} lone surrogate(s) replaced in the output text (from character references or JSON-LD escapes)`, 'warning', { ...counts });
  return { ...cleaned, diagnostics: [...cleaned.diagnostics, removed], normalized, timings };
}
