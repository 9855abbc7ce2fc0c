/**
 * Option parsing shared by the commands (values arrive as strings from commander).
 * @module
 */
import { InvalidArgumentError } from 'commander';
import { DEFAULT_METADATA_OPTIONS, DEFAULT_NORMALIZE_OPTIONS, getExtractor, type MetadataOptions, type NormalizeOptions } from '../index.js';

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

/** A usage mistake found after parsing (conflicting options, unknown extractor option): exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Parses a non-negative integer (`--jobs 0`, `--retries 0`). */
export function parseCount(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number >= 0');
  return n;
}

/** Collects repeated `--option key=value` into a list of `[key, value]`. */
export function collectOption(value: string, previous: readonly [string, string][] = []): [string, string][] {
  const eq = value.indexOf('=');
  if (eq <= 0) throw new InvalidArgumentError(`expected key=value, got "${value}"`);
  return [...previous, [value.slice(0, eq).trim(), value.slice(eq + 1)]];
}

function convertOption(key: string, text: string, example: unknown, flag = '--option'): unknown {
  const fail = (what: string): never => { throw new UsageError(`${flag} ${key}=${text}: expected ${what} (default: ${JSON.stringify(example)})`); };
  if (typeof example === 'number') {
    const n = Number(text);
    return text.trim() !== '' && Number.isFinite(n) ? n : fail('a number');
  }
  if (typeof example === 'boolean') return text === 'true' ? true : text === 'false' ? false : fail('true or false');
  if (typeof example === 'string') return text;
  try {
    const value = JSON.parse(text) as unknown;
    if (Array.isArray(example) !== Array.isArray(value) || typeof value !== typeof example) fail(`JSON like the default`);
    return value;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    return fail('JSON');
  }
}

/**
 * The extractor options of `--option key=value` pairs, each checked against the algorithm's
 * defaults (unknown keys refused, values converted to the default's type: number, true/false,
 * string, or JSON for lists and objects).
 * @throws UsageError for an unknown key or a value of the wrong type.
 */
export function extractorOptionsOf(algorithm: string, pairs: readonly (readonly [string, string])[]): Record<string, unknown> {
  const defaults = getExtractor(algorithm).defaults as Readonly<Record<string, unknown>>;
  const out: Record<string, unknown> = {};
  for (const [key, text] of pairs) {
    if (!Object.hasOwn(defaults, key)) {
      throw new UsageError(`--option ${key}: "${algorithm}" has no option "${key}" (known: ${Object.keys(defaults).join(', ')})`);
    }
    out[key] = convertOption(key, text, defaults[key]);
  }
  return out;
}

/**
 * The metadata options of `--meta-option key=value` pairs, each checked against
 * `DEFAULT_METADATA_OPTIONS` (unknown keys refused, values converted to the default's type).
 * @throws UsageError for an unknown key or a value of the wrong type.
 */
export function metadataOptionsOf(pairs: readonly (readonly [string, string])[]): MetadataOptions {
  const defaults = DEFAULT_METADATA_OPTIONS as Readonly<Record<string, unknown>>;
  const out: Record<string, unknown> = {};
  for (const [key, text] of pairs) {
    if (!Object.hasOwn(defaults, key)) {
      throw new UsageError(`--meta-option ${key}: metadata has no option "${key}" (known: ${Object.keys(defaults).join(', ')})`);
    }
    out[key] = convertOption(key, text, defaults[key], '--meta-option');
  }
  return out as MetadataOptions;
}
