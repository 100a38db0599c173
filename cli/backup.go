package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"courtside/cache"
	"courtside/tournament"
	"courtside/worker"
)

// backup writes a backup of the whole store (or of one organizer's data) to
// a file, while serve may go on using the Redis; on a data directory, only
// with the server stopped (its console offers the same download).
func backup(args []string, _ func(string) string) (action, error) {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	out := fs.String("out", "", "the file to write (default courtside-TIME.backup.gz here; - for stdout)")
	org := fs.String("organizer", "", "only this organizer's data (its id or slug)")
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("backup takes flags only, got %q: %w", fs.Args(), errUsage)
	}
	return func(ctx context.Context, store *cache.Store, stdout io.Writer) error {
		orgID := ""
		if *org != "" {
			o, err := store.OrganizerByRef(ctx, *org)
			if err != nil {
				return fmt.Errorf("--organizer: no organizer %q (courtside organizers list)", *org)
			}
			orgID = o.ID
		}
		if *out == "-" {
			_, err := store.Backup(ctx, stdout, orgID)
			return err
		}
		path := *out
		if path == "" {
			path = worker.BackupName(store.Now())
		}
		info, err := worker.WriteBackup(ctx, store, path, orgID)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s: %d keys\n", path, info.Keys)
		return err
	}, nil
}

// restore writes a backup into an empty data directory or Redis; a target
// that holds data is refused unless --force. The file is checked whole
// before anything is written.
func restore(args []string, _ func(string) string) (action, error) {
	fs := flag.NewFlagSet("restore", flag.ContinueOnError)
	force := fs.Bool("force", false, "restore into a target that holds data: the backup's keys replace theirs")
	var file string
	for len(args) > 0 { // the file may come before or after the flags
		if err := parse(fs, args); err != nil {
			return nil, err
		}
		if args = fs.Args(); len(args) > 0 {
			if file != "" {
				return nil, fmt.Errorf("restore takes one file, got %q and %q: %w", file, args[0], errUsage)
			}
			file, args = args[0], args[1:]
		}
	}
	if file == "" {
		return nil, fmt.Errorf("restore needs the backup file: %w", errUsage)
	}
	if err := checkBackup(file); err != nil { // before the store is opened
		return nil, err
	}
	return func(ctx context.Context, store *cache.Store, stdout io.Writer) error {
		info, err := store.Restore(ctx, func() (io.ReadCloser, error) { return os.Open(filepath.Clean(file)) }, *force)
		if errors.Is(err, cache.ErrNotEmpty) {
			return errors.New("the target holds data already: restore into an empty data directory or Redis, or add --force to replace the keys the backup holds")
		}
		if err != nil {
			return err
		}
		scope := "the whole server"
		if info.Header.Organizer != "" {
			scope = "organizer " + info.Header.Organizer
		}
		_, err = fmt.Fprintf(stdout, "restored %d keys of %s, backed up %s\n", info.Keys, scope, info.Header.Created.Format("2006-01-02 15:04:05 MST"))
		return err
	}, nil
}

// checkBackup reads a backup file whole and says whether it is intact.
func checkBackup(file string) error {
	f, err := os.Open(filepath.Clean(file))
	if err != nil {
		return err
	}
	defer func() { _ = f.Close() }() // read only
	if _, err := cache.ReadBackup(f, nil); err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	return nil
}

// backupSettings say where and how often serve writes backups by itself.
type backupSettings struct {
	dir   string
	every time.Duration
	keep  int
}

// readBackupSettings reads BACKUP_DIR (default DIR/backups of a data
// directory; none on a Redis unless set), BACKUP_EVERY (default 1h; 0 for
// none) and BACKUP_KEEP (the newest kept; default 48, at most
// tournament.MaxBackupsKept).
func readBackupSettings(getenv func(string) string, dataDir string) (backupSettings, error) {
	b := backupSettings{dir: getenv("BACKUP_DIR"), keep: tournament.DefaultBackupsKept}
	if b.dir == "" && dataDir != "" {
		b.dir = filepath.Join(dataDir, "backups")
	}
	var err error
	if b.every, err = time.ParseDuration(envOr(getenv, "BACKUP_EVERY", tournament.DefaultBackupEvery.String())); err != nil || b.every < 0 ||
		b.every > 0 && b.every < time.Minute {
		return b, fmt.Errorf("BACKUP_EVERY: want a duration of a minute or more such as 1h, or 0 for none, got %q", getenv("BACKUP_EVERY"))
	}
	if v := getenv("BACKUP_KEEP"); v != "" {
		if b.keep, err = strconv.Atoi(v); err != nil || b.keep < 1 || b.keep > tournament.MaxBackupsKept {
			return b, fmt.Errorf("BACKUP_KEEP: want a whole number from 1 to %d, got %q", tournament.MaxBackupsKept, v)
		}
	}
	return b, nil
}
