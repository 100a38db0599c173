package tournament

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// poolTables are g pools of size entries each, their tables in place order;
// the figures are random, so the best-of-place ranking has work to do.
func poolTables(g, size int, rng *rand.Rand) ([][]Standing, map[string]*Entry) {
	entries := map[string]*Entry{}
	var tables [][]Standing
	for p := range g {
		var tbl []Standing
		for place := range size {
			id := fmt.Sprintf("%c%d", 'A'+p, place+1)
			entries[id] = &Entry{ID: id, Name: id}
			tbl = append(tbl, Standing{Entry: EntryRef{ID: id, Name: id}, Matches: size - 1, Points: rng.IntN(9), MatchesDiff: rng.IntN(5) - 2, GoalsDiff: rng.IntN(21) - 10})
		}
		tables = append(tables, tbl)
	}
	return tables, entries
}

// drawExists searches every draw (qualifiers over the seeds of the tree,
// byes where NewBracket puts them) for one with no first-round pool-mates
// and, with halves, every pool's first and second in opposite halves.
func drawExists(qs []Qualifier, halves bool) bool {
	n := len(qs)
	seeded := make([]*Entry, n)
	used := make([]bool, n)
	slot, size := treeSlots(n)
	pos := make([]int, n) // qualifier → slot
	var try func(i int) bool
	try = func(i int) bool {
		if i == n {
			return true
		}
		for s := range n {
			if used[s] {
				continue
			}
			ok := true
			for j := range i {
				if qs[j].Pool != qs[i].Pool {
					continue
				}
				if pos[j]^1 == slot[s] || halves && qs[j].Place+qs[i].Place == 3 && pos[j]/(size/2) == slot[s]/(size/2) {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			used[s], pos[i], seeded[s] = true, slot[s], qs[i].Entry
			if try(i + 1) {
				return true
			}
			used[s] = false
		}
		return false
	}
	return try(0)
}

// TestPoolDrawProperty: for 2–16 pools and 1–4 qualifiers per pool, with
// none, one, half or all but one of the next place's best added, the draw
// never puts pool-mates together in the first round and puts every pool's
// first and second in opposite halves, wherever a draw with that property
// exists (searched for every case of at most 10 qualifiers; for larger
// cases one always exists, and the draw must find it).
func TestPoolDrawProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 26))
	cases := 0
	for g := 2; g <= 16; g++ {
		for q := 1; q <= 4; q++ {
			for _, best := range []int{0, 1, g / 2, g - 1} {
				if best == 1 && g/2 == 1 && g > 2 || best > 1 && best == g-1 && g/2 == g-1 {
					continue // the same case twice
				}
				tables, entries := poolTables(g, q+2, rng)
				qs := PoolQualifiers(tables, entries, g*q+best)
				if len(qs) != g*q+best {
					t.Fatalf("%d pools, %d each + %d best: %d qualifiers", g, q, best, len(qs))
				}
				cases++
				seeded := PoolDraw(qs)
				if len(seeded) != len(qs) {
					t.Fatalf("%d pools, %d each + %d best: drew %d of %d", g, q, best, len(seeded), len(qs))
				}
				seen := map[string]bool{}
				for _, e := range seeded {
					if e == nil || seen[e.ID] {
						t.Fatalf("%d pools, %d each + %d best: the draw lost or doubled an entry", g, q, best)
					}
					seen[e.ID] = true
				}
				apart, halves := DrawKeepsPoolsApart(seeded, qs)
				wantApart, wantHalves := true, true
				if len(qs) <= 10 {
					wantApart, wantHalves = drawExists(qs, false), drawExists(qs, true)
				}
				if wantApart && !apart {
					t.Errorf("%d pools, %d each + %d best: pool-mates meet in the first round: %v", g, q, best, names(seeded))
				}
				if wantHalves && !halves {
					t.Errorf("%d pools, %d each + %d best: a pool's first and second share a half: %v", g, q, best, names(seeded))
				}
			}
		}
	}
	t.Logf("%d cases", cases)
}

// TestPoolDrawKeepsSeedsWhereItCan: the winners keep the winners' seeds, and so the byes.
func TestPoolDrawKeepsSeedsWhereItCan(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	// The winners keep the winners' seeds, and so the byes.
	tables, entries := poolTables(6, 5, rng)
	qs := PoolQualifiers(tables, entries, 10)
	seeded := PoolDraw(qs)
	for i := range 6 {
		if q := qualifierOf(qs, seeded[i]); q.Place != 1 {
			t.Errorf("seed %d is %s, place %d; the first six seeds are the winners", i+1, seeded[i].ID, q.Place)
		}
	}
}

func qualifierOf(qs []Qualifier, e *Entry) Qualifier {
	for _, q := range qs {
		if q.Entry == e {
			return q
		}
	}
	return Qualifier{}
}

func names(es []*Entry) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.ID)
	}
	return out
}

// TestBestOfPlaceIsPerMatch: thirds of a pool of five played a match more
// than thirds of a pool of four; the best third is the one with more points
// per match, not more points.
func TestBestOfPlaceIsPerMatch(t *testing.T) {
	a := Standing{Entry: EntryRef{ID: "A3"}, Matches: 4, Points: 4, MatchesDiff: 0, GoalsDiff: 3}
	b := Standing{Entry: EntryRef{ID: "B3"}, Matches: 3, Points: 3, MatchesDiff: 1, GoalsDiff: 0}
	c := Standing{Entry: EntryRef{ID: "C3"}, Matches: 3, Points: 4, MatchesDiff: 1, GoalsDiff: 0}
	if CompareBestOfPlace(c, a, 2, 0) >= 0 {
		t.Error("4 points in 3 matches rank behind 4 points in 4")
	}
	if CompareBestOfPlace(b, a, 1, 0) >= 0 {
		t.Error("level at a point a match, the match difference per match decides: B3 (+1 in 3) is ahead of A3 (0 in 4)")
	}
}

// TestSixPoolsIntoSixteen is the club's Saturday: 6 pools of 5, the first
// two of each and the 4 best thirds into a knock-out of 16. No first-round
// match is between pool-mates, and every pool's first and second are in
// opposite halves of the tree.
func TestSixPoolsIntoSixteen(t *testing.T) {
	s := newTournament(30, 8, EntrySingle, stageSpec{mode: RoundRobin, groups: 6}, stageSpec{mode: Elimination, qualify: 16})
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	rng := rand.New(rand.NewPCG(6, 16))
	for s.Tournament.Disciplines[0].Stages[0].State != PhaseFinished {
		var m *Match
		for _, x := range s.Matches {
			if x.State == MatchRunning {
				m = x
				break
			}
		}
		if m == nil {
			t.Fatal("the pools stalled")
		}
		c, err := s.SetResult(m.ID, Encounters{{{rng.IntN(7), 7}}}, true, at, "test")
		if err != nil {
			t.Fatal(err)
		}
		s = applyAll(s, c)
	}
	pool, place := map[string]int{}, map[string]int{}
	for gi, g := range s.Tournament.Disciplines[0].Stages[0].Groups {
		for i, row := range s.Standings(&g) {
			pool[row.Entry.ID], place[row.Entry.ID] = gi, i+1
		}
	}
	tree := &s.Tournament.Disciplines[0].Stages[1].Groups[0]
	half := map[string]int{}
	first := 0
	for _, m := range s.Matches {
		if m.GroupID != tree.ID || m.RoundID != tree.Rounds[0].ID {
			continue
		}
		first++
		a, b := m.Entries[0].ID, m.Entries[1].ID
		if pool[a] == pool[b] {
			t.Errorf("first round: %s v %s, both of pool %c", a, b, 'A'+pool[a])
		}
		half[a], half[b] = m.Seq/4, m.Seq/4
	}
	if first != 8 {
		t.Fatalf("%d first-round matches", first)
	}
	for id, p := range place {
		if p != 1 {
			continue
		}
		for id2, p2 := range place {
			if p2 == 2 && pool[id2] == pool[id] && half[id] == half[id2] {
				t.Errorf("%s and %s, first and second of pool %c, are in one half", id, id2, 'A'+pool[id])
			}
		}
	}
}

// TestQualifyPerGroupAndBest: "the first 2 of each group and the 1 best
// third" of two groups is 5 qualifiers; the best of the next place cannot
// be a whole place.
func TestQualifyPerGroupAndBest(t *testing.T) {
	m := readSetup(t)
	st := jsonAt(m, "disciplines.0.stages").([]any)
	st[0].(map[string]any)["groups"] = 2
	st[0].(map[string]any)["mode"] = "round_robin"
	delete(st[0].(map[string]any), "rounds")
	ko := st[1].(map[string]any)
	delete(ko, "qualify")
	ko["qualifyPerGroup"], ko["qualifyBest"] = 2, 1
	raw, _ := json.Marshal(m)
	s, err := ParseSetup(raw)
	if err != nil {
		t.Fatalf("refused: %v", err)
	}
	tour, _ := Build(s, Organizer{ID: "tio:org"}, RandomIDs())
	if q := tour.Disciplines[0].Stages[1].Qualify; q != 5 {
		t.Errorf("2 per group of 2 and the best third: %d qualify, want 5", q)
	}
	ko["qualifyBest"] = 2
	raw, _ = json.Marshal(m)
	var ps Problems
	if _, err := ParseSetup(raw); !errors.As(err, &ps) || !strings.Contains(ps.At("disciplines[0].stages[1].qualifyBest"), "between 0 and 1") {
		t.Errorf("two best thirds of two groups: %v", err)
	}
}
