#!/usr/bin/env bash
# Measures what concurrent "show my tournaments" posts on the console's follow
# page cost the server in memory, against an upstream that answers each with
# a large list (bench/bigupstream, 30 MB by default).
#
#   bench/follow-memory.sh              # 40 posts at once, a 30 MB answer
#   POSTS=80 MB=60 bench/follow-memory.sh
#
# Needs go and curl. Prints the server's resident memory before and at its
# peak (VmHWM), and what the posts were answered (status and the console's
# message). Before the follow limits the peak was 2.1 GB for 40 posts of a
# 30 MB answer; with them, at most tournament.MaxFollowLoads run at once and
# an answer over 4 MB is not read past its limit.
set -euo pipefail
cd "$(dirname "$0")/.."
POSTS=${POSTS:-40}
MB=${MB:-30}
PORT=${PORT:-18080}
UP_PORT=${UP_PORT:-18090}
for tool in go curl; do
  command -v "$tool" >/dev/null || { echo "bench: $tool is missing" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
go build -o "$work/courtside" .
go build -o "$work/bigupstream" ./bench/bigupstream
"$work/bigupstream" -addr "127.0.0.1:$UP_PORT" -mb "$MB" &
WEBHOOK_ALLOW_PRIVATE=1 LOG_LEVEL=error "$work/courtside" serve --addr "127.0.0.1:$PORT" >"$work/server.log" 2>&1 &
srv=$!
for _ in $(seq 100); do
  curl -sf -o /dev/null "http://127.0.0.1:$PORT/healthz" && curl -s -o /dev/null "http://127.0.0.1:$UP_PORT/" && break
  sleep 0.2
done
jar="$work/cookies"
curl -s -c "$jar" -b "$jar" -o /dev/null "http://127.0.0.1:$PORT/admin/login"
curl -s -c "$jar" -b "$jar" -o /dev/null -d token=cst_demo_kickerclub_hamburg "http://127.0.0.1:$PORT/admin/login"
echo "before:   $(grep VmRSS /proc/$srv/status)"
pids=()
for i in $(seq "$POSTS"); do
  curl -s -b "$jar" -o "$work/out-$i.html" -w "%{http_code}\n" -d "upstream=http://127.0.0.1:$UP_PORT&token=x" \
    "http://127.0.0.1:$PORT/admin/follow/tournaments" >"$work/code-$i" &
  pids+=($!)
done
wait "${pids[@]}"
echo "peak:     $(grep VmHWM /proc/$srv/status)"
echo "statuses: $(cat "$work"/code-* | sort | uniq -c | tr -s ' \n' ' ')"
grep -ho 'data-testid="follow-error">[^<]*' "$work"/out-*.html | sed 's/.*">/  /' | sort | uniq -c
