package tournament

import (
	"fmt"
	"maps"
	"testing"
)

// betterSeed wins every match: the lower id.
func betterSeed(m *Match) int {
	if m.Entries[0].ID < m.Entries[1].ID {
		return 0
	}
	return 1
}

func TestNumberMatchesRoundByRound(t *testing.T) {
	b := NewBracket(seeds(8), false, true, pathID)
	got := NumberMatches(b.Matches)
	want := map[string]int{
		"round/Quarter-finals/0": 1, "round/Quarter-finals/1": 2, "round/Quarter-finals/2": 3, "round/Quarter-finals/3": 4,
		"round/Semi-finals/0": 5, "round/Semi-finals/1": 6, "round/Final/0": 7, "round/Third place/0": 8,
	}
	if !maps.Equal(got, want) {
		t.Errorf("numbers %v, want %v", got, want)
	}
}

func TestByesHaveNoNumber(t *testing.T) {
	// Six entries in a tree of eight: the top two seeds have byes.
	b := NewBracket(seeds(6), false, false, pathID)
	got := NumberMatches(b.Matches)
	if len(got) != 5 {
		t.Fatalf("%d numbered matches, want the 5 that are played: %v", len(got), got)
	}
	for _, m := range b.Matches {
		if (m.State == MatchBye) != (got[m.ID] == 0) {
			t.Errorf("match %s (%s) numbered %d", m.ID, m.State, got[m.ID])
		}
	}
	if got["round/Semi-finals/0"] != 3 || got["round/Final/0"] != 5 {
		t.Errorf("semi-final numbered %d, final %d; want 3 and 5 after two first-round matches", got["round/Semi-finals/0"], got["round/Final/0"])
	}
}

// In a double elimination a first-round bye has no loser, so the losers
// match it feeds is a bye too, known from the draw: the numbers do not move
// as the tree is played.
func TestNumbersStayFromDrawToEnd(t *testing.T) {
	for _, n := range []int{5, 6, 11, 16} {
		t.Run(fmt.Sprintf("%d entries", n), func(t *testing.T) {
			b := NewBracket(seeds(n), true, false, pathID)
			before := NumberMatches(b.Matches)
			byes := ByeSides(b.Matches)
			playOut(t, b, betterSeed)
			after := NumberMatches(b.Matches)
			if !maps.Equal(before, after) {
				t.Errorf("numbers moved while the tree was played:\n%v\n%v", before, after)
			}
			for _, m := range b.Matches {
				played := m.State == MatchPlayed || m.Bracket == BracketReset
				if _, bye := byes[m.ID]; played == bye {
					t.Errorf("match %s ended %s, but was taken for a bye: %v", m.ID, m.State, bye)
				}
			}
			seen := map[int]bool{}
			for _, k := range after {
				if seen[k] || k < 1 || k > len(after) {
					t.Errorf("number %d twice or out of 1..%d", k, len(after))
				}
				seen[k] = true
			}
		})
	}
}

func TestChampion(t *testing.T) {
	t.Run("single elimination", func(t *testing.T) {
		b := NewBracket(seeds(8), false, true, pathID)
		if c, _ := Champion(b.Matches); c != nil {
			t.Fatalf("champion %s before a match", c.ID)
		}
		playOut(t, b, betterSeed)
		if c, m := Champion(b.Matches); c == nil || c.ID != "e01" || m.ID != "round/Final/0" {
			t.Errorf("champion %v, want e01", c)
		}
	})
	t.Run("double elimination, the winners-bracket side takes the grand final", func(t *testing.T) {
		b := NewBracket(seeds(8), true, false, pathID)
		playOut(t, b, betterSeed)
		if c, m := Champion(b.Matches); c == nil || c.ID != "e01" || m.ID != "round/Grand final/0" {
			t.Errorf("champion %v by %v, want e01 by the grand final (no reset)", c, m)
		}
	})
	t.Run("double elimination with a reset", func(t *testing.T) {
		b := NewBracket(seeds(8), true, false, pathID)
		final := findMatch(b, "round/Grand final/0")
		for range 100 {
			var open *Match
			for _, m := range b.Matches {
				if m.State == MatchOpen && m != final {
					open = m
					break
				}
			}
			if open == nil {
				break
			}
			open.State, open.Encounters = MatchPlayed, Encounters{{{7, 0}}}
			if betterSeed(open) == 1 {
				open.Encounters = Encounters{{{0, 7}}}
			}
			Advance(b.Matches, open)
		}
		final.State, final.Encounters = MatchPlayed, Encounters{{{0, 7}}} // the losers-bracket side wins: a reset
		Advance(b.Matches, final)
		if c, _ := Champion(b.Matches); c != nil {
			t.Fatalf("champion %s while the reset is to come", c.ID)
		}
		reset := findMatch(b, "round/Grand final reset/0")
		reset.State, reset.Encounters = MatchPlayed, Encounters{{{0, 7}}}
		if c, m := Champion(b.Matches); c == nil || c != final.Entries[1] || m != reset {
			t.Errorf("champion %v, want the reset's winner %s", c, final.Entries[1].ID)
		}
	})
}

// BenchmarkNumberMatches1024 is the cost every snapshot of a tournament pays
// per tree: numbering a double elimination of 1024 (2047 matches and a reset).
func BenchmarkNumberMatches1024(b *testing.B) {
	br := NewBracket(seeds(1000), true, false, pathID)
	b.ReportAllocs()
	for b.Loop() {
		byes := ByeSides(br.Matches)
		numberMatches(br.Matches, byes)
	}
}
