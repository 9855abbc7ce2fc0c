import { describe, expect, it, vi } from 'vitest';

/**
 * The compact tree builder and the text blocks work in scratch buffers a process reuses from page to
 * page (`core/buffer-pool.ts`): a result or an analysis a caller keeps must read the same after later
 * pages ran as it did alone. Each run imports the library afresh (`vi.resetModules`), so "alone" starts
 * with empty pools.
 */

type Library = { extract: typeof import('../src/pipeline.js').extract; analyze: typeof import('../src/analysis/analyze.js').analyze;
  normalize: typeof import('../src/encoding/normalize.js').normalize; listTextBlocks: typeof import('../src/analysis/text-blocks.js').listTextBlocks };

async function freshLibrary(): Promise<Library> {
  vi.resetModules();
  const [{ extract }, { analyze }, { normalize }, { listTextBlocks }] = await Promise.all([
    import('../src/pipeline.js'), import('../src/analysis/analyze.js'), import('../src/encoding/normalize.js'), import('../src/analysis/text-blocks.js'),
  ]);
  return { extract, analyze, normalize, listTextBlocks };
}

/** A thread page: an article, then comments with authors, dates and links. */
const THREAD =
  '<html lang="ug"><head><title>يېزا خەۋىرى | تور بەت</title></head><body><nav><a href="/">باش بەت</a> <a href="/n">خەۋەر</a></nav>' +
  '<article><h1>يېزا خەۋىرى</h1><p>بۈگۈن يېزىدا يېڭى مەكتەپ ئېچىلدى، بالىلار ناھايىتى خۇشال بولدى.</p>' +
  '<p>Учитель сказал, что занятия начнутся <a href="/d">в понедельник</a>.</p></article><section class="comments">' +
  ['Ahmet', 'Лена', '李明'].map((name, k) => `<div class="comment"><b class="author">${name}</b> <time datetime="2025-0${k + 1}-0${k + 2}">day ${k}</time><p>رەھمەت، ياخشى خەۋەر ${k}. <a href="/c${k}">link</a></p></div>`).join('') +
  '</section><footer>© 2025</footer></body></html>';

/** A longer article with other tags, so its tree and blocks differ from the thread's at every id. */
const ARTICLE =
  '<html><head><title>Long read</title><meta name="author" content="Mira Chen"></head><body><header><ul><li><a href="/a">A</a></li><li><a href="/b">B</a></li></ul></header><main><h2>Long read</h2>' +
  Array.from({ length: 60 }, (_, k) => `<div><span>Part ${k}:</span> <em>a sentence of its own</em>, with <strong>more words</strong> after it (${k}).</div>`).join('') +
  '</main><aside><a href="/x">x</a></aside></body></html>';

/** Everything a caller can read of a result, lazily rendered fields included; stage timings left out. */
function readAll(page: ReturnType<Library['extract']>): string {
  return JSON.stringify({
    page, contentHtml: page.contentHtml, images: page.images, text: page.extraction.text, blocks: page.extraction.blocks,
    posts: [...page.posts, ...page.comments].map((p) => p.contentHtml),
  }, (key, value: unknown) => (key === 'timings' ? undefined : value));
}

/** Every text block of a table, one record each. */
function blockRows(table: ReturnType<Library['listTextBlocks']>): unknown[] {
  return Array.from({ length: table.length }, (_, k) => table.block(k));
}

/** A kept analysis: its tree, statistics and text blocks. */
function readAnalysis(lib: Library, doc: ReturnType<Library['analyze']>): string {
  const { tree } = doc.index;
  const columns = [tree.kind, tree.tagId, tree.parent, tree.subtreeEnd, tree.depth, tree.payloadStart, tree.payloadEnd];
  const textSources = Array.from({ length: tree.size }, (_, id) => [tree.textSourceStart(id), tree.textSourceEnd(id)]);
  return JSON.stringify({ columns: columns.map((c) => Array.from(c)), textSources, stats: Object.values(doc.stats).map((c) => Array.from(c)), blocks: blockRows(lib.listTextBlocks(doc)) });
}

describe('scratch buffers reused across pages', () => {
  it.each([
    ['the thread, then the longer article', THREAD, ARTICLE],
    ['the longer article, then the thread', ARTICLE, THREAD],
  ])('%s: both results read as they did alone, the first one read after the second ran', async (_, first, second) => {
    const alone = await freshLibrary();
    const firstAlone = readAll(alone.extract(first));
    const firstAnalysisAlone = readAnalysis(alone, alone.analyze(alone.normalize(first)));
    const secondAlone = readAll((await freshLibrary()).extract(second));

    const lib = await freshLibrary();
    const kept = lib.extract(first); // nothing read yet: its lazy fields are rendered below, after the second page
    const keptAnalysis = lib.analyze(lib.normalize(first));
    const secondAfter = readAll(lib.extract(second));
    expect(secondAfter).toBe(secondAlone);
    expect(readAll(kept)).toBe(firstAlone);
    expect(readAnalysis(lib, keptAnalysis)).toBe(firstAnalysisAlone);
    expect(firstAlone).not.toBe(secondAlone); // two different pages: an overwritten result would show
  });
});
