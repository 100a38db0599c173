package tournament

import (
	"strings"
	"testing"
)

// TestCourtsDuringTheDay: a court added takes a match at once; a renamed
// court keeps its id; a closed court lets its match finish and takes no
// new one, nor can one be called to it; opened again, it takes one.
func TestCourtsDuringTheDay(t *testing.T) {
	s := newTournament(10, 2, EntrySingle, stageSpec{mode: RoundRobin})
	s.Tournament.AutoCall = true
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	running := func() int { return len(s.MatchesWhere(func(m *Match) bool { return m.State == MatchRunning })) }
	if running() != 2 {
		t.Fatalf("%d running on 2 courts", running())
	}
	c, err = s.AddCourt("Terrain 3", at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	if len(s.Tournament.Courts) != 3 || running() != 3 {
		t.Fatalf("%d courts, %d running", len(s.Tournament.Courts), running())
	}
	added := s.Tournament.Courts[2]
	if _, err := s.AddCourt(" terrain 3 ", at); err == nil || !strings.Contains(err.Error(), "already") {
		t.Errorf("a second court of the same name: %v", err)
	}
	c, err = s.RenameCourt(added.ID, "Terrain d'honneur", at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	if ct, _ := s.Court(added.ID); ct.Name != "Terrain d'honneur" {
		t.Errorf("renamed: %q", ct.Name)
	}
	c, err = s.CloseCourt(added.ID, true, at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	on := s.CourtMatch(added.ID)
	if on == nil {
		t.Fatal("closing took the match off the court")
	}
	c, err = s.SetResult(on.ID, Encounters{{{7, 2}}}, true, at, "test")
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	if s.CourtMatch(added.ID) != nil {
		t.Error("a closed court took a new match")
	}
	open := s.MatchesWhere(func(m *Match) bool { return m.State == MatchOpen })
	if _, err := s.CallMatch(open[0].ID, []string{added.ID}, at); err == nil || !strings.Contains(err.Error(), "closed") {
		t.Errorf("calling to a closed court: %v", err)
	}
	c, err = s.CloseCourt(added.ID, false, at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	if s.CourtMatch(added.ID) == nil {
		t.Error("a court opened again takes no match")
	}
}
