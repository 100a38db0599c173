package cache

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// journalV1 is a journal of format 1 (before format 2) with a SET of w<i>
// for each i, and where each record starts.
func journalV1(n int) ([]byte, []int) {
	b := []byte(journalMagicV1)
	var starts []int
	for i := range n {
		starts = append(starts, len(b))
		body := encodeBody(recCommands, time.Unix(1_700_000_000+int64(i), 0), [][][]byte{{[]byte("set"), fmt.Appendf(nil, "w%d", i), bytes.Repeat([]byte("v"), 100)}})
		b = binary.AppendUvarint(b, uint64(len(body)))
		b = append(b, body...)
		b = binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(body))
	}
	return b, starts
}

func startV1(t *testing.T, journal []byte) (int, error) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, JournalName), journal, 0o600); err != nil {
		t.Fatal(err)
	}
	rdb, release, err := OpenDir(dir)
	if err != nil {
		if after, _ := os.ReadFile(filepath.Join(dir, JournalName)); !bytes.Equal(after, journal) {
			t.Error("a refused start changed the journal")
		}
		return 0, err
	}
	defer release()
	return int(rdb.DBSize(context.Background()).Val()), nil
}

// TestJournalFormat1StillStarts: a data directory written before format 2
// starts with everything, and its journal is rewritten as format 2, the old
// one kept beside it.
func TestJournalFormat1StillStarts(t *testing.T) {
	old, _ := journalV1(10)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, JournalName), old, 0o600); err != nil {
		t.Fatal(err)
	}
	rdb, release, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if n := rdb.DBSize(context.Background()).Val(); n != 10 {
		t.Errorf("%d keys, want 10", n)
	}
	release()
	now, _ := os.ReadFile(filepath.Join(dir, JournalName))
	prev, _ := os.ReadFile(filepath.Join(dir, PreviousJournal))
	if !bytes.HasPrefix(now, []byte(journalMagic)) || !bytes.Equal(prev, old) {
		t.Errorf("after the start the journal starts %q and the previous one is %d bytes (was %d)", now[:min(len(now), 20)], len(prev), len(old))
	}
}

// TestJournalFormat1LengthFlipIsRefused is the damage the outside review
// found: one bit flipped in the varint length of a record in the middle
// (0x09 → 0x89 in the review) made the reader take the rest for a torn tail and
// drop every write after it in silence. Whole records after it now tell it
// apart from a crash. Zeros after the last record, and a last record cut
// short, are still what a crash leaves.
func TestJournalFormat1LengthFlipIsRefused(t *testing.T) {
	old, starts := journalV1(10)
	for _, i := range []int{1, 5, 8} {
		damaged := bytes.Clone(old)
		damaged[starts[i]] |= 0x80
		_, err := startV1(t, damaged)
		var d *DamageError
		if !errors.As(err, &d) || d.Offset != int64(starts[i]) || d.Records != i {
			t.Errorf("the length of record %d flipped: %v", i, err)
		}
	}
	for _, tail := range [][]byte{make([]byte, 1), make([]byte, 5), make([]byte, 4096)} {
		if n, err := startV1(t, append(bytes.Clone(old), tail...)); err != nil || n != 10 {
			t.Errorf("%d zero bytes after the last record: %d keys, %v", len(tail), n, err)
		}
	}
	if n, err := startV1(t, old[:len(old)-7]); err != nil || n != 9 {
		t.Errorf("the last record cut short: %d keys, %v", n, err)
	}
}
