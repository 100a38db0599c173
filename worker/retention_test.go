package worker

import (
	"context"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/internal/testkit"
)

func TestRetentionTrimsButNeverPastAnEnabledWebhook(t *testing.T) {
	h := newHooks(t)
	ctx := context.Background()
	healthy := newReceiver(t, always(200))
	failing := newReceiver(t, always(500))
	h.subscribe(healthy.URL)
	bad := h.subscribe(failing.URL)
	events := "t:{" + h.id + "}:events"
	changes := "t:{" + h.id + "}:changes"
	for range 3 {
		h.live()
	}
	retention := func(at time.Time) *Retention {
		s := cache.New(h.rdb)
		s.Now = func() time.Time { return at }
		return &Retention{Store: s, Log: quiet, Keep: time.Hour, Every: time.Hour}
	}
	xlen := func() int64 { n, _ := h.rdb.XLen(ctx, events).Result(); return n }

	// Recent events stay.
	if err := retention(time.Now()).Step(ctx); err != nil || xlen() != 3 {
		t.Fatalf("recent events trimmed: %d left (%v)", xlen(), err)
	}
	// Old events stay while enabled webhooks have not got them.
	later := time.Now().Add(2 * time.Hour)
	if err := retention(later).Step(ctx); err != nil || xlen() != 3 {
		t.Fatalf("undelivered events trimmed: %d left (%v)", xlen(), err)
	}
	// Delivered to one, the other disabled: only the last delivered entry stays.
	h.deliverer(time.Millisecond)
	testkit.Eventually(t, "the deliveries", func() bool { return len(eventsIn(healthy.received())) == 3 && !h.webhook(bad.ID).Enabled })
	if err := retention(later).Step(ctx); err != nil || xlen() != 1 {
		t.Errorf("after delivery: %d events left, want the last delivered one (%v)", xlen(), err)
	}
	// A running tournament keeps its changelog; results stay.
	if n, _ := h.rdb.Exists(ctx, changes).Result(); n != 1 {
		t.Error("a running tournament lost its changelog")
	}
	if snap, err := h.store.Snapshot(ctx, h.id); err != nil || snap.Tournament.ID != h.id {
		t.Errorf("results after retention: %v", err)
	}
}

func TestRetentionDropsTheChangelogOfFinishedTournaments(t *testing.T) {
	rdb := cachetest.Redis(t)
	store, demo := cachetest.DemoOn(t, rdb)
	ctx := context.Background()
	var id string
	var ended time.Time
	for _, dt := range demo.Tournaments {
		if dt.Tournament.Name == "Autumn Cup 2026" {
			id, ended = dt.Tournament.ID, dt.Tournament.EndTime.Time
		}
	}
	changes := "t:{" + id + "}:changes"
	if err := rdb.XAdd(ctx, &redis.XAddArgs{Stream: changes, ID: "1-1", Values: []string{"m", "x", "meta", "0"}}).Err(); err != nil {
		t.Fatal(err)
	}
	step := func(at time.Time) {
		s := cache.New(rdb)
		s.Now = func() time.Time { return at }
		if err := (&Retention{Store: s, Log: quiet, Keep: 24 * time.Hour, Every: time.Hour}).Step(ctx); err != nil {
			t.Fatal(err)
		}
	}
	step(ended.Add(23 * time.Hour))
	if n, _ := rdb.Exists(ctx, changes).Result(); n != 1 {
		t.Fatal("the changelog went before the retention time")
	}
	step(ended.Add(25 * time.Hour))
	if n, _ := rdb.Exists(ctx, changes).Result(); n != 0 {
		t.Fatal("the changelog of a tournament finished for longer than the retention is still there")
	}
	snap, err := store.Snapshot(ctx, id)
	if err != nil || len(snap.Matches) == 0 {
		t.Errorf("the results are gone: %v", err)
	}
}
