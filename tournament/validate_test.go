package tournament

import (
	"encoding/json"
	"testing"
)

func TestValidateResult(t *testing.T) {
	seven := MatchConfiguration{NumPoints: 7, NumSets: 1}
	bestOf3 := MatchConfiguration{NumPoints: 5, NumSets: 2, TwoAhead: true}
	drawTwoSets := MatchConfiguration{NumPoints: 5, NumSets: 2, Draw: true}
	quick := MatchConfiguration{NumPoints: 1, NumSets: 2, QuickEntry: true}
	cases := []struct {
		name       string
		r          Encounters
		cfg        MatchConfiguration
		encounters int
		final      bool
		want       string // "" for valid
	}{
		{"single set final", Encounters{{{7, 3}}}, seven, 1, true, ""},
		{"single set not over", Encounters{{{6, 3}}}, seven, 1, true, "encounter 1, set 1: 6:3 is not over: a side needs 7 points"},
		{"single set live", Encounters{{{6, 3}}}, seven, 1, false, ""},
		{"past the points", Encounters{{{9, 3}}}, seven, 1, false, "encounter 1, set 1: 9:3 goes past 7 points"},
		{"both at the points", Encounters{{{7, 7}}}, seven, 1, false, "encounter 1, set 1: 7:7: only one side can reach 7 points"},
		{"negative", Encounters{{{-1, 7}}}, seven, 1, true, "encounter 1, set 1: -1:7 has a negative score"},
		{"absurd score", Encounters{{{7, 100000}}}, seven, 1, true, "encounter 1, set 1: 7:100000 is more than a set can score (limit \"points per set\": 999)"},
		{"two ahead: 5:4 needs a lead", Encounters{{{5, 4}, {5, 1}}}, bestOf3, 1, true, "encounter 1, set 1: 5:4 needs a two-point lead"},
		{"two ahead: 7:7 needs a lead", Encounters{{{7, 7}}}, bestOf3, 1, true, "encounter 1, set 1: 7:7 needs a two-point lead"},
		{"two ahead: 8:6 is fine", Encounters{{{8, 6}, {5, 0}}}, bestOf3, 1, true, ""},
		{"two ahead: 9:5 went too far", Encounters{{{9, 5}, {5, 0}}}, bestOf3, 1, true, "encounter 1, set 1: 9:5 goes past the end of the set: past 5 points it ends at a two-point lead"},
		{"two ahead live deuce", Encounters{{{5, 3}, {6, 6}}}, bestOf3, 1, false, ""},
		{"best of three decided in two", Encounters{{{5, 3}, {5, 1}}}, bestOf3, 1, true, ""},
		{"best of three needs a third", Encounters{{{5, 3}, {1, 5}}}, bestOf3, 1, true, "encounter 1: 1:1 in sets is not over: a side needs 2 won sets (draws are not allowed)"},
		{"a set after the decision", Encounters{{{5, 3}, {5, 1}, {5, 2}}}, bestOf3, 1, false, "encounter 1, set 3: the encounter was decided 2:0 before this set"},
		{"draw allowed", Encounters{{{5, 3}, {1, 5}}}, drawTwoSets, 1, true, ""},
		{"no third set after a draw", Encounters{{{5, 3}, {1, 5}, {5, 0}}}, drawTwoSets, 1, true, "encounter 1, set 3: the encounter was decided 1:1 before this set"},
		{"quick entry", Encounters{{{1, 0}, {0, 1}, {1, 0}}}, quick, 1, true, ""},
		{"quick entry takes 1 or 0", Encounters{{{2, 0}}}, quick, 1, false, "encounter 1, set 1: 2:0 is not a quick-entry score: enter 1:0 or 0:1"},
		{"quick entry 0:0", Encounters{{{0, 0}}}, quick, 1, false, "encounter 1, set 1: 0:0 is not a quick-entry score: enter 1:0 or 0:1"},
		{"league complete", Encounters{{{7, 1}}, {{3, 7}}, {{7, 5}}}, seven, 3, true, ""},
		{"league missing an encounter", Encounters{{{7, 1}}, {{3, 7}}}, seven, 3, true, "a final result needs all 3 encounters, the result has 2"},
		{"league live, two of three", Encounters{{{7, 1}}, {{3, 4}}}, seven, 3, false, ""},
		{"league live, earlier encounter unfinished", Encounters{{{6, 1}}, {{3, 4}}}, seven, 3, false, "encounter 1, set 1: 6:1 is not over: a side needs 7 points"},
		{"too many encounters", Encounters{{{7, 1}}, {{7, 1}}}, seven, 1, false, "a match here has 1 encounter(s), the result has 2"},
		{"league draw not allowed", Encounters{{{7, 1}}, {{3, 7}}}, seven, 2, true, "1:1 is a draw, and this match cannot end in a draw"},
		{"empty result", Encounters{}, seven, 1, false, "a result needs at least one encounter"},
		{"empty encounter", Encounters{{}}, seven, 1, false, "encounter 1: an encounter needs at least one set"},
	}
	cases = append(cases, issue9ResultCases...)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := ValidateResult(c.r, c.cfg, c.encounters, c.final)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != c.want {
				t.Errorf("got %q\nwant %q", got, c.want)
			}
		})
	}
}

// FuzzValidateResult throws arbitrary results at the validator: it must never
// panic, and whatever it accepts as final must have a display score with a
// winner (or a draw where draws are allowed) and only decided sets.
func FuzzValidateResult(f *testing.F) {
	f.Add([]byte(`[[[7,3]]]`), 7, 1, false, false, false, 1, true)
	f.Add([]byte(`[[[5,3],[3,5],[7,5]]]`), 5, 2, true, false, false, 1, true)
	f.Add([]byte(`[[[1,0]],[[0,1]],[[1,0]]]`), 1, 1, false, false, true, 3, true)
	f.Add([]byte(`[[[5,3],[1,5]]]`), 5, 2, false, true, false, 1, true)
	f.Fuzz(func(t *testing.T, body []byte, points, sets int, twoAhead, draw, quick bool, encounters int, final bool) {
		var r Encounters
		if json.Unmarshal(body, &r) != nil {
			return
		}
		// Quick entry keeps its numPoints: a quick-entry set is decided whatever it says.
		cfg := MatchConfiguration{NumPoints: abs(points)%30 + 1, NumSets: abs(sets)%5 + 1, TwoAhead: twoAhead, Draw: draw, QuickEntry: quick}
		encounters = abs(encounters)%5 + 1
		if ValidateResult(r, cfg, encounters, final) != nil {
			return
		}
		for _, e := range r {
			for _, s := range e {
				if s[0] < 0 || s[1] < 0 || s[0] > MaxPoints || s[1] > MaxPoints {
					t.Fatalf("accepted an impossible score %v (final=%v)", s, final)
				}
			}
		}
		if !final {
			return
		}
		if len(r) != encounters {
			t.Fatalf("accepted %d encounters for %d", len(r), encounters)
		}
		for _, e := range r {
			for _, s := range e {
				if s[0] < 0 || s[1] < 0 {
					t.Fatalf("accepted a negative score %v", s)
				}
				if setWinner(s, cfg) < 0 {
					t.Fatalf("accepted an undecided set %v under %+v", s, cfg)
				}
			}
		}
		if !cfg.Draw && leader(DisplayScore(r, cfg)) < 0 {
			t.Fatalf("accepted a drawn final %v under %+v", r, cfg)
		}
	})
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func TestSetIsExactlyTwoWholeNumbers(t *testing.T) {
	for _, bad := range []string{`[[[7]]]`, `[[[7,3,1]]]`, `[[[7.5,3]]]`, `[[["7",3]]]`, `[[[1e1,3]]]`, `[[null]]`} {
		var r Encounters
		if err := json.Unmarshal([]byte(bad), &r); err == nil {
			t.Errorf("%s read as %v", bad, r)
		}
	}
	var r Encounters
	if err := json.Unmarshal([]byte(`[[[7, 3], [ 0 ,7]]]`), &r); err != nil || r[0][1] != (Set{0, 7}) {
		t.Errorf("%v %v", r, err)
	}
}

// issue9ResultCases are results that were refused or accepted wrongly before.
var issue9ResultCases = []struct {
	name       string
	r          Encounters
	cfg        MatchConfiguration
	encounters int
	final      bool
	want       string
}{
	{"quick entry with numPoints 7: final", Encounters{{{1, 0}, {0, 1}, {1, 0}}}, MatchConfiguration{NumPoints: 7, NumSets: 2, QuickEntry: true}, 1, true, ""},
	{"quick entry with numPoints 7: one set", Encounters{{{0, 1}}}, MatchConfiguration{NumPoints: 7, NumSets: 1, QuickEntry: true}, 1, true, ""},
	{"quick entry with numPoints 7: not over", Encounters{{{1, 0}, {0, 1}}}, MatchConfiguration{NumPoints: 7, NumSets: 2, QuickEntry: true}, 1, true,
		"encounter 1: 1:1 in sets is not over: a side needs 2 won sets (draws are not allowed)"},
	{"live: first set of a best of three", Encounters{{{1, 0}}}, MatchConfiguration{NumPoints: 11, NumSets: 2}, 1, false, ""},
	{"live: quick best of three, first set", Encounters{{{1, 0}}}, MatchConfiguration{NumPoints: 7, NumSets: 2, QuickEntry: true}, 1, false, ""},
	{"live: league, later encounters not started", Encounters{{{1, 0}}, {}, {}}, MatchConfiguration{NumPoints: 7, NumSets: 1}, 3, false, ""},
	{"live: league, second encounter not started", Encounters{{{7, 0}}, {}, {}}, MatchConfiguration{NumPoints: 7, NumSets: 1}, 3, false, ""},
	{"live: league, a gap before an encounter in play", Encounters{{}, {{3, 0}}, {}}, MatchConfiguration{NumPoints: 7, NumSets: 1}, 3, false,
		"encounter 1: an encounter needs at least one set"},
	{"live: league, negative in a started encounter", Encounters{{{1, -1}}, {}, {}}, MatchConfiguration{NumPoints: 7, NumSets: 1}, 3, false,
		"encounter 1, set 1: 1:-1 has a negative score"},
	{"live: past the cap", Encounters{{{1, 1000}}}, MatchConfiguration{NumPoints: 11, NumSets: 2, TwoAhead: true}, 1, false,
		"encounter 1, set 1: 1:1000 is more than a set can score (limit \"points per set\": 999)"},
	{"final: league with encounters not played", Encounters{{{7, 0}}, {}, {}}, MatchConfiguration{NumPoints: 7, NumSets: 1}, 3, true,
		"encounter 2: an encounter needs at least one set"},
}

// TestTheLongestMatchASetupAllowsCanBeEntered: a setup may ask for the most
// sets to win there are (best of 17); a result that goes the distance, 9:8
// in sets, is taken.
func TestTheLongestMatchASetupAllowsCanBeEntered(t *testing.T) {
	s := largestSetup(RoundRobin, 4, 1)
	s.Disciplines[0].Stages[0].MatchConfiguration = MatchConfiguration{NumPoints: 11, NumSets: MaxWonSets}
	if ps := s.Validate(); len(ps) > 0 {
		t.Fatalf("a setup of %d sets to win is refused: %v", MaxWonSets, ps)
	}
	var sets []Set
	for k := range 2*MaxWonSets - 1 {
		if k%2 == 0 {
			sets = append(sets, Set{11, 5})
		} else {
			sets = append(sets, Set{5, 11})
		}
	}
	if err := ValidateResult(Encounters{sets}, s.Disciplines[0].Stages[0].MatchConfiguration, 1, true); err != nil {
		t.Errorf("%d:%d in sets of a best of %d: %v", MaxWonSets, MaxWonSets-1, 2*MaxWonSets-1, err)
	}
	s.Disciplines[0].Stages[0].MatchConfiguration.NumSets = MaxWonSets + 1
	if msg := s.Validate().At("disciplines[0].stages[0].matchConfiguration.numSets"); msg == "" {
		t.Errorf("%d sets to win are taken", MaxWonSets+1)
	}
}
