#!/usr/bin/env bash
# Fan-out: a Redis Cluster, Courtside instances on it, and an audience of
# CLIENTS TVs and phones polling every 3 s, first with nothing changing (the
# 304 path), then while an API client writes live scores; with one instance,
# then with two. Reports p50/p99 per poll, Redis commands per second over all
# masters, and each instance's memory.
#
#   bench/fanout.sh                      # 10,000 clients, 30 s per run
#   CLIENTS=2000 DURATION=15s bench/fanout.sh
#
# Needs go, curl, redis-server and redis-cli. Everything runs on loopback and
# stops by itself.
set -euo pipefail
cd "$(dirname "$0")/.."
CLIENTS=${CLIENTS:-10000}
DURATION=${DURATION:-30s}
WRITES=${WRITES:-2}
BASE_PORT=${BASE_PORT:-7300}
PORTS=(${PORT_A:-18090} ${PORT_B:-18091})
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  .ci/redis-cluster stop "$BASE_PORT" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

go build -o "$work/courtside" .
go build -o "$work/fanout" ./bench/fanout
export REDIS_URL
REDIS_URL=$(.ci/redis-cluster start "$BASE_PORT")
export REDIS_CLUSTER=true
masters=$(redis-cli -p "$BASE_PORT" cluster nodes | awk '/master/ && !/fail/ {split($2, a, "@"); print a[1]}' | paste -sd,)
"$work/courtside" demo
public=$("$work/courtside" keys create-public --sport table_soccer --app fanout --applicant bench --email bench@example.org --description "fan-out benchmark")
for port in "${PORTS[@]}"; do
  ADDR=127.0.0.1:$port LOG_LEVEL=warn SESSION_KEYS=$(printf 'f%.0s' {1..40}) "$work/courtside" serve --simulate=false >"$work/$port.out" 2>"$work/$port.err" &
  pids+=($!)
done
for port in "${PORTS[@]}"; do
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.1; done
done
a=http://127.0.0.1:${PORTS[0]}
org=$(curl -sf -H "Authorization: Bearer $public" "$a/v1/public/organizers" | tr '{' '\n' | grep '"slug":"kickerclub-hamburg"' | sed -n 's/.*"id":"\([^"]*\)".*/\1/p')
token=$("$work/courtside" keys create-token --organizer "$org" --name fanout)
tid=$(curl -sf -H "Authorization: Bearer $token" "$a/v1/public/tournaments?state=running" |
  tr '{' '\n' | grep -m1 '"name":"Hamburg Open' | sed -n 's/.*"id":"\([^"]*\)".*/\1/p')
echo "fan-out: $CLIENTS clients polling every 3 s, $DURATION per run, tournament $tid, cluster $REDIS_URL"

rss() { awk '/^VmRSS/ {printf "%.0f MB", $2 / 1024}' "/proc/$1/status"; }
run() { # name, targets, writes
  echo "== $1"
  "$work/fanout" -targets "$2" -tournament "$tid" -clients "$CLIENTS" -duration "$DURATION" -token "$token" -writes "$3" -redis "$masters"
  local i=0
  for p in "${pids[@]}"; do echo "instance $i: $(rss "$p")"; i=$((i + 1)); done
}
b=http://127.0.0.1:${PORTS[1]}
run "one instance, nothing changes (304 path)" "$a" 0
run "one instance, $WRITES live scores a second" "$a" "$WRITES"
run "two instances, nothing changes (304 path)" "$a,$b" 0
run "two instances, $WRITES live scores a second" "$a,$b" "$WRITES"
