import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extract } from '../../src/pipeline.js';

// Thread pages written for these tests in the layouts of table-laid boards (docs/algorithms/threads.md,
// "Table-laid boards"): a vBulletin 3 postbit_legacy-like table per post (Uyghur, dates month-first),
// an old BBS whose posts are two rows of one class-less table (Chinese, two-digit years in adjacent
// inline elements), a phpBB 2-like table whose post row is followed by a "back to top" row and an ad row
// (Arabic, class-less quote tables, a nested quote, signatures under a separator line), and an IPB 2-like
// table per post with a name link to no profile-named address, a guest, an ad table of the posts' class
// and quote divs named by no quote class (English), a YaBB-like table per post whose quote headers follow
// the poster's own sentence on its line (Russian), and a table per post of posts shorter than the page's
// footer (Persian). Their classes are their own or none: the posts must come from the structure. The
// phpBB 2-like page has an edit notice longer than maxNoticeWords that names its poster.

interface Expected {
  readonly file: string;
  readonly posts: readonly (readonly [author: string, date: string, text: string])[];
  /** Per post, its quotes as [author, text]. */
  readonly quotes: readonly (readonly (readonly [string | null, string])[])[];
}

const PAGES: readonly Expected[] = [
  {
    file: 'vb3-legacy',
    posts: [
      ['ئابلەت_باغۋەن', '2005-05-17T21:15', 'بۇ يىل ھويلىمىزغا پەمىدۇر تېرىماقچىمەن. كۆچەتنى قاچان تىكسەم ياخشى؟\nئۆتكەن يىلى بالدۇر تىكىپ سوغۇقتا توڭلىتىپ قويغانىدىم.'],
      ['گۈلنار', '2005-05-18T22:40', 'ئاپرېلنىڭ ئاخىرىدا، كېچىسى سوغۇق بولمىغاندا تىكسىڭىز بولىدۇ.\nيەرنى ئالدىن يۇمشىتىپ قويۇڭ.'],
      // 06-02-2005 is June 2: the page's 05-18-2005 puts the month first
      ['ئابلەت_باغۋەن', '2005-06-02T08:05', 'رەھمەت، دېگىنىڭىزدەك قىلدىم. ھازىر كۆچەتلەر ياخشى ئۆسۈۋاتىدۇ.'],
    ],
    quotes: [[], [['ئابلەت_باغۋەن', 'كۆچەتنى قاچان تىكسەم ياخشى؟']], []],
  },
  {
    file: 'old-bbs',
    posts: [
      ['青藤', '2019-09-28T12:44', '我家阳台朝南，大概五平方米，想种一棵葡萄。\n有人在阳台上种过吗？需要多大的盆？'],
      ['老张头', '2019-09-29T08:10', '种过三年了，用六十升的大盆就够，记得搭一个架子。\n冬天要把枝条剪短。'],
      // 01.10.19 is 1 October: the page's 28.09.19 puts the day first
      ['小雨', '2019-10-01T21:30', '谢谢两位，我明天就去买盆。'],
    ],
    quotes: [[], [['青藤', '有人在阳台上种过吗？需要多大的盆？']], [['老张头', '用六十升的大盆就够。'], ['青藤', '我家阳台朝南，大概五平方米。']]],
  },
  {
    file: 'phpbb2-like',
    posts: [
      ['سامي_الدراج', '2010-03-14T22:15', 'اشتريت دراجة هوائية جديدة الأسبوع الماضي، لكن الفرامل تصدر صوتا غريبا.\nهل من نصيحة؟'],
      ['ليلى', '2010-03-14T23:02', 'هل جربت تنظيف الأقراص بالكحول؟'],
      ['سامي_الدراج', '2010-03-15T08:40', 'نعم، نظفتها ولكن الصوت ما زال موجودا.'],
    ],
    quotes: [[], [], [['ليلى', 'هل جربت تنظيف الأقراص بالكحول؟'], ['سامي_الدراج', 'هل من نصيحة؟']]],
  },
  {
    file: 'ipb2-like',
    posts: [
      ['oakroot', '2008-03-03T07:45', 'Our allotment flooded again after the storm on Sunday.\nHas anyone found a way to keep the water off the beds?'],
      ['Fenwick', '2008-03-03T09:12', 'Raised beds saved most of my onions last winter.'],
      ['Marta_K', '2008-03-04T18:30', 'I dug a trench along the fence and it helped a lot.'],
      ['oakroot', '2008-03-05T08:05', 'Thanks, I will try the trench before spring.'],
    ],
    quotes: [
      [],
      [['oakroot', 'Has anyone found a way to keep the water off the beds?']],
      [],
      // the nested quote names someone who has not posted on this page: the name is read from the header's parentheses
      [['Marta_K', 'I dug a trench along the fence and it helped a lot.'], ['old_hollis', 'Keep the paths higher than the beds.']],
    ],
  },
  {
    // quote headers on the line of the poster's own sentence ("… над ящиками. <a>Цитата: Ольга</a> date:<br>",
    // "… купила. <b>Цитата:</b><br>"); times joined to the date by "в"
    file: 'yabb-like',
    posts: [
      ['Ольга', '2011-03-03T10:15', 'Посеяла томаты в начале февраля, а рассада вытянулась и стала бледной.\nЧто я сделала не так?'],
      ['Петрович', '2011-03-03T12:02', 'Света мало, вот и тянется. Поставьте лампу над ящиками.\nНичего страшного, так бывает у всех.'],
      ['Ольга', '2011-03-03T19:30', 'Спасибо, лампу уже купила.\nЧерез неделю напишу, что получилось.'],
    ],
    quotes: [[], [['Ольга', 'Что я сделала не так?']], [[null, 'Поставьте лампу над ящиками.']]],
  },
  {
    // posts shorter than the page's footer: the records hold most of the page's text
    file: 'short-posts',
    posts: [
      ['نسرین', '2014-07-25T07:54', 'امسال گوجه کاشتم و خوب شد.'],
      ['بهرام', '2014-07-26T05:03', 'مبارک باشد!'],
      ['نسرین', '2014-07-26T11:27', 'ممنون، سال بعد خیار هم می‌کارم.'],
      ['مینا', '2014-07-27T03:01', 'خیار آب زیادی می‌خواهد.'],
    ],
    quotes: [[], [], [], []],
  },
];

describe.each(PAGES.map((p) => [p.file, p] as const))('a table-laid thread: %s', (file, e) => {
  const result = extract(readFileSync(new URL(`../fixtures/tables/${file}.html`, import.meta.url)));

  it('is a thread, and says so', () => {
    expect(result.kind).toBe('thread');
    expect(result.comments).toEqual([]);
    expect(result.diagnostics.find((d) => d.code === 'page-kind')?.details?.kind).toBe('thread');
  });

  it('has every post with its author, date and own text (no user panel, title, signature or quote)', () => {
    expect(result.posts.map((p) => [p.author, p.date, p.text])).toEqual(e.posts.map((p) => [...p]));
  });

  it('puts each quote in its post, outer quote first, with the quoted author', () => {
    expect(result.posts.map((p) => p.quotes.map((q) => [q.author, q.text]))).toEqual(e.quotes.map((qs) => qs.map((q) => [...q])));
  });

  it("takes the page's author and date from the opening post", () => {
    expect([result.author, result.date]).toEqual([e.posts[0][0], e.posts[0][1]]);
  });
});
