package tournament

import "testing"

// TestALunchBreak: with calling paused, a court that comes free takes no
// new match; resuming calls it at once.
func TestALunchBreak(t *testing.T) {
	s := newTournament(8, 2, EntrySingle, stageSpec{mode: RoundRobin})
	s.Tournament.AutoCall = true
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	c, err = s.PauseCalling(true, at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	running := s.MatchesWhere(func(m *Match) bool { return m.State == MatchRunning })
	if len(running) != 2 {
		t.Fatalf("%d matches on 2 courts", len(running))
	}
	c, err = s.SetResult(running[0].ID, Encounters{{{7, 3}}}, true, at, "test")
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	if n := len(s.MatchesWhere(func(m *Match) bool { return m.State == MatchRunning })); n != 1 {
		t.Fatalf("during the break a free court took a match: %d running", n)
	}
	if _, err := s.PauseCalling(true, at); err == nil {
		t.Error("pausing twice is not refused")
	}
	c, err = s.PauseCalling(false, at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	if n := len(s.MatchesWhere(func(m *Match) bool { return m.State == MatchRunning })); n != 2 {
		t.Fatalf("after the break %d running, want 2", n)
	}
}
