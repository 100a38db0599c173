package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestConsoleRefusesABusyEntry: the console does not call a match whose
// team is playing on another court, and says where it plays.
func TestConsoleRefusesABusyEntry(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	snap, err := f.store.Snapshot(context.Background(), hamburg.Tournament.ID)
	if err != nil {
		t.Fatal(err)
	}
	var matchID, free string
	for _, m := range snap.Matches {
		if snap.Busy(m) && m.State == "open" && m.Entries[0] != nil && m.Entries[1] != nil {
			matchID = m.ID
			break
		}
	}
	for _, c := range snap.Tournament.Courts {
		if snap.CourtMatch(c.ID) == nil {
			free = c.ID
			break
		}
	}
	if matchID == "" || free == "" {
		t.Fatal("no open match of a playing team, or no free court")
	}
	o, _ := f.signIn(f.token)
	rec := o.do(http.MethodPost, "/admin/t/"+hamburg.Tournament.ID+"/matches/"+matchID+"/call", url.Values{"court": {free}}, "HX-Request", "true", "HX-Target", "live")
	msg := o.doc(rec).Find(`[data-testid="console-error"]`).Text()
	if rec.Code != http.StatusConflict || !strings.Contains(msg, "is playing on Table") {
		t.Fatalf("calling a busy team: %d %q", rec.Code, msg)
	}
	snap, _ = f.store.Snapshot(context.Background(), hamburg.Tournament.ID)
	if m, _ := snap.Match(matchID); m.State != "open" {
		t.Errorf("the refused call left the match %s", m.State)
	}
}
