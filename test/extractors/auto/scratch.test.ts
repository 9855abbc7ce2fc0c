import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import { NodeKind, type AnalyzedDocument } from '../../../src/analysis/types.js';
import { markFurniture } from '../../../src/extractors/auto/cleanup.js';
import { FURNITURE_TAGS, FURNITURE_TOKENS, nodeTokens } from '../../../src/vocabulary/page-tokens.js';
import { normalize } from '../../../src/encoding/normalize.js';
import { extractAuto } from '../../../src/extractors/auto/index.js';
import { arbitraryPage } from '../../helpers/arbitrary-page.js';
import { dirtyArrays, readsUnderPoison } from '../../helpers/dirty-scratch.js';

// Sentences of our own, for the paragraphs of the generated articles.
const SENTENCES = [
  'The ferry left the harbour at dawn with forty passengers and timber for the island school.',
  'پاراخوت تاڭ سەھەردە پورتتىن ئايرىلدى، ئۇنىڭدا قىرىق يولۇچى بار ئىدى.',
  'غادرت العبارة الميناء عند الفجر وعلى متنها أربعون راكبًا وخشب للمدرسة.',
  'Паром вышел из гавани на рассвете с сорока пассажирами и досками для школы.',
  '渡轮黎明时离开港口，载着四十名乘客和运往岛上学校的木材。',
  'Short line.',
];

/** Blocks an article page is made of: paragraphs, headings, furniture boxes, link lists, a tag line. */
const arbitraryBlock = fc.oneof(
  fc.constantFrom(...SENTENCES).map((s) => `<p>${s}</p>`),
  fc.constantFrom(...SENTENCES).map((s) => `<h2>${s.slice(0, 20)}</h2>`),
  fc.constantFrom('related', 'share-box', 'sidebar widget', 'comment').map((c) => `<div class="${c}"><a href="/a">One</a> <a href="/b">Two</a></div>`),
  fc.constant('<ul><li><a href="/x">Item x</a></li><li><a href="/y">Item y</a></li></ul>'),
  fc.constant('<p>Filed under <a rel="tag" href="/t/boats">boats</a>, <a rel="tag" href="/t/sea">sea</a></p>'),
  arbitraryPage,
);

/** The article's blocks in a plain container, in `<article>`, or beside a body the markup names in two parts around a box. */
function articleBody(blocks: readonly string[], layout: 'plain' | 'article' | 'split', box: string): string {
  const body = blocks.join('');
  if (layout === 'plain') return `<div id="main">${body}</div>`;
  if (layout === 'article') return `<article>${body}</article>`;
  // two short parts and the random blocks beside them: when those hold the most text, the region lies outside the
  // markup body, and the parts join the kept text from outside it (each part's furniture read for the other's lines)
  const part = `<div class="wrap"><div class="story-body">${SENTENCES.slice(0, 4).map((s) => `<p>${s}</p>`).join('')}</div></div>`;
  return `<div id="main">${part}<div class="wrap">${box}</div>${part}</div><div id="other">${body}</div>`;
}

/** A page with navigation, an article body of random blocks (see {@link articleBody}), an aside and a footer. */
const arbitraryArticle = fc
  .tuple(fc.array(arbitraryBlock, { minLength: 1, maxLength: 20 }), fc.constantFrom('plain', 'article', 'split' as const), arbitraryBlock, fc.array(arbitraryBlock, { maxLength: 3 }))
  .map(([blocks, layout, box, aside]) => `<html><head><title>Harbour news</title></head><body><nav><a href="/">Home</a> <a href="/n">News</a></nav>`
    + `${articleBody(blocks, layout, box)}<aside>${aside.join('')}</aside><footer>© 2026 Harbour</footer></body></html>`);

/** What a caller reads of an `auto` result. */
function reading(doc: AnalyzedDocument): unknown {
  const r = extractAuto(doc);
  return {
    text: r.text, kind: r.kind, confidence: r.confidence, diagnostics: r.diagnostics,
    blocks: r.blocks.map((b) => [b.node, b.text, Array.from(b.spans)]),
    posts: r.posts?.map((p) => [p.node, p.author, p.date, p.text]), comments: r.comments?.map((p) => [p.node, p.author, p.text]),
  };
}

/** The `auto` readings of `html`, page scratch poisoned with each byte in turn. */
function readingsUnderPoison(html: string): unknown[] {
  const doc = analyze(normalize(html));
  return readsUnderPoison(() => reading(doc));
}

describe('auto on page scratch', () => {
  it('keeps the same text whatever page scratch holds (every stage writes its scratch arrays before it reads them)', () => {
    let kept = 0;
    fc.assert(
      fc.property(arbitraryArticle, (html) => {
        const [zero, ...dirty] = readingsUnderPoison(html);
        for (const d of dirty) expect(d).toEqual(zero);
        if ((zero as { text: string }).text.length > 0) kept++;
      }),
      { numRuns: 150 },
    );
    // the generated pages keep text often enough that the cleanup's marks are read, not only made
    expect(kept).toBeGreaterThan(50);
  });

  it('marks the same furniture in dirty arrays as in fresh ones, below every region and with bodies exempt', () => {
    fc.assert(
      fc.property(arbitraryArticle, fc.constantFrom(0x01, 0xa5, 0xff), (html, byte) => {
        const doc = analyze(normalize(html));
        const tokens = nodeTokens(doc);
        const [vocabulary, tags] = [new Set(FURNITURE_TOKENS), new Set(FURNITURE_TAGS)];
        const elements = Array.from({ length: doc.index.size }, (_, id) => id).filter((id) => doc.index.kind[id] === NodeKind.Element);
        for (const region of [0, ...elements]) {
          const bodies = elements.filter((id) => id > region).slice(-1);
          const fresh = markFurniture(doc, region, tokens, vocabulary, tags, bodies);
          expect(Array.from(markFurniture(doc, region, tokens, vocabulary, tags, bodies, dirtyArrays(byte)))).toEqual(Array.from(fresh));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('reads every bundled page alike on poisoned scratch', () => {
    const dir = join(import.meta.dirname, '../../../corpora/pages');
    for (const name of readdirSync(dir).filter((f) => f.endsWith('.html'))) {
      const [zero, ...dirty] = readingsUnderPoison(readFileSync(join(dir, name), 'latin1'));
      for (const d of dirty) expect(d, name).toEqual(zero);
    }
  });
});
