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
	if len(qs) < 2 {
		return nil
	}
	d := newPoolSearch(qs, halves)
	if !d.place(len(qs)) {
		return nil
	}
	return d.seeds
}

// poolSearch is poolDrawSeeds' search as it stands: the tree, where each
// placed qualifier sits, and the steps taken against drawBudget.
type poolSearch struct {
	qs      []Qualifier
	halves  bool
	n       int
	slot    []int // seed → slot in the first round
	size    int   // the tree's width
	quarter int
	// lo and hi are the seeds of each place: the range of input positions holding it.
	lo, hi map[int]int
	at     []int // slot → qualifier index + 1; 0 is free
	seeds  []int
	placed []bool // by qualifier
	used   []bool // by seed
	// top[pool][place-1] is the slot of the pool's first or second, -1 while unplaced.
	// Only pools with both their first and second among the qualifiers are in it.
	top   map[int]*[2]int
	steps int
}

// newPoolSearch is the search before any qualifier is placed.
func newPoolSearch(qs []Qualifier, halves bool) *poolSearch {
	n := len(qs)
	slot, size := treeSlots(n)
	lo, hi := placeSeeds(qs)
	return &poolSearch{
		qs: qs, halves: halves, n: n,
		slot: slot, size: size, quarter: max(size/4, 1),
		lo: lo, hi: hi,
		at:    make([]int, size),
		seeds: make([]int, n), placed: make([]bool, n), used: make([]bool, n),
		top: poolTops(qs),
	}
}

// placeSeeds is the range of input positions (seeds) each place holds.
func placeSeeds(qs []Qualifier) (lo, hi map[int]int) {
	lo, hi = map[int]int{}, map[int]int{}
	for i, q := range qs {
		if _, ok := lo[q.Place]; !ok {
			lo[q.Place] = i
		}
		hi[q.Place] = i
	}
	return lo, hi
}

// poolTops has a pair of unplaced slots for each pool with both its first
// and its second among the qualifiers.
func poolTops(qs []Qualifier) map[int]*[2]int {
	count := map[int]int{}
	for _, q := range qs {
		if q.Place <= 2 {
			count[q.Pool]++
		}
	}
	top := map[int]*[2]int{}
	for pool, k := range count {
		if k == 2 {
			top[pool] = &[2]int{-1, -1}
		}
	}
	return top
}

// place places the left qualifiers still unplaced, the one with the fewest
// seeds that fit first, trying its seeds best first and undoing a seed whose
// branch fails. It reports whether every qualifier found a seed.
func (d *poolSearch) place(left int) bool {
	if left == 0 {
		return true
	}
	d.steps++
	if d.steps > drawBudget || d.halves && !d.halvesCanHold() {
		return false
	}
	i := d.mostConstrained()
	if i < 0 {
		return false
	}
	for _, s := range d.choices(i) {
		d.set(i, s, true)
		if d.place(left - 1) {
			return true
		}
		d.set(i, s, false)
		if d.steps > drawBudget {
			return false
		}
	}
	return false
}

// mostConstrained is the unplaced qualifier with the fewest seeds that fit,
// the earliest of those; -1 when an unplaced one has none left.
func (d *poolSearch) mostConstrained() int {
	i, fewest := -1, d.n+1
	for j := range d.n {
		if d.placed[j] {
			continue
		}
		k := 0
		for s := range d.n {
			if !d.used[s] && d.fits(j, s) {
				k++
			}
		}
		if k == 0 {
			return -1
		}
		if k < fewest {
			i, fewest = j, k
		}
	}
	return i
}

// choices are the free seeds that fit qualifier i, best first: a seed of
// its own place, then the fewest pool-mates in its quarter, then the
// nearest to its own seed, then the lower.
func (d *poolSearch) choices(i int) []int {
	type choice struct{ seed, away, crowd, dist int }
	var cs []choice
	for s := range d.n {
		if d.used[s] || !d.fits(i, s) {
			continue
		}
		away := 0
		if s < d.lo[d.qs[i].Place] || s > d.hi[d.qs[i].Place] {
			away = 1
		}
		cs = append(cs, choice{s, away, d.crowd(i, s), seedDistance(s, i)})
	}
	slices.SortFunc(cs, func(a, b choice) int {
		return cmp.Or(cmp.Compare(a.away, b.away), cmp.Compare(a.crowd, b.crowd), cmp.Compare(a.dist, b.dist), cmp.Compare(a.seed, b.seed))
	})
	seeds := make([]int, len(cs))
	for k, c := range cs {
		seeds[k] = c.seed
	}
	return seeds
}

// crowd is how many of qualifier i's pool-mates are placed in seed s's
// quarter of the tree (0 in a tree too small to have quarters).
func (d *poolSearch) crowd(i, s int) int {
	if d.size < 8 {
		return 0
	}
	crowd := 0
	for pos, o := range d.at {
		if o > 0 && d.qs[o-1].Pool == d.qs[i].Pool && pos/d.quarter == d.slot[s]/d.quarter {
			crowd++
		}
	}
	return crowd
}

// fits reports whether qualifier i may take seed s: no pool-mate is its
// first-round opponent and, with halves, its pool's first or second is not
// in the same half.
func (d *poolSearch) fits(i, s int) bool {
	p := d.slot[s]
	if o := d.at[p^1]; o > 0 && d.qs[o-1].Pool == d.qs[i].Pool {
		return false
	}
	t := d.top[d.qs[i].Pool]
	if !d.halves || d.qs[i].Place > 2 || t == nil {
		return true
	}
	other := t[2-d.qs[i].Place]
	return other < 0 || other/(d.size/2) != p/(d.size/2)
}

// set places qualifier i on seed s (on) or takes it off again.
func (d *poolSearch) set(i, s int, on bool) {
	p := d.slot[s]
	d.used[s], d.placed[i] = on, on
	d.at[p] = 0
	mark := -1
	if on {
		d.at[p], d.seeds[i], mark = i+1, s, p
	}
	if t := d.top[d.qs[i].Pool]; t != nil && d.qs[i].Place <= 2 {
		t[d.qs[i].Place-1] = mark
	}
}

// halvesCanHold reports whether each half has a free seed for every
// first or second whose pool-mate needs the other half: one of each
// half for a pool with neither placed.
func (d *poolSearch) halvesCanHold() bool {
	half := d.size / 2
	var free, need [2]int
	for sd := range d.n {
		if !d.used[sd] {
			free[d.slot[sd]/half]++
		}
	}
	for _, t := range d.top {
		both := 0
		for k := range 2 {
			if t[k] >= 0 {
				both++
			}
		}
		for k := range 2 {
			if t[k] < 0 && t[1-k] >= 0 {
				need[1-t[1-k]/half]++
			}
		}
		if both == 0 {
			need[0]++
			need[1]++
		}
	}
	return need[0] <= free[0] && need[1] <= free[1]
}

// seedDistance is how far seed s is from seed i.
func seedDistance(s, i int) int {
	if s < i {
		return i - s
	}
	return s - i
}
