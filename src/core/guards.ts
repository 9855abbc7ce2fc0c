/**
 * Argument checks of the public functions: a wrong argument is misuse and throws
 * `MatnError('invalid-argument')` naming the function, never a `TypeError` from deep inside.
 * @module
 */
import { MatnError } from './errors.js';

/** A short name of `value`'s type for messages (`null`, `array`, `number`, ...). */
function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Throws `invalid-argument` unless `value` is a string. */
export function assertString(value: unknown, where: string, what = 'text'): asserts value is string {
  if (typeof value !== 'string') throw new MatnError('invalid-argument', `${where}: ${what} must be a string, got ${typeName(value)}`, { type: typeName(value) });
}

/** Throws `invalid-argument` unless `value` is a Uint8Array (a Buffer is one). */
export function assertBytes(value: unknown, where: string): asserts value is Uint8Array {
  if (!(value instanceof Uint8Array)) throw new MatnError('invalid-argument', `${where}: bytes must be a Uint8Array (e.g. a Buffer), got ${typeName(value)}`, { type: typeName(value) });
}

/**
 * Throws `invalid-argument` unless `value` is an object with every key of `keys` (the shape of a
 * stage's result, e.g. an AnalyzedDocument made by `analyze`).
 */
export function assertShape(value: unknown, keys: readonly string[], where: string, what: string): void {
  if (value === null || typeof value !== 'object' || keys.some((key) => !(key in value))) {
    throw new MatnError('invalid-argument', `${where}: expected ${what}, got ${typeName(value)}`, { type: typeName(value), expected: keys });
  }
}
