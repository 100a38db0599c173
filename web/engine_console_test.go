package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"courtside/tournament"
)

// busyMatch finds an open match of an entry playing elsewhere, and a free court.
func (f *fixture) busyMatch(t *testing.T, tournamentID string) (matchID, freeCourt string) {
	t.Helper()
	snap, err := f.store.Snapshot(context.Background(), tournamentID)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range snap.Matches {
		if snap.Busy(m) && m.State == tournament.MatchOpen && m.Entries[0] != nil && m.Entries[1] != nil {
			matchID = m.ID
			break
		}
	}
	for _, c := range snap.Tournament.Courts {
		if snap.CourtMatch(c.ID) == nil {
			freeCourt = c.ID
			break
		}
	}
	if matchID == "" || freeCourt == "" {
		t.Fatal("no open match of a playing team, or no free court")
	}
	return matchID, freeCourt
}

// TestConsoleRefusesABusyEntry: the console does not call a match whose
// team is playing on another court, and says where it plays.
func TestConsoleRefusesABusyEntry(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	matchID, free := f.busyMatch(t, hamburg.Tournament.ID)
	o, _ := f.signIn(f.token)
	rec := o.do(http.MethodPost, "/admin/t/"+hamburg.Tournament.ID+"/matches/"+matchID+"/call", url.Values{"court": {free}}, "HX-Request", "true", "HX-Target", "live")
	msg := o.doc(rec).Find(`[data-testid="console-error"]`).Text()
	if rec.Code != http.StatusConflict || !strings.Contains(msg, "is playing on Table") {
		t.Fatalf("calling a busy team: %d %q", rec.Code, msg)
	}
	snap, _ := f.store.Snapshot(context.Background(), hamburg.Tournament.ID)
	if m, _ := snap.Match(matchID); m.State != "open" {
		t.Errorf("the refused call left the match %s", m.State)
	}
}
