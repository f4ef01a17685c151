#!/usr/bin/env bash
# 200 solves at once against the web board; run from the repository's root:
#   bash web/testdata/concurrent.sh wins     # the 8 wins of wins11.txt, 25 times each, shortest
#   bash web/testdata/concurrent.sh budget   # the start position seen by the first player, 20,000 positions each
# Prints how many answers had each status, the burst's wall time, and the
# server's CPU time and peak resident memory (/usr/bin/time). BIN names
# another geister binary, APIPATH another solve path, PORT another port.
set -euo pipefail
mode=${1:-wins}
port=${PORT:-18180}
path=${APIPATH:-/api/v1/solve}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
bin=${BIN:-$dir/geister}
[ -n "${BIN:-}" ] || go build -o "$bin" ./cmd/geister
/usr/bin/time -f 'server: %U s user %S s sys, peak RSS %M KB' "$bin" serve --no-table --no-store --quiet --addr "127.0.0.1:$port" 2>"$dir/time.txt" &
tpid=$!
for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
if [ "$mode" = wins ]; then
  for _ in $(seq 25); do grep -v '^#' web/testdata/wins11.txt | cut -f1; done | sed 's/.*/{"position":"&","shortest":true}/' >"$dir/bodies"
else
  for _ in $(seq 200); do echo '{"position":"1uuuu1/1uuuu1/6/6/1RBBR1/1BRRB1 f R4r4 0","nodes":20000}'; done >"$dir/bodies"
fi
start=$(date +%s.%N)
xargs -P 200 -d '\n' -I{} curl -s -o /dev/null -w '%{http_code}\n' -H 'Content-Type: application/json' \
  -d '{}' "http://127.0.0.1:$port$path" <"$dir/bodies" | sort | uniq -c
end=$(date +%s.%N)
echo "burst wall: $(echo "$end - $start" | bc) s"
kill -INT "$(pgrep -P $tpid)"
wait $tpid || true
cat "$dir/time.txt"
