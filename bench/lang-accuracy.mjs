#!/usr/bin/env node
// Language accuracy over the shared corpora: on every page whose truth names a language (`lang`), or,
// when the truth names none, whose `<html lang>` does, is the predicted primary subtag the same?
// Usage: node bench/lang-accuracy.mjs CORPORA_DIR PRED_DIR [corpus...]
//   PRED_DIR/<corpus>.jsonl is `matn extract <CORPORA_DIR>/<corpus>/pages --format jsonl` output.
// Prints per corpus: pages judged by truth, by <html lang>, and the accuracy of each; then the total.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';

/** `<html ... lang="xx-YY">` in the first 8 KB (the tag is ASCII in every charset the corpora use). */
const HTML_LANG_RE = /<html\b[^>]*?\s(?:xml:)?lang\s*=\s*["']?([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]+)*["'\s>]/iu;
const primary = (tag) => (typeof tag === 'string' && tag !== '' ? tag.trim().toLowerCase().split(/[-_]/u)[0] : null);

const [corporaDir, predDir, ...only] = process.argv.slice(2);
if (!corporaDir || !predDir) {
  console.error('usage: node bench/lang-accuracy.mjs CORPORA_DIR PRED_DIR [corpus...]');
  process.exit(2);
}
const corpora = only.length > 0 ? only : readdirSync(corporaDir).filter((c) => existsSync(path.join(predDir, `${c}.jsonl`)));
const total = { truth: [0, 0], html: [0, 0] };
const misses = [];
for (const corpus of corpora) {
  const preds = new Map(readFileSync(path.join(predDir, `${corpus}.jsonl`), 'utf8').split('\n').filter(Boolean)
    .map((l) => JSON.parse(l)).map((p) => [p.id, primary(p.lang)]));
  const counts = { truth: [0, 0], html: [0, 0] };
  for (const line of readFileSync(path.join(corporaDir, corpus, 'truth.jsonl'), 'utf8').split('\n').filter(Boolean)) {
    const t = JSON.parse(line);
    let expected = primary(t.lang);
    let by = 'truth';
    if (expected === null) {
      const head = readFileSync(path.join(corporaDir, corpus, t.file)).subarray(0, 8192).toString('latin1');
      expected = primary(HTML_LANG_RE.exec(head)?.[1]);
      by = 'html';
    }
    if (expected === null) continue;
    const got = preds.get(t.id) ?? null;
    counts[by][1]++;
    if (got === expected) counts[by][0]++;
    else misses.push(`${corpus}\t${t.id}\t${by}\t${expected}\t${got}`);
  }
  const acc = ([hit, n]) => (n === 0 ? '-' : (hit / n).toFixed(3));
  console.log(`${corpus.padEnd(24)} truth ${acc(counts.truth)} (${counts.truth[0]}/${counts.truth[1]})  html ${acc(counts.html)} (${counts.html[0]}/${counts.html[1]})`);
  for (const k of ['truth', 'html']) for (const i of [0, 1]) total[k][i] += counts[k][i];
}
const all = [total.truth[0] + total.html[0], total.truth[1] + total.html[1]];
console.log(`${'all'.padEnd(24)} truth ${(total.truth[0] / total.truth[1]).toFixed(3)} (${total.truth[0]}/${total.truth[1]})  html ${(total.html[0] / total.html[1]).toFixed(3)} (${total.html[0]}/${total.html[1]})  together ${(all[0] / all[1]).toFixed(3)} (${all[0]}/${all[1]})`);
if (process.env.LANG_MISSES) for (const m of misses) console.log(m);
