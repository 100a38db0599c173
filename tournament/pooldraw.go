package tournament

import (
	"cmp"
	"slices"
)

// Qualifier is an entry that came out of a pool stage: the pool it played
// in (its index in the stage) and the place it took there (1 for the winner).
type Qualifier struct {
	Entry *Entry
	Pool  int
	Place int
}

// CompareBestOfPlace orders entries of one place taken from different pools
// ("the 4 best thirds"), best first. Pools may differ in size, so every
// figure is taken per match played: points per match, then match difference
// per match, then game-point (goal) difference per match, then game points
// scored per match; what is still level goes to the earlier pool.
func CompareBestOfPlace(a, b Standing, poolA, poolB int) int {
	per := func(x, y int, mx, my int) int { // x/mx against y/my, higher first; nothing played is 0
		if mx == 0 {
			x, mx = 0, 1
		}
		if my == 0 {
			y, my = 0, 1
		}
		return -cmp.Compare(x*my, y*mx)
	}
	return cmp.Or(
		per(a.Points, b.Points, a.Matches, b.Matches),
		per(a.MatchesDiff, b.MatchesDiff, a.Matches, b.Matches),
		per(a.GoalsDiff, b.GoalsDiff, a.Matches, b.Matches),
		per(a.Goals, b.Goals, a.Matches, b.Matches),
		cmp.Compare(poolA, poolB),
	)
}

// PoolQualifiers takes the best q entries (every entry when q is 0) out of
// the pools' tables (best first within each table): every pool's first, then
// every pool's second, and so on; a place that only some can take goes to
// the best of that place by CompareBestOfPlace. The result is in seeding
// order: winners by pool, then runners-up crossed (the winner of pool j
// meets, by seed, the runner-up of another pool), then the rest.
func PoolQualifiers(tables [][]Standing, entries map[string]*Entry, q int) []Qualifier {
	n := len(tables)
	var out []Qualifier
	for place := 0; ; place++ {
		type cand struct {
			row  Standing
			pool int
		}
		var rows []cand
		for p, tbl := range tables {
			if place < len(tbl) {
				rows = append(rows, cand{tbl[place], p})
			}
		}
		if len(rows) == 0 {
			break
		}
		if place == 1 && n > 1 && len(rows) == n {
			// Seed G+1+j faces seed G-j, the winner of pool G-1-j: give it
			// the runner-up of the pool after that one.
			crossed := make([]cand, n)
			for j := range n {
				crossed[j] = rows[(n-j)%n]
			}
			rows = crossed
		}
		if q > 0 && len(out)+len(rows) > q {
			slices.SortStableFunc(rows, func(a, b cand) int { return CompareBestOfPlace(a.row, b.row, a.pool, b.pool) })
			rows = rows[:q-len(out)]
		}
		for _, r := range rows {
			if e := entries[r.row.Entry.ID]; e != nil {
				out = append(out, Qualifier{Entry: e, Pool: r.pool, Place: place + 1})
			}
		}
		if q > 0 && len(out) >= q {
			break
		}
	}
	return out
}

// seedNextStage is the next stage's seeding from the qualifiers: a tree
// fed by several pools is drawn as clubs draw it (see PoolDraw).
func seedNextStage(next *Stage, qs []Qualifier, pools int) []*Entry {
	if pools > 1 && len(next.Groups) == 1 && next.Groups[0].Mode.Rules().Making == Tree {
		return PoolDraw(qs)
	}
	out := make([]*Entry, len(qs))
	for i, q := range qs {
		out[i] = q.Entry
	}
	return out
}

// drawBudget bounds the search of PoolDraw; drawing 128 qualifiers from 16
// pools needs a few hundred steps, and no small case needs more than this.
const drawBudget = 200_000

// PoolDraw places qualifiers from pools (in seeding order, as PoolQualifiers
// gives them) into a knock-out tree as clubs draw it, and returns them in the
// seed order NewBracket lays out. Whenever a draw with these properties
// exists, it has them:
//
//   - two entries of one pool never meet in the first round;
//   - a pool's first and second are in opposite halves of the tree.
//
// Within that, every qualifier keeps its seed where it can, then a seed of
// its own place (winners among the winners' seeds, so byes go to winners),
// spread so that pool-mates share a quarter as little as possible. When no
// draw has both properties, the first holds alone; when not even that is
// possible, the seeding stays as given.
func PoolDraw(qs []Qualifier) []*Entry {
	seeds := poolDrawSeeds(qs, true)
	if seeds == nil {
		seeds = poolDrawSeeds(qs, false)
	}
	out := make([]*Entry, len(qs))
	for i, q := range qs {
		if seeds == nil {
			out[i] = q.Entry
		} else {
			out[seeds[i]] = q.Entry
		}
	}
	return out
}

// treeSlots is where each seed of a tree for n entries sits: its slot in
// the first round (slots 2k and 2k+1 meet), with size the tree's width.
func treeSlots(n int) (slot []int, size int) {
	size = 2
	for size < n {
		size *= 2
	}
	slot = make([]int, size)
	for pos, seed := range seedOrder(size) {
		slot[seed] = pos
	}
	return slot, size
}

// DrawKeepsPoolsApart reports which of the two properties of PoolDraw the
// seeded entries (in NewBracket's seed order) have: no pool-mates in the
// first round, and every pool's first and second in opposite halves.
func DrawKeepsPoolsApart(seeded []*Entry, qs []Qualifier) (apart, halves bool) {
	of := map[string]Qualifier{}
	for _, q := range qs {
		of[q.Entry.ID] = q
	}
	slot, size := treeSlots(len(seeded))
	at := make([]*Qualifier, size)
	for s, e := range seeded {
		if e != nil {
			q := of[e.ID]
			at[slot[s]] = &q
		}
	}
	apart, halves = true, true
	for pos := 0; pos < size; pos += 2 {
		if a, b := at[pos], at[pos+1]; a != nil && b != nil && a.Pool == b.Pool {
			apart = false
		}
	}
	for i := range at {
		for j := i + 1; j < len(at); j++ {
			a, b := at[i], at[j]
			if a != nil && b != nil && a.Pool == b.Pool && a.Place+b.Place == 3 && i/(size/2) == j/(size/2) {
				halves = false
			}
		}
	}
	return apart, halves
}

// poolDrawSeeds searches seeds for the qualifiers (seeds[i] for qs[i]) that
// keep pool-mates out of each other's first match and, with halves, each
// pool's first and second in opposite halves. It places the qualifier with
// the fewest seeds left first and gives up on a branch where one has none,
// so a draw that exists is found in few steps. It returns nil when there is
// no such draw (or the search ran out of its budget).
func poolDrawSeeds(qs []Qualifier, halves bool) []int {
	n := len(qs)
	if n < 2 {
		return nil
	}
	slot, size := treeSlots(n)
	quarter := max(size/4, 1)
	// The seeds of each place: the range of input positions holding it.
	lo, hi := map[int]int{}, map[int]int{}
	for i, q := range qs {
		if _, ok := lo[q.Place]; !ok {
			lo[q.Place] = i
		}
		hi[q.Place] = i
	}
	at := make([]int, size) // slot → qualifier index + 1; 0 is free
	seeds := make([]int, n)
	placed := make([]bool, n)
	used := make([]bool, n)
	// top[pool][place-1] is the slot of the pool's first or second, -1 while unplaced.
	// Only pools with both their first and second among the qualifiers are in it.
	top := map[int]*[2]int{}
	count := map[int]int{}
	for _, q := range qs {
		if q.Place <= 2 {
			count[q.Pool]++
		}
	}
	for pool, k := range count {
		if k == 2 {
			top[pool] = &[2]int{-1, -1}
		}
	}
	steps := 0
	fits := func(i, s int) bool {
		p := slot[s]
		if o := at[p^1]; o > 0 && qs[o-1].Pool == qs[i].Pool {
			return false
		}
		t := top[qs[i].Pool]
		if !halves || qs[i].Place > 2 || t == nil {
			return true
		}
		other := t[2-qs[i].Place]
		return other < 0 || other/(size/2) != p/(size/2)
	}
	set := func(i, s int, on bool) {
		p := slot[s]
		used[s], placed[i] = on, on
		at[p] = 0
		mark := -1
		if on {
			at[p], seeds[i], mark = i+1, s, p
		}
		if t := top[qs[i].Pool]; t != nil && qs[i].Place <= 2 {
			t[qs[i].Place-1] = mark
		}
	}
	// halvesCanHold reports whether each half has a free seed for every
	// first or second whose pool-mate needs the other half: one of each
	// half for a pool with neither placed.
	halvesCanHold := func() bool {
		var free, need [2]int
		for sd := range n {
			if !used[sd] {
				free[slot[sd]/(size/2)]++
			}
		}
		for _, t := range top {
			both := 0
			for k := range 2 {
				if t[k] >= 0 {
					both++
				}
			}
			for k := range 2 {
				if t[k] < 0 && t[1-k] >= 0 {
					need[1-t[1-k]/(size/2)]++
				}
			}
			if both == 0 {
				need[0]++
				need[1]++
			}
		}
		return need[0] <= free[0] && need[1] <= free[1]
	}
	var place func(left int) bool
	place = func(left int) bool {
		if left == 0 {
			return true
		}
		steps++
		if steps > drawBudget || halves && !halvesCanHold() {
			return false
		}
		// The unplaced qualifier with the fewest seeds that fit.
		i, fewest := -1, n+1
		for j := range n {
			if placed[j] {
				continue
			}
			k := 0
			for s := range n {
				if !used[s] && fits(j, s) {
					k++
				}
			}
			if k == 0 {
				return false
			}
			if k < fewest {
				i, fewest = j, k
			}
		}
		type choice struct{ seed, away, crowd, dist int }
		var cs []choice
		for s := range n {
			if used[s] || !fits(i, s) {
				continue
			}
			away := 0
			if s < lo[qs[i].Place] || s > hi[qs[i].Place] {
				away = 1
			}
			crowd := 0
			if size >= 8 {
				for pos, o := range at {
					if o > 0 && qs[o-1].Pool == qs[i].Pool && pos/quarter == slot[s]/quarter {
						crowd++
					}
				}
			}
			cs = append(cs, choice{s, away, crowd, seedDistance(s, i)})
		}
		slices.SortFunc(cs, func(a, b choice) int {
			return cmp.Or(cmp.Compare(a.away, b.away), cmp.Compare(a.crowd, b.crowd), cmp.Compare(a.dist, b.dist), cmp.Compare(a.seed, b.seed))
		})
		for _, c := range cs {
			set(i, c.seed, true)
			if place(left - 1) {
				return true
			}
			set(i, c.seed, false)
			if steps > drawBudget {
				return false
			}
		}
		return false
	}
	if !place(n) {
		return nil
	}
	return seeds
}

// seedDistance is how far seed s is from seed i.
func seedDistance(s, i int) int {
	if s < i {
		return i - s
	}
	return s - i
}
