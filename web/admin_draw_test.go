package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"courtside/tournament"
)

// poolsIntoDirectorsDraw is a running pétanque day of Boule Lyonnaise: two
// pools of four, the first two of each into a knock-out that the director
// draws; the pools are played.
func (f *fixture) poolsIntoDirectorsDraw(t *testing.T) *tournament.Snapshot {
	t.Helper()
	ctx := context.Background()
	raw := `{"organizer": "boule-lyonnaise", "name": "Samedi au boulodrome", "startTime": "2026-11-28T09:00:00.000Z", "courts": 4, "autoCall": true, "public": true,
	 "disciplines": [{"name": "Doublettes", "shortName": "DB", "entryType": "team_name",
	  "entries": ["Les Pointeurs", "Carreau Club", "Boule d'Or", "Les Tireurs", "La Mène", "Cochonnet 69", "Les Plombeurs", "Tête à Tête"],
	  "stages": [
	   {"name": "Poules", "mode": "round_robin", "groups": 2, "matchConfiguration": {"numPoints": 13, "numSets": 1}},
	   {"name": "Tableau final", "mode": "elimination", "qualifyPerGroup": 2, "draw": "director", "matchConfiguration": {"numPoints": 13, "numSets": 1}}]}]}`
	setup, err := tournament.ParseSetup([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	snap, err := f.store.CreateTournament(ctx, f.org("boule-lyonnaise"), setup)
	if err != nil {
		t.Fatal(err)
	}
	id := snap.Tournament.ID
	write := func(compute func(*tournament.Snapshot) (*tournament.Change, error)) {
		t.Helper()
		s, err := f.store.Snapshot(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := f.store.Write(ctx, s, compute); err != nil {
			t.Fatal(err)
		}
	}
	write(func(s *tournament.Snapshot) (*tournament.Change, error) { return s.Start(time.Now()) })
	for i := 0; ; i++ {
		s, _ := f.store.Snapshot(ctx, id)
		if s.Tournament.Disciplines[0].Stages[0].State == tournament.PhaseFinished {
			return s
		}
		var running *tournament.Match
		for _, m := range s.Matches {
			if m.State == tournament.MatchRunning {
				running = m
				break
			}
		}
		if running == nil || i > 50 {
			t.Fatal("the pools stalled")
		}
		write(func(s *tournament.Snapshot) (*tournament.Change, error) {
			return s.SetResult(running.ID, tournament.Encounters{{{13, i % 12}}}, true, time.Now(), "test")
		})
	}
}

// TestDirectorDrawsTheKnockOut: the console says the draw waits; the draw's
// page shows its first round with where each entry comes from; a swap
// changes it, a swap of an entry with itself is refused with what to do, and
// publishing lays the tree out as shown.
func TestDirectorDrawsTheKnockOut(t *testing.T) {
	f := newFixture(t)
	snap := f.poolsIntoDirectorsDraw(t)
	id := snap.Tournament.ID
	ko := snap.Tournament.Disciplines[0].Stages[1]
	o, _ := f.signIn(f.bouleToken)

	console := o.doc(o.do(http.MethodGet, "/admin/t/"+id, nil))
	href := console.Find(`[data-testid="draw-link"]`).AttrOr("href", "")
	if href != "/admin/t/"+id+"/draw/"+ko.ID {
		t.Fatalf("the console links the draw as %q", href)
	}
	rec := o.do(http.MethodGet, href, nil)
	doc := o.doc(rec)
	if rec.Code != 200 || doc.Find(`[data-testid="draw-match"]`).Length() != 2 {
		t.Fatalf("draw page: %d, %d matches", rec.Code, doc.Find(`[data-testid="draw-match"]`).Length())
	}
	if from := doc.Find(`[data-testid="draw-entry"]`).First().Text(); !strings.Contains(from, "Group A, place 1") {
		t.Errorf("the first entry of the draw reads %q, without where it comes from", from)
	}
	if doc.Find(`[data-testid="draw-warning"]`).Length() != 0 {
		t.Error("the draw the engine made warns of pool-mates")
	}
	var order []string
	for i := range doc.Find(`[data-testid="draw-entry"]`).Nodes {
		order = append(order, doc.Find(`[data-testid="draw-entry"]`).Eq(i).AttrOr("data-entry", ""))
	}
	rec = o.do(http.MethodPost, href+"/swap", url.Values{"a": {order[0]}, "b": {order[0]}})
	if msg := o.doc(rec).Find(`[data-testid="draw-error"]`).Text(); rec.Code != http.StatusConflict || !strings.Contains(msg, "two different entries") {
		t.Errorf("a swap with itself: %d %q", rec.Code, msg)
	}
	// The second match's second goes to the first winner: pool-mates meet, and the page warns.
	rec = o.do(http.MethodPost, href+"/swap", url.Values{"a": {order[1]}, "b": {order[3]}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("swap: %d %s", rec.Code, rec.Body)
	}
	doc = o.doc(o.do(http.MethodGet, rec.Header().Get("Location"), nil))
	if got := doc.Find(`[data-testid="draw-entry"]`).Eq(1).AttrOr("data-entry", ""); got != order[3] {
		t.Fatalf("after the swap the second place holds %s, want %s", got, order[3])
	}
	if doc.Find(`[data-testid="draw-warning"]`).Length() != 1 {
		t.Error("a draw with pool-mates in the first round does not warn")
	}
	rec = o.do(http.MethodPost, href+"/publish", url.Values{})
	if rec.Code != http.StatusSeeOther || !strings.HasSuffix(rec.Header().Get("Location"), "?done=drawn") {
		t.Fatalf("publish: %d %s", rec.Code, rec.Header().Get("Location"))
	}
	after, _ := f.store.Snapshot(context.Background(), id)
	tree := after.Tournament.Disciplines[0].Stages[1].Groups[0]
	for _, m := range after.Matches {
		if m.GroupID == tree.ID && m.RoundID == tree.Rounds[0].ID && m.Seq == 0 {
			if m.Entries[0].ID != order[0] || m.Entries[1].ID != order[3] {
				t.Errorf("the first match is %s v %s, the director published %s v %s", m.Entries[0].ID, m.Entries[1].ID, order[0], order[3])
			}
		}
	}
	if o.do(http.MethodGet, href, nil).Code != http.StatusNotFound {
		t.Error("the published draw is still offered for drawing")
	}
}

// TestSetupFormAsksWhoDraws: a later stage of the setup form has "the
// director publishes the draw"; ticked, the stage waits for the director,
// and the form shows it ticked again.
func TestSetupFormAsksWhoDraws(t *testing.T) {
	f := newFixture(t)
	o, _ := f.signIn(f.token)
	form := twoDisciplines()
	form.Set("d1.stages", "2")
	for k, v := range map[string]string{"d1.s0.groups": "2", "d1.s1.name": "Finals", "d1.s1.mode": "elimination", "d1.s1.qualify": "2",
		"d1.s1.numPoints": "5", "d1.s1.numSets": "1", "d1.s1.directorDraws": "on"} {
		form.Set(k, v)
	}
	rec := o.do(http.MethodPost, "/admin/new", form)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("save: %d %s", rec.Code, o.doc(rec).Find(`[role="alert"]`).Text())
	}
	edit := strings.TrimSuffix(rec.Header().Get("Location"), "?done=created")
	id := strings.TrimSuffix(strings.TrimPrefix(edit, "/admin/t/"), "/setup")
	snap, err := f.store.Snapshot(context.Background(), id)
	if err != nil {
		t.Fatalf("%s: %v", rec.Header().Get("Location"), err)
	}
	if by := snap.Tournament.Disciplines[1].Stages[1].DrawBy; by != tournament.DrawByDirector {
		t.Errorf("the finals are drawn by %q", by)
	}
	doc := o.doc(o.do(http.MethodGet, "/admin/t/"+id+"/setup", nil))
	if doc.Find(`input[name="d1.s1.directorDraws"][checked]`).Length() != 1 {
		t.Error("the setup form does not show the director's draw ticked")
	}
}
