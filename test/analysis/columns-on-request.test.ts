import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { nonLinkCharsOf } from '../../src/analysis/stats.js';
import * as matn from '../../src/index.js';
import { NodeKind } from '../../src/analysis/types.js';
import { normalize } from '../../src/encoding/normalize.js';
import { extract } from '../../src/pipeline.js';
import { ALGORITHMS } from '../../src/extractors/registry.js';

const PAGE =
  '<!DOCTYPE html><html lang="fa"><head><title>خبر</title><!-- a comment --><?xml-stylesheet href="x"?></head>' +
  '<BODY><nav><A href="/">خانه</A></nav><article><H1>عنوان</H1><p>این یک پاراگراف است که برای آزمون نوشته شد.</p>' +
  '<svg><circle r="1"/></svg><table><tr><td>Ячейка</td><td>单元格</td></tr></table><br><custom-el>x</custom-el></article>' +
  '<div class="comments"><div class="comment"><b>Bob</b> <time datetime="2024-03-06">March 6</time><p>Nice.</p></div>' +
  '<div class="comment"><b>Eve</b> <time datetime="2024-03-07">March 7</time><p>Thanks.</p></div></div></BODY></html>';

/** The owner of the getter of `doc.index.tag`: the index's prototype (one class serves every page). */
function tagGetterOwner(): { readonly tag: readonly string[] } {
  return Object.getPrototypeOf(analyze(normalize('<p>x</p>')).index) as { readonly tag: readonly string[] };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('index.tag is made on request; the stages read tagOf', () => {
  it('tagOf(id) is the lower-case tag of an element and "" for every other node, as tag[id] says', () => {
    const { index } = analyze(normalize(PAGE));
    const kinds = new Set<number>();
    for (let id = 0; id < index.size; id++) {
      kinds.add(index.kind[id]);
      expect(index.tagOf(id)).toBe(index.kind[id] === NodeKind.Element ? index.tree.tagNames[index.tree.tagId[id]] : '');
    }
    // the page has text, comments and directives (kind Other: a directive's name is in tagNames) and elements,
    // so the '' branch and the name branch are both taken
    expect([...kinds].sort()).toEqual([NodeKind.Document, NodeKind.Element, NodeKind.Text, NodeKind.Other]);
    expect(index.tree.tagNames.some((name) => name.startsWith('!'))).toBe(true);
    expect(index.tag).toEqual(Array.from({ length: index.size }, (_, id) => index.tagOf(id)));
    expect(index.tag.filter((t) => t !== '')).toEqual(expect.arrayContaining(['html', 'body', 'a', 'h1', 'svg', 'td', 'br', 'custom-el']));
    expect(index.tag.includes('!doctype')).toBe(false);
  });

  it('the array is made once, on the first read, and kept', () => {
    const getter = vi.spyOn(tagGetterOwner(), 'tag', 'get');
    const { index } = analyze(normalize(PAGE));
    expect(getter).not.toHaveBeenCalled();
    const first = index.tag;
    expect(index.tag).toBe(first);
    expect(getter).toHaveBeenCalledTimes(2);
  });

  it.each(ALGORITHMS)('extract() with %s never reads index.tag, every field read included', (algorithm) => {
    const getter = vi.spyOn(tagGetterOwner(), 'tag', 'get');
    const page = extract(PAGE, { algorithm });
    expect(JSON.stringify(page)).toContain('"title"');
    void page.contentHtml;
    void page.images;
    for (const post of [...page.posts, ...page.comments]) void post.contentHtml;
    expect(getter).not.toHaveBeenCalled();
  });
});

describe('stats.nonLinkChars is made on request; the stages read nonLinkCharsOf', () => {
  it('nonLinkCharsOf(stats, id) is T − LT, the column made on first read, for every node', () => {
    const { stats, index } = analyze(normalize(PAGE));
    const linked = Array.from({ length: index.size }, (_, id) => id).filter((id) => stats.linkChars[id] > 0);
    expect(linked.length).toBeGreaterThan(0); // the page has link text, so T − LT differs from T somewhere
    for (let id = 0; id < index.size; id++) {
      expect(nonLinkCharsOf(stats, id)).toBe(stats.textChars[id] - stats.linkChars[id]);
      expect(stats.nonLinkChars[id]).toBe(nonLinkCharsOf(stats, id));
    }
    expect(stats.nonLinkChars).toBe(stats.nonLinkChars);
    expect(matn.nonLinkCharsOf).toBe(nonLinkCharsOf); // public, for callers that read a few nodes
  });

  it('the statistics keep the interface order of their fields', () => {
    const { stats } = analyze(normalize(PAGE));
    expect(Object.keys(stats)).toEqual(['textChars', 'linkChars', 'nonLinkChars', 'tags', 'linkTags', 'linkCount', 'punctuation', 'paragraphs', 'textStart', 'textEnd']);
  });
});
