package tournament

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"
)

func played(round string, a, b *Entry, sets ...Set) *Match {
	return &Match{ID: a.ID + b.ID + round, GroupID: "g", RoundID: round, State: MatchPlayed, Entries: [2]*Entry{a, b}, Encounters: Encounters{sets}}
}

func TestRoundRobinStandings(t *testing.T) {
	a, b, c, d := &Entry{ID: "a", Name: "Anna"}, &Entry{ID: "b", Name: "Ben"}, &Entry{ID: "c", Name: "Clara"}, &Entry{ID: "d", Name: "David"}
	g := &Group{ID: "g", Mode: RoundRobin, EntryIDs: []string{"a", "b", "c", "d"}, Rounds: []Round{{ID: "r1"}, {ID: "r2"}}}
	ms := []*Match{
		played("r1", a, b, Set{7, 3}),
		played("r1", c, d, Set{5, 5}), // a draw
		played("r2", a, c, Set{2, 7}),
		{ID: "open", GroupID: "g", RoundID: "r2", State: MatchRunning, Entries: [2]*Entry{b, d}, Encounters: Encounters{{{6, 0}}}},
	}
	table := Standings(g, ms, map[string]*Entry{"a": a, "b": b, "c": c, "d": d})
	got := map[string]Standing{}
	for _, s := range table {
		got[s.Entry.ID] = s
	}
	if table[0].Entry.ID != "c" || table[0].Points != PointsWin+PointsDraw {
		t.Errorf("leader %+v, want Clara with a win and a draw", table[0])
	}
	if s := got["a"]; s.Matches != 2 || s.MatchesWon != 1 || s.MatchesLost != 1 || s.Goals != 9 || s.GoalsIn != 10 || s.GoalsDiff != -1 || s.SetsDiff != 0 {
		t.Errorf("Anna %+v", s)
	}
	if s := got["b"]; s.Matches != 1 || s.Points != 0 {
		t.Errorf("Ben's running match counted: %+v", s)
	}
	if s := got["d"]; s.MatchesDraw != 1 || s.Points != PointsDraw {
		t.Errorf("David %+v", s)
	}
	if table[0].BH1 != nil || table[0].Lives != nil || table[0].EncounterWon != nil {
		t.Errorf("round robin shows numbers it does not use: %+v", table[0])
	}
}

func TestUnplayedEntriesAreUnranked(t *testing.T) {
	a, b := &Entry{ID: "a"}, &Entry{ID: "b"}
	g := &Group{ID: "g", Mode: RoundRobin, EntryIDs: []string{"a", "b", "c"}, Rounds: []Round{{ID: "r1"}}}
	table := Standings(g, []*Match{played("r1", a, b, Set{7, 0})}, nil)
	if last := table[2]; last.Entry.ID != "c" || last.Rank != -1 || last.Result != 3 {
		t.Errorf("entry without matches: %+v", last)
	}
}

func TestSwissTieBreaks(t *testing.T) {
	e := map[string]*Entry{}
	var ids []string
	for _, id := range []string{"a", "b", "c", "d", "e", "f"} {
		e[id] = &Entry{ID: id, Name: id}
		ids = append(ids, id)
	}
	g := &Group{ID: "g", Mode: Swiss, EntryIDs: ids, Rounds: []Round{{ID: "r1"}, {ID: "r2"}}}
	// a, b, c and f all have one win. a and f met stronger opponents (6 points
	// between them) than b and c did (2 points): Buchholz puts them first,
	// where names alone would not.
	ms := []*Match{
		played("r1", e["a"], e["b"], Set{7, 0}),
		played("r1", e["c"], e["d"], Set{7, 0}),
		played("r1", e["e"], e["f"], Set{7, 0}),
		played("r2", e["e"], e["a"], Set{7, 0}),
		played("r2", e["f"], e["c"], Set{7, 0}),
		played("r2", e["b"], e["d"], Set{7, 0}),
	}
	table := Standings(g, ms, e)
	order := ""
	for _, s := range table {
		order += s.Entry.ID
	}
	if order != "eafbcd" {
		t.Errorf("order %s, want eafbcd", order)
	}
	if a := table[1]; *a.BH1 != 6 || *a.BH2 != 6 || *a.SB != 2 {
		t.Errorf("a: bh1 %d bh2 %d sb %v, want 6, 6, 2", *a.BH1, *a.BH2, *a.SB)
	}
}

func TestMonsterDYPCreditsPlayersAndCorrects(t *testing.T) {
	p := map[string]*Entry{}
	var ids []string
	for _, id := range []string{"p1", "p2", "p3", "p4", "p5"} {
		p[id] = &Entry{ID: id, Name: id}
		ids = append(ids, id)
	}
	team := func(a, b string) *Entry {
		return &Entry{ID: a + "_" + b, Entries: []*Entry{p[a], p[b]}}
	}
	g := &Group{ID: "g", Mode: MonsterDYP, EntryIDs: ids, Rounds: []Round{{ID: "r1"}, {ID: "r2"}, {ID: "r3"}, {ID: "r4"}}}
	var ms []*Match
	for _, r := range []string{"r1", "r2", "r3", "r4"} {
		ms = append(ms, played(r, team("p1", "p2"), team("p3", "p4"), Set{1, 0}))
	}
	ms = append(ms, played("r4", team("p5", "p3"), team("p4", "p2"), Set{1, 0})) // p5 plays once and wins
	table := Standings(g, ms, p)
	got := map[string]Standing{}
	for _, s := range table {
		got[s.Entry.ID] = s
	}
	if s := got["p1"]; s.Matches != 4 || s.Points != 4*PointsWin {
		t.Errorf("p1 %+v", s)
	}
	// p5: one win; the most anyone played is 5, three quarters of it is 4: 2 points / 4.
	if s := got["p5"]; *s.CorrectedPointsPerMatch != 0.5 || !*s.HasCorrectedValue || s.PointsPerMatch != 2 {
		t.Errorf("p5 corrected %v (has %v), ppm %v", *s.CorrectedPointsPerMatch, *s.HasCorrectedValue, s.PointsPerMatch)
	}
	if table[len(table)-1].Entry.ID != "p4" {
		t.Errorf("last %s, want p4 who lost everything", table[len(table)-1].Entry.ID)
	}
}

func TestLastOneStandingLives(t *testing.T) {
	a, b := &Entry{ID: "a"}, &Entry{ID: "b"}
	g := &Group{ID: "g", Mode: LastOneStanding, Lives: 2, EntryIDs: []string{"a", "b"}, Rounds: []Round{{ID: "r1"}, {ID: "r2"}, {ID: "r3"}}}
	table := Standings(g, []*Match{played("r1", a, b, Set{13, 4}), played("r2", a, b, Set{13, 4}), played("r3", a, b, Set{13, 4})}, nil)
	if *table[0].Lives != 2 || *table[1].Lives != 0 {
		t.Errorf("lives %d and %d, want 2 and 0 (never below zero)", *table[0].Lives, *table[1].Lives)
	}
}

// order is the entry ids of a table, top first.
func order(table []Standing) string {
	s := ""
	for _, r := range table {
		s += r.Entry.ID
	}
	return s
}

func TestAByeCountsAsAWin(t *testing.T) {
	a, b, c := &Entry{ID: "a", Name: "a"}, &Entry{ID: "b", Name: "b"}, &Entry{ID: "c", Name: "c"}
	g := &Group{ID: "g", Mode: Swiss, EntryIDs: []string{"a", "b", "c"}, Rounds: []Round{{ID: "r1"}}}
	ms := []*Match{
		played("r1", a, b, Set{7, 3}),
		{ID: "bye", GroupID: "g", RoundID: "r1", State: MatchBye, Entries: [2]*Entry{c, nil}},
	}
	table := Standings(g, ms, nil)
	if c := table[slices.IndexFunc(table, func(s Standing) bool { return s.Entry.ID == "c" })]; c.Matches != 1 || c.MatchesWon != 1 || c.Points != PointsWin || *c.FirstRound != 1 {
		t.Errorf("the entry with the bye: %+v", c)
	}
	// A group may score a bye like a draw.
	g.Scoring = &Scoring{Win: 3, Draw: 1, Bye: 1}
	table = Standings(g, ms, nil)
	if c := table[1]; c.Entry.ID != "c" || c.Points != 1 || c.MatchesDraw != 1 || table[0].Points != 3 {
		t.Errorf("a bye worth a draw of a group that gives 3 for a win: %+v, leader %+v", c, table[0])
	}
}

func TestHeadToHeadBreaksATieOfTwo(t *testing.T) {
	a, b, c, d := &Entry{ID: "a", Name: "a"}, &Entry{ID: "b", Name: "b"}, &Entry{ID: "c", Name: "c"}, &Entry{ID: "d", Name: "d"}
	g := &Group{ID: "g", Mode: RoundRobin, EntryIDs: []string{"a", "b", "c", "d"}, Rounds: []Round{{ID: "r1"}, {ID: "r2"}}}
	// a and b have a win each; b's goals are far better, but a beat b.
	ms := []*Match{
		played("r1", a, b, Set{7, 6}),
		played("r1", d, c, Set{7, 0}),
		played("r2", b, c, Set{7, 0}),
		played("r2", d, a, Set{7, 0}),
	}
	table := Standings(g, ms, nil)
	if got := order(table); got != "dabc" || table[1].Rank != 2 || table[2].Rank != 3 {
		t.Errorf("order %s, want dabc: a beat b", got)
	}
	// The group's own order of tie-breaks: goals before head to head.
	g.TieBreaks = []string{"goals", HeadToHead}
	if got := order(Standings(g, ms, nil)); got != "dbac" {
		t.Errorf("with goals first: %s, want dbac", got)
	}
	// Among three tied entries head to head decides nothing: the differences do.
	g.TieBreaks = nil
	circle := []*Match{played("r1", a, b, Set{7, 0}), played("r1", b, c, Set{7, 5}), played("r2", c, a, Set{7, 6})}
	if got := order(Standings(g, circle, nil)); got != "acbd" {
		t.Errorf("a circle of three: %s, want acb by goals difference", got)
	}
}

func TestPointsPerWinAndDrawAreTheGroups(t *testing.T) {
	a, b, c := &Entry{ID: "a", Name: "a"}, &Entry{ID: "b", Name: "b"}, &Entry{ID: "c", Name: "c"}
	g := &Group{ID: "g", Mode: RoundRobin, EntryIDs: []string{"a", "b", "c"}, Rounds: []Round{{ID: "r1"}}, Scoring: &Scoring{Win: 3, Draw: 1}}
	table := Standings(g, []*Match{played("r1", a, b, Set{7, 3}), played("r1", b, c, Set{5, 3}, Set{3, 5})}, nil)
	got := map[string]int{}
	for _, s := range table {
		got[s.Entry.ID] = s.Points
	}
	if got["a"] != 3 || got["b"] != 1 || got["c"] != 1 {
		t.Errorf("points with 3 for a win and 1 for a draw: %v", got)
	}
}

func TestMonsterDYPComparesUnroundedValues(t *testing.T) {
	x, y, z := &Entry{ID: "x", Name: "x"}, &Entry{ID: "y", Name: "y"}, &Entry{ID: "z", Name: "z"} // w plays nothing; z is not in the group
	g := &Group{ID: "g", Mode: MonsterDYP, EntryIDs: []string{"w", "x", "y"}}
	var ms []*Match
	record := func(e *Entry, won, lost int) {
		for i := range won + lost {
			s := Set{1, 0}
			if i >= won {
				s = Set{0, 1}
			}
			ms = append(ms, played(fmt.Sprint(i), e, z, s))
		}
	}
	record(x, 9, 4)  // 18 points in 13: 1.3846
	record(y, 11, 5) // 22 points in 16: 1.375; both show 1.38
	table := Standings(g, ms, nil)
	if got := order(table); got != "xyw" || *table[0].CorrectedPointsPerMatch != 1.38 || *table[1].CorrectedPointsPerMatch != 1.38 || table[1].Rank != 2 {
		t.Errorf("order %s (%v, %v), want x above y", got, *table[0].CorrectedPointsPerMatch, *table[1].CorrectedPointsPerMatch)
	}
	if w := table[2]; *w.HasCorrectedValue || w.Rank != -1 {
		t.Errorf("an entry without matches has a corrected value: %+v", w)
	}
}

func TestStandingsCarryAPreliminaryResult(t *testing.T) {
	a, b := &Entry{ID: "a"}, &Entry{ID: "b"}
	g := &Group{ID: "g", Mode: RoundRobin, EntryIDs: []string{"a", "b"}, Rounds: []Round{{ID: "r1"}}}
	raw, _ := json.Marshal(Standings(g, []*Match{played("r1", a, b, Set{7, 0})}, nil))
	var rows []map[string]any
	_ = json.Unmarshal(raw, &rows)
	if rows[0]["prelimResult"] != 1.0 || rows[1]["prelimResult"] != 2.0 || rows[1]["finalResult"] != false {
		t.Errorf("standings %s", raw)
	}
}

func TestEveryTieBreakASetupNamesIsARule(t *testing.T) {
	for _, name := range TieBreakNames {
		if _, ok := tieBreaks[name]; !ok && name != HeadToHead && name != DirectEncounter {
			t.Errorf("setup offers %q, which the standings do not know", name)
		}
	}
}

// TestDoubleEliminationTableByHowFar: while a double elimination is played,
// the loser of the winners' final, waiting in the losers' final, is above
// the entries waiting in losers' round 2, though they last played in a
// later round of the group's order (losers' round 1).
func TestDoubleEliminationTableByHowFar(t *testing.T) {
	s := newTournament(8, 4, EntrySingle, stageSpec{mode: DoubleElimination})
	s.Tournament.AutoCall = false
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	g := &s.Tournament.Disciplines[0].Stages[0].Groups[0]
	for _, name := range []string{"Winners Quarter-finals", "Winners Semi-finals", "Winners final", "Losers round 1"} {
		for _, m := range s.Matches {
			if r, _, _ := s.Round(m.RoundID); r.Name == name && m.State == MatchOpen {
				s = play(t, s, m, 0)
			}
		}
	}
	var wbFinal *Match
	for _, m := range s.Matches {
		if r, _, _ := s.Round(m.RoundID); r.Name == "Winners final" {
			wbFinal = m
		}
	}
	if wbFinal == nil || wbFinal.State != MatchPlayed {
		t.Fatal("the winners' final was not played")
	}
	rows := Standings(g, s.MatchesWhere(func(m *Match) bool { return m.GroupID == g.ID }), s.Entries)
	rank := map[string]int{}
	for _, r := range rows {
		rank[r.Entry.ID] = r.Rank
	}
	champion, finalist := wbFinal.Entries[0].ID, wbFinal.Entries[1].ID
	if rank[champion] != 1 || rank[finalist] != 2 {
		t.Errorf("the unbeaten is %d., the winners' finalist waiting in the losers' final %d.; want 1. and 2.", rank[champion], rank[finalist])
	}
	for _, m := range s.Matches {
		if r, _, _ := s.Round(m.RoundID); r.Name == "Losers round 2" {
			for _, e := range m.Entries {
				if e != nil && rank[e.ID] <= rank[finalist] {
					t.Errorf("%s, waiting in losers' round 2, is %d., above or level with the losers' finalist (%d.)", e.Name, rank[e.ID], rank[finalist])
				}
			}
		}
	}
}
