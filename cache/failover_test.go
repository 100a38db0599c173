package cache_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/internal/testkit"
	"courtside/tournament"
)

// TestClusterFailoverLosesNoAcknowledgedWrite kills the master that holds a
// tournament while live scores are written to it and to others, and shows
// that every write the store acknowledged is still there after the replica
// took over, and that writes succeed again within seconds.
//
// It starts a cluster of its own (three masters, a replica each, with
// .ci/redis-cluster), so it runs in the cluster pass of .ci/run, where
// REDIS_CLUSTER=true and redis-server is installed.
func TestClusterFailoverLosesNoAcknowledgedWrite(t *testing.T) {
	if os.Getenv("REDIS_CLUSTER") != "true" {
		t.Skip("runs in the cluster pass (REDIS_CLUSTER=true), which .ci/run starts")
	}
	ctx := context.Background()
	base := freePorts(t)
	url := startCluster(t, base)
	rdb, release, err := cache.Open(url, true)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	store, demo := cachetest.DemoOn(t, rdb)
	store.Durability = cache.Durability{Replicas: 1, Timeout: 2 * time.Second}

	type writer struct {
		tournament, match string
		mu                sync.Mutex
		acked             int64 // the version of the last acknowledged write
		ackedResult       tournament.Encounters
		ackedAt           time.Time
		attempts, acks    int
	}
	var writers []*writer
	for _, dt := range demo.Tournaments {
		snap, err := store.Snapshot(ctx, dt.Tournament.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range snap.Matches {
			if _, err := snap.SetResult(m.ID, liveScore(1), false, cachetest.Now, "failover"); err == nil {
				writers = append(writers, &writer{tournament: dt.Tournament.ID, match: m.ID})
				break
			}
		}
	}
	if len(writers) < 2 {
		t.Fatalf("the demo has %d tournaments with a running match to write to, want at least 2", len(writers))
	}

	stop := make(chan struct{})
	var wg sync.WaitGroup
	for _, w := range writers {
		wg.Go(func() {
			for k := 1; ; k++ {
				select {
				case <-stop:
					return
				default:
				}
				r := liveScore(k)
				w.mu.Lock()
				w.attempts++
				w.mu.Unlock()
				snap, err := store.Snapshot(ctx, w.tournament)
				if err != nil {
					continue // the node is down: not acknowledged, try again
				}
				c, err := snap.SetResult(w.match, r, false, cachetest.Now, "failover")
				if err != nil {
					t.Errorf("%s: %v", w.match, err)
					return
				}
				v, err := store.Apply(ctx, w.tournament, c)
				if err != nil {
					continue
				}
				w.mu.Lock()
				w.acked, w.ackedResult, w.ackedAt, w.acks = v, r, time.Now(), w.acks+1
				w.mu.Unlock()
			}
		})
	}
	acks := func(w *writer) int { w.mu.Lock(); defer w.mu.Unlock(); return w.acks }
	testkit.EventuallyWithin(t, 20*time.Second, "every writer has written", func() bool {
		for _, w := range writers {
			if acks(w) < 20 {
				return false
			}
		}
		return true
	})

	// Kill the master of the first writer's tournament, as a crash would.
	victim := writers[0]
	cluster := rdb.(*redis.ClusterClient)
	master, err := cluster.MasterForKey(ctx, "t:{"+victim.tournament+"}:version")
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(master.Options().Addr)
	killNode(t, base, port)
	killedAt := time.Now()
	before := acks(victim)
	testkit.EventuallyWithin(t, 30*time.Second, "writes to the tournament succeed again after the failover", func() bool {
		return acks(victim) >= before+20
	})
	victim.mu.Lock()
	t.Logf("failover: writes to %s were acknowledged again %v after its master was killed", victim.tournament, victim.ackedAt.Sub(killedAt).Round(time.Millisecond))
	victim.mu.Unlock()
	close(stop)
	wg.Wait()

	// Read everything back through a new client, as another instance would.
	fresh, releaseFresh, err := cache.Open(url, true)
	if err != nil {
		t.Fatal(err)
	}
	defer releaseFresh()
	check := cache.New(fresh)
	for _, w := range writers {
		snap, err := check.Snapshot(ctx, w.tournament)
		if err != nil {
			t.Fatal(err)
		}
		m, _ := snap.Match(w.match)
		t.Logf("%s: %d writes, %d acknowledged, last acknowledged version %d, stored version %d", w.tournament, w.attempts, w.acks, w.acked, snap.Version)
		if snap.Version < w.acked {
			t.Errorf("%s: stored version %d is older than the acknowledged %d: an acknowledged write was lost", w.tournament, snap.Version, w.acked)
		}
		if snap.Version == w.acked && fmt.Sprint(m.Encounters) != fmt.Sprint(w.ackedResult) {
			t.Errorf("%s: match %s holds %v, the last acknowledged write was %v", w.tournament, w.match, m.Encounters, w.ackedResult)
		}
	}
}

// liveScore is the k-th of a run of different live scores that any running
// match accepts: one set in progress, neither side near winning.
func liveScore(k int) tournament.Encounters {
	return tournament.Encounters{{{k % 2, (k / 2) % 2}}}
}

// freePorts finds six free ports in a row whose cluster bus ports (+10000) are free too.
func freePorts(t *testing.T) int {
	t.Helper()
	for range 50 {
		base := 20000 + rand.IntN(9000)
		free := true
		for p := base; p < base+6 && free; p++ {
			for _, q := range []int{p, p + 10000} {
				l, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(q))
				if err != nil {
					free = false
					break
				}
				_ = l.Close()
			}
		}
		if free {
			return base
		}
	}
	t.Fatal("no six free ports in a row")
	return 0
}

func startCluster(t *testing.T, base int) string {
	t.Helper()
	script, err := filepath.Abs("../.ci/redis-cluster")
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(script, "start", strconv.Itoa(base)).Output()
	if err != nil {
		t.Fatalf("start the cluster: %v", err)
	}
	t.Cleanup(func() { _ = exec.Command(script, "stop", strconv.Itoa(base)).Run() })
	return strings.TrimSpace(string(out))
}

// killNode ends a node of the cluster with SIGKILL: no goodbye, no save.
func killNode(t *testing.T, base int, port string) {
	t.Helper()
	raw, err := os.ReadFile(fmt.Sprintf("/tmp/courtside-cluster-%d/%s/pid", base, port))
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(raw)))
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
}
