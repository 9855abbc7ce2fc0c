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
  | 'timeout'
  | 'warc-truncated'
  | 'warc-invalid';

/**
 * An error with a stable machine-readable `code` and structured `details`: the shape of
 * {@link MatnError} and of the batch runner's per-page errors, written once.
 * @category Errors
 */
export class CodedError<Code extends string> extends Error {
  /** Stable machine-readable code. */
  readonly code: Code;
  /** Extra structured facts about the failure (sizes, limits, labels). */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(code: Code, message: string, details: Record<string, unknown> = {}, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
    this.details = Object.freeze({ ...details });
  }
}

/**
 * The only exception type matn throws. `code` is stable and meant for programs; `message` for people.
 * @category Errors
 */
export class MatnError extends CodedError<MatnErrorCode> {}

/** True when `value` is a {@link MatnError}, optionally with the given code. */
export function isMatnError(value: unknown, code?: MatnErrorCode): value is MatnError {
  return value instanceof MatnError && (code === undefined || value.code === code);
}
