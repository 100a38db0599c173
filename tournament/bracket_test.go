package tournament

import (
	"fmt"
	"testing"
)

func seeds(n int) []*Entry {
	es := make([]*Entry, n)
	for i := range es {
		id := fmt.Sprintf("e%02d", i+1)
		es[i] = &Entry{ID: id, Name: id}
	}
	return es
}

func pathID(p string) string { return p }

// playOut plays every open match, the first side always winning, until the tree is done.
func playOut(t *testing.T, b Bracket, winner func(*Match) int) {
	t.Helper()
	for range 1000 {
		var open *Match
		for _, m := range b.Matches {
			if m.State == MatchOpen {
				open = m
				break
			}
		}
		if open == nil {
			return
		}
		open.State = MatchPlayed
		open.Encounters = Encounters{{{7, 0}}}
		if winner(open) == 1 {
			open.Encounters = Encounters{{{0, 7}}}
		}
		Advance(b.Matches, open)
	}
	t.Fatal("bracket never finished")
}

func countRound(b Bracket, name string) int {
	for _, r := range b.Rounds {
		if r.Name != name {
			continue
		}
		n := 0
		for _, m := range b.Matches {
			if m.RoundID == r.ID {
				n++
			}
		}
		return n
	}
	return -1
}

func TestSingleEliminationLayout(t *testing.T) {
	cases := []struct {
		entries, byes int
		rounds        map[string]int
	}{
		{8, 0, map[string]int{"Quarter-finals": 4, "Semi-finals": 2, "Final": 1, "Third place": 1}},
		{12, 4, map[string]int{"Round of 16": 8, "Quarter-finals": 4, "Semi-finals": 2, "Final": 1, "Third place": 1}},
		{16, 0, map[string]int{"Round of 16": 8, "Quarter-finals": 4, "Semi-finals": 2, "Final": 1, "Third place": 1}},
		{5, 3, map[string]int{"Quarter-finals": 4, "Semi-finals": 2, "Final": 1, "Third place": 1}},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%d entries", c.entries), func(t *testing.T) {
			b := NewBracket(seeds(c.entries), false, true, pathID)
			for name, n := range c.rounds {
				if got := countRound(b, name); got != n {
					t.Errorf("%s has %d matches, want %d", name, got, n)
				}
			}
			byes := 0
			for _, m := range b.Matches {
				if m.State == MatchBye {
					byes++
					if m.Entries[0] != nil && m.Entries[0].ID > fmt.Sprintf("e%02d", c.byes) {
						t.Errorf("bye for %s: byes go to the best seeds", m.Entries[0].ID)
					}
				}
			}
			if byes != c.byes {
				t.Errorf("%d byes, want %d", byes, c.byes)
			}
			// The top seeds get through the byes into the next round.
			for _, m := range b.Matches {
				if m.State == MatchBye {
					next := m.WinnerTo
					if got := findMatch(b, next.MatchID).Entries[next.Side]; got == nil {
						t.Errorf("bye winner did not move on to %s", next.MatchID)
					}
				}
			}
		})
	}
}

func findMatch(b Bracket, id string) *Match {
	for _, m := range b.Matches {
		if m.ID == id {
			return m
		}
	}
	return nil
}

func TestSingleEliminationWalk(t *testing.T) {
	for _, n := range []int{8, 16, 13} {
		t.Run(fmt.Sprintf("%d entries", n), func(t *testing.T) {
			b := NewBracket(seeds(n), false, true, pathID)
			// The better seed (lower id) always wins.
			playOut(t, b, func(m *Match) int {
				if m.Entries[0].ID < m.Entries[1].ID {
					return 0
				}
				return 1
			})
			for _, m := range b.Matches {
				if !m.Done() {
					t.Fatalf("match %s left %s", m.ID, m.State)
				}
			}
			final := findMatch(b, "round/Final/0")
			third := findMatch(b, "round/Third place/0")
			if final.Entries[0].ID != "e01" || final.Entries[1].ID != "e02" {
				t.Errorf("final %s vs %s, want the top two seeds", final.Entries[0].ID, final.Entries[1].ID)
			}
			if third.Entries[0] == nil || third.Entries[1] == nil || third.State != MatchPlayed {
				t.Errorf("third place match %v", third)
			}
			for _, m := range b.Matches {
				m.GroupID = "g"
			}
			g := &Group{ID: "g", Mode: Elimination, State: PhaseFinished, Rounds: b.Rounds}
			for _, e := range seeds(n) {
				g.EntryIDs = append(g.EntryIDs, e.ID)
			}
			table := Standings(g, b.Matches, nil)
			for i, want := range []string{"e01", "e02", "e03", "e04"} {
				if table[i].Entry.ID != want || table[i].Rank != i+1 {
					t.Errorf("place %d: %s (rank %d), want %s", i+1, table[i].Entry.ID, table[i].Rank, want)
				}
			}
		})
	}
}

func TestDoubleEliminationWalk(t *testing.T) {
	for _, tc := range []struct {
		n                 int
		losersBracketWins bool // the losers-bracket winner takes the grand final: a reset is played
	}{{8, false}, {8, true}, {16, false}, {16, true}, {11, true}} {
		t.Run(fmt.Sprintf("%d entries, reset %v", tc.n, tc.losersBracketWins), func(t *testing.T) {
			b := NewBracket(seeds(tc.n), true, false, pathID)
			size := 1
			for size < tc.n {
				size *= 2
			}
			if got := countRound(b, "Losers round 1"); got != size/4 {
				t.Errorf("losers round 1 has %d matches, want %d", got, size/4)
			}
			playOut(t, b, func(m *Match) int {
				if m.Bracket == BracketFinal && tc.losersBracketWins {
					return 1
				}
				if m.Entries[0].ID < m.Entries[1].ID {
					return 0
				}
				return 1
			})
			final := findMatch(b, "round/Grand final/0")
			reset := findMatch(b, "round/Grand final reset/0")
			if final.State != MatchPlayed || final.Entries[0].ID != "e01" {
				t.Fatalf("grand final %s %v", final.State, final.Entries)
			}
			if wantReset := tc.losersBracketWins; (reset.State == MatchPlayed) != wantReset {
				t.Errorf("reset %s, want played=%v", reset.State, wantReset)
			}
			if !tc.losersBracketWins && reset.State != MatchSkipped {
				t.Errorf("reset is %s after the winners-bracket champion won, want skipped", reset.State)
			}
			// Everyone but the champion lost exactly twice, except the grand final loser without reset.
			losses := map[string]int{}
			for _, m := range b.Matches {
				if _, l := m.Outcome(); l != nil {
					losses[l.ID]++
				}
			}
			for _, e := range seeds(tc.n) {
				if e.ID == "e01" {
					if losses[e.ID] > 1 {
						t.Errorf("champion lost %d times", losses[e.ID])
					}
					continue
				}
				if losses[e.ID] != 2 && (losses[e.ID] != 1 || tc.losersBracketWins || e.ID != final.Entries[1].ID) {
					t.Errorf("%s lost %d times", e.ID, losses[e.ID])
				}
			}
		})
	}
}

func TestUnknownEntriesStayIncomplete(t *testing.T) {
	b := NewBracket(make([]*Entry, 12), false, false, pathID)
	for _, m := range b.Matches {
		if m.State != MatchIncomplete {
			t.Fatalf("match %s is %s before its entries are known", m.ID, m.State)
		}
	}
}
