package cli

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/tournament"
)

// dirEnv is a getenv without REDIS_URL, for commands given --data.
func dirEnv(string) string { return "" }

// TestBackupRestoreReproducesEveryResponse backs up the demo (with results
// written, a token and a sign-in) from the Redis, restores it into a new
// data directory, and reads every API answer of every tournament there with
// the same token: byte for byte what the Redis answered.
func TestBackupRestoreReproducesEveryResponse(t *testing.T) {
	cachetest.Parallel(t)
	getenv, store := env(t)
	ctx := context.Background()
	mustRun(t, getenv, "demo")
	orgs, err := store.Organizers(ctx)
	if err != nil {
		t.Fatal(err)
	}
	tokens := map[string]string{}
	var snaps []*tournament.Snapshot
	for _, o := range orgs {
		tokens[o.ID], _, _ = store.CreateToken(ctx, o.ID, "")
		mine, err := store.Tournaments(ctx, o.ID, cache.ListQuery{Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		for _, snap := range mine {
			for _, m := range snap.Matches {
				if m.State == tournament.MatchRunning && len(m.Encounters) <= 1 && !m.IsLiveResult {
					cfg := snap.Config(m)
					_, _, _ = store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
						return s.SetResult(m.ID, tournament.Encounters{{{cfg.NumPoints, 0}}}, false, time.Now(), "test")
					})
					break
				}
			}
		}
		mine, _ = store.Tournaments(ctx, o.ID, cache.ListQuery{Limit: 100})
		snaps = append(snaps, mine...)
	}
	h := api(t, store)
	before := map[string]string{}
	for _, snap := range snaps {
		for p, body := range responses(t, h, tokens[snap.Tournament.OrganizerID], snap) {
			before[snap.Tournament.OrganizerID+" "+p] = body
		}
	}
	for _, o := range orgs {
		_, body := getFrom(t, h, tokens[o.ID], "/v1/public/tournaments")
		before[o.ID+" list"] = string(body)
	}

	file := filepath.Join(t.TempDir(), "club.backup.gz")
	if out := mustRun(t, getenv, "backup", "--out", file); !strings.HasPrefix(out, file+": ") {
		t.Errorf("backup printed %q", out)
	}
	dir := filepath.Join(t.TempDir(), "data")
	if out := mustRun(t, dirEnv, "restore", file, "--data", dir); !strings.Contains(out, "of the whole server") {
		t.Errorf("restore printed %q", out)
	}
	if _, err := courtside(t, dirEnv, "restore", file, "--data", dir); err == nil || !strings.Contains(err.Error(), "holds data already") {
		t.Errorf("a second restore into the same directory: %v", err)
	}
	rdb, release, err := cache.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	restored := cache.New(rdb)
	h2 := api(t, restored)
	after := map[string]string{}
	for _, snap := range snaps {
		for p, body := range responses(t, h2, tokens[snap.Tournament.OrganizerID], snap) {
			after[snap.Tournament.OrganizerID+" "+p] = body
		}
	}
	for _, o := range orgs {
		_, body := getFrom(t, h2, tokens[o.ID], "/v1/public/tournaments")
		after[o.ID+" list"] = string(body)
	}
	if len(before) < 100 || len(after) != len(before) {
		t.Errorf("%d answers before the restore, %d after", len(before), len(after))
	}
	for _, p := range slices.Sorted(maps.Keys(before)) {
		if before[p] != after[p] {
			t.Errorf("%s differs after the restore:\n%.300s\n%.300s", p, before[p], after[p])
		}
	}
}

// TestCommandsWorkOnADataDirectory: with no server on it, every command
// works on --data DIR (or DATA_DIR); with a server holding it, each is
// refused with the server's pid and console address, never "REDIS_URL is
// not set".
func TestCommandsWorkOnADataDirectory(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	_, release, err := cache.OpenDir(dir) // as serve --data makes it
	if err != nil {
		t.Fatal(err)
	}
	release()
	org := strings.TrimSpace(mustRun(t, dirEnv, "organizers", "create", "--data", dir, "--name", "Boule Club", "--slug", "boule-club", "--sport", "petanque"))
	id := strings.TrimSpace(mustRun(t, dirEnv, "tournaments", "create", "--file", setupFile(t, func(s map[string]any) { s["organizer"] = "boule-club" }), "--data="+dir))
	dataDir := func(k string) string {
		if k == "DATA_DIR" {
			return dir
		}
		return ""
	}
	if out := mustRun(t, dataDir, "tournaments", "list"); !strings.Contains(out, id) {
		t.Errorf("tournaments list on DATA_DIR: %q", out)
	}
	mustRun(t, dataDir, "tournaments", "start", id)
	export := mustRun(t, dirEnv, "tournaments", "export", id, "--data", dir)
	if !strings.Contains(export, `"format": "courtside-tournament/1"`) {
		t.Errorf("export on --data: %.200s", export)
	}
	if out := mustRun(t, dirEnv, "keys", "create-token", "--organizer", org, "--data", dir); !strings.HasPrefix(out, "cst_") {
		t.Errorf("keys create-token: %q", out)
	}
	backupFile := filepath.Join(t.TempDir(), "b.backup.gz")
	mustRun(t, dataDir, "backup", "--out", backupFile)

	// A server on the directory.
	_, release, err = cache.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	cache.AnnounceDir(dir, "http://localhost:8080")
	for _, args := range [][]string{
		{"tournaments", "export", id, "--data", dir},
		{"tournaments", "list", "--data", dir},
		{"tournaments", "delete", id, "--yes", "--data", dir},
		{"keys", "list", "--data", dir},
		{"backup", "--data", dir, "--out", filepath.Join(t.TempDir(), "x.gz")},
		{"restore", backupFile, "--force", "--data", dir},
		{"demo", "--data", dir},
	} {
		_, err := courtside(t, dirEnv, args...)
		want := fmt.Sprintf("%s is in use by a server (pid %d): stop it first, or do this in its console at http://localhost:8080/admin", dir, os.Getpid())
		if err == nil || err.Error() != want {
			t.Errorf("%v with a server on the directory: %v\nwant %s", args, err, want)
		}
	}
	if _, err := courtside(t, dirEnv, "tournaments", "list", "--data", filepath.Join(dir, "nope")); err == nil || !strings.Contains(err.Error(), "no such data directory") {
		t.Errorf("a directory that is not there: %v", err)
	}
	if _, err := courtside(t, dirEnv, "tournaments", "list"); err == nil || strings.Contains(err.Error(), "REDIS_URL is not set") || !strings.Contains(err.Error(), "--data DIR") {
		t.Errorf("neither --data nor REDIS_URL: %v", err)
	}
}
