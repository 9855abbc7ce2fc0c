#!/usr/bin/env node
// False-flag rate of the moderation checks (docs/moderation.md) on forum corpora of ordinary posts:
// extracts every page with `matching: true` (the built library, dist/) and counts the posts and
// comments that get at least one check. The dev corpora hold real, benign threads, so every flag on
// them is taken as a false flag (read the listed ones with --show to judge).
// Usage: npm run build && node bench/moderation-flags.mjs [--shared DIR] [--show] [corpus...]
//   default corpora: ug-forum-dev forum-engines-dev real-threads-dev
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_CORPORA = ['ug-forum-dev', 'forum-engines-dev', 'real-threads-dev'];
const { values, positionals } = parseArgs({
  options: { shared: { type: 'string', default: path.join(ROOT, '..', 'shared') }, show: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const corporaDir = path.join(values.shared, 'corpora');
if (!existsSync(corporaDir)) {
  console.error(`no shared corpora at ${corporaDir} (pass --shared DIR)`);
  process.exit(2);
}
const { extract } = await import(path.join(ROOT, 'dist', 'index.js'));
const corpora = positionals.length > 0 ? positionals : DEFAULT_CORPORA;
const total = { pages: 0, bodies: 0, posts: 0, flagged: 0, kinds: {} };
console.log('| corpus | pages | bodies flagged | posts + comments | flagged | rate | by kind |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
for (const corpus of corpora) {
  const dir = path.join(corporaDir, corpus, 'pages');
  const row = { pages: 0, bodies: 0, posts: 0, flagged: 0, kinds: {} };
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.html')).sort()) {
    const page = extract(readFileSync(path.join(dir, file)), { matching: true });
    row.pages++;
    if (page.checks.length > 0) {
      row.bodies++;
      if (values.show) for (const c of page.checks) console.error(`${corpus}/${file} [body ${page.lang}] ${c.kind}: ${c.message}`);
    }
    for (const post of [...page.posts, ...page.comments]) {
      row.posts++;
      if (post.checks.length === 0) continue;
      row.flagged++;
      for (const kind of new Set(post.checks.map((c) => c.kind))) row.kinds[kind] = (row.kinds[kind] ?? 0) + 1;
      if (values.show) for (const c of post.checks) console.error(`${corpus}/${file} [${post.lang}] ${c.kind}: ${c.message}`);
    }
  }
  const kinds = Object.entries(row.kinds).map(([k, n]) => `${k} ${n}`).join(', ') || '—';
  console.log(`| ${corpus} | ${row.pages} | ${row.bodies} | ${row.posts} | ${row.flagged} | ${(100 * row.flagged / Math.max(1, row.posts)).toFixed(2)} % | ${kinds} |`);
  total.pages += row.pages;
  total.bodies += row.bodies;
  total.posts += row.posts;
  total.flagged += row.flagged;
  for (const [k, n] of Object.entries(row.kinds)) total.kinds[k] = (total.kinds[k] ?? 0) + n;
}
const kinds = Object.entries(total.kinds).map(([k, n]) => `${k} ${n}`).join(', ') || '—';
console.log(`| **all** | ${total.pages} | ${total.bodies} | ${total.posts} | ${total.flagged} | ${(100 * total.flagged / Math.max(1, total.posts)).toFixed(2)} % | ${kinds} |`);
