#!/usr/bin/env bash
# Measures how long the embedded store takes to restart (replay its journal
# and compact it) after a day of 2,000, 20,000 and 200,000 live results, with
# the journal compacted only at start (as before: it holds the whole day) and
# compacted while the server runs (it holds the contents and the writes since
# the last compaction). Prints ns/op (one restart) and the journal's size.
#
#   bench/journal.sh              # 3 restarts each
#   COUNT=5 bench/journal.sh
#
# Making the 200,000-result day takes a minute or two; the restarts are timed
# on the disk the temporary directory is on (TMPDIR).
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${COUNT:-3}
go test -run '^$' -bench 'BenchmarkDataDirRestart' -benchtime "${COUNT}x" -timeout 30m ./cache/
