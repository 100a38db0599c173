package web

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"courtside/cache/cachetest"
)

// TestEachFaceHasItsChain: the API's paths (as the mux would clean them) go
// down the API's chain, every other path down the site's, and each answers a
// panic, a cross-origin call and a language in its own way.
func TestEachFaceHasItsChain(t *testing.T) {
	cachetest.Parallel(t)
	s := &server{log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	bug := http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("a bug") })
	h := s.logRequests(faces(s.recovering(s.apiPanic, bug), s.recovering(sitePanic, bug)))
	for path, api := range map[string]bool{
		"/v1/public/tournaments": true, "/v1/public": true, "/v1//public/x": true, "/t/../v1/public/x": true,
		"/v1/courtside/organizers/x/ratings": true, "/v1/courtside": true,
		"/t/x": false, "/v1/publicity": false, "/v1/courtsides": false, "/": false, "/hooks/upstream/a/b": false,
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		var body struct{ StatusCode int }
		isJSON := json.Unmarshal(rec.Body.Bytes(), &body) == nil && body.StatusCode == http.StatusInternalServerError
		if rec.Code != http.StatusInternalServerError || isJSON != api {
			t.Errorf("%s, a panic: %d %q; want the API's error body: %v", path, rec.Code, rec.Body.String(), api)
		}
	}

	f := newFixture(t)
	de := func(path string) *httptest.ResponseRecorder {
		return f.from(http.MethodGet, path, "", "Origin", "https://dash.example", "Accept-Language", "de")
	}
	api := de("/v1/public/nothing")
	if api.Header().Get("Access-Control-Allow-Origin") != "*" || !strings.Contains(api.Body.String(), `"statusCode":404`) {
		t.Errorf("the API: CORS %q, %s", api.Header().Get("Access-Control-Allow-Origin"), api.Body.String())
	}
	own := de("/v1/courtside/nothing")
	if own.Header().Get("Access-Control-Allow-Origin") != "*" || !strings.Contains(own.Body.String(), `"statusCode":404`) {
		t.Errorf("Courtside's own API: CORS %q, %s", own.Header().Get("Access-Control-Allow-Origin"), own.Body.String())
	}
	site := de("/nothing")
	if site.Header().Get("Access-Control-Allow-Origin") != "" || !strings.Contains(site.Body.String(), `lang="de"`) {
		t.Errorf("the site: CORS %q, not in German", site.Header().Get("Access-Control-Allow-Origin"))
	}
}
