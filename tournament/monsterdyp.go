package tournament

import (
	"cmp"
	"math/rand/v2"
	"slices"
)

// PairPartners draws the next round of a mode in which players form new teams
// of two every round (monster_dyp, and whist or rounds when they draw). The
// players 0..n−1 come best first, by the current standings. Of n players,
// those who rested least rest (n mod 4 of them, ties drawn by rng); the
// others play, and the draw is fair by placement, as clubs expect of a
// Monster DYP:
//
//  1. teams: the best player with the last, the second with the
//     second-to-last, and so on (players i and m−1−i of the m playing), so
//     that the teams are as even as the standings make them;
//  2. matches: the team of the best player against the team of the second,
//     the third's against the fourth's, and so on;
//
// each only where the repeats allow: a team is made with the fewest partners
// who have already played together that any draw of the round could have,
// and of those teams the matches with the fewest opponents who have already
// met; a team or match off the placement rule costs how far it is from it.
// Both steps are maximum-weight matchings (as PairSwiss), so both minimums
// are exact for the round. partners and opponents count how often two
// players (indexes) have been together so far; rested counts each player's
// rests. Each match is {{a, b}, {c, d}}, the better-placed first.
func PairPartners(n int, partners, opponents func(a, b int) int, rested []int, rng *rand.Rand) (matches [][2][2]int, resting []int) {
	if n < 4 {
		return nil, seq(n)
	}
	order := rng.Perm(n)
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(rested[a], rested[b]) })
	resting = slices.Clone(order[:n%4])
	slices.Sort(resting)
	var playing []int // best first
	for p := range n {
		if !slices.Contains(resting, p) {
			playing = append(playing, p)
		}
	}
	m := len(playing)
	// Teams: i with m−1−i.
	mate := placementMatching(m, func(i, j int) int64 {
		return int64(partners(playing[i], playing[j]))
	}, func(i, j int) int64 {
		return int64(iabs(i + j - (m - 1)))
	})
	var teams [][2]int // by their better player, best first
	for i, j := range mate {
		if i < j {
			teams = append(teams, [2]int{i, j})
		}
	}
	// Matches: team k against team k+1.
	k := len(teams)
	vs := placementMatching(k, func(a, b int) int64 {
		var c int64
		for _, x := range teams[a] {
			for _, y := range teams[b] {
				c += int64(opponents(playing[x], playing[y]))
			}
		}
		return c
	}, func(a, b int) int64 {
		return int64(iabs(a-b) - 1 + 2*(min(a, b)%2))
	})
	for a, b := range vs {
		if a < b {
			t, u := teams[a], teams[b]
			matches = append(matches, [2][2]int{{playing[t[0]], playing[t[1]]}, {playing[u[0]], playing[u[1]]}})
		}
	}
	return matches, resting
}

// placementMatching pairs 0..k−1 (k even): the fewest repeats (the sum of
// repeat over the pairs) first, then the least off (how far a pair is from
// the placement rule, 0 on it). It matches a sparse graph of the pairs near
// the rule first and keeps that matching when its duals prove no pair left
// out could have bettered it; otherwise it matches every pair.
func placementMatching(k int, repeat, off func(a, b int) int64) []int {
	// Each repeat outweighs every pair's distance from the rule.
	unit := int64(k)*int64(k) + 1
	top := unit*(4*MaxRounds+1)*int64(k) + 1
	weight := func(a, b int) int64 { return 2 * (top - repeat(a, b)*unit - off(a, b)) }
	const near = 6
	var edges []edge
	for a := range k {
		for b := a + 1; b < k; b++ {
			if k <= 8*near || off(a, b) <= near {
				edges = append(edges, edge{a, b, weight(a, b)})
			}
		}
	}
	mate, dual := matchingDuals(k, edges, true)
	if k <= 8*near || provenMatching(k, mate, dual, off, weight, top) {
		return mate
	}
	edges = edges[:0]
	for a := range k {
		for b := a + 1; b < k; b++ {
			edges = append(edges, edge{a, b, weight(a, b)})
		}
	}
	return maxWeightPerfectMatching(k, edges)
}

// provenMatching reports whether a perfect matching's duals show that no
// pair had a positive gain: a pair's weight without repeats bounds it from
// above, so repeats are counted only where that bound does not clear.
func provenMatching(k int, mate []int, dual []int64, off func(a, b int) int64, weight func(a, b int) int64, top int64) bool {
	if slices.Contains(mate, -1) {
		return false
	}
	for a := range k {
		for b := a + 1; b < k; b++ {
			if dual[a]+dual[b]-4*(top-off(a, b)) >= 0 {
				continue
			}
			if dual[a]+dual[b]-2*weight(a, b) < 0 {
				return false
			}
		}
	}
	return true
}

func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}
