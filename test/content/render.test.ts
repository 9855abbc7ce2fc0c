import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extract } from '../../src/pipeline.js';
import { toMarkdown } from '../../src/content/markdown.js';
import { toHtmlDocument } from '../../src/content/html-document.js';
import { expectAllowlisted } from '../helpers/allowlist.js';

const REPO = resolve(import.meta.dirname, '../..');
const fixture = (name: string): Buffer => readFileSync(join(REPO, 'test/fixtures/content', name));

/** Pages we wrote, each with a heading, a list, a table, a link and an image to find again. */
const CASES = [
  {
    name: 'English article', file: 'en-recipe.html', url: 'https://www.example.org/recipes/lentil-soup/',
    heading: 'Ingredients', item: '1 large onion, chopped', cell: 'Simmer the lentils',
    // <base href> wins over the page URL
    link: { text: 'my bread recipe', href: 'https://cdn.example.org/recipes/bread/' },
    image: { src: 'https://cdn.example.org/notes/images/soup.jpg', alt: 'A bowl of lentil soup' },
    list: 'ul',
  },
  {
    name: 'Chinese news page', file: 'zh-news.html', url: 'https://news.example.cn/city/2023/0520.html',
    heading: '开放时间', item: '请勿在园内投喂野生鸟类。', cell: '六点至二十一点',
    link: { text: '公园公告', href: 'https://news.example.cn/notice/park-2023.html' },
    image: { src: 'https://news.example.cn/pics/2023/park.jpg', alt: '湿地公园一角' },
    list: 'ol',
  },
  {
    name: 'Uyghur thread', file: 'ug-thread.html', url: 'https://bbs.example.org/thread-9.html',
    heading: 'مېنىڭ پىلانىم', item: 'تەرخەمەك', cell: 'ئاپرېل',
    link: { text: 'بۇ يەردە', href: 'https://bbs.example.org/wiki/tomato.html' },
    image: { src: 'https://bbs.example.org/attach/garden-plan.png', alt: 'باغنىڭ پىلانى' },
    list: 'ul',
  },
] as const;

describe.each(CASES)('structured content: $name', (c) => {
  const page = extract(fixture(c.file), { url: c.url });

  it('contentHtml keeps the heading, the list, the table, the link and the image with resolved URLs', () => {
    const html = page.contentHtml;
    expect(html).toMatch(new RegExp(`<h[2-6]>${c.heading}</h[2-6]>`, 'u'));
    expect(html).toContain(`<${c.list}><li>`);
    expect(html).toContain(`<li>${c.item}</li>`);
    expect(html).toMatch(/<table><tr><th>/u);
    expect(html).toContain(`<td>${c.cell}</td>`);
    expect(html).toContain(`<a href="${c.link.href}">${c.link.text}</a>`);
    expect(html).toContain(`<img src="${c.image.src}" alt="${c.image.alt}">`);
  });

  it('images lists the content image with its alt text', () => {
    expect(page.images).toContainEqual({ src: c.image.src, alt: c.image.alt, caption: null });
  });

  it('Markdown has the heading, the list item, a GFM table, the link and the image', () => {
    const md = toMarkdown(page);
    expect(md.startsWith(`---\ntitle: ${JSON.stringify(page.title)}\n`)).toBe(true);
    expect(md).toMatch(new RegExp(`^#{2,6} ${c.heading}$`, 'mu'));
    expect(md).toMatch(new RegExp(`^(?:-|\\d+\\.) +${c.item}$`, 'mu'));
    expect(md).toMatch(/^\| .+ \|\n\| --- \| --- \|$/mu);
    expect(md).toMatch(new RegExp(`^\\| ${c.cell} +\\|$|\\| ${c.cell} +\\|`, 'mu'));
    expect(md).toContain(`[${c.link.text}](${c.link.href})`);
    expect(md).toContain(`![${c.image.alt}](${c.image.src})`);
  });

  it('the HTML document holds the content under the title, with the page language and direction', () => {
    const doc = toHtmlDocument(page);
    expect(doc).toContain(`<html lang="${page.lang}" dir="${page.dir}">`);
    expect(doc).toContain(`<h1>${page.title}</h1>`);
    expect(doc).toContain(page.contentHtml);
  });

  it('the body stays the plain text: no markup in it', () => {
    expect(page.body).not.toMatch(/[<>]/u);
    expect(page.body).toContain(c.item);
  });
});

describe('structured content: page shape', () => {
  it('leaves out the headline, the byline, navigation, the sidebar and the footer of the article', () => {
    const html = extract(fixture('en-recipe.html'), { url: 'https://www.example.org/r/' }).contentHtml;
    for (const noise of ['<h1>', 'By Dana Whitlow', 'Recipes', 'Popular', 'Apple cake', 'banner.png', 'Copyright', 'Tags:']) expect(html).not.toContain(noise);
  });

  it('keeps a figure whole, with its caption, and lists the caption with the image', () => {
    const page = extract(fixture('en-recipe.html'), { url: 'https://www.example.org/r/' });
    expect(page.contentHtml).toContain('<figure><img src="https://img.example.org/spinach.png" alt="Spinach leaves"><figcaption>Spinach goes in at the very end.</figcaption></figure>');
    expect(page.images).toContainEqual({ src: 'https://img.example.org/spinach.png', alt: 'Spinach leaves', caption: 'Spinach goes in at the very end.' });
  });

  it('drops a tracking pixel (1x1) from the content and the images', () => {
    const page = extract(fixture('en-recipe.html'));
    expect(page.contentHtml).not.toContain('pixel.gif');
    expect(page.images.map((i) => i.src)).not.toContain('https://track.example.net/pixel.gif');
  });

  it('keeps relative URLs as written when there is neither a URL nor a <base>', () => {
    const page = extract(fixture('zh-news.html'));
    expect(page.contentHtml).toContain('<a href="/notice/park-2023.html">公园公告</a>');
    expect(page.images).toEqual([{ src: '/pics/2023/park.jpg', alt: '湿地公园一角', caption: null }]);
  });

  it('gives each post its own contentHtml, and the thread page the opening post\'s', () => {
    const page = extract(fixture('ug-thread.html'));
    expect(page.posts.map((p) => p.author)).toEqual(['ئابدۇرېھىم', 'گۈلنار', 'مەمەتجان']);
    expect(page.contentHtml).toBe(page.posts[0].contentHtml);
    expect(page.posts[1].contentHtml).toBe('<p>پەمىدۇرنى ئاپرېلنىڭ ئاخىرىدا تېرىسىڭىز ياخشى، سوغۇق كېچىلەر ئۆتۈپ كەتكەندىن كېيىن.</p>');
  });

  it('renders the bundled English article as its paragraphs, without the site chrome', () => {
    const page = extract(readFileSync(join(REPO, 'corpora/pages/en-blog.html')));
    const paragraphs = page.contentHtml.split('\n');
    expect(paragraphs).toHaveLength(page.body.split('\n').length);
    for (const p of paragraphs) expect(p).toMatch(/^<p>.+<\/p>$/u);
    expect(page.contentHtml).not.toMatch(/Recent posts|Subscribe|<nav|<form/u);
  });

  it('falls back to escaped paragraphs of the body for a tag-free algorithm', () => {
    const sentence = 'A line of text with a &lt;b&gt; in it, long enough and plain enough to be kept as the content of this page by the line-block algorithm.';
    const page = extract(`<html><body>${`<p>${sentence} ${sentence}</p>\n`.repeat(6)}</body></html>`, { algorithm: 'line-blocks' });
    expect(page.body).toContain('<b>');
    expect(page.contentHtml).toBe(page.body.split('\n').map((l) => `<p>${l.replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;')}</p>`).join('\n'));
  });
});

describe('contentHtml is valid for the allowlist', () => {
  it.each(CASES)('$name: every element and attribute written is allowed', (c) => {
    const html = extract(fixture(c.file), { url: c.url }).contentHtml;
    expectAllowlisted(html);
  });
});
