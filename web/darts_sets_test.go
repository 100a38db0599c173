package web

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"courtside/tournament"
)

// TestDartsInSetsCallsItsSetsSets: a darts match played in sets of legs
// ("First to 3 sets of 3 legs") is told in sets, its points legs: the
// match page says "Sets won" and "Legs in this set", the court board's
// tile "Sets won", the table counts sets and legs won and lost (never its
// sets as legs, nor its legs as goals), in English, German and French. A match in legs keeps its "Legs
// won" (TestEachSportInItsOwnWords).
func TestDartsInSetsCallsItsSetsSets(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	raw := `{"organizer": "bullseye-bristol", "name": "Sets Night", "startTime": "2026-11-28T19:00:00.000Z", "courts": 2, "public": true,
	 "disciplines": [{"name": "Singles", "shortName": "S", "entryType": "single",
	  "entries": ["Ann", "Bob", "Cat", "Dan"],
	  "stages": [{"name": "League", "mode": "round_robin", "format": "darts-sets-3"}]}]}`
	setup, err := tournament.ParseSetup([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	org := f.org("bullseye-bristol")
	if ps := setup.ForSport(org.Sport); len(ps) > 0 {
		t.Fatal(ps)
	}
	snap, err := f.store.CreateTournament(ctx, org, setup)
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
	snap, _ = f.store.Snapshot(ctx, id)
	var played, live *tournament.Match
	for _, m := range snap.Matches {
		switch {
		case m.State != tournament.MatchOpen:
		case played == nil:
			played = m
		case live == nil && !m.Involves(played.Entries[0].ID) && !m.Involves(played.Entries[1].ID):
			live = m
		}
	}
	if played == nil || live == nil {
		t.Fatal("no two open matches of other players")
	}
	courts := snap.Tournament.Courts
	write(func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.CallMatch(played.ID, []string{courts[0].ID}, time.Now())
	})
	// 3:1 in sets, each set's legs: 3:1 1:3 3:2 3:0.
	write(func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.SetResult(played.ID, tournament.Encounters{{{3, 1}, {1, 3}, {3, 2}, {3, 0}}}, true, time.Now(), "test")
	})
	write(func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.CallMatch(live.ID, []string{courts[1].ID}, time.Now())
	})
	// A set won each, the third at 2:1 in legs.
	write(func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.SetResult(live.ID, tournament.Encounters{{{3, 0}, {2, 3}, {2, 1}}}, false, time.Now(), "test")
	})
	snap, _ = f.store.Snapshot(ctx, id)
	group := snap.Tournament.Disciplines[0].Stages[0].Groups[0]
	cases := []struct {
		lang                                       string
		setsWon, legsInSet, sets, legs, goals, bad string
	}{
		{"en", "Sets won", "Legs in this set", "Sets", "Legs", "Goals", "Legs won"},
		{"de", "Gewonnene Sätze", "Legs in diesem Satz", "Sätze", "Legs", "Tore", "Gewonnene Legs"},
		{"fr", "Sets gagnés", "Legs dans ce set", "Sets", "Legs", "Buts", "Legs gagnés"},
	}
	for _, c := range cases {
		_, doc := f.page("/t/"+id+"/matches/"+played.ID, "Cookie", "lang="+c.lang)
		if unit := doc.Find(`[data-testid="score-unit"]`).Text(); unit != c.setsWon {
			t.Errorf("%s: the played match's score reads %q, want %q", c.lang, unit, c.setsWon)
		}
		if body := doc.Find("main").Text(); strings.Contains(body, c.bad) {
			t.Errorf("%s: the match page calls its sets legs (%q)", c.lang, c.bad)
		}
		_, doc = f.page("/t/"+id+"/matches/"+live.ID, "Cookie", "lang="+c.lang)
		if score := doc.Find(`[data-testid="score"]`).Text(); !strings.Contains(score, c.legsInSet) || !strings.Contains(score, "2 : 1") {
			t.Errorf("%s: the live match's score reads %q, want %q and 2 : 1", c.lang, strings.Join(strings.Fields(score), " "), c.legsInSet)
		}
		_, doc = f.page("/t/"+id+"/courts", "Cookie", "lang="+c.lang)
		if won, _ := doc.Find(`[data-testid="court-sets-won"]`).First().Attr("title"); won != c.setsWon {
			t.Errorf("%s: the court board's tile reads %q, want %q", c.lang, won, c.setsWon)
		}
		_, doc = f.page("/t/"+id+"/groups/"+group.ID, "Cookie", "lang="+c.lang)
		labels := map[string]bool{}
		doc.Find(`[data-testid="standings"] thead abbr`).Each(func(_ int, s *goquery.Selection) { labels[s.Text()] = true })
		if !labels[c.sets] || !labels[c.legs] || labels[c.goals] {
			t.Errorf("%s: the table's columns %v, want %q and %q (the sets and legs won and lost), not %q", c.lang, labels, c.sets, c.legs, c.goals)
		}
	}
}
