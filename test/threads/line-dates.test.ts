import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { extractAuto } from '../../src/extractors/auto/index.js';
import { findLineDates } from '../../src/threads/line-dates.js';
import { asNormalized } from '../helpers/normalized.js';

describe('findLineDates: two-digit years beside a time of day', () => {
  it.each([
    ['07.22.12 at 20:33', '2012-07-22T20:33'],
    ['10/28/12 5:41 PM', '2012-10-28T17:41'],
    ['Posted 22-07-12, 9:05 am', '2012-07-22T09:05'],
    ['11.05.12 at 4:07 pm', '2012-11-05T16:07'],
    ['03/04/98 12:10 AM', '1998-03-04T00:10'],
  ])('%s is %s', (text, iso) => {
    expect(findLineDates(text)[0]?.iso).toBe(iso);
  });

  it.each([['version 10.11.12'], ['10.11.12'], ['2.31.12 at 9:00'], ['31.02.12 at 10:00'], ['192.168.10.1 at 10:00']])(
    '%s has no date',
    (text) => {
      expect(findLineDates(text)).toEqual([]);
    },
  );

  it('leaves long lines to the page-wide reader', () => {
    expect(findLineDates(`${'word '.repeat(20)}07.22.12 at 20:33`)).toEqual([]);
  });
});

describe('comment lists read once their two-digit-year dates are', () => {
  const texts = ['I tried this on my own project and it worked well.', 'Thanks, this was the missing piece for me.', 'Could you write more about the second step?'];
  const people = ['amina', 'Joe Park', 'lev'];
  const pairs = texts
    .map((t, n) => `<dt class="rc" id="rc-${n + 1}"><a href="#rc-${n + 1}">${n + 1}</a><p><span class="nm">${people[n]}</span> <span class="tm">07.2${n}.12 at 1${n}:05</span></p></dt><dd class="rc"><div class="tx"><p>${t}</p></div></dd>`)
    .join('');
  const para = '<p>The long post starts here and explains the whole idea of the piece, with enough words to be an article of its own on the page.</p>';
  const html = `<html><head><title>Notes</title></head><body><div class="art"><h1>Notes on a small tool</h1>${para.repeat(6)}</div><p>3 comments</p><dl class="lst">${pairs}</dl></body></html>`;

  it('finds the comments of sibling header/body pairs dated "07.20.12 at 10:05"', () => {
    const r = extractAuto(analyze(asNormalized(html)));
    expect(r.kind).toBe('comments');
    expect(r.comments?.map((c) => [c.author, c.date, c.text])).toEqual(texts.map((t, n) => [people[n], `2012-07-2${n}T1${n}:05`, t]));
  });
});

describe('an article written as one more classless div beside the comment divs', () => {
  const texts = ['What a lovely trip, the photos are great.', 'I went there last year and loved the gardens.', 'Adding this to my list for next summer!'];
  const article = `<div><div class="nav">« Older post</div><h2>Day six: the castle</h2>${'<p>We took the early train to the castle and spent the whole day walking in its gardens by the lake.</p>'.repeat(3)}</div>`;
  const comments = texts
    .map((t, n) => `<div id="c${500 + n}"><div class="cb"><p>${t}</p><p class="cp">Posted by: <a href="http://example.org/${n}">Reader${n}</a> at October ${11 + n}, 2012 7:4${n} AM</p></div></div>`)
    .join('');
  const html = `<html><head><title>Trip</title></head><body><div id="main">${article}<h2>Comments (3)</h2>${comments}</div></body></html>`;

  it('reads the article as the body and the divs after it as its comments', () => {
    const r = extractAuto(analyze(asNormalized(html)));
    expect(r.kind).toBe('comments');
    expect(r.comments?.map((c) => c.text)).toEqual(texts);
    expect(r.text).toContain('We took the early train');
  });
});

describe('a comment count that also counts trackbacks', () => {
  const texts = ['Nice photos of the old market.', 'We were there in May, it was very busy.', 'Which camera did you use for these?'];
  const items = texts
    .map((t, n) => `<li class="cm"><p class="who"><a href="/u/p${n}">person${n}</a> <span>June ${3 + n}, 2012 at 9:0${n} am</span></p><div class="say"><p>${t}</p></div></li>`)
    .join('');
  const page = (count: string) =>
    `<html><head><title>Market</title></head><body><div class="post"><h1>The old market</h1><p>by Ann on June 2, 2012</p><p>Photos from a morning walk.</p></div><p>${count}</p><ol class="cl">${items}</ol></body></html>`;

  it('reads the records as comments when the count is a few more than them', () => {
    expect(extractAuto(analyze(asNormalized(page('{ 4 comments… read them below or add one }')))).kind).toBe('comments');
  });

  it('reads them as a thread when the line counts one fewer (the replies of a forum thread)', () => {
    expect(extractAuto(analyze(asNormalized(page('2 replies')))).kind).toBe('thread');
  });
});

describe('replies in a wrapper beside the comment they answer', () => {
  const c = (n: number, text: string) =>
    `<div class="rem"><div class="rem-h"><a href="/users/u${n}">user${n}</a> says:</div><div class="rem-b"><p>${text}</p></div><div class="rem-f">Posted on Nov 0${n + 1} 2012 | 1:2${n} pm</div></div>`;
  const texts = ['Is this the new model or last year one?', 'It is the new one, they showed it on Monday.', 'Thanks, that is what I thought.', 'Any word on the price yet?', 'I hope they keep the small size.', 'Will it come in blue?'];
  const list = `${c(0, texts[0])}<div class="ind">${c(1, texts[1])}<div class="ind">${c(2, texts[2])}</div></div>${c(3, texts[3])}${c(4, texts[4])}${c(5, texts[5])}`;
  const para = '<p>The phone maker sent out invitations for an event in New York next week, where a new model is expected to be shown.</p>';
  const html = `<html><head><title>Event</title></head><body><div class="story"><h1>An event next week</h1>${para.repeat(5)}</div><div class="rems"><h3>There are 6 comments.</h3>${list}</div></body></html>`;

  it('reads every comment, the wrapped replies in page order', () => {
    const r = extractAuto(analyze(asNormalized(html)));
    expect(r.kind).toBe('comments');
    expect(r.comments?.map((x) => [x.author, x.text])).toEqual(texts.map((t, n) => [`user${n}`, t]));
  });
});
