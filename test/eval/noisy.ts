/**
 * Deterministic noisy predictions built from a corpus's truth (or from real predictions): truncated
 * and padded bodies, edited titles (some long enough for difflib's autojunk), reformatted dates in
 * other digit systems, swapped / merged / cut posts, charset aliases, failed and missing pages,
 * and whitespace Python and JavaScript disagree on. Used to check the scorer against score.py.
 */
import type { PostRecord, PredictionRecord, TruthRecord } from '../../src/eval/index.js';

/** Mulberry32: a small seeded PRNG so the noise is reproducible. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
const FULLWIDTH = '０１２３４５６７８９';
/** Whitespace of Python but not JS (U+001C, U+0085), of JS but not Python (U+FEFF), of both (U+3000, U+00A0). */
const ODD_SPACES = ['\u001c', '\u0085', '\ufeff', '\u3000', '\u00a0', '\u2028'];

function pick<T>(rnd: () => number, items: readonly T[]): T {
  return items[Math.floor(rnd() * items.length)]!;
}

function cut(rnd: () => number, text: string): string {
  const cps = Array.from(text);
  return cps.slice(0, Math.floor(cps.length * rnd())).join('');
}

function editChars(rnd: () => number, text: string, rate: number): string {
  return Array.from(text).map((c) => (rnd() < rate ? pick(rnd, ['', `${c}x`, 'ﬁ', 'Ａ', ' ']) : c)).join('');
}

function noisyBody(rnd: () => number, body: string, other: string): string {
  const r = rnd();
  if (r < 0.15) return '';
  if (r < 0.4) return cut(rnd, body);
  if (r < 0.6) return `${cut(rnd, other)}\n${body}\n${cut(rnd, other)}`;
  if (r < 0.75) return body.replace(/ /g, () => pick(rnd, ODD_SPACES));
  if (r < 0.85) return body.toUpperCase();
  return body;
}

function noisyTitle(rnd: () => number, title: string): string | null {
  const r = rnd();
  if (r < 0.1) return null;
  if (r < 0.25) return `${title} | ${'Site name '.repeat(25)}`; // >= 200 code points: autojunk
  if (r < 0.5) return editChars(rnd, title, 0.05);
  if (r < 0.6) return ` — ${title.toUpperCase()} · `;
  return title;
}

function digitsIn(text: string, digits: string): string {
  return text.replace(/[0-9]/g, (d) => digits[Number(d)]!);
}

function noisyDate(rnd: () => number, date: string | null | undefined): string | null {
  if (!date) return rnd() < 0.3 ? '2011-11-11' : null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  const r = rnd();
  if (!m || r < 0.1) return null;
  if (r < 0.25) return `${m[1]}年${Number(m[2])}月${Number(m[3])}日`;
  if (r < 0.4) return digitsIn(date, ARABIC_INDIC);
  if (r < 0.5) return digitsIn(`${m[3]}/${m[2]}/${m[1]}`, FULLWIDTH);
  if (r < 0.6) return `${m[1]}-${m[2]}-${String((Number(m[3]) % 28) + 1).padStart(2, '0')}`;
  return date;
}

function noisyAuthor(rnd: () => number, author: string | null | undefined): string | null {
  if (!author) return rnd() < 0.3 ? 'Someone' : null;
  const r = rnd();
  if (r < 0.15) return null;
  if (r < 0.3) return `By ${author}`;
  if (r < 0.45) return Array.from(author).slice(0, 1 + Math.floor(rnd() * 3)).join('');
  if (r < 0.55) return author.toUpperCase();
  return author;
}

/** Quotations: dropped, cut, re-attributed, duplicated, or not objects at all (score.py counts but never matches those). */
function noisyQuotes(rnd: () => number, quotes: PostRecord['quotes']): PostRecord['quotes'] {
  const list = quotes ?? [];
  const r = rnd();
  if (r < 0.1) return null;
  if (r < 0.2) return [...list, 'not an object' as never, null];
  return list.flatMap((q) => {
    const x = rnd();
    if (q === null || x < 0.15) return [];
    if (x < 0.3) return [{ author: q.author ?? null, text: cut(rnd, q.text ?? '') }];
    if (x < 0.45) return [{ author: rnd() < 0.5 ? 'Someone else' : null, text: q.text ?? '' }];
    if (x < 0.55) return [q, q];
    return [q];
  });
}

function noisyPosts(rnd: () => number, posts: readonly PostRecord[]): (PostRecord | null)[] {
  const out: (PostRecord | null)[] = posts.map((p) => {
    const r = rnd();
    const text = r < 0.15 ? cut(rnd, p.text ?? '') : r < 0.25 ? `${p.text ?? ''} ${p.text ?? ''}` : r < 0.3 ? editChars(rnd, p.text ?? '', 0.1) : p.text;
    const post = { author: rnd() < 0.2 ? pick(rnd, posts).author ?? null : p.author ?? null, date: noisyDate(rnd, p.date), text };
    return p.quotes ? { ...post, quotes: noisyQuotes(rnd, p.quotes) } : post;
  });
  for (let i = out.length - 1; i > 0; i--) { // swap neighbours
    if (rnd() < 0.3) [out[i], out[i - 1]] = [out[i - 1]!, out[i]!];
  }
  if (out.length > 2 && rnd() < 0.3) out.splice(Math.floor(rnd() * out.length), 1);
  if (rnd() < 0.2) out.push(null, { author: 'x', date: null, text: 'a reply that is not in the truth' });
  return out;
}

const CHARSET_ALIASES: Readonly<Record<string, readonly string[]>> = {
  gbk: ['GB2312', 'gb18030', 'cp936'], 'utf-8': ['UTF8', ' utf_8 ', 'utf-8'], 'windows-1256': ['cp1256', 'CP1256'],
  shift_jis: ['Shift-JIS', 'SJIS', 'x-sjis'], 'windows-1252': ['iso-8859-1', 'ascii', 'LATIN1'],
};

const LANG_VARIANTS = [null, '', 'en', 'EN-us', 'zh_Hans', ' ug ', 'ar-SA', 'x'];

function noisyLang(rnd: () => number, lang: unknown): string | null {
  const r = rnd();
  if (r < 0.5 && typeof lang === 'string') return r < 0.25 ? lang : `${lang.toUpperCase()}_XX`;
  return pick(rnd, LANG_VARIANTS);
}

function noisyEncoding(rnd: () => number, encoding: string | null | undefined): string | null {
  if (!encoding) return null;
  const r = rnd();
  if (r < 0.1) return null;
  if (r < 0.25) return pick(rnd, ['windows-1252', 'utf-8', 'x-user-defined', 'gbk']);
  if (r < 0.6) return pick(rnd, CHARSET_ALIASES[encoding] ?? [encoding.toUpperCase()]);
  return encoding;
}

/**
 * Noisy predictions for a corpus. `base` (optional) gives real predictions to start from for
 * some pages; the rest start from the truth.
 */
export function noisyPredictions(truth: readonly TruthRecord[], seed: number, base?: ReadonlyMap<string, PredictionRecord>): PredictionRecord[] {
  const rnd = prng(seed);
  const out: PredictionRecord[] = [];
  truth.forEach((t, i) => {
    const id = String(t.id);
    const r = rnd();
    if (r < 0.05) return; // no prediction line
    if (r < 0.1) { out.push({ id, error: { code: 'internal-error', message: 'noise' } }); return; }
    const from = base?.get(id);
    const other = truth[(i + 1) % truth.length]!;
    const useBase = from !== undefined && rnd() < 0.4;
    out.push({
      id,
      title: useBase ? from.title ?? null : noisyTitle(rnd, String(t.title ?? '')),
      author: useBase ? from.author ?? null : noisyAuthor(rnd, t.author),
      date: useBase ? from.date ?? null : noisyDate(rnd, t.date),
      body: useBase ? from.body ?? '' : noisyBody(rnd, String(t.body ?? ''), String(other.body ?? '')),
      posts: noisyPosts(rnd, t.posts ?? []),
      comments: noisyPosts(rnd, t.comments ?? []),
      encoding: noisyEncoding(rnd, t.encoding),
      lang: useBase ? from.lang ?? null : noisyLang(rnd, t.lang),
    });
    if (rnd() < 0.03) out.push({ id, body: 'a later line for the same id replaces the earlier one' });
  });
  return out;
}
