#!/usr/bin/env bash
# Push: how long a write takes to reach the pages that follow a tournament's
# live stream, on a real redis-server, for 1, 100 and 2,000 listeners on one
# instance, then 2,000 over two instances on the same Redis (writes through
# the first: the second hears of them through Redis' pub/sub). Each run
# prints p50/p95/p99 from the write to the event, and from the write to the
# court board each listener then fetches as its page does; and each
# instance's memory per stream. The load average is printed before and after.
#
#   bench/push.sh
#   WRITES=50 bench/push.sh
#
# Needs go, curl, redis-server. Everything runs on loopback and stops by itself.
set -euo pipefail
cd "$(dirname "$0")/.."
WRITES=${WRITES:-30}
REDIS_PORT=${REDIS_PORT:-7411}
PORTS=(${PORT_A:-18095} ${PORT_B:-18096})
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  [ -n "${redis:-}" ] && kill "$redis" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

go build -o "$work/courtside" .
go build -o "$work/push" ./bench/push
redis-server --port "$REDIS_PORT" --save '' --appendonly no --dir "$work" >"$work/redis.out" 2>&1 &
redis=$!
for _ in $(seq 100); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
export REDIS_URL=redis://127.0.0.1:$REDIS_PORT/0
"$work/courtside" demo >/dev/null
for port in "${PORTS[@]}"; do
  # Loopback is trusted as a proxy: each bench listener names a client address of its own.
  ADDR=127.0.0.1:$port LOG_LEVEL=warn TRUSTED_PROXIES=127.0.0.1/32 SESSION_KEYS=$(printf 'p%.0s' {1..40}) \
    "$work/courtside" serve --simulate=false >"$work/$port.out" 2>"$work/$port.err" &
  pids+=($!)
done
for port in "${PORTS[@]}"; do
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.1; done
done
a=http://127.0.0.1:${PORTS[0]}
b=http://127.0.0.1:${PORTS[1]}
public=$("$work/courtside" keys create-public --sport table_soccer --app push --applicant bench --email bench@example.org --description "push benchmark")
org=$(curl -sf -H "Authorization: Bearer $public" "$a/v1/public/organizers" | tr '{' '\n' | grep '"slug":"kickerclub-hamburg"' | sed -n 's/.*"id":"\([^"]*\)".*/\1/p')
token=$("$work/courtside" keys create-token --organizer "$org" --name push)
tid=$(curl -sf -H "Authorization: Bearer $token" "$a/v1/public/tournaments?state=running" |
  tr '{' '\n' | grep -m1 '"name":"Hamburg Open' | sed -n 's/.*"id":"\([^"]*\)".*/\1/p')
echo "push: $WRITES live scores one at a time, tournament $tid, redis-server $(redis-server --version | awk '{print $3}')"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

run() { # name, targets, pids, listeners, extra flags
  echo "== $1"
  "$work/push" -targets "$2" -pids "$3" -tournament "$tid" -token "$token" -listeners "$4" -writes "$WRITES" ${5:-}
}
for n in 1 100 2000; do
  run "one instance, $n listeners: to the event" "$a" "${pids[0]}" "$n"
  run "one instance, $n listeners: to the event and the board fetched" "$a" "${pids[0]}" "$n" -fetch
done
run "two instances on one Redis, 2000 listeners (writes through instance 0): to the event" "$a,$b" "${pids[0]},${pids[1]}" 2000
run "two instances on one Redis, 2000 listeners: to the event and the board fetched" "$a,$b" "${pids[0]},${pids[1]}" 2000 -fetch
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
