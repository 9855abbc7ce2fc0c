import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { analyze } from '../../src/analysis/analyze.js';
import { listBoundaryBlocks, listBoundaryRanges } from '../../src/analysis/blocks.js';
import { subtreeLinkTags, subtreeTags } from '../../src/analysis/stats.js';
import { PAGE_SCRATCH } from '../../src/core/scratch.js';
import { memberSpansOf } from '../../src/extractors/lazy-text.js';
import { MEMBER_SPANS, MEMBERS, type MemberName } from '../../src/extractors/members.js';
import { densitySpans } from '../../src/extractors/density/index.js';
import { segmentationSpans } from '../../src/extractors/segmentation/index.js';
import { textBlockSpans } from '../../src/extractors/text-blocks/index.js';
import { lineBlockSpans } from '../../src/extractors/line-blocks/index.js';
import { arbitraryPage } from '../helpers/arbitrary-page.js';
import { asNormalized } from '../helpers/normalized.js';

const doc = (html: string) => analyze(asNormalized(html));
/** A member's spans as one flat list (lists may be cut differently) and its emptiness. */
const flat = (m: { spans: readonly ArrayLike<number>[]; empty: boolean }) => ({ empty: m.empty, ranges: m.spans.flatMap((s) => Array.from(s)) });
const BLOCK_OPTIONS = { dropTags: ['script', 'form'], boundaryTags: ['body', 'div', 'p', 'br', 'h1', 'li', 'td'], uncountedTags: ['a'] };
/** Paragraphs long enough for text-blocks to keep some, beside a menu of links. */
const PARAGRAPH = '<p>这是一段足够长的正文，讲述了乡村的变化和<a href="/y">人们</a>的生活。</p>';
const ARTICLE = `<body><ul>${'<li><a href="/x">频道</a></li>'.repeat(8)}</ul><div><h1>标题</h1>${PARAGRAPH.repeat(6)}</div></body>`;

describe('listBoundaryRanges', () => {
  it.each([true, false])('holds the counts and the spans (counted: %s) of listBoundaryBlocks, block by block', (counted) => {
    fc.assert(
      fc.property(arbitraryPage, fc.boolean(), (html, keepEmpty) => {
        const d = doc(html);
        const blocks = listBoundaryBlocks(d, { ...BLOCK_OPTIONS, keepEmpty });
        const r = listBoundaryRanges(d, { ...BLOCK_OPTIONS, keepEmpty }, counted);
        expect([...r.chars]).toEqual(blocks.map((b) => b.chars));
        expect([...r.uncountedChars]).toEqual(blocks.map((b) => b.uncountedChars));
        expect(blocks.map((_, k) => [...r.ranges.slice(r.from[k], r.from[k + 1])])).toEqual(blocks.map((b) => [...(counted ? b.countedSpans : b.spans)]));
      }),
    );
  });

  it('lists more empty blocks than the page has text nodes (the lists outgrow their first size)', () => {
    const d = doc(`<body>${'<div></div>'.repeat(40)}<p>一<a href="/x">二</a></p>${'<br>'.repeat(40)}</body>`);
    const blocks = listBoundaryBlocks(d, { ...BLOCK_OPTIONS, keepEmpty: true });
    const r = listBoundaryRanges(d, { ...BLOCK_OPTIONS, keepEmpty: true }, false);
    expect(blocks.length).toBeGreaterThan(100);
    expect([...r.chars]).toEqual(blocks.map((b) => b.chars));
    expect(blocks.map((_, k) => [...r.ranges.slice(r.from[k], r.from[k + 1])])).toEqual(blocks.map((b) => [...b.spans]));
  });
});

describe('MEMBER_SPANS', () => {
  it('correlated: an article\'s blocks are made on first read, and the spans auto reads before are theirs', () => {
    let articles = 0;
    fc.assert(
      fc.property(arbitraryPage, (html) => {
        const r = MEMBERS.correlated.extract(doc(html));
        const before = memberSpansOf(r); // read first, as auto does: the blocks are not made for it
        if (r.posts !== undefined) return;
        articles++;
        expect(flat(before)).toEqual({ empty: r.text === '', ranges: r.blocks.flatMap((b) => [...b.spans]) });
        expect(r.text).toBe(r.blocks.map((b) => b.text).join('\n'));
        expect(r.blocks.filter((b) => b.text === '')).toEqual([]); // the word the lazy blocks were given
      }),
      { numRuns: 200 },
    );
    expect(articles).toBeGreaterThan(100);
    const paragraph = '<p>Ein langer Absatz mit vielen Wörtern über das Leben im Dorf und die Arbeit auf dem Feld im Sommer.</p>';
    const r = MEMBERS.correlated.extract(doc(`<body><div>${paragraph.repeat(6)}</div></body>`));
    expect(Object.getOwnPropertyDescriptor(r, 'blocks')?.get).toBeTypeOf('function');
    expect(memberSpansOf(r).empty).toBe(false);
    expect(JSON.parse(JSON.stringify(r)).blocks.length).toBe(6);
  });

  it('text-blocks keeps the spans of its full result on an article, links kept or dropped', () => {
    const d = doc(ARTICLE);
    for (const linkText of ['keep', 'drop'] as const) {
      const full = memberSpansOf(MEMBERS['text-blocks'].extract(d, { linkText }));
      expect(full.empty).toBe(false);
      expect(flat(textBlockSpans(d, { linkText }))).toEqual(flat(full));
    }
  });

  it('text-blocks keeps the spans of its full result on any page, empty blocks and link text kept or dropped', () => {
    let kept = 0;
    fc.assert(
      fc.property(arbitraryPage, fc.constantFrom('keep', 'drop'), fc.constantFrom('keep', 'drop'), (html, emptyBlocks, linkText) => {
        const d = doc(html);
        const full = memberSpansOf(MEMBERS['text-blocks'].extract(d, { emptyBlocks, linkText }));
        if (!full.empty) kept++;
        expect(flat(textBlockSpans(d, { emptyBlocks, linkText }))).toEqual(flat(full));
      }),
      { numRuns: 200 },
    );
    expect(kept).toBeGreaterThan(50); // the property read pages with kept blocks, not only empty results
  });

  it('text-blocks leaves out a block of links only that lies inside a main run, its link text kept or not', () => {
    // the smoothed count of the links' block is half its neighbours' (twice the other paragraphs): above N'_min,
    // so the run goes through it, but it counts no characters (links are uncounted), so it is not kept
    const links = '<p><a href="/z">一条很长的链接文字指向别的新闻页面</a></p>';
    const long = PARAGRAPH.replace('</p>', PARAGRAPH.slice(3));
    const d = doc(`<body><div>${PARAGRAPH.repeat(2)}${long}${links}${long}${PARAGRAPH.repeat(2)}</div></body>`);
    for (const linkText of ['keep', 'drop'] as const) {
      const result = MEMBERS['text-blocks'].extract(d, { linkText });
      expect(result.series?.raw).toContain(0);
      expect(result.trace?.ranges?.filter((r) => r.kept)).toHaveLength(1); // one main run, over the links' block
      expect(result.text).not.toContain('别的新闻');
      expect(flat(textBlockSpans(d, { linkText }))).toEqual(flat(memberSpansOf(result)));
    }
  });

  it('segmentation keeps the spans of its full result, a links list in the main block dropped', () => {
    const d = doc(`<body><div>${PARAGRAPH.repeat(3)}<div>${'<a href="/z">相关新闻一则</a> '.repeat(4)}</div>${PARAGRAPH.repeat(3)}</div></body>`);
    const options = { lengthThreshold: 20, listNoiseThreshold: 0.5 };
    const result = MEMBERS.segmentation.extract(d, options);
    expect(result.diagnostics.map((x) => x.code)).toContain('list-chunks-dropped');
    expect(flat(segmentationSpans(d, options))).toEqual(flat(memberSpansOf(result)));
    expect(memberSpansOf(result).empty).toBe(false);
  });

  it('density keeps the spans of its full result (noise cut), leaf candidates or not', () => {
    const noisy = `<body><div>${PARAGRAPH.repeat(4)}<div class="share">${'<a href="/s">分享</a> '.repeat(5)}</div>${PARAGRAPH.repeat(2)}</div><footer>© 2025</footer></body>`;
    for (const html of [ARTICLE, noisy]) {
      const d = doc(html);
      for (const leafCandidates of [false, true]) {
        const full = memberSpansOf(MEMBERS.density.extract(d, { leafCandidates }));
        expect(full.empty).toBe(false);
        expect(flat(densitySpans(d, { leafCandidates }))).toEqual(flat(full));
        // its LTG count is page scratch: a pool left dirty by the last user changes nothing
        const dirty = PAGE_SCRATCH.take(1 << 16);
        new Uint8Array(dirty).fill(0xa5);
        PAGE_SCRATCH.give(dirty);
        expect(flat(densitySpans(d, { leafCandidates }))).toEqual(flat(full));
      }
    }
  });

  it('density counts TG and LTG into scratch exactly as the page statistics hold them', () => {
    fc.assert(
      fc.property(arbitraryPage, (html) => {
        const d = doc(html);
        const dirty = new Uint32Array(d.index.size).fill(0xa5a5a5a5);
        expect(Array.from(subtreeLinkTags(d.index, dirty))).toEqual(Array.from(d.stats.linkTags));
        dirty.fill(0xa5a5a5a5);
        expect(Array.from(subtreeTags(d.index, dirty))).toEqual(Array.from(d.stats.tags));
      }),
    );
  });

  it('line-blocks keeps the spans of its full result: lines split inside a text node, lines of links, no line kept', () => {
    // one text node over many source lines (split where the lines end), a line per `<br>`, and a line of links
    // whose spaces between the links are no text node's (the ranges of a line do not touch)
    const split = `<body><p>${'这是一段足够长的正文，讲述了乡村的变化。\n'.repeat(12)}</p></body>`;
    const lines = `<body>${'这是一行足够长的文字，讲述了城市的故事和人们的生活<br>'.repeat(20)}</body>`;
    const links = `<body><div>${'<a href="/x">一个链接的文字</a> '.repeat(60)}</div></body>`;
    for (const html of [split, lines, links, ARTICLE]) {
      const d = doc(html);
      for (const options of [{ threshold: 10 }, { threshold: 10, longLineChars: 40 }, { threshold: 10, blockThickness: 1 }]) {
        const full = memberSpansOf(MEMBERS['line-blocks'].extract(d, options));
        expect(full.empty).toBe(false);
        expect(flat(lineBlockSpans(d, options))).toEqual(flat(full));
      }
    }
    // its line table is page scratch: a pool left dirty by the last user changes nothing
    const dirty = PAGE_SCRATCH.take(1 << 16);
    new Uint8Array(dirty).fill(0xa5);
    PAGE_SCRATCH.give(dirty);
    const d = doc(lines);
    expect(flat(lineBlockSpans(d, { threshold: 10 }))).toEqual(flat(memberSpansOf(MEMBERS['line-blocks'].extract(d, { threshold: 10 }))));
    const none = doc('<body><p>短</p></body>');
    expect(lineBlockSpans(none)).toEqual({ spans: [new Int32Array(0)], empty: true });
    expect(memberSpansOf(MEMBERS['line-blocks'].extract(none)).empty).toBe(true);
  });

  it.each(Object.keys(MEMBER_SPANS) as MemberName[])('%s: what auto reads equals the member result read', (id) => {
    fc.assert(
      fc.property(arbitraryPage, (html) => {
        const d = doc(html);
        expect(flat(MEMBER_SPANS[id](d))).toEqual(flat(memberSpansOf(MEMBERS[id].extract(d))));
      }),
      { numRuns: 50 },
    );
  });
});
