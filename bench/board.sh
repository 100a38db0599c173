#!/usr/bin/env bash
# Measures the court-board fragment that every TV polls, against nginx serving
# the same bytes as a static file (the ceiling), in one run on this machine.
#
#   bench/board.sh            # 5 rounds of 4 s per target, 64 connections, 2 wrk threads
#   ROUNDS=9 DURATION=10s CONNS=128 bench/board.sh
#
# Needs go, curl, wrk and nginx (apt-get install wrk nginx). Prints req/s,
# p50, p99 and the server's CPU time per request for: the 304 path (a TV that
# has the current board), the 200 path (a TV that needs it), and nginx; and
# each path's ratio to nginx. The board is asked for as a TV's htmx poll asks
# (HX-Request), as a bare request is sent to the board's page. The CPU time
# (user and system, of the server's process and of nginx's workers) depends
# far less on what else the machine runs than req/s does. The
# 200 path is measured plain (board-200 against nginx) and gzipped, as every
# browser asks for it (board-200gz against nginx-gz, serving the same gzipped
# bytes with gzip_static). The targets take turns, round after round, and
# each figure is the median of the rounds, each ratio the median of the
# rounds' ratios (a path against nginx of the same round): on a shared
# machine the load moves within seconds, and one long run per target
# measures the load as much as the server. The load average is printed
# before and after the run.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-5}
DURATION=${DURATION:-4s}
CONNS=${CONNS:-64}
THREADS=${THREADS:-2}
PORT=${PORT:-18080}
NGINX_PORT=${NGINX_PORT:-18081}
for tool in go curl wrk nginx; do
  command -v "$tool" >/dev/null || { echo "bench: $tool is missing (apt-get install wrk nginx)" >&2; exit 1; }
done
work=$(mktemp -d)
chmod 755 "$work" # nginx's workers (nobody) read the board from here: a 0700 directory gets 403s, measured as fast
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
poll='HX-Request: true' # what a TV's htmx sends
etag=$(curl -sfI -H "$poll" "$url" | tr -d '\r' | sed -n 's/^[Ee][Tt]ag: //p')
mkdir -p "$work/www"
curl -sf -H "$poll" "$url" >"$work/www/board.html"
curl -sf -H "$poll" -H 'Accept-Encoding: gzip' "$url" >"$work/www/board.html.gz" # what a browser gets
cat >"$work/nginx.conf" <<CONF
worker_processes auto;
pid $work/nginx.pid;
error_log $work/nginx.err;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  keepalive_requests 1000000;
  gzip_static on;
  server { listen 127.0.0.1:$NGINX_PORT; root $work/www; }
}
CONF
nginx -c "$work/nginx.conf"
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$NGINX_PORT/board.html" >/dev/null && break; sleep 0.1; done
# Both serve the same bytes, or the comparison means nothing.
curl -sf "http://127.0.0.1:$NGINX_PORT/board.html" | cmp -s - "$work/www/board.html" ||
  { echo "bench: nginx does not serve the board's bytes" >&2; exit 1; }
curl -sf -H 'Accept-Encoding: gzip' "http://127.0.0.1:$NGINX_PORT/board.html" | cmp -s - "$work/www/board.html.gz" ||
  { echo "bench: nginx does not serve the board's gzipped bytes" >&2; exit 1; }

nginx_workers=$(pgrep -P "$(cat "$work/nginx.pid")" | tr '\n' ' ')
echo "board: $url ($(wc -c <"$work/www/board.html") bytes, $(wc -c <"$work/www/board.html.gz") gzipped, ETag $etag); wrk -t$THREADS -c$CONNS -d$DURATION, $ROUNDS rounds"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
ticks() { # CPU time (user + system) of the processes, in clock ticks
  local t=0 p
  for p in "$@"; do t=$((t + $(awk '{ print $14 + $15 }' "/proc/$p/stat"))); done
  echo "$t"
}
hz=$(getconf CLK_TCK)
run() { # round, name, wrk args...
  local round=$1 name=$2; shift 2
  local pids=$server
  [[ $name == nginx* ]] && pids=$nginx_workers
  local t0
  t0=$(ticks $pids)
  wrk -t"$THREADS" -c"$CONNS" -d"$DURATION" --latency "$@" >"$work/out.txt"
  local cpu=$(($(ticks $pids) - t0))
  if grep -q 'Non-2xx' "$work/out.txt"; then # an error answered fast is no figure
    echo "bench: $name: $(grep 'Non-2xx' "$work/out.txt")" >&2
    exit 1
  fi
  local rps p50 p99 n
  rps=$(awk '/^Requests\/sec/ {print $2}' "$work/out.txt")
  p50=$(awk '$1 == "50%" {print $2}' "$work/out.txt")
  p99=$(awk '$1 == "99%" {print $2}' "$work/out.txt")
  n=$(awk '/requests in/ {print $1}' "$work/out.txt")
  echo "$round $name $rps $(ms "$p50") $(ms "$p99") $(awk -v c="$cpu" -v hz="$hz" -v n="$n" 'BEGIN { printf "%.1f", c * 1e6 / hz / n }')"
}
ms() { # wrk latency (us, ms, s) in ms
  awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n += 0; else if (v ~ /s$/) n *= 1000; printf "%.3f", n }'
}
for round in $(seq "$ROUNDS"); do
  run "$round" nginx "http://127.0.0.1:$NGINX_PORT/board.html"
  run "$round" board-304 -H "$poll" -H "If-None-Match: $etag" "$url"
  run "$round" board-200 -H "$poll" "$url"
  run "$round" nginx-gz -H 'Accept-Encoding: gzip' "http://127.0.0.1:$NGINX_PORT/board.html"
  run "$round" board-200gz -H "$poll" -H 'Accept-Encoding: gzip' "$url"
done >"$work/results.txt"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
# Each round's figures with its ratios to nginx of the same round: round name
# req/s p50 p99 cpu/req ratio p99-ratio cpu-ratio. The gzipped path is
# compared with nginx serving gzip.
awk 'NR == FNR { if ($2 ~ /^nginx/) { rps[$1 $2] = $3; p99[$1 $2] = $5; cpu[$1 $2] = $6 }; next }
  { n = $1 ($2 ~ /gz$/ ? "nginx-gz" : "nginx"); print $0, $3 / rps[n], $5 / p99[n], $6 / cpu[n] }' "$work/results.txt" "$work/results.txt" >"$work/rounds.txt"
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
printf '%-11s %8s %8s %8s %10s %11s %8s %13s\n' target req/s p50/ms p99/ms "of nginx" "p99/nginx" "CPU/req" "CPU/nginx's"
for name in nginx board-304 board-200 nginx-gz board-200gz; do
  col() { awk -v n="$name" -v c="$1" '$2 == n { print $c }' "$work/rounds.txt" | median; }
  printf '%-11s %8.0f %8.3f %8.3f %9.0f%% %11.2f %6.1fus %12.2fx\n' "$name" "$(col 3)" "$(col 4)" "$(col 5)" "$(awk -v r="$(col 7)" 'BEGIN { print 100 * r }')" "$(col 8)" "$(col 6)" "$(col 9)"
done
