package cache_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"courtside/cache"
	"courtside/cache/cachetest"
)

// backupOf takes a backup of the store (of one organizer, or the whole with "").
func backupOf(t *testing.T, store *cache.Store, org string) []byte {
	t.Helper()
	var buf bytes.Buffer
	if _, err := store.Backup(context.Background(), &buf, org); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// keysOf reads a backup's keys, without their time to live (it runs down).
func keysOf(t *testing.T, raw []byte) []cache.BackupKey {
	t.Helper()
	var out []cache.BackupKey
	if _, err := cache.ReadBackup(bytes.NewReader(raw), func(k cache.BackupKey) error {
		k.TTL = min(k.TTL, 1)
		switch k.Type {
		case "set":
			slices.Sort(k.Vals) // a set has no order
		case "hash": // nor a hash: the embedded store sorts its fields, Redis keeps them as written
			pairs := make([][2]string, 0, len(k.Vals)/2)
			for i := 0; i+1 < len(k.Vals); i += 2 {
				pairs = append(pairs, [2]string{k.Vals[i], k.Vals[i+1]})
			}
			slices.SortFunc(pairs, func(a, b [2]string) int { return strings.Compare(a[0], b[0]) })
			k.Vals = k.Vals[:0]
			for _, p := range pairs {
				k.Vals = append(k.Vals, p[0], p[1])
			}
		}
		out = append(out, k)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

func opener(raw []byte) func() (io.ReadCloser, error) {
	return func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(raw)), nil }
}

func TestBackupRestoresEveryKeyAsItWas(t *testing.T) {
	store, o, _ := startedExport(t) // a tournament with results: streams, lists
	ctx := context.Background()
	org := o.ID
	secret, _, err := store.CreateToken(ctx, org, "Desk")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.CreateSession(ctx, cache.Hash(secret), time.Hour); err != nil {
		t.Fatal(err)
	}
	raw := backupOf(t, store, "")
	want := keysOf(t, raw)
	if len(want) < 10 {
		t.Fatalf("a backup of a started tournament holds %d keys", len(want))
	}
	types := map[string]bool{}
	for _, k := range want {
		types[k.Type] = true
	}
	for _, typ := range []string{"string", "hash", "set", "stream", "list"} {
		if !types[typ] {
			t.Errorf("no %s in the backup of the demo: %v", typ, types)
		}
	}

	target := cachetest.Store(cachetest.Separate(t))
	info, err := target.Restore(ctx, opener(raw), false)
	if err != nil {
		t.Fatal(err)
	}
	if info.Keys != len(want) {
		t.Errorf("restored %d keys of %d", info.Keys, len(want))
	}
	if got := keysOf(t, backupOf(t, target, "")); !slices.EqualFunc(got, want, keyEqual) {
		t.Errorf("the restored store differs from the one backed up: %d keys, want %d", len(got), len(want))
		for i := range min(len(got), len(want)) {
			if !keyEqual(got[i], want[i]) {
				t.Errorf("%s: %+v\nwant %+v", want[i].Key, got[i], want[i])
			}
		}
	}
	if k, err := target.Authenticate(ctx, secret); err != nil || k.OrganizerID != org {
		t.Errorf("the token does not sign in after the restore: %v %v", k, err)
	}
	snaps, err := store.Tournaments(ctx, org, cache.ListQuery{Limit: 100})
	if err != nil || len(snaps) == 0 {
		t.Fatal(snaps, err)
	}
	for _, snap := range snaps {
		id := snap.Tournament.ID
		a, err := store.Export(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		b, err := target.Export(ctx, id)
		if err != nil {
			t.Fatalf("%s after the restore: %v", id, err)
		}
		if len(a.Matches) != len(b.Matches) || len(a.Audit) != len(b.Audit) || len(a.Audit) == 0 {
			t.Errorf("%s: %d matches and %d audits, restored %d and %d", id, len(a.Matches), len(a.Audit), len(b.Matches), len(b.Audit))
		}
	}
}

func keyEqual(a, b cache.BackupKey) bool {
	return a.Key == b.Key && a.Type == b.Type && a.TTL == b.TTL && slices.Equal(a.Vals, b.Vals)
}

func TestRestoreRefusesATargetThatHoldsData(t *testing.T) {
	store, _ := cachetest.Demo(t)
	raw := backupOf(t, store, "")
	ctx := context.Background()
	targetRDB := cachetest.Separate(t)
	target := cachetest.Store(targetRDB)
	if err := targetRDB.Set(ctx, "something", "here", 0).Err(); err != nil {
		t.Fatal(err)
	}
	if _, err := target.Restore(ctx, opener(raw), false); !errors.Is(err, cache.ErrNotEmpty) {
		t.Fatalf("restore into a Redis with a key: %v, want ErrNotEmpty", err)
	}
	if n, _ := targetRDB.DBSize(ctx).Result(); n != 1 {
		t.Errorf("the refused restore left %d keys, want the 1 that was there", n)
	}
	if _, err := target.Restore(ctx, opener(raw), true); err != nil {
		t.Fatalf("restore told to go ahead: %v", err)
	}
	if v, _ := targetRDB.Get(ctx, "something").Result(); v != "here" {
		t.Errorf("a key the backup does not hold was touched: %q", v)
	}
}

func TestADamagedBackupRestoresNothing(t *testing.T) {
	store, _ := cachetest.Demo(t)
	raw := backupOf(t, store, "")
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	regzip := func(b []byte) []byte {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		_, _ = zw.Write(b)
		_ = zw.Close()
		return buf.Bytes()
	}
	i := bytes.Index(plain, []byte(`"k":"t:{`))
	changed := slices.Clone(plain)
	changed[i+10] ^= 1 // one letter of a tournament's key
	lines := bytes.SplitAfter(plain, []byte("\n"))
	cases := map[string][]byte{
		"a letter changed":           regzip(changed),
		"cut before its last line":   regzip(bytes.Join(lines[:len(lines)-3], nil)),
		"the gzip cut short":         raw[:len(raw)/2],
		"not gzipped":                plain,
		"a line left out":            regzip(append(bytes.Join(lines[:3], nil), bytes.Join(lines[4:], nil)...)),
		"an empty file":              nil,
		"another gzipped JSON lines": regzip([]byte("{\"format\":\"something/1\"}\n")),
	}
	for name, b := range cases {
		t.Run(name, func(t *testing.T) {
			rdb := cachetest.Separate(t)
			_, err := cachetest.Store(rdb).Restore(context.Background(), opener(b), false)
			if !errors.Is(err, cache.ErrBadBackup) {
				t.Fatalf("restore: %v, want ErrBadBackup", err)
			}
			if n, _ := rdb.DBSize(context.Background()).Result(); n != 0 {
				t.Errorf("a damaged backup wrote %d keys", n)
			}
		})
	}
}

func TestAnOrganizersBackupHoldsItsDataAlone(t *testing.T) {
	store, demo := cachetest.Demo(t)
	ctx := context.Background()
	mine, other := demo.Organizers[0], demo.Organizers[1]
	if _, _, err := store.CreateToken(ctx, mine.ID, "Mine"); err != nil {
		t.Fatal(err)
	}
	otherSecret, _, err := store.CreateToken(ctx, other.ID, "Theirs")
	if err != nil {
		t.Fatal(err)
	}
	raw := backupOf(t, store, mine.ID)
	text := string(keysJSON(t, raw))
	for _, d := range demo.Tournaments {
		in := strings.Contains(text, "t:{"+d.Tournament.ID+"}")
		if owned := d.Tournament.OrganizerID == mine.ID; in != owned {
			t.Errorf("%s of %s in %s's backup: %v", d.Tournament.ID, d.Tournament.OrganizerID, mine.ID, in)
		}
	}
	for _, leak := range []string{other.ID, other.Slug, cache.Hash(otherSecret), "o:{" + other.ID} {
		if strings.Contains(text, leak) {
			t.Errorf("%s's backup holds %q of another organizer", mine.ID, leak)
		}
	}
	target := cachetest.Store(cachetest.Separate(t))
	if _, err := target.Restore(ctx, opener(raw), false); err != nil {
		t.Fatal(err)
	}
	orgs, err := target.Organizers(ctx)
	if err != nil || len(orgs) != 1 || orgs[0].ID != mine.ID {
		t.Errorf("organizers after restoring %s's backup: %v %v", mine.ID, orgs, err)
	}
}

// keysJSON is a backup's text, unzipped.
func keysJSON(t *testing.T, raw []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
