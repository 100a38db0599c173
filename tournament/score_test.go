package tournament

import "testing"

func TestDisplayScore(t *testing.T) {
	sevenUp := MatchConfiguration{NumPoints: 7, NumSets: 1}
	bestOf3 := MatchConfiguration{NumPoints: 5, NumSets: 2, TwoAhead: true}
	quick := MatchConfiguration{NumPoints: 1, NumSets: 2, QuickEntry: true}
	cases := []struct {
		name string
		r    Encounters
		cfg  MatchConfiguration
		want [2]int
	}{
		{"one set gives its points", Encounters{{{7, 4}}}, sevenUp, [2]int{7, 4}},
		{"one live set gives its points too", Encounters{{{3, 5}}}, sevenUp, [2]int{3, 5}},
		{"quick entry single set is the winner marker", Encounters{{{0, 1}}}, MatchConfiguration{NumPoints: 1, NumSets: 1, QuickEntry: true}, [2]int{0, 1}},
		{"several sets give sets won", Encounters{{{5, 3}, {2, 5}, {6, 4}}}, bestOf3, [2]int{2, 1}},
		{"a set in play is not won", Encounters{{{5, 3}, {2, 4}}}, bestOf3, [2]int{1, 0}},
		{"two ahead: 5:4 is not over", Encounters{{{5, 4}}, {{1, 0}}}, bestOf3, [2]int{0, 0}},
		{"two ahead: 7:5 is over", Encounters{{{5, 2}, {7, 5}}}, bestOf3, [2]int{2, 0}},
		{"quick entry best of three", Encounters{{{1, 0}, {0, 1}, {1, 0}}}, quick, [2]int{2, 1}},
		{"league: encounters won", Encounters{{{7, 1}}, {{5, 7}}, {{7, 6}}}, sevenUp, [2]int{2, 1}},
		{"league: an encounter in play is not won", Encounters{{{7, 1}}, {{5, 7}}, {{3, 1}}}, sevenUp, [2]int{1, 1}},
		{"league of best-of-three encounters", Encounters{{{5, 1}, {5, 2}}, {{1, 5}, {5, 3}, {2, 5}}}, bestOf3, [2]int{1, 1}},
		{"draw: level sets", Encounters{{{5, 3}, {3, 5}}}, MatchConfiguration{NumPoints: 5, NumSets: 2, Draw: true}, [2]int{1, 1}},
		{"zero configuration reads a final result", Encounters{{{7, 1}}, {{5, 7}}, {{3, 1}}}, MatchConfiguration{}, [2]int{2, 1}},
		// A best of three counts sets from its first point on: the meaning never flips while it is played.
		{"best of three, first set in play", Encounters{{{3, 2}}}, bestOf3, [2]int{0, 0}},
		{"best of three, first set won", Encounters{{{5, 2}}}, bestOf3, [2]int{1, 0}},
		{"best of three, second set in play", Encounters{{{5, 2}, {1, 0}}}, bestOf3, [2]int{1, 0}},
		{"quick entry with numPoints 7", Encounters{{{1, 0}, {1, 0}}}, MatchConfiguration{NumPoints: 7, NumSets: 2, QuickEntry: true}, [2]int{2, 0}},
		{"quick entry one set with numPoints 7: the winner marker", Encounters{{{0, 1}}}, MatchConfiguration{NumPoints: 7, NumSets: 1, QuickEntry: true}, [2]int{0, 1}},
		{"league, later encounters not started", Encounters{{{7, 2}}, {}, {}}, sevenUp, [2]int{1, 0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := DisplayScore(c.r, c.cfg); got != c.want {
				t.Errorf("DisplayScore(%v) = %v, want %v", c.r, got, c.want)
			}
		})
	}
}

func TestWinner(t *testing.T) {
	cases := []struct {
		name string
		m    Match
		want int
	}{
		{"played, first side", Match{State: MatchPlayed, Encounters: Encounters{{{7, 3}}}}, 0},
		{"played, second side", Match{State: MatchPlayed, Encounters: Encounters{{{1, 0}, {0, 1}, {0, 1}}}}, 1},
		{"played draw", Match{State: MatchPlayed, Encounters: Encounters{{{5, 3}, {3, 5}}}}, -1},
		{"running has no winner yet", Match{State: MatchRunning, Encounters: Encounters{{{7, 3}}}}, -1},
		{"no result", Match{State: MatchPlayed}, -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.m.Winner(); got != c.want {
				t.Errorf("Winner() = %d, want %d", got, c.want)
			}
		})
	}
}

func TestDisplayScoreOfALeagueMatchCountsEncountersFromTheStart(t *testing.T) {
	g := Group{ID: "g", Mode: RoundRobin, Encounters: []string{"Single", "Double", "Single"}, Rounds: []Round{{ID: "r"}},
		Options: GroupOptions{MatchConfigurations: []MatchConfiguration{{NumPoints: 7, NumSets: 1}}}}
	tour := &Tournament{ID: "t", Disciplines: []Discipline{{ID: "d", Stages: []Stage{{ID: "s", Groups: []Group{g}}}}}}
	for _, c := range []struct {
		r    Encounters
		want [2]int
	}{
		{Encounters{{{5, 3}}}, [2]int{0, 0}},
		{Encounters{{{7, 3}}}, [2]int{1, 0}},
		{Encounters{{{7, 3}}, {{2, 1}}}, [2]int{1, 0}},
	} {
		m := &Match{ID: "m", GroupID: "g", RoundID: "r", State: MatchRunning, Encounters: c.r}
		if got := NewSnapshot(1, tour, Organizer{}, []*Match{m}, nil).DisplayScore(m); got != c.want {
			t.Errorf("%v: %v, want %v", c.r, got, c.want)
		}
	}
}
