package tournament

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// swissField is a Swiss system being played with random results.
type swissField struct {
	n         int
	score     []int
	met       []bool
	hadBye    []bool
	rematches int
	maxDiff   []int // per round, the largest score difference in a pair
}

func newSwissField(n int) *swissField {
	return &swissField{n: n, score: make([]int, n), met: make([]bool, n*n), hadBye: make([]bool, n)}
}

// ranked is the field best first: by score, then by seed.
func (f *swissField) ranked() []int {
	idx := make([]int, f.n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return -cmp.Compare(f.score[a], f.score[b]) })
	return idx
}

// round pairs and plays one round; it fails t when an entry is paired twice
// or left out.
func (f *swissField) round(t *testing.T, rng *rand.Rand) (rank []int, pairs [][2]int, bye int) {
	rank = f.ranked()
	seats := make([]Seat, f.n)
	for i, e := range rank {
		seats[i] = Seat{Score: f.score[e], HadBye: f.hadBye[e]}
	}
	pairs, bye = PairSwiss(seats, func(a, b int) bool { return f.met[rank[a]*f.n+rank[b]] })
	seen := make([]int, f.n)
	if bye >= 0 {
		seen[bye]++
	}
	diff := 0
	for _, p := range pairs {
		seen[p[0]]++
		seen[p[1]]++
		diff = max(diff, dist(seats[p[0]].Score, seats[p[1]].Score))
	}
	for i, k := range seen {
		if k != 1 {
			t.Fatalf("n=%d: ranked entry %d is in the round %d times", f.n, i, k)
		}
	}
	f.maxDiff = append(f.maxDiff, diff)
	for _, p := range pairs {
		a, b := rank[p[0]], rank[p[1]]
		if f.met[a*f.n+b] {
			f.rematches++
		}
		f.met[a*f.n+b], f.met[b*f.n+a] = true, true
		switch r := rng.IntN(10); {
		case r < 5:
			f.score[a] += 2
		case r < 9:
			f.score[b] += 2
		default:
			f.score[a]++
			f.score[b]++
		}
	}
	if bye >= 0 {
		f.hadBye[rank[bye]] = true
		f.score[rank[bye]] += 2 // a bye counts as a win
	}
	return rank, pairs, bye
}

// bestPairing is, by exhaustive search, the smallest possible largest score
// difference of a rematch-free pairing of the entries in rest; -1 if none exists.
func bestPairing(f *swissField, rest []int) int {
	if len(rest) == 0 {
		return 0
	}
	best := -1
	x := rest[0]
	for j := 1; j < len(rest); j++ {
		y := rest[j]
		if f.met[x*f.n+y] {
			continue
		}
		others := slices.Concat(rest[1:j], rest[j+1:])
		if sub := bestPairing(f, others); sub >= 0 {
			d := max(sub, dist(f.score[x], f.score[y]))
			if best < 0 || d < best {
				best = d
			}
		}
	}
	return best
}

// TestSwissExhaustive compares every round of thousands of small Swiss
// tournaments with an exhaustive search: no rematch when a pairing without
// one exists, with the bye to the lowest-ranked entry without one when that
// allows it, and the largest score difference in a pair as small as it can be.
func TestSwissExhaustive(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	tournaments := 0
	for n := 2; n <= 11; n++ {
		for range 300 {
			tournaments++
			f := newSwissField(n)
			for range n + 1 { // past the point where rematches are forced
				before := slices.Clone(f.met)
				beforeScore := slices.Clone(f.score)
				beforeBye := slices.Clone(f.hadBye)
				rematches := f.rematches
				rank, pairs, bye := f.round(t, rng)
				old := &swissField{n: n, score: beforeScore, met: before, hadBye: beforeBye}
				// Bye candidates the rules prefer: without a bye, lowest-ranked first.
				var want []int
				for i := n - 1; i >= 0; i-- {
					if !beforeBye[rank[i]] {
						want = append(want, i)
					}
				}
				if len(want) == 0 {
					for i := n - 1; i >= 0; i-- {
						want = append(want, i)
					}
				}
				restOf := func(b int) []int {
					var rest []int
					for i, e := range rank {
						if i != b {
							rest = append(rest, e)
						}
					}
					return rest
				}
				possible := -1 // the first preferred bye that allows a rematch-free pairing
				if n%2 == 0 {
					if bestPairing(old, rank) >= 0 {
						possible = -2
					}
				} else {
					for _, b := range want {
						if bestPairing(old, restOf(b)) >= 0 {
							possible = b
							break
						}
					}
				}
				if possible != -1 && f.rematches > rematches {
					t.Fatalf("n=%d: a rematch although a pairing without one exists (pairs %v bye %d)", n, pairs, bye)
				}
				if possible >= 0 && bye != possible {
					t.Fatalf("n=%d: bye to ranked %d, the rules want %d", n, bye, possible)
				}
				if possible != -1 {
					rest := rank
					if bye >= 0 {
						rest = restOf(bye)
					}
					if best := bestPairing(old, rest); f.maxDiff[len(f.maxDiff)-1] != best {
						t.Fatalf("n=%d: largest score difference %d, %d was possible", n, f.maxDiff[len(f.maxDiff)-1], best)
					}
				}
			}
		}
	}
	t.Logf("%d tournaments", tournaments)
}

// TestSwissLarge plays Swiss tournaments of every size with as many rounds as
// a Swiss usually has: no rematches, byes to different entries, nobody twice.
func TestSwissLarge(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range sizes() {
		if n < 12 {
			continue
		}
		runs := 3
		if n > 128 {
			runs = 1
		}
		for range runs {
			f := newSwissField(n)
			rounds := 0
			for 1<<rounds < n {
				rounds++
			}
			rounds += 2
			byes := 0
			for range rounds {
				if _, _, b := f.round(t, rng); b >= 0 {
					byes++
				}
			}
			if f.rematches > 0 {
				t.Errorf("n=%d, %d rounds: %d rematches", n, rounds, f.rematches)
			}
			got := 0
			for _, b := range f.hadBye {
				got += btoi(b)
			}
			if got != byes {
				t.Errorf("n=%d: %d byes went to %d entries", n, byes, got)
			}
			if last := f.maxDiff[len(f.maxDiff)-1]; n >= 32 && last > 4 {
				t.Errorf("n=%d: score differences up to %d in the last round", n, last)
			}
		}
	}
}

func BenchmarkPairSwiss512(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	f := newSwissField(512)
	t := &testing.T{}
	for range 6 {
		f.round(t, rng)
	}
	rank := f.ranked()
	seats := make([]Seat, f.n)
	for i, e := range rank {
		seats[i] = Seat{Score: f.score[e], HadBye: f.hadBye[e]}
	}
	met := func(a, b int) bool { return f.met[rank[a]*f.n+rank[b]] }
	b.ResetTimer()
	for range b.N {
		PairSwiss(seats, met)
	}
}

func ExamplePairSwiss() {
	// Four entries after one round: 0 beat 3, 1 beat 2.
	seats := []Seat{{Score: 2}, {Score: 2}, {Score: 0}, {Score: 0}}
	played := map[[2]int]bool{{0, 3}: true, {1, 2}: true}
	met := func(a, b int) bool { return played[[2]int{min(a, b), max(a, b)}] }
	pairs, bye := PairSwiss(seats, met)
	fmt.Println(pairs, bye)
	// Output: [[0 1] [2 3]] -1
}
