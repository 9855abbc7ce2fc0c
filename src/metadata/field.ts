/**
 * A metadata value together with where it came from (`meta:og:title`, `title`, `h1`, `text`, ...).
 * @category Metadata
 */
export interface Field<T> {
  readonly value: T;
  /** Where the value was found, e.g. `meta:article:published_time`, `html[lang]`, `script`. */
  readonly source: string;
  /** Node id in the analyzed document, when the value came from one element. */
  readonly node?: number;
}

/** Builds a {@link Field}. @category Metadata */
export function field<T>(value: T, source: string, node?: number): Field<T> {
  return node === undefined ? { value, source } : { value, source, node };
}
