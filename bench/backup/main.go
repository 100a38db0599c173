// Command backup measures what a backup of a large store costs and what it
// does to a writer at the same time: it fills a Redis with -tournaments
// copies of the demo's tournaments (results, entries, courts as the demo has
// them), then enters live scores in a loop for -duration alone and for
// -duration while backups run one after another, and prints the writer's
// p50/p99/max both ways, the backup's time, keys and size, and a restore's
// time into an empty database.
//
//	go run ./bench/backup -redis 127.0.0.1:6403 -tournaments 300 -duration 20s
//
// bench/backup.sh starts a redis-server on port 6403 and runs it for you.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"

	"courtside/cache"
	"courtside/tournament"
)

func main() {
	addr := flag.String("redis", "127.0.0.1:6403", "the Redis to fill (database 0; database 1 takes the restore), flushed first")
	n := flag.Int("tournaments", 300, "tournaments of the demo's sizes")
	duration := flag.Duration("duration", 20*time.Second, "how long the writer is measured, alone and beside backups")
	flag.Parse()
	ctx := context.Background()
	rdb := redis.NewClient(&redis.Options{Addr: *addr, PoolSize: 16})
	if err := rdb.FlushDB(ctx).Err(); err != nil {
		log.Fatal(err)
	}
	store := cache.New(rdb)
	demo := tournament.NewDemo(2026, time.Now())
	if err := store.LoadDemo(ctx, demo); err != nil {
		log.Fatal(err)
	}
	start := time.Now()
	made := len(demo.Tournaments)
	for copyNo := 1; made < *n; copyNo++ {
		for _, dt := range demo.Tournaments {
			if made >= *n {
				break
			}
			if err := putCopy(ctx, store, dt, copyNo); err != nil {
				log.Fatal(err)
			}
			made++
		}
	}
	info, _ := rdb.Info(ctx, "memory", "keyspace").Result()
	fmt.Printf("store: %d tournaments (the demo's %d, copied), made in %s; %s, %s\n", made, len(demo.Tournaments),
		time.Since(start).Round(time.Millisecond), field(info, "used_memory_human"), field(info, "db0"))

	// The writer: live scores on a running match, through the rule book.
	tid, mid := runningMatch(ctx, store, demo)
	write := func() time.Duration {
		snap, err := store.Snapshot(ctx, tid)
		if err != nil {
			log.Fatal(err)
		}
		m, _ := snap.Match(mid)
		score := 0
		if len(m.Encounters) > 0 && len(m.Encounters[0]) > 0 {
			score = (m.Encounters[0][0][0] + 1) % max(snap.Config(m).NumPoints-1, 2)
		}
		t0 := time.Now()
		_, _, err = store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
			return s.SetResult(mid, tournament.Encounters{{{score, 0}}}, false, time.Now(), "bench")
		})
		if err != nil {
			log.Fatal(err)
		}
		return time.Since(t0)
	}
	measure := func(label string, beside func(stop <-chan struct{})) {
		stop := make(chan struct{})
		var wg sync.WaitGroup
		if beside != nil {
			wg.Go(func() { beside(stop) })
		}
		var lat []time.Duration
		end := time.Now().Add(*duration)
		for time.Now().Before(end) {
			lat = append(lat, write())
			time.Sleep(5 * time.Millisecond) // a busy desk: 200 results a second at most
		}
		close(stop)
		wg.Wait()
		slices.Sort(lat)
		q := func(p float64) time.Duration { return lat[int(p*float64(len(lat)-1))].Round(10 * time.Microsecond) }
		fmt.Printf("writer %-22s %6d writes  p50 %8s  p99 %8s  max %8s\n", label+":", len(lat), q(0.5), q(0.99), lat[len(lat)-1].Round(10*time.Microsecond))
	}
	measure("alone", nil)
	var backups atomic.Int64
	var last bytes.Buffer
	var took []time.Duration
	var keys int
	measure("beside backups", func(stop <-chan struct{}) {
		for {
			select {
			case <-stop:
				return
			default:
			}
			last.Reset()
			t0 := time.Now()
			bi, err := store.Backup(ctx, &last, "")
			if err != nil {
				log.Fatal(err)
			}
			took = append(took, time.Since(t0))
			keys = bi.Keys
			backups.Add(1)
		}
	})
	slices.Sort(took)
	fmt.Printf("backup: %d taken back to back; each %s (median; %s to %s), %d keys, %.1f MB gzipped\n", backups.Load(),
		took[len(took)/2].Round(time.Millisecond), took[0].Round(time.Millisecond), took[len(took)-1].Round(time.Millisecond), keys, float64(last.Len())/(1<<20))

	t0 := time.Now()
	if _, err := cache.ReadBackup(bytes.NewReader(last.Bytes()), nil); err != nil {
		log.Fatal(err)
	}
	check := time.Since(t0)
	other := redis.NewClient(&redis.Options{Addr: *addr, DB: 1})
	if err := other.FlushDB(ctx).Err(); err != nil {
		log.Fatal(err)
	}
	t0 = time.Now()
	if _, err := cache.New(other).Restore(ctx, func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(last.Bytes())), nil }, false); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("restore: into an empty database in %s (its checksum pass alone %s)\n", time.Since(t0).Round(time.Millisecond), check.Round(time.Millisecond))
	_ = other.FlushDB(ctx).Err()
}

// putCopy stores a demo tournament again under new ids (the tournament's id
// with the copy's number), as another club's day of the same size.
func putCopy(ctx context.Context, store *cache.Store, dt tournament.DemoTournament, copyNo int) error {
	raw, err := json.Marshal(dt)
	if err != nil {
		return err
	}
	id := dt.Tournament.ID
	raw = []byte(strings.ReplaceAll(string(raw), `"`+id+`"`, fmt.Sprintf(`"%s-%d"`, id, copyNo)))
	var c tournament.DemoTournament
	if err := json.Unmarshal(raw, &c); err != nil {
		return err
	}
	return store.PutTournament(ctx, c.Tournament, c.Matches, c.Entries)
}

// runningMatch finds a running match of a one-encounter configuration.
func runningMatch(ctx context.Context, store *cache.Store, demo *tournament.Demo) (string, string) {
	for _, dt := range demo.Tournaments {
		snap, err := store.Snapshot(ctx, dt.Tournament.ID)
		if err != nil {
			log.Fatal(err)
		}
		for _, m := range snap.Matches {
			if m.State == tournament.MatchRunning && len(m.Encounters) <= 1 && snap.Config(m).NumPoints > 2 {
				return dt.Tournament.ID, m.ID
			}
		}
	}
	log.Fatal("no running match in the demo")
	return "", ""
}

func field(info, name string) string {
	for _, line := range strings.Split(info, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), name+":"); ok {
			return name + " " + v
		}
	}
	return ""
}
