package wire

import (
	"encoding/json"
	"testing"
	"time"

	"courtside/tournament"
)

// TestShapesKeepTheSpecsPresenceRules checks what a match leaves out in each
// form, and that an unknown side stays null.
func TestShapesKeepTheSpecsPresenceRules(t *testing.T) {
	d := tournament.NewDemo(7, time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC))
	var snap *tournament.Snapshot
	var m *tournament.Match
	for _, dt := range d.Tournaments {
		es := map[string]*tournament.Entry{}
		for _, e := range dt.Entries {
			es[e.ID] = e
		}
		s := tournament.NewSnapshot(1, dt.Tournament, d.Organizers[0], dt.Matches, es)
		for _, x := range dt.Matches {
			if x.State == tournament.MatchPlayed && x.Entries[0] != nil {
				snap, m = s, x
				break
			}
		}
		if m != nil {
			break
		}
	}
	if m == nil {
		t.Fatal("the demo has no played match")
	}
	shape := func(form MatchForm) map[string]any {
		raw, err := json.Marshal(MatchOf(snap, m, form))
		if err != nil {
			t.Fatal(err)
		}
		var out map[string]any
		if err := json.Unmarshal(raw, &out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	for _, c := range []struct {
		form        MatchForm
		has, hasNot []string
	}{
		{FormFull, []string{"displayScore", "isLiveResult", "endTime", "disciplineId", "roundId", "groupId", "courtIds"}, []string{"disciplineIds", "stageId"}},
		{FormEntry, []string{"disciplineIds", "stageId"}, []string{"disciplineId"}},
		{FormCourt, []string{"id", "entries", "state", "encounters"}, []string{"courtIds", "disciplineName", "displayScore", "endTime"}},
		{FormCourtList, []string{"courtIds", "disciplineName", "groupName", "roundName"}, []string{"displayScore", "isLiveResult", "roundId"}},
	} {
		got := shape(c.form)
		for _, k := range c.has {
			if _, ok := got[k]; !ok {
				t.Errorf("form %d: no %s in %v", c.form, k, got)
			}
		}
		for _, k := range c.hasNot {
			if _, ok := got[k]; ok {
				t.Errorf("form %d: %s should be left out: %v", c.form, k, got)
			}
		}
	}
	if e := EntryOf(nil); e != nil {
		t.Errorf("an unknown side is %+v, want nil (null)", e)
	}
}
