package tournament

import (
	"cmp"
	"math/rand/v2"
	"slices"
)

// PairPartners draws the next round of a mode in which players form new teams
// of two every round (monster_dyp, whist, and rounds played by single
// players). Of n players, those who rested least rest (n mod 4 of them, ties
// drawn by rng); the rest form matches of two teams of two so that partners
// repeat as little as possible and, after that, opponents too. partners and
// opponents count how often two players (indexes) have been together so far;
// rested counts each player's rests. Each match is {{a, b}, {c, d}}.
//
// The teams come from a local search: random starting tables improved by
// swapping two players while that lowers the count of repeats, best of a few.
// It is not guaranteed optimal, but the tests show no repeated partner while
// fresh ones are easy to find.
func PairPartners(n int, partners, opponents func(a, b int) int, rested []int, rng *rand.Rand) (matches [][2][2]int, resting []int) {
	if n < 4 {
		return nil, seq(n)
	}
	order := rng.Perm(n)
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(rested[a], rested[b]) })
	resting = slices.Clone(order[:n%4])
	slices.Sort(resting)
	playing := order[n%4:]
	m := len(playing)
	pc, oc := make([]int, m*m), make([]int, m*m)
	for i := range m {
		for j := range m {
			if i != j {
				pc[i*m+j] = partners(playing[i], playing[j])
				oc[i*m+j] = opponents(playing[i], playing[j])
			}
		}
	}
	// A repeated partner weighs more than any number of repeated opponents in the match.
	const partnerWeight = 16
	cost := func(pos []int, k int) int {
		a, b, c, d := pos[4*k], pos[4*k+1], pos[4*k+2], pos[4*k+3]
		return partnerWeight*(pc[a*m+b]+pc[c*m+d]) + oc[a*m+c] + oc[a*m+d] + oc[b*m+c] + oc[b*m+d]
	}
	total := func(pos []int) int {
		t := 0
		for k := range m / 4 {
			t += cost(pos, k)
		}
		return t
	}
	var best []int
	bestCost := -1
	for range 4 {
		pos := rng.Perm(m)
		for improved := true; improved; {
			improved = false
			for i := range m {
				for j := i + 1; j < m; j++ {
					ki, kj := i/4, j/4
					if i/2 == j/2 {
						continue // swapping partners changes nothing
					}
					before := cost(pos, ki)
					if kj != ki {
						before += cost(pos, kj)
					}
					pos[i], pos[j] = pos[j], pos[i]
					after := cost(pos, ki)
					if kj != ki {
						after += cost(pos, kj)
					}
					if after < before {
						improved = true
					} else {
						pos[i], pos[j] = pos[j], pos[i]
					}
				}
			}
		}
		if t := total(pos); bestCost < 0 || t < bestCost {
			best, bestCost = slices.Clone(pos), t
		}
		if bestCost == 0 {
			break
		}
	}
	for k := range m / 4 {
		p := func(i int) int { return playing[best[4*k+i]] }
		matches = append(matches, [2][2]int{{p(0), p(1)}, {p(2), p(3)}})
	}
	return matches, resting
}

func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}
