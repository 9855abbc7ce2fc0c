/**
 * A small test-only Arabic-script shaper built from our generated table, for round trips of Uyghur text
 * (arabic-reshaper does not know ۇ ۆ ۈ ۋ ې ى ڭ ھ). Joining types follow the corpus README's rule: a
 * letter with an initial or medial form is dual-joining (D), one with only isolated/final forms is
 * right-joining (R), ە U+06D5 is right-joining without forms, tatweel joins both ways (C), marks are
 * transparent, everything else does not join (U). Lam + alef becomes the lam-alef ligature.
 */
import { PRESENTATION_FORM_ROWS, type PresentationFormKind } from '../../src/encoding/presentation-forms-table.js';

type JoiningType = 'D' | 'R' | 'C' | 'T' | 'U';
type Forms = Partial<Record<PresentationFormKind, string>>;

const FORMS = new Map<string, Forms>();
const LAM_ALEF = new Map<string, [isolated: string, final: string]>();
for (const [cp, to, form] of PRESENTATION_FORM_ROWS) {
  if (cp < 0xfe70 && cp >= 0xfc00) continue; // ligature area of Forms-A: not used for shaping
  if (form !== null) {
    const forms = FORMS.get(to) ?? {};
    forms[form] ??= String.fromCharCode(cp);
    FORMS.set(to, forms);
  } else if (to.length === 2 && to[0] === '\u0644' && cp >= 0xfef5) {
    const pair = LAM_ALEF.get(to[1]);
    if (pair === undefined) LAM_ALEF.set(to[1], [String.fromCharCode(cp), '']);
    else pair[1] = String.fromCharCode(cp);
  }
}

const MARK_RE = /^\p{M}$/u;

function joiningType(ch: string): JoiningType {
  if (ch === '\u0640' || ch === '\u200D') return 'C';
  if (MARK_RE.test(ch)) return 'T';
  if (ch === '\u06D5') return 'R';
  const forms = FORMS.get(ch);
  if (forms === undefined || ch.charCodeAt(0) < 0x0600 || ch.charCodeAt(0) > 0x06ff) return 'U';
  if (forms.initial !== undefined || forms.medial !== undefined) return 'D';
  return forms.final !== undefined ? 'R' : 'U';
}

/** Shapes base-form Arabic-script text into presentation forms (visual shaping, logical order kept). */
export function shape(text: string): string {
  const chars = [...text];
  const types = chars.map(joiningType);
  const neighbour = (i: number, step: 1 | -1): JoiningType => {
    for (let j = i + step; j >= 0 && j < chars.length; j += step) if (types[j] !== 'T') return types[j];
    return 'U';
  };
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    const type = types[i];
    const prev = neighbour(i, -1);
    const joinsPrev = (type === 'D' || type === 'R' || type === 'C') && (prev === 'D' || prev === 'C');
    const nextIndex = i + 1;
    const lamAlef = ch === '\u0644' ? LAM_ALEF.get(chars[nextIndex] ?? '') : undefined;
    if (lamAlef !== undefined) {
      out += joinsPrev ? lamAlef[1] : lamAlef[0];
      i++;
      continue;
    }
    const next = neighbour(i, 1);
    const joinsNext = (type === 'D' || type === 'C') && (next === 'D' || next === 'R' || next === 'C');
    const forms = FORMS.get(ch);
    const form: PresentationFormKind = joinsPrev && joinsNext ? 'medial' : joinsPrev ? 'final' : joinsNext ? 'initial' : 'isolated';
    out += (type === 'D' || type === 'R' || type === 'U') && forms !== undefined ? (forms[form] ?? forms.isolated ?? ch) : ch;
  }
  return out;
}

/** Writes every non-ASCII character as a decimal numeric character reference, as legacy Uyghur sites did. */
export function encodeReferences(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    out += cp < 0x80 ? ch : `&#${cp};`;
  }
  return out;
}
