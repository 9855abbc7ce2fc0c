import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import { extractCorrelated } from '../../../src/extractors/correlativity/index.js';
import { asNormalized } from '../../helpers/normalized.js';

// Hand-written layouts of forum engines and comment systems: posts whose text sits in <p> children
// and posts whose text sits directly in the body element must come out alike.

const run = (html: string) => extractCorrelated(analyze(asNormalized(html)));
const NAV = `<ul class="nav">${['Home', 'Forum', 'News', 'Books', 'Music', 'Help'].map((w, i) => `<li><a href="/n/${i}">${w}</a></li>`).join('')}</ul>`;
const FOOTER =
  '<div class="ft"><p>Posts express the views of their writers only. Copying any post to another site requires naming this board as its source, and the administration may remove posts that break the rules.</p></div>';
const page = (inner: string) => `<html><head><title>Board</title></head><body>${NAV}<div id="main">${inner}</div>${FOOTER}</body></html>`;

const LONG_A = 'Men yéqindin buyan programma tüzüshni öginishke bashlidim, emma qaysi tildin bashlashni bilelmey qaldim.';
const LONG_B = 'Bezi dostlar Python tilini tewsiye qildi, bezi dostlar bolsa JavaScript tilini yaxshi dep qaraydu.';
const LONG_C = 'Her küni az bolsimu kod yézishni adet qiling, kitab oqushla bilen programma ögengili bolmaydu.';

interface Reply { user: string; uid: number; when: string; iso: string; paras: string[]; bare: boolean }

/** Discuz-like post: user card, header with date and floor number, body `div.t_f`, signature, buttons. */
function discuzPost(r: Reply, n: number): string {
  const body = r.bare ? r.paras.join('<br>') : r.paras.map((p) => `<p>${p}</p>`).join('');
  return `<div id="post_${n}" class="post"><table class="plhin"><tr>
<td class="pls"><div class="authi"><a href="/space-uid-${r.uid}.html">${r.user}</a></div><dl class="pil"><dt>Level</dt><dd>member</dd><dt>Joined</dt><dd>2010-6-2</dd></dl></td>
<td class="plc"><div class="pi"><em>Posted ${r.when}</em> <strong>#${n}</strong></div>
<div class="t_f" id="postmessage_${n}">${body}</div>
<div class="sign">Knowledge is light <a href="http://blog.example.com/${r.uid}">my blog</a></div>
<div class="po"><a href="/reply?p=${n}">Reply</a> <a href="/quote?p=${n}">Quote</a></div></td></tr></table></div>`;
}

const reply = (user: string, uid: number, day: number, paras: string[], bare: boolean): Reply =>
  ({ user, uid, when: `2012-3-${day} 21:05`, iso: `2012-03-${String(day).padStart(2, '0')}T21:05`, paras, bare });

const MOSTLY_P: Reply[] = [
  reply('Tursun', 77, 14, [LONG_A, LONG_B], false),
  reply('Aygul', 153, 15, [LONG_C], false),
  reply('Erkin', 402, 16, ['Rehmet, yaxshi téma!'], true),
  reply('Muhemmet', 219, 17, [LONG_B, LONG_C], false),
  reply('Aygul', 153, 18, ['Toghra dédingiz.'], true),
];
const MOSTLY_BARE: Reply[] = [
  reply('Tursun', 77, 14, [LONG_A, LONG_B], false),
  reply('Aygul', 153, 15, ['Qoshulimen.'], true),
  reply('Erkin', 402, 16, ['Rehmet, yaxshi téma!'], true),
  reply('Muhemmet', 219, 17, [LONG_C], true),
  reply('Nurgul', 88, 18, ['Men Python tilini tallidim, köp rehmet.'], true),
];

describe.each([
  ['most posts in <p>, short replies bare', MOSTLY_P],
  ['most posts bare, the opening post in <p>', MOSTLY_BARE],
])('Discuz-like thread, %s', (_, replies) => {
  const result = run(page(`<h1>Qaysi tildin bashlash kérek?</h1>${replies.map((r, i) => discuzPost(r, i + 1)).join('\n')}`));

  it('finds every post, in page order, with its whole text and nothing of the signature or buttons', () => {
    expect(result.posts?.map((p) => p.text)).toEqual(replies.map((r) => r.paras.join('\n')));
  });

  it.each(replies.map((r, i) => [i, r.user, r.iso] as const))('post %i: author %s, date %s (not the join date)', (i, user, iso) => {
    expect({ author: result.posts?.[i].author, date: result.posts?.[i].date }).toEqual({ author: user, date: iso });
  });
});

describe('a post mixing bare text and paragraphs in one body', () => {
  const mixed: Reply = reply('Aygul', 153, 15, [], false);
  const html = page([
    discuzPost(reply('Tursun', 77, 14, [LONG_A], false), 1),
    discuzPost({ ...mixed, paras: [`Birinchi qur.</p><p>${LONG_B}`], bare: true }, 2).replace('<br>', ''),
    discuzPost(reply('Erkin', 402, 16, ['Rehmet!'], true), 3),
  ].join('\n'));

  it('keeps the bare line and the paragraph together', () => {
    expect(run(html).posts?.map((p) => p.text)).toEqual([LONG_A, `Birinchi qur.\n${LONG_B}`, 'Rehmet!']);
  });
});

/** vBulletin-4-like post: header with date and counter, user info, body in `blockquote.postcontent`. */
function vbPost(p: { user: string; uid: number; date: string; body: string }, n: number): string {
  return `<li class="postbitlegacy postcontainer" id="post_${n}">
<div class="posthead"><span class="postdate"><span class="date">${p.date}</span></span> <a class="postcounter" href="/showthread.php?p=${n}#post${n}">#${n}</a></div>
<div class="postdetails"><div class="userinfo"><div class="username_container"><a class="username" href="/member.php?u=${p.uid}"><strong>${p.user}</strong></a></div>
<span class="usertitle">Senior Member</span><dl class="userinfo_extra"><dt>Join Date</dt><dd>Mar 2009</dd><dt>Posts</dt><dd>${1200 + n}</dd></dl></div>
<div class="postbody"><div class="postrow"><h2 class="title">Re: Library opening</h2><div class="content"><div id="post_message_${n}"><blockquote class="postcontent restore">${p.body}</blockquote></div></div></div>
<div class="after_content"><blockquote class="signature restore"><div class="signaturecontainer">Books are the best friends</div></blockquote></div>
<div class="postfoot"><a href="/newreply.php?p=${n}">Reply</a> <a href="/newreply.php?p=${n}&quote=1">Quote</a></div></div></div></li>`;
}

describe('vBulletin-like thread (bodies in blockquote.postcontent, quotes in div.bbcode_quote)', () => {
  const posts = [
    { user: 'Layla', uid: 5, date: '14-05-2014, 10:30', iso: '2014-05-14T10:30', body: `${LONG_A}<br><br>${LONG_B}`, text: `${LONG_A}\n${LONG_B}` },
    { user: 'Omar', uid: 6, date: '14-05-2014, 11:02', iso: '2014-05-14T11:02', body: 'Thanks, good news!', text: 'Thanks, good news!' },
    {
      user: 'Sami', uid: 7, date: '15-05-2014, 08:45', iso: '2014-05-15T08:45',
      body: `<div class="bbcode_container"><div class="bbcode_quote">Originally posted by Omar: Thanks, good news!</div></div>${LONG_C}`,
      text: LONG_C,
    },
    { user: 'Layla', uid: 5, date: '15-05-2014, 09:10', iso: '2014-05-15T09:10', body: '<p>Agreed.</p>', text: 'Agreed.' },
  ];
  const result = run(page(`<h1>Library opening</h1><ol id="posts" class="posts">${posts.map((p, i) => vbPost(p, i + 1)).join('\n')}</ol>`));

  it.each(posts.map((p, i) => [i, p] as const))('post %i: text without quote and signature, author, date', (i, p) => {
    expect(result.posts?.[i]).toMatchObject({ text: p.text, author: p.user, date: p.iso });
  });

  it('finds exactly the four posts', () => {
    expect(result.posts).toHaveLength(posts.length);
  });
});

const ARTICLE = `<article><h1>A new library opens</h1><p class="byline">By Staff Writer, 2017-03-09</p>
<p>${LONG_A} ${LONG_B}</p><p>${LONG_C} ${LONG_A}</p><p>${LONG_B} ${LONG_C}</p></article>`;

/** WordPress-like comment: meta footer with author (`div.comment-author > b.fn`) and time, content in <p>. */
function wpComment(c: { name: string; url?: string; date: string; content: string }, n: number): string {
  const name = c.url ? `<a href="${c.url}" class="url">${c.name}</a>` : c.name;
  return `<li id="comment-${n}" class="comment even depth-1"><article id="div-comment-${n}" class="comment-body">
<footer class="comment-meta"><div class="comment-author vcard"><img class="avatar" src="/a/${n}.png" alt=""><b class="fn">${name}</b> <span class="says">says:</span></div>
<div class="comment-metadata"><a href="#comment-${n}"><time datetime="x">${c.date}</time></a></div></footer>
<div class="comment-content">${c.content}</div>
<div class="reply"><a class="comment-reply-link" href="?replytocom=${n}">Reply</a></div></article></li>`;
}

describe('WordPress-like comments under an article', () => {
  const comments = [
    { name: 'Rahima', url: 'http://example.org/rahima', date: 'March 10, 2017 at 4:51 am', iso: '2017-03-10T04:51', content: `<p>${LONG_A}</p><p>${LONG_B}</p>`, text: `${LONG_A}\n${LONG_B}` },
    { name: 'Anonymous reader', date: 'March 10, 2017 at 3:50 pm', iso: '2017-03-10T15:50', content: '<p>Nice.</p>', text: 'Nice.' },
    { name: 'Kamal', url: 'http://example.net/k', date: 'March 11, 2017 at 9:05 am', iso: '2017-03-11T09:05', content: `<p>Two things:</p><ul><li>${LONG_C}</li><li>Hours?</li></ul>`, text: `Two things:\n${LONG_C}\nHours?` },
  ];
  const result = run(page(`${ARTICLE}<div id="comments"><h2>3 comments</h2><ol class="comment-list">${comments.map((c, i) => wpComment(c, i + 11)).join('\n')}</ol></div>`));

  it('reads the page as an article with comments', () => {
    expect(result.posts).toBeUndefined();
    expect(result.text).toContain(LONG_A);
  });

  it.each(comments.map((c, i) => [i, c] as const))('comment %i: author from b.fn (with or without link), date, whole content', (i, c) => {
    expect(result.comments?.[i]).toMatchObject({ author: c.name, date: c.iso, text: c.text });
  });
});

describe('news comments with name-classed spans', () => {
  const names = [
    ['c-name', 'أبو خالد'],
    ['comment-name', 'منى'],
    ['author-name', 'Ayşe'],
    ['user_name', 'طالب جامعي'],
    ['nick', 'qasqar88'],
  ] as const;
  const texts = [
    'خطوة رائعة، نتمنى أن تفتح مكتبات مثلها في كل الأحياء.',
    'زرت المكتبة اليوم مع أولادي وأعجبتهم كثيرا.',
    'Great news for the students of the city.',
    'هل يمكن استعارة الكتب إلى البيت؟',
    'Yaxshi xewer ikenn.',
  ];

  it.each(names.map(([cls, name], i) => [cls, name, i] as const))('an author in span.%s is %s', (cls, name, i) => {
    const items = names.map(([, other], k) =>
      `<div class="comment"><div class="c-head"><span class="${k === i ? cls : 'c-x'}">${k === i ? name : other}</span> <span class="c-date">2014-05-2${k} 12:40</span></div><div class="c-text">${texts[k]}</div></div>`);
    const result = run(page(`${ARTICLE}<section class="comments"><h3>Comments</h3>${items.join('\n')}</section>`));
    expect(result.comments?.map((c) => c.text)).toEqual(texts);
    expect(result.comments?.[i].author).toBe(name);
    // the other spans carry no author token: their names are read from the header line (name, date)
    expect(result.comments?.map((c) => c.author)).toEqual(names.map(([, n]) => n));
  });
});
