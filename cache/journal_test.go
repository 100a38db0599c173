package cache_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/redis/go-redis/v9"

	"courtside/cache"
)

// smallJournal is a data directory whose journal holds a few acknowledged
// writes of every kind of record the store makes (a string, a hash, a script
// with its body, a stream entry), and the journal's size after each.
type smallJournal struct {
	files map[string][]byte // the directory's files, by name
	ends  []int64           // the journal's size after each write
}

// writeSmall makes writes on a fresh data directory and keeps its files.
func writeSmall(t testing.TB) smallJournal {
	t.Helper()
	dir := t.TempDir()
	rdb, release, err := cache.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var ends []int64
	for i, w := range smallWrites {
		if err := w(ctx, rdb, i); err != nil {
			t.Fatal(err)
		}
		st, err := os.Stat(filepath.Join(dir, cache.JournalName))
		if err != nil {
			t.Fatal(err)
		}
		ends = append(ends, st.Size())
	}
	release()
	return smallJournal{files: readDir(t, dir), ends: ends}
}

var smallScript = redis.NewScript(`return redis.call('SET', KEYS[1], ARGV[1])`)

// smallWrites write the key w<i> each, in different ways.
var smallWrites = []func(ctx context.Context, rdb redis.UniversalClient, i int) error{
	func(ctx context.Context, rdb redis.UniversalClient, i int) error {
		return rdb.Set(ctx, key(i), "one", 0).Err()
	},
	func(ctx context.Context, rdb redis.UniversalClient, i int) error {
		return rdb.HSet(ctx, key(i), "a", "1", "b", "2").Err()
	},
	func(ctx context.Context, rdb redis.UniversalClient, i int) error {
		return smallScript.Run(ctx, rdb, []string{key(i)}, "three").Err()
	},
	func(ctx context.Context, rdb redis.UniversalClient, i int) error {
		return smallScript.Run(ctx, rdb, []string{key(i)}, "four").Err()
	},
	func(ctx context.Context, rdb redis.UniversalClient, i int) error {
		return rdb.XAdd(ctx, &redis.XAddArgs{Stream: key(i), ID: "1-1", Values: []string{"f", "v"}}).Err()
	},
	func(ctx context.Context, rdb redis.UniversalClient, i int) error {
		_, err := rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
			p.Set(ctx, key(i), "six", 0)
			p.Incr(ctx, "counter")
			return nil
		})
		return err
	},
	func(ctx context.Context, rdb redis.UniversalClient, i int) error {
		return rdb.Set(ctx, key(i), "seven", 0).Err()
	},
}

func key(i int) string { return fmt.Sprintf("w%d", i) }

// present says which writes the store holds, in order, and fails on anything
// else there.
func present(t *testing.T, rdb redis.UniversalClient) int {
	t.Helper()
	ctx := context.Background()
	n := 0
	for i := range smallWrites {
		if rdb.Exists(ctx, key(i)).Val() == 0 {
			break
		}
		n++
	}
	keys := rdb.Keys(ctx, "*").Val()
	want := n
	if n > 5 {
		want++ // the counter
	}
	if len(keys) != want {
		t.Fatalf("%d writes there in order, but the keys are %v", n, keys)
	}
	return n
}

func readDir(t testing.TB, dir string) map[string][]byte {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, e := range entries {
		if e.Name() == "courtside.lock" {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = b
	}
	return out
}

// scratchDir is a directory of its own for one start: in memory (/dev/shm)
// where there is one, since the test starts thousands of times and is about
// what the files hold, not about the disk's speed.
func scratchDir(t testing.TB) string {
	t.Helper()
	dir, err := os.MkdirTemp("/dev/shm", "courtside-journal-")
	if err != nil {
		return t.TempDir()
	}
	return dir
}

func writeDir(t testing.TB, files map[string][]byte) string {
	t.Helper()
	dir := scratchDir(t)
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// startWith starts on a directory holding files with the journal replaced
// by journal, and says how many of the writes are there; -1 when the start
// was refused, after checking that it said so in plain words and left every
// file as it was.
func startWith(t *testing.T, s smallJournal, journal []byte) int {
	t.Helper()
	files := map[string][]byte{}
	for k, v := range s.files {
		files[k] = v
	}
	files[cache.JournalName] = journal
	dir := writeDir(t, files)
	defer func() { _ = os.RemoveAll(dir) }()
	rdb, release, err := cache.OpenDir(dir)
	if err != nil {
		var d *cache.DamageError
		if !errors.As(err, &d) || !strings.Contains(err.Error(), "recover --data "+dir) {
			t.Fatalf("a refused start says %q", err)
		}
		if after := readDir(t, dir); !sameFiles(after, files) {
			t.Fatalf("a refused start changed the files: %v", err)
		}
		return -1
	}
	defer release()
	return present(t, rdb)
}

func sameFiles(a, b map[string][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if !bytes.Equal(v, b[k]) {
			return false
		}
	}
	return true
}

// TestJournalEveryBitFlipIsRefused flips each bit of a small journal in turn:
// none is what a crash leaves, so every one refuses the start, says where and
// how to recover, and changes no file. (Before format 2, a flipped bit in a
// record's length dropped every write after it without a word.)
func TestJournalEveryBitFlipIsRefused(t *testing.T) {
	s := writeSmall(t)
	whole := s.files[cache.JournalName]
	if n := startWith(t, s, whole); n != len(smallWrites) {
		t.Fatalf("the whole journal gives %d writes, want %d", n, len(smallWrites))
	}
	for i := range len(whole) * 8 {
		flipped := bytes.Clone(whole)
		flipped[i/8] ^= 1 << (i % 8)
		if n := startWith(t, s, flipped); n != -1 && n != len(smallWrites) {
			t.Fatalf("bit %d of byte %d flipped: the start kept %d of %d acknowledged writes", i%8, i/8, n, len(smallWrites))
		}
	}
}

// TestJournalEveryTruncationKeepsEveryWholeRecord cuts a small journal at
// every length, as a crash during a write (or before the disk had the whole
// file) leaves it: every write whose record is whole is there.
func TestJournalEveryTruncationKeepsEveryWholeRecord(t *testing.T) {
	s := writeSmall(t)
	whole := s.files[cache.JournalName]
	for size := range len(whole) {
		want := 0
		for _, end := range s.ends {
			if end <= int64(size) {
				want++
			}
		}
		n := startWith(t, s, whole[:size])
		if n == -1 && size >= len("courtside journal 2\n") {
			t.Fatalf("cut at %d bytes: the start was refused", size)
		}
		if n != -1 && n != want {
			t.Fatalf("cut at %d bytes: %d writes there, want the %d whole ones", size, n, want)
		}
	}
}

// TestJournalZeroTailsStartWithNothingLost appends 1 to 4,096 zero bytes (a
// power cut while the file system had grown the file but not written the
// record yet), alone and after a record cut short: the start loses nothing.
func TestJournalZeroTailsStartWithNothingLost(t *testing.T) {
	s := writeSmall(t)
	whole := s.files[cache.JournalName]
	last := s.ends[len(s.ends)-2]
	for n := 1; n <= 4096; n++ {
		if got := startWith(t, s, append(bytes.Clone(whole), make([]byte, n)...)); got != len(smallWrites) {
			t.Fatalf("%d zero bytes after the last record: %d of %d writes there", n, got, len(smallWrites))
		}
	}
	for cut := last + 1; cut < int64(len(whole)); cut += 3 {
		torn := append(bytes.Clone(whole[:cut]), make([]byte, 4096)...)
		if got := startWith(t, s, torn); got != len(smallWrites)-1 {
			t.Fatalf("the last record cut at byte %d and zeros: %d writes there, want %d", cut, got, len(smallWrites)-1)
		}
	}
}
