package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"courtside/tournament"
)

// TestForfeitsAreToldAsForfeits: after a team withdraws, its remaining
// matches read "withdrawal" on the match page, the group page and the
// team's own page, never a 13 : 0 score; the API's match
// keeps the spec's shape (encounters as the walkover result, no new field).
func TestForfeitsAreToldAsForfeits(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	raw := `{"organizer": "boule-lyonnaise", "name": "Forfaits", "startTime": "2026-11-28T09:00:00.000Z", "courts": 1, "public": true,
	 "disciplines": [{"name": "Doublettes", "shortName": "DB", "entryType": "team_name",
	  "entries": ["Les Pointeurs", "Carreau Club", "Boule d'Or", "Les Tireurs"],
	  "stages": [{"name": "Poule", "mode": "round_robin", "matchConfiguration": {"numPoints": 13, "numSets": 1}}]}]}`
	setup, err := tournament.ParseSetup([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	snap, err := f.store.CreateTournament(ctx, f.org("boule-lyonnaise"), setup)
	if err != nil {
		t.Fatal(err)
	}
	id := snap.Tournament.ID
	if _, _, err = f.store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) { return s.Start(time.Now()) }); err != nil {
		t.Fatal(err)
	}
	snap, _ = f.store.Snapshot(ctx, id)
	d := snap.Tournament.Disciplines[0]
	gone := d.EntryIDs[0]
	if _, _, err = f.store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) { return s.Withdraw(d.ID, gone, time.Now()) }); err != nil {
		t.Fatal(err)
	}
	snap, _ = f.store.Snapshot(ctx, id)
	var m *tournament.Match
	for _, x := range snap.Matches {
		if x.Involves(gone) && x.State == tournament.MatchPlayed {
			m = x
			break
		}
	}
	if m == nil || m.Forfeit != tournament.ForfeitWithdrawal {
		t.Fatalf("the withdrawn team's match: %+v", m)
	}
	get := func(path string) string {
		t.Helper()
		rec := httptest.NewRecorder()
		f.handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != 200 {
			t.Fatalf("%s: %d", path, rec.Code)
		}
		return rec.Body.String()
	}
	g := d.Stages[0].Groups[0]
	for _, path := range []string{"/t/" + id + "/matches/" + m.ID, "/t/" + id + "/groups/" + g.ID, "/t/" + id + "/entries/" + gone} {
		body := get(path)
		if !strings.Contains(body, "withdrawal") {
			t.Errorf("%s does not say withdrawal", path)
		}
		if strings.Contains(body, "13 : 0") || strings.Contains(body, "0 : 13") {
			t.Errorf("%s shows the walkover result as a score", path)
		}
	}
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodGet, "/v1/public/tournaments/"+id+"/matches/"+m.ID, nil)
	req.Header.Set("Authorization", "Bearer "+f.bouleToken)
	f.handler.ServeHTTP(rec, req)
	var api map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &api); err != nil || rec.Code != 200 {
		t.Fatalf("API: %d %s", rec.Code, rec.Body)
	}
	if _, ok := api["forfeit"]; ok {
		t.Error("the API's match has a field the spec does not")
	}
	if enc, _ := json.Marshal(api["encounters"]); string(enc) == "null" || string(enc) == "[]" {
		t.Errorf("the API's match lost its result: %s", enc)
	}
}
