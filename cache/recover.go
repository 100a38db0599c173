package cache

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/alicebob/miniredis/v2"
)

// Recovery is what Recover found and did.
type Recovery struct {
	// Journal is the journal's path; Records the whole records it holds now.
	Journal string
	Records int
	// Damage is where the journal was damaged, nil when it was not.
	Damage *DamageError
	// Aside is the file the journal's rest went to, from Damage.Offset on:
	// AsideBytes bytes in which AsideRecords whole records could still be read.
	Aside        string
	AsideBytes   int64
	AsideRecords int
	FromPrevious bool // the journal was missing and was made again from PreviousJournal
}

// Recover makes the data directory dir start again after its journal was
// damaged: it keeps the records before the damage and moves the rest of the
// file into a file beside it (Aside), deleting nothing. A journal that is
// missing while PreviousJournal is there is made again from that one. A whole
// journal is left as it is. The directory must not be in use.
func Recover(dir string) (Recovery, error) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return Recovery{}, fmt.Errorf("cache: %s is not a data directory", dir)
	}
	unlock, err := lockDir(dir)
	if err != nil {
		return Recovery{}, err
	}
	defer unlock()
	path := filepath.Join(dir, JournalName)
	r := Recovery{Journal: path}
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		prev := filepath.Join(dir, PreviousJournal)
		if _, err := os.Stat(prev); err != nil {
			return r, fmt.Errorf("cache: %s holds no journal", dir)
		}
		if err := copyFile(prev, path); err != nil {
			return r, err
		}
		r.FromPrevious = true
	}
	r.Records, err = readAll(dir)
	if !errors.As(err, &r.Damage) {
		return r, err
	}
	if err := r.setAside(); err != nil {
		return r, err
	}
	r.Records, err = readAll(dir)
	return r, err
}

// readAll replays the journal in dir into a store of its own, as a start
// would, and says how many whole records it holds.
func readAll(dir string) (int, error) {
	m, err := miniredis.Run()
	if err != nil {
		return 0, fmt.Errorf("cache: embedded redis: %w", err)
	}
	defer m.Close()
	j := newJournal(m, dir)
	_, err = j.replay()
	return j.replayed, err
}

// setAside moves everything from the damage on into a file of its own, synced
// before the journal is cut; a journal damaged in its first line starts again
// as an empty one.
func (r *Recovery) setAside() error {
	f, err := os.OpenFile(r.Journal, os.O_RDWR, 0)
	if err != nil {
		return fmt.Errorf("cache: journal: %w", err)
	}
	defer func() { _ = f.Close() }()
	st, err := f.Stat()
	if err != nil {
		return fmt.Errorf("cache: journal: %w", err)
	}
	from := r.Damage.Offset
	rest := make([]byte, st.Size()-from)
	if _, err := f.ReadAt(rest, from); err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("cache: journal: %w", err)
	}
	r.Aside = fmt.Sprintf("%s.damaged-%s", r.Journal, time.Now().UTC().Format("20060102T150405.000Z"))
	out, err := os.OpenFile(r.Aside, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return fmt.Errorf("cache: setting the damaged part aside: %w", err)
	}
	_, err = out.Write(rest)
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("cache: setting the damaged part aside: %w", err)
	}
	syncDir(filepath.Dir(r.Journal))
	r.AsideBytes = int64(len(rest))
	head := make([]byte, len(journalMagicV1))
	_, _ = f.ReadAt(head, 0)
	r.AsideRecords = countWhole(rest, string(head) == journalMagicV1)
	if from < int64(len(journalMagic)) {
		if err := f.Truncate(0); err != nil {
			return fmt.Errorf("cache: journal: %w", err)
		}
		if _, err := f.WriteAt([]byte(journalMagic), 0); err != nil {
			return fmt.Errorf("cache: journal: %w", err)
		}
	} else if err := f.Truncate(from); err != nil {
		return fmt.Errorf("cache: journal: %w", err)
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("cache: journal: %w", err)
	}
	return nil
}
