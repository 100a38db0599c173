package tournament

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// dypPlay plays rounds of Monster DYP of n players with random results,
// ranked by points, and counts each round's partner and opponent repeats
// against the fewest any draw of that round could have had.
type dypPlay struct {
	n                   int
	partners, opponents []int
	rested, points      []int
}

func newDYPPlay(n int) *dypPlay {
	return &dypPlay{n: n, partners: make([]int, n*n), opponents: make([]int, n*n), rested: make([]int, n), points: make([]int, n)}
}

// round draws one round, left rounds to come after it; players are ranked
// by points, then by number.
func (d *dypPlay) round(t *testing.T, left int, rng *rand.Rand) (matches [][2][2]int, rank []int) {
	n := d.n
	rank = seq(n)
	sortByPoints := func(a, b int) int { return d.points[b] - d.points[a] }
	slices.SortStableFunc(rank, sortByPoints)
	rested := make([]int, n)
	for i, p := range rank {
		rested[i] = d.rested[p]
	}
	ms, rest := PairPartners(n, func(a, b int) int { return d.partners[rank[a]*n+rank[b]] },
		func(a, b int) int { return d.opponents[rank[a]*n+rank[b]] }, rested, left, rng)
	seen := make([]int, n)
	for _, x := range rest {
		seen[x]++
		d.rested[rank[x]]++
	}
	for _, m := range ms {
		var own [2][2]int
		for s, team := range m {
			for i, x := range team {
				seen[x]++
				own[s][i] = rank[x]
			}
		}
		matches = append(matches, own)
	}
	for i, k := range seen {
		if k != 1 {
			t.Fatalf("n=%d: player %d is in the round %d times", n, i, k)
		}
	}
	return matches, rank
}

// play records the round's matches, the first team winning at random.
func (d *dypPlay) play(matches [][2][2]int, rng *rand.Rand) {
	n := d.n
	for _, m := range matches {
		for _, team := range m {
			d.partners[team[0]*n+team[1]]++
			d.partners[team[1]*n+team[0]]++
		}
		for _, x := range m[0] {
			for _, y := range m[1] {
				d.opponents[x*n+y]++
				d.opponents[y*n+x]++
			}
		}
		w := m[rng.IntN(2)]
		d.points[w[0]] += 2
		d.points[w[1]] += 2
	}
}

// fewestPartnerRepeats is the fewest repeated partners any draw of the
// round could have: a minimum-weight perfect matching of the playing players.
func (d *dypPlay) fewestPartnerRepeats(playing []int) int {
	var edges []edge
	for i, a := range playing {
		for _, b := range playing[i+1:] {
			edges = append(edges, edge{a, b, 2 * int64(100-d.partners[a*d.n+b])})
		}
	}
	mate := maxWeightPerfectMatching(d.n, edges)
	k := 0
	for a, b := range mate {
		if a < b {
			k += d.partners[a*d.n+b]
		}
	}
	return k
}

// fewestOpponentRepeats is the fewest earlier meetings of opponents any
// matching of the round's teams could have.
func (d *dypPlay) fewestOpponentRepeats(matches [][2][2]int) int {
	var teams [][2]int
	for _, m := range matches {
		teams = append(teams, m[0], m[1])
	}
	met := func(a, b int) int {
		k := 0
		for _, x := range teams[a] {
			for _, y := range teams[b] {
				k += d.opponents[x*d.n+y]
			}
		}
		return k
	}
	var edges []edge
	for a := range teams {
		for b := a + 1; b < len(teams); b++ {
			edges = append(edges, edge{a, b, 2 * int64(1000-met(a, b))})
		}
	}
	k := 0
	for a, b := range maxWeightPerfectMatching(len(teams), edges) {
		if a < b {
			k += met(a, b)
		}
	}
	return k
}

// TestMonsterDYPRepeats plays Monster DYP of 8 to 64 players for n−1 rounds
// (the default) and checks every round against the lower bound the round
// allows: no partner twice in any round (n−1 rounds of n players leave
// fresh teams for every round, and the draw looks ahead so as not to close
// them off: before, 20 of these 57 sizes repeated 1 to 4 partners in their
// last rounds, 35 in all), and of those teams, the matches meet the fewest
// earlier opponents any matching of the teams could have. It logs the
// opponents met again against the bound of the whole event (pairs formed
// beyond the n(n−1)/2 there are).
func TestMonsterDYPRepeats(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(27, 6))
	for n := 8; n <= 64; n++ {
		d := newDYPPlay(n)
		totalP, totalO, formedP, formedO := 0, 0, 0, 0
		for r := range n - 1 {
			matches, _ := d.round(t, n-2-r, rng)
			var playing []int
			p, o, oc := 0, 0, 0
			for _, m := range matches {
				for _, team := range m {
					playing = append(playing, team[0], team[1])
					p += d.partners[team[0]*n+team[1]]
				}
				for _, x := range m[0] {
					for _, y := range m[1] {
						o += min(1, d.opponents[x*n+y])
						oc += d.opponents[x*n+y]
					}
				}
			}
			if want := d.fewestPartnerRepeats(playing); p != want {
				t.Fatalf("n=%d round %d: %d partner repeats, the fewest possible is %d", n, r+1, p, want)
			}
			if p > 0 {
				t.Errorf("n=%d round %d: %d partner repeats", n, r+1, p)
			}
			if want := d.fewestOpponentRepeats(matches); oc != want {
				t.Fatalf("n=%d round %d: teams meet %d earlier opponents, the fewest possible is %d", n, r+1, oc, want)
			}
			totalP += p
			totalO += o
			formedP += len(matches) * 2
			formedO += len(matches) * 4
			d.play(matches, rng)
		}
		pairs := n * (n - 1) / 2
		t.Logf("n=%d, %d rounds: %d partner repeats (bound %d), %d opponents met again (bound %d)", n, n-1, totalP, max(0, formedP-pairs), totalO, max(0, formedO-pairs))
	}
}

// TestMonsterDYPDrawByPlacement: once a round is played, the next teams the
// best with the last, the second with the second-to-last, and the team of
// the best meets the team of the second.
func TestMonsterDYPDrawByPlacement(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{8, 16, 24, 64} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			d := newDYPPlay(n)
			first, _ := d.round(t, 0, rng)
			d.play(first, rng)
			ms, rank := d.round(t, 0, rng)
			place := make([]int, n)
			for i, p := range rank {
				place[p] = i
			}
			for k, m := range ms {
				for s, team := range m {
					a, b := place[team[0]], place[team[1]]
					if a+b != n-1 {
						t.Errorf("round 2: places %d and %d are a team", a+1, b+1)
					}
					if want := 2*k + s; a != want {
						t.Errorf("round 2, match %d: side %d is led by place %d, want %d", k+1, s+1, a+1, want+1)
					}
				}
			}
		})
	}
}

// TestVoidMatchIsNoMeeting: a void (skipped) match of a mode that draws new
// teams each round was never played, so the next round is drawn as if it
// had not been: four players whose only match was voided are drawn into the
// same teams again, and the void match's players count as resting, not as
// partners or opponents. Before, the void match counted as a meeting and the
// next round drew other teams to avoid a "repeat".
func TestVoidMatchIsNoMeeting(t *testing.T) {
	s := newTournament(4, 0, EntryMonsterDYP, stageSpec{mode: MonsterDYP})
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	if len(s.Matches) != 1 {
		t.Fatalf("%d matches in round 1", len(s.Matches))
	}
	void := s.Matches[0]
	c, err = s.SetMatchState(void.ID, MatchSkipped, at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	teams := func(m *Match) [2][2]string {
		var out [2][2]string
		for side, e := range m.Entries {
			out[side] = key(e.Entries[0].ID, e.Entries[1].ID)
		}
		slices.SortFunc(out[:], func(a, b [2]string) int { return cmp.Compare(a[0], b[0]) })
		return out
	}
	var next *Match
	for _, m := range s.Matches {
		if m.ID != void.ID {
			next = m
		}
	}
	if next == nil {
		t.Fatal("no round 2 after the void match")
	}
	if got, want := teams(next), teams(void); got != want {
		t.Errorf("round 2 draws %v, want the void round's %v again", got, want)
	}
}

// TestVoidWhistMatchKeepsTheTable: a void match of a whist round does not
// take the group off its table: the next round is the table's.
func TestVoidWhistMatchKeepsTheTable(t *testing.T) {
	s := newTournament(8, 1, EntryMonsterDYP, stageSpec{mode: Whist})
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	void, played := s.Matches[0], s.Matches[1] // one court: the first is called
	if void.State == MatchRunning {
		void, played = played, void
	}
	if c, err = s.SetMatchState(void.ID, MatchSkipped, at); err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	if c, err = s.SetResult(played.ID, Encounters{{{7, 3}}}, true, at, "desk"); err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	g := &s.Tournament.Disciplines[0].Stages[0].Groups[0]
	if len(g.Rounds) != 2 {
		t.Fatalf("%d rounds", len(g.Rounds))
	}
	seed := map[string]int{}
	for i, id := range g.EntryIDs {
		seed[id] = i
	}
	want := map[[2]int]bool{}
	for _, m := range whistRound(8, 1) {
		for _, team := range m {
			want[[2]int{min(team[0], team[1]), max(team[0], team[1])}] = true
		}
	}
	for _, m := range s.Matches {
		if m.RoundID != g.Rounds[1].ID {
			continue
		}
		for _, e := range m.Entries {
			a, b := seed[e.Entries[0].ID], seed[e.Entries[1].ID]
			if !want[[2]int{min(a, b), max(a, b)}] {
				t.Errorf("round 2 teams seeds %d and %d, not the whist table's", a+1, b+1)
			}
		}
	}
}
