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

// searchBudget bounds the nodes one pairing search visits. Small fields are
// searched exhaustively well within it; a field whose constraints cannot be
// met is given up on after it and paired with the next weaker constraint.
const searchBudget = 200_000

// PairSwiss pairs the next round of a Swiss system. ranked holds the entries
// best first; met reports whether two of them (indexes into ranked) have
// played each other. It returns the pairs, the better-ranked entry first, and
// the index of the entry that rests with a bye (-1 when the count is even).
//
// What a good pairing is follows the FIDE Dutch system (C.04.3), in this order:
//
//  1. no rematch while a pairing without one exists (its first absolute
//     criterion), found by a backtracking search, not greedily;
//  2. the bye goes to the lowest-ranked entry that has not had one (its second
//     absolute criterion, and C.04.1), unless only another bye avoids a rematch;
//     a bye counts as a win (C.04.1 c);
//  3. the largest score difference within a pair is as small as it can be;
//  4. within that, entries are taken top-down and paired Dutch-style: in a
//     score group the top half meets the bottom half (1 v n/2+1, 2 v n/2+2,
//     ...), and an entry that must float meets the best of the next group.
//
// Where Courtside differs from C.04.3: it has no colours (sides at a table do
// not alternate; the better-ranked entry is named first), so the colour
// criteria do not apply; instead of minimising first the number of
// downfloaters and then their scores, it minimises the largest score
// difference in any pair and then follows the top-down Dutch order, which
// gives the same pairing in the usual cases (one floater from an odd score
// group, meeting the best of the group below) but not in every contrived one;
// floats in earlier rounds are not tracked, so the criteria against floating
// twice in a row do not apply; and on a very large field whose search exceeds
// its budget, rematches are allowed rather than searched for longer.
func PairSwiss(ranked []Seat, met func(a, b int) bool) (pairs [][2]int, bye int) {
	n := len(ranked)
	p := newPairer(ranked, met)
	if n%2 == 0 {
		if pairs, ok := p.pairAll(nil, true); ok {
			return pairs, -1
		}
		pairs, _ := p.pairAll(nil, false)
		return pairs, -1
	}
	// Bye candidates: lowest-ranked first, those without a bye before those with one.
	cands := make([]int, n)
	for i := range cands {
		cands[i] = n - 1 - i
	}
	slices.SortStableFunc(cands, func(a, b int) int {
		return cmp.Compare(btoi(ranked[a].HadBye), btoi(ranked[b].HadBye))
	})
	for _, c := range cands {
		if p.spent > 4*searchBudget {
			break
		}
		if pairs, ok := p.pairAll([]int{c}, true); ok {
			return pairs, c
		}
	}
	pairs, _ = p.pairAll([]int{cands[0]}, false)
	return pairs, cands[0]
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// pairer searches pairings of one field.
type pairer struct {
	seats []Seat
	order []int // indexes by score, best first, rank order within a score
	met   []bool
	n     int
	spent int // nodes visited over all searches
}

func newPairer(seats []Seat, met func(a, b int) bool) *pairer {
	n := len(seats)
	p := &pairer{seats: seats, n: n, met: make([]bool, n*n)}
	for a := range n {
		for b := a + 1; b < n; b++ {
			if met(a, b) {
				p.met[a*n+b], p.met[b*n+a] = true, true
			}
		}
	}
	p.order = make([]int, n)
	for i := range p.order {
		p.order[i] = i
	}
	slices.SortStableFunc(p.order, func(a, b int) int { return -cmp.Compare(seats[a].Score, seats[b].Score) })
	return p
}

// pairAll pairs everyone but the excluded, with or without rematches allowed,
// keeping the largest score difference in a pair as small as it can.
func (p *pairer) pairAll(excluded []int, noRematch bool) ([][2]int, bool) {
	lo, hi := 0, 0
	first := true
	for _, i := range p.order {
		if slices.Contains(excluded, i) {
			continue
		}
		if first {
			hi, lo, first = p.seats[i].Score, p.seats[i].Score, false
		}
		lo = min(lo, p.seats[i].Score)
		hi = max(hi, p.seats[i].Score)
	}
	for d := 0; d <= hi-lo; d++ {
		if pairs, ok := p.search(excluded, d, noRematch); ok {
			return pairs, true
		}
		if !noRematch {
			break // with rematches allowed, any difference pairs
		}
	}
	if !noRematch {
		return p.search(excluded, hi-lo, false)
	}
	return nil, false
}

// search finds a pairing whose score differences are at most d, top-down in
// the Dutch order, backtracking when an entry is left without an opponent.
func (p *pairer) search(excluded []int, d int, noRematch bool) ([][2]int, bool) {
	n := p.n
	used := make([]bool, n)
	for _, e := range excluded {
		used[e] = true
	}
	pairs := make([][2]int, 0, n/2)
	budget := searchBudget
	if !noRematch {
		budget = -1 // the first descent always succeeds
	}
	// parityOK checks a necessary condition: where consecutive scores of the
	// unpaired entries are more than d apart no pair can cross, so the count
	// above every such gap must be even.
	parityOK := func() bool {
		count, prev, started := 0, 0, false
		for _, i := range p.order {
			if used[i] {
				continue
			}
			s := p.seats[i].Score
			if started && prev-s > d && count%2 == 1 {
				return false
			}
			count++
			prev, started = s, true
		}
		return count%2 == 0
	}
	var rec func() bool
	rec = func() bool {
		if budget == 0 {
			return false
		}
		budget--
		p.spent++
		x := -1
		for _, i := range p.order {
			if !used[i] {
				x = i
				break
			}
		}
		if x < 0 {
			return true
		}
		if !parityOK() {
			return false
		}
		used[x] = true
		for _, y := range p.candidates(x, used, d, noRematch) {
			used[y] = true
			pairs = append(pairs, [2]int{min(x, y), max(x, y)})
			if rec() {
				return true
			}
			pairs = pairs[:len(pairs)-1]
			used[y] = false
		}
		used[x] = false
		return false
	}
	if !rec() {
		return nil, false
	}
	slices.SortFunc(pairs, func(a, b [2]int) int { return cmp.Compare(a[0], b[0]) })
	return pairs, true
}

// candidates are x's possible opponents, best first: those of x's score in
// the Dutch order (the entry half a group below x first, then on down, then
// back up), then those of lower scores, nearest score and best rank first.
// Rematches come last when allowed.
func (p *pairer) candidates(x int, used []bool, d int, noRematch bool) []int {
	sx := p.seats[x].Score
	var same, other, rematch []int
	for _, i := range p.order {
		if used[i] || dist(p.seats[i].Score, sx) > d {
			continue
		}
		switch {
		case p.met[x*p.n+i]:
			if !noRematch {
				rematch = append(rematch, i)
			}
		case p.seats[i].Score == sx:
			same = append(same, i)
		default:
			other = append(other, i)
		}
	}
	slices.SortStableFunc(other, func(a, b int) int {
		return cmp.Compare(dist(p.seats[a].Score, sx), dist(p.seats[b].Score, sx))
	})
	half := (len(same)+1)/2 - 1 // x and same form the group; x meets the top of its bottom half
	half = max(half, 0)
	out := make([]int, 0, len(same)+len(other)+len(rematch))
	out = append(out, same[half:]...)
	for i := half - 1; i >= 0; i-- {
		out = append(out, same[i])
	}
	out = append(out, other...)
	return append(out, rematch...)
}

func dist(a, b int) int {
	if a < b {
		return b - a
	}
	return a - b
}
