#!/usr/bin/env bash
# Predictions of the date corpora at each commit of a chain, for the rule leave-one-out of
# bench/date-loo.mjs (--rules). Each commit is exported with `git archive` into a scratch folder (no
# worktree, no checkout: the repository is not touched), built with this clone's node_modules, and run
# with `matn extract --format jsonl` over every corpus with date truth.
# Usage: bench/date-rule-runs.sh OUT_DIR COMMIT...   (e.g. the parent of the first rule, then each rule)
# Writes OUT_DIR/<commit>/<corpus>.jsonl. CORPORA_DIR defaults to ../shared/corpora.
set -euo pipefail
out=$1; shift
repo=$(cd "$(dirname "$0")/.." && pwd)
corpora=${CORPORA_DIR:-$repo/../shared/corpora}
names="dates-htmldate-dev dates-mediacloud-dev multi-dev readability-mozilla zh-news-cwced-dev forum-engines-dev ug-forum-dev forum-tables-dev"
for commit in "$@"; do
  dest=$out/$commit
  if [ -f "$dest/.done" ]; then continue; fi
  build=$(mktemp -d)
  git -C "$repo" archive "$commit" | tar -x -C "$build"
  ln -s "$repo/node_modules" "$build/node_modules"
  (cd "$build" && npm run build >/dev/null)
  mkdir -p "$dest"
  for c in $names; do
    node "$build/dist/cli/main.js" extract "$corpora/$c/pages" --format jsonl --quiet --fields id,date,dateSource > "$dest/$c.jsonl"
  done
  rm -rf "$build"
  touch "$dest/.done"
  echo "$commit done" >&2
done
