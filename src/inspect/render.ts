/**
 * The report as one self-contained HTML string: inline CSS and SVG, no script, no external
 * resource, and a Content-Security-Policy that forbids both even if something slipped through.
 * Everything taken from the page is escaped ({@link escapeHtml}); URLs are shown as text, never linked.
 * @module
 */
import { detectScript, isRightToLeftScript } from '../encoding/script.js';
import type { Repair } from '../encoding/types.js';
import type { Field } from '../metadata/field.js';
import type { PagePost } from '../post-fields.js';
import { escapeHtml as esc } from './escape.js';
import type { Inspection } from './model.js';
import { correlativityFigure, lineBlockFigure, textBlockFigure, type Figure } from './plots.js';
import type { PlotOptions } from './svg.js';

/** Options of {@link renderReport}. */
export interface RenderOptions {
  /** Sizes and colours of the plots. @default {} */
  plot?: PlotOptions;
  /** Label of the input in the heading (a file name or URL). @default '' */
  source?: string;
}

/** Nothing may be fetched or run: styles are inline, images only `data:` (none are emitted). */
const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/** One-letter marks of the algorithms in the page-text margin. */
const MARKS: Readonly<Record<string, string>> = Object.freeze({ correlated: 'C', segmentation: 'S', 'text-blocks': 'T', density: 'D', 'line-blocks': 'L' });

const LETTER = /\p{L}/u;

/**
 * `rtl` or `ltr` for a piece of page text, from the script of most of its letters; `fallback` when it
 * has none (a date, a number: it follows the page).
 */
export function directionOf(text: string, fallback: 'rtl' | 'ltr' | 'auto' = 'auto'): 'rtl' | 'ltr' | 'auto' {
  if (!LETTER.test(text)) return fallback;
  return isRightToLeftScript(detectScript(text, { markup: false }).script) ? 'rtl' : 'ltr';
}

/** Page text in an element with its own direction. */
function textEl(tag: string, text: string, cls = '', fallback: 'rtl' | 'ltr' | 'auto' = 'auto'): string {
  return `<${tag}${cls ? ` class="${cls}"` : ''} dir="${directionOf(text, fallback)}">${esc(text)}</${tag}>`;
}

const CSS = `
:root{font-family:system-ui,-apple-system,"Segoe UI","Noto Sans","Noto Sans Arabic","Noto Sans CJK SC",sans-serif;color:#222;background:#fff}
body{margin:0 auto;max-width:1100px;padding:16px 24px;line-height:1.45}
h1{font-size:1.5em;margin:.2em 0}h2{border-bottom:2px solid #3465a4;padding-bottom:2px;margin-top:1.6em}
nav a{margin-right:1em}
table{border-collapse:collapse;margin:.5em 0;font-size:.92em}th,td{border:1px solid #ccc;padding:3px 8px;text-align:start;vertical-align:top}
th{background:#f0f3f8}td.num{text-align:right;font-variant-numeric:tabular-nums}
.muted{color:#666}.warn{color:#a40000}
figure{margin:1em 0}figcaption{font-size:.9em;color:#444;max-width:760px}
svg.plot{display:block;width:100%;max-width:760px;height:auto;background:#fff;border:1px solid #e3e3e3;margin:6px 0}
svg.plot text{fill:#222;font-family:inherit}
.text-legend span{display:inline-block;padding:1px 8px;margin-right:8px;border-radius:3px}
.page-text{border:1px solid #ddd;padding:6px;max-height:none}
.row{display:grid;grid-template-columns:7.5em 1fr;gap:8px;border-bottom:1px solid #f2f2f2;padding:2px 0}
.marks{font-family:ui-monospace,monospace;font-size:.8em;color:#bbb;direction:ltr;white-space:nowrap}
.marks b{color:#1d5e1d}
.blk{margin:0;white-space:pre-wrap}
.hl-body{background:#dff3d8;outline:1px solid #8cc57c}
.hl-post{background:#dce8fb;outline:1px solid #7ea4e0}
.hl-comment{background:#fbeed5;outline:1px solid #e0b36b}
.post{border:1px solid #ccd;border-radius:4px;padding:6px 10px;margin:8px 0}
.post header{font-size:.9em;color:#444;direction:ltr}
.post .body{white-space:pre-wrap}
blockquote{margin:4px 0;padding:4px 10px;border-inline-start:4px solid #aab;background:#f6f6fa}
.pill{display:inline-block;padding:0 6px;border-radius:8px;background:#eef;font-size:.85em}
`;

function row(cells: readonly string[], header = false): string {
  const tag = header ? 'th' : 'td';
  return `<tr>${cells.map((c) => `<${tag}>${c}</${tag}>`).join('')}</tr>`;
}

function num(v: number, digits = 2): string {
  return Number.isInteger(v) ? String(v) : v.toFixed(digits);
}

function repairText(r: Repair): string {
  return r.kind === 'charset-override' ? `${r.kind}: ${r.from} → ${r.to} (${r.reason})` : `${r.kind} × ${r.count}`;
}

function encodingSection(x: Inspection): string {
  const n = x.page.normalized;
  const evidence = n.evidence.map((e) => row([esc(e.source), esc(e.label), esc(e.charset ?? '(unknown label)'), num(e.confidence), e.offset === undefined ? '' : String(e.offset)]));
  const repairs = n.repairs.map((r) => `<li>${esc(repairText(r))}</li>`);
  const invisible = n.invisible.characters.map((c) => row([esc(c.codePoint), esc(c.name), String(c.count), c.stripped ? 'stripped' : 'kept']));
  return `<section id="encoding"><h2>Encoding</h2>
<table>${row(['charset', 'source', 'confidence', 'bytes'], true)}${row([`<b>${esc(n.charset)}</b>`, esc(n.charsetSource), num(n.confidence), String(n.byteLength)])}</table>
<h3>Evidence</h3>${evidence.length ? `<table>${row(['source', 'label', 'resolves to', 'confidence', 'byte offset'], true)}${evidence.join('')}</table>` : '<p class="muted">No declaration, BOM or detection evidence.</p>'}
<h3>Repairs</h3>${repairs.length ? `<ul>${repairs.join('')}</ul>` : '<p class="muted">None: the page needed no repair.</p>'}
<h3>Invisible characters</h3>${invisible.length ? `<table>${row(['code point', 'name', 'count', 'handling'], true)}${invisible.join('')}</table>` : '<p class="muted">None.</p>'}
${n.warnings.length ? `<ul class="warn">${n.warnings.map((w) => `<li>${esc(w)}</li>`).join('')}</ul>` : ''}</section>`;
}

function fieldRow(name: string, f: Field<unknown> | null, shown?: string): string {
  if (f === null) return row([name, '<span class="muted">none</span>', '', '']);
  const value = shown ?? (Array.isArray(f.value) ? f.value.join(', ') : String(f.value));
  return row([name, textEl('span', value), `<code>${esc(f.source)}</code>`, f.node === undefined ? '' : String(f.node)]);
}

function metadataSection(x: Inspection): string {
  const m = x.page.metadata;
  const p = x.page;
  return `<section id="metadata"><h2>Metadata and where it came from</h2>
<table>${row(['field', 'value', 'source', 'node'], true)}
${fieldRow('title', m.title)}${fieldRow('author (metadata)', m.author)}${fieldRow('date (metadata)', m.date)}${fieldRow('language', m.lang)}${fieldRow('direction', m.dir)}
${fieldRow('description', m.description)}${fieldRow('keywords', m.keywords)}${fieldRow('canonical URL', m.canonicalUrl)}
${row(['site name', m.siteName === null ? '<span class="muted">none</span>' : textEl('span', m.siteName), '', ''])}
</table>
<p>Result: author ${p.author === null ? '<span class="muted">none</span>' : textEl('b', p.author)}, date ${p.date === null ? '<span class="muted">none</span>' : `<b>${esc(p.date)}</b>`} (from <code>${esc(p.dateSource ?? 'nowhere')}</code>), kind <b>${esc(p.kind)}</b>.</p>
${m.images.length ? `<p>Images in the content (not loaded): ${m.images.slice(0, 20).map((u) => `<code>${esc(u)}</code>`).join(' ')}</p>` : ''}</section>`;
}

function figureHtml(f: Figure): string {
  return `<figure id="${f.id}"><h3>${esc(f.heading)}</h3>${f.plots.join('')}<figcaption>${esc(f.caption)}</figcaption></figure>`;
}

function plotsSection(x: Inspection, plot?: PlotOptions): string {
  const run = (id: string) => x.members.find((m) => m.id === id)?.extraction;
  const figures: string[] = [];
  const lb = run('line-blocks');
  const tb = run('text-blocks');
  const cc = run('correlated');
  if (lb) figures.push(figureHtml(lineBlockFigure(lb, plot)));
  if (tb) figures.push(figureHtml(textBlockFigure(tb, plot)));
  if (cc) figures.push(figureHtml(correlativityFigure(cc, plot)));
  return `<section id="plots"><h2>Why these blocks: the papers' figures for this page</h2>
<p class="muted">Dashed lines are the thresholds each algorithm compared against; shaded spans are the regions or runs it found (green: kept). Each algorithm's own options were used (defaults unless given).</p>${figures.join('')}</section>`;
}

function membersSection(x: Inspection): string {
  const rows = x.members.map((m) => {
    const e = m.extraction;
    const keptCount = m.kept.reduce((a, b) => a + b, 0);
    return row([
      `<b>${esc(m.id)}</b> <span class="pill">${MARKS[m.id] ?? '?'}</span>`,
      m.weight === null ? '—' : num(m.weight),
      esc(e.kind ?? '—'),
      String(e.text.length),
      String(keptCount),
      num(e.confidence),
      num(m.similarity),
      textEl('span', e.text.slice(0, 160) + (e.text.length > 160 ? '…' : ''), 'muted'),
    ]);
  });
  const head = ['', ...x.members.map((m) => esc(m.id))];
  const matrix = x.agreement.map((r, i) => `<tr><th>${esc(x.members[i].id)}</th>${r.map((v) => `<td class="num" style="background:rgba(46,160,67,${(v * 0.45).toFixed(2)})">${v.toFixed(2)}</td>`).join('')}</tr>`);
  return `<section id="algorithms"><h2>Algorithms side by side</h2>
<p>Explained result: <b>${esc(x.page.algorithm)}</b> (kind ${esc(x.page.kind)}, confidence ${num(x.page.confidence)}, ${x.page.body.length} characters).${x.page.algorithm === 'auto' ? ' <code>auto</code> votes the members below by their weights.' : ''}</p>
<table>${row(['algorithm', 'auto weight', 'kind', 'chars', 'text blocks kept', 'confidence', 'similarity to result', 'start of its text'], true)}${rows.join('')}</table>
<h3>Agreement (bigram similarity of their texts)</h3>
<table>${row(head, true)}${matrix.join('')}</table></section>`;
}

function postHtml(p: PagePost, i: number, kind: string): string {
  const quotes = p.quotes.map((q) => `<blockquote dir="${directionOf(q.text)}">${q.author === null ? '' : `${textEl('cite', q.author)}: `}${esc(q.text)}</blockquote>`).join('');
  const facts = [
    `#${i + 1}`,
    `author: ${p.author === null ? '—' : textEl('b', p.author)}`,
    `date: ${p.date === null ? (p.dateText ? esc(p.dateText) : '—') : esc(p.date)}`,
    `dir: ${esc(p.dir)}`,
    `lang: ${esc(p.lang ?? '—')}`,
    p.id === null ? '' : `id: <code>${esc(p.id)}</code>`,
    p.permalink === null ? '' : `permalink: <code>${esc(p.permalink)}</code>`,
  ].filter(Boolean).join(' · ');
  return `<article class="post ${kind}" dir="${esc(p.dir)}"${p.lang ? ` lang="${esc(p.lang)}"` : ''}><header dir="ltr">${facts}</header>${quotes}<div class="body">${esc(p.text)}</div></article>`;
}

function postsSection(x: Inspection): string {
  const { posts, comments } = x.page;
  if (posts.length === 0 && comments.length === 0) return '<section id="posts"><h2>Posts and comments</h2><p class="muted">No thread or comment list found.</p></section>';
  return `<section id="posts"><h2>Posts and comments</h2>
${posts.length ? `<h3>${posts.length} post(s)</h3>${posts.map((p, i) => postHtml(p, i, 'hl-post')).join('')}` : ''}
${comments.length ? `<h3>${comments.length} comment(s)</h3>${comments.map((p, i) => postHtml(p, i, 'hl-comment')).join('')}` : ''}</section>`;
}

function pageTextSection(x: Inspection): string {
  const shown = x.blocks.slice(0, x.options.maxTextBlocks);
  const rows = shown.map((b, k) => {
    const cls = x.kept[k] ? 'hl-body' : x.inPost[k] ? 'hl-post' : x.inComment[k] ? 'hl-comment' : '';
    const marks = x.members.map((m) => (m.kept[k] ? `<b>${MARKS[m.id] ?? '?'}</b>` : '·')).join('');
    return `<div class="row"><span class="marks" title="algorithms that kept it">${marks}</span>${textEl('p', b.text, `blk${cls ? ` ${cls}` : ''}`, x.page.dir === 'rtl' ? 'rtl' : 'ltr')}</div>`;
  });
  const more = x.blocks.length - shown.length;
  return `<section id="text"><h2>The page's text, extracted blocks highlighted</h2>
<p class="text-legend"><span class="hl-body">body (${esc(x.page.algorithm)})</span><span class="hl-post">in a post</span><span class="hl-comment">in a comment</span>
left margin: the algorithms that kept the block (${x.members.map((m) => `${MARKS[m.id] ?? '?'} = ${esc(m.id)}`).join(', ')})</p>
<div class="page-text">${rows.join('')}</div>${more > 0 ? `<p class="muted">${more} more text block(s) not shown (maxTextBlocks).</p>` : ''}</section>`;
}

function diagnosticsSection(x: Inspection): string {
  const rows = x.page.diagnostics.map((d) => row([esc(d.severity), `<code>${esc(d.code)}</code>`, esc(d.message)]));
  return `<section id="diagnostics"><h2>Diagnostics</h2>${rows.length ? `<table>${row(['severity', 'code', 'message'], true)}${rows.join('')}</table>` : '<p class="muted">None.</p>'}</section>`;
}

/**
 * The report of an {@link Inspection} as a complete HTML document.
 * @example writeFileSync('report.html', renderReport(inspect(bytes), { source: 'page.html' }));
 */
export function renderReport(x: Inspection, options?: RenderOptions): string {
  const title = x.page.title ?? '(no title)';
  const source = options?.source ?? '';
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>matn inspect: ${esc(title)}</title><style>${CSS}</style></head>
<body><header><h1>matn inspect: ${textEl('span', title)}</h1>
<p class="muted">${source ? `<code>${esc(source)}</code> · ` : ''}${x.page.url ? `<code>${esc(x.page.url)}</code> · ` : ''}algorithm <b>${esc(x.page.algorithm)}</b> · kind <b>${esc(x.page.kind)}</b> · language ${esc(x.page.lang ?? '—')} · direction ${esc(x.page.dir)}</p>
<nav><a href="#encoding">Encoding</a><a href="#metadata">Metadata</a><a href="#plots">Plots</a><a href="#algorithms">Algorithms</a><a href="#posts">Posts</a><a href="#text">Page text</a><a href="#diagnostics">Diagnostics</a></nav></header>
${encodingSection(x)}${metadataSection(x)}${plotsSection(x, options?.plot)}${membersSection(x)}${postsSection(x)}${pageTextSection(x)}${diagnosticsSection(x)}
</body></html>
`;
}
