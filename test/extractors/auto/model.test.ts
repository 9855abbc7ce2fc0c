import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import { isMatnError } from '../../../src/core/errors.js';
import { AUTO_MODEL, autoSegmentTable, extractAuto, SEGMENT_FEATURES, type AutoModel } from '../../../src/extractors/auto/index.js';
import { checkModel, keepProbability } from '../../../src/extractors/auto/model.js';
import { asNormalized } from '../../helpers/normalized.js';

const doc = (html: string) => analyze(asNormalized(html));
const N = SEGMENT_FEATURES.length;
const at = (name: string) => SEGMENT_FEATURES.indexOf(name);

const PARAS = [
  'Der Fluss stieg über Nacht um zwei Meter, nachdem es drei Tage lang in den Hügeln oberhalb des Tals geregnet hatte.',
  'Die Händler am Ufer trugen ihre Waren in die oberen Stockwerke, und Freiwillige füllten bis zum Morgen Sandsäcke.',
  'Gegen Mittag sank das Wasser wieder, und der Stadtrat sagte, die neuen Mauern hätten die alte Brücke trocken gehalten.',
];
const MENU = `<ul class="menu">${['Start', 'Welt', 'Sport', 'Kultur', 'Reisen', 'Wetter'].map((w, i) => `<li><a href="/m/${i}">${w}</a></li>`).join('')}</ul>`;
const PAGE = `<html><head><title>Hochwasser</title></head><body>${MENU}<div id="main"><h1>Der Fluss steigt</h1><div class="txt">${PARAS.map((p) => `<p>${p}</p>`).join('')}</div></div>`
  + '<footer><p>Alle Rechte bei der Stadtzeitung.</p></footer></body></html>';

/** A linear-only model: `bias` alone, or one weight on one (unscaled) feature. */
function linear(bias: number, feature?: string, weight = 0): AutoModel {
  const weights = SEGMENT_FEATURES.map((f) => (f === feature ? weight : 0));
  return { features: SEGMENT_FEATURES, bias, threshold: 0.5, weights, mean: new Array(N).fill(0), scale: new Array(N).fill(1) };
}

describe('keepProbability', () => {
  it('is the logistic of the bias plus the standardized linear part', () => {
    const model: AutoModel = { ...linear(-1, 'vote', 2), mean: SEGMENT_FEATURES.map((f) => (f === 'vote' ? 0.5 : 0)), scale: SEGMENT_FEATURES.map((f) => (f === 'vote' ? 0.25 : 1)) };
    const row = new Array(N).fill(0);
    row[at('vote')] = 1; // (1 − 0.5) / 0.25 = 2, z = −1 + 2 × 2 = 3
    expect(keepProbability(model, row)).toBeCloseTo(1 / (1 + Math.exp(-3)), 12);
  });

  it('adds the value of the leaf each tree reaches', () => {
    // one split on logChars at 3: short rows go left (−2), long rows right (+1)
    const tree = { feature: [at('logChars'), -1, -1], cut: [3, 0, 0], left: [1, -1, -1], right: [2, -1, -1], value: [0, -2, 1] };
    const model: AutoModel = { features: SEGMENT_FEATURES, bias: 0.5, threshold: 0.5, trees: [tree, tree] };
    const row = new Array(N).fill(0);
    row[at('logChars')] = 3;
    expect(keepProbability(model, row)).toBeCloseTo(1 / (1 + Math.exp(-(0.5 - 4))), 12);
    row[at('logChars')] = 3.01;
    expect(keepProbability(model, row)).toBeCloseTo(1 / (1 + Math.exp(-(0.5 + 2))), 12);
  });
});

describe('checkModel', () => {
  const codeOf = (model: AutoModel) => {
    try {
      checkModel(model);
      return 'ok';
    } catch (e) {
      return isMatnError(e) ? e.code : 'other';
    }
  };

  it('accepts the shipped model, whose features are the current ones and whose provenance names its corpora', () => {
    expect(codeOf(AUTO_MODEL)).toBe('ok');
    expect(AUTO_MODEL.features).toEqual(SEGMENT_FEATURES);
    expect(AUTO_MODEL.trees?.length).toBeGreaterThan(0);
    expect(AUTO_MODEL.provenance?.corpora).toEqual(expect.arrayContaining(['cleaneval', 'dragnet', 'en-news-scrapinghub']));
  });

  it.each([
    ['another feature list', { ...linear(0), features: [...SEGMENT_FEATURES].reverse() }],
    ['weights of the wrong length', { ...linear(0), weights: [1] }],
    ['a non-finite bias', { ...linear(0), bias: Number.NaN }],
    ['a tree whose child points back to its root (a walk that never ends)', { features: SEGMENT_FEATURES, bias: 0, threshold: 0.5, trees: [{ feature: [0, -1], cut: [0, 0], left: [0, -1], right: [1, -1], value: [0, 0] }] }],
    ['a tree splitting on an unknown feature', { features: SEGMENT_FEATURES, bias: 0, threshold: 0.5, trees: [{ feature: [N, -1, -1], cut: [0, 0, 0], left: [1, -1, -1], right: [2, -1, -1], value: [0, 0, 0] }] }],
  ] as const)('refuses %s with invalid-argument', (_, model) => {
    expect(codeOf(model as AutoModel)).toBe('invalid-argument');
  });

  it('is applied by extractAuto before any work', () => {
    expect(() => extractAuto(doc(PAGE), { model: { ...linear(0), weights: [1] } })).toThrow(/model must name the features/u);
  });
});

describe('extractAuto with a model', () => {
  it('keeps what the model keeps: everything, nothing, or the article under the shipped model', () => {
    const all = extractAuto(doc(PAGE), { model: linear(10) });
    for (const w of ['Start', 'Wetter', 'Alle Rechte', ...PARAS]) expect(all.text).toContain(w);
    const none = extractAuto(doc(PAGE), { model: linear(-10) });
    expect(none.text).toBe('');
    expect(none.kind).toBe('list');
    const shipped = extractAuto(doc(PAGE), { model: AUTO_MODEL });
    for (const p of PARAS) expect(shipped.text).toContain(p);
    expect(shipped.text).not.toContain('Wetter');
  });

  it('keeps exactly the threshold rules\' segments when the model follows their decision (ruleKept)', () => {
    const follow = linear(-5, 'ruleKept', 10); // z = +5 for kept segments, −5 for the others
    expect(extractAuto(doc(PAGE), { model: follow }).text).toBe(extractAuto(doc(PAGE), { model: null }).text);
  });
});

describe('autoSegmentTable', () => {
  it('gives one row per segment with every feature, ruleKept set on the rules\' kept text', () => {
    const rows = autoSegmentTable(doc(PAGE));
    expect(rows.length).toBeGreaterThan(PARAS.length);
    for (const r of rows) expect(r.features).toHaveLength(N);
    const kept = rows.filter((r) => r.features[at('ruleKept')] === 1).map((r) => r.text);
    expect(kept.join('\n')).toBe(extractAuto(doc(PAGE)).text);
    const menu = rows.find((r) => r.text === 'Wetter');
    expect(menu?.features[at('linkDensity')]).toBe(1);
    expect(menu?.features[at('listItem')]).toBe(1);
    expect(rows.find((r) => r.text === 'Der Fluss steigt')?.features[at('headingLevel')]).toBe(1);
  });
});
