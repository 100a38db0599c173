package cache_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/redis/go-redis/v9"

	"courtside/cache"
)

// liveResultScript is what a live result writes, in the shape of the store's own
// scripts: the match's record in the tournament's hash, its version, and an
// event in its stream (kept to the last thousand, as retention does).
var liveResultScript = redis.NewScript(`
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
local v = redis.call('INCR', KEYS[2])
redis.call('XADD', KEYS[3], 'MAXLEN', '~', 1000, '*', 'type', 'MatchUpdated', 'matchId', ARGV[1])
return v
`)

// dayOfLiveScores writes n live results over 64 matches into a data
// directory in memory (the disk's speed is not what is measured here) and
// returns its files: with compaction while the server runs (live) or, as
// before it, only at start.
func dayOfLiveScores(b *testing.B, n int, live bool) map[string][]byte {
	b.Helper()
	dir := scratchDir(b)
	defer func() { _ = os.RemoveAll(dir) }()
	open := cache.OpenDir
	if !live {
		open = func(dir string) (redis.UniversalClient, func(), error) {
			return cache.OpenDirCompactingAfter(dir, 1<<30, 1<<62)
		}
	}
	rdb, release, err := open(dir)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	record := strings.Repeat("x", 600)
	for i := range n {
		keys := []string{"t:{bench}:matches", "t:{bench}:version", "t:{bench}:events"}
		if err := liveResultScript.Run(ctx, rdb, keys, fmt.Sprint("m", i%64), fmt.Sprint(i, record)).Err(); err != nil {
			b.Fatal(err)
		}
	}
	release()
	return readDir(b, dir)
}

// BenchmarkDataDirRestart measures a restart (replay and the start's
// compaction) after a day of 2,000, 20,000 and 200,000 live results, on the
// disk: with the journal compacted only at start (start-only: it holds the
// whole day) and compacted while the server runs (live: it holds the
// contents and the writes since the last compaction). bench/journal.sh runs
// it.
func BenchmarkDataDirRestart(b *testing.B) {
	for _, n := range []int{2_000, 20_000, 200_000} {
		for _, live := range []bool{false, true} {
			name := "start-only"
			if live {
				name = "live"
			}
			var files map[string][]byte
			b.Run(fmt.Sprintf("writes=%d/%s", n, name), func(b *testing.B) {
				if files == nil {
					files = dayOfLiveScores(b, n, live)
				}
				b.ResetTimer() // the day is not the restart
				b.ReportMetric(float64(len(files[cache.JournalName]))/1e6, "journal-MB")
				for range b.N {
					b.StopTimer()
					dir := b.TempDir()
					for name, data := range files {
						if err := os.WriteFile(filepath.Join(dir, name), data, 0o600); err != nil {
							b.Fatal(err)
						}
					}
					b.StartTimer()
					_, release, err := cache.OpenDir(dir)
					if err != nil {
						b.Fatal(err)
					}
					b.StopTimer()
					release()
					b.StartTimer()
				}
			})
		}
	}
}
