import { describe, expect, it } from 'vitest';
import { extract } from '../../src/pipeline.js';
import { analyze } from '../../src/analysis/analyze.js';
import { findAuthor } from '../../src/threads/author.js';
import { asNormalized } from '../helpers/normalized.js';

// Comment lists written for these tests: where a record's author stands when the template repeats a
// label in the author's place, or prints the byline inside the comment body.

const ARTICLE = `<h1>Notes from the allotment</h1>
<p>The broad beans went in late this year because the ground stayed wet until April. They caught up in May, and the first pods were ready by the end of June, a week later than usual.</p>
<p>Next year the bed by the shed gets the beans: it drains better and gets the morning sun. The onions move to the far end where the soil is heavier.</p>`;

function commentPage(records: string): string {
  return `<html><body><article>${ARTICLE}</article><div id="comments"><h3>4 comments</h3><ol>${records}</ol></div></body></html>`;
}

const PEOPLE = [
  ['Ruth', 'March 2, 2021 at 9:14 am', 'Ours were late too. The wet spring did not help anyone on our site.'],
  ['Tomasz', 'March 2, 2021 at 11:40 am', 'Try a few under fleece in February next time, they cope with the cold better than you think.'],
  ['Ines', 'March 3, 2021 at 8:05 pm', 'Good plan about the shed bed. Beans love a well drained spot with morning sun.'],
  ['Ruth', 'March 4, 2021 at 7:30 am', 'Tomasz, which variety do you sow that early? Mine always rot in the cold.'],
] as const;

describe('record authors', () => {
  it('a label every record repeats in the author place ("Profile") is not the name: the name beside it is', () => {
    const records = PEOPLE.map(([name, date, text], n) => `<li id="comment-${n + 1}"><div class="who"><a href="/u/${n + 1}"><img src="/a/${n + 1}.png" alt=""></a><br><a href="/u/${n + 1}">Profile</a></div>
<div class="meta"><div class="when">${date}</div><div class="comment-author">${name}</div><div class="text"><p>${text}</p></div></div></li>`).join('\n');
    const result = extract(commentPage(records));
    expect(result.kind).toBe('comments');
    expect(result.comments.map((c) => c.author)).toEqual(PEOPLE.map(([name]) => name));
  });

  it('one person writing every comment keeps the name (the text found instead repeats too)', () => {
    const records = PEOPLE.map(([, date, text], n) => `<li id="comment-${n + 1}"><div class="comment-author"><a href="/u/7">Ruth</a></div>
<div class="when">${date}</div><div class="text"><p>${text}</p></div><div class="votes">Like Dislike</div></li>`).join('\n');
    expect(extract(commentPage(records)).comments.map((c) => c.author)).toEqual(['Ruth', 'Ruth', 'Ruth', 'Ruth']);
  });

  it('a byline printed inside the comment body ("by X on <date>") names the author and leaves the text', () => {
    const records = PEOPLE.map(([name, date, text], n) => `<li id="comment-${n + 1}"><div class="avatar"><img src="/a/${n + 1}.png" alt=""></div>
<div class="comment-body"><p>${text}</p><p class="small">by ${n % 2 === 0 ? `<a href="https://example.org/${n}">${name}</a>` : name} on ${date}. <a href="#r${n}">Reply</a></p></div></li>`).join('\n');
    const result = extract(commentPage(records));
    expect(result.comments.map((c) => c.author)).toEqual(PEOPLE.map(([name]) => name));
    expect(result.comments.map((c) => c.text)).toEqual(PEOPLE.map(([, , text]) => text));
  });

  it('an edit notice inside the body ("Last edited by X at <date>") does not name the author', () => {
    const records = PEOPLE.map(([, date, text], n) => `<li id="comment-${n + 1}"><div class="avatar"><img src="/a/${n + 1}.png" alt=""></div>
<div class="comment-body"><p>${text}</p><p>Last edited by moderator on ${date}</p></div></li>`).join('\n');
    const result = extract(commentPage(records));
    expect(result.comments).toHaveLength(4);
    expect(result.comments.map((c) => c.author)).toEqual([null, null, null, null]);
  });
});

describe('findAuthor and the name attributes of a page', () => {
  const doc = (html: string) => analyze(asNormalized(html));
  const record = (inner: string) => `<html><body><div id="r"><div class="head">${inner}</div><div class="body"><p>Bu yil baharda yengi mektep selindi.</p></div></div></body></html>`;
  const range = (d: ReturnType<typeof doc>) => {
    const r = d.index.tag.findIndex((t, i) => t === 'div' && d.textOf(i).includes('mektep') && d.index.tag[i + 1] === 'div');
    const body = d.index.tag.findIndex((t, i) => t === 'div' && i > r && d.textOf(i).trim().startsWith('Bu yil'));
    return { start: r, end: d.index.subtreeEnd[r], skip: [[body, d.index.subtreeEnd[body]] as const] };
  };

  it.each([
    ['a data-username attribute first', '<span data-username="aygul_77">Aygül</span> <a href="/member/5">nurgul</a>', 'aygul_77'],
    ['no name attribute on the page: the profile link', '<span>Aygül</span> <a href="/member/5">nurgul</a>', 'nurgul'],
  ])('%s', (_, inner, expected) => {
    const d = doc(record(inner));
    const { start, end, skip } = range(d);
    expect(findAuthor(d, start, end, skip, 40)).toBe(expected);
  });

  it('skips a name attribute inside a skipped range (the body)', () => {
    const d = doc(record('<a href="/member/5">nurgul</a>').replace('<p>Bu yil', '<p data-author="quoted_one">Bu yil'));
    const { start, end, skip } = range(d);
    expect(findAuthor(d, start, end, skip, 40)).toBe('nurgul');
  });

  it('answers the same range again from the page memo; a reading with labels is its own and leaves it as it was', () => {
    const d = doc(record('<a href="/member/5">nurgul</a> <a href="/member/6">aziz</a>'));
    const { start, end, skip } = range(d);
    expect(findAuthor(d, start, end, skip, 40)).toBe('nurgul');
    expect(findAuthor(d, start, end, skip, 40, new Set(['nurgul']))).toBe('aziz');
    expect(findAuthor(d, start, end, skip, 40)).toBe('nurgul');
    // another skipped range is another question (nothing skipped: the body's own text is read too)
    expect(findAuthor(d, start, end, [], 40)).toBe('nurgul');
    expect(findAuthor(d, start, end, skip, 3)).toBeNull();
  });
});
