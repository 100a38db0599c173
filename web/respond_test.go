package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"courtside/cache"
)

// A write that racing writers kept refusing, or a creation that found its
// tournament, is the client's to send again: 409 with the error body, never a 500.
func TestConflictsAre409(t *testing.T) {
	s := &server{log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	for _, err := range []error{
		fmt.Errorf("cache: tournament t1: %w after 25 attempts", cache.ErrConflict),
		fmt.Errorf("cache: create t1: %w", cache.ErrExists),
	} {
		rec := httptest.NewRecorder()
		s.apiError(rec, httptest.NewRequest(http.MethodPut, "/v1/public/tournaments/t1/matches/m1/result", nil), err)
		var body struct {
			Message    string `json:"message"`
			StatusCode int    `json:"statusCode"`
		}
		if rec.Code != http.StatusConflict || json.Unmarshal(rec.Body.Bytes(), &body) != nil || body.StatusCode != 409 || body.Message == "" {
			t.Errorf("%v: %d %s", err, rec.Code, rec.Body)
		}
	}
}

// A 304 carries no document headers (the response the client kept has them),
// but still the build, by which a TV notices a new deployment.
func TestNotModifiedLeavesOutBodyHeaders(t *testing.T) {
	f := newFixture(t)
	path := "/t/" + f.demo.Tournaments[0].Tournament.ID + "/board"
	first, _ := f.page(path)
	if first.Header().Get("Content-Security-Policy") == "" {
		t.Fatal("a page without a Content-Security-Policy")
	}
	rec, _ := f.page(path, "If-None-Match", first.Header().Get("ETag"))
	if rec.Code != http.StatusNotModified {
		t.Fatalf("poll: %d", rec.Code)
	}
	for _, p := range policies {
		if first.Header().Get(p.name) == "" {
			t.Errorf("a page without %s", p.name)
		}
		if v := rec.Header().Get(p.name); v != "" {
			t.Errorf("a 304 carries %s: %s", p.name, v)
		}
	}
	if rec.Header().Get("X-Courtside-Build") == "" || rec.Header().Get("ETag") == "" {
		t.Errorf("a 304 without its build or ETag: %v", rec.Header())
	}
}

// A client that left before its answer was ready is nobody's fault: the
// request counts as 499, never as a 500, and nothing is logged as an error.
func TestAnAbortedRequestIsNot500(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	for _, path := range []string{"/v1/public/tournaments/" + hamburg.Tournament.ID + "/courts", "/t/" + hamburg.Tournament.ID + "/courts"} {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		req := httptest.NewRequest(http.MethodGet, path, nil).WithContext(ctx)
		req.Header.Set("Authorization", "Bearer "+f.token)
		rec := httptest.NewRecorder()
		f.handler.ServeHTTP(rec, req)
		if rec.Code == http.StatusInternalServerError || rec.Code == http.StatusServiceUnavailable {
			t.Errorf("%s, aborted: %d", path, rec.Code)
		}
	}
}

// A tournament's preview picture is a PNG, drawn for several tournaments at
// once without sharing a font face between drawings (-race), and a client
// that has it gets 304.
func TestPreviewPicture(t *testing.T) {
	f := newFixture(t)
	ids := []string{f.tournament("Hamburg Open 2026").Tournament.ID, f.tournament("Autumn Cup 2026").Tournament.ID}
	recs := make([]*httptest.ResponseRecorder, len(ids))
	var wg sync.WaitGroup
	for i, id := range ids {
		wg.Go(func() { recs[i] = f.from(http.MethodGet, "/t/"+id+"/preview.png", "") })
	}
	wg.Wait()
	for i, rec := range recs {
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/png" || !bytes.HasPrefix(rec.Body.Bytes(), []byte("\x89PNG")) {
			t.Fatalf("%s: %d %q", ids[i], rec.Code, rec.Header().Get("Content-Type"))
		}
		tag := rec.Header().Get("ETag")
		if again := f.from(http.MethodGet, "/t/"+ids[i]+"/preview.png", "", "If-None-Match", tag); tag == "" || again.Code != http.StatusNotModified {
			t.Errorf("%s: ETag %q, then %d", ids[i], tag, again.Code)
		}
	}
}
