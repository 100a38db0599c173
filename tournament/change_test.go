package tournament

import (
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"
)

var at = time.Date(2026, 11, 21, 15, 0, 0, 0, time.UTC)

// apply is what the store does with a change: the next snapshot.
func apply(s *Snapshot, c *Change) *Snapshot {
	ms := make([]*Match, 0, len(s.Matches))
	for _, m := range s.Matches {
		if i := slices.IndexFunc(c.Matches, func(n *Match) bool { return n.ID == m.ID }); i >= 0 {
			ms = append(ms, c.Matches[i])
		} else {
			ms = append(ms, m)
		}
	}
	t := s.Tournament
	if c.Tournament != nil {
		t = c.Tournament
	}
	return NewSnapshot(s.Version+1, t, s.Organizer, ms, s.Entries)
}

// bracketTournament is a tournament of one knock-out group over n seeded entries.
func bracketTournament(n int, mode Mode, thirdPlace bool) *Snapshot {
	b := NewBracket(seeds(n), mode == DoubleElimination, thirdPlace, pathID)
	g := Group{ID: "g", Name: "Tree", Mode: mode, State: PhaseReady, Rounds: b.Rounds,
		Options: GroupOptions{EliminationThirdPlace: thirdPlace, MatchConfigurations: []MatchConfiguration{{NumPoints: 7, NumSets: 1}}}}
	for _, e := range seeds(n) {
		g.EntryIDs = append(g.EntryIDs, e.ID)
	}
	for _, m := range b.Matches {
		m.DisciplineID, m.StageID, m.GroupID = "d", "s", "g"
	}
	var courts []Court
	for i := 1; i <= 4; i++ {
		courts = append(courts, Court{ID: fmt.Sprintf("c%d", i), Number: i, Name: fmt.Sprintf("Table %d", i)})
	}
	t := &Tournament{ID: "t", State: StateReady, Courts: courts,
		Disciplines: []Discipline{{ID: "d", Stages: []Stage{{ID: "s", State: PhaseReady, Groups: []Group{g}}}}}}
	return NewSnapshot(1, t, Organizer{}, b.Matches, map[string]*Entry{})
}

// playAll calls every open match to a court and finishes it, the better seed
// (lower id) winning unless upset says otherwise, until nothing is open.
func playAll(t *testing.T, s *Snapshot, upset func(*Match) bool) *Snapshot {
	t.Helper()
	for range 500 {
		var open *Match
		for _, m := range s.Matches {
			if m.State == MatchOpen {
				open = m
				break
			}
		}
		if open == nil {
			return s
		}
		c, err := s.CallMatch(open.ID, []string{"c1"}, at)
		if err != nil {
			t.Fatalf("call %s: %v", open.ID, err)
		}
		s = apply(s, c)
		win := Set{7, 3}
		if (open.Entries[0].ID > open.Entries[1].ID) != upset(open) {
			win = Set{3, 7}
		}
		c, err = s.SetResult(open.ID, Encounters{{win}}, true, at, "test")
		if err != nil {
			t.Fatalf("result %s: %v", open.ID, err)
		}
		s = apply(s, c)
	}
	t.Fatal("never finished")
	return nil
}

func TestWalkBracketsToTheFinal(t *testing.T) {
	t.Parallel()
	cases := []struct {
		n          int
		mode       Mode
		thirdPlace bool
		upsetFinal bool // the losers-bracket side wins the grand final
		champion   string
		matches    int // played
	}{
		{8, Elimination, true, false, "e01", 8},
		{16, Elimination, false, false, "e01", 15},
		{12, Elimination, true, false, "e01", 12}, // 4 byes: 11 matches decide it, plus third place
		{8, DoubleElimination, false, false, "e01", 14},
		{8, DoubleElimination, false, true, "e01", 15},
		{16, DoubleElimination, false, true, "e01", 31},
		{16, LordHaveMercy, false, false, "e01", 15},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%d %s third=%v upset=%v", c.n, c.mode, c.thirdPlace, c.upsetFinal), func(t *testing.T) {
			s := playAll(t, bracketTournament(c.n, c.mode, c.thirdPlace), func(m *Match) bool {
				return c.upsetFinal && m.Bracket == BracketFinal
			})
			played := 0
			for _, m := range s.Matches {
				if !m.Done() {
					t.Errorf("match %s (%s) left %s with %v", m.ID, m.Bracket, m.State, m.Entries)
				}
				if m.State == MatchPlayed {
					played++
				}
			}
			if played != c.matches {
				t.Errorf("%d matches played, want %d", played, c.matches)
			}
			g, _ := s.Group("g")
			table := s.Standings(g)
			if table[0].Entry.ID != c.champion || table[0].Rank != 1 {
				t.Errorf("champion %s", table[0].Entry.ID)
			}
			if g.State != PhaseFinished || s.Tournament.Disciplines[0].Stages[0].State != PhaseFinished || s.Tournament.State != StateFinished {
				t.Errorf("states after the last match: group %s, stage %s, tournament %s", g.State, s.Tournament.Disciplines[0].Stages[0].State, s.Tournament.State)
			}
		})
	}
}

func TestResultMovesTheBracketOn(t *testing.T) {
	s := bracketTournament(8, DoubleElimination, false)
	first := s.Matches[0]
	c, _ := s.CallMatch(first.ID, []string{"c2", "c3"}, at)
	s = apply(s, c)
	if s.Tournament.State != StateRunning || s.Tournament.Disciplines[0].Stages[0].Groups[0].State != PhaseRunning {
		t.Errorf("calling the first match did not start the tournament: %s", s.Tournament.State)
	}
	c, err := s.SetResult(first.ID, Encounters{{{7, 2}}}, true, at, "test")
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, e := range c.Events {
		types = append(types, e.Type+":"+e.MatchID+e.CourtID)
	}
	s = apply(s, c)
	next, _ := s.Match(first.WinnerTo.MatchID)
	drop, _ := s.Match(first.LoserTo.MatchID)
	if next.Entries[first.WinnerTo.Side].ID != first.Entries[0].ID || drop.Entries[first.LoserTo.Side].ID != first.Entries[1].ID {
		t.Errorf("winner to %v, loser to %v", next.Entries, drop.Entries)
	}
	if next.State != MatchIncomplete {
		t.Errorf("next match %s with one entry known", next.State)
	}
	want := []string{"MatchUpdated:" + first.ID, "CourtMatchChanged:c2", "CourtMatchChanged:c3", "StandingsUpdated:", "MatchUpdated:" + next.ID, "MatchUpdated:" + drop.ID}
	if !slices.Equal(types, want) {
		t.Errorf("events %v\nwant %v", types, want)
	}
	if s.CourtMatch("c2") != nil || s.CourtMatch("c3") != nil {
		t.Error("the courts are not free after the result")
	}
}

func TestCallMatchRules(t *testing.T) {
	s := bracketTournament(8, Elimination, false)
	a, b := s.Matches[0], s.Matches[1]
	c, _ := s.CallMatch(a.ID, []string{"c1"}, at)
	s = apply(s, c)
	if m, _ := s.Match(a.ID); m.State != MatchRunning || !m.StartTime.Equal(at) || !slices.Equal(m.CourtIDs, []string{"c1"}) || s.CourtMatch("c1").ID != a.ID {
		t.Errorf("called match %+v", m)
	}
	var rule *RuleError
	for name, call := range map[string]func() error{
		"a busy court":        func() error { _, err := s.CallMatch(b.ID, []string{"c1"}, at); return err },
		"a running match":     func() error { _, err := s.CallMatch(a.ID, []string{"c2"}, at); return err },
		"no court":            func() error { _, err := s.CallMatch(b.ID, nil, at); return err },
		"an incomplete match": func() error { _, err := s.CallMatch(a.WinnerTo.MatchID, []string{"c2"}, at); return err },
	} {
		if err := call(); !errors.As(err, &rule) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := s.CallMatch(b.ID, []string{"c9"}, at); !errors.Is(err, ErrCourtNotFound) {
		t.Errorf("unknown court: %v", err)
	}
	if _, err := s.CallMatch("nope", []string{"c2"}, at); !errors.Is(err, ErrMatchNotFound) {
		t.Errorf("unknown match: %v", err)
	}
	if c, _ := s.CallMatch(b.ID, []string{"c2"}, at); c.Version != s.Version {
		t.Error("a court call does not require the version it saw the courts free at")
	}
}

func TestResultRules(t *testing.T) {
	s := bracketTournament(8, Elimination, false)
	m := s.Matches[0]
	if _, err := s.SetResult(m.ID, Encounters{{{7, 1}}}, true, at, "x"); !errors.Is(err, ErrNotRunning) {
		t.Errorf("result for an open match: %v", err)
	}
	c, _ := s.CallMatch(m.ID, []string{"c1"}, at)
	s = apply(s, c)
	var re *ResultError
	if _, err := s.SetResult(m.ID, Encounters{{{7, 7}}}, true, at, "x"); !errors.As(err, &re) {
		t.Errorf("an invalid result: %v", err)
	}
	c, err := s.SetResult(m.ID, Encounters{{{4, 2}}}, false, at, "x")
	if err != nil || !c.Live || c.Audit.By != "x" || len(c.Matches) != 1 {
		t.Fatalf("live result: %+v %v", c, err)
	}
	s = apply(s, c)
	c, _ = s.SetResult(m.ID, Encounters{{{7, 2}}}, true, at, "y")
	if c.Live || c.Audit.Old[0][0] != (Set{4, 2}) || c.Matches[0].Rev != 4 { // stored without a revision (1), called (2), live (3), final (4)
		t.Errorf("final after live: live=%v old=%v rev=%d", c.Live, c.Audit.Old, c.Matches[0].Rev)
	}
}

func TestPauseAndSkip(t *testing.T) {
	s := bracketTournament(8, Elimination, false)
	m := s.Matches[0]
	c, err := s.SetMatchState(m.ID, MatchPaused, at)
	if err != nil {
		t.Fatal(err)
	}
	s = apply(s, c)
	if _, err := s.CallMatch(m.ID, []string{"c1"}, at); err == nil {
		t.Error("a paused match was called")
	}
	c, _ = s.SetMatchState(m.ID, MatchOpen, at)
	s = apply(s, c)
	if got, _ := s.Match(m.ID); got.State != MatchOpen {
		t.Errorf("unpaused: %s", got.State)
	}
	if _, err := s.SetMatchState(m.ID, MatchSkipped, at); err == nil {
		t.Error("a knock-out match was skipped")
	}
	if _, err := s.SetMatchState(m.ID, MatchRunning, at); err == nil {
		t.Error("SetMatchState started a match")
	}
	// In a table mode a skipped match counts as done.
	a, b := &Entry{ID: "a"}, &Entry{ID: "b"}
	g := Group{ID: "g", Mode: RoundRobin, State: PhaseRunning, Rounds: []Round{{ID: "r"}}, EntryIDs: []string{"a", "b"},
		Options: GroupOptions{MatchConfigurations: []MatchConfiguration{{NumPoints: 7, NumSets: 1}}}}
	t2 := &Tournament{ID: "t", State: StateRunning, Disciplines: []Discipline{{ID: "d", Stages: []Stage{{ID: "s", State: PhaseRunning, Groups: []Group{g}}}}}}
	rr := NewSnapshot(1, t2, Organizer{}, []*Match{{ID: "m", GroupID: "g", RoundID: "r", State: MatchOpen, Entries: [2]*Entry{a, b}}}, nil)
	c, err = rr.SetMatchState("m", MatchSkipped, at)
	if err != nil {
		t.Fatal(err)
	}
	if rr = apply(rr, c); rr.Tournament.State != StateFinished {
		t.Errorf("all matches done, tournament %s", rr.Tournament.State)
	}
}

func TestChangeAddsNewMatchesAtRevisionOne(t *testing.T) {
	s := bracketTournament(4, Elimination, false)
	c := newChange(s, at)
	m := &Match{ID: "extra", GroupID: "g", RoundID: s.Matches[0].RoundID, State: MatchOpen, Rev: 7}
	c.add(m)
	if c.edit(m) != m || m.Rev != 1 || len(c.Matches) != 1 {
		t.Errorf("an added match: rev %d, %d in the change, edit gives another copy: %v", m.Rev, len(c.Matches), c.edit(m) != m)
	}
	// A creation starts from nothing.
	create := newChange(nil, at)
	create.Tournament = &Tournament{ID: "new", Rev: 1}
	create.event(Event{Type: EventTournamentAdded})
	if create.record() != create.Tournament || create.Events[0].CreatedAt != At(at) {
		t.Error("a creation's record or events are not its own")
	}
}

func TestAKnockOutMatchCannotEndInADraw(t *testing.T) {
	for _, mode := range []Mode{Elimination, DoubleElimination, LordHaveMercy} {
		s := bracketTournament(4, mode, false)
		// The organizer allowed draws; a knock-out tree cannot.
		s.Tournament.Disciplines[0].Stages[0].Groups[0].Options.MatchConfigurations = []MatchConfiguration{{NumPoints: 5, NumSets: 2, Draw: true}}
		m := s.Matches[0]
		c, _ := s.CallMatch(m.ID, []string{"c1"}, at)
		s = apply(s, c)
		var re *ResultError
		if _, err := s.SetResult(m.ID, Encounters{{{5, 3}, {3, 5}}}, true, at, "x"); !errors.As(err, &re) {
			t.Errorf("%s: a drawn knock-out match: %v", mode, err)
		}
		if _, err := s.SetResult(m.ID, Encounters{{{5, 3}, {3, 5}, {5, 1}}}, true, at, "x"); err != nil {
			t.Errorf("%s: a decider after 1:1: %v", mode, err)
		}
	}
}

func TestQuickEntryResultsFinishMatches(t *testing.T) {
	s := bracketTournament(4, Elimination, false)
	s.Tournament.Disciplines[0].Stages[0].Groups[0].Options.MatchConfigurations = []MatchConfiguration{{NumPoints: 7, NumSets: 2, QuickEntry: true}}
	m := s.Matches[0]
	c, _ := s.CallMatch(m.ID, []string{"c1"}, at)
	s = apply(s, c)
	c, err := s.SetResult(m.ID, Encounters{{{1, 0}, {0, 1}, {0, 1}}}, true, at, "x")
	if err != nil {
		t.Fatal(err)
	}
	s = apply(s, c)
	played, _ := s.Match(m.ID)
	next, _ := s.Match(m.WinnerTo.MatchID)
	if played.State != MatchPlayed || played.Winner() != 1 || next.Entries[m.WinnerTo.Side].ID != m.Entries[1].ID || s.DisplayScore(played) != [2]int{1, 2} {
		t.Errorf("quick entry 1:2: %s, winner %d, display %v", played.State, played.Winner(), s.DisplayScore(played))
	}
}
