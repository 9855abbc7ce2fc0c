/**
 * What `extract(bytes, { matching: true })` adds: the matching form (`match`) and the checks of the
 * page's body and of each post and comment, each folded and checked in its own language. Runs after
 * extraction and changes nothing else, so extraction figures are the same with it on or off.
 * @module
 */
import { diagnostic, type Diagnostic } from '../core/diagnostics.js';
import { MatnError } from '../core/errors.js';
import { checkText, type CheckOptions, type TextCheck } from './checks.js';
import { foldForMatching, type FoldSteps } from './fold.js';

/**
 * Options of the matching stage (`ExtractOptions.matching`); `true` means all defaults.
 * @category Moderation
 */
export interface MatchingOptions {
  /** Steps of {@link foldForMatching} (the language comes from the page or post). @default every step on */
  readonly fold?: FoldSteps;
  /** Options of {@link checkText} (the language comes from the page or post). @default every check */
  readonly checks?: Omit<CheckOptions, 'lang'>;
}

/**
 * The fields matching adds to a text: its folded form and the checks on it (offsets into its text).
 * @category Moderation
 */
export interface MatchingFields {
  readonly match: string;
  readonly checks: readonly TextCheck[];
}

/** A text with a language: the page body or one post. */
interface Matchable {
  readonly text: string;
  readonly lang: string | null;
}

/** The matching options `ExtractOptions.matching` stands for, or null when matching is off. */
export function resolveMatching(value: boolean | MatchingOptions | undefined): MatchingOptions | null {
  if (value === undefined || value === false) return null;
  if (value === true) return {};
  if (typeof value !== 'object' || value === null) throw new MatnError('invalid-argument', 'extract: matching must be a boolean or an options object');
  for (const key of Object.keys(value)) {
    if (key !== 'fold' && key !== 'checks') throw new MatnError('invalid-argument', `extract: unknown matching option "${key}"`, { option: key });
  }
  return value;
}

/** `match` and `checks` of one text. */
export function matchingFields(item: Matchable, options: MatchingOptions): MatchingFields {
  return {
    match: foldForMatching(item.text, { ...options.fold, lang: item.lang }).text,
    checks: checkText(item.text, { ...options.checks, lang: item.lang }),
  };
}

/**
 * A diagnostic summing up the checks of one text, or null when there are none. Its details hold
 * each finding's kind and offsets (`spans`, into that text), so a diagnostics reader can point at
 * them without reading `checks`.
 */
export function checksDiagnostic(checks: readonly TextCheck[], where: { list: 'body' | 'posts' | 'comments'; index?: number }): Diagnostic | null {
  if (checks.length === 0) return null;
  const kinds = [...new Set(checks.map((c) => c.kind))];
  const name = where.index === undefined ? where.list : `${where.list}[${where.index}]`;
  return diagnostic('text-checks', `${name}: ${checks.length} finding(s): ${kinds.join(', ')}`, 'warning', {
    ...where, kinds, count: checks.length, spans: checks.map((c) => ({ kind: c.kind, start: c.start, end: c.end })),
  });
}

/**
 * A copy of `item` with `fields` added, made from its property descriptors rather than by spreading:
 * a lazily computed field (a getter) stays lazy and a non-enumerable one stays there, so matching
 * never forces or drops what the pipeline chose to compute on demand.
 */
function withFields<T extends object, F extends object>(item: T, fields: F): T & F {
  return Object.defineProperties({}, { ...Object.getOwnPropertyDescriptors(item), ...Object.getOwnPropertyDescriptors(fields) }) as T & F;
}

/**
 * Adds `match` and `checks` to the body and to every post and comment of `page`, with one
 * `text-checks` diagnostic per text that has findings.
 */
export function withMatching<P extends { readonly body: string; readonly lang: string | null; readonly posts: readonly Q[]; readonly comments: readonly Q[]; readonly diagnostics: readonly Diagnostic[] }, Q extends { readonly text: string; readonly lang: string | null }>(
  page: P,
  options: MatchingOptions,
): P & MatchingFields {
  const diagnostics = [...page.diagnostics];
  const body = matchingFields({ text: page.body, lang: page.lang }, options);
  const bodyDiagnostic = checksDiagnostic(body.checks, { list: 'body' });
  if (bodyDiagnostic) diagnostics.push(bodyDiagnostic);
  const matchList = (list: 'posts' | 'comments') => page[list].map((post, index) => {
    const fields = matchingFields(post, options);
    const d = checksDiagnostic(fields.checks, { list, index });
    if (d) diagnostics.push(d);
    return withFields(post, fields);
  });
  const posts = matchList('posts');
  const comments = matchList('comments');
  return withFields(page, { ...body, posts, comments, diagnostics });
}
