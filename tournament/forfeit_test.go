package tournament

import "testing"

// TestForfeitKinds: a walkover before the match is a walkover, during it a
// retirement, after a withdrawal a withdrawal; a corrected result is one
// played out.
func TestForfeitKinds(t *testing.T) {
	s := newTournament(4, 1, EntrySingle, stageSpec{mode: RoundRobin})
	s.Tournament.AutoCall = false
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	open := s.MatchesWhere(func(m *Match) bool { return m.State == MatchOpen })
	c, err = s.Walkover(open[0].ID, 0, at, "desk")
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	if m, _ := s.Match(open[0].ID); m.Forfeit != ForfeitWalkover {
		t.Errorf("a walkover before play: %q", m.Forfeit)
	}
	c, _ = s.CallMatch(open[1].ID, []string{"c1"}, at)
	s = applyAll(s, c)
	c, err = s.Walkover(open[1].ID, 1, at, "desk")
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	if m, _ := s.Match(open[1].ID); m.Forfeit != ForfeitRetirement {
		t.Errorf("a walkover during play: %q", m.Forfeit)
	}
	c, err = s.CorrectResult(open[1].ID, Encounters{{{7, 5}}}, at, "desk")
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	if m, _ := s.Match(open[1].ID); m.Forfeit != "" {
		t.Errorf("a corrected result is still a forfeit: %q", m.Forfeit)
	}
	rest := s.MatchesWhere(func(m *Match) bool { return m.State == MatchOpen })
	gone := rest[0].Entries[0].ID
	c, err = s.Withdraw("d", gone, at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	for _, m := range s.Matches {
		if m.Involves(gone) && m.State == MatchPlayed && m.ID != open[0].ID && m.ID != open[1].ID && m.Forfeit != ForfeitWithdrawal {
			t.Errorf("a match lost by withdrawal reads %q", m.Forfeit)
		}
	}
}
