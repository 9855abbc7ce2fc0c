/**
 * Option parsing shared by the commands (values arrive as strings from commander).
 * @module
 */
import { InvalidArgumentError } from 'commander';
import { DEFAULT_NORMALIZE_OPTIONS, type NormalizeOptions } from '../index.js';

/** Options every command that reads pages accepts. */
export interface ReadOptions {
  contentType?: string;
  defaultCharset?: string;
  stripInvisible?: boolean;
  maxBytes: number;
}

/** Parses `--max-bytes` (a positive integer). */
export function parseByteCount(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0) throw new InvalidArgumentError('expected a positive integer');
  return n;
}

/** Builds a commander choice parser that accepts exactly `choices`. */
export function oneOf<T extends string>(choices: readonly T[]): (value: string) => T {
  return (value: string): T => {
    if (!(choices as readonly string[]).includes(value)) throw new InvalidArgumentError(`expected one of: ${choices.join(', ')}`);
    return value as T;
  };
}

/** The normalize options selected on the command line (unset ones keep their defaults). */
export function normalizeOptionsOf(options: ReadOptions): NormalizeOptions {
  return {
    ...(options.contentType !== undefined ? { contentType: options.contentType } : {}),
    ...(options.defaultCharset !== undefined ? { defaultCharset: options.defaultCharset } : {}),
    ...(options.stripInvisible ? { stripInvisible: true } : {}),
    maxBytes: options.maxBytes,
  };
}

/** Default of `--max-bytes`: the library's limit. */
export const DEFAULT_MAX_BYTES = DEFAULT_NORMALIZE_OPTIONS.maxBytes;
