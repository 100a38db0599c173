package tournament

import (
	"slices"
	"testing"
)

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

// TestWithdrawalWhereTeamsAreDrawn: in monster_dyp and whist a player who
// withdraws before anyone of the round has scored is left out of the round,
// drawn again, its called matches taken back; once the round is under way,
// the player's match is void. Either way, no partner loses and no opponent
// wins a match that was never played.
func TestWithdrawalWhereTeamsAreDrawn(t *testing.T) {
	for _, mode := range []Mode{MonsterDYP, Whist} {
		t.Run(string(mode), func(t *testing.T) {
			start := func() *Snapshot {
				s := newTournament(8, 2, EntryMonsterDYP, stageSpec{mode: mode, rounds: 3})
				c, err := s.Start(at)
				if err != nil {
					t.Fatal(err)
				}
				return applyAll(s, c)
			}
			noneLost := func(s *Snapshot, gone string) {
				t.Helper()
				g := &s.Tournament.Disciplines[0].Stages[0].Groups[0]
				for _, row := range Standings(g, s.Matches, s.Entries) {
					if row.Entry.ID != gone && (row.MatchesLost > 0 || row.MatchesWon > 0) {
						t.Errorf("%s has %d won, %d lost after a withdrawal, with no result entered", row.Entry.Name, row.MatchesWon, row.MatchesLost)
					}
				}
				for _, m := range s.Matches {
					if m.Forfeit != "" {
						t.Errorf("%s ended as a %s", m.ID, m.Forfeit)
					}
				}
			}

			// Before any score: the round is drawn again without the player.
			s := start()
			old := slices.Clone(s.Matches)
			gone := old[0].Entries[0].Entries[0].ID
			c, err := s.Withdraw("d", gone, at)
			if err != nil {
				t.Fatal(err)
			}
			s = applyAll(s, c)
			for _, m := range old {
				if _, ok := s.Match(m.ID); ok {
					t.Errorf("%s of the old round 1 is still there", m.ID)
				}
			}
			if g := s.Tournament.Disciplines[0].Stages[0].Groups[0]; len(g.Rounds) != 1 {
				t.Fatalf("%d rounds after the withdrawal", len(g.Rounds))
			}
			if n := len(s.Matches); n != 1 {
				t.Errorf("7 players play %d matches in round 1, want 1", n)
			}
			for _, m := range s.Matches {
				if m.Involves(gone) {
					t.Errorf("the withdrawn player plays in %s", m.ID)
				}
				if m.State != MatchRunning {
					t.Errorf("the new round's %s is %s, not called", m.ID, m.State)
				}
			}
			noneLost(s, gone)
			checkCourts(t, s)

			// Under way: the player's match is void, the other one plays on.
			s = start()
			scored, other := s.Matches[0], s.Matches[1]
			c, err = s.SetResult(scored.ID, Encounters{{{2, 1}}}, false, at, "desk")
			if err != nil {
				t.Fatal(err)
			}
			s = applyAll(s, c)
			gone = other.Entries[1].Entries[1].ID
			c, err = s.Withdraw("d", gone, at)
			if err != nil {
				t.Fatal(err)
			}
			s = applyAll(s, c)
			if m, _ := s.Match(other.ID); m.State != MatchSkipped || len(m.CourtIDs) != 0 {
				t.Errorf("the withdrawn player's match is %s on %v, not void", m.State, m.CourtIDs)
			}
			if m, _ := s.Match(scored.ID); m.State != MatchRunning || !m.HasResult() {
				t.Errorf("the match under way is %s", m.State)
			}
			noneLost(s, gone)
		})
	}
}
