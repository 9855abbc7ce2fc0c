/**
 * The inputs {@link extract} takes in hand: a string, or bytes as a Uint8Array (a Buffer is one),
 * an ArrayBuffer or any other ArrayBuffer view. Bytes are never copied, only viewed.
 * @module
 */
import { MatnError } from './errors.js';

/**
 * A page as text or bytes.
 * @category Pipeline
 */
export type ExtractInput = string | Uint8Array | ArrayBuffer | ArrayBufferView;

/**
 * `input` as a string or a Uint8Array view of the same bytes.
 * @throws MatnError `invalid-argument` for anything else.
 * @category Pipeline
 */
export function toTextOrBytes(input: ExtractInput, caller: string): string | Uint8Array {
  if (typeof input === 'string' || input instanceof Uint8Array) return input;
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  throw new MatnError('invalid-argument', `${caller}: input must be a string, a Uint8Array (e.g. a Buffer), an ArrayBuffer or an ArrayBuffer view; for a Response or a stream use extractFrom()`, { type: typeof input });
}
