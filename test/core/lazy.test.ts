import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { normalize } from '../../src/encoding/normalize.js';
import { renderContent } from '../../src/content/content.js';
import { defineLazyField, once } from '../../src/core/lazy.js';
import { toRecord } from '../../src/output/record.js';
import { extract } from '../../src/pipeline.js';

const THREAD = `<html><head><title>Kitob haqida</title></head><body><div id="posts">
${[['Alim', 'Bu kitobni oʻqidim, <b>juda yaxshi</b> yozilgan. Hammaga tavsiya qilaman, ayniqsa yoshlarga.'],
  ['Nigora', 'Men ham oʻqidim. Ikkinchi qismi birinchisidan ham qiziqroq chiqqan, muallif zoʻr.'],
  ['Rustam', 'Qayerdan sotib olsa boʻladi? Shahar kutubxonasida bormikan, bilasizlarmi?']]
  .map(([who, text], i) => `<div class="post" id="p${i + 1}"><div class="head"><a href="/member/${who}">${who}</a> <span>2024-03-0${i + 1} 10:1${i}</span></div><div class="body"><p>${text}</p></div></div>`).join('\n')}
</div></body></html>`;

describe('once', () => {
  it('runs its computation on the first call only and returns the same answer after', () => {
    let runs = 0;
    const value = once(() => ({ run: ++runs }));
    expect(runs).toBe(0);
    const first = value();
    expect(value()).toBe(first);
    expect(runs).toBe(1);
  });
});

describe('defineLazyField', () => {
  it('is enumerable, read-only, computed on first read and kept', () => {
    let reads = 0;
    const target = defineLazyField({ a: 1 }, 'b', () => ++reads);
    expect(reads).toBe(0);
    expect(Object.keys(target)).toEqual(['a', 'b']);
    expect(target.b).toBe(1);
    expect(target.b).toBe(1);
    expect({ ...target }).toEqual({ a: 1, b: 1 });
    expect(reads).toBe(1);
    expect(() => { (target as { b: number }).b = 5; }).toThrow(TypeError);
  });
});

describe('extract(): structured content rendered on first read', () => {
  it('contentHtml and images of the page and its posts are those renderContent gives', () => {
    const page = extract(THREAD);
    expect(page.posts.length).toBe(3);
    expect(Object.keys(page)).toEqual(expect.arrayContaining(['contentHtml', 'images']));
    expect(Object.keys(page.posts[0])).toContain('contentHtml');
    // the same analysis, run again: the rendering is a pure function of it and of the extraction
    const direct = renderContent(analyze(normalize(THREAD)), { blocks: page.extraction.blocks, posts: page.posts, comments: page.comments, title: page.title, url: '' });
    expect(page.posts.map((p) => p.contentHtml)).toEqual(direct.posts);
    expect(page.contentHtml).toBe(direct.html);
    expect(page.images).toEqual(direct.images);
    expect(page.posts[0].contentHtml).toContain('<b>juda yaxshi</b>');
  });

  it('a record without contentHtml does not need it; one with it carries the same HTML', () => {
    const page = extract(THREAD);
    const plain = toRecord(page, ['posts']).posts as Record<string, unknown>[];
    expect(plain[0]).not.toHaveProperty('contentHtml');
    const rich = toRecord(page, ['posts', 'contentHtml']);
    expect(rich.contentHtml).toBe(page.contentHtml);
    expect((rich.posts as Record<string, unknown>[])[1].contentHtml).toBe(page.posts[1].contentHtml);
  });
});

describe('extract(): output cleaning keeps the structured content unrendered until read', () => {
  // a control character written as a reference in a post: the text, and later the HTML, come out clean
  const page = extract(THREAD.replace('juda yaxshi', 'juda&#1; yaxshi'));

  it('cleans the text fields at once and says so', () => {
    expect(page.posts[0].text).toContain('juda yaxshi');
    expect(page.posts[0].text).not.toContain('\u0001');
    expect(page.diagnostics.map((d) => d.code)).toContain('control-characters-output');
  });

  it('leaves contentHtml and images of the page and of each post unread (still accessors) until asked', () => {
    expect(typeof Object.getOwnPropertyDescriptor(page, 'contentHtml')?.get).toBe('function');
    expect(typeof Object.getOwnPropertyDescriptor(page, 'images')?.get).toBe('function');
    expect(typeof Object.getOwnPropertyDescriptor(page.posts[0], 'contentHtml')?.get).toBe('function');
  });

  it('cleans the HTML when it is rendered', () => {
    expect(page.posts[0].contentHtml).toContain('juda yaxshi');
    expect(page.posts[0].contentHtml).not.toContain('\u0001');
    expect(Object.getOwnPropertyDescriptor(page.posts[0], 'contentHtml')?.get).toBeUndefined();
  });
});
