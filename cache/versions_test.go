package cache_test

import (
	"context"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/internal/testkit"
	"courtside/tournament"
)

// These tests stop and start Redis, so they run on the embedded one whatever REDIS_URL says.

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// counted is a log that counts its records.
type counted struct {
	slog.Handler
	n *atomic.Int64
}

func (c counted) Enabled(context.Context, slog.Level) bool        { return true }
func (c counted) Handle(ctx context.Context, r slog.Record) error { c.n.Add(1); return nil }

func TestWatchVersionsSubscribesOnceRedisIsUp(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	m := miniredis.RunT(t)
	rdb := redis.NewClient(&redis.Options{Addr: m.Addr()})
	t.Cleanup(func() { _ = rdb.Close() })
	store := cachetest.Store(rdb)
	organizer(t, store)
	snap, _ := running(t, store, "t1", "a", "b")

	m.Close() // down at boot
	var warned atomic.Int64
	go store.WatchVersions(ctx, time.Hour, slog.New(counted{slog.DiscardHandler, &warned}))
	testkit.Eventually(t, "the watcher failed twice", func() bool { return warned.Load() >= 2 })
	if err := m.Restart(); err != nil {
		t.Fatal(err)
	}
	testkit.Eventually(t, "the watcher vouches for the version once Redis is up", func() bool {
		v, ok := store.KnownVersion("t1")
		return ok && v == snap.Version
	})
}

func TestARollbackOfRedisDropsWhatTheInstanceHolds(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	m := miniredis.RunT(t)
	addr := m.Addr()
	rdb := redis.NewClient(&redis.Options{Addr: addr})
	t.Cleanup(func() { _ = rdb.Close() })
	writer, reader := cachetest.Store(rdb), cachetest.Store(rdb)
	organizer(t, writer)
	_, matches := running(t, writer, "t1", "a", "b", "c", "d")
	for _, m := range matches {
		snap, err := writer.Snapshot(ctx, "t1")
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err = writer.Write(ctx, snap, final(m.ID)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := reader.Snapshot(ctx, "t1"); err != nil {
		t.Fatal(err)
	}
	go reader.WatchVersions(ctx, time.Hour, quiet())
	testkit.Eventually(t, "the reader knows the finished tournament", func() bool {
		s, err := reader.Snapshot(ctx, "t1")
		_, ok := reader.KnownVersion("t1")
		return ok && err == nil && s.Tournament.State == tournament.StateFinished
	})

	// Redis comes back from a backup taken while the matches were still running.
	m.Close()
	backup := miniredis.NewMiniRedis()
	if err := backup.StartAddr(addr); err != nil {
		t.Skipf("cannot take over %s: %v", addr, err)
	}
	defer backup.Close()
	rdb2 := redis.NewClient(&redis.Options{Addr: addr})
	t.Cleanup(func() { _ = rdb2.Close() })
	restored := cachetest.Store(rdb2)
	organizer(t, restored)
	running(t, restored, "t1", "a", "b", "c", "d")

	testkit.Eventually(t, "the reader serves the tournament as Redis has it now", func() bool {
		s, err := reader.Snapshot(ctx, "t1")
		return err == nil && s.Tournament.State == tournament.StateRunning && s.Matches[0].State == tournament.MatchRunning
	})
	testkit.Eventually(t, "the reader vouches again", func() bool {
		v, ok := reader.KnownVersion("t1")
		s, _ := restored.Snapshot(ctx, "t1")
		return ok && v == s.Version
	})
	if list, err := reader.Tournaments(ctx, "o", cache.ListQuery{State: tournament.StateRunning, Limit: 10}); err != nil || len(list) != 1 {
		t.Errorf("running tournaments after the rollback: %d, %v", len(list), err)
	}
}

func TestAWriteOnOneInstanceIsHeardOnceOnAnother(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rdb := cachetest.Redis(t) // REDIS_URL: a node, or a cluster with REDIS_CLUSTER=true
	here := cachetest.Store(rdb)
	organizer(t, here)
	snap, matches := running(t, here, "t1", "a", "b")
	there := cachetest.Store(cachetest.Another(t, rdb))
	type change struct {
		id string
		v  int64
	}
	heard := make(chan change, 16)
	there.OnChange(func(id string, v int64) { heard <- change{id, v} })
	go there.WatchVersions(ctx, time.Hour, quiet())
	testkit.Eventually(t, "the other instance subscribed", there.Watching)

	live, err := snap.SetResult(matches[0].ID, tournament.Encounters{{{3, 2}}}, false, cachetest.Now, "scoreboard")
	if err != nil {
		t.Fatal(err)
	}
	v, err := here.Apply(ctx, "t1", live)
	if err != nil {
		t.Fatal(err)
	}
	select {
	case c := <-heard:
		if c != (change{"t1", v}) {
			t.Fatalf("heard %+v, want t1 at %d", c, v)
		}
	case <-time.After(testkit.Ceiling): // a ceiling against hanging
		t.Fatal("the other instance never heard of the write")
	}
	// Once per write: the next thing heard is the next write.
	if err := here.DeleteTournament(ctx, "t1"); err != nil {
		t.Fatal(err)
	}
	if c := <-heard; c != (change{"t1", 0}) {
		t.Fatalf("after the write, heard %+v, want the deletion (t1 at 0)", c)
	}
}
