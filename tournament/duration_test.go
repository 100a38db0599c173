package tournament

import (
	"testing"
	"time"
)

// TestExpectedLengthIsSetThenLearned: before anything is played the
// director's 45 minutes count, not 15; once three matches have been played
// out their median counts; forfeits teach nothing.
func TestExpectedLengthIsSetThenLearned(t *testing.T) {
	s := newTournament(8, 4, EntrySingle, stageSpec{mode: RoundRobin})
	s.Tournament.AutoCall = true
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	if d := s.MatchDuration("d"); d != DefaultMatchDuration {
		t.Fatalf("before anything: %v", d)
	}
	c, err = s.SetExpectedMinutes("d", 45, at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	if d := s.MatchDuration("d"); d != 45*time.Minute {
		t.Fatalf("set to 45 minutes, expected %v", d)
	}
	if _, err := s.SetExpectedMinutes("d", 0, at); err == nil {
		t.Error("0 minutes accepted")
	}
	running := s.MatchesWhere(func(m *Match) bool { return m.State == MatchRunning })
	c, _ = s.Walkover(running[0].ID, 0, at.Add(5*time.Minute), "desk")
	s = applyAll(s, c)
	for i, m := range running[1:] {
		c, err := s.SetResult(m.ID, Encounters{{{7, 1}}}, true, at.Add(time.Duration(30+10*i)*time.Minute), "test")
		if err != nil {
			t.Fatal(err)
		}
		s = applyAll(s, c)
		if i < 2 && s.MatchDuration("d") != 45*time.Minute {
			t.Errorf("after %d played out: %v, want the 45 set", i+1, s.MatchDuration("d"))
		}
	}
	if d := s.MatchDuration("d"); d != 40*time.Minute {
		t.Errorf("after 30, 40 and 50 minutes (and a walkover): %v, want the median 40", d)
	}
}
