package tournament

import (
	"fmt"
	"math/bits"
	"sync"
)

// Bracket is a knock-out tree laid out for a group: its rounds and matches,
// linked so that each match knows where its winner and loser go.
type Bracket struct {
	Rounds  []Round
	Matches []*Match
}

// NewBracket lays out an elimination tree for the seeded entries (best first).
// The tree has the next power of two of slots; the best seeds get byes. A nil
// entry is a place whose entry is not known yet: its match stays incomplete.
// With double, a losers bracket, a grand final and its reset follow; with
// thirdPlace (single elimination only), a match for third place.
// id names every round and match from a short path, so layouts are stable.
func NewBracket(entries []*Entry, double, thirdPlace bool, id func(path string) string) Bracket {
	size := 2
	for size < len(entries) {
		size *= 2
	}
	var orders [][]int
	if double {
		orders = dropInOrders(size)
	}
	return newBracket(entries, size, double, thirdPlace, id, orders)
}

// newBracket lays out the tree over size slots, with the given drop-in orders
// (see dropInOrders) when double: the winners bracket, its first round seeded,
// a match for third place or a losers bracket and the finals, and then the
// byes moved on.
func newBracket(entries []*Entry, size int, double, thirdPlace bool, id func(path string) string, orders [][]int) Bracket {
	k := bits.TrailingZeros(uint(size))
	l := &layout{id: id}
	wb := l.winnersBracket(size, k, double)
	byes := seedFirstRound(wb[0], entries, size)
	if thirdPlace && !double && k >= 2 {
		third := l.match(l.round("Third place"), BracketThirdPlace, 0)
		for i, m := range wb[k-2] {
			m.LoserTo = &Slot{third.ID, i}
		}
	}
	if double && k >= 2 {
		lb := l.losersBracket(wb, size, k, orders)
		final := l.match(l.round("Grand final"), BracketFinal, 0)
		wb[k-1][0].WinnerTo = &Slot{final.ID, 0}
		lb[len(lb)-1][0].WinnerTo = &Slot{final.ID, 1}
		l.match(l.round("Grand final reset"), BracketReset, 0)
	}
	for _, m := range byes {
		m.State = MatchBye
		Advance(l.b.Matches, m)
	}
	return l.b
}

// layout is a bracket being laid out: it names rounds and matches by path.
type layout struct {
	b  Bracket
	id func(path string) string
}

func (l *layout) round(name string) string {
	r := Round{ID: l.id("round/" + name), Name: name}
	l.b.Rounds = append(l.b.Rounds, r)
	return r.ID
}

func (l *layout) match(roundID, part string, seq int) *Match {
	m := &Match{ID: l.id(fmt.Sprintf("%s/%d", roundID, seq)), RoundID: roundID, Seq: seq, State: MatchIncomplete, Bracket: part}
	l.b.Matches = append(l.b.Matches, m)
	return m
}

// winnersBracket lays out the k rounds of the winners bracket (the whole
// tree in single elimination), each match's winner into the next round.
func (l *layout) winnersBracket(size, k int, double bool) [][]*Match {
	wb := make([][]*Match, k)
	for r := range k {
		rid := l.round(roundName(k-r, double))
		for i := range size >> (r + 1) {
			wb[r] = append(wb[r], l.match(rid, BracketWinners, i))
		}
		if r > 0 {
			for i, m := range wb[r-1] {
				m.WinnerTo = &Slot{wb[r][i/2].ID, i % 2}
			}
		}
	}
	return wb
}

// seedFirstRound puts the seeds into the first round in the classic order
// and returns the matches that are byes (left incomplete until advanced, so
// no later match takes them as done early). A nil entry leaves its match
// incomplete.
func seedFirstRound(first []*Match, entries []*Entry, size int) (byes []*Match) {
	order := seedOrder(size)
	for i, m := range first {
		var bye, unknown bool
		for side := range 2 {
			switch seed := order[2*i+side]; {
			case seed >= len(entries):
				bye = true
			case entries[seed] == nil:
				unknown = true
			default:
				m.Entries[side] = entries[seed]
			}
		}
		switch {
		case unknown:
			m.State = MatchIncomplete
		case bye:
			byes = append(byes, m)
		default:
			m.State = MatchOpen
		}
	}
	return byes
}

// losersBracket lays out the 2(k-1) losers rounds: the losers of winners
// round 1 meet each other, then drop-in rounds (the survivors meet the
// losers of the next winners round, in the orders given) alternate with
// rounds in which the survivors meet each other.
func (l *layout) losersBracket(wb [][]*Match, size, k int, orders [][]int) [][]*Match {
	var lb [][]*Match
	rounds := 2 * (k - 1)
	for r := range rounds {
		name := fmt.Sprintf("Losers round %d", r+1)
		if r == rounds-1 {
			name = "Losers final"
		}
		rid := l.round(name)
		var ms []*Match
		for i := range size >> (2 + r/2) {
			ms = append(ms, l.match(rid, BracketLosers, i))
		}
		lb = append(lb, ms)
		switch {
		case r == 0:
			for i, m := range wb[0] {
				m.LoserTo = &Slot{ms[i/2].ID, i % 2}
			}
		case r%2 == 1:
			for i, m := range lb[r-1] {
				m.WinnerTo = &Slot{ms[i].ID, 0}
			}
			for i, m := range wb[r/2+1] {
				m.LoserTo = &Slot{ms[orders[r/2][i]].ID, 1}
			}
		default:
			for i, m := range lb[r-1] {
				m.WinnerTo = &Slot{ms[i/2].ID, i % 2}
			}
		}
	}
	return lb
}

// roundName names a winners-bracket round by how many rounds are left in it.
func roundName(left int, double bool) string {
	prefix := ""
	if double {
		prefix = "Winners "
	}
	switch left {
	case 1:
		if double {
			return "Winners final"
		}
		return "Final"
	case 2:
		return prefix + "Semi-finals"
	case 3:
		return prefix + "Quarter-finals"
	}
	return fmt.Sprintf("%sRound of %d", prefix, 1<<left)
}

// seedOrder is the classic bracket order of seeds (0-based) over size slots:
// 1 meets the last seed, and the top two can only meet in the final.
func seedOrder(size int) []int {
	order := []int{0}
	for n := 1; n < size; n *= 2 {
		next := make([]int, 0, 2*n)
		for _, s := range order {
			next = append(next, s, 2*n-1-s)
		}
		order = next
	}
	return order
}

// Outcome is who came out of a finished match: either may be nil.
func (m *Match) Outcome() (winner, loser *Entry) {
	switch m.State {
	case MatchBye:
		if m.Entries[0] != nil {
			return m.Entries[0], nil
		}
		return m.Entries[1], nil
	case MatchPlayed:
		if w := m.Winner(); w >= 0 {
			return m.Entries[w], m.Entries[1-w]
		}
	}
	return nil, nil
}

// Done reports whether nothing more happens in the match.
func (m *Match) Done() bool {
	return m.State == MatchPlayed || m.State == MatchBye || m.State == MatchSkipped
}

// Advance moves the outcome of a finished bracket match on: its winner and loser
// into the matches they go to, each of which becomes open once both its entries
// are known, or a bye once all that feed it are done and only one came. Byes
// resolve themselves in turn. After a grand final that the losers-bracket
// winner took, the reset is opened; otherwise it is skipped.
// group holds every match of the group; Advance changes them in place and
// returns those it changed.
func Advance(group []*Match, done *Match) []*Match {
	byID := make(map[string]*Match, len(group))
	for _, m := range group {
		byID[m.ID] = m
	}
	var changed []*Match
	var step func(m *Match)
	step = func(m *Match) {
		winner, loser := m.Outcome()
		if m.Bracket == BracketFinal {
			for _, r := range group {
				if r.Bracket == BracketReset && r.State == MatchIncomplete {
					if m.State == MatchPlayed && m.Winner() == 1 {
						r.Entries, r.State = m.Entries, MatchOpen
					} else {
						r.State = MatchSkipped
					}
					changed = append(changed, r)
				}
			}
			return
		}
		for _, link := range []struct {
			to *Slot
			e  *Entry
		}{{m.WinnerTo, winner}, {m.LoserTo, loser}} {
			if link.to == nil {
				continue
			}
			next := byID[link.to.MatchID]
			if next == nil || next.State != MatchIncomplete {
				continue
			}
			next.Entries[link.to.Side] = link.e
			changed = append(changed, next)
			switch {
			case next.Entries[0] != nil && next.Entries[1] != nil:
				next.State = MatchOpen
			case feedersDone(group, next.ID):
				next.State = MatchBye
				step(next)
			}
		}
	}
	step(done)
	return changed
}

func feedersDone(group []*Match, id string) bool {
	for _, m := range group {
		if (m.WinnerTo != nil && m.WinnerTo.MatchID == id || m.LoserTo != nil && m.LoserTo.MatchID == id) && !m.Done() {
			return false
		}
	}
	return true
}

// dropInOrders returns, for each drop-in round of a double elimination over
// size slots, where the losers of the winners round go: loser i of winners
// round d+1 meets the survivor of losers-bracket match orders[d][i].
//
// A losers-bracket match is a rematch when its two entries met before, in
// either bracket. For the sizes up to 256 the orders are the ones that a
// search over a family of regular orders (see dropInOrder) found to give
// the fewest play-outs with any losers-bracket rematch, scored over every
// losers-bracket match of thousands of random play-outs (the search is
// TestSearchDropInOrders, go test -tags=compare). Larger trees choose round
// by round, looking ahead over the rounds after it, by reckoning for random
// results where each survivor can come from, and taking the orders that send
// losers furthest from the part of the tree they played in.
func dropInOrders(size int) [][]int {
	if v, ok := dropInCache.Load(size); ok {
		return v.([][]int)
	}
	var orders [][]int
	if specs, ok := dropInTable[size]; ok {
		for d, spec := range specs {
			orders = append(orders, spec.order(size>>(d+2)))
		}
	} else {
		orders = reckonDropIns(size)
	}
	dropInCache.Store(size, orders)
	return orders
}

// dropInOrder is a regular order of m drop-in places: i goes to
// ((i, or m-1-i when flip) + rotate) mod m, XOR xor. It holds the published
// orders (natural, reverse, half shift, halves reversed, pairs flipped) and
// their combinations.
type dropInOrder struct {
	flip        bool
	rotate, xor int
}

func (o dropInOrder) order(m int) []int {
	out := make([]int, m)
	for i := range out {
		j := i
		if o.flip {
			j = m - 1 - i
		}
		out[i] = ((j + o.rotate) % m) ^ o.xor
	}
	return out
}

// reckonDropIns chooses the orders of trees larger than dropInTable's.
func reckonDropIns(size int) [][]int {
	k := bits.TrailingZeros(uint(size))
	// dist[j][p] is the chance that the survivor of losers match j started in slot p.
	var dist [][]float64
	for j := range size / 4 {
		dist = append(dist, uniformDist(size, 4*j, 4))
	}
	// Look ahead as far as stays cheap: every round for small trees, fewer for large ones.
	depth := max(2, 11-k)
	var orders [][]int
	for w := 1; w < k; w++ { // winners round w drops into the losers bracket
		_, best := bestDropIn(dist, w, k, depth)
		orders = append(orders, best)
		_, dist = dropIn(dist, w, k, best)
	}
	return orders
}

// bestDropIn is the order for winners round w that sends the fewest
// survivors back to where they came from over this round and the depth-1
// rounds after it (each taken at its best), and that total.
func bestDropIn(dist [][]float64, w, k, depth int) (float64, []int) {
	var best []int
	bestCost := 0.0
	for _, order := range regularOrders(len(dist)) {
		var cost float64
		if depth > 1 && w+1 < k {
			var next [][]float64
			cost, next = dropIn(dist, w, k, order)
			ahead, _ := bestDropIn(next, w+1, k, depth-1)
			cost += ahead
		} else {
			cost = dropInCost(dist, w, order)
		}
		if best == nil || cost < bestCost-1e-9 {
			best, bestCost = order, cost
		}
	}
	return bestCost, best
}

// dropInCost is the first result of dropIn alone.
func dropInCost(dist [][]float64, w int, order []int) float64 {
	span := 2 << w
	cost := 0.0
	for i, j := range order {
		for _, x := range dist[j][i*span : (i+1)*span] {
			cost += x
		}
	}
	return cost
}

// dropIn reckons the drop-in of winners round w in order: the expected share
// of survivors that come from the part of the tree the dropping loser played
// in, and where the survivors of the losers round after it come from.
func dropIn(dist [][]float64, w, k int, order []int) (float64, [][]float64) {
	size := 1 << k
	span := 2 << w // slots under one winners match of round w
	next := make([][]float64, len(dist))
	for i, j := range order {
		next[j] = make([]float64, size)
		for p := range size {
			next[j][p] = dist[j][p] / 2
		}
		for p := i * span; p < (i+1)*span; p++ {
			next[j][p] += 0.5 / float64(span)
		}
	}
	if w == k-1 || len(next) < 2 {
		return dropInCost(dist, w, order), next
	}
	merged := make([][]float64, len(next)/2) // the survivors meet each other
	for j := range merged {
		merged[j] = make([]float64, size)
		for p := range size {
			merged[j][p] = (next[2*j][p] + next[2*j+1][p]) / 2
		}
	}
	return dropInCost(dist, w, order), merged
}

func uniformDist(size, from, n int) []float64 {
	d := make([]float64, size)
	for p := from; p < from+n; p++ {
		d[p] = 1 / float64(n)
	}
	return d
}

var dropInCache sync.Map // size → [][]int

// regularOrders are the orders a drop-in round may take: reversed (first
// choice on a tie), natural, halves swapped, each half reversed, neighbours swapped.
func regularOrders(n int) [][]int {
	make := func(f func(i int) int) []int {
		o := make([]int, n)
		for i := range o {
			o[i] = f(i)
		}
		return o
	}
	half := n / 2
	out := [][]int{
		make(func(i int) int { return n - 1 - i }),
		make(func(i int) int { return i }),
	}
	if n >= 2 {
		out = append(out,
			make(func(i int) int { return (i + half) % n }),
			make(func(i int) int {
				if i < half {
					return half - 1 - i
				}
				return n - 1 - (i - half)
			}),
			make(func(i int) int { return i ^ 1 }))
	}
	return out
}

// dropInTable holds the orders found by TestSearchDropInOrders, per tree
// size: the share of random play-outs with a losers-bracket rematch is 57% at
// 8 entries, 61% at 16, 59% at 32, 58% at 64, 60% at 128 and 58% at 256
// (brackets-manager 1.11.1: 58%, 74%, 61%, 72%, 63%; the orders before: 54%,
// 72%, 89%, 99%, 87%).
var dropInTable = map[int][]dropInOrder{
	8:   {{flip: true}, {flip: true}},
	16:  {{xor: 3}, {}, {flip: true}},
	32:  {{xor: 3}, {flip: true}, {}, {flip: true}},
	64:  {{xor: 15}, {xor: 3}, {xor: 2}, {}, {flip: true}},
	128: {{xor: 29}, {xor: 2}, {xor: 3}, {xor: 2}, {}, {flip: true}},
	256: {{xor: 34}, {xor: 29}, {xor: 5}, {xor: 1}, {xor: 2}, {}, {flip: true}},
}
