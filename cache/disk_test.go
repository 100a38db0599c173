package cache_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/redis/go-redis/v9"

	"courtside/cache"
	"courtside/internal/testkit"
)

// SmallDisk mounts a file system of size bytes (tmpfs) for the test, or
// skips it where that cannot be done (not root, no mount).
func smallDisk(t *testing.T, size int) string {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("mounting a small file system needs root")
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", fmt.Sprintf("size=%d", size), "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a small file system: %v %s", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("umount", dir).Run() })
	return dir
}

// fill takes all the room left on dir's file system but keep bytes, with a
// file that giving back gives the room back.
func fill(t *testing.T, dir string, keep int64) (giveBack func()) {
	t.Helper()
	path := filepath.Join(dir, "filler")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	chunk := make([]byte, 4096)
	var size int64
	for {
		n, err := f.Write(chunk)
		size += int64(n)
		if err != nil {
			break
		}
	}
	if err := f.Truncate(max(size-keep, 0)); err != nil {
		t.Fatal(err)
	}
	_ = f.Close()
	return func() {
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
	}
}

// TestDataDirOnAFullDisk fills the disk under a data directory: every write
// it refuses is refused to its caller, is never shown (the store applies a
// write only once the journal has it on disk), and the store says why; once
// there is room again writes work without a restart, and a restart has every
// acknowledged write and none of the refused ones.
func TestDataDirOnAFullDisk(t *testing.T) {
	dir := smallDisk(t, 256<<10)
	rdb, release, err := cache.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { release() }()
	store := cache.New(rdb)
	ctx := context.Background()
	giveBack := fill(t, dir, 16<<10)
	value := strings.Repeat("x", 300)
	acked := map[string]bool{}
	var refused []string
	write := func(i int) error {
		k := fmt.Sprint("k", i)
		var err error
		switch i % 3 {
		case 0:
			err = rdb.Set(ctx, k, value, 0).Err()
		case 1:
			err = smallScript.Run(ctx, rdb, []string{k}, value).Err()
		default:
			_, err = rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
				p.Set(ctx, k, value, 0)
				p.Incr(ctx, "count")
				return nil
			})
		}
		if err == nil {
			acked[k] = true
		} else {
			if !errors.Is(err, cache.ErrCannotWrite) || !cache.Unavailable(err) {
				t.Fatalf("write %d refused with %v, want ErrCannotWrite (a 503)", i, err)
			}
			refused = append(refused, k)
		}
		return err
	}
	i := 0
	for ; len(refused) < 10 && i < 5000; i++ {
		_ = write(i)
	}
	if len(refused) < 10 || len(acked) == 0 {
		t.Fatalf("%d writes acknowledged, %d refused: the disk did not fill", len(acked), len(refused))
	}
	if err := store.WriteProblem(); !errors.Is(err, cache.ErrCannotWrite) || errors.Is(err, cache.ErrDiskFailed) {
		t.Errorf("while writes are refused the store says %v", err)
	}
	for _, k := range refused {
		if rdb.Exists(ctx, k).Val() != 0 {
			t.Errorf("%s was refused but is shown", k)
		}
	}
	if got, want := rdb.Get(ctx, "count").Val(), fmt.Sprint(countOf(acked)); got != want {
		t.Errorf("the counter of acknowledged transactions is %s, want %s", got, want)
	}

	giveBack()
	testkit.Eventually(t, "writes taken again with room again", func() bool { return store.WriteProblem() == nil })
	for range 3 {
		if err := write(i); err != nil {
			t.Fatalf("with room again: %v", err)
		}
		i++
	}

	release()
	rdb, release, err = cache.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for k := range acked {
		if rdb.Exists(ctx, k).Val() == 0 {
			t.Errorf("%s was acknowledged and is gone after a restart", k)
		}
	}
	for _, k := range refused {
		if rdb.Exists(ctx, k).Val() != 0 {
			t.Errorf("%s was refused and is there after a restart", k)
		}
	}
	if got, want := rdb.Get(ctx, "count").Val(), fmt.Sprint(countOf(acked)); got != want {
		t.Errorf("after a restart the counter is %s, want %s", got, want)
	}
}

// countOf is how many of the keys were written by a transaction with the counter.
func countOf(keys map[string]bool) int {
	n := 0
	for k := range keys {
		var i int
		_, _ = fmt.Sscan(strings.TrimPrefix(k, "k"), &i)
		if i%3 == 2 {
			n++
		}
	}
	return n
}

// TestJournalCompactsWhileWritesGoOn: writers keep writing while the journal
// is compacted again and again: no acknowledged write is lost, the previous
// generation is kept beside it, and the journal a restart reads is short.
func TestJournalCompactsWhileWritesGoOn(t *testing.T) {
	dir := t.TempDir()
	rdb, release, err := cache.OpenDirCompactingAfter(dir, 1<<30, 8<<10)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var writers sync.WaitGroup
	var written int64
	var mu sync.Mutex
	for w := range 4 {
		writers.Go(func() {
			for i := range 150 {
				if err := rdb.HSet(ctx, fmt.Sprint("h", w), fmt.Sprint("f", i%20), fmt.Sprint(i)).Err(); err != nil {
					t.Error(err)
					return
				}
				if err := rdb.Incr(ctx, fmt.Sprint("n", w)).Err(); err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				written++
				mu.Unlock()
			}
		})
	}
	writers.Wait()
	prev, err := os.Stat(filepath.Join(dir, cache.PreviousJournal))
	if err != nil {
		t.Fatalf("no journal was compacted while the writes went on: %v", err)
	}
	st, _ := os.Stat(filepath.Join(dir, cache.JournalName))
	want := contents(t, rdb)
	release()
	if st.Size() > 64<<10 {
		t.Errorf("after %d writes the journal is %d bytes (the one before it %d): it was not kept short", written, st.Size(), prev.Size())
	}
	rdb, release, err = cache.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	got := contents(t, rdb)
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s after the restart: %s, want %s", k, got[k], v)
		}
	}
	for w := range 4 {
		if n := rdb.Get(ctx, fmt.Sprint("n", w)).Val(); n != "150" {
			t.Errorf("writer %d: %s increments kept, want 150", w, n)
		}
	}
}
