package tournament

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestSwissIntoDoubleElimination plays a 24-player Swiss of 5 rounds into a
// top-8 double elimination on 4 courts: the tree is drawn from the Swiss
// table by itself, best seeds first, and the tournament ends with a champion.
func TestSwissIntoDoubleElimination(t *testing.T) {
	s := newTournament(24, 4, EntrySingle, stageSpec{mode: Swiss, rounds: 5}, stageSpec{mode: DoubleElimination, qualify: 8})
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	if got := len(s.MatchesWhere(func(m *Match) bool { return m.State == MatchRunning })); got != 4 {
		t.Fatalf("%d matches called at the start, want one per court", got)
	}
	rng := rand.New(rand.NewPCG(13, 14))
	var swissTable []Standing
	for s.Tournament.Disciplines[0].Stages[0].State != PhaseFinished {
		var m *Match
		for _, x := range s.Matches {
			if x.State == MatchRunning && x.StageID == "s0" {
				m = x
				break
			}
		}
		if m == nil {
			t.Fatal("the Swiss stalled")
		}
		c, err := s.SetResult(m.ID, Encounters{{{7, rng.IntN(7)}}}, true, at, "test")
		if err != nil {
			t.Fatal(err)
		}
		s = applyAll(s, c)
		checkCourts(t, s)
		swissTable = s.Standings(&s.Tournament.Disciplines[0].Stages[0].Groups[0])
	}
	swiss := &s.Tournament.Disciplines[0].Stages[0].Groups[0]
	if len(swiss.Rounds) != 5 {
		t.Fatalf("the Swiss played %d rounds", len(swiss.Rounds))
	}
	tree := &s.Tournament.Disciplines[0].Stages[1].Groups[0]
	var top []string
	for _, row := range swissTable[:8] {
		top = append(top, row.Entry.ID)
	}
	if !slices.Equal(tree.EntryIDs, top) {
		t.Fatalf("the tree holds %v, the Swiss top 8 are %v", tree.EntryIDs, top)
	}
	for _, m := range s.Matches {
		if m.GroupID == tree.ID && m.Bracket == BracketWinners && m.RoundID == tree.Rounds[0].ID {
			if m.Entries[0].ID != top[0] && m.Entries[0].ID != top[1] && m.Entries[0].ID != top[2] && m.Entries[0].ID != top[3] {
				t.Errorf("first round %s v %s: a top-4 seed should lead each match", m.Entries[0].Name, m.Entries[1].Name)
			}
		}
	}
	s = playThrough(t, s, rng)
	if s.Tournament.State != StateFinished {
		t.Fatalf("tournament is %s", s.Tournament.State)
	}
	tree = &s.Tournament.Disciplines[0].Stages[1].Groups[0]
	table := s.Standings(tree)
	if table[0].Rank != 1 || table[1].Rank != 2 || !table[0].FinalResult {
		t.Fatalf("no champion: %+v", table[:2])
	}
}

// TestGroupsCrossIntoTree: four snake-drawn groups of four send their best
// two to an elimination; a group winner meets a runner-up of another group.
func TestGroupsCrossIntoTree(t *testing.T) {
	s := newTournament(16, 4, EntrySingle, stageSpec{mode: SnakeDraw, groups: 4}, stageSpec{mode: Elimination, qualify: 8})
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	// Snake draw: seeds 1, 8, 9, 16 in group A.
	if a := s.Tournament.Disciplines[0].Stages[0].Groups[0].EntryIDs; !slices.Equal(a, []string{"p001", "p008", "p009", "p016"}) {
		t.Fatalf("group A holds %v", a)
	}
	rng := rand.New(rand.NewPCG(15, 16))
	for s.Tournament.Disciplines[0].Stages[0].State != PhaseFinished {
		var m *Match
		for _, x := range s.Matches {
			if x.State == MatchRunning {
				m = x
				break
			}
		}
		if m == nil {
			t.Fatal("the groups stalled")
		}
		c, err := s.SetResult(m.ID, Encounters{{{rng.IntN(7), 7}}}, true, at, "test")
		if err != nil {
			t.Fatal(err)
		}
		s = applyAll(s, c)
	}
	groupOf := map[string]string{}
	place := map[string]int{}
	for _, g := range s.Tournament.Disciplines[0].Stages[0].Groups {
		for i, row := range s.Standings(&g) {
			groupOf[row.Entry.ID] = g.ID
			place[row.Entry.ID] = i
		}
	}
	tree := &s.Tournament.Disciplines[0].Stages[1].Groups[0]
	first := 0
	for _, m := range s.Matches {
		if m.GroupID != tree.ID || m.RoundID != tree.Rounds[0].ID {
			continue
		}
		first++
		a, b := m.Entries[0].ID, m.Entries[1].ID
		if groupOf[a] == groupOf[b] || place[a]+place[b] != 1 {
			t.Errorf("first round: %s (%s, place %d) v %s (%s, place %d)", a, groupOf[a], place[a]+1, b, groupOf[b], place[b]+1)
		}
	}
	if first != 4 {
		t.Fatalf("%d first-round matches", first)
	}
}

// TestCallingABusyEntry: nobody is called to a second court, and the message says where they play.
func TestCallingABusyEntry(t *testing.T) {
	s := newTournament(4, 3, EntrySingle, stageSpec{mode: RoundRobin})
	s.Tournament.AutoCall = false
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	var r1, r2 *Match
	for _, m := range s.Matches {
		if m.Involves("p001") && r1 == nil {
			r1 = m
		} else if m.Involves("p001") && r2 == nil {
			r2 = m
		}
	}
	c, err = s.CallMatch(r1.ID, []string{"c1"}, at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	_, err = s.CallMatch(r2.ID, []string{"c2"}, at)
	if err == nil || !strings.Contains(err.Error(), "Player 001 is playing on Table 1") {
		t.Fatalf("calling a busy player: %v", err)
	}
}

// play finishes the running match m with side winner winning 7:3.
func play(t *testing.T, s *Snapshot, m *Match, winner int) *Snapshot {
	t.Helper()
	if m.State != MatchRunning {
		c, err := s.CallMatch(m.ID, []string{"c1"}, at)
		if err != nil {
			t.Fatal(err)
		}
		s = applyAll(s, c)
	}
	set := Set{7, 3}
	if winner == 1 {
		set = Set{3, 7}
	}
	c, err := s.SetResult(m.ID, Encounters{{set}}, true, at, "test")
	if err != nil {
		t.Fatal(err)
	}
	return applyAll(s, c)
}

func TestCorrectionInATree(t *testing.T) {
	s := newTournament(4, 1, EntrySingle, stageSpec{mode: Elimination})
	s.Tournament.AutoCall = false
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	semis := s.MatchesWhere(func(m *Match) bool { return m.State == MatchOpen && m.Bracket == BracketWinners })
	s = play(t, s, semis[0], 0)
	winner := semis[0].Entries[0]
	loser := semis[0].Entries[1]
	// Corrected before the final starts: the other side goes on.
	c, err = s.CorrectResult(semis[0].ID, Encounters{{{2, 7}}}, at, "referee")
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	final, _ := s.Match(semis[0].WinnerTo.MatchID)
	third, _ := s.Match(semis[0].LoserTo.MatchID)
	if final.Entries[semis[0].WinnerTo.Side].ID != loser.ID || third.Entries[semis[0].LoserTo.Side].ID != winner.ID {
		t.Fatalf("after the correction: final %v, third place %v", final.Entries, third.Entries)
	}
	// The final only called: the correction takes it back from its court, with its new side.
	s = play(t, s, semis[1], 0)
	final, _ = s.Match(final.ID)
	c, err = s.CallMatch(final.ID, []string{"c1"}, at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	c, err = s.CorrectResult(semis[0].ID, Encounters{{{7, 2}}}, at, "referee")
	if err != nil {
		t.Fatalf("correcting under a final only called: %v", err)
	}
	s = applyAll(s, c)
	final, _ = s.Match(final.ID)
	if final.State != MatchOpen || s.CourtMatch("c1") != nil || final.Entries[semis[0].WinnerTo.Side].ID != winner.ID {
		t.Fatalf("after correcting under a called final: %s on %v with %v", final.State, final.CourtIDs, final.Entries)
	}
	// Once the final has a score, the semi-final's winner stays, and the refusal says what is left.
	c, err = s.CallMatch(final.ID, []string{"c1"}, at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	c, err = s.SetResult(final.ID, Encounters{{{1, 0}}}, false, at, "referee")
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	_, err = s.CorrectResult(semis[0].ID, Encounters{{{2, 7}}}, at, "referee")
	if err == nil || !strings.Contains(err.Error(), "Final") || !strings.Contains(err.Error(), "keeping the same winner") {
		t.Fatalf("correcting under a final with a score: %v", err)
	}
}

// TestCorrectionInASwissRedrawsTheNextRound: under automatic calling, the
// round drawn after a wrong result is on the courts, called but not begun:
// a correction that changes the winner takes those calls back, draws the
// round again from the corrected standings and calls it; once a match of
// it has a score, the correction is refused, saying what can still be done.
func TestCorrectionInASwissRedrawsTheNextRound(t *testing.T) {
	s := newTournament(8, 4, EntrySingle, stageSpec{mode: Swiss, rounds: 3})
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	round1 := slices.Clone(s.Matches)
	for _, m := range round1 {
		m, _ = s.Match(m.ID)
		s = play(t, s, m, 0)
	}
	g := &s.Tournament.Disciplines[0].Stages[0].Groups[0]
	if len(g.Rounds) != 2 {
		t.Fatalf("%d rounds after round 1", len(g.Rounds))
	}
	oldRound2 := s.MatchesWhere(func(m *Match) bool { return m.RoundID == g.Rounds[1].ID })
	called := 0
	for _, m := range oldRound2 {
		if m.State == MatchRunning {
			called++
		}
	}
	if called != 4 {
		t.Fatalf("%d matches of round 2 called to the 4 courts", called)
	}
	wrong := round1[0]
	c, err = s.CorrectResult(wrong.ID, Encounters{{{3, 7}}}, at, "referee")
	if err != nil {
		t.Fatalf("a round 1 correction while round 2 is only called: %v", err)
	}
	rd := c.Redraws(s)
	if !slices.Equal(rd.Rounds, []string{"Round 2"}) || rd.Matches != 4 || rd.Called != 4 || len(rd.Courts) != 4 || rd.Stage != "" {
		t.Errorf("the correction says it redraws %+v; want Round 2, 4 matches, 4 called from 4 courts", rd)
	}
	s = applyAll(s, c)
	for _, m := range oldRound2 {
		if _, ok := s.Match(m.ID); ok {
			t.Errorf("%s of the old round 2 is still there", m.ID)
		}
	}
	g = &s.Tournament.Disciplines[0].Stages[0].Groups[0]
	round2 := s.MatchesWhere(func(m *Match) bool { return m.RoundID == g.Rounds[1].ID })
	if len(g.Rounds) != 2 || len(round2) != 4 {
		t.Fatalf("after the correction: %d rounds, %d matches in round 2", len(g.Rounds), len(round2))
	}
	winner := wrong.Entries[1].ID // the corrected winner meets another winner of round 1
	for _, m := range round2 {
		if m.State != MatchRunning {
			t.Errorf("the new round 2's %s is %s, not called", m.ID, m.State)
		}
		if m.Involves(winner) {
			other := m.Entries[0]
			if other.ID == winner {
				other = m.Entries[1]
			}
			if st := standingOf(s, g, other.ID); st.Points != 2 {
				t.Errorf("the corrected winner meets %s with %d points, not a round 1 winner", other.Name, st.Points)
			}
		}
	}
	// A point played in round 2: the round stays, and the refusal says what can be done.
	c, err = s.SetResult(round2[0].ID, Encounters{{{1, 0}}}, false, at, "referee")
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	_, err = s.CorrectResult(wrong.ID, Encounters{{{7, 3}}}, at, "referee")
	if err == nil || !strings.Contains(err.Error(), "has a score") || !strings.Contains(err.Error(), "keeping the same winner") {
		t.Fatalf("correcting under a round 2 with a score: %v", err)
	}
	if _, err := s.CorrectResult(wrong.ID, Encounters{{{5, 7}}}, at, "referee"); err != nil {
		t.Errorf("a correction keeping the winner was refused: %v", err)
	}
}

// standingOf is the entry's row in the group's standings.
func standingOf(s *Snapshot, g *Group, id string) Standing {
	for _, row := range Standings(g, s.MatchesWhere(func(m *Match) bool { return m.GroupID == g.ID }), s.Entries) {
		if row.Entry.ID == id {
			return row
		}
	}
	return Standing{}
}

func TestWithdrawAndLateEntry(t *testing.T) {
	s := newTournament(6, 3, EntrySingle, stageSpec{mode: Swiss, rounds: 4})
	s.Tournament.AutoCall = false
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	var m *Match
	for _, x := range s.Matches {
		if x.Involves("p002") {
			m = x
		}
	}
	c, err = s.Withdraw("d", "p002", at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	m, _ = s.Match(m.ID)
	if m.State != MatchPlayed || m.Winner() != 1-slices.IndexFunc(m.Entries[:], func(e *Entry) bool { return e.ID == "p002" }) {
		t.Fatalf("p002's match after withdrawing: %s %v", m.State, m.Encounters)
	}
	late := &Entry{ID: "late", Name: "Late Comer", Entries: []*Entry{{ID: "late", Name: "Late Comer"}}}
	c, err = s.AddLateEntry("d", late, at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	for _, x := range s.Matches {
		if x.State == MatchOpen {
			s = play(t, s, x, 0)
		}
	}
	g := &s.Tournament.Disciplines[0].Stages[0].Groups[0]
	if len(g.Rounds) != 2 {
		t.Fatalf("%d rounds", len(g.Rounds))
	}
	var inRound2 []string
	for _, x := range s.MatchesWhere(func(m *Match) bool { return m.RoundID == g.Rounds[1].ID }) {
		inRound2 = append(inRound2, x.people()...)
	}
	if slices.Contains(inRound2, "p002") || !slices.Contains(inRound2, "late") || len(inRound2) != 6 {
		t.Fatalf("round 2 holds %v", inRound2)
	}
}

func TestEstimatedStarts(t *testing.T) {
	s := newTournament(8, 2, EntrySingle, stageSpec{mode: RoundRobin})
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	est := s.EstimatedStarts(at)
	q := Queue(s.Matches)
	if len(est) != len(q) || len(q) == 0 {
		t.Fatalf("%d estimates for %d queued matches", len(est), len(q))
	}
	// Two courts busy since at, matches of 15 minutes: the first two queued start at +15, the next at +30.
	if d := est[q[0].ID].Sub(at); d != DefaultMatchDuration {
		t.Errorf("first queued match starts after %v", d)
	}
	for i := 1; i < len(q); i++ {
		if est[q[i].ID].Before(est[q[i-1].ID]) && !slices.ContainsFunc(q[i].people(), func(id string) bool { return slices.Contains(q[i-1].people(), id) }) {
			continue
		}
	}
	if d := est[q[len(q)-1].ID].Sub(at); d < 5*DefaultMatchDuration {
		t.Errorf("the last of 28 matches on 2 courts starts after only %v", d)
	}
}

// TestHamburgOpenPlaysIntoItsTree plays the demo's Hamburg Open singles
// Swiss to its end by hand (call, result): the knock-out tree is then drawn
// from the Swiss table by itself.
func TestHamburgOpenPlaysIntoItsTree(t *testing.T) {
	d := NewDemo(1, at)
	var dt DemoTournament
	for _, x := range d.Tournaments {
		if x.Tournament.Name == "Hamburg Open 2026" {
			dt = x
		}
	}
	entries := map[string]*Entry{}
	for _, e := range dt.Entries {
		entries[e.ID] = e
	}
	s := NewSnapshot(1, dt.Tournament, Organizer{}, dt.Matches, entries)
	disc := &s.Tournament.Disciplines[0]
	for step := 0; disc.Stages[0].State != PhaseFinished; step++ {
		if step > 200 {
			t.Fatal("the Swiss never finished")
		}
		var m *Match
		for _, x := range s.Matches {
			if x.StageID == disc.Stages[0].ID && (x.State == MatchRunning || x.State == MatchOpen && !s.Busy(x)) {
				m = x
				break
			}
		}
		if m == nil {
			t.Fatal("the Swiss stalled")
		}
		if m.State == MatchOpen {
			var free string
			for _, c := range s.Tournament.Courts {
				if s.CourtMatch(c.ID) == nil {
					free = c.ID
					break
				}
			}
			c, err := s.CallMatch(m.ID, []string{free}, at)
			if err != nil {
				t.Fatal(err)
			}
			s = applyAll(s, c)
		}
		c, err := s.SetResult(m.ID, Encounters{{{7, 4}}}, true, at, "test")
		if err != nil {
			t.Fatal(err)
		}
		s = applyAll(s, c)
		disc = &s.Tournament.Disciplines[0]
	}
	ko := disc.Stages[1]
	tree := &ko.Groups[0]
	if ko.Qualify < 2 || len(tree.EntryIDs) != ko.Qualify {
		t.Fatalf("the main tree holds %d entries, the stage takes %d", len(tree.EntryIDs), ko.Qualify)
	}
	open := s.MatchesWhere(func(m *Match) bool {
		return m.GroupID == tree.ID && m.State == MatchOpen && m.Entries[0] != nil && m.Entries[1] != nil
	})
	if len(open) != ko.Qualify/2 {
		t.Fatalf("%d first-round matches open in the main tree of %d", len(open), ko.Qualify)
	}
}

// TestLateEntryBeforeTheRoundStarts: a round nobody has started is drawn again with the late entry.
func TestLateEntryBeforeTheRoundStarts(t *testing.T) {
	s := newTournament(5, 2, EntrySingle, stageSpec{mode: Swiss, rounds: 3})
	s.Tournament.AutoCall = false
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	late := &Entry{ID: "late", Name: "Late Comer", Entries: []*Entry{{ID: "late", Name: "Late Comer"}}}
	c, err = s.AddLateEntry("d", late, at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	g := &s.Tournament.Disciplines[0].Stages[0].Groups[0]
	var round1 []string
	byes := 0
	for _, m := range s.MatchesWhere(func(m *Match) bool { return m.RoundID == g.Rounds[0].ID }) {
		round1 = append(round1, m.people()...)
		if m.State == MatchBye {
			byes++
		}
	}
	if len(g.Rounds) != 1 || len(round1) != 6 || byes != 0 || !slices.Contains(round1, "late") {
		t.Fatalf("round 1 after the late entry: %d rounds, %v, %d byes", len(g.Rounds), round1, byes)
	}
}

func TestStartRefuses(t *testing.T) {
	s := newTournament(1, 1, EntrySingle, stageSpec{mode: Swiss})
	if _, err := s.Start(at); err == nil || !strings.Contains(err.Error(), "at least two entries") {
		t.Errorf("one entry: %v", err)
	}
	s = newTournament(3, 1, EntryMonsterDYP, stageSpec{mode: MonsterDYP})
	if _, err := s.Start(at); err == nil || !strings.Contains(err.Error(), "cannot play a round") {
		t.Errorf("three Monster DYP players: %v", err)
	}
	s = newTournament(4, 1, EntrySingle, stageSpec{mode: RoundRobin})
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := applyAll(s, c).Start(at); err == nil || !strings.Contains(err.Error(), "started already") {
		t.Errorf("starting twice: %v", err)
	}
}

// TestDYPDrawsTeams: a DYP's players are drawn into fixed teams of two at the start.
func TestDYPDrawsTeams(t *testing.T) {
	s := newTournament(8, 2, EntryDYP, stageSpec{mode: Swiss, rounds: 3})
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Entries) != 4 {
		t.Fatalf("%d teams drawn", len(c.Entries))
	}
	s = applyAll(s, c)
	seen := map[string]bool{}
	for _, id := range s.Tournament.Disciplines[0].EntryIDs {
		team := s.Entries[id]
		if team == nil || len(team.Entries) != 2 {
			t.Fatalf("entry %s is not a team of two", id)
		}
		for _, p := range team.Entries {
			if seen[p.ID] {
				t.Fatalf("%s is in two teams", p.ID)
			}
			seen[p.ID] = true
		}
	}
	if len(s.MatchesWhere(func(m *Match) bool { return m.State == MatchRunning })) != 2 {
		t.Error("the first round of two team matches is not on the two courts")
	}
}

// TestCorrectionRedrawsTheNextStage: a group result corrected before the next
// stage has started draws that stage again; once it has started, the
// correction is refused, naming the match.
func TestCorrectionRedrawsTheNextStage(t *testing.T) {
	s := newTournament(6, 2, EntrySingle, stageSpec{mode: RoundRobin, groups: 2}, stageSpec{mode: Elimination, qualify: 4})
	s.Tournament.AutoCall = false
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	for _, m := range slices.Clone(s.Matches) {
		s = play(t, s, m, 0)
	}
	tree := s.Tournament.Disciplines[0].Stages[1]
	if tree.State != PhaseReady {
		t.Fatalf("the tree is %s after the groups", tree.State)
	}
	first := s.Matches[0]
	c, err = s.CorrectResult(first.ID, Encounters{{{1, 7}}}, at, "referee")
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Removed) == 0 {
		t.Fatal("the tree was not drawn again")
	}
	s = applyAll(s, c)
	semi := s.MatchesWhere(func(m *Match) bool { return m.StageID == tree.ID && m.State == MatchOpen })[0]
	c, err = s.CallMatch(semi.ID, []string{"c1"}, at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	// Called is not played: the correction still redraws, and the court is free again.
	c, err = s.CorrectResult(first.ID, Encounters{{{7, 1}}}, at, "referee")
	if err != nil {
		t.Fatalf("correcting while a knock-out match is only called: %v", err)
	}
	if rd := c.Redraws(s); rd.Matches == 0 || rd.Called != 1 || rd.Stage != tree.Name || len(rd.Rounds) != 0 {
		t.Errorf("the correction redraws %+v; want the tree's matches, 1 of them called", rd)
	}
	s = applyAll(s, c)
	if s.CourtMatch("c1") != nil {
		t.Error("the called match of the old draw still holds its court")
	}
	// Once a knock-out match is played, a correction that changes the qualifiers is refused, saying what can be done.
	semi = s.MatchesWhere(func(m *Match) bool { return m.StageID == tree.ID && m.State == MatchOpen })[0]
	s = play(t, s, semi, 0)
	_, err = s.CorrectResult(first.ID, Encounters{{{1, 7}}}, at, "referee")
	if err == nil || !strings.Contains(err.Error(), semi.Entries[0].Name) || !strings.Contains(err.Error(), "is still possible") || strings.Contains(err.Error(), "first") {
		t.Fatalf("correcting under a played knock-out match: %v", err)
	}
}

// TestACorrectionThatKeepsTheQualifiers: after a knock-out match has been
// played, a pool result can still be corrected when the groups send the
// same entries from the same places; the knock-out stays as it is.
func TestACorrectionThatKeepsTheQualifiers(t *testing.T) {
	s := newTournament(8, 2, EntrySingle, stageSpec{mode: RoundRobin, groups: 2}, stageSpec{mode: Elimination, qualify: 4})
	s.Tournament.AutoCall = false
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	for _, m := range slices.Clone(s.Matches) {
		s = play(t, s, m, 0)
	}
	tree := s.Tournament.Disciplines[0].Stages[1]
	semi := s.MatchesWhere(func(m *Match) bool { return m.StageID == tree.ID && m.State == MatchOpen })[0]
	s = play(t, s, semi, 0)
	// The last pool match, won by side 0 7:x, becomes 7:5: same winner, same table order.
	var last *Match
	for _, m := range s.Matches {
		if m.StageID != tree.ID && m.State == MatchPlayed {
			last = m
		}
	}
	c, err = s.CorrectResult(last.ID, Encounters{{{7, 5}}}, at, "referee")
	if err != nil {
		t.Fatalf("a correction that keeps the qualifiers: %v", err)
	}
	if len(c.Removed) != 0 {
		t.Errorf("the knock-out was drawn again (%d matches removed) though nobody else qualified", len(c.Removed))
	}
}

// TestNoDrawWhereSomeoneMustGoOn: a tree or last-one-standing match cannot
// end level, even where its configuration allows draws.
func TestNoDrawWhereSomeoneMustGoOn(t *testing.T) {
	for _, mode := range []Mode{Elimination, LastOneStanding, Swiss} {
		s := newTournament(4, 2, EntrySingle, stageSpec{mode: mode})
		s.Tournament.Disciplines[0].Stages[0].Groups[0].Options.MatchConfigurations[0] = MatchConfiguration{NumPoints: 5, NumSets: 2, Draw: true}
		c, err := s.Start(at)
		if err != nil {
			t.Fatal(err)
		}
		s = applyAll(s, c)
		m := s.MatchesWhere(func(m *Match) bool { return m.State == MatchRunning })[0]
		_, err = s.SetResult(m.ID, Encounters{{{5, 3}, {3, 5}}}, true, at, "test")
		if mode.Rules().Draws != (err == nil) {
			t.Errorf("%s: a draw gives %v", mode, err)
		}
	}
}

// A tree needs a winner: a level final result is refused, and so is a level
// correction, whatever the match configuration says of draws.
func TestATreeRefusesALevelResult(t *testing.T) {
	s := newTournament(8, 4, EntrySingle, stageSpec{mode: Elimination})
	s.Tournament.Disciplines[0].Stages[0].Groups[0].Encounters = []string{"Single", "Double"} // one won each: level
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	running := s.MatchesWhere(func(m *Match) bool { return m.State == MatchRunning })
	if len(running) == 0 {
		t.Fatal("nothing runs after the start")
	}
	level := Encounters{{{7, 1}}, {{3, 7}}}
	if _, err := s.SetResult(running[0].ID, level, true, at, "test"); err == nil || !strings.Contains(err.Error(), "cannot end in a draw") {
		t.Errorf("a level final result: %v", err)
	}
	c, err = s.SetResult(running[0].ID, Encounters{{{7, 1}}, {{7, 3}}}, true, at, "test")
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	if _, err := s.CorrectResult(running[0].ID, level, at, "test"); err == nil || !strings.Contains(err.Error(), "cannot end in a draw") {
		t.Errorf("a level correction: %v", err)
	}
}

// TestPairedSidesAlternate plays Swiss, last one standing and rounds
// through the engine and counts who is named first: seed 1 is not first in
// every round (it was in 7 of 7), and every entry's home and away counts
// stay within two of each other, as FIDE's colours do.
func TestPairedSidesAlternate(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for _, mode := range []Mode{Swiss, LastOneStanding, Rounds} {
		t.Run(string(mode), func(t *testing.T) {
			s := newTournament(8, 4, EntrySingle, stageSpec{mode: mode, rounds: 7})
			if mode == LastOneStanding {
				s.Tournament.Disciplines[0].Stages[0].Groups[0].Lives = 4
			}
			c, err := s.Start(at)
			if err != nil {
				t.Fatal(err)
			}
			s = playThrough(t, applyAll(s, c), rng)
			first := s.Tournament.Disciplines[0].EntryIDs[0]
			home, away := map[string]int{}, map[string]int{}
			played := 0
			for _, m := range s.Matches {
				if m.State != MatchPlayed || m.Entries[0] == nil || m.Entries[1] == nil {
					continue
				}
				home[m.Entries[0].ID]++
				away[m.Entries[1].ID]++
				if m.Entries[0].ID == first || m.Entries[1].ID == first {
					played++
				}
			}
			if played > 2 && away[first] == 0 {
				t.Errorf("seed 1 is named first in all of its %d matches", played)
			}
			for _, id := range s.Tournament.Disciplines[0].EntryIDs {
				if d := home[id] - away[id]; d > 2 || d < -2 {
					t.Errorf("%s: %d home, %d away", id, home[id], away[id])
				}
			}
		})
	}
}
