package cache_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"flag"
	"io"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"testing"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/internal/responses"
	"courtside/web"
)

// fixtureDir holds a store written by main at bd9b047, before stored records
// carried a format version: the demo as of 2026-11-28 09:00 UTC with a
// token and a public key per organizer, a live score, a final result and a
// webhook, backed up (store.backup.gz); the keys' secrets (keys.json); and
// every GET answer of the API that main gave over it (api.json.gz). See
// testdata/main-bd9b047/README.md.
const fixtureDir = "testdata/main-bd9b047/"

var update = flag.Bool("update", false, "rewrite the API answers the migration test expects (testdata/main-bd9b047/api.json.gz) from this version")

// fixtureStore restores the store main wrote into an empty Redis and returns
// a server over it, with the keys' secrets.
func fixtureStore(t *testing.T) (*cache.Store, http.Handler, map[string]string) {
	t.Helper()
	store := cachetest.Store(cachetest.Redis(t))
	open := func() (io.ReadCloser, error) { return os.Open(fixtureDir + "store.backup.gz") }
	if _, err := store.Restore(context.Background(), open, false); err != nil {
		t.Fatal(err)
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
	defer f.Close()
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

// TestReadsAStoreWrittenByMain reads the store main wrote and answers every
// API request over it byte for byte as main did.
func TestReadsAStoreWrittenByMain(t *testing.T) {
	if testing.Short() {
		t.Skip("reads every API answer of the demo (a few seconds)")
	}
	_, h, keys := fixtureStore(t)
	got, err := responses.API(h, keys)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		writeSet(t, fixtureDir+"api.json.gz", got)
	}
	want := readSet(t, fixtureDir+"api.json.gz")
	if diff := responses.Diff(want, got); len(diff) > 0 {
		t.Errorf("%d of %d API answers differ from main's:\n%s", len(diff), len(want), strings.Join(diff[:min(len(diff), 20)], "\n"))
	}
}
