package cache_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"courtside/cache"
	"courtside/tournament"
	"courtside/worker"
)

// contents is everything in a store, key by key, as one comparable value.
func contents(t *testing.T, rdb redis.UniversalClient) map[string]string {
	t.Helper()
	ctx := context.Background()
	keys, err := rdb.Keys(ctx, "*").Result()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, k := range keys {
		typ := rdb.Type(ctx, k).Val()
		var v any
		switch typ {
		case "string":
			v = rdb.Get(ctx, k).Val()
		case "hash":
			v = rdb.HGetAll(ctx, k).Val()
		case "list":
			v = rdb.LRange(ctx, k, 0, -1).Val()
		case "set":
			m := rdb.SMembers(ctx, k).Val()
			sort.Strings(m)
			v = m
		case "zset":
			v = rdb.ZRangeWithScores(ctx, k, 0, -1).Val()
		case "stream":
			v = rdb.XRange(ctx, k, "-", "+").Val()
		default:
			t.Fatalf("key %s of type %s", k, typ)
		}
		ttl := ""
		if rdb.PTTL(ctx, k).Val() > 0 {
			ttl = " (expires)"
		}
		out[k] = fmt.Sprintf("%s%s %v", typ, ttl, v)
	}
	return out
}

// busyDay writes into the store as a day does: the demo, results played by
// the simulator (scripts, transactions, event streams), a webhook, sign-ins
// (keys with a time to live) and the API's rate counters.
func busyDay(t *testing.T, rdb redis.UniversalClient) {
	t.Helper()
	ctx := context.Background()
	store := cache.New(rdb)
	d := tournament.NewDemo(7, time.Now())
	if err := store.LoadDemo(ctx, d); err != nil {
		t.Fatal(err)
	}
	secret, key, err := store.CreateToken(ctx, d.Organizers[0].ID, "desk")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.CreateWebhook(ctx, key, d.Tournaments[0].Tournament.ID, "https://example.org/hook"); err != nil {
		t.Fatal(err)
	}
	if _, err := store.CreateSession(ctx, cache.Hash(secret), time.Hour); err != nil {
		t.Fatal(err)
	}
	if _, _, err := store.Allow(ctx, cache.Hash(secret), 120); err != nil {
		t.Fatal(err)
	}
	before := map[string]int64{}
	for _, dt := range d.Tournaments {
		snap, err := store.Snapshot(ctx, dt.Tournament.ID)
		if err != nil {
			t.Fatal(err)
		}
		before[dt.Tournament.ID] = snap.Version
	}
	runCtx, stop := context.WithCancel(ctx)
	sim := &worker.Simulator{Store: store, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Rand: rand.New(rand.NewPCG(1, 2)), IdleFor: time.Hour}
	done := make(chan struct{})
	go func() { defer close(done); sim.Run(runCtx, time.Millisecond) }()
	// Wait for a few dozen results, not for a time.
	deadline := time.Now().Add(time.Minute)
	for moved := 0; moved < 30 && time.Now().Before(deadline); {
		moved = 0
		for id, v := range before {
			snap, err := store.Snapshot(ctx, id)
			if err == nil {
				moved += int(snap.Version - v)
			}
		}
	}
	stop()
	<-done
}

func TestDataDirKeepsEverythingAcrossARestart(t *testing.T) {
	dir := t.TempDir()
	rdb, release, err := cache.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	busyDay(t, rdb)
	want := contents(t, rdb)
	release()
	// The API's rate counters are the one thing not kept (a restart forgets
	// a minute of counting; journaling them would sync the disk on every read).
	for k := range want {
		if strings.HasPrefix(k, "rl:") {
			delete(want, k)
		}
	}

	for restart := 1; restart <= 2; restart++ { // the second reads the compacted journal
		rdb, release, err = cache.OpenDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		if got := contents(t, rdb); !reflect.DeepEqual(got, want) {
			for k := range want {
				if got[k] != want[k] {
					t.Errorf("restart %d: %s\n got %.300s\nwant %.300s", restart, k, got[k], want[k])
				}
			}
			for k := range got {
				if _, ok := want[k]; !ok {
					t.Errorf("restart %d: %s appeared", restart, k)
				}
			}
		}
		release()
	}
}

func TestDataDirLeavesOutATornLastRecordButStopsAtDamage(t *testing.T) {
	dir := t.TempDir()
	rdb, release, err := cache.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for i := range 20 {
		rdb.Set(ctx, fmt.Sprint("k", i), i, 0)
	}
	release()
	path := filepath.Join(dir, cache.JournalName)
	whole, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}

	// A record the process was writing when it died: its length promises more than there is.
	if err := os.WriteFile(path, append(append([]byte{}, whole...), 0x40, 'c', 1, 2), 0o600); err != nil {
		t.Fatal(err)
	}
	rdb, release, err = cache.OpenDir(dir)
	if err != nil {
		t.Fatalf("a torn last record stopped the start: %v", err)
	}
	if n, _ := rdb.DBSize(ctx).Result(); n != 20 {
		t.Errorf("after a torn record: %d keys, want 20", n)
	}
	release()

	// Damage in the middle is not a crash: the start stops and says where.
	damaged, _ := os.ReadFile(path)
	damaged[len(damaged)/2] ^= 0xff
	if err := os.WriteFile(path, damaged, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, _, err := cache.OpenDir(dir); err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Errorf("a damaged journal opened: %v", err)
	}
}

func TestDataDirReadsAndRateCountsDoNotTouchTheDisk(t *testing.T) {
	dir := t.TempDir()
	rdb, release, err := cache.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	ctx := context.Background()
	store := cache.New(rdb)
	if err := store.LoadDemo(ctx, tournament.NewDemo(7, time.Now())); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, cache.JournalName)
	st, _ := os.Stat(path)
	for range 50 {
		if _, err := store.Tournaments(ctx, "", cache.ListQuery{Limit: 25}); err != nil {
			t.Fatal(err)
		}
		if _, _, err := store.Allow(ctx, "some key", 1000); err != nil {
			t.Fatal(err)
		}
	}
	if after, _ := os.Stat(path); after.Size() != st.Size() {
		t.Errorf("reads grew the journal from %d to %d bytes", st.Size(), after.Size())
	}
}

func TestDataDirIsOneServersAtATime(t *testing.T) {
	dir := t.TempDir()
	_, release, err := cache.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	if _, _, err := cache.OpenDir(dir); err == nil || !strings.Contains(err.Error(), "in use") {
		t.Errorf("a second server opened the same directory: %v", err)
	}
}

// BenchmarkDataDirWrite measures one acknowledged write with the journal
// (an fsync each) against the same write to the in-memory store, and a read.
func BenchmarkDataDirWrite(b *testing.B) {
	ctx := context.Background()
	for _, c := range []struct {
		name string
		open func() (redis.UniversalClient, func(), error)
	}{
		{"journal", func() (redis.UniversalClient, func(), error) { return cache.OpenDir(b.TempDir()) }},
		{"memory", func() (redis.UniversalClient, func(), error) { return cache.Open("", false) }},
	} {
		rdb, release, err := c.open()
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name+"/set", func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				if err := rdb.Set(ctx, "k", i, 0).Err(); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.name+"/get", func(b *testing.B) {
			for b.Loop() {
				if err := rdb.Get(ctx, "k").Err(); err != nil {
					b.Fatal(err)
				}
			}
		})
		release()
	}
}
