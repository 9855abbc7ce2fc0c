import { describe, expect, it, vi } from 'vitest';

/** How many domhandler trees were started (every domhandler node matn makes comes from a handler's tree). */
const built = vi.hoisted(() => ({ handlers: 0 }));

vi.mock('domhandler', async (importOriginal) => {
  const original = await importOriginal<typeof import('domhandler')>();
  class CountingDomHandler extends original.DomHandler {
    constructor(...args: ConstructorParameters<typeof original.DomHandler>) {
      super(...args);
      built.handlers++;
    }
  }
  return { ...original, DomHandler: CountingDomHandler };
});

const { extract } = await import('../src/pipeline.js');
const { analyze } = await import('../src/analysis/analyze.js');
const { normalize } = await import('../src/encoding/normalize.js');
const { ALGORITHMS } = await import('../src/extractors/registry.js');
const { parseHtml } = await import('../src/dom/parse.js');

const PAGE =
  '<html lang="ug"><head><title>خەۋەر | بېكەت</title><meta name="author" content="ئالىم"></head><body><nav><a href="/">باش بەت</a></nav>' +
  '<article><h1>خەۋەر</h1><p class="byline">By Ann Lee, 2024-03-05</p><p>بۇ بىرىنچى ئابزاس، ئۇزۇنراق بىر جۈملە بىلەن يېزىلدى.</p>' +
  '<p>Второй абзац: немного текста, <a href="/x">ссылка</a>. 第三段，中文的句子。</p><img src="/a.png" alt="a"></article>' +
  '<div class="comments"><div class="comment"><span class="author">Bob</span> <time datetime="2024-03-06">March 6</time><p>Nice.</p></div>' +
  '<div class="comment"><span class="author">Eve</span> <time datetime="2024-03-07">March 7</time><p>Thanks.</p></div></div>' +
  '<footer>© 2024</footer></body></html>';

describe('domhandler nodes are made on request only', () => {
  it('the counting handler sees the trees parseHtml makes (the test can fail)', () => {
    const before = built.handlers;
    parseHtml('<p>x</p>');
    expect(built.handlers).toBe(before + 1);
  });

  it.each(ALGORITHMS)('extract() with %s makes no domhandler tree, structured content and every field read included', (algorithm) => {
    const before = built.handlers;
    const page = extract(PAGE, { algorithm });
    // read every field, the lazily rendered ones too
    expect(JSON.stringify(page)).toContain('"title"');
    void page.contentHtml;
    void page.images;
    for (const post of [...page.posts, ...page.comments]) void post.contentHtml;
    expect(built.handlers).toBe(before);
  });

  it('an analysis makes its domhandler tree once, on the first read of root or index.nodes, in id order', () => {
    const doc = analyze(normalize(PAGE));
    const before = built.handlers;
    expect(doc.index.size).toBeGreaterThan(10);
    expect(built.handlers).toBe(before);
    const root = doc.root;
    expect(built.handlers).toBe(before + 1);
    expect(doc.index.nodes[0]).toBe(root);
    expect(doc.root).toBe(root);
    expect(built.handlers).toBe(before + 1);
    const title = doc.index.tag.indexOf('title');
    expect((doc.index.nodes[title] as { name?: string }).name).toBe('title');
  });
});
