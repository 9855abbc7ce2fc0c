import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { extractAuto } from '../../src/extractors/auto/index.js';
import { extractCorrelated } from '../../src/extractors/correlativity/index.js';
import { detectThread } from '../../src/threads/index.js';
import { asNormalized } from '../helpers/normalized.js';
import { articleWithLikes, forumWithCounts, QA_CASES } from './qa-pages.js';

// Q&A layouts written for these tests (class names no engine uses): the kind, the question as the
// opening post and the answers (and comments under them) as posts must come from the structure or
// from schema.org markup.

const doc = (html: string) => analyze(asNormalized(html));

describe.each(QA_CASES.map((make) => [make().name, make()] as const))('Q&A page: %s', (_, qa) => {
  const result = extractAuto(doc(qa.html));

  it("is kind 'qa' in auto and correlated", () => {
    expect(result.kind).toBe('qa');
    expect(extractCorrelated(doc(qa.html)).kind).toBe('qa');
    expect(detectThread(doc(qa.html))?.kind).toBe('qa');
  });

  it('has the question as the opening post and the answers as posts, with authors and dates', () => {
    const got = (result.posts ?? []).map((p) => [p.author, p.date?.slice(0, 10), p.text.slice(0, qa.posts[0][2].length)]);
    expect(got.length).toBe(qa.posts.length);
    qa.posts.forEach(([author, day, start], n) => {
      expect(got[n][0]).toBe(author);
      expect(got[n][1]).toBe(day);
      expect((result.posts ?? [])[n].text.startsWith(start)).toBe(true);
    });
  });

  it('takes the question text as the body', () => {
    expect(result.text.startsWith(qa.posts[0][2])).toBe(true);
  });
});

describe('pages that are not Q&A', () => {
  it('a forum thread with a reply count and post counts per poster stays a thread', () => {
    const r = extractAuto(doc(forumWithCounts()));
    expect(r.kind).toBe('thread');
    expect(r.posts?.length).toBe(5);
  });

  it('an article whose comments carry like counts stays an article with comments', () => {
    const r = extractAuto(doc(articleWithLikes()));
    expect(r.kind).toBe('comments');
    expect(r.comments?.length).toBe(3);
    expect(r.posts).toBeUndefined();
  });

  it('an article with comments ranked by likes (down the page) is not a question', () => {
    // the same page with the comments' likes in decreasing order: the article is far longer than any comment
    const html = articleWithLikes().replace('<span>12</span>', '<span>40</span>').replace('<span>30</span>', '<span>25</span>');
    const r = extractAuto(doc(html));
    expect(r.kind).toBe('comments');
  });
});
