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
//
// left is how many rounds are still to be drawn after this one. A draw
// without repeated partners now can leave the last rounds none (the
// partners not yet had no longer split into teams for every round, as at
// the end of n−1 rounds of 4k players): while a draw of every round left
// without a repeat can still be had, PairPartners keeps one, looking ahead
// (see freshAhead) and, when the placement draw would close that way,
// drawing the round's teams from a way through instead.
func PairPartners(n int, partners, opponents func(a, b int) int, rested []int, left int, rng *rand.Rand) (matches [][2][2]int, resting []int) {
	if n < 4 {
		return nil, seq(n)
	}
	resting = restOf(rested, rng)
	playing := playingOf(n, resting) // best first
	m := len(playing)
	// Teams: i with m−1−i.
	mate := placementMatching(m, func(i, j int) int64 {
		return int64(partners(playing[i], playing[j]))
	}, func(i, j int) int64 {
		return int64(iabs(i + j - (m - 1)))
	})
	if r, t := freshAhead(n, partners, rested, left, playing, mate, rng); t != nil {
		resting, playing, mate = r, playingOf(n, r), t
	}
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

// restOf is who rests this round: n mod 4 of those who rested least, ties
// drawn by rng.
func restOf(rested []int, rng *rand.Rand) []int {
	n := len(rested)
	order := rng.Perm(n)
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(rested[a], rested[b]) })
	resting := slices.Clone(order[:n%4])
	slices.Sort(resting)
	return resting
}

// playingOf is 0..n−1 without the resting, in order.
func playingOf(n int, resting []int) []int {
	var playing []int
	for p := range n {
		if !slices.Contains(resting, p) {
			playing = append(playing, p)
		}
	}
	return playing
}

// How far and for which fields PairPartners looks ahead: the last
// freshRounds rounds of a field of at most freshField players (larger
// fields rarely play n−1 rounds), trying up to freshTries ways through and
// drawing at most freshDraws rounds in all: a draw is a matching of at most
// freshField players, and the bound keeps a pairing call under about 0.2 s
// where no way is found (in 4 × 57 events of 8 to 64 players over n−1
// rounds, that happened to one, which repeated one partner).
const (
	freshRounds = 8
	freshField  = 64
	freshTries  = 24
	freshDraws  = 400
)

// freshAhead returns another rest and teams for the round (the teams as a
// mate over the indexes of the players then playing) when the round's
// placement draw (mate over playing) repeats a partner, or would leave no
// way to draw the left rounds after it without one, and another draw of the
// round keeps one; otherwise nil. A draw that keeps a way through is sought
// among random ones, near the placement rule first. It does not look while
// a degree argument settles it: while each player's partners not yet had,
// less one a round, stay at least half the field, every round has fresh
// teams (a graph whose minimum degree is at least half its order has a
// perfect matching, Dirac).
func freshAhead(n int, partners func(a, b int) int, rested []int, left int, playing, mate []int, rng *rand.Rand) (resting, teams []int) {
	if left > freshRounds || n > freshField {
		return nil, nil
	}
	fresh := make([][]bool, n)
	least := n
	for a := range n {
		fresh[a] = make([]bool, n)
		k := 0
		for b := range n {
			fresh[a][b] = a != b && partners(a, b) == 0
			k += btoi(fresh[a][b])
		}
		least = min(least, k)
	}
	repeats := false
	for i, j := range mate {
		repeats = repeats || j < 0 || !fresh[playing[i]][playing[j]]
	}
	draws := freshDraws
	if !repeats && (least-left-1-n%4 >= (n-n%4)/2 || wayThrough(fresh, rested, restOfPlaying(n, playing), playing, mate, left, freshTries/4, &draws, rng)) {
		return nil, nil
	}
	for try := range freshTries {
		res := restOf(rested, rng)
		play := playingOf(n, res)
		m := len(play)
		off := func(i, j int) int64 { return int64(iabs(i + j - (m - 1))) }
		if try >= freshTries/2 {
			off = func(int, int) int64 { return 0 }
		}
		t := freshMatching(fresh, play, off, &draws, rng)
		if t != nil && wayThrough(fresh, rested, res, play, t, left, 8, &draws, rng) {
			return res, t
		}
	}
	return nil, nil
}

// restOfPlaying is 0..n−1 without playing.
func restOfPlaying(n int, playing []int) []int {
	var out []int
	for p := range n {
		if !slices.Contains(playing, p) {
			out = append(out, p)
		}
	}
	return out
}

// wayThrough reports whether, after a round of the teams mate (over the
// indexes of playing) and the resting, one of tries random draws of rounds
// more rounds (rests as PairPartners gives them) finds fresh teams in every
// round, within the draws left.
func wayThrough(fresh [][]bool, rested, resting, playing, mate []int, rounds, tries int, draws *int, rng *rand.Rand) bool {
	n := len(rested)
	for range tries {
		f := make([][]bool, n)
		for a := range n {
			f[a] = slices.Clone(fresh[a])
		}
		r := slices.Clone(rested)
		res, play, t := resting, playing, mate
		for k := 0; ; k++ {
			for i, j := range t {
				f[play[i]][play[j]] = false
			}
			for _, p := range res {
				r[p]++
			}
			if k == rounds {
				return true
			}
			res = restOf(r, rng)
			play = playingOf(n, res)
			if t = freshMatching(f, play, func(int, int) int64 { return 0 }, draws, rng); t == nil {
				break
			}
		}
	}
	return false
}

// freshMatching pairs all of playing into teams of players who have not
// partnered (fresh), the nearest to the placement rule (off) with ties
// drawn by rng; nil when no such pairing exists or no draws are left.
func freshMatching(fresh [][]bool, playing []int, off func(i, j int) int64, draws *int, rng *rand.Rand) []int {
	if *draws <= 0 {
		return nil
	}
	*draws--
	m := int64(len(playing))
	var edges []edge
	for i, a := range playing {
		for j := i + 1; j < len(playing); j++ {
			if fresh[a][playing[j]] {
				edges = append(edges, edge{i, j, 2 * (m*(m-off(i, j)) + rng.Int64N(m))})
			}
		}
	}
	mate := maxWeightMatching(len(playing), edges)
	if slices.Contains(mate, -1) {
		return nil
	}
	return mate
}

func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}
