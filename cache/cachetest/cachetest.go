// Package cachetest gives tests a store: the embedded Redis by default, the real
// Redis at REDIS_URL when it is set (CI sets it). The real one is flushed first,
// so run those tests one package at a time (go test -p 1).
package cachetest

import (
	"context"
	"fmt"
	"os"
	"sync"
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

// Redis returns a client to an empty Redis, closed when the test ends: the
// embedded one, or the one at REDIS_URL (a node, or with REDIS_CLUSTER=true or
// go-redis' cluster form of the URL, a cluster), flushed first.
func Redis(t testing.TB) redis.UniversalClient {
	t.Helper()
	rdb, release := open(t)
	t.Cleanup(release)
	return rdb
}

// Parallel runs the test beside the package's other parallel tests when each
// test has an embedded Redis of its own (REDIS_URL unset); on the one Redis at
// REDIS_URL, which every test flushes first, tests take turns.
func Parallel(t *testing.T) {
	t.Helper()
	if os.Getenv("REDIS_URL") == "" {
		t.Parallel()
	}
}

// Separate returns a client to an empty embedded Redis of its own, whatever
// REDIS_URL says: for a test that needs two stores that share nothing (a
// second tournament application, an import into an empty store), where a
// second Redis(t) would flush the first.
func Separate(t testing.TB) redis.UniversalClient {
	t.Helper()
	m := miniredis.RunT(t)
	c := redis.NewClient(&redis.Options{Addr: m.Addr()})
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// Another returns a second client to the Redis Redis(t) returned, as a second
// instance of the server would have, closed when the test ends.
func Another(t testing.TB, rdb redis.UniversalClient) redis.UniversalClient {
	t.Helper()
	var other redis.UniversalClient
	switch c := rdb.(type) {
	case *redis.ClusterClient:
		other = redis.NewClusterClient(c.Options())
	case *redis.Client:
		other = redis.NewClient(c.Options())
	default:
		t.Fatalf("cachetest: unknown client %T", rdb)
	}
	t.Cleanup(func() { _ = other.Close() })
	return other
}

// URL is what REDIS_URL and REDIS_CLUSTER say to reach the Redis Redis(t)
// returned, for code under test that opens its own connection.
func URL(t testing.TB, rdb redis.UniversalClient) (url string, cluster bool) {
	t.Helper()
	switch c := rdb.(type) {
	case *redis.ClusterClient:
		return os.Getenv("REDIS_URL"), true
	case *redis.Client:
		o := c.Options()
		return fmt.Sprintf("redis://%s/%d", o.Addr, o.DB), false
	}
	t.Fatalf("cachetest: unknown client %T", rdb)
	return "", false
}

func open(t testing.TB) (redis.UniversalClient, func()) {
	url := os.Getenv("REDIS_URL")
	if url == "" {
		m := miniredis.RunT(t)
		c := redis.NewClient(&redis.Options{Addr: m.Addr()})
		return c, func() { _ = c.Close() }
	}
	rdb, release, err := cache.Open(url, os.Getenv("REDIS_CLUSTER") == "true")
	if err != nil {
		t.Fatalf("REDIS_URL: %v", err)
	}
	if err := cache.FlushAll(context.Background(), rdb); err != nil {
		t.Fatalf("flush %s: %v", url, err)
	}
	return rdb, release
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

// Keys lists the keys that match pattern on every node: KEYS on each master
// of a cluster (KEYS asks one node only), or on the one node.
func Keys(t testing.TB, rdb redis.UniversalClient, pattern string) []string {
	t.Helper()
	ctx := context.Background()
	c, ok := rdb.(*redis.ClusterClient)
	if !ok {
		keys, err := rdb.Keys(ctx, pattern).Result()
		if err != nil {
			t.Fatalf("keys %s: %v", pattern, err)
		}
		return keys
	}
	var mu sync.Mutex
	var all []string
	err := c.ForEachMaster(ctx, func(ctx context.Context, n *redis.Client) error {
		keys, err := n.Keys(ctx, pattern).Result()
		mu.Lock()
		all = append(all, keys...)
		mu.Unlock()
		return err
	})
	if err != nil {
		t.Fatalf("keys %s: %v", pattern, err)
	}
	return all
}
