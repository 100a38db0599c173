package worker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"courtside/cache"
)

// BackupSuffix ends the name of every backup file Courtside writes.
const BackupSuffix = ".backup.gz"

// Backups writes a backup of the whole store into Dir every Every and keeps
// the newest Keep of them, so that a club has yesterday's data without
// thinking of it. The first is written one Every after the start: a start
// after a crash does not write over a good backup with a fresh one at once.
type Backups struct {
	Store *cache.Store
	Log   *slog.Logger
	// Dir holds the backups (DIR/backups of a data directory).
	Dir string
	// Every is how often a backup is written.
	Every time.Duration
	// Keep is how many backups are kept, the newest.
	Keep int
}

// Run writes a backup every Every until ctx ends.
func (b *Backups) Run(ctx context.Context) {
	t := time.NewTicker(b.Every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		path, info, err := b.Step(ctx)
		if err != nil {
			if ctx.Err() == nil {
				b.Log.Error("backup", "dir", b.Dir, "err", err)
			}
			continue
		}
		b.Log.Info("backup written", "file", path, "keys", info.Keys)
	}
}

// Step writes one backup and removes the oldest past Keep.
func (b *Backups) Step(ctx context.Context) (string, cache.BackupInfo, error) {
	if err := os.MkdirAll(b.Dir, 0o700); err != nil {
		return "", cache.BackupInfo{}, fmt.Errorf("backup: %w", err)
	}
	path := filepath.Join(b.Dir, BackupName(b.Store.Now()))
	info, err := WriteBackup(ctx, b.Store, path, "")
	if err != nil {
		return "", info, err
	}
	return path, info, b.prune()
}

// prune removes the backups past the newest Keep.
func (b *Backups) prune() error {
	names, err := BackupFiles(b.Dir)
	if err != nil {
		return err
	}
	var errs []error
	for len(names) > b.Keep {
		errs = append(errs, os.Remove(filepath.Join(b.Dir, names[0])))
		names = names[1:]
	}
	return errors.Join(errs...)
}

// BackupFiles lists the backups in dir, the oldest first (their names sort by time).
func BackupFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if n := e.Name(); e.Type().IsRegular() && strings.HasPrefix(n, "courtside-") && strings.HasSuffix(n, BackupSuffix) {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names, nil
}

// BackupName is the file name of a backup taken at t: they sort by time.
func BackupName(t time.Time) string {
	return "courtside-" + t.UTC().Format("20060102T150405.000Z") + BackupSuffix
}

// WriteBackup writes a backup (the whole store, or one organizer's) to path
// atomically: into a file beside it, synced, then renamed, so that path holds
// a whole backup or nothing, even after a crash or a full disk.
func WriteBackup(ctx context.Context, store *cache.Store, path, organizerID string) (cache.BackupInfo, error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, ".backup-*.tmp")
	if err != nil {
		return cache.BackupInfo{}, fmt.Errorf("backup: %w", err)
	}
	tmp := f.Name()
	done := false
	defer func() {
		if !done {
			_ = f.Close()
			_ = os.Remove(tmp)
		}
	}()
	info, err := store.Backup(ctx, f, organizerID)
	if err != nil {
		return info, err
	}
	if err := f.Sync(); err != nil {
		return info, fmt.Errorf("backup: %w", err)
	}
	if err := f.Close(); err != nil {
		return info, fmt.Errorf("backup: %w", err)
	}
	done = true
	if err := os.Rename(tmp, path); err != nil {
		_ = os.Remove(tmp)
		return info, fmt.Errorf("backup: %w", err)
	}
	if d, err := os.Open(dir); err == nil { // the rename lasts once the directory is on disk too
		_ = d.Sync()
		_ = d.Close()
	}
	return info, nil
}
