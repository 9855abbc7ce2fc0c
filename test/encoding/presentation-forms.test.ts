import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  foldPresentationForms,
  getPresentationFormBase,
  getPresentationFormKind,
  isPresentationFormBlock,
} from '../../src/encoding/presentation-forms.js';
import { PRESENTATION_FORM_ROWS } from '../../src/encoding/presentation-forms-table.js';
// @ts-expect-error — plain .mjs generator without declarations
import { JSON_PATH, TS_PATH, renderPresentationForms } from '../../charsets/build-presentation-forms.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('foldPresentationForms', () => {
  it.each([
    ['isolated/final/initial/medial of sheen', '\uFEB5\uFEB6\uFEB7\uFEB8', 'شششش', 4],
    ['lam-alef ligature → two letters', '\uFEFB', 'لا', 1],
    ['lam-alef with hamza above → lam + composed alef-hamza', '\uFEF7', 'لأ', 1],
    ['Uyghur ۇ forms', '\uFBD7\uFBD8', 'ۇۇ', 2],
    ['Uyghur ې forms', '\uFBE4\uFBE5\uFBE6\uFBE7', 'ېېېې', 4],
    ['Uyghur ى initial/medial', '\uFBE8\uFBE9', 'ىى', 2],
    ['Uyghur ڭ and ھ', '\uFBD3\uFBAA', 'ڭھ', 2],
    ['Uyghur hamza ligature ئا', '\uFBEA', 'ئا', 1],
    ['ە has no forms and stays', 'ە', 'ە', 0],
    ['heh isolated folds to ه by default', '\uFEE9', 'ه', 1],
    ['allah ligature', '\uFDF2', 'الله', 1],
    ['full-width digits and CJK punctuation stay', '１２３，。「」', '１２３，。「」', 0],
    ['Latin ligatures stay', 'ﬁﬂ', 'ﬁﬂ', 0],
    ['BOM U+FEFF stays', '\uFEFF', '\uFEFF', 0],
    ['ornate parenthesis (no decomposition) stays', '\uFD3E', '\uFD3E', 0],
    ['empty', '', '', 0],
  ])('%s', (_name, input, text, count) => {
    expect(foldPresentationForms(input)).toEqual({ text, count });
  });

  it('hehAsAe maps the heh isolated/final forms to ە and leaves initial/medial heh alone', () => {
    expect(foldPresentationForms('\uFEE9\uFEEA\uFEEB', { hehAsAe: true })).toEqual({ text: 'ەەه', count: 3 });
  });

  it('after folding, no code point of the two blocks with a decomposition remains (every block code point)', () => {
    let all = '';
    for (let cp = 0xfb50; cp <= 0xfdff; cp++) all += String.fromCharCode(cp);
    for (let cp = 0xfe70; cp <= 0xfeff; cp++) all += String.fromCharCode(cp);
    const { text } = foldPresentationForms(all);
    for (const ch of text) expect(ch.normalize('NFKC') === ch || !isPresentationFormBlock(ch.codePointAt(0) as number)).toBe(true);
  });

  it('agrees with NFKC on the blocks and is the identity outside them (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const { text } = foldPresentationForms(s);
        let expected = '';
        for (const ch of s) {
          const cp = ch.codePointAt(0) as number;
          expected += isPresentationFormBlock(cp) ? ch.normalize('NFKC') : ch;
        }
        expect(text).toBe(expected);
      }),
    );
  });

  it('is idempotent on its output and does not change its input (property)', () => {
    const forms = PRESENTATION_FORM_ROWS.map(([cp]) => String.fromCharCode(cp));
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...forms), fc.string({ maxLength: 3 }))), (parts) => {
        const input = parts.join('');
        const copy = `${input}`;
        const once = foldPresentationForms(input).text;
        expect(foldPresentationForms(once)).toEqual({ text: once, count: 0 });
        expect(input).toBe(copy);
      }),
    );
  });

  it('exposes base and positional form', () => {
    expect(getPresentationFormBase(0xfeb7)).toBe('ش');
    expect(getPresentationFormKind(0xfeb7)).toBe('initial');
    expect(getPresentationFormKind(0xfefb)).toBeUndefined();
    expect(getPresentationFormBase(0x0634)).toBeUndefined();
  });
});

describe('charsets/presentation-forms.json', () => {
  const committed = JSON.parse(readFileSync(path.join(ROOT, 'charsets/presentation-forms.json'), 'utf8'));
  const fresh = renderPresentationForms() as { json: string; ts: string };

  it('has a provenance header naming Unicode and ICU versions', () => {
    expect(committed.source).toMatch(/^Unicode \d+\.\d+ character data as compiled into ICU/);
    expect(committed.generatedBy).toBe('charsets/build-presentation-forms.mjs');
    expect(committed.count).toBe(committed.mappings.length);
    expect(JSON_PATH).toBe(path.join(ROOT, 'charsets/presentation-forms.json'));
  });

  it('regenerates without drift (mappings always; header and TS file when the Unicode/ICU versions match)', () => {
    const regenerated = JSON.parse(fresh.json);
    expect(regenerated.mappings).toEqual(committed.mappings);
    if (committed.unicode === process.versions.unicode && committed.icu === process.versions.icu) {
      expect(fresh.json).toBe(readFileSync(JSON_PATH, 'utf8'));
      expect(fresh.ts).toBe(readFileSync(TS_PATH, 'utf8'));
    }
  });

  it('the TypeScript table holds the same rows as the JSON', () => {
    const fromJson = committed.mappings.map((m: { cp: string; to: string; form: string | null }) => [
      Number.parseInt(m.cp, 16),
      String.fromCodePoint(...m.to.split(' ').map((h) => Number.parseInt(h, 16))),
      m.form,
    ]);
    expect(PRESENTATION_FORM_ROWS.map((r) => [...r])).toEqual(fromJson);
  });

  let python: string | null = null;
  try {
    python = execFileSync('python3', ['-c', 'import unicodedata; print(unicodedata.unidata_version)'], { encoding: 'utf8' }).trim();
  } catch {
    python = null; // no python3: the cross-check below is skipped with a message
  }
  describe.skipIf(python === null)('derived positional forms vs Python unicodedata decomposition tags (skipped when python3 is absent)', () => {
    it('every form matches its <isolated>/<final>/<initial>/<medial> tag', () => {
      const script = [
        'import json, sys, unicodedata',
        'rows = json.load(sys.stdin)["mappings"]',
        'out = {}',
        'for r in rows:',
        '    d = unicodedata.decomposition(chr(int(r["cp"], 16)))',
        '    if d: out[r["cp"]] = d.split()[0].strip("<>")',
        'print(json.dumps(out))',
      ].join('\n');
      const tags = JSON.parse(execFileSync('python3', ['-c', script], { input: JSON.stringify(committed), encoding: 'utf8' })) as Record<string, string>;
      let compared = 0;
      for (const m of committed.mappings as { cp: string; form: string | null }[]) {
        if (m.form === null || tags[m.cp] === undefined) continue;
        expect([m.cp, tags[m.cp]]).toEqual([m.cp, m.form]);
        compared++;
      }
      expect(compared).toBe(PRESENTATION_FORM_ROWS.filter((r) => r[2] !== null).length);
    });
  });
});
