#!/usr/bin/env bash
# Measures the court-board fragment that every TV polls, against nginx serving
# the same bytes as a static file (the ceiling), in one run on this machine.
#
#   bench/board.sh            # 10 s per target, 64 connections, 2 wrk threads
#   DURATION=30s CONNS=128 bench/board.sh
#
# Needs go, curl, wrk and nginx (apt-get install wrk nginx). Prints req/s,
# p50 and p99 for: the 304 path (a TV that has the current board), the 200
# path (a TV that needs it), and nginx; and each path's ratio to nginx.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-10s}
CONNS=${CONNS:-64}
THREADS=${THREADS:-2}
PORT=${PORT:-18080}
NGINX_PORT=${NGINX_PORT:-18081}
for tool in go curl wrk nginx; do
  command -v "$tool" >/dev/null || { echo "bench: $tool is missing (apt-get install wrk nginx)" >&2; exit 1; }
done
work=$(mktemp -d)
cleanup() {
  [ -n "${server:-}" ] && kill "$server" 2>/dev/null || true
  [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

go build -o "$work/courtside" .
# The demo, without the simulator, so that the board stays the same during a run.
ADDR=127.0.0.1:$PORT LOG_LEVEL=${LOG_LEVEL:-warn} "$work/courtside" serve --simulate=false >"$work/server.out" 2>"$work/server.err" &
server=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/readyz" >/dev/null && break; sleep 0.1; done

base=http://127.0.0.1:$PORT
token=cst_demo_kickerclub_hamburg
tid=$(curl -sf -H "Authorization: Bearer $token" "$base/v1/public/tournaments?state=running" |
  tr ',' '\n' | grep -m1 -B1 '"name":"Hamburg Open' | sed -n 's/.*"id":"\([^"]*\)".*/\1/p')
url="$base/t/$tid/board"
etag=$(curl -sfI "$url" | tr -d '\r' | sed -n 's/^[Ee][Tt]ag: //p')
mkdir -p "$work/www"
curl -sf "$url" >"$work/www/board.html"
cat >"$work/nginx.conf" <<CONF
worker_processes auto;
pid $work/nginx.pid;
error_log $work/nginx.err;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  keepalive_requests 1000000;
  server { listen 127.0.0.1:$NGINX_PORT; root $work/www; }
}
CONF
nginx -c "$work/nginx.conf"
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$NGINX_PORT/board.html" >/dev/null && break; sleep 0.1; done

echo "board: $url ($(wc -c <"$work/www/board.html") bytes, ETag $etag); wrk -t$THREADS -c$CONNS -d$DURATION"
run() { # name, wrk args...
  local name=$1; shift
  wrk -t"$THREADS" -c"$CONNS" -d"$DURATION" --latency "$@" >"$work/$name.txt"
  local rps p50 p99
  rps=$(awk '/^Requests\/sec/ {print $2}' "$work/$name.txt")
  p50=$(awk '$1 == "50%" {print $2}' "$work/$name.txt")
  p99=$(awk '$1 == "99%" {print $2}' "$work/$name.txt")
  echo "$name $rps $p50 $p99"
}
ms() { # wrk latency (us, ms, s) in ms
  awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n += 0; else if (v ~ /s$/) n *= 1000; printf "%.3f", n }'
}
results=$(
  run nginx "http://127.0.0.1:$NGINX_PORT/board.html"
  run board-304 -H "If-None-Match: $etag" "$url"
  run board-200 "$url"
)
nginx_rps=$(echo "$results" | awk '$1 == "nginx" {print $2}')
nginx_p99=$(echo "$results" | awk '$1 == "nginx" {print $4}')
printf '%-10s %12s %10s %10s %10s %12s\n' target req/s p50 p99 "of nginx" "p99 / nginx"
echo "$results" | while read -r name rps p50 p99; do
  ratio=$(awk -v a="$rps" -v b="$nginx_rps" 'BEGIN { printf "%.0f%%", 100 * a / b }')
  p99r=$(awk -v a="$(ms "$p99")" -v b="$(ms "$nginx_p99")" 'BEGIN { printf "%.2f", a / b }')
  printf '%-10s %12s %10s %10s %10s %12s\n' "$name" "$rps" "$p50" "$p99" "$ratio" "$p99r"
done
