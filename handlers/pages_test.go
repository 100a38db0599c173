package handlers

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/a-h/templ"

	"courtside/templates"
	"courtside/tournament"
)

func TestPagesRenderOncePerVersion(t *testing.T) {
	store := &fakeStore{snap: roundRobin32()}
	p := &Pages{Store: store, Assets: templates.Assets{}}
	builds := 0
	var mu sync.Mutex
	serve := func() *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, "/t/t/board", nil)
		req.SetPathValue("id", "t")
		rec := httptest.NewRecorder()
		err := p.serve(rec, req, "board", func(s *tournament.Snapshot) (templ.Component, error) {
			mu.Lock()
			builds++
			mu.Unlock()
			return templates.CourtBoard(boardView(req.Context(), s, boardQuery{}, templates.Poll{ID: "board"})), nil
		})
		if err != nil || rec.Code != 200 {
			t.Fatalf("%v %d", err, rec.Code)
		}
		return rec
	}
	var wg sync.WaitGroup
	for range 50 { // fifty TVs at once
		wg.Go(func() { serve() })
	}
	wg.Wait()
	if builds != 1 {
		t.Errorf("built %d times for one version", builds)
	}
	store.snap = tournament.NewSnapshot(2, store.snap.Tournament, store.snap.Organizer, store.snap.Matches, store.snap.Entries)
	serve()
	if builds != 2 {
		t.Errorf("a new version was not built: %d builds", builds)
	}
}
