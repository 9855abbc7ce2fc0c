#!/usr/bin/env bash
# Throughput of `matn worker` with 1 and 2 worker processes (docs/scaling.md), and of
# `matn extract --jobs 1|2` on the same pages. Needs the built package and a Redis you may flush:
#   npm run build && redis-server --port 6399 --save '' --daemonize yes
#   bench/queue-throughput.sh ../shared/corpora/en-news-scrapinghub/pages 6399
set -u
PAGES=${1:?pages directory}
PORT=${2:-6399}
R=redis://127.0.0.1:$PORT
OUT=$(mktemp -d)
N=$(find "$PAGES" -type f -name '*.html' | wc -l)
for W in 1 2; do
  redis-cli -p "$PORT" flushall >/dev/null
  rm -rf "$OUT/out"
  node dist/cli/main.js queue add --redis "$R" --queue bench "$PAGES" >/dev/null
  echo "uptime before: $(uptime)"
  start=$(date +%s.%N)
  pids=()
  for _ in $(seq 1 "$W"); do node dist/cli/main.js worker --redis "$R" --queue bench --jobs 1 --out "$OUT/out" --quiet & pids+=($!); done
  until [ "$(redis-cli -p "$PORT" zcard bull:bench:completed)" -ge "$N" ]; do sleep 0.2; done
  end=$(date +%s.%N)
  node dist/cli/main.js queue status --redis "$R" --queue bench
  kill -TERM "${pids[@]}"; wait
  python3 -c "print(f'workers=$W pages=$N wall={$end-$start:.1f}s -> {$N/($end-$start):.1f} pages/s')"
  echo "uptime after: $(uptime)"
done
for J in 1 2; do
  start=$(date +%s.%N); node dist/cli/main.js extract "$PAGES" --jobs "$J" --quiet --format jsonl >/dev/null; end=$(date +%s.%N)
  python3 -c "print(f'extract --jobs $J pages=$N wall={$end-$start:.1f}s -> {$N/($end-$start):.1f} pages/s')"
done
uptime
rm -rf "$OUT"
