import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import { extractAuto } from '../../../src/extractors/auto/index.js';
import { extractCorrelated } from '../../../src/extractors/correlativity/index.js';
import { asNormalized } from '../../helpers/normalized.js';

const doc = (html: string) => analyze(asNormalized(html));

const PARAS = [
  'The river that crosses the old town rose by two metres overnight after three days of steady rain in the hills above the valley.',
  'Shopkeepers on the embankment moved their goods to upper floors, and volunteers filled sandbags in the market square until dawn.',
  'By noon the water had begun to fall again, and the town council said the new flood walls had kept the historic bridge dry.',
];
const COMMENTS = [
  'My cousin lives two streets from the embankment and says the water reached the second step of the church this morning.',
  'The flood walls were worth every penny, whatever the council was told when they were built ten years ago.',
  'Does anyone know whether the trains to the coast are running again, or is the line through the valley still closed?',
  'We lost a garden shed and most of the tomatoes, but the house stayed dry, so we count ourselves lucky this time.',
  'Thanks for the photographs; the bridge looks exactly as it did when my grandmother used to walk us across it.',
];
const WHO = ['Aygul', 'Mehmud', 'Nurgul', 'Ablikim', 'Rena'];

/**
 * A blog post whose comments are loose siblings in the post's own container, each a body `div` and
 * then the template's "Posted by: … at …" line (a `p`), then a comment form: no comment markup at all.
 */
const page = (comment: (text: string, n: number) => string) => `<html><head><title>River rises</title></head><body>
<div id="banner"><h1><a href="/">The Valley Blog</a></h1></div>
<div class="content"><h3>River rises</h3>${PARAS.map((p) => `<p>${p}</p>`).join('')}
<p class="posted">Posted by Laurie at October 20, 2012 09:01 AM</p><h2 id="comments">Comments</h2>
${COMMENTS.map(comment).join('\n')}
<h2>Post a comment</h2><form><p><label>Name:</label><input name="n"></p><p><label>Comments:</label><textarea></textarea></p></form></div></body></html>`;
const posted = (n: number) => `<p class="posted">Posted by: ${WHO[n]} at October 2${n}, 2012 0${n + 1}:1${n} PM</p>`;
const PAGE = page((c, n) => `<div id="c10${n}"><p>${c}</p></div>${posted(n)}`);

describe('silenceWholeRecords: a comment record is every sibling it spans', () => {
  it('thread detection reads each record as its body and the line after it (Post.recordEnd)', () => {
    const d = doc(PAGE);
    const { posts } = extractCorrelated(d); // `auto` reads them as the comments of the article above
    expect(posts?.length).toBe(5);
    for (const c of posts ?? []) {
      expect(c.recordEnd).toBeGreaterThan(d.index.subtreeEnd[c.node]); // past the body div: its "Posted by" line
      expect(d.textOf(c.recordEnd! - 1)).toMatch(/^Posted by: /u); // the record's last node is inside that line
    }
  });

  it('on (default): the "Posted by" lines are silenced with their comments, and the body ends with the post', () => {
    const r = extractAuto(doc(PAGE));
    expect(r.kind).toBe('comments');
    for (const p of PARAS) expect(r.text).toContain(p);
    for (const c of COMMENTS) expect(r.text).not.toContain(c);
    expect(r.text).not.toContain('Posted by: ');
  });

  it('off: the lines after the records bound the kept range, and the silenced comments between them come back', () => {
    const r = extractAuto(doc(PAGE), { silenceWholeRecords: false });
    for (const p of PARAS) expect(r.text).toContain(p);
    expect(r.text).toContain(COMMENTS[0]);
    expect(r.text).toContain('Posted by: Rena');
  });

  it('a record of one element (the line inside it) ends with its own subtree', () => {
    const d = doc(page((c, n) => `<div id="c10${n}"><p>${c}</p>${posted(n)}</div>`));
    const { posts } = extractCorrelated(d);
    expect(posts?.length).toBe(5);
    for (const c of posts ?? []) expect(c.recordEnd).toBe(d.index.subtreeEnd[c.node]);
  });
});
