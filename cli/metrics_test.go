package cli

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"courtside/cache/cachetest"
	"courtside/record"
	"courtside/web"
	"courtside/worker"
)

// The background loops' numbers reach /metrics: webhook calls, and each
// followed tournament's upstream budget and what it used of it.
func TestMetricsWatchTheBackgroundLoops(t *testing.T) {
	rdb := cachetest.Redis(t)
	store := cachetest.Store(rdb)
	ctx := context.Background()
	f := record.Follow{ID: "tio:4AHchFkVAecs2", Upstream: "https://example.org/v1/public", Key: "k", Budget: 60}
	if err := store.PutFollow(ctx, f); err != nil {
		t.Fatal(err)
	}
	if _, err := store.TakeBudget(ctx, f.KeyHash(), f.Budget); err != nil {
		t.Fatal(err)
	}
	m := web.NewMetrics(rdb)
	watch(m, worker.NewDeliverer(store, slog.New(slog.NewTextHandler(io.Discard, nil)), false), store)
	rec := httptest.NewRecorder()
	m.Handler("").ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	for _, want := range []string{
		`courtside_webhook_calls_total 0`,
		`courtside_webhook_failures_total 0`,
		`courtside_upstream_budget{tournament="tio:4AHchFkVAecs2"} 60`,
		`courtside_upstream_budget_used{tournament="tio:4AHchFkVAecs2"} 1`,
	} {
		if !strings.Contains(rec.Body.String(), want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
}
