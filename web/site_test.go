package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/handlers/api"
	"courtside/static"
	"courtside/tournament"
)

func TestOpenAPIDocumentsExactlyTheServedRoutes(t *testing.T) {
	var doc struct {
		OpenAPI string                                `json:"openapi"`
		Paths   map[string]map[string]json.RawMessage `json:"paths"`
	}
	type server struct {
		URL string `json:"url"`
	}
	if err := json.Unmarshal(api.OpenAPIDocument, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.OpenAPI != "3.1.0" {
		t.Errorf("openapi %q", doc.OpenAPI)
	}
	served := map[string]bool{"get /openapi.json": true}
	for _, rt := range apiRoutes(&api.API{}, &api.Webhooks{}) {
		method, path, _ := strings.Cut(rt.pattern, " ")
		served[strings.ToLower(method)+" "+strings.TrimPrefix(path, apiPrefix)] = true
	}
	// Courtside's own endpoints: documented with their own server.
	for _, rt := range rankingsRoutes(&api.RankingsAPI{}) {
		method, path, _ := strings.Cut(rt.pattern, " ")
		served[strings.ToLower(method)+" "+path] = true
	}
	documented := map[string]bool{}
	for path, ops := range doc.Paths {
		prefix := ""
		if raw, ok := ops["servers"]; ok {
			var servers []server
			if err := json.Unmarshal(raw, &servers); err != nil || len(servers) != 1 {
				t.Fatalf("%s: servers %s", path, raw)
			}
			prefix = servers[0].URL
		}
		for method := range ops {
			if method != "servers" {
				documented[method+" "+prefix+path] = true
			}
		}
	}
	for op := range served {
		if !documented[op] {
			t.Errorf("%s is served but not in openapi.json", op)
		}
	}
	for op := range documented {
		if !served[op] {
			t.Errorf("%s is in openapi.json but not served", op)
		}
	}
}

func TestOpenAPIIsServedWithoutAKey(t *testing.T) {
	f := newFixture(t)
	rec := f.get("/v1/public/openapi.json", "")
	if rec.Code != 200 || !bytes.Equal(rec.Body.Bytes(), api.OpenAPIDocument) {
		t.Fatalf("%d", rec.Code)
	}
}

func TestAPIReferencePage(t *testing.T) {
	f := newFixture(t)
	h, err := Routes(Config{Store: f.store, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), BaseURL: "http://results.example.org/"})
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodGet, "/api", nil)
	req.Host = "evil.example" // the configured address names the server, never the request
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
		t.Fatalf("%d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	doc, err := goquery.NewDocumentFromReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	ops := doc.Find(`[data-testid="api-operation"]`)
	if want := len(apiRoutes(&api.API{}, &api.Webhooks{})) + 1 + len(rankingsRoutes(&api.RankingsAPI{})); ops.Length() != want {
		t.Errorf("%d operations on the page, want %d", ops.Length(), want)
	}
	var standings *goquery.Selection
	ops.Each(func(_ int, s *goquery.Selection) {
		if strings.Contains(s.Find("code").First().Text(), "/groups/{groupId}/standings") {
			standings = s
		}
	})
	if standings == nil {
		t.Fatal("no standings operation")
	}
	if !strings.Contains(doc.Find(`[data-testid="api-operation"]`).Text(), "/v1/courtside/organizers/{organizerId}/series/{seriesId}") {
		t.Error("the series table is not listed under its own server")
	}
	curl := standings.Find("pre").Text()
	if curl != "curl -H 'Authorization: Bearer $KEY' 'http://results.example.org/v1/public/tournaments/{id}/groups/{groupId}/standings'" {
		t.Errorf("curl example %q", curl)
	}
	if !strings.Contains(standings.Text(), "GROUP_NOT_FOUND") || !strings.Contains(standings.Text(), "array of Standing") {
		t.Errorf("standings operation lacks its errors or its shape: %s", standings.Text())
	}
	// Properties keep the document's order.
	var props []string
	doc.Find("#schema-Match tbody tr td:first-child").Each(func(_ int, s *goquery.Selection) { props = append(props, strings.Join(strings.Fields(s.Text()), "")) })
	if len(props) < 3 || props[0] != "id*" || props[1] != "entries*" || props[2] != "state*" {
		t.Errorf("Match properties %v", props)
	}
	if doc.Find("title").Text() != "API reference · Courtside" {
		t.Errorf("title %q", doc.Find("title").Text())
	}
}

func TestStaticAssetsAreContentAddressed(t *testing.T) {
	f := newFixture(t)
	a, err := loadAssets()
	if err != nil {
		t.Fatal(err)
	}
	url := a.URL(static.CSS)
	rec := f.get(url, "")
	if rec.Code != 200 || rec.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" || rec.Header().Get("Content-Type") != "text/css; charset=utf-8" {
		t.Fatalf("%d %v", rec.Code, rec.Header())
	}
	want, _ := static.Files.ReadFile(static.CSS)
	if !bytes.Equal(rec.Body.Bytes(), want) {
		t.Error("served CSS is not the embedded file")
	}
	req := httptest.NewRequest(http.MethodGet, url, nil)
	req.Header.Set("Accept-Encoding", "br, gzip")
	gz := httptest.NewRecorder()
	f.handler.ServeHTTP(gz, req)
	if gz.Header().Get("Content-Encoding") != "gzip" || gz.Body.Len() >= len(want) {
		t.Fatalf("gzip: %v, %d bytes", gz.Header().Get("Content-Encoding"), gz.Body.Len())
	}
	zr, err := gzip.NewReader(gz.Body)
	if err != nil {
		t.Fatal(err)
	}
	if unzipped, _ := io.ReadAll(zr); !bytes.Equal(unzipped, want) {
		t.Error("gzipped CSS does not unzip to the file")
	}
	stale := strings.Replace(url, "/static/", "/static/000000", 1)
	if rec := f.get(stale, ""); rec.Code != 404 {
		t.Errorf("an old hash: %d", rec.Code)
	}
	page := f.get("/api", "").Body.String()
	if !strings.Contains(page, `href="`+url+`"`) {
		t.Error("pages do not link the hashed CSS")
	}
}

func TestUnknownPageIsAFriendly404(t *testing.T) {
	f := newFixture(t)
	rec := f.get("/no/such/page", "")
	if rec.Code != 404 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
		t.Fatalf("%d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	doc, _ := goquery.NewDocumentFromReader(rec.Body)
	if doc.Find(`[data-testid="error-page"] h1`).Text() != "Nothing here" {
		t.Errorf("404 page: %s", doc.Text())
	}
}

func TestHealthProbes(t *testing.T) {
	f := newFixture(t)
	for _, p := range []string{"/healthz", "/readyz"} {
		if rec := f.get(p, ""); rec.Code != 200 {
			t.Errorf("%s: %d", p, rec.Code)
		}
	}
	// Redis gone: not ready, still live.
	rdb := cachetest.Redis(t)
	down := routes(t, cache.New(rdb))
	_ = rdb.Close()
	for p, want := range map[string]int{"/healthz": 200, "/readyz": 503} {
		rec := httptest.NewRecorder()
		down.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, p, nil))
		if rec.Code != want {
			t.Errorf("%s with Redis gone: %d, want %d", p, rec.Code, want)
		}
	}
}

// TestOrganizerPageLeadsWithWhatRuns: an organizer's page lists its running
// tournaments first, each once, then the others by date, planned ones too.
func TestOrganizerPageLeadsWithWhatRuns(t *testing.T) {
	f := newFixture(t)
	_, doc := f.page("/o/kickerclub-hamburg")
	var states []tournament.State
	seen := map[string]bool{}
	doc.Find(`[data-testid="tournament-card"]`).Each(func(_ int, a *goquery.Selection) {
		href, _ := a.Attr("href")
		id := strings.TrimPrefix(href, "/t/")
		if seen[id] {
			t.Errorf("%s is listed twice", id)
		}
		seen[id] = true
		snap, err := f.store.Snapshot(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		states = append(states, snap.Tournament.State)
	})
	first := slices.Index(states, tournament.StateRunning)
	last := first
	for i, s := range states {
		if s == tournament.StateRunning {
			last = i
		}
	}
	if first != 0 || slices.Contains(states[last+1:], tournament.StateRunning) || !slices.Contains(states, tournament.StatePlanned) {
		t.Errorf("the page lists %v: want the running ones first", states)
	}
}

// TestARunningMatchSaysItsCourtOnceAndItsMissingScore: the match page names
// its court as the court is named ("Table 1", not "Table: Table 1"), and a
// running match's card without a score shows a dash where a card with one
// shows "0".
func TestARunningMatchSaysItsCourtOnceAndItsMissingScore(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	m := f.match(hamburg, func(m *tournament.Match) bool {
		return m.State == tournament.MatchRunning && len(m.CourtIDs) > 0 && len(m.Encounters) == 0
	})
	_, doc := f.page("/t/" + hamburg.Tournament.ID + "/matches/" + m.ID)
	if courts := doc.Find(`[data-testid="match-courts"]`).Text(); strings.Contains(courts, ":") || !strings.HasPrefix(courts, "Table ") {
		t.Errorf("the match page names its court %q", courts)
	}
	_, doc = f.page("/t/" + hamburg.Tournament.ID)
	card := doc.Find(`[data-testid="match"][data-match="` + m.ID + `"]`)
	if card.Length() == 1 && card.Find(`[data-testid="no-score"]`).Length() != 2 {
		t.Errorf("a running card without a score shows %q", card.Text())
	}
	if card.Length() == 0 {
		t.Fatal("the running match has no card on the tournament page")
	}
}
