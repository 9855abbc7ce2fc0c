/**
 * Hostile inputs for the fuzz properties (`test/fuzz.test.ts`, `npm run fuzz`): random bytes,
 * random strings with controls and lone surrogates, and HTML assembled from pieces that have broken
 * things before (numeric references to controls, JSON-LD escapes, UTF-16 BOMs, deep nesting).
 */
import fc from 'fast-check';
import { EXTRACT_FIELDS } from '../../src/runner/record.js';
import { extractRecord } from '../../src/runner/record.js';
import { isMatnError, type MatnErrorCode } from '../../src/core/errors.js';
import { extract, type ExtractOptions } from '../../src/pipeline.js';
import { findUncleanStrings } from './unclean.js';

/** What the normalized HTML must not hold: C0 controls but HTML whitespace, lone surrogates. */
const UNCLEAN_SOURCE_RE = /[\x00-\x08\x0B\x0E-\x1F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Every documented MatnError code (docs/limits.md). */
export const DOCUMENTED_CODES: ReadonlySet<MatnErrorCode> = new Set<MatnErrorCode>([
  'invalid-argument', 'input-too-large', 'not-text', 'unknown-algorithm', 'unsupported-encoding', 'io-error', 'fetch-error', 'timeout',
]);

const PIECES = [
  '<html>', '<head>', '<title>', '</title>', '<body>', '<div>', '</div>', '<p>', '</p>', '<br>', '<a href="/x">', '</a>',
  '<article>', '<h1>', '</h1>', '<span class="author">', '<time datetime="2024-02-03">', '</time>', '<table><tr><td>',
  '<meta name="author" content="A&#1;B">', '<meta charset="utf-16">', '<meta charset="windows-1256">', '&#0;', '&#1;', '&#x7;',
  '&#xD800;', '&#13;', '&amp;', '&#1588;', '\u0000', '\u0001', '\u001B', '\r', '\f', '\uD800', '\uDFFF', '\uFEFF', '\u200F',
  '<script type="application/ld+json">{"@type":"NewsArticle","headline":"H\\u0000\\ud800","author":{"name":"B\\u0002"}}</script>',
  '<script>var x="<p>";</script>', '<style>p{}</style>', '<!--', '-->', '<![CDATA[', '<svg>', '<math>', '<form>', '<textarea>',
  'Salam dunya ', 'سالام دۇنيا ', '你好，世界。', 'Привет, мир. ', 'Posted by Ann on 2024-01-02 ', '2 hours ago ', 'Reply ', 'Quote ',
];

/** HTML made of {@link PIECES} and random text. */
const htmlPieces = fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'binary', maxLength: 12 })), { maxLength: 80 }).map((parts) => parts.join(''));

/** Any input `extract` may be given: random bytes, random strings, piecewise HTML as a string, as UTF-8, UTF-16LE or UTF-16BE bytes. */
export const hostileInput: fc.Arbitrary<Uint8Array | string> = fc.oneof(
  fc.uint8Array({ maxLength: 4000 }),
  fc.string({ unit: 'binary', maxLength: 400 }),
  htmlPieces,
  htmlPieces.map((s) => new Uint8Array(Buffer.from(s, 'utf8'))),
  htmlPieces.map((s) => new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(s, 'utf16le')]))),
  htmlPieces.map((s) => new Uint8Array(Buffer.from(s, 'utf16le').swap16())).map((b) => new Uint8Array([0xfe, 0xff, ...b])),
);

/** Options to vary: every algorithm, and a few normalize settings. */
export const hostileOptions: fc.Arbitrary<ExtractOptions> = fc.record({
  algorithm: fc.constantFrom('auto', 'correlated', 'line-blocks', 'text-blocks', 'density', 'segmentation'),
  normalize: fc.record({ stripInvisible: fc.boolean(), defaultCharset: fc.constantFrom('windows-1252', 'gbk', 'utf-8', 'windows-1256') }),
});

/** What one case gave: `ok`, or the error code, and the unclean strings found (must be none). */
export interface FuzzOutcome {
  readonly result: 'ok' | MatnErrorCode;
  readonly unclean: readonly string[];
}

/**
 * Runs `extract` and builds the CLI record of every field; a thrown error must be a MatnError with a
 * documented code (anything else is rethrown).
 */
export function runCase(input: Uint8Array | string, options: ExtractOptions): FuzzOutcome {
  try {
    const page = extract(input, options);
    const { normalized, ...rest } = page;
    // the normalized HTML keeps the HTML whitespace controls (tab, LF, FF, CR) for the parser
    const source = UNCLEAN_SOURCE_RE.test(normalized.html) ? [normalized.html.slice(0, 200)] : [];
    const record = JSON.parse(JSON.stringify(extractRecord({ id: 'fuzz' }, page, EXTRACT_FIELDS))) as unknown;
    return { result: 'ok', unclean: [...source, ...findUncleanStrings(rest), ...findUncleanStrings(record)] };
  } catch (error) {
    if (isMatnError(error) && DOCUMENTED_CODES.has(error.code)) return { result: error.code, unclean: [] };
    throw error;
  }
}
