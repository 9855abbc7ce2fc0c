import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import { extractAuto } from '../../../src/extractors/auto/index.js';
import { listSegments } from '../../../src/extractors/auto/segments.js';
import { charsAbove, outweighsOpeningPost, outweighsRecords } from '../../../src/extractors/auto/thread-or-article.js';
import { asNormalized } from '../../helpers/normalized.js';

const doc = (html: string) => analyze(asNormalized(html));

const OPENING = 'Salam hemmige, bu yil baharda yezimizgha yengi bir mektep selindi, balilar uning yorunglughida xoshal oqumaqta.';
const REPLIES = ['Rahmet, yaxshi xewer!', 'Menmu shundaq oylaymen, mektep heqiqeten chirayliq boptu.', 'Men qoshulimen.'];
const PARAS = [
  'The river that crosses the old town rose by two metres overnight after three days of steady rain in the hills above the valley.',
  'Shopkeepers on the embankment moved their goods to upper floors, and volunteers filled sandbags in the market square until dawn.',
  'By noon the water had begun to fall again, and the town council said the new flood walls had kept the historic bridge dry.',
];

/** Signed, dated records in one list, as a forum or a comment list prints them. */
function records(texts: readonly string[]): string {
  const who = ['Aygul', 'Mehmud', 'Nurgul', 'Ablikim'];
  return texts.map((b, n) => `<div class="r" id="p${n}"><div class="head"><a href="/u/${n + 10}">${who[n]}</a>
    <span class="when">2012-4-1${3 + n} 20:3${n}</span></div><div class="content">${b}</div>
    <div class="buttons"><a href="/reply?p=${n}">Reply</a></div></div>`).join('');
}

const page = (above: string, below: string) =>
  `<html><head><title>T</title></head><body><div id="main">${above}<div class="list">${records([OPENING, ...REPLIES])}</div>${below}</div></body></html>`;

describe('thread or article', () => {
  it.each([
    ['no text above', 0, 100, false],
    ['a breadcrumb above a long opening post', 60, 100, false],
    ['an article twice the opening post', 220, 100, true],
    ['an article under minArticleChars', 90, 10, false],
  ] as const)('the text above the records outweighs the opening post: %s', (_, above, post, expected) => {
    expect(outweighsOpeningPost(above, { text: 'x'.repeat(post) }, { minArticleChars: 100, articleOverPost: 1 })).toBe(expected);
  });

  it.each([
    ['a forum: posts hold most of the text', 1500, [800, 700], false],
    ['signatures and headers 1.5 times the posts (forum-engines-dev reaches 1.58)', 2250, [800, 700], false],
    ['a story beside a box of dated teasers', 3600, [40, 40, 33], true],
    ['a short page beside a short box', 90, [10, 10], false],
  ] as const)('the text outside the records outweighs them: %s', (_, outside, records, expected) => {
    const posts = records.map((n) => ({ text: 'x'.repeat(n) }));
    expect(outweighsRecords(outside, posts, { minArticleChars: 100, articleOverThread: 3 })).toBe(expected);
  });

  it('counts only kept segments above the first record', () => {
    const d = doc('<div><p>one two three</p><div id="r"><p>four</p></div><p>five six</p></div>');
    const segments = listSegments(d);
    const first = segments[1].node;
    expect(charsAbove(segments, [0, 1, 2], first)).toBe('onetwothree'.length);
    expect(charsAbove(segments, [1, 2], first)).toBe(0);
  });

  it('a forum thread with a long footer after its posts stays a thread', () => {
    const footer = `<div class="foot"><p>${PARAS[0]}</p></div>`; // longer than the opening post, shorter than the thread
    const r = extractAuto(doc(page('<h1>Mektep</h1>', footer)));
    expect(r.kind).toBe('thread');
    expect(r.posts?.length).toBe(4);
    expect(r.text).toContain('Salam hemmige');
  });

  it('an article above signed, dated records is the body, and the records are its comments', () => {
    const article = `<h1>River rises</h1>${PARAS.map((p) => `<p>${p}</p>`).join('')}`;
    const r = extractAuto(doc(page(article, '')));
    expect(r.kind).toBe('comments');
    for (const p of PARAS) expect(r.text).toContain(p);
    expect(r.text).not.toContain('Salam hemmige');
    expect(r.comments?.length).toBe(4);
  });
});
