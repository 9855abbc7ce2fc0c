/**
 * Every code a {@link Diagnostic} can have (kebab-case, stable). A new diagnostic adds its code here.
 * @category Diagnostics
 */
export type DiagnosticCode =
  // normalize
  | 'empty-input' | 'undecodable-bytes' | 'unsupported-charset' | 'charset-override' | 'control-characters' | 'lone-surrogates'
  | 'invalid-utf8' | 'mixed-charset' | 'charset-islands'
  // parse and analyze
  | 'nesting-flattened'
  // extractors
  | 'no-main-content' | 'main-block' | 'noise-removed' | 'long-lines-cut' | 'list-page' | 'list-chunks-dropped'
  | 'template-chunks-dropped' | 'template-miss' | 'page-kind' | 'thread-not-main'
  // metadata and pipeline
  | 'no-title' | 'empty-page' | 'opening-post-not-on-page' | 'post-bidi-override' | 'relative-date-unresolved'
  | 'control-characters-output'
  // moderation (opt-in `matching` stage, docs/moderation.md)
  | 'text-checks';

/**
 * A content problem noticed while processing a page (never an exception).
 * `code` is kebab-case and stable, e.g. `no-main-content`, `undecodable-bytes`.
 * @category Diagnostics
 */
export interface Diagnostic {
  /** Stable kebab-case code. */
  readonly code: DiagnosticCode;
  /** Human-readable explanation. */
  readonly message: string;
  /** `info` for facts, `warning` for things that may have hurt the result. */
  readonly severity: 'info' | 'warning';
  /** Optional structured facts. */
  readonly details?: Readonly<Record<string, unknown>>;
}

/** Builds a {@link Diagnostic}. */
export function diagnostic(
  code: DiagnosticCode,
  message: string,
  severity: Diagnostic['severity'] = 'warning',
  details?: Record<string, unknown>,
): Diagnostic {
  return details ? { code, message, severity, details } : { code, message, severity };
}
