package cache

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"time"

	"github.com/alicebob/miniredis/v2"
)

// compact rewrites the journal as the store's contents now: the scripts it
// knows, then one record per key, with its time to live. The contents are
// read while writes wait (they take turns with every write); the new file is
// written while writes go on, to the old journal and to memory, and those are
// appended to the new file before it takes the old one's place. The new file
// is complete and synced before that (a rename, then a sync of the
// directory), so a crash at any moment leaves one whole journal or the other;
// the old one stays as PreviousJournal. The caller sets j.compacting.
func (j *journal) compact() error {
	j.mu.Lock()
	live := j.f != nil
	err := j.broken
	if err == nil && live && len(j.pending) > 0 { // the snapshot holds the ticks applied
		_, err = j.append(nil, false)
	}
	var snap []byte
	var scripts []string
	if err == nil {
		snap, scripts, err = j.snapshot(time.Now())
	}
	if err != nil {
		j.compacting = false
		j.mu.Unlock()
		return err
	}
	if live {
		j.since = []byte{}
	}
	j.written = 0
	j.mu.Unlock()
	if err := j.replaceWith(snap, scripts); err != nil {
		if live { // the old journal goes on; try again after more writes
			slog.Warn("the journal could not be compacted; it goes on as it is", "dir", j.dir, "err", err)
			j.mu.Lock()
			j.snapSize = j.size
			j.mu.Unlock()
		}
		return err
	}
	return nil
}

// snapshot is the store's contents as records, and the scripts they load.
func (j *journal) snapshot(now time.Time) ([]byte, []string, error) {
	var out, scriptLoads []byte
	var shas []string
	var loads [][][]byte
	j.scripts.Range(func(sha, info any) bool {
		shas = append(shas, sha.(string))
		return true
	})
	sort.Strings(shas)
	for _, sha := range shas {
		info, _ := j.scripts.Load(sha)
		loads = append(loads, [][]byte{[]byte("script"), []byte("load"), []byte(info.(scriptInfo).body)})
	}
	if len(loads) > 0 {
		scriptLoads = appendFrame(nil, recCommands, now, loads)
	}
	out = append(out, scriptLoads...)
	keys := j.m.Keys()
	sort.Strings(keys)
	for _, k := range keys {
		if ephemeralKey(k) {
			continue
		}
		cmds, err := keyCommands(j.m, k)
		if err != nil {
			return nil, nil, err
		}
		if len(cmds) == 0 {
			continue
		}
		if ttl := j.m.TTL(k); ttl > 0 {
			cmds = append(cmds, [][]byte{[]byte("pexpire"), []byte(k), strconv.AppendInt(nil, max(ttl.Milliseconds(), 1), 10)})
		}
		out = appendFrame(out, recCommands, now, cmds)
	}
	return out, shas, nil
}

// replaceWith writes the new journal: the snapshot, then (with the writes
// waiting) what was appended since, and puts it in the old one's place.
func (j *journal) replaceWith(snap []byte, scripts []string) error {
	tmp := j.path + ".new"
	f, err := os.OpenFile(tmp, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o600)
	if err != nil {
		j.endCompaction()
		return fmt.Errorf("cache: journal: %w", err)
	}
	fail := func(err error) error {
		_ = f.Close()
		_ = os.Remove(tmp)
		return fmt.Errorf("cache: journal: %w", err)
	}
	if _, err := f.WriteString(journalMagic); err != nil {
		j.endCompaction()
		return fail(err)
	}
	if _, err := f.Write(snap); err != nil {
		j.endCompaction()
		return fail(err)
	}
	if err := f.Sync(); err != nil { // most of the syncing, while writes go on
		j.endCompaction()
		return fail(err)
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	since := j.since
	j.since, j.compacting = nil, false
	if _, err := f.Write(since); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		return fail(err)
	}
	if err := j.keepPrevious(); err != nil {
		_ = os.Remove(tmp)
		return err
	}
	// The old journal is closed before the rename: Windows renames over a file only when no one has it open.
	if j.f != nil {
		if err := j.f.Close(); err != nil {
			_ = os.Remove(tmp)
			return j.reopen(err)
		}
	}
	if err := os.Rename(tmp, j.path); err != nil {
		_ = os.Remove(tmp)
		return j.reopen(err)
	}
	syncDir(j.dir)
	size := int64(len(journalMagic) + len(snap) + len(since))
	if err := j.reopen(nil); err != nil {
		return err
	}
	j.size, j.snapSize = size, size-int64(len(since))
	for _, sha := range scripts {
		j.logged[sha] = true
	}
	return nil
}

// endCompaction ends a compaction that went wrong before its end.
func (j *journal) endCompaction() {
	j.mu.Lock()
	j.since, j.compacting = nil, false
	j.mu.Unlock()
}

// reopen opens the journal for appending again, after a compaction (why is
// nil) or after one that went wrong once the old journal was closed.
func (j *journal) reopen(why error) error {
	f, err := os.OpenFile(j.path, os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		j.broken = fmt.Errorf("cache: %w: %w: the journal cannot be opened again: %w", ErrCannotWrite, ErrDiskFailed, errors.Join(why, err))
		return j.broken
	}
	j.f = f
	if why != nil {
		return fmt.Errorf("cache: journal: %w", why)
	}
	return nil
}

// keepPrevious makes PreviousJournal the journal as it is now: a second name
// for the same file (a hard link), or a copy where the file system has none.
func (j *journal) keepPrevious() error {
	prev := filepath.Join(j.dir, PreviousJournal)
	if _, err := os.Stat(j.path); errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err := os.Remove(prev); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("cache: journal: %w", err)
	}
	if os.Link(j.path, prev) == nil {
		return nil
	}
	return copyFile(j.path, prev)
}

// copyFile copies src to dst, synced, through a file that takes dst's name
// only when whole.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("cache: journal: %w", err)
	}
	defer func() { _ = in.Close() }()
	tmp := dst + ".new"
	out, err := os.OpenFile(tmp, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o600)
	if err != nil {
		return fmt.Errorf("cache: journal: %w", err)
	}
	_, err = io.Copy(out, in)
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, dst)
	}
	if err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("cache: journal: %w", err)
	}
	syncDir(filepath.Dir(dst))
	return nil
}

// keyCommands are the commands that make the key again as it is.
func keyCommands(m *miniredis.Miniredis, k string) ([][][]byte, error) {
	b := func(s string) []byte { return []byte(s) }
	switch m.Type(k) {
	case "string":
		v, err := m.Get(k)
		return [][][]byte{{b("set"), b(k), b(v)}}, err
	case "hash":
		fields, err := m.HKeys(k)
		if err != nil {
			return nil, err
		}
		cmd := [][]byte{b("hset"), b(k)}
		for _, f := range fields {
			cmd = append(cmd, b(f), b(m.HGet(k, f)))
		}
		return [][][]byte{cmd}, nil
	case "list":
		items, err := m.List(k)
		if err != nil || len(items) == 0 {
			return nil, err
		}
		cmd := [][]byte{b("rpush"), b(k)}
		for _, it := range items {
			cmd = append(cmd, b(it))
		}
		return [][][]byte{cmd}, nil
	case "set":
		members, err := m.Members(k)
		if err != nil || len(members) == 0 {
			return nil, err
		}
		cmd := [][]byte{b("sadd"), b(k)}
		for _, it := range members {
			cmd = append(cmd, b(it))
		}
		return [][][]byte{cmd}, nil
	case "zset":
		members, err := m.SortedSet(k)
		if err != nil || len(members) == 0 {
			return nil, err
		}
		names := make([]string, 0, len(members))
		for n := range members {
			names = append(names, n)
		}
		sort.Strings(names)
		cmd := [][]byte{b("zadd"), b(k)}
		for _, n := range names {
			cmd = append(cmd, strconv.AppendFloat(nil, members[n], 'g', -1, 64), b(n))
		}
		return [][][]byte{cmd}, nil
	case "stream":
		entries, err := m.Stream(k)
		if err != nil {
			return nil, err
		}
		var cmds [][][]byte
		for _, e := range entries {
			cmd := [][]byte{b("xadd"), b(k), b(e.ID)}
			for _, v := range e.Values {
				cmd = append(cmd, b(v))
			}
			cmds = append(cmds, cmd)
		}
		return cmds, nil
	}
	return nil, fmt.Errorf("key %q of type %q cannot be kept", k, m.Type(k))
}
