package tournament

import "testing"

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
