#!/usr/bin/env bash
# Noisy neighbour: one organizer does the worst each limit allows (the
# largest allowed start of every mode, a setup save loop at the size limits,
# an import of the largest allowed file, all at once and over and over)
# while another enters results through the API and reads its tournament's
# page. Prints the quiet organizer's p50/p99 alone and beside the noisy one,
# and what Redis' SLOWLOG and LATENCY saw (see bench/noisy/main.go).
#
#   bench/noisy.sh                 # 30 s a phase
#   DURATION=60s bench/noisy.sh
#   ONLY=imports bench/noisy.sh    # one of the loops: starts, saves or imports
#   ONLY=quota bench/noisy.sh      # an organizer at its quota (filled first: 96,768 rated
#                                  # matches), refused creations and writes past its writes a minute
#   ONLY=rankings bench/noisy.sh   # the same organizer's rankings computed cold, over and over
#   ONLY=search bench/noisy.sh     # a search flood from one address (16 connections)
#   NOISY_NICE=0 bench/noisy.sh    # the noisy organizer at the same priority
#
# Needs go, curl and redis-server. It starts its own Redis on port 6402
# (REDIS_PORT) and a server on 18095 (PORT), and stops both by itself.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-30s}
REDIS_PORT=${REDIS_PORT:-6402}
PORT=${PORT:-18095}
work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no --dir "$work" >"$work/redis.log" 2>&1 &
pids+=($!)
for _ in $(seq 50); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
go build -o "$work/courtside" .
go build -o "$work/noisy" ./bench/noisy
export REDIS_URL=redis://127.0.0.1:$REDIS_PORT/0

# The quiet organizer: a double round robin of 40 on 20 tables that call their next match by themselves.
org=$("$work/courtside" organizers create --name "Quiet Club" --slug quiet-club --sport table_soccer)
token=$("$work/courtside" keys create-token --organizer "$org" --name noisy-bench)
{
  printf '{"organizer": "quiet-club", "name": "Quiet Open", "startTime": "2026-11-24T18:00:00.000Z", "public": true, "courts": 20, "autoCall": true,\n'
  printf ' "disciplines": [{"name": "Open Singles", "shortName": "OS", "entryType": "single", "entries": ['
  for i in $(seq 40); do printf '"Player %d"' "$i"; [ "$i" -lt 40 ] && printf ', '; done
  printf '],\n  "stages": [{"name": "League", "mode": "round_robin", "doubleRoundRobin": true, "matchConfiguration": {"numPoints": 7, "numSets": 1}}]}]}\n'
} >"$work/quiet.json"
tid=$("$work/courtside" tournaments create --file "$work/quiet.json")
"$work/courtside" tournaments start "$tid" >/dev/null

ADDR=127.0.0.1:$PORT LOG_LEVEL=warn SESSION_KEYS=$(printf 'n%.0s' {1..40}) "$work/courtside" serve --simulate=false >"$work/serve.out" 2>"$work/serve.err" &
pids+=($!)
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/readyz" >/dev/null && break; sleep 0.1; done

echo "noisy neighbour: redis-server $(redis-server --version | sed -n 's/.*v=\([^ ]*\).*/\1/p') on port $REDIS_PORT, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
args=(-server "http://127.0.0.1:$PORT" -redis "127.0.0.1:$REDIS_PORT" -token "$token" -tournament "$tid" -duration "$DURATION" -baseline "$work/alone.json")
"$work/noisy" -phase alone "${args[@]}"
# The noisy organizer runs as a process of its own (another instance), at
# nice NOISY_NICE: on a small shared machine its own CPU work would otherwise
# slow the quiet organizer's server down as much as anything Redis does, and
# this measures what one organizer's data costs the other in Redis.
# NOISY_NICE=0 measures both together.
nice -n "${NOISY_NICE:-19}" "$work/noisy" -phase noisy ${ONLY:+-only "$ONLY"} -server "http://127.0.0.1:$PORT" -redis "127.0.0.1:$REDIS_PORT" -duration "$(( ${DURATION%s} + 20 ))s" -ready "$work/ready" >"$work/noisy.out" &
noisy=$!
pids+=($noisy)
for _ in $(seq 6000); do [ -e "$work/ready" ] && break; sleep 0.1; done # filling an organizer to its quota takes a while
sleep 2
"$work/noisy" -phase beside "${args[@]}"
wait "$noisy"
cat "$work/noisy.out"
