// Byte fixtures for the charset tests, built from sentences written for these tests.
import { decodeBytes } from '../../src/encoding/iconv.js';

/** Encodes text in a single-byte charset by inverting its decoding table (throws on unmappable characters). */
export function encodeSingleByte(text: string, charset: string): Uint8Array {
  const high = Uint8Array.from({ length: 128 }, (_, i) => 0x80 + i);
  const chars = Array.from(decodeBytes(high, charset).text);
  const inverse = new Map(chars.map((ch, i) => [ch, 0x80 + i]));
  return Uint8Array.from(Array.from(text), (ch) => {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) return code;
    const b = inverse.get(ch);
    if (b === undefined) throw new Error(`cannot encode ${ch} in ${charset}`);
    return b;
  });
}

export const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
export const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) { out.set(p, o); o += p.length; }
  return out;
};
export function utf16(s: string, be: boolean): Uint8Array {
  const out = new Uint8Array(s.length * 2);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out[2 * i + (be ? 0 : 1)] = c >> 8;
    out[2 * i + (be ? 1 : 0)] = c & 0xff;
  }
  return out;
}
export function utf32(s: string, be: boolean): Uint8Array {
  const cps = Array.from(s, (ch) => ch.codePointAt(0)!);
  const out = new Uint8Array(cps.length * 4);
  const view = new DataView(out.buffer);
  cps.forEach((cp, i) => view.setUint32(4 * i, cp, !be));
  return out;
}

export const ARABIC_TEXT = [
  'ذهب أحمد إلى المدرسة صباحا وقرأ درسه مع أصدقائه ثم عاد إلى البيت بعد العصر.',
  'تعتبر هذه المدينة من أجمل المدن في المنطقة بسبب حدائقها الواسعة وشوارعها النظيفة.',
  'نرحب بكم في منتدى الحوار ونتمنى لكم وقتا ممتعا ومفيدا مع جميع الأعضاء الكرام.',
].join(' ');

export const FRENCH_TEXT =
  'Le café était très chaud et la crème brûlée délicieuse; nous sommes allés à la fenêtre pour regarder la forêt. ' +
  'Où êtes-vous né? À Montréal, près du marché, où l’hiver est long et la neige abondante.';

export const UYGHUR_TEXT = 'بۈگۈن ھاۋا ئوچۇق، بىز باغچىغا بېرىپ چاي ئىچتۇق ۋە كىتاب ئوقۇدۇق.';

/** An HTML page around a body, with an optional `<meta>` (raw tag text). */
export function page(head: string, body: string): string {
  return `<!DOCTYPE html>\n<html><head>${head}<title>t</title></head><body><p>${body}</p></body></html>\n`;
}
