/**
 * Stable error codes of {@link MatnError}. Thrown only for misuse and for limits;
 * content problems are reported as {@link Diagnostic}s instead.
 * @category Errors
 */
export type MatnErrorCode =
  | 'invalid-argument'
  | 'input-too-large'
  | 'not-text'
  | 'unknown-algorithm'
  | 'unsupported-encoding'
  | 'io-error'
  | 'fetch-error'
  | 'timeout';

/**
 * The only exception type matn throws. `code` is stable and meant for programs; `message` for people.
 * @category Errors
 */
export class MatnError extends Error {
  /** Stable machine-readable code. */
  readonly code: MatnErrorCode;
  /** Extra structured facts about the failure (sizes, limits, labels). */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(code: MatnErrorCode, message: string, details: Record<string, unknown> = {}, options?: ErrorOptions) {
    super(message, options);
    this.name = 'MatnError';
    this.code = code;
    this.details = Object.freeze({ ...details });
  }
}

/** True when `value` is a {@link MatnError}, optionally with the given code. */
export function isMatnError(value: unknown, code?: MatnErrorCode): value is MatnError {
  return value instanceof MatnError && (code === undefined || value.code === code);
}
