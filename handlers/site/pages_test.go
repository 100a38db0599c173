package site

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"courtside/handlers/reply"
	"courtside/templates"
	"courtside/tournament"
)

// memo is a Renders that keeps everything and counts renders: what the
// handlers expect of the web layer's cache, without its bounds.
type memo struct {
	mu      sync.Mutex
	kept    map[reply.RenderKey]reply.Rendered
	renders int
}

func (m *memo) Render(ctx context.Context, key reply.RenderKey, render func(context.Context) (reply.Rendered, error)) (reply.Rendered, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if out, ok := m.kept[key]; ok {
		return out, nil
	}
	out, err := render(ctx)
	if err != nil {
		return out, err
	}
	if m.kept == nil {
		m.kept = map[reply.RenderKey]reply.Rendered{}
	}
	m.kept[key] = out
	m.renders++
	return out, nil
}

func TestBoardRendersOncePerVersionAndSettings(t *testing.T) {
	store := &fakeStore{snap: roundRobin32()}
	renders := &memo{}
	p := &Pages{Store: store, Renders: renders, Assets: templates.Assets{}}
	serve := func(path string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.SetPathValue("id", "t")
		rec := httptest.NewRecorder()
		err := p.BoardFragment(rec, req)
		if err != nil {
			var prob *reply.Problem
			if !errors.As(err, &prob) {
				t.Fatalf("%s: %v", path, err)
			}
			rec.Code = prob.Status
		}
		return rec
	}
	var wg sync.WaitGroup
	for range 50 { // fifty TVs at once
		wg.Go(func() { serve("/t/t/board") })
	}
	wg.Wait()
	// Addresses that say the same in other words are the same board.
	for _, same := range []string{"/t/t/board?unknown=1", "/t/t/board?kiosk=0", "/t/t/board?courts=1-99", "/t/t/board?courts=&discipline=", "/t/t/board?per=3", "/t/t/board?rotate=courts"} {
		if rec := serve(same); rec.Code != 200 {
			t.Errorf("%s: %d", same, rec.Code)
		}
	}
	if renders.renders != 1 {
		t.Errorf("rendered %d times for one version and one board", renders.renders)
	}
	// Settings the tournament has no place for are refused, never rendered.
	for _, bad := range []string{"/t/t/board?discipline=x", "/t/t/board?courts=2-9", "/t/t/board?courts=a", "/t/t/board?courts=3-1", "/t/t/board?per=0", "/t/t/board?every=1000",
		"/t/t/board?kiosk=yes", "/t/t/board?rotate=standings:x", "/t/t/board?rotate=bracket:g", "/t/t/board?per=+5"} {
		if rec := serve(bad); rec.Code != http.StatusBadRequest {
			t.Errorf("%s: %d, want 400", bad, rec.Code)
		}
	}
	if renders.renders != 1 || len(renders.kept) != 1 {
		t.Errorf("refused settings were rendered: %d renders, %d kept", renders.renders, len(renders.kept))
	}
	store.snap = tournament.NewSnapshot(2, store.snap.Tournament, store.snap.Organizer, store.snap.Matches, store.snap.Entries)
	serve("/t/t/board")
	if renders.renders != 2 {
		t.Errorf("a new version was not rendered: %d renders", renders.renders)
	}
}
