package tournament

import (
	"slices"
	"time"
)

// Outlook is where an entry stands against its group's qualification line,
// whatever the results still to come.
type Outlook int

// The outlooks.
const (
	// Open: it depends on results still to come.
	Open Outlook = iota
	// Through: among the places that go on, whatever happens.
	Through
	// Out: below them, whatever happens.
	Out
)

// Stakes is what the results still to come in a round-robin group mean for
// one of its entries: whether it reaches the next stage of its discipline.
//
// Only points are reckoned: a table ranks by points first, and a tie-break
// can go either way, so an entry is Through only when fewer than Places
// others can end level with it or above, and Out only when at least as many
// others as can go on from the group end above it. With the best of a place
// going on too (Places does not divide the next stage evenly), one place
// more may go on, so Out counts against that place. A skipped match is not
// reckoned with (a director's decision, not a result).
type Stakes struct {
	Discipline *Discipline
	Group      *Group
	// Next is the name of the stage the first Places of the group go on to;
	// from place Maybe (when above Places) the best of that place go on too.
	Next          string
	Places, Maybe int
	// Now is the outlook whatever the results still to come.
	Now Outlook
	// Match is the entry's next match in the group: its running one, else
	// its first still to play; nil when it has played them all.
	Match *Match
	// Win, Draw and Loss are the outlook once Match ends so, whatever else
	// happens. Draw counts only when Draws: the match may end level.
	Win, Draw, Loss Outlook
	Draws           bool
}

// maxScenarios bounds the exact reckoning of Stakes: the results still to
// come in a group are tried one by one up to this many combinations (eight
// matches that may end level: a last round of sixteen, the last two of
// eight; an entry's page then counts at most 4 × 6,561 points tables); with
// more, only bounds are reckoned, which decide early in a group's play anyway.
const maxScenarios = 6_561

// Stakes is what the results still to come mean for the entry in each
// round-robin group it plays in whose stage is underway and whose first
// places go on to a next stage. Groups where everyone may go on are left
// out, and so are followed copies (their points are reckoned upstream, by
// rules a copy does not carry).
func (s *Snapshot) Stakes(entryID string) []Stakes {
	if s.Tournament.Mirror != nil {
		return nil
	}
	var out []Stakes
	for di := range s.Tournament.Disciplines {
		d := &s.Tournament.Disciplines[di]
		if slices.Contains(d.Withdrawn, entryID) {
			continue
		}
		for si := range d.Stages {
			st := &d.Stages[si]
			if !st.underway() {
				continue
			}
			for gi := range st.Groups {
				g := &st.Groups[gi]
				r := g.Mode.Rules()
				if r.Making != Scheduled || len(r.RankBy) > 0 || !slices.Contains(g.EntryIDs, entryID) {
					continue
				}
				on, ok := s.GoingOn(g)
				if !ok {
					continue
				}
				if sk, ok := s.stakesIn(d, g, entryID, on.Sure, on.Maybe); ok {
					sk.Next, sk.Maybe = on.Next.Name, on.Maybe
					out = append(out, sk)
				}
			}
		}
	}
	return out
}

// GoingOn is how many of a group go on to the next stage of its discipline.
type GoingOn struct {
	Next *Stage
	// Sure: the first Sure go on. Maybe: the place after them (Sure+1) when
	// some of that place go on, the best of it over the groups; else Sure.
	Sure, Maybe int
}

// GoingOn is how many of the group g go on, as PoolQualifiers takes them
// from the groups as they are now (a withdrawn entry is never drawn on, so
// a group that lost entries gives its places to the others). ok is false
// when g's stage is the last, or its next stage takes everyone.
func (s *Snapshot) GoingOn(g *Group) (GoingOn, bool) {
	p, ok := s.groups[g.ID]
	if !ok {
		return GoingOn{}, false
	}
	d := &s.Tournament.Disciplines[p.d]
	if p.s+1 >= len(d.Stages) || d.Stages[p.s+1].Qualify <= 0 {
		return GoingOn{}, false
	}
	groups := d.Stages[p.s].Groups
	staying := make([]int, len(groups))
	for gi := range groups {
		for _, id := range groups[gi].EntryIDs {
			if s.Entries[id] != nil && !slices.Contains(d.Withdrawn, id) {
				staying[gi]++
			}
		}
	}
	on := GoingOn{Next: &d.Stages[p.s+1]}
	left := on.Next.Qualify
	for place := 1; left > 0; place++ {
		with := 0 // groups that have someone in this place
		for _, n := range staying {
			if n >= place {
				with++
			}
		}
		if with == 0 || staying[p.g] < place {
			break
		}
		if with > left { // only the best of this place
			on.Maybe = place
			break
		}
		on.Sure, left = place, left-with
	}
	on.Maybe = max(on.Maybe, on.Sure)
	if on.Sure >= staying[p.g] {
		return GoingOn{}, false // everyone goes on
	}
	return on, true
}

// race is a group's points race: the points each entry holds, and the
// matches still to play between them.
type race struct {
	at       map[string]int // entry ids' indexes
	me       int            // the entry's index
	points   []int          // by entry index
	out      []bool
	left     []raceMatch
	win, drw int // what a win and a draw are worth
	sure     int // the first sure places go on
	maybe    int // and possibly the next, as the best of its place
}

// raceMatch is a match still to play: its two sides by entry index, and
// the results it may end with (side 0 wins, a draw, side 1 wins).
type raceMatch struct {
	a, b    int
	results []int // 0: a wins, 1: a draw, 2: b wins
}

func (s *Snapshot) stakesIn(d *Discipline, g *Group, entryID string, sure, maybe int) (Stakes, bool) {
	rc, ok := s.newRace(d, g, entryID, sure, maybe)
	if !ok {
		return Stakes{}, false
	}
	sk := Stakes{Discipline: d, Group: g, Places: sure}
	var next int
	sk.Match, next = s.raceLeft(g, &rc)
	sk.Now = rc.outlook()
	if sk.Match == nil || len(rc.left[next].results) < 2 { // played out, or given: nothing to choose
		sk.Match = nil
		return sk, true
	}
	rc.decide(&sk, next)
	return sk, true
}

// newRace is the points race of g as it stands, for entryID; ok is false
// when every one staying in the group surely goes on.
func (s *Snapshot) newRace(d *Discipline, g *Group, entryID string, sure, maybe int) (race, bool) {
	rc := race{at: make(map[string]int, len(g.EntryIDs)), points: make([]int, len(g.EntryIDs)), out: make([]bool, len(g.EntryIDs)),
		sure: sure, maybe: maybe}
	sc := g.scoring()
	rc.win, rc.drw = sc.Win, sc.Draw
	staying := 0
	for i, id := range g.EntryIDs {
		rc.at[id] = i
		rc.out[i] = slices.Contains(d.Withdrawn, id) || s.Entries[id] == nil // a withdrawn entry is never drawn on
		if !rc.out[i] {
			staying++
		}
	}
	rc.me = rc.at[entryID]
	if maybe <= 0 || sure >= staying {
		return race{}, false
	}
	for _, row := range s.Standings(g) {
		if i, ok := rc.at[row.Entry.ID]; ok {
			rc.points[i] = row.Points
		}
	}
	return rc, true
}

// raceLeft adds the matches of g still to play to the race, with the
// results each may end with, and returns the entry's next one (its running
// match, else its first still to play) and where it is in rc.left.
func (s *Snapshot) raceLeft(g *Group, rc *race) (next *Match, at int) {
	for _, m := range s.MatchesWhere(func(m *Match) bool { return m.GroupID == g.ID && !m.Done() }) {
		if m.Entries[0] == nil || m.Entries[1] == nil {
			continue
		}
		a, okA := rc.at[m.Entries[0].ID]
		b, okB := rc.at[m.Entries[1].ID]
		if !okA || !okB {
			continue
		}
		rm := raceMatch{a: a, b: b}
		switch {
		case rc.out[a] && !rc.out[b]: // given to the one who stayed
			rm.results = []int{2}
		case rc.out[b] && !rc.out[a]:
			rm.results = []int{0}
		case s.Config(m).Draw:
			rm.results = []int{0, 1, 2}
		default:
			rm.results = []int{0, 2}
		}
		if (a == rc.me || b == rc.me) && (next == nil || m.State == MatchRunning && next.State != MatchRunning) {
			next, at = m, len(rc.left)
		}
		rc.left = append(rc.left, rm)
	}
	return next, at
}

// decide reckons the outlook after each result of the entry's next match
// (rc.left[next]): Win, Draw and Loss, and Now when they all agree.
func (rc race) decide(sk *Stakes, next int) {
	mine := rc.left[next]
	rest := slices.Delete(slices.Clone(rc.left), next, next+1)
	var after []Outlook
	for _, res := range mine.results {
		fixed := rc
		fixed.left = rest
		fixed.points = slices.Clone(rc.points)
		fixed.settle(fixed.points, mine, res)
		o := fixed.outlook()
		after = append(after, o)
		switch {
		case res == 1:
			sk.Draw, sk.Draws = o, true
		case (res == 0) == (mine.a == rc.me):
			sk.Win = o
		default:
			sk.Loss = o
		}
	}
	// Whatever the next match gives, so it is now (the bounds and the
	// combinations tried for Now may not have reached so far).
	for _, o := range []Outlook{Through, Out} {
		if !slices.ContainsFunc(after, func(x Outlook) bool { return x != o }) {
			sk.Now = o
		}
	}
}

// settle adds a result of m to the points pts.
func (rc *race) settle(pts []int, m raceMatch, res int) {
	switch res {
	case 0:
		pts[m.a] += rc.win
	case 1:
		pts[m.a] += rc.drw
		pts[m.b] += rc.drw
	case 2:
		pts[m.b] += rc.win
	}
}

// outlook reckons the race: first by bounds (what each entry can still reach
// at least and at most), then, when those do not decide and there are few
// enough combinations, by trying every combination of the results still to come.
func (rc *race) outlook() Outlook {
	lo, hi := slices.Clone(rc.points), slices.Clone(rc.points)
	for _, m := range rc.left {
		hi[m.a] += rc.most(m, 0)
		hi[m.b] += rc.most(m, 2)
	}
	above, level := 0, 0 // others surely above; others that can reach the entry's least
	for i := range rc.points {
		if i == rc.me || rc.out[i] {
			continue
		}
		if lo[i] > hi[rc.me] {
			above++
		}
		if hi[i] >= lo[rc.me] {
			level++
		}
	}
	switch {
	case level < rc.sure:
		return Through
	case above >= rc.maybe:
		return Out
	}
	combos := 1
	for _, m := range rc.left {
		if combos *= len(m.results); combos > maxScenarios {
			return Open
		}
	}
	through, out := true, true
	pts := slices.Clone(rc.points)
	var try func(k int) bool // false once both are ruled out
	try = func(k int) bool {
		if k == len(rc.left) {
			above, level := 0, 0
			for i, p := range pts {
				if i == rc.me || rc.out[i] {
					continue
				}
				if p > pts[rc.me] {
					above++
				}
				if p >= pts[rc.me] {
					level++
				}
			}
			through = through && level < rc.sure
			out = out && above >= rc.maybe
			return through || out
		}
		m := rc.left[k]
		for _, res := range m.results {
			before := [2]int{pts[m.a], pts[m.b]}
			rc.settle(pts, m, res)
			goOn := try(k + 1)
			pts[m.a], pts[m.b] = before[0], before[1]
			if !goOn {
				return false
			}
		}
		return true
	}
	try(0)
	switch {
	case through:
		return Through
	case out:
		return Out
	}
	return Open
}

// most is the most points side (0 or 2: a or b winning) can take from m.
func (rc *race) most(m raceMatch, side int) int {
	best := 0
	for _, res := range m.results {
		switch res {
		case side:
			best = max(best, rc.win)
		case 1:
			best = max(best, rc.drw)
		}
	}
	return best
}

// Likely is who an entry would meet first in the next stage if the stage
// it plays in ended with every table as it stands.
type Likely struct {
	Stage, Next *Stage
	// Place is where the entry would go on from (Pool indexes Stage.Groups);
	// Opponent whom it would meet, nil for a bye.
	Place    Qualifier
	Opponent *Qualifier
}

// IfTablesStand is who the entry would meet first in the knock-out tree fed
// by the stage of its group g, if the stage ended with every table as it
// stands (see LikelyDraw). ok is false when it would not go on.
func (s *Snapshot) IfTablesStand(g *Group, entryID string) (Likely, bool) {
	p, ok := s.groups[g.ID]
	if !ok || !slices.Contains(g.EntryIDs, entryID) {
		return Likely{}, false
	}
	d := &s.Tournament.Disciplines[p.d]
	pairs, ok := s.LikelyDraw(d, p.s+1)
	if !ok {
		return Likely{}, false
	}
	for _, pair := range pairs {
		for side, q := range pair {
			if q != nil && q.Entry.ID == entryID {
				return Likely{Stage: &d.Stages[p.s], Next: &d.Stages[p.s+1], Place: *q, Opponent: pair[1-side]}, true
			}
		}
	}
	return Likely{}, false
}

// LikelyDraw is the first round of the knock-out tree of stage si of d if
// the stage before it ended with every table as it stands, drawn as the
// engine would draw it: pairs in the tree's order, the other side of a bye
// nil (Pool indexes the stage before's groups). ok is false when stage si is
// not one knock-out tree fed by a stage underway with a result played, or
// is drawn already, or is a followed copy's. The snapshot keeps the draw.
func (s *Snapshot) LikelyDraw(d *Discipline, si int) (pairs [][2]*Qualifier, ok bool) {
	if si < 1 || si >= len(d.Stages) || s.Tournament.Mirror != nil {
		return nil, false
	}
	st, next := &d.Stages[si-1], &d.Stages[si]
	if !st.underway() || len(st.Groups) > maxLikelyPools || len(next.Groups) != 1 || next.Groups[0].Mode.Rules().Making != Tree || next.State != PhasePlanned ||
		!slices.ContainsFunc(s.Matches, func(m *Match) bool { return m.StageID == st.ID && m.State == MatchPlayed }) {
		return nil, false
	}
	if s.memo == nil { // a snapshot not made by NewSnapshot
		pairs = likelyDraw(newChange(s, time.Time{}), d, st, next)
		return pairs, pairs != nil
	}
	s.memo.Lock()
	defer s.memo.Unlock()
	pairs, ok = s.memo.likely[next.ID]
	if !ok {
		pairs = likelyDraw(newChange(s, time.Time{}), d, st, next)
		if s.memo.likely == nil {
			s.memo.likely = map[string][][2]*Qualifier{}
		}
		s.memo.likely[next.ID] = pairs
	}
	return pairs, pairs != nil
}

// likelyDraw is the first round of next drawn from the tables of st as
// they stand, nil when fewer than two would go on.
func likelyDraw(c *Change, d *Discipline, st, next *Stage) [][2]*Qualifier {
	qs := c.qualifiers(d, st, next.Qualify)
	seeded := seedNextStage(next, qs, len(st.Groups))
	if len(seeded) < 2 {
		return nil
	}
	of := map[string]*Qualifier{}
	for i := range qs {
		of[qs[i].Entry.ID] = &qs[i]
	}
	slot, size := treeSlots(len(seeded))
	pairs := make([][2]*Qualifier, size/2)
	for i, e := range seeded {
		if e != nil {
			pairs[slot[i]/2][slot[i]%2] = of[e.ID]
		}
	}
	return pairs
}

// maxLikelyPools bounds LikelyDraw: drawing a tree from pools as clubs do
// (PoolDraw) searches, which takes about 9 ms for 64 pools and 0.6 s for
// 256; a snapshot draws each stage once, but every result makes a new one.
const maxLikelyPools = 64

// Path is what a knock-out match means for one of its sides: where a win
// and a loss take it.
type Path struct {
	// WinTo and LoseTo are the matches a win and a loss lead to, nil when
	// none, with the side taken there.
	WinTo, LoseTo     *Match
	WinSide, LoseSide int
	// WinPlace and LosePlace are the final places a win and a loss give
	// when the match decides them (1 the title, 2, 3, 4), else 0.
	WinPlace, LosePlace int
	// Out: a loss puts the side out (without a final place).
	Out bool
}

// Path is what the match m means for its side: ok is false outside the
// knock-out trees, and for a tree that does not decide its
// discipline's places (a stage follows it, or another tree is beside it).
func (s *Snapshot) Path(m *Match, side int) (Path, bool) {
	g, ok := s.Group(m.GroupID)
	if !ok || g.Mode.Rules().Making != Tree || m.Done() || m.Bracket == "" {
		return Path{}, false // a followed copy's tree carries no links (m.Bracket is empty)
	}
	if p := s.groups[g.ID]; p.s+1 < len(s.Tournament.Disciplines[p.d].Stages) || len(s.Tournament.Disciplines[p.d].Stages[p.s].Groups) > 1 {
		return Path{}, false // its places are not the discipline's: a stage follows, or trees stand side by side
	}
	var p Path
	if m.WinnerTo != nil {
		p.WinTo, _ = s.Match(m.WinnerTo.MatchID)
		p.WinSide = m.WinnerTo.Side
	}
	if m.LoserTo != nil {
		p.LoseTo, _ = s.Match(m.LoserTo.MatchID)
		p.LoseSide = m.LoserTo.Side
	}
	switch {
	case m.Bracket == BracketThirdPlace:
		p.WinPlace, p.LosePlace = 3, 4
	case m.Bracket == BracketReset,
		m.Bracket == BracketWinners && m.WinnerTo == nil && m.LoserTo == nil:
		p.WinPlace, p.LosePlace = 1, 2
	case m.Bracket == BracketFinal: // the winners-bracket champion (side 0) has a second chance
		reset, ok := s.matchWhere(func(x *Match) bool { return x.GroupID == m.GroupID && x.Bracket == BracketReset })
		switch {
		case !ok:
			p.WinPlace, p.LosePlace = 1, 2
		case side == 0:
			p.WinPlace, p.LoseTo, p.LoseSide = 1, reset, 0
		default:
			p.WinTo, p.WinSide, p.LosePlace = reset, 1, 2
		}
	case p.LoseTo == nil:
		p.Out = true
	}
	return p, true
}

// Feeder is the match whose winner (winner true) or loser fills side of m.
func (s *Snapshot) Feeder(m *Match, side int) (f *Match, winner, ok bool) {
	to := Slot{m.ID, side}
	f, ok = s.matchWhere(func(f *Match) bool {
		return f.GroupID == m.GroupID && (f.WinnerTo != nil && *f.WinnerTo == to || f.LoserTo != nil && *f.LoserTo == to)
	})
	return f, ok && f.WinnerTo != nil && *f.WinnerTo == to, ok
}

// underway reports whether the stage is drawn and not yet over.
func (st *Stage) underway() bool { return st.State == PhaseReady || st.State == PhaseRunning }

// matchWhere is the first match that keep keeps, and whether there is one.
func (s *Snapshot) matchWhere(keep func(*Match) bool) (*Match, bool) {
	for _, m := range s.Matches {
		if keep(m) {
			return m, true
		}
	}
	return nil, false
}
