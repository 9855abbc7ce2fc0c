/**
 * A hostile page of our own: scripts, event handlers, external resources, and page text that tries to
 * close the report's elements and attributes. Its scripts and resources all aim at `BEACON`, so a
 * browser test can tell whether any of them ran or loaded.
 */

/** Where the hostile page's scripts and resources point (nothing listens there). */
export const BEACON = 'http://127.0.0.1:9/beacon';

const breakout = `&lt;/title&gt;&lt;/textarea&gt;&lt;/style&gt;&lt;script&gt;window.pwned=1;fetch('${BEACON}?t')&lt;/script&gt;`;
const attr = `&quot;&gt;&lt;img src=x onerror=&quot;window.pwned=2&quot;&gt;`;

/** One forum post of the hostile thread (our own sentences). */
const post = (n: number, who: string) => `<div class="post" id="post-${n}"><div class="author"><a href="/u/${n}">${who}${n === 1 ? attr : ''}</a></div>
<div class="date">2024-03-0${n} 10:1${n}</div>
<div class="message">${n === 2 ? `<blockquote><cite>${who}</cite>${breakout} quoted words of the first post, long enough to be kept</blockquote>` : ''}
This is reply number ${n}, written to test escaping: ${breakout} and an image <img src="${BEACON}?img${n}" onerror="window.pwned=3">
that should never load. It goes on for a while so that the post is kept as text of the thread.</div></div>`;

/** The hostile page. */
export const HOSTILE_PAGE = `<!DOCTYPE html><html><head><meta charset="utf-8">
<title>${breakout} hostile thread</title>
<meta name="author" content='"><script>window.pwned=4</script>'>
<meta property="og:image" content="javascript:window.pwned=5">
<meta property="og:title" content="${attr}">
<link rel="stylesheet" href="${BEACON}?css"><base href="${BEACON}/">
<script src="${BEACON}?js"></script><script>window.pwned = 6; fetch('${BEACON}?inline');</script>
<style>body{background:url(${BEACON}?bg)}</style></head>
<body onload="window.pwned=7"><iframe src="${BEACON}?frame"></iframe>
<h1>${breakout} A thread about safe reports</h1>
<form action="${BEACON}?form"><input name="q"></form>
${[1, 2, 3, 4].map((n) => post(n, ['alice', 'bob', 'carol', 'dave'][n - 1])).join('\n')}
<p>Control characters \u0001\u0002 and a right-to-left override \u202Eevil\u202C end here.</p>
<svg><script>window.pwned=8</script><image href="${BEACON}?svg"/></svg>
</body></html>`;
