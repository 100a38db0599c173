package web

import (
	"context"
	"courtside/wire"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"courtside/cache/cachetest"
	"courtside/tournament"
)

// TestEngineRunsAnEvent creates a 24-player Swiss of 5 rounds into a top-8
// double elimination on 4 courts with autoCall, starts it, and plays every
// match through the public API's PUT …/result alone, reading the courts from
// the API between results. It ends with a finished tournament, a champion and
// consistent standings, and at no moment an entry on two courts.
func TestEngineRunsAnEvent(t *testing.T) {
	cachetest.Parallel(t)
	ctx := context.Background()
	store := cachetest.Store(cachetest.Redis(t))
	org := tournament.Organizer{ID: "tio:engineorg", Slug: "engine-club", Name: "Engine Club", Sport: tournament.TableSoccer}
	cfg := tournament.MatchConfiguration{Name: "One set to 7", NumPoints: 7, NumSets: 1}
	var entries []*tournament.Entry
	var ids []string
	for i := 1; i <= 24; i++ {
		id := fmt.Sprintf("tio:player%02d", i)
		e := &tournament.Entry{ID: id, Name: fmt.Sprintf("Player %02d", i)}
		e.Entries = []*tournament.Entry{{ID: id, Name: e.Name}}
		entries = append(entries, e)
		ids = append(ids, id)
	}
	tour := &tournament.Tournament{ID: "tio:engineevent", Name: "Engine Open", State: tournament.StateReady, OrganizerID: org.ID, Public: true, AutoCall: true,
		Disciplines: []tournament.Discipline{{ID: "tio:os", Name: "Open Singles", ShortName: "OS", EntryType: tournament.EntrySingle, EntryIDs: ids,
			Stages: []tournament.Stage{
				{ID: "tio:swiss", Name: "Swiss", State: tournament.PhasePlanned, Groups: []tournament.Group{{ID: "tio:swissgroup", Name: "Swiss", Mode: tournament.Swiss,
					State: tournament.PhasePlanned, Options: tournament.GroupOptions{NumRoundsPlanned: 5, MatchConfigurations: []tournament.MatchConfiguration{cfg}}}}},
				{ID: "tio:ko", Name: "Knock-out", State: tournament.PhasePlanned, Qualify: 8, Groups: []tournament.Group{{ID: "tio:kogroup", Name: "Main tree", Mode: tournament.DoubleElimination,
					State: tournament.PhasePlanned, Options: tournament.GroupOptions{MatchConfigurations: []tournament.MatchConfiguration{cfg}}}}},
			}}}}
	for i := 1; i <= 4; i++ {
		tour.Courts = append(tour.Courts, tournament.Court{ID: fmt.Sprintf("tio:table%d", i), Number: i, Name: fmt.Sprintf("Table %d", i)})
	}
	if err := store.LoadDemo(ctx, &tournament.Demo{Organizers: []tournament.Organizer{org}, Tournaments: []tournament.DemoTournament{{Tournament: tour, Entries: entries}}}); err != nil {
		t.Fatal(err)
	}
	snap, err := store.Snapshot(ctx, tour.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) { return s.Start(cachetest.Now) }); err != nil {
		t.Fatal(err)
	}
	token, _, err := store.CreateToken(ctx, org.ID, "Referee")
	if err != nil {
		t.Fatal(err)
	}
	h := routes(t, store)
	do := func(method, path, body string, into any) {
		t.Helper()
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s %s: %d %s", method, path, rec.Code, rec.Body)
		}
		if into != nil {
			if err := json.Unmarshal(rec.Body.Bytes(), into); err != nil {
				t.Fatalf("%s %s: %v", method, path, err)
			}
		}
	}
	base := "/v1/public/tournaments/" + tour.ID
	rng := rand.New(rand.NewPCG(21, 22))
	played := 0
	for {
		var courts []wire.Court
		do(http.MethodGet, base+"/courts?includeMatchDetails=true", "", &courts)
		on := map[string]string{}
		var busy []wire.Court
		for _, c := range courts {
			if c.CurrentMatch == nil {
				continue
			}
			busy = append(busy, c)
			for _, e := range c.CurrentMatch.Entries {
				if other, ok := on[e.ID]; ok {
					t.Fatalf("%s is on %s and %s at once", e.Name, other, c.Name)
				}
				on[e.ID] = c.Name
			}
		}
		if len(busy) == 0 {
			break
		}
		c := busy[rng.IntN(len(busy))]
		score := [2]int{7, rng.IntN(7)}
		if rng.IntN(2) == 1 {
			score = [2]int{score[1], 7}
		}
		do(http.MethodPut, base+"/matches/"+c.CurrentMatchID+"/result", fmt.Sprintf(`{"result": [[[%d, %d]]]}`, score[0], score[1]), nil)
		played++
	}
	var got struct {
		State tournament.State `json:"state"`
	}
	do(http.MethodGet, base, "", &got)
	if got.State != tournament.StateFinished {
		t.Fatalf("after %d results the tournament is %s", played, got.State)
	}
	// 5 Swiss rounds of 12 matches, then a double elimination of 8: 14 or 15 matches.
	if played != 60+14 && played != 60+15 {
		t.Errorf("%d results played the event", played)
	}
	var swiss, tree []tournament.Standing
	do(http.MethodGet, base+"/groups/tio:swissgroup/standings", "", &swiss)
	do(http.MethodGet, base+"/groups/tio:kogroup/standings", "", &tree)
	won, lost := 0, 0
	for _, row := range swiss {
		if row.Matches != 5 {
			t.Errorf("%s played %d Swiss matches", row.Entry.Name, row.Matches)
		}
		won += row.MatchesWon
		lost += row.MatchesLost
	}
	if won != lost || won != 60 {
		t.Errorf("the Swiss table has %d wins and %d losses for 60 matches", won, lost)
	}
	if len(tree) != 8 || tree[0].Rank != 1 || !tree[0].FinalResult {
		t.Fatalf("the tree's table: %+v", tree)
	}
	top := map[string]bool{}
	for _, row := range swiss[:8] {
		top[row.Entry.ID] = true
	}
	for _, row := range tree {
		if !top[row.Entry.ID] {
			t.Errorf("%s is in the tree but not in the Swiss top 8", row.Entry.Name)
		}
	}
	t.Logf("champion %s after %d results", tree[0].Entry.Name, played)
}
