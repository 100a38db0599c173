package tournament

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// applyAll is what the store does with a change, new and removed matches
// and written entries included: the next snapshot.
func applyAll(s *Snapshot, c *Change) *Snapshot {
	var ms []*Match
	for _, m := range s.Matches {
		if slices.Contains(c.Removed, m.ID) {
			continue
		}
		if i := slices.IndexFunc(c.Matches, func(n *Match) bool { return n.ID == m.ID }); i >= 0 {
			ms = append(ms, c.Matches[i])
		} else {
			ms = append(ms, m)
		}
	}
	for _, m := range c.Matches {
		if _, ok := s.Match(m.ID); !ok {
			ms = append(ms, m)
		}
	}
	t := s.Tournament
	if c.Tournament != nil {
		t = c.Tournament
	}
	entries := s.Entries
	if len(c.Entries) > 0 {
		entries = map[string]*Entry{}
		for id, e := range s.Entries {
			entries[id] = e
		}
		for _, e := range c.Entries {
			entries[e.ID] = e
		}
	}
	return NewSnapshot(s.Version+1, t, s.Organizer, ms, entries)
}

var sevenUp = MatchConfiguration{Name: "One set to 7", NumPoints: 7, NumSets: 1, Draw: false}

// players makes n players p001, p002, ...
func players(n int) ([]*Entry, map[string]*Entry) {
	es := make([]*Entry, n)
	byID := map[string]*Entry{}
	for i := range es {
		id := fmt.Sprintf("p%03d", i+1)
		es[i] = &Entry{ID: id, Name: "Player " + id[1:]}
		es[i].Entries = []*Entry{{ID: id, Name: es[i].Name}}
		byID[id] = es[i]
	}
	return es, byID
}

// stageSpec is one stage of a test tournament: its groups' mode, how many
// groups, and how many entries it takes from the stage before.
type stageSpec struct {
	mode    Mode
	groups  int
	qualify int
	rounds  int
}

// newTournament is a planned tournament of one discipline over n players on courts courts.
func newTournament(n, courts int, et EntryType, stages ...stageSpec) *Snapshot {
	es, byID := players(n)
	d := Discipline{ID: "d", Name: "Open", EntryType: et, EntryIDs: ids(es)}
	for si, sp := range stages {
		st := Stage{ID: fmt.Sprintf("s%d", si), Name: fmt.Sprintf("Stage %d", si+1), State: PhasePlanned, Qualify: sp.qualify}
		for gi := range max(sp.groups, 1) {
			g := Group{ID: fmt.Sprintf("s%dg%d", si, gi), Name: fmt.Sprintf("Group %c", 'A'+gi), Mode: sp.mode, State: PhasePlanned,
				Options: GroupOptions{MatchConfigurations: []MatchConfiguration{sevenUp}, NumRoundsPlanned: sp.rounds, EliminationThirdPlace: true}}
			if sp.mode.HasLives() {
				g.Lives = 2
			}
			st.Groups = append(st.Groups, g)
		}
		d.Stages = append(d.Stages, st)
	}
	t := &Tournament{ID: "t", Name: "Test", State: StateReady, AutoCall: true, Disciplines: []Discipline{d}}
	for i := 1; i <= courts; i++ {
		t.Courts = append(t.Courts, Court{ID: fmt.Sprintf("c%d", i), Number: i, Name: fmt.Sprintf("Table %d", i)})
	}
	return NewSnapshot(1, t, Organizer{}, nil, byID)
}

// checkCourts fails t when anyone is on two courts or a court has two matches.
func checkCourts(t *testing.T, s *Snapshot) {
	t.Helper()
	court := map[string]string{}
	person := map[string]string{}
	for _, m := range s.Matches {
		if m.State != MatchRunning {
			continue
		}
		for _, c := range m.CourtIDs {
			if other, ok := court[c]; ok {
				t.Fatalf("court %s has %s and %s", c, other, m.ID)
			}
			court[c] = m.ID
		}
		for _, id := range m.people() {
			if other, ok := person[id]; ok {
				t.Fatalf("%s plays in %s and %s at once", id, other, m.ID)
			}
			person[id] = m.ID
		}
	}
}

// playThrough plays the tournament to its end: random results for running
// matches (autoCall puts matches on courts), one at a time.
func playThrough(t *testing.T, s *Snapshot, rng *rand.Rand) *Snapshot {
	t.Helper()
	now := at
	for step := 0; ; step++ {
		if step > 5000 {
			t.Fatal("the tournament never finished")
		}
		checkCourts(t, s)
		var running []*Match
		for _, m := range s.Matches {
			if m.State == MatchRunning {
				running = append(running, m)
			}
		}
		if len(running) == 0 {
			return s
		}
		m := running[rng.IntN(len(running))]
		win := Set{7, rng.IntN(7)}
		if rng.IntN(2) == 1 {
			win = Set{win[1], 7}
		}
		now = now.Add(time.Minute)
		c, err := s.SetResult(m.ID, Encounters{{win}}, true, now, "test")
		if err != nil {
			t.Fatalf("result for %s: %v", m.ID, err)
		}
		s = applyAll(s, c)
	}
}

// TestEveryModeRunsByItself starts and plays out a tournament of every mode
// at several sizes: it ends finished, every match done, nobody on two courts.
func TestEveryModeRunsByItself(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, mode := range Modes {
		for _, n := range []int{2, 3, 4, 5, 7, 8, 12, 13, 24} {
			et := EntrySingle
			if (mode == MonsterDYP || mode == Whist) && n < 4 {
				continue
			}
			if mode == MonsterDYP || mode == Whist {
				et = EntryMonsterDYP
			}
			t.Run(fmt.Sprintf("%s/%d", mode, n), func(t *testing.T) {
				s := newTournament(n, 3, et, stageSpec{mode: mode, rounds: 4})
				c, err := s.Start(at)
				if err != nil {
					t.Fatal(err)
				}
				s = applyAll(s, c)
				s = playThrough(t, s, rng)
				if s.Tournament.State != StateFinished {
					t.Fatalf("tournament is %s", s.Tournament.State)
				}
				for _, m := range s.Matches {
					if !m.Done() {
						t.Fatalf("match %s left %s", m.ID, m.State)
					}
				}
				g := &s.Tournament.Disciplines[0].Stages[0].Groups[0]
				if rules := mode.Rules(); rules.Making == Paired && !rules.Lives && len(g.Rounds) != 4 {
					t.Errorf("%d rounds played, 4 planned", len(g.Rounds))
				}
				if mode == LastOneStanding {
					alive := 0
					for _, row := range s.Standings(g) {
						if *row.Lives > 0 {
							alive++
						}
					}
					if alive != 1 {
						t.Errorf("%d entries with lives left at the end", alive)
					}
				}
			})
		}
	}
}

// TestGeneratedTournaments starts and plays out generated tournaments of
// every mode (random sizes, odd and even; up to 512 with -sweep), checking
// after every result that nobody is twice in a round or on two courts, that
// byes go to entries without one while there are such, and that every
// tournament finishes.
func TestGeneratedTournaments(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(17, 18))
	perMode, largest := 30, 30
	if *sweep {
		perMode, largest = 400, 64
	}
	for _, mode := range Modes {
		t.Run(string(mode), func(t *testing.T) { generated(t, mode, perMode, largest, rng) })
	}
}

func generated(t *testing.T, mode Mode, perMode, largest int, rng *rand.Rand) {
	{
		for i := range perMode {
			n := 2 + rng.IntN(largest-1)
			if i%10 == 0 && *sweep {
				n = 2 + rng.IntN(511) // now and then a large one
			}
			if mode.Rules().Making == Scheduled {
				n = min(n, 64) // a round robin of 512 is 130,816 matches
			}
			et := EntrySingle
			if mode == MonsterDYP || mode == Whist {
				et, n = EntryMonsterDYP, max(n, 4)
			}
			s := newTournament(n, 1+rng.IntN(8), et, stageSpec{mode: mode, rounds: 1 + rng.IntN(6)})
			c, err := s.Start(at)
			if err != nil {
				t.Fatalf("%s/%d: %v", mode, n, err)
			}
			s = applyAll(s, c)
			s = playThrough(t, s, rng)
			if s.Tournament.State != StateFinished {
				t.Fatalf("%s/%d: the tournament is %s", mode, n, s.Tournament.State)
			}
			g := &s.Tournament.Disciplines[0].Stages[0].Groups[0]
			byes := map[string]int{}
			for _, r := range g.Rounds {
				seen := map[string]bool{}
				for _, m := range s.MatchesWhere(func(m *Match) bool { return m.RoundID == r.ID }) {
					for _, id := range m.people() {
						if seen[id] {
							t.Fatalf("%s/%d: %s twice in %s", mode, n, id, r.Name)
						}
						seen[id] = true
					}
					if m.State == MatchBye && !mode.IsBracket() {
						byes[m.people()[0]]++
					}
				}
			}
			if mode == Swiss || mode == DutchSystem {
				for id, k := range byes {
					if k > 1 && len(byes) < n {
						t.Fatalf("%s/%d: %s had %d byes while others had none", mode, n, id, k)
					}
				}
			}
		}
	}
}
