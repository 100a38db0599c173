#!/usr/bin/env bash
# Backup of a large store beside a writer: fills a redis-server with 300
# tournaments of the demo's sizes (TOURNAMENTS), then measures a writer's
# live scores alone and while backups run back to back, the backup's time
# and size, and a restore (see bench/backup/main.go).
#
#   bench/backup.sh
#   TOURNAMENTS=1000 DURATION=30s bench/backup.sh
#
# Needs go and redis-server. It starts its own Redis on port 6403
# (REDIS_PORT), with the append-only file and fsync every second as a
# production Redis runs, and stops it by itself.
set -euo pipefail
cd "$(dirname "$0")/.."
REDIS_PORT=${REDIS_PORT:-6403}
work=$(mktemp -d)
pid=
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly yes --appendfsync everysec --dir "$work" >"$work/redis.log" 2>&1 &
pid=$!
for _ in $(seq 50); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
echo "backup bench: redis-server $(redis-server --version | sed -n 's/.*v=\([^ ]*\).*/\1/p'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
go run ./bench/backup -redis "127.0.0.1:$REDIS_PORT" -tournaments "${TOURNAMENTS:-300}" -duration "${DURATION:-20s}"
