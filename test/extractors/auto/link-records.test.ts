import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import { extractAuto } from '../../../src/extractors/auto/index.js';
import { areLinkRecords, postsLinkShare } from '../../../src/extractors/auto/link-records.js';
import type { Post } from '../../../src/extractors/types.js';
import { asNormalized } from '../../helpers/normalized.js';

const doc = (html: string) => analyze(asNormalized(html));

const PROSE = [
  'Salam hemmige, bu yil baharda yezimizgha yengi bir mektep selindi, balilar uning yorunglughida xoshal oqumaqta.',
  'Menmu shundaq oylaymen, mektep heqiqeten chirayliq boptu, oqughuchilar kop.',
  'Rahmet, yaxshi xewer! Biz hem bu yil kelip koremiz, yolda qar bolmisa.',
  'Men qoshulimen, kelgusi yili yene bir kitabxana selinsa yaxshi bolatti.',
];
const LINKS = ['Home', 'World', 'Sport', 'Science', 'Culture', 'Travel', 'Weather', 'Contact', 'Archive', 'Jobs'];

/** Signed, dated records whose content is `content(n)`. */
function page(content: (n: number) => string): string {
  const who = ['Aygul', 'Mehmud', 'Nurgul', 'Ablikim'];
  const recs = who.map((w, n) => `<div class="r" id="p${n}"><div class="head"><a href="/u/${n + 10}">${w}</a>
    <span class="when">2012-4-1${3 + n} 20:3${n}</span></div><div class="content">${content(n)}</div></div>`).join('');
  return `<html><head><title>T</title></head><body><div id="main"><div class="list">${recs}</div></div></body></html>`;
}
const prose = (n: number) => `<p>${PROSE[n]}</p>`;
const links = (n: number) => `<p>Read more here: ${LINKS.slice(0, 6).map((l) => `<a href="/${l.toLowerCase()}/${n}">${l} section of the page number ${n}</a>`).join(', ')}.</p>`;

/** A post whose record and body are `node`. */
const post = (node: number): Post => ({ author: null, date: null, text: '', quotes: [], node, id: null, permalink: null });

describe('postsLinkShare / areLinkRecords', () => {
  const d = doc('<html><body><div id="a"><p>Some written words of a message here.</p></div><div id="b"><a href="/x">Home</a> <a href="/y">News</a></div></body></html>');
  const byId = (id: string) => d.index.nodes.findIndex((n) => (n as { attribs?: Record<string, string> }).attribs?.id === id);
  const a = post(byId('a'));
  const b = post(byId('b'));

  it('pools the link characters of the posts\' nodes over their text', () => {
    expect(postsLinkShare(d, [a])).toBe(0);
    expect(postsLinkShare(d, [b])).toBe(1);
    const pooled = postsLinkShare(d, [a, b]);
    expect(pooled).toBeGreaterThan(0);
    expect(pooled).toBeLessThan(0.5);
  });

  it('reads posts as link records from maxLinkShare on', () => {
    expect(areLinkRecords(d, [b], 0.5)).toBe(true);
    expect(areLinkRecords(d, [a, b], 0.5)).toBe(false);
    expect(areLinkRecords(d, [], 0.5)).toBe(false);
  });
});

describe('auto: link records are no thread (linkRecordsNoThread)', () => {
  it('keeps a thread of written posts a thread', () => {
    expect(extractAuto(doc(page(prose))).kind).toBe('thread');
  });

  it('reads dated records made of links as an article, not a thread', () => {
    const d = doc(page(links));
    expect(extractAuto(d, { linkRecordsNoThread: false }).kind).toBe('thread');
    expect(extractAuto(d).kind).not.toBe('thread');
  });
});
