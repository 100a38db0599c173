package tournament

import (
	"cmp"
	"slices"
)

// Seat is an entry as a pairing sees it: its score (points in swiss and
// dutch_system, lives left in last_one_standing) and whether it has rested
// with a bye already.
type Seat struct {
	Score  int
	HadBye bool
}

// PairSwiss pairs the next round of a Swiss system. ranked holds the entries
// best first (by score, then by seed: the pairing numbers of C.04.3); met
// reports whether two of them (indexes into ranked) have played each other.
// It returns the pairs, the better-ranked entry first, and the index of the
// entry that rests with a bye (-1 when the count is even).
//
// Like JaVaFo and bbpPairings, it pairs by a maximum-weight matching
// (Edmonds' blossom algorithm): every pair that could be made is an edge whose
// weight says how good the pair is, and the matching finds the pairing of the
// largest total weight, which weighs all the rules at once and always
// finishes. The weights make these rules count in this order, each one only
// where the ones before it leave a choice (lexicographically: no number of
// breaches of a later rule makes up for one of an earlier one):
//
//  1. as few rematches as possible, and as few second byes (both absolute
//     criteria of C.04.1): none while a pairing without one exists;
//  2. the pairing-allocated bye to an entry of the lowest score group that
//     has one without a bye (in C.04.3 the bye is the last bracket's, and
//     by C.2 nobody gets it twice): the bye's score group is as low
//     as the rest of the round allows, the rest paired without rematches;
//  3. as few floats as possible (C.04.3 C.5/C.6: the fewest downfloaters,
//     counted bracket by bracket): a pair of entries k score groups apart
//     floats k times, once over each boundary between score groups that it
//     crosses, as a downfloater passes through each bracket on its way down
//     and is a downfloater of each;
//  4. floats spread over short hops rather than one long one (the sum of
//     each pair's squared distance in score groups), so that a downfloater
//     meets the group just below, as C.04.3's scores of downfloaters ask;
//  5. the Dutch order: in a score group of s entries the top half (S1)
//     meets the bottom half (S2), 1 v s/2+1, 2 v s/2+2, ...; a pair off
//     that costs how far it is from the ideal one, and a pair within one
//     half (an exchange) more than any pair across (a transposition); a
//     floater is the lowest of its group and meets the highest it can of the
//     group below; the bye goes to the lowest-ranked entry of its score
//     group (a bye counts as a win, C.04.1 c).
//
// Where Courtside differs from C.04.3: it has no colours (an entry's sides
// are balanced after pairing, see Sides), so the colour criteria do not
// apply; it minimises floaters over the whole round rather than bracket by
// bracket from the top (the same count, but a float at the top may be traded
// for one lower down); a pair that breaks the Dutch order costs its distance
// from the ideal pair rather than following C.04.3's exact transposition and
// exchange sequence; and floats in earlier rounds are not tracked, so the
// criteria against floating twice in a row do not apply.
//
// Large fields are paired on a sparse graph first (each entry's likeliest
// opponents); that pairing is kept when it provably reaches the fewest
// floats any pairing could have (one over each boundary with an odd count of
// entries above it) with the bye in the lowest group, or when the matching's
// duals prove that no pair left out could have made it better; otherwise the
// whole graph is matched; a rematch is allowed only when the
// graph without them has no perfect matching.
func PairSwiss(ranked []Seat, met func(a, b int) bool) (pairs [][2]int, bye int) {
	return pairRanked(newSwissGraph(ranked, met, false))
}

// PairMonrad pairs the next round of the simpler Swiss system that the swiss
// mode plays from round 2 on: ranked holds the entries by the current
// standings (points, then the tie-breaks), and within a score group the
// first meets the second, the third the fourth, and so on (the Monrad or
// "Danish" order), where the Dutch system has the top half meet the bottom
// half. Everything else is as PairSwiss: no rematch and no second bye while
// a pairing without one exists, the bye to the lowest score group, the
// fewest floats, each floater the lowest of its group meeting the highest of
// the group below.
func PairMonrad(ranked []Seat, met func(a, b int) bool) (pairs [][2]int, bye int) {
	return pairRanked(newSwissGraph(ranked, met, true))
}

func pairRanked(s *swissGraph) (pairs [][2]int, bye int) {
	mate := s.pair()
	bye = -1
	for a, b := range mate {
		switch {
		case b == s.dummy:
			bye = a
		case a < b && a != s.dummy:
			pairs = append(pairs, [2]int{a, b})
		}
	}
	return pairs, bye
}

// swissGraph is a round to pair as a matching problem. Vertices are the
// entries (indexes into ranked) and, when the count is odd, a dummy whose
// partner rests with the bye.
type swissGraph struct {
	n, dummy     int  // dummy is -1 when the count is even
	adjacent     bool // a score group pairs 1v2, 3v4 (Monrad) rather than S1 v S2 (Dutch)
	met          func(a, b int) bool
	hadBye       []bool
	level        []int // the score group, 0 the best; the dummy's is the lowest
	pos          []int // place within the score group (seed order)
	size         []int // per score group, its entries
	levels       int
	oddBounds    int // boundaries between score groups with an odd count above them: the fewest floats
	hop          int // the longest float whose square counts in full (the weights must fit in 64 bits)
	rHop, rFloat int64
	rBye         int64 // per score group the bye goes above the lowest
	byeFar       int64 // how far above the lowest the bye's cost tells apart (the weights must fit in 64 bits)
	rRematch     int64
	top          int64 // more than any pair costs
}

func newSwissGraph(ranked []Seat, met func(a, b int) bool, adjacent bool) *swissGraph {
	n := len(ranked)
	s := &swissGraph{n: n, dummy: -1, met: met, hadBye: make([]bool, n), adjacent: adjacent}
	order := make([]int, n)
	for i := range order {
		order[i] = i
		s.hadBye[i] = ranked[i].HadBye
	}
	slices.SortStableFunc(order, func(a, b int) int { return -cmp.Compare(ranked[a].Score, ranked[b].Score) })
	vertices := n
	if n%2 == 1 {
		s.dummy = n
		vertices++
	}
	s.level = make([]int, vertices)
	s.pos = make([]int, vertices)
	for i, x := range order {
		if i > 0 && ranked[x].Score != ranked[order[i-1]].Score {
			s.size = append(s.size, 0)
		}
		if i == 0 {
			s.size = append(s.size, 0)
		}
		g := len(s.size) - 1
		s.level[x], s.pos[x] = g, s.size[g]
		s.size[g]++
	}
	s.levels = len(s.size)
	if s.dummy >= 0 {
		g := max(s.levels-1, 0)
		if s.levels == 0 {
			s.size = append(s.size, 0)
			s.levels = 1
		}
		s.level[s.dummy], s.pos[s.dummy] = g, s.size[g] // not counted in the group's size
	}
	count := 0
	for g, k := range s.size {
		if s.dummy >= 0 && g == s.levels-1 {
			k++
		}
		count += k
		if g < s.levels-1 && count%2 == 1 {
			s.oddBounds++
		}
	}
	// Weights: each rule outweighs everything the rules after it can add up to.
	half := float64(vertices/2 + 1)
	far := float64(s.levels)
	place := int64(2*vertices + 4) // more than a pair's place in the Dutch (or Monrad) order costs
	if s.adjacent {
		place += monradFar*monradFar + 1
	}
	s.hop = s.levels
	s.byeFar = int64(s.levels)
	for {
		h := float64(s.hop)
		dutch := half*float64(place) + 1
		hops := dutch * (half*h*h + 1)
		floats := hops * (half*far + 1)
		byes := floats * (float64(s.byeFar) + 1)
		if byes*(half+1)*8 < 1<<62 || s.hop == 1 && s.byeFar == 1 {
			s.rHop = int64(dutch)
			s.rFloat = int64(hops)
			s.rBye = int64(floats)
			s.rRematch = int64(byes)
			break
		}
		if s.hop > 1 {
			s.hop = max(1, s.hop*3/4)
		} else {
			s.byeFar = max(1, s.byeFar*3/4)
		}
	}
	s.top = s.rRematch + s.rBye*s.byeFar + s.rFloat*int64(s.levels) + s.rHop*int64(s.hop*s.hop) + place + 1
	return s
}

// monradFar is how far apart in a score group a Monrad pair's cost grows by
// the square of the distance (so that 1v3, 2v4 beat 1v4, 2v3), beyond which
// it grows linearly.
const monradFar = 8

// bad reports whether pairing a and b breaks an absolute criterion: a
// rematch, or a second bye.
func (s *swissGraph) bad(a, b int) bool {
	switch s.dummy {
	case a:
		return s.hadBye[b]
	case b:
		return s.hadBye[a]
	}
	return s.met(a, b)
}

// cost is what the pair a, b costs by the rules after the absolute ones.
func (s *swissGraph) cost(a, b int) int64 {
	if s.level[a] > s.level[b] || s.level[a] == s.level[b] && s.pos[a] > s.pos[b] {
		a, b = b, a
	}
	la, lb := s.level[a], s.level[b]
	if b == s.dummy {
		// The bye: as low a score group as possible, its lowest-ranked entry.
		return s.rBye*min(int64(lb-la), s.byeFar) + int64(s.size[la]-1-s.pos[a])
	}
	if la == lb && s.adjacent {
		// The first meets the second, the third the fourth: a pair off that
		// costs how far it is from one.
		d := int64(s.pos[b] - s.pos[a] - 1)
		return min(d, monradFar)*min(d, monradFar) + d + int64(s.pos[a]%2)
	}
	if la == lb {
		// S1 (the top half) meets S2: a transposition costs how far the
		// opponent is from the ideal one; a pair within one half (an
		// exchange between the halves) costs more than any transposition.
		size, h := s.size[la], s.size[la]/2
		cost := iabs(s.pos[b] - s.pos[a] - h)
		if s.pos[a] >= h || s.pos[b] < h {
			cost += size + 1
		}
		return int64(cost)
	}
	dutch := s.size[la] - 1 - s.pos[a] + s.pos[b]
	hop := min(lb-la, s.hop)
	return s.rFloat*int64(lb-la) + s.rHop*int64(hop*hop) + int64(dutch)
}

func iabs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// weight is the matching weight of the pair (even, as the matching needs).
func (s *swissGraph) weight(a, b int) int64 {
	c := s.cost(a, b)
	if s.bad(a, b) {
		c += s.rRematch
	}
	return 2 * (s.top - c)
}

// window is how far around its ideal opponents an entry of a large score
// group looks in the sparse graph.
const window = 12

// nearPairs calls f with each pair of the sparse graph once: pairs near the
// Dutch ideal in a score group (all of a small group), and pairs between the
// lowest of a group and the highest of the two groups below; the bye (the
// dummy) with the lowest group and the lowest of the two groups above it.
func (s *swissGraph) nearPairs(f func(a, b int)) {
	members := make([][]int, s.levels)
	for v := range s.level {
		members[s.level[v]] = append(members[s.level[v]], v)
	}
	for g, ms := range members {
		slices.SortFunc(ms, func(a, b int) int { return cmp.Compare(s.pos[a], s.pos[b]) })
		k := len(ms)
		h := s.size[g] / 2
		for i, a := range ms {
			for j := i + 1; j < k; j++ {
				d := j - i
				if k <= 4*window || d <= window || iabs(d-h) <= window || ms[j] == s.dummy {
					f(a, ms[j])
				}
			}
			if k-1-i >= 2*window {
				continue
			}
			for lower := g + 1; lower <= g+2 && lower < s.levels; lower++ {
				for j, b := range members[lower] {
					if j < 2*window || b == s.dummy {
						f(a, b)
					}
				}
			}
		}
	}
}

// pair matches the round: the sparse graph first, then, unless its pairing is
// provably as good as any, every pair without a rematch, then every pair.
func (s *swissGraph) pair() []int {
	vertices := len(s.level)
	if vertices == 0 {
		return nil
	}
	if vertices > 8*window {
		var edges []edge
		s.nearPairs(func(a, b int) {
			if !s.bad(a, b) {
				edges = append(edges, edge{a, b, s.weight(a, b)})
			}
		})
		mate, dual := matchingDuals(vertices, edges, true)
		if s.perfect(mate) && (s.fewestFloats(mate) || s.proven(dual)) {
			return mate
		}
	}
	mate := s.match(func(keep func(a, b int)) {
		s.allPairs(func(a, b int) {
			if !s.bad(a, b) {
				keep(a, b)
			}
		})
	})
	if s.perfect(mate) {
		return mate
	}
	return s.match(s.allPairs)
}

// fewestFloats reports whether a pairing without rematches has the fewest
// floats any pairing could have, each over one boundary, and its bye (if
// any) in the lowest score group: then no pair left out of the sparse graph
// could better it by the rules before the Dutch order.
func (s *swissGraph) fewestFloats(mate []int) bool {
	k := 0
	for a, b := range mate {
		if a < b {
			d := iabs(s.level[a] - s.level[b])
			k += d * d
		}
	}
	return k == s.oddBounds && (s.dummy < 0 || s.level[mate[s.dummy]] == s.levels-1)
}

// proven reports whether the duals of a perfect matching of the sparse graph
// prove it the heaviest of the whole graph: no pair left out has a negative
// slack. A pair's weight without its rematch penalty is the larger, so
// rematches are looked up only for the few pairs that weight would not clear.
func (s *swissGraph) proven(dual []int64) bool {
	for a := range s.level {
		for b := a + 1; b < len(s.level); b++ {
			c := s.cost(a, b)
			if dual[a]+dual[b]-4*(s.top-c) >= 0 {
				continue
			}
			if s.bad(a, b) {
				c += s.rRematch
			}
			if dual[a]+dual[b]-4*(s.top-c) < 0 {
				return false
			}
		}
	}
	return true
}

func (s *swissGraph) allPairs(f func(a, b int)) {
	for a := range s.level {
		for b := a + 1; b < len(s.level); b++ {
			f(a, b)
		}
	}
}

// match matches the graph of the pairs that pairs calls its argument with.
func (s *swissGraph) match(pairs func(keep func(a, b int))) []int {
	var edges []edge
	pairs(func(a, b int) { edges = append(edges, edge{a, b, s.weight(a, b)}) })
	return maxWeightPerfectMatching(len(s.level), edges)
}

func (s *swissGraph) perfect(mate []int) bool {
	return !slices.Contains(mate, -1)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
