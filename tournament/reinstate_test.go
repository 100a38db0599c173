package tournament

import (
	"slices"
	"strings"
	"testing"
)

// started is a started tournament of one discipline, automatic calling off.
func started(t *testing.T, n int, spec stageSpec) *Snapshot {
	t.Helper()
	s := newTournament(n, 2, EntrySingle, spec)
	s.Tournament.AutoCall = false
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	return applyAll(s, c)
}

// change applies what compute answers, failing the test on a refusal.
func change(t *testing.T, s *Snapshot, compute func(*Snapshot) (*Change, error)) *Snapshot {
	t.Helper()
	c, err := compute(s)
	if err != nil {
		t.Fatal(err)
	}
	return applyAll(s, c)
}

func withdraw(id string) func(*Snapshot) (*Change, error) {
	return func(s *Snapshot) (*Change, error) { return s.Withdraw("d", id, at) }
}

func reinstate(id string) func(*Snapshot) (*Change, error) {
	return func(s *Snapshot) (*Change, error) { return s.Reinstate("d", id, at) }
}

// forfeits counts the matches of id that ended as a withdrawal.
func forfeits(s *Snapshot, id string) int {
	n := 0
	for _, m := range s.Matches {
		if m.Involves(id) && m.Forfeit == ForfeitWithdrawal {
			n++
		}
	}
	return n
}

// TestReinstateARoundRobinWithdrawal: the walkovers a withdrawal gave are
// open matches again, the match played before it stays played, and the
// entry has lost nothing; reinstating twice is refused.
func TestReinstateARoundRobinWithdrawal(t *testing.T) {
	s := started(t, 5, stageSpec{mode: RoundRobin})
	var first *Match
	for _, m := range Queue(s.Matches) {
		if m.Involves("p002") {
			first = m
			break
		}
	}
	s = play(t, s, first, 0)
	s = change(t, s, withdraw("p002"))
	if n := forfeits(s, "p002"); n != 3 {
		t.Fatalf("%d walkovers after the withdrawal, want the 3 matches left", n)
	}
	s = change(t, s, reinstate("p002"))
	if slices.Contains(s.Tournament.Disciplines[0].Withdrawn, "p002") || forfeits(s, "p002") != 0 {
		t.Fatalf("after reinstating: withdrawn %v, %d walkovers", s.Tournament.Disciplines[0].Withdrawn, forfeits(s, "p002"))
	}
	open, played := 0, 0
	for _, m := range s.Matches {
		if !m.Involves("p002") {
			continue
		}
		switch {
		case m.State == MatchOpen && m.Encounters == nil && m.EndTime.IsZero():
			open++
		case m.ID == first.ID && m.State == MatchPlayed:
			played++
		default:
			t.Errorf("%s is %s with %v", m.ID, m.State, m.Encounters)
		}
	}
	if open != 3 || played != 1 {
		t.Errorf("%d open and %d played, want 3 and 1", open, played)
	}
	g := &s.Tournament.Disciplines[0].Stages[0].Groups[0]
	for _, row := range Standings(g, s.Matches, s.Entries) {
		if row.Entry.ID == "p002" && (row.Matches != 1 || row.MatchesWon != 1) {
			t.Errorf("p002 stands at %d matches, %d won", row.Matches, row.MatchesWon)
		}
	}
	if _, err := s.Reinstate("d", "p002", at); err == nil {
		t.Error("an entry that has not withdrawn was reinstated")
	}
}

// TestReinstateInATree: the walkover's winner leaves the match it went on
// to, which waits for its opponent again; once that match has been played,
// the withdrawal can no longer be taken back, and the refusal names it.
func TestReinstateInATree(t *testing.T) {
	s := started(t, 8, stageSpec{mode: Elimination})
	var first *Match
	for _, m := range s.Matches {
		if m.Involves("p001") && m.WinnerTo != nil {
			first = m
		}
	}
	if first == nil {
		t.Fatal("p001 plays no first-round match")
	}
	s = change(t, s, withdraw("p001"))
	next, _ := s.Match(first.WinnerTo.MatchID)
	if next.Entries[first.WinnerTo.Side] == nil {
		t.Fatal("the walkover's winner did not go on")
	}
	s = change(t, s, reinstate("p001"))
	if m, _ := s.Match(first.ID); m.State != MatchOpen || m.Forfeit != "" {
		t.Errorf("the first-round match is %s (%s) after reinstating", m.State, m.Forfeit)
	}
	if x, _ := s.Match(next.ID); x.Entries[first.WinnerTo.Side] != nil {
		t.Errorf("%s still waits in the next match", x.Entries[first.WinnerTo.Side].Name)
	}

	// Withdrawn again, and the next match played: too late.
	s = change(t, s, withdraw("p001"))
	for _, m := range s.Matches {
		if m.State == MatchOpen && m.WinnerTo != nil && m.WinnerTo.MatchID == next.ID {
			s = play(t, s, m, 0)
		}
	}
	x, _ := s.Match(next.ID)
	s = play(t, s, x, 0)
	_, err := s.Reinstate("d", "p001", at)
	if err == nil || !strings.Contains(err.Error(), "can no longer be taken back") {
		t.Errorf("reinstating after the next match: %v", err)
	}
}

// TestReinstateInASwiss: a round drawn without the entry is drawn again
// while none of it has begun; once a match of it has a score, the
// withdrawal stays.
func TestReinstateInASwiss(t *testing.T) {
	start := func() (*Snapshot, *Match) {
		s := started(t, 6, stageSpec{mode: Swiss, rounds: 3})
		s = change(t, s, withdraw("p002"))
		var gone *Match
		for _, m := range s.Matches {
			if m.Involves("p002") {
				gone = m
			}
			if m.State == MatchOpen {
				s = play(t, s, m, 0)
			}
		}
		if g := s.Tournament.Disciplines[0].Stages[0].Groups[0]; len(g.Rounds) != 2 {
			t.Fatalf("%d rounds drawn", len(g.Rounds))
		}
		return s, gone
	}
	s, gone := start()
	s = change(t, s, reinstate("p002"))
	if g := s.Tournament.Disciplines[0].Stages[0].Groups[0]; len(g.Rounds) != 1 {
		t.Errorf("%d rounds after reinstating, want round 2 drawn again", len(g.Rounds))
	}
	if m, _ := s.Match(gone.ID); m.State != MatchOpen {
		t.Errorf("p002's round-1 match is %s", m.State)
	}

	s, _ = start()
	r2 := s.Tournament.Disciplines[0].Stages[0].Groups[0].Rounds[1].ID
	for _, m := range s.Matches {
		if m.RoundID == r2 {
			s = play(t, s, m, 1)
			break
		}
	}
	if _, err := s.Reinstate("d", "p002", at); err == nil || !strings.Contains(err.Error(), "can no longer be taken back") {
		t.Errorf("reinstating with round 2 begun: %v", err)
	}
}

// TestReinstateInADoubleElimination: the withdrawn entry leaves the losers'
// bracket it was walked into, and its opponent the match it went on to.
func TestReinstateInADoubleElimination(t *testing.T) {
	s := started(t, 8, stageSpec{mode: DoubleElimination})
	for _, m := range s.Matches {
		if m.State == MatchOpen && m.Entries[0] != nil && m.Entries[1] != nil && !m.Involves("p001") {
			s = play(t, s, m, 0)
		}
	}
	before := map[string]bool{}
	for _, m := range s.Matches {
		before[m.ID] = m.Involves("p001")
	}
	s = change(t, s, withdraw("p001"))
	if forfeits(s, "p001") < 2 {
		t.Fatalf("%d walkovers, want its first match and its losers' bracket match", forfeits(s, "p001"))
	}
	s = change(t, s, reinstate("p001"))
	for _, m := range s.Matches {
		if m.Involves("p001") != before[m.ID] {
			t.Errorf("%s (%s) holds p001: %v", m.ID, m.Bracket, m.Involves("p001"))
		}
		if m.Forfeit != "" || before[m.ID] && m.State != MatchOpen {
			t.Errorf("%s is %s (%s) after reinstating", m.ID, m.State, m.Forfeit)
		}
	}
}
