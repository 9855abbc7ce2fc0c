/**
 * Reading a labeled corpus (format in docs/corpus-format.md) from text, and turning extraction
 * results into prediction records. No file-system access here: callers read the files.
 * @module
 */
import { MatnError } from '../core/errors.js';
import { extract, type ExtractOptions, type PageResult } from '../pipeline.js';
import type { PostRecord, PredictionRecord, TruthRecord } from './types.js';

/** A line that is only whitespace (skipped, as score.py does). */
const BLANK_LINE = /^\s*$/;

/**
 * Parses JSON Lines (`truth.jsonl` or a prediction file); blank lines are skipped.
 * @throws MatnError `invalid-argument` naming the first line that is not a JSON object.
 * @category Evaluation
 */
export function parseJsonLines<T = Record<string, unknown>>(text: string, what = 'jsonl'): T[] {
  const out: T[] = [];
  text.split('\n').forEach((line, i) => {
    if (BLANK_LINE.test(line)) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new MatnError('invalid-argument', `${what} line ${i + 1}: ${(error as Error).message}`, { line: i + 1 }, { cause: error });
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new MatnError('invalid-argument', `${what} line ${i + 1}: expected a JSON object`, { line: i + 1 });
    }
    out.push(value as T);
  });
  return out;
}

/**
 * Parses a corpus's `truth.jsonl`.
 * @throws MatnError `invalid-argument` for a bad line or a record without `id`.
 * @category Evaluation
 */
export function parseTruth(text: string): TruthRecord[] {
  const records = parseJsonLines<TruthRecord>(text, 'truth.jsonl');
  records.forEach((r, i) => {
    if (typeof r.id !== 'string' && typeof r.id !== 'number') {
      throw new MatnError('invalid-argument', `truth.jsonl record ${i + 1} has no "id"`, { record: i + 1 });
    }
  });
  return records;
}

/**
 * The page file of a truth record, relative to the corpus directory: its `file`, else `pages/<id>.html`.
 * @category Evaluation
 */
export function pageFileOf(truth: TruthRecord): string {
  return typeof truth.file === 'string' && truth.file !== '' ? truth.file : `pages/${String(truth.id)}.html`;
}

function postRecord(post: { author: string | null; date: string | null; text: string }): PostRecord {
  // quotations are passed on when an extractor gives them (score.py scores them as posts.quotes_*)
  const quotes = (post as { quotes?: unknown }).quotes;
  return Array.isArray(quotes)
    ? { author: post.author, date: post.date, text: post.text, quotes: quotes as PostRecord['quotes'] }
    : { author: post.author, date: post.date, text: post.text };
}

/**
 * The prediction record of an extraction result (the fields `matn extract` prints and score.py reads).
 * @category Evaluation
 */
export function predictionOf(id: string, page: PageResult): PredictionRecord {
  return {
    id,
    title: page.title,
    author: page.author,
    date: page.date,
    lang: page.lang,
    body: page.body,
    posts: page.posts.map(postRecord),
    comments: page.comments.map(postRecord),
    encoding: page.encoding,
  };
}

/**
 * Extracts one page and returns its prediction; a page that throws gives `{id, error: {code, message}}`
 * (counted by the `errors` metric, with the sniffed `encoding` when the error names one, as
 * `matn extract` prints it) instead of stopping the evaluation.
 * @category Evaluation
 */
export function predictPage(id: string, bytes: Uint8Array, options?: ExtractOptions): PredictionRecord {
  try {
    return predictionOf(id, extract(bytes, options));
  } catch (error) {
    const code = error instanceof MatnError ? error.code : 'internal-error';
    // as `matn extract` does: a page refused as not text still had its bytes sniffed (encoding.acc counts it)
    const charset = error instanceof MatnError ? error.details.charset : undefined;
    return {
      id, ...(typeof charset === 'string' ? { encoding: charset } : {}),
      error: { code, message: error instanceof Error ? error.message : String(error) },
    };
  }
}
