package web

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"courtside/cache/cachetest"
	"courtside/internal/testkit"
)

func TestMetrics(t *testing.T) {
	rdb := cachetest.Redis(t)
	store, demo := cachetest.DemoOn(t, rdb)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go store.WatchVersions(ctx, time.Hour, slog.New(slog.NewTextHandler(io.Discard, nil)))
	m := NewMetrics(rdb)
	h, err := Routes(Config{Store: store, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), RateLimit: 120, Metrics: m, MetricsToken: "s3cret"})
	if err != nil {
		t.Fatal(err)
	}
	get := func(path string, header ...string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	scrape := func() string {
		rec := get("/metrics", "Authorization", "Bearer s3cret")
		if rec.Code != http.StatusOK {
			t.Fatalf("/metrics with the token: %d", rec.Code)
		}
		return rec.Body.String()
	}

	if rec := get("/metrics"); rec.Code != http.StatusUnauthorized {
		t.Errorf("/metrics without the token: %d, want 401", rec.Code)
	}
	if rec := get("/metrics", "Authorization", "Bearer guess"); rec.Code != http.StatusUnauthorized {
		t.Errorf("/metrics with a wrong token: %d, want 401", rec.Code)
	}

	id := demo.Tournaments[0].Tournament.ID
	board := "/t/" + id + "/board?kiosk=1"
	first := get(board)
	testkit.Eventually(t, "the version watcher", func() bool { _, ok := store.KnownVersion(id); return ok })
	get(board) // Redis knows the scripts now
	for range 30 {
		if rec := get(board, "If-None-Match", first.Header().Get("ETag")); rec.Code != http.StatusNotModified {
			t.Fatalf("poll: %d", rec.Code)
		}
	}
	// A flood of unique URLs adds no series: they are counted under their
	// route pattern or as unmatched, so a second flood adds no line.
	flood := func(from int) {
		for i := from; i < from+500; i++ {
			get(fmt.Sprintf("/no/such/page/%d", i))
			get(fmt.Sprintf("/t/%s?x=%d", id, i))
		}
	}
	flood(0)
	scrape() // its own request is counted from the next scrape on
	before := strings.Count(scrape(), "\n")
	flood(500)
	grown := strings.Count(scrape(), "\n") - before

	body := scrape()
	for _, want := range []string{
		`courtside_http_requests_total{code="304",method="GET",route="GET /t/{id}/board"} 30`,
		`courtside_http_requests_total{code="200",method="GET",route="GET /t/{id}"} 1000`,
		`courtside_http_requests_total{code="404",method="GET",route="/"} 1000`,
		`courtside_tvs_polling 3.2`,
		`courtside_redis_background_round_trips_total`,
		`courtside_render_cache_renders_total`,
		`courtside_render_cache_budget_bytes 6.7108864e+07`,
		`go_goroutines`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if hits := metricValue(t, body, "courtside_render_cache_hits_total"); hits < 1000 {
		t.Errorf("render cache hits %v, want the 1,000 reads of one tournament page at least", hits)
	}
	if grown != 0 {
		t.Errorf("1,000 more unique URLs grew /metrics by %d lines", grown)
	}
	// The 304 path costs no Redis round trip: all 30 polls are in the bucket of 0.
	var zero int
	if _, err := fmt.Sscanf(body[strings.Index(body, `courtside_redis_round_trips_per_request_bucket{route="GET /t/{id}/board",le="0"}`):], `courtside_redis_round_trips_per_request_bucket{route="GET /t/{id}/board",le="0"} %d`, &zero); err != nil || zero < 30 {
		t.Errorf("board polls with no Redis round trip: %d (%v), want at least the 30 polls of an unchanged board", zero, err)
	}
}

func TestMetricsAreNotServedWithoutAToken(t *testing.T) {
	store, _ := cachetest.Demo(t)
	h, err := Routes(Config{Store: store, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), RateLimit: 120, Metrics: NewMetrics(nil)})
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	if rec.Code != http.StatusNotFound {
		t.Errorf("/metrics without METRICS_TOKEN on the public port: %d, want 404", rec.Code)
	}
}

// metricValue reads one sample of a metric without labels from a scrape.
func metricValue(t *testing.T, body, name string) float64 {
	t.Helper()
	for _, line := range strings.Split(body, "\n") {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			var f float64
			if _, err := fmt.Sscan(v, &f); err == nil {
				return f
			}
		}
	}
	t.Fatalf("no %s in the scrape", name)
	return 0
}
