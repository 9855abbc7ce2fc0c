import { parseDocument } from 'htmlparser2';
import { type Element, isTag, type ChildNode } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { directionOf, escapeHtml, inspect, inspectPage, renderReport } from '../../src/inspect/index.js';
import { BEACON, HOSTILE_PAGE } from './hostile.js';

/** Every element of a parsed document. */
function elements(nodes: readonly ChildNode[], out: Element[] = []): Element[] {
  for (const n of nodes) {
    if (isTag(n)) {
      out.push(n);
      elements(n.children, out);
    }
  }
  return out;
}

/** Tags the report is made of: no element that can run code, load a resource or submit. */
const ALLOWED_TAGS = new Set([
  'html', 'head', 'meta', 'title', 'style', 'body', 'header', 'nav', 'section', 'h1', 'h2', 'h3', 'p', 'span', 'b', 'code', 'a', 'ul', 'li',
  'table', 'tr', 'th', 'td', 'figure', 'figcaption', 'div', 'article', 'blockquote', 'cite',
  'svg', 'g', 'rect', 'line', 'path', 'text',
]);

const ARTICLE = `<html lang="zh"><head><title>新村新貌</title></head><body><ul>${['首页', '新闻', '体育', '财经'].map((w) => `<li><a href="/${w}">${w}</a></li>`).join('')}</ul>
<div class="main"><h1>新村新貌</h1>${[
  '今年春天，我们村里新修了一条通往县城的公路，路边种满了杨树和柳树，孩子们每天沿着这条路去镇上的学校读书。',
  '村委会在路口建了一个小小的图书室，里面摆着几百本捐来的书，有历史故事，有科学知识，也有农业技术手册。',
  '老人们说，十年前这里还没有电灯，晚上一片漆黑，如今家家户户都装上了路灯和网络，年轻人在家里就能卖苹果。',
].map((p) => `<p>${p}</p>`).join('\n')}</div><div class="footer">关于我们 | 联系方式</div></body></html>`;

describe('escapeHtml', () => {
  it('escapes markup and quotes, and replaces characters a document may not hold', () => {
    expect(escapeHtml(`<a href="x" title='y'>&`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;');
    expect(escapeHtml('a\u0000b\u0007c\uD800d')).toBe('a\uFFFDb\uFFFDc\uFFFDd');
    expect(escapeHtml('ئۇيغۇرچە 中文\n\t')).toBe('ئۇيغۇرچە 中文\n\t');
  });
});

describe('directionOf', () => {
  it('reads the direction from the letters, and falls back for text without letters', () => {
    expect(directionOf('بۇ ئۇيغۇرچە بىر جۈملە')).toBe('rtl');
    expect(directionOf('这是中文')).toBe('ltr');
    expect(directionOf('2010-6-2', 'rtl')).toBe('rtl');
    expect(directionOf('316')).toBe('auto');
  });
});

describe('inspect report of a hostile page', () => {
  const html = inspectPage(HOSTILE_PAGE, { source: 'hostile.html', url: `${BEACON}/page` });
  const doc = parseDocument(html);
  const all = elements(doc.children);

  it('is read as a thread, so that hostile authors and quotes are rendered too', () => {
    const { posts } = inspect(HOSTILE_PAGE).page;
    expect(posts.length).toBeGreaterThanOrEqual(3);
    expect(posts.some((p) => p.quotes.length > 0)).toBe(true);
    expect(posts[0].author).toContain('onerror');
  });

  it('is made only of inert elements: no script, image, frame, link, base, form or embedded object', () => {
    const tags = new Set(all.map((e) => e.name));
    expect([...tags].filter((t) => !ALLOWED_TAGS.has(t))).toEqual([]);
    expect(html).not.toMatch(/<script/i);
  });

  it('has no event handler, no resource attribute, and links only to its own sections', () => {
    for (const e of all) {
      for (const [name, value] of Object.entries(e.attribs)) {
        expect(name.startsWith('on'), `${e.name}[${name}]`).toBe(false);
        expect(['src', 'srcset', 'action', 'formaction', 'xlink:href', 'background', 'poster'].includes(name), `${e.name}[${name}]`).toBe(false);
        if (name === 'href') expect(value).toMatch(/^#[a-z]+$/);
      }
    }
  });

  it('keeps its own single stylesheet and forbids scripts and external loads with a Content-Security-Policy', () => {
    const styles = all.filter((e) => e.name === 'style');
    expect(styles).toHaveLength(1);
    expect(styles[0].children.map((c) => ('data' in c ? String(c.data) : '')).join('')).not.toContain('beacon');
    const csp = all.find((e) => e.name === 'meta' && e.attribs['http-equiv'] === 'Content-Security-Policy');
    expect(csp?.attribs.content).toContain("default-src 'none'");
    expect(csp?.attribs.content).not.toMatch(/script-src/);
  });

  it('shows the page\'s markup as text: the break-out attempts are escaped where they appear', () => {
    expect(html).toContain('&lt;/title&gt;&lt;/textarea&gt;&lt;/style&gt;&lt;script&gt;window.pwned=1');
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=&quot;window.pwned=2&quot;&gt;');
    // every occurrence of the beacon address is inside text, never in an attribute
    for (const e of all) for (const value of Object.values(e.attribs)) expect(value).not.toContain('127.0.0.1');
  });
});

describe('inspect report of an article', () => {
  const x = inspect(ARTICLE);
  const html = renderReport(x);

  it('draws the three figures with axes, labels, legends and the chosen thresholds and regions', () => {
    for (const id of ['fig-line-blocks', 'fig-text-blocks', 'fig-correlativity']) expect(html).toContain(`id="${id}"`);
    const doc = parseDocument(html);
    const svgs = elements(doc.children).filter((e) => e.name === 'svg');
    expect(svgs).toHaveLength(5);
    for (const svg of svgs) {
      const inner = elements(svg.children);
      expect(inner.filter((e) => e.attribs.class === 'axis')).toHaveLength(2);
      expect(inner.filter((e) => e.attribs.class === 'axis-label')).toHaveLength(2);
      expect(inner.some((e) => e.attribs.class === 'legend')).toBe(true);
      expect(inner.some((e) => e.attribs.class?.startsWith('series'))).toBe(true);
    }
    expect(html).toMatch(/class="threshold"/);
    expect(html).toMatch(/class="band band-kept"/);
    expect(html).toContain('N_calib = ');
  });

  it('highlights the kept paragraphs in the page text and runs every member', () => {
    expect(x.members.map((m) => m.id).sort()).toEqual(['correlated', 'density', 'line-blocks', 'segmentation', 'text-blocks']);
    const highlighted = x.blocks.filter((_, k) => x.kept[k] === 1).map((b) => b.text);
    expect(highlighted.some((t) => t.startsWith('今年春天'))).toBe(true);
    expect(highlighted.some((t) => t.includes('关于我们'))).toBe(false);
    expect(html).toMatch(/class="blk hl-body" dir="ltr">今年春天/);
    for (const row of x.agreement) for (const v of row) expect(v).toBeGreaterThanOrEqual(0);
  });

  it('rejects an unknown algorithm and a bad maxTextBlocks with typed errors', () => {
    expect(() => inspect(ARTICLE, { algorithm: 'nope' })).toThrow(expect.objectContaining({ code: 'unknown-algorithm' }));
    expect(() => inspect(ARTICLE, { maxTextBlocks: 0 })).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
  });
});
