// Package cachetest gives tests a store: the embedded Redis by default, the real
// Redis at REDIS_URL when it is set (CI sets it). The real one is flushed first,
// so run those tests one package at a time (go test -p 1).
package cachetest

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"courtside/cache"
	"courtside/tournament"
)

// Now is the clock the demo is built at in tests.
var Now = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

// Seed is the demo seed tests use.
const Seed = 7

// Redis returns a client to an empty Redis, closed when the test ends.
func Redis(t testing.TB) *redis.Client {
	t.Helper()
	var rdb *redis.Client
	if url := os.Getenv("REDIS_URL"); url != "" {
		opt, err := redis.ParseURL(url)
		if err != nil {
			t.Fatalf("REDIS_URL: %v", err)
		}
		rdb = redis.NewClient(opt)
		if err := rdb.FlushDB(context.Background()).Err(); err != nil {
			t.Fatalf("flush %s: %v", url, err)
		}
	} else {
		m := miniredis.RunT(t)
		rdb = redis.NewClient(&redis.Options{Addr: m.Addr()})
	}
	t.Cleanup(func() { _ = rdb.Close() })
	return rdb
}

// Store returns a store over rdb whose clock stands at Now.
func Store(rdb redis.UniversalClient) *cache.Store {
	s := cache.New(rdb)
	s.Now = func() time.Time { return Now }
	return s
}

// Demo returns a store over an empty Redis, loaded with the demo data, and the demo.
func Demo(t testing.TB) (*cache.Store, *tournament.Demo) {
	t.Helper()
	return DemoOn(t, Redis(t))
}

// DemoOn loads the demo data into rdb and returns a store over it, and the demo.
func DemoOn(t testing.TB, rdb redis.UniversalClient) (*cache.Store, *tournament.Demo) {
	t.Helper()
	s := Store(rdb)
	d := tournament.NewDemo(Seed, Now)
	if err := s.LoadDemo(context.Background(), d); err != nil {
		t.Fatalf("load demo: %v", err)
	}
	return s, d
}

// Eventually fails the test unless ok becomes true within ten seconds (a
// slow, shared machine under -race is not a failure); it checks every few
// milliseconds, so a test never sleeps a fixed time and hopes.
func Eventually(t testing.TB, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting: %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
