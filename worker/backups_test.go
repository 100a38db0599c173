package worker

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"courtside/cache/cachetest"
)

// TestScheduledBackupsKeepTheNewest: each step writes a whole backup that
// restores, and only the newest Keep stay; no temporary file is left.
func TestScheduledBackupsKeepTheNewest(t *testing.T) {
	store, _ := cachetest.Demo(t)
	now := cachetest.Now
	store.Now = func() time.Time { return now }
	dir := filepath.Join(t.TempDir(), "backups")
	b := &Backups{Store: store, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Dir: dir, Every: time.Hour, Keep: 3}
	var written []string
	for range 5 {
		path, info, err := b.Step(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if info.Keys == 0 {
			t.Fatal("an empty backup")
		}
		written = append(written, filepath.Base(path))
		now = now.Add(time.Hour)
	}
	names, err := BackupFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != 3 || names[0] != written[2] || names[2] != written[4] {
		t.Errorf("kept %v of %v, want the newest 3", names, written)
	}
	all, _ := os.ReadDir(dir)
	if len(all) != 3 {
		t.Errorf("the directory holds %d files, want the 3 backups alone", len(all))
	}
	target := cachetest.Store(cachetest.Separate(t))
	if _, err := target.Restore(context.Background(), func() (io.ReadCloser, error) { return os.Open(filepath.Join(dir, names[2])) }, false); err != nil {
		t.Errorf("the newest backup does not restore: %v", err)
	}
	if orgs, _ := target.Organizers(context.Background()); len(orgs) == 0 {
		t.Error("nothing restored")
	}
}
