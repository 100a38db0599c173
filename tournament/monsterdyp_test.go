package tournament

import (
	"math/rand/v2"
	"testing"
)

// TestPairPartners plays thousands of rounds of Monster DYP of every size:
// nobody twice in a round, rests spread evenly, and no partner twice while
// the field is large enough for fresh partners to be plenty.
func TestPairPartners(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(9, 10))
	for _, n := range sizes() {
		runs := 20
		if n > 64 {
			runs = 1
		}
		for range runs {
			partners, opponents := make([]int, n*n), make([]int, n*n)
			rested := make([]int, n)
			rounds := min(8, n/4)
			repeats := 0
			for r := range rounds {
				ms, rest := PairPartners(n, func(a, b int) int { return partners[a*n+b] }, func(a, b int) int { return opponents[a*n+b] }, rested, rng)
				seen := make([]int, n)
				for _, x := range rest {
					seen[x]++
					rested[x]++
				}
				for _, m := range ms {
					for _, team := range m {
						a, b := team[0], team[1]
						seen[a]++
						seen[b]++
						if partners[a*n+b] > 0 {
							repeats++
						}
						partners[a*n+b]++
						partners[b*n+a]++
					}
					for _, x := range m[0] {
						for _, y := range m[1] {
							opponents[x*n+y]++
							opponents[y*n+x]++
						}
					}
				}
				lo, hi := rested[0], rested[0]
				for i, k := range seen {
					if k != 1 && n >= 4 {
						t.Fatalf("n=%d round %d: player %d is in the round %d times", n, r, i, k)
					}
					lo, hi = min(lo, rested[i]), max(hi, rested[i])
				}
				if hi-lo > 1 {
					t.Fatalf("n=%d round %d: rests range from %d to %d", n, r, lo, hi)
				}
			}
			if n >= 12 && repeats > 0 {
				t.Errorf("n=%d, %d rounds: %d repeated partners", n, rounds, repeats)
			}
		}
	}
}
