import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extract } from '../../src/pipeline.js';

// Thread pages written for these tests in the markup of four engines that no shared corpus holds
// (XenForo 2, vBulletin 4, Discuz! X3, Vanilla 2), in English, Russian, Chinese and Arabic: posts,
// authors, dates and quotes must come out of the page's structure as they do for the dev engines.

interface Expected {
  readonly name: string;
  readonly posts: readonly (readonly [author: string, date: string, start: string])[];
  /** Index of the post that quotes, the quoted author and the start of the quoted text. */
  readonly quote: readonly [post: number, author: string, start: string];
}

const ENGINES: readonly Expected[] = [
  {
    name: 'xenforo',
    posts: [
      ['oakleaf', '2021-03-15T10:22+00:00', 'I am building two raised beds'],
      ['stonewall', '2021-03-15T12:05+00:00', 'Mix it yourself'],
      ['fernhill', '2021-03-16T08:40+00:00', 'Same as stonewall'],
    ],
    quote: [1, 'oakleaf', 'The garden centre sells a ready mix'],
  },
  {
    name: 'vbulletin',
    posts: [
      ['Нина_Л', '2020-11-12T18:40', 'Как перезимовать розы?\nВ этом году посадила'],
      ['Сергей Иванович', '2020-11-12T20:15', 'Обязательно укрывать.'],
      ['dacha77', '2020-11-13T09:02', 'Я укрываю спанбондом'],
    ],
    quote: [1, 'Нина_Л', 'Нужно ли их укрывать'],
  },
  {
    name: 'discuz',
    posts: [
      ['绿手指', '2022-05-08T14:20', '今年第一次在阳台种番茄'],
      ['老园丁', '2022-05-08T15:02', '樱桃番茄一棵至少用二十升的盆'],
      ['小番茄', '2022-05-09T09:45', '我用的是泡沫箱'],
    ],
    quote: [1, '绿手指', '请问一棵苗需要多大的花盆'],
  },
  {
    name: 'vanilla',
    posts: [
      ['أبو خليل', '2023-02-03T19:15+00:00', 'عندي عشرون شجرة زيتون'],
      ['سلمى', '2023-02-03T21:40+00:00', 'في آخر الشتاء'],
      ['مزارع_الجليل', '2023-02-04T08:05+00:00', 'أوافق تماماً.'],
      ['أبو خليل', '2023-02-04T13:30+00:00', 'شكراً لكما'],
    ],
    quote: [2, 'سلمى', 'التقليم بعد القطاف مباشرة'],
  },
];

describe.each(ENGINES.map((e) => [e.name, e] as const))('a thread of an engine no corpus holds: %s', (name, e) => {
  const result = extract(readFileSync(new URL(`../fixtures/engines/${name}.html`, import.meta.url)));

  it('is a thread whose posts have their authors, dates and own text', () => {
    expect(result.kind).toBe('thread');
    expect(result.comments).toHaveLength(0);
    expect(result.posts.map((p) => [p.author, p.date])).toEqual(e.posts.map(([author, date]) => [author, date]));
    e.posts.forEach(([, , start], n) => expect(result.posts[n].text.startsWith(start)).toBe(true));
    expect(result.author).toBe(e.posts[0][0]);
  });

  it("puts the quote in the replying post's quotes, with the quoted author, and nowhere else", () => {
    const [n, author, start] = e.quote;
    const post = result.posts[n];
    expect(post.quotes).toHaveLength(1);
    expect(post.quotes[0].author).toBe(author);
    expect(post.quotes[0].text.startsWith(start)).toBe(true);
    expect(post.text).not.toContain(start);
    for (const [k, other] of result.posts.entries()) if (k !== n) expect(other.quotes).toEqual([]);
  });
});

describe('what is not a quote', () => {
  const result = extract(readFileSync(new URL('../fixtures/engines/vbulletin.html', import.meta.url)));

  it("a blockquote holding the whole post (its title aside) is the post's text", () => {
    expect(result.posts[0].quotes).toEqual([]);
    expect(result.posts[0].text).toContain('Нужно ли их укрывать');
  });

  it('a signature set in a blockquote is neither text nor quote', () => {
    expect(result.posts[2].text).not.toContain('Сад — это жизнь');
    expect(result.posts[2].quotes).toEqual([]);
  });
});
