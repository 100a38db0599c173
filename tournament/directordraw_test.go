package tournament

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// playStage plays every match of the stage si with random results.
func playStage(t *testing.T, s *Snapshot, si int, seed uint64) *Snapshot {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	for s.Tournament.Disciplines[0].Stages[si].State != PhaseFinished {
		var m *Match
		for _, x := range s.Matches {
			if x.State == MatchRunning {
				m = x
				break
			}
		}
		if m == nil {
			t.Fatal("the stage stalled")
		}
		c, err := s.SetResult(m.ID, Encounters{{{rng.IntN(7), 7}}}, true, at, "test")
		if err != nil {
			t.Fatal(err)
		}
		s = applyAll(s, c)
	}
	return s
}

// TestTheDirectorDraws: with the knock-out drawn by the director, the pools
// finishing lay out no match: the draw waits, shown as its first round; a
// swap changes it, and publishing lays out the tree as it was shown.
func TestTheDirectorDraws(t *testing.T) {
	s := newTournament(16, 4, EntrySingle, stageSpec{mode: RoundRobin, groups: 4}, stageSpec{mode: Elimination, qualify: 8})
	s.Tournament.Disciplines[0].Stages[1].DrawBy = DrawByDirector
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	s = playStage(t, s, 0, 3)
	ko := &s.Tournament.Disciplines[0].Stages[1]
	for _, m := range s.Matches {
		if m.StageID == ko.ID && m.State != MatchIncomplete {
			t.Fatalf("the knock-out has a %s match before the director published its draw", m.State)
		}
	}
	if s.Tournament.State != StateRunning {
		t.Fatalf("the tournament is %s while its draw waits", s.Tournament.State)
	}
	ps := s.Proposals()
	if len(ps) != 1 || len(ps[0].Slots) != 8 || !ps[0].Apart || !ps[0].Halves {
		t.Fatalf("proposals: %+v", ps)
	}
	p := ps[0]
	if p.Slots[0].Place != 1 || p.Slots[0].Pool != "Group A" {
		t.Errorf("the first slot holds %+v, want the winner of Group A", p.Slots[0])
	}
	a, b := p.Slots[1].Entry.ID, p.Slots[2].Entry.ID
	c, err = s.SwapDraw(ko.ID, a, b, at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	p, _ = s.Proposal(ko.ID)
	if p.Slots[1].Entry.ID != b || p.Slots[2].Entry.ID != a {
		t.Fatalf("after the swap: %s, %s", p.Slots[1].Entry.ID, p.Slots[2].Entry.ID)
	}
	c, err = s.PublishDraw(ko.ID, at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	tree := &s.Tournament.Disciplines[0].Stages[1].Groups[0]
	for _, m := range s.Matches {
		if m.GroupID == tree.ID && m.RoundID == tree.Rounds[0].ID && m.Seq < 2 {
			want := [2]string{p.Slots[2*m.Seq].Entry.ID, p.Slots[2*m.Seq+1].Entry.ID}
			if got := [2]string{m.Entries[0].ID, m.Entries[1].ID}; got != want {
				t.Errorf("first-round match %d: %v, the director published %v", m.Seq+1, got, want)
			}
		}
	}
	if len(s.Proposals()) != 0 {
		t.Error("the draw still waits after it was published")
	}
	if _, err := s.SwapDraw(ko.ID, a, b, at); err == nil || !strings.Contains(err.Error(), "no draw waiting") {
		t.Errorf("a swap after publishing: %v", err)
	}
}

// TestACorrectionKeepsTheDirectorsSwaps: while the draw waits, a pool
// result corrected so that every qualifier keeps its group and place leaves
// the director's swap in the draw; one that changes them draws anew.
func TestACorrectionKeepsTheDirectorsSwaps(t *testing.T) {
	s := newTournament(16, 4, EntrySingle, stageSpec{mode: RoundRobin, groups: 4}, stageSpec{mode: Elimination, qualify: 8})
	s.Tournament.Disciplines[0].Stages[1].DrawBy = DrawByDirector
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	s = playStage(t, s, 0, 5)
	ko := s.Tournament.Disciplines[0].Stages[1].ID
	waiting := func(s *Snapshot) *Stage { return &s.Tournament.Disciplines[0].Stages[1] }
	p, _ := s.Proposal(ko)
	c, err = s.SwapDraw(ko, p.Slots[1].Entry.ID, p.Slots[2].Entry.ID, at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	swapped := slices.Clone(waiting(s).Proposal)
	kept, redrawn := 0, 0
	for _, m := range s.Matches {
		if m.StageID == ko || m.State != MatchPlayed {
			continue
		}
		set := m.Encounters[0][0]
		w := 0 // the side that won
		if set[1] > set[0] {
			w = 1
		}
		lose0, lose6 := set, set
		lose0[1-w], lose6[1-w] = 0, 6
		// the loser's points corrected (the goal difference moves), or the other side won
		for _, r := range []Set{lose0, lose6, {set[1], set[0]}} {
			if r == set {
				continue
			}
			c, err := s.CorrectResult(m.ID, Encounters{{r}}, at, "test")
			if err != nil {
				t.Fatal(err)
			}
			after := applyAll(s, c)
			st := waiting(after)
			if slices.Equal(st.Drawn, waiting(s).Drawn) {
				kept++
				if !slices.Equal(st.Proposal, swapped) {
					t.Fatalf("correcting %s to %v leaves the engine's draw as it was, yet the draw waiting lost the director's swap: %v, was %v", m.ID, r, st.Proposal, swapped)
				}
			} else {
				redrawn++
				if !slices.Equal(st.Proposal, st.Drawn) {
					t.Fatalf("correcting %s to %v changes the draw, yet the old one waits: %v", m.ID, r, st.Proposal)
				}
			}
		}
	}
	if kept == 0 || redrawn == 0 {
		t.Fatalf("the corrections tried kept the draw %d times and changed it %d times; both are needed", kept, redrawn)
	}
}
