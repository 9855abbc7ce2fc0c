/**
 * A content problem noticed while processing a page (never an exception).
 * `code` is kebab-case and stable, e.g. `no-main-content`, `undecodable-bytes`.
 * @category Diagnostics
 */
export interface Diagnostic {
  /** Stable kebab-case code. */
  readonly code: string;
  /** Human-readable explanation. */
  readonly message: string;
  /** `info` for facts, `warning` for things that may have hurt the result. */
  readonly severity: 'info' | 'warning';
  /** Optional structured facts. */
  readonly details?: Readonly<Record<string, unknown>>;
}

/** Builds a {@link Diagnostic}. */
export function diagnostic(
  code: string,
  message: string,
  severity: Diagnostic['severity'] = 'warning',
  details?: Record<string, unknown>,
): Diagnostic {
  return details ? { code, message, severity, details } : { code, message, severity };
}
