package web

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"courtside/handlers"
	"courtside/tournament"
)

// TestTVBeforeTheStart: before the first match a TV says when play starts
// and, with a check-in, how many are here and who is missing.
func TestTVBeforeTheStart(t *testing.T) {
	f := newFixture(t)
	owls := f.tournament("Night Owls Open")
	rec, doc := f.page("/t/" + owls.Tournament.ID + "/tv")
	if rec.Code != 200 {
		t.Fatalf("status %d", rec.Code)
	}
	if doc.Find(`[data-testid="start-time"] time`).Length() != 1 {
		t.Error("no start time on the TV before the start")
	}
	tally := strings.Join(strings.Fields(doc.Find(`[data-testid="check-in"]`).Text()), " ")
	if !strings.Contains(tally, "5 of 8 here") || !strings.Contains(tally, "Missing:") {
		t.Errorf("check-in tally %q, want 5 of 8 here and who is missing", tally)
	}
	d := owls.Tournament.Disciplines[0]
	for _, id := range d.EntryIDs[5:] {
		if name := entryName(owls, id); !strings.Contains(tally, name) {
			t.Errorf("%s has not checked in, but the TV does not name them: %q", name, tally)
		}
	}
	if doc.Find(`[data-testid="court"]`).Length() != 0 {
		t.Error("the TV shows court tiles before the start")
	}
	_, de := f.page("/t/"+owls.Tournament.ID+"/tv", "Cookie", "lang=de")
	if got := de.Find(`[data-testid="check-in"]`).Text(); !strings.Contains(got, "5 von 8 da") {
		t.Errorf("German tally %q", got)
	}
}

func entryName(dt tournament.DemoTournament, id string) string {
	for _, e := range dt.Entries {
		if e.ID == id {
			return e.Name
		}
	}
	return id
}

// TestTVTiles: a TV gives free courts one line, asks the players of a match
// called without a score yet to its court after a few minutes, and gives
// the court its address features more room.
func TestTVTiles(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	_, doc := f.page("/t/" + hamburg.Tournament.ID + "/tv?featured=4")
	busy := map[string]*tournament.Match{}
	for _, m := range hamburg.Matches {
		if m.State == tournament.MatchRunning {
			for _, c := range m.CourtIDs {
				busy[c] = m
			}
		}
	}
	tiles := doc.Find(`#board [data-testid="court"]`)
	if tiles.Length() != len(busy) {
		t.Errorf("%d tiles, want one for each of the %d busy courts", tiles.Length(), len(busy))
	}
	free := doc.Find(`[data-testid="free-courts"]`).Text()
	for _, c := range hamburg.Tournament.Courts {
		if busy[c.ID] == nil && !strings.Contains(free, c.Name) {
			t.Errorf("%s is free but not on the free line %q", c.Name, free)
		}
	}
	if got := doc.Find(`[data-court="4"][data-featured]`).Length(); got != 1 {
		t.Errorf("court 4 featured %d times", got)
	}
	reminded := 0
	for _, c := range hamburg.Tournament.Courts {
		m := busy[c.ID]
		if m == nil {
			continue
		}
		tile := doc.Find(`[data-court="` + itoa(c.Number) + `"]`)
		at, ok := tile.Find(`[data-remind-at]`).Attr("data-remind-at")
		if m.HasResult() {
			if ok {
				t.Errorf("%s has a score, and yet asks its players over", c.Name)
			}
			continue
		}
		reminded++
		if want := m.StartTime.Add(handlers.CallReminderAfter).UTC().Format(time.RFC3339); at != want {
			t.Errorf("%s: reminds at %q, want %q", c.Name, at, want)
		}
		if text := tile.Find(`[data-testid="court-remind"]`).Text(); text != "Please come to "+c.Name {
			t.Errorf("%s: reminder %q", c.Name, text)
		}
	}
	if reminded == 0 {
		t.Error("no called match without a score on the demo's TV")
	}
	if rec, _ := f.page("/t/" + hamburg.Tournament.ID + "/tv?featured=99"); rec.Code != 400 {
		t.Errorf("featured=99: status %d, want 400", rec.Code)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
