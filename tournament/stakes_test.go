package tournament

import (
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
)

// withResults is s with each match of results played: side 0 wins 7:lose
// when lose ≥ 0, side 1 wins 7:-lose-1 otherwise (a copy; s is unchanged).
func withResults(s *Snapshot, results map[string]int) *Snapshot {
	ms := make([]*Match, len(s.Matches))
	for i, m := range s.Matches {
		c := *m
		if r, ok := results[m.ID]; ok {
			c.State = MatchPlayed
			c.Encounters = Encounters{{{7, r}}}
			if r < 0 {
				c.Encounters = Encounters{{{-r - 1, 7}}}
			}
		}
		ms[i] = &c
	}
	return NewSnapshot(s.Version+1, s.Tournament, s.Organizer, ms, s.Entries)
}

// TestStakesHoldWhateverHappens plays round-robin groups part way at random
// and checks every Stakes against the real tables (every tie-break) of every
// way the group can end: Through must end in the places that go on, Out
// below them, and each outlook after the next match must hold after it.
func TestStakesHoldWhateverHappens(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 25))
	decided := map[Outlook]int{}
	for range 150 {
		n, q := 4+rng.IntN(3), 1+rng.IntN(3)
		s := newTournament(n, 2, EntrySingle, stageSpec{mode: RoundRobin}, stageSpec{mode: Elimination, qualify: q})
		c, err := s.Start(at)
		if err != nil {
			t.Fatal(err)
		}
		s = applyAll(s, c)
		g := &s.Tournament.Disciplines[0].Stages[0].Groups[0]
		var left []*Match
		results := map[string]int{}
		for _, m := range s.Matches {
			if m.GroupID != g.ID {
				continue
			}
			if rng.IntN(n) < 2 || len(left) > 8 { // at most 9 left: 512 ways to end
				results[m.ID] = rng.IntN(14) - 7
			} else {
				left = append(left, m)
			}
		}
		s = withResults(s, results)
		me := g.EntryIDs[rng.IntN(n)]
		sks := s.Stakes(me)
		if len(sks) != 1 {
			t.Fatalf("%d stakes for a group of %d where %d go on", len(sks), n, q)
		}
		sk := sks[0]
		decided[sk.Now]++
		for way := range 1 << len(left) {
			end := maps.Clone(results)
			for i, m := range left {
				if way>>i&1 == 0 {
					end[m.ID] = rng.IntN(7)
				} else {
					end[m.ID] = -1 - rng.IntN(7)
				}
			}
			final := withResults(s, end)
			place := slices.IndexFunc(final.Standings(g), func(r Standing) bool { return r.Entry.ID == me })
			check := func(o Outlook, what string) {
				t.Helper()
				if o == Through && place >= q || o == Out && place < q {
					t.Fatalf("%s: %v, but the group can end with %s %d. of %d (%d go on)", what, o, me, place+1, n, q)
				}
			}
			check(sk.Now, "now")
			if sk.Match == nil {
				continue
			}
			side := sideOf(sk.Match, me)
			if won := end[sk.Match.ID] >= 0 == (side == 0); won {
				check(sk.Win, "after a win")
			} else {
				check(sk.Loss, "after a loss")
			}
		}
	}
	if decided[Through] == 0 || decided[Out] == 0 || decided[Open] == 0 {
		t.Fatalf("the random groups never reached every outlook: %v", decided)
	}
}

// sideOf is the side of m the entry plays on.
func sideOf(m *Match, id string) int {
	if m.Entries[1] != nil && m.Entries[1].ID == id {
		return 1
	}
	return 0
}

// TestWinToQualify: a group of four where two go on, one round left: 1 v 3
// and 2 v 4. Player 2 has won twice, 1 and 3 once, 4 never. Whoever wins 1 v
// 3 is through and the loser out; 2 is through whatever happens (only one
// of 1 and 3 can reach its points); 4 is out whatever happens.
func TestWinToQualify(t *testing.T) {
	s := newTournament(4, 2, EntrySingle, stageSpec{mode: RoundRobin}, stageSpec{mode: Elimination, qualify: 2})
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	between := func(a, b string) *Match {
		for _, m := range s.Matches {
			if m.Involves(a) && m.Involves(b) {
				return m
			}
		}
		t.Fatalf("no match %s v %s", a, b)
		return nil
	}
	wins := func(w, l string) int {
		if sideOf(between(w, l), w) == 0 {
			return 3
		}
		return -4
	}
	s = withResults(s, map[string]int{
		between("p001", "p002").ID: wins("p002", "p001"), between("p003", "p004").ID: wins("p003", "p004"),
		between("p001", "p004").ID: wins("p001", "p004"), between("p002", "p003").ID: wins("p002", "p003"),
	})
	for _, tc := range []struct {
		id             string
		now, win, loss Outlook
	}{
		{"p001", Open, Through, Out},
		{"p002", Through, Through, Through},
		{"p003", Open, Through, Out},
		{"p004", Out, Out, Out},
	} {
		sk := s.Stakes(tc.id)
		if len(sk) != 1 || sk[0].Now != tc.now || sk[0].Win != tc.win || sk[0].Loss != tc.loss || sk[0].Draws || sk[0].Next != "Stage 2" || sk[0].Places != 2 {
			t.Errorf("%s: %+v, want now %v, win %v, loss %v", tc.id, sk, tc.now, tc.win, tc.loss)
		}
	}
}

// TestIfTablesStand: two groups of four into a knock-out of four; if the
// tables stand, each group's winner meets the other's runner-up.
func TestIfTablesStand(t *testing.T) {
	s := newTournament(8, 4, EntrySingle, stageSpec{mode: RoundRobin, groups: 2}, stageSpec{mode: Elimination, qualify: 4})
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	results := map[string]int{}
	for _, m := range s.Matches[:6] { // some matches in each group
		results[m.ID] = 2
	}
	s = withResults(s, results)
	groups := s.Tournament.Disciplines[0].Stages[0].Groups
	for gi, g := range groups {
		table := s.Standings(&g)
		l, ok := s.IfTablesStand(&g, table[0].Entry.ID)
		if o := l.Opponent; !ok || l.Place.Place != 1 || l.Place.Pool != gi || o == nil || o.Place != 2 || o.Pool != 1-gi || l.Next.Name != "Stage 2" {
			t.Errorf("the leader of %s: %+v (%v)", g.Name, l, ok)
		}
		if _, ok := s.IfTablesStand(&g, table[3].Entry.ID); ok {
			t.Errorf("the last of %s would go on", g.Name)
		}
	}
}

// TestPathThroughADoubleElimination follows a player of eight through a
// double elimination: where each win and loss leads, and who may come.
func TestPathThroughADoubleElimination(t *testing.T) {
	s := newTournament(8, 4, EntrySingle, stageSpec{mode: DoubleElimination})
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	first := s.MatchesWhere(func(m *Match) bool { return m.Involves("p001") })[0]
	p, ok := s.Path(first, sideOf(first, "p001"))
	if !ok || p.WinTo == nil || p.WinTo.Bracket != BracketWinners || p.LoseTo == nil || p.LoseTo.Bracket != BracketLosers || p.Out || p.WinPlace != 0 {
		t.Fatalf("first round: %+v (%v)", p, ok)
	}
	if f, winner, ok := s.Feeder(p.WinTo, 1-p.WinSide); !ok || !winner || f.Involves("p001") || f.Bracket != BracketWinners {
		t.Fatalf("the next opponent comes from %+v (winner %v)", f, winner)
	}
	// p001 wins every match: the winners' final, then the grand final
	final := false
	for m := first; m != nil && !final; {
		p, _ = s.Path(m, sideOf(m, "p001"))
		if m.Bracket == BracketFinal {
			if p.WinPlace != 1 || p.LoseTo == nil || p.LoseTo.Bracket != BracketReset {
				t.Fatalf("grand final of the unbeaten: %+v", p)
			}
			if q, _ := s.Path(m, 1-sideOf(m, "p001")); q.WinTo != p.LoseTo || q.LosePlace != 2 || q.WinPlace != 0 {
				t.Fatalf("grand final of the other: %+v", q)
			}
			final = true
			continue
		}
		// everyone else's matches before it, so that it is open
		for _, o := range s.Matches {
			if o.State == MatchRunning && o.ID != m.ID && !o.Involves("p001") {
				s = play(t, s, o, 0)
			}
		}
		m, _ = s.Match(m.ID)
		s = play(t, s, m, sideOf(m, "p001"))
		m = nil
		for _, o := range s.Matches {
			if o.Involves("p001") && !o.Done() {
				m = o
				break
			}
		}
		for m != nil && m.State != MatchRunning && m.State != MatchOpen {
			ran := false
			for _, o := range s.Matches {
				if o.State == MatchRunning && !o.Involves("p001") || o.State == MatchOpen && !o.Involves("p001") {
					s, ran = play(t, s, o, 0), true
					break
				}
			}
			if !ran {
				t.Fatalf("stalled before %s", m.ID)
			}
			m, _ = s.Match(m.ID)
		}
	}
	if !final {
		t.Fatal("p001 never reached the grand final")
	}
}

// BenchmarkStakes64 reckons the stakes of every entry of a round robin of
// 64 with ten matches left (the most that are tried one by one; draws allowed).
func BenchmarkStakes64(b *testing.B) {
	s := newTournament(64, 8, EntrySingle, stageSpec{mode: RoundRobin}, stageSpec{mode: Elimination, qualify: 8})
	s.Tournament.Disciplines[0].Stages[0].Groups[0].Options.MatchConfigurations[0].Draw = true
	c, err := s.Start(at)
	if err != nil {
		b.Fatal(err)
	}
	s = applyAll(s, c)
	rng := rand.New(rand.NewPCG(1, 2))
	results := map[string]int{}
	for _, m := range s.Matches[:len(s.Matches)-10] {
		results[m.ID] = rng.IntN(14) - 7
	}
	s = withResults(s, results)
	ids := s.Tournament.Disciplines[0].Stages[0].Groups[0].EntryIDs
	b.ResetTimer()
	for i := range b.N {
		s.Stakes(ids[i%len(ids)])
	}
}
