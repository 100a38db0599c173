package cache_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/internal/responses"
	"courtside/tournament"
	"courtside/web"

	"github.com/redis/go-redis/v9"
)

// fixtureDir holds a store written by main at bd9b047, before stored records
// carried a format version: the demo as of 2026-11-28 09:00 UTC with a
// token and a public key per organizer, a live score, a final result and a
// webhook, backed up (store.backup.gz); the keys' secrets (keys.json); and
// every GET answer of the API that main gave over it (api.json.gz). See
// testdata/main-bd9b047/README.md.
const fixtureDir = "testdata/main-bd9b047/"

var update = flag.Bool("update", false, "rewrite the API answers the migration test expects (testdata/main-bd9b047/api.json.gz) from this version")

// fixtureStore puts the store main wrote into an empty Redis, its records
// as main wrote them or, upgraded, as a restore brings them to this
// version's format, and returns a server over it and the keys' secrets.
func fixtureStore(t *testing.T, upgraded bool) (*cache.Store, http.Handler, map[string]string) {
	t.Helper()
	// Main's records go to the Redis the suite runs on; the upgraded ones to
	// an embedded Redis of their own, since a second Redis(t) would flush
	// the first and both are read side by side.
	var rdb redis.UniversalClient
	if upgraded {
		rdb = cachetest.Separate(t)
	} else {
		rdb = cachetest.Redis(t)
	}
	store := cachetest.Store(rdb)
	ctx := context.Background()
	open := func() (io.ReadCloser, error) { return os.Open(fixtureDir + "store.backup.gz") }
	if upgraded {
		if _, err := store.Restore(ctx, open, false); err != nil {
			t.Fatal(err)
		}
	} else {
		f, err := open()
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = f.Close() }() // read only
		if err := cache.RestoreAsWritten(ctx, store, f); err != nil {
			t.Fatal(err)
		}
	}
	h, err := web.Routes(web.Config{Store: store, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), RateLimit: 1 << 30})
	if err != nil {
		t.Fatal(err)
	}
	var keys map[string]string
	raw, err := os.ReadFile(fixtureDir + "keys.json")
	if err == nil {
		err = json.Unmarshal(raw, &keys)
	}
	if err != nil {
		t.Fatal(err)
	}
	return store, h, keys
}

// readSet reads a gzipped JSON set of answers.
func readSet(t *testing.T, name string) responses.Set {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }() // read only
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var s responses.Set
	if err := json.NewDecoder(zr).Decode(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

func writeSet(t *testing.T, name string, s responses.Set) {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	enc := json.NewEncoder(zw)
	enc.SetIndent("", " ")
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestReadsAStoreWrittenByMain reads the store main wrote, its records
// without a format (format 1), and answers every API request over it byte
// for byte as main did; so does the same store restored from main's backup
// (its records brought to this version's format), and every public page of
// the two is the same. A result written into main's store then is a record
// of this version's format, and reads.
func TestReadsAStoreWrittenByMain(t *testing.T) {
	if testing.Short() {
		t.Skip("reads every API answer and page of the demo (a few seconds)")
	}
	ctx := context.Background()
	old, oldH, keys := fixtureStore(t, false)
	upgraded, upH, _ := fixtureStore(t, true)
	tid := "tio:ttlr4pF6YOEKa" // Hamburg's running tournament, where main wrote a result
	if meta := firstBytes(t, old, "t:{"+tid+"}:meta"); strings.Contains(meta, `"format"`) {
		t.Fatalf("main's records carry no format, this one does: %s", meta)
	}
	if meta := firstBytes(t, upgraded, "t:{"+tid+"}:meta"); !strings.HasPrefix(meta, fmt.Sprintf(`{"format":%d,`, cache.RecordFormat)) {
		t.Fatalf("a restore of main's backup kept the record as it was: %s", meta)
	}

	want := readSet(t, fixtureDir+"api.json.gz")
	for name, h := range map[string]http.Handler{"main's store": oldH, "main's backup restored": upH} {
		got, err := responses.API(h, keys)
		if err != nil {
			t.Fatal(err)
		}
		if *update && name == "main's store" {
			writeSet(t, fixtureDir+"api.json.gz", got)
			want = got
		}
		if diff := responses.Diff(want, got); len(diff) > 0 {
			t.Errorf("%s: %d of %d API answers differ from main's:\n%s", name, len(diff), len(want), strings.Join(diff[:min(len(diff), 20)], "\n"))
		}
	}

	oldPages, err := responses.Pages(oldH, want)
	if err != nil {
		t.Fatal(err)
	}
	upPages, err := responses.Pages(upH, want)
	if err != nil {
		t.Fatal(err)
	}
	if len(oldPages) < 100 {
		t.Fatalf("read %d pages only", len(oldPages))
	}
	if diff := responses.Diff(withoutEstimates(oldPages), withoutEstimates(upPages)); len(diff) > 0 {
		t.Errorf("%d of %d pages differ between main's records and the upgraded ones:\n%s", len(diff), len(oldPages), strings.Join(diff[:min(len(diff), 5)], "\n"))
	}

	// A result written into main's store: its match is a record of this format now.
	snap, err := old.Snapshot(ctx, tid)
	if err != nil {
		t.Fatal(err)
	}
	var m *tournament.Match
	for _, x := range snap.Matches {
		if x.State == tournament.MatchRunning && (m == nil || x.ID < m.ID) {
			m = x
		}
	}
	put := httptest.NewRequest(http.MethodPut, "/v1/public/tournaments/"+tid+"/matches/"+m.ID+"/result", strings.NewReader(`{"result":[[[7,4]]]}`))
	put.Header.Set("Authorization", "Bearer "+keys["token-kickerclub-hamburg"])
	rec := httptest.NewRecorder()
	oldH.ServeHTTP(rec, put)
	if rec.Code != http.StatusOK {
		t.Fatalf("PUT result into main's store: %d %s", rec.Code, rec.Body)
	}
	raw, err := old.Client().HGet(ctx, "t:{"+tid+"}:matches", m.ID).Result()
	if err != nil || !strings.HasPrefix(raw, fmt.Sprintf(`{"format":%d,`, cache.RecordFormat)) {
		t.Errorf("the match written is %s (%v), want a record of format %d", raw, err, cache.RecordFormat)
	}
	get := httptest.NewRequest(http.MethodGet, "/v1/public/tournaments/"+tid+"/matches/"+m.ID, nil)
	get.Header.Set("Authorization", "Bearer "+keys["token-kickerclub-hamburg"])
	rec = httptest.NewRecorder()
	oldH.ServeHTTP(rec, get)
	if !strings.Contains(rec.Body.String(), `"state":"played","encounters":[[[7,4]]]`) {
		t.Errorf("the match read back: %s", rec.Body)
	}
}

// firstBytes is the value of a string key.
func firstBytes(t *testing.T, s *cache.Store, key string) string {
	t.Helper()
	v, err := s.Client().Get(context.Background(), key).Result()
	if err != nil {
		t.Fatalf("%s: %v", key, err)
	}
	return v
}

// estimate is an expected start on a page: the wall clock's, not the store's.
var estimate = regexp.MustCompile(`<time datetime="[^"]*"( data-local="time")? data-estimate[^>]*>[^<]*</time>`)

// withoutEstimates leaves the expected starts out of the pages, which move
// with the clock between two readings.
func withoutEstimates(s responses.Set) responses.Set {
	out := make(responses.Set, len(s))
	for k, r := range s {
		r.Body = estimate.ReplaceAllString(r.Body, "<time data-estimate>")
		out[k] = r
	}
	return out
}
