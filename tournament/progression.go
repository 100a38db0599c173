package tournament

import (
	"cmp"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// Start draws the first stage of every discipline and sets the tournament
// running: drawn-your-partner players are drawn into fixed teams, several
// groups are filled as the mode fills them (the entry order is the
// seeding: by snake, or by lot from seeding pots in round_robin), round
// robins get every round, pairing modes their first round, knock-out modes
// their whole tree. With AutoCall, free courts get their first matches.
func (s *Snapshot) Start(at time.Time) (*Change, error) {
	t := s.Tournament
	switch t.State {
	case StateRunning:
		return nil, Refuse("the tournament has started already")
	case StateFinished, StateCancelled:
		return nil, Refuse("a %s tournament cannot be started", t.State)
	}
	if len(t.Disciplines) == 0 {
		return nil, Refuse("the tournament has no discipline to play")
	}
	if err := s.ReadyToStart(); err != nil {
		return nil, err
	}
	c := newChange(s, at)
	c.Version = s.Version // the draw depends on everything
	rec := c.record()
	rec.State = StateRunning
	for di := range rec.Disciplines {
		d := &rec.Disciplines[di]
		if len(d.Stages) == 0 {
			return nil, Refuse("%s has no stage to play", d.Name)
		}
		seeded, err := c.entrants(d)
		if err != nil {
			return nil, err
		}
		if err := c.drawStage(di, 0, seeded); err != nil {
			return nil, err
		}
	}
	c.settle()
	c.autoCall()
	return c, nil
}

// entrants are the discipline's entries in entry order, without those who
// withdrew; a DYP's players are drawn into teams of two first.
func (c *Change) entrants(d *Discipline) ([]*Entry, error) {
	var es []*Entry
	for _, id := range d.EntryIDs {
		if slices.Contains(d.Withdrawn, id) {
			continue
		}
		e := c.entry(id)
		if e == nil {
			return nil, Refuse("%s: entry %s is not registered", d.Name, id)
		}
		es = append(es, e)
	}
	if len(es) < 2 {
		return nil, Refuse("%s needs at least two entries, it has %d", d.Name, len(es))
	}
	if d.EntryType == EntryDYP && !slices.ContainsFunc(es, (*Entry).IsTeam) {
		if len(es)%2 == 1 {
			return nil, Refuse("%s: a DYP draws teams of two, but %d players entered", d.Name, len(es))
		}
		rng := c.rng(d.ID)
		rng.Shuffle(len(es), func(i, j int) { es[i], es[j] = es[j], es[i] })
		var teams []*Entry
		for i := 0; i < len(es); i += 2 {
			teams = append(teams, NewTeam(es[i], es[i+1]))
		}
		c.Entries = append(c.Entries, teams...)
		d.EntryIDs = ids(teams)
		es = teams
	}
	return es, nil
}

// NewTeam makes a team of players: ids joined by "_", names by " / " (spec 2.3).
func NewTeam(players ...*Entry) *Entry {
	ids, names := make([]string, len(players)), make([]string, len(players))
	t := &Entry{}
	for i, p := range players {
		ids[i], names[i] = p.ID, p.Name
		t.Entries = append(t.Entries, &Entry{ID: p.ID, Name: p.Name})
	}
	t.ID, t.Name = strings.Join(ids, "_"), strings.Join(names, " / ")
	return t
}

// entry is the entry with the id, as the change leaves it.
func (c *Change) entry(id string) *Entry {
	for _, e := range c.Entries {
		if e.ID == id {
			return e
		}
	}
	return c.snap.Entries[id]
}

// rng is a random source fixed by the tournament, the key and the round
// about to be made, so a change computed again draws the same.
func (c *Change) rng(key string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(c.snap.Tournament.ID + "/" + key))
	return rand.New(rand.NewPCG(h.Sum64(), 0xc0de))
}

// drawStage fills the stage's groups from the seeded entries (best first) and
// draws them; matches laid out before (an empty tree) are replaced.
func (c *Change) drawStage(di, si int, seeded []*Entry) error {
	st := &c.record().Disciplines[di].Stages[si]
	for _, m := range c.all() {
		if m.StageID == st.ID {
			if m.State == MatchRunning || m.State == MatchPlayed {
				return Refuse("%s has started already", st.Name)
			}
			c.remove(m)
		}
	}
	if len(st.Groups) == 0 {
		return Refuse("%s has no group", st.Name)
	}
	keep := si == 0 && len(st.Groups) > 1 && !slices.ContainsFunc(st.Groups, func(g Group) bool { return len(g.EntryIDs) == 0 })
	dealt := DealPools(seeded, len(st.Groups), st.Groups[0].Mode.Rules().Pools, lots(st.ID))
	for gi := range st.Groups {
		g := &st.Groups[gi]
		es := dealt[gi]
		if keep { // the organizer filled the groups
			es = nil
			for _, id := range g.EntryIDs {
				if e := c.entry(id); e != nil {
					es = append(es, e)
				}
			}
		}
		g.EntryIDs, g.Rounds, g.State = ids(es), nil, PhaseReady
		if g.Mode.HasLives() && g.Lives < 1 {
			g.Lives = 1 // no lives set: out at the first loss
		}
		if err := c.drawGroup(di, si, gi, es); err != nil {
			return err
		}
		c.event(Event{Type: EventStandingsUpdated, GroupID: g.ID})
	}
	st.State = PhaseReady
	return nil
}

// drawGroup lays out what the group's mode draws at the start.
func (c *Change) drawGroup(di, si, gi int, es []*Entry) error {
	d := &c.Tournament.Disciplines[di]
	st := &d.Stages[si]
	g := &st.Groups[gi]
	place := func(m *Match) *Match {
		m.DisciplineID, m.StageID, m.GroupID = d.ID, st.ID, g.ID
		if m.Encounters == nil {
			m.Encounters = Encounters{}
		}
		return m
	}
	switch g.Mode.Rules().Making {
	case Scheduled:
		for r, pairs := range RoundRobinSchedule(len(es), g.DoubleRoundRobin) {
			rid := c.addRound(g, r+1)
			for i, p := range pairs {
				c.addMatch(place(&Match{ID: c.matchID(rid, i), RoundID: rid, Seq: i, State: MatchOpen, Entries: [2]*Entry{es[p[0]], es[p[1]]}}))
			}
		}
	case Tree:
		br := NewBracket(es, g.Mode.Rules().Double, g.Options.EliminationThirdPlace, func(path string) string {
			return makeID(0, fmt.Sprintf("%s/%d/%s", g.ID, c.record().Rev, path))
		})
		g.Rounds = br.Rounds
		for _, m := range br.Matches {
			c.addMatch(place(m))
		}
	case Paired:
		if !c.nextRound(di, si, gi) {
			return Refuse("%s: %d entries cannot play a round of %s", g.Name, len(es), g.Mode)
		}
	}
	return nil
}

// matchID names a new match. The tournament record's revision is part of
// it, so a match drawn again after a correction never takes the id of the
// one it replaces.
func (c *Change) matchID(roundID string, seq int) string {
	return makeID(0, fmt.Sprintf("%s/m/%d/%d", roundID, seq, c.record().Rev))
}

// addRound appends round n to the group, named "Round n".
func (c *Change) addRound(g *Group, n int) string {
	r := Round{ID: makeID(0, fmt.Sprintf("%s/round/%d", g.ID, n)), Name: fmt.Sprintf("Round %d", n)}
	g.Rounds = append(slices.Clip(g.Rounds), r)
	return r.ID
}

// field is what a pairing sees of a group before its next round.
type field struct {
	ranked   []*Entry       // the entries still in, best first
	seed     map[string]int // place in the group's entry order (its seeding), 0 the best
	points   map[string]int
	lives    map[string]int
	met      map[[2]string]int  // times two entries (or players) met as opponents
	partners map[[2]string]int  // times two players formed a team in a match not void
	teamed   map[[2]string]bool // two players were drawn as a team, void or not
	rested   map[string]int     // byes and rests so far
	played   map[string]int     // matches so far, byes included
	players  bool               // players form new teams of two each round
	round    int                // the round to pair, from 0
	left     int                // rounds to pair after this one, 0 when unknown
	sides    map[string]sideHistory
	rng      *rand.Rand
}

// sideHistory is how often an entry has been named first (home) and second
// (away) in a match, and its side in the latest round it played (0 home,
// 1 away; -1 none yet).
type sideHistory struct {
	home, away, last int
}

func key(a, b string) [2]string { return [2]string{min(a, b), max(a, b)} }

// nextRound pairs the group's next round, unless it has played its rounds
// (or, with lives, one entry is left). It reports whether it made one.
func (c *Change) nextRound(di, si, gi int) bool {
	d := &c.record().Disciplines[di]
	st := &d.Stages[si]
	g := &st.Groups[gi]
	rules := g.Mode.Rules()
	var matches []*Match
	for _, m := range c.all() {
		if m.GroupID == g.ID {
			matches = append(matches, m)
		}
	}
	f := c.rankedField(d, g, matches)
	if len(f.ranked) < 2 || !moreRounds(g, rules) || rules.Pair == nil {
		return false
	}
	f.recordHistory(g, matches)
	f.round = len(g.Rounds)
	if planned := g.Options.NumRoundsPlanned; !rules.Lives && (planned > 0 || rules.Rounds != nil) {
		if planned == 0 {
			planned = rules.Rounds(len(g.EntryIDs))
		}
		f.left = max(0, planned-f.round-1)
	}
	f.players = rules.TeamsPlayers(d.EntryType)
	if f.players {
		for _, e := range f.ranked { // a player rests in every round without a match
			f.rested[e.ID] = len(g.Rounds) - f.played[e.ID]
		}
	}
	pairs := rules.Pair(f)
	if len(pairs) == 0 {
		return false
	}
	c.addRoundOf(d, st, g, pairs)
	c.event(Event{Type: EventStandingsUpdated, GroupID: g.ID})
	return true
}

// rankedField is the group's field for the next round: the entries still in
// (not withdrawn, lives left), best first by the standings, with their points
// and lives and the group's seeding.
func (c *Change) rankedField(d *Discipline, g *Group, matches []*Match) *field {
	rules := g.Mode.Rules()
	f := &field{points: map[string]int{}, lives: map[string]int{}, met: map[[2]string]int{}, partners: map[[2]string]int{}, teamed: map[[2]string]bool{}, rested: map[string]int{},
		played: map[string]int{}, seed: map[string]int{}, sides: map[string]sideHistory{}, rng: c.rng(fmt.Sprintf("%s/%d", g.ID, len(g.Rounds)+1))}
	for i, id := range g.EntryIDs {
		f.seed[id] = i
	}
	entries := c.entriesMap()
	for _, row := range Standings(g, matches, entries) {
		id := row.Entry.ID
		f.points[id] = row.Points
		if row.Lives != nil {
			f.lives[id] = *row.Lives
		}
		if slices.Contains(d.Withdrawn, id) || rules.Lives && row.Lives != nil && *row.Lives <= 0 {
			continue
		}
		if e := entries[id]; e != nil {
			f.ranked = append(f.ranked, e)
		}
	}
	return f
}

// moreRounds reports whether the group plays another round: its planned
// rounds (the mode's default when it plans none), or, with lives, until one
// is left.
func moreRounds(g *Group, rules Rules) bool {
	planned := g.Options.NumRoundsPlanned
	if planned == 0 && rules.Rounds != nil {
		planned = rules.Rounds(len(g.EntryIDs))
	}
	if rules.Lives {
		planned = 0 // played until one is left
	}
	return planned == 0 || len(g.Rounds) < planned
}

// recordHistory counts, from the group's matches, who met whom, who teamed
// with whom, who rested with a bye and how many matches each played; a team
// drawn from the group's players counts for each of them. A void match
// (skipped: a player withdrew, or the desk cancelled it) was never played:
// its players neither met nor partnered, and rested that round.
func (f *field) recordHistory(g *Group, matches []*Match) {
	for _, m := range matches {
		var sides [2][]string
		for side, e := range m.Entries {
			if e == nil {
				continue
			}
			if slices.Contains(g.EntryIDs, e.ID) {
				sides[side] = []string{e.ID}
			} else {
				for _, p := range e.Entries {
					if p != nil {
						sides[side] = append(sides[side], p.ID)
					}
				}
			}
		}
		for _, s := range sides {
			for i := range s {
				for j := i + 1; j < len(s); j++ {
					f.teamed[key(s[i], s[j])] = true
				}
			}
		}
		if m.State == MatchSkipped {
			continue
		}
		for _, s := range sides {
			for _, id := range s {
				f.played[id]++
			}
		}
		if m.State == MatchBye {
			for _, s := range sides {
				for _, id := range s {
					f.rested[id]++
				}
			}
			continue
		}
		for _, x := range sides[0] {
			for _, y := range sides[1] {
				f.met[key(x, y)]++
			}
		}
		for side, ids := range sides {
			for _, id := range ids {
				h := f.side(id)
				h.home += 1 - side
				h.away += side
				h.last = side
				f.sides[id] = h
			}
		}
		for _, s := range sides {
			for i := range s {
				for j := i + 1; j < len(s); j++ {
					f.partners[key(s[i], s[j])]++
				}
			}
		}
	}
}

// side is the entry's side history (see sideHistory).
func (f *field) side(id string) sideHistory {
	if h, ok := f.sides[id]; ok {
		return h
	}
	return sideHistory{last: -1}
}

// addRoundOf adds the paired round to the group: a match for each pair (a
// team for a side of two players), a bye for a side alone.
func (c *Change) addRoundOf(d *Discipline, st *Stage, g *Group, pairs []matchup) {
	rid := c.addRound(g, len(g.Rounds)+1)
	for i, p := range pairs {
		m := &Match{ID: c.matchID(rid, i), RoundID: rid, Seq: i, State: MatchOpen, Encounters: Encounters{},
			DisciplineID: d.ID, StageID: st.ID, GroupID: g.ID}
		for side, es := range p.sides {
			switch len(es) {
			case 0:
			case 1:
				m.Entries[side] = es[0]
			default:
				m.Entries[side] = NewTeam(es...)
			}
		}
		if p.bye {
			m.State = MatchBye
		}
		c.addMatch(m)
	}
}

// entriesMap is every entry the change knows: the snapshot's and the change's.
func (c *Change) entriesMap() map[string]*Entry {
	if len(c.Entries) == 0 {
		return c.snap.Entries
	}
	m := make(map[string]*Entry, len(c.snap.Entries)+len(c.Entries))
	for id, e := range c.snap.Entries {
		m[id] = e
	}
	for _, e := range c.Entries {
		m[e.ID] = e
	}
	return m
}

// pairDutch pairs dutch_system rounds by FIDE's Dutch system (see
// PairSwiss): by points, a score group in seed order (C.04.3's pairing
// numbers), not by tie-breaks or names, its top half against its bottom
// half: round 1 is the seeding's 1 v n/2+1, 2 v n/2+2, ...
func pairDutch(f *field) []matchup {
	f.bySeed()
	return pairSeats(f, func(e *Entry) int { return f.points[e.ID] }, PairSwiss)
}

// pairSwiss pairs swiss rounds: round 1 as the Dutch system (the seeding's
// top half against its bottom half, so that the best seeds do not meet at
// once), then by the standings as they are, tie-breaks and all, the first
// of a score group against the second (see PairMonrad).
func pairSwiss(f *field) []matchup {
	if f.round == 0 {
		return pairDutch(f)
	}
	return pairSeats(f, func(e *Entry) int { return f.points[e.ID] }, PairMonrad)
}

// pairLives pairs the entries with lives left, those with as many lives as
// possible together, without rematches while they can be avoided; entries
// with as many lives in seed order.
func pairLives(f *field) []matchup {
	f.bySeed()
	return pairSeats(f, func(e *Entry) int { return f.lives[e.ID] }, PairSwiss)
}

// bySeed orders the field by seed (PairSwiss groups it by score).
func (f *field) bySeed() {
	slices.SortStableFunc(f.ranked, func(a, b *Entry) int { return cmp.Compare(f.seed[a.ID], f.seed[b.ID]) })
}

// pairRounds pairs a rounds group: entries meet new opponents each round,
// drawn at random; in a Monster DYP discipline, players get new partners as in monster_dyp.
func pairRounds(f *field) []matchup {
	if f.players {
		return pairPlayers(f)
	}
	f.rng.Shuffle(len(f.ranked), func(i, j int) { f.ranked[i], f.ranked[j] = f.ranked[j], f.ranked[i] })
	return pairSeats(f, func(*Entry) int { return 0 }, PairSwiss)
}

func pairSeats(f *field, score func(*Entry) int, pair func([]Seat, func(a, b int) bool) ([][2]int, int)) []matchup {
	seats := make([]Seat, len(f.ranked))
	for i, e := range f.ranked {
		seats[i] = Seat{Score: score(e), HadBye: f.rested[e.ID] > 0}
	}
	pairs, bye := pair(seats, func(a, b int) bool { return f.met[key(f.ranked[a].ID, f.ranked[b].ID)] > 0 })
	var out []matchup
	for board, p := range pairs {
		a, b := f.ranked[p[0]], f.ranked[p[1]]
		if f.awayFirst(a, b, board) {
			a, b = b, a
		}
		out = append(out, matchup{sides: [2][]*Entry{{a}, {b}}})
	}
	if bye >= 0 {
		out = append(out, matchup{sides: [2][]*Entry{{f.ranked[bye]}}, bye: true})
	}
	return out
}

// awayFirst reports whether, of a pair of the board-th match (from 0) whose
// a is the better ranked, b is named first: sides are given as FIDE's Dutch
// system gives colours (C.04.3 E), home for white. An entry that has been
// home more often than away prefers away, and the other way round; with as
// many of each, the side it did not have last. Both preferences are granted
// when they differ; otherwise the stronger one (the larger imbalance), then,
// if both had the same side last, the better-ranked entry's. In the first
// round, with no history, the better-ranked is first on every other board
// (1 home on board 1, 2 away on board 2, ...), so that the top seeds are not
// always first.
func (f *field) awayFirst(a, b *Entry, board int) bool {
	ha, hb := f.side(a.ID), f.side(b.ID)
	if ha.last < 0 && hb.last < 0 {
		return board%2 == 1
	}
	pref := func(h sideHistory) (side, strength int) { // 0 home, 1 away
		switch d := h.home - h.away; {
		case d > 0:
			return 1, d
		case d < 0:
			return 0, -d
		case h.last >= 0:
			return 1 - h.last, 0
		}
		return -1, -1
	}
	pa, sa := pref(ha)
	pb, sb := pref(hb)
	switch {
	case pa >= 0 && pb >= 0 && pa != pb:
		return pa == 1
	case sa > sb:
		return pa == 1
	case sb > sa:
		return pb == 0
	case ha.last >= 0 && hb.last >= 0 && ha.last != hb.last:
		return ha.last == 0 // each alternates from its last side
	case pa >= 0:
		return pa == 1
	}
	return pb == 0
}

// pairPlayers draws new teams of two (see PairPartners).
func pairPlayers(f *field) []matchup {
	return drawPlayers(f, f.ranked, f.left)
}

// drawPlayers draws new teams of two of the players (see PairPartners), left
// rounds to come after this one.
func drawPlayers(f *field, players []*Entry, left int) []matchup {
	n := len(players)
	rested := make([]int, n)
	for i, e := range players {
		rested[i] = f.rested[e.ID]
	}
	count := func(m map[[2]string]int) func(a, b int) int {
		return func(a, b int) int { return m[key(players[a].ID, players[b].ID)] }
	}
	ms, _ := PairPartners(n, count(f.partners), count(f.met), rested, left, f.rng)
	var out []matchup
	for _, m := range ms {
		var p matchup
		for side, team := range m {
			p.sides[side] = []*Entry{players[team[0]], players[team[1]]}
		}
		out = append(out, p)
	}
	return out
}

// pairWhist plays round f.round of the group's whist schedule (see
// whistRound), the players numbered by the group's seeding. A table with a
// player who is no longer in (withdrawn) is not played: its other players
// and the round's resting ones are drawn among themselves as pairPlayers
// draws. Where no schedule reaches the group's size, past its rounds, or
// when the last round played was not the schedule's (an entry came late),
// every player is drawn so.
func pairWhist(f *field) []matchup {
	n := len(f.seed)
	bySeed := make([]*Entry, n)
	for _, e := range f.ranked {
		bySeed[f.seed[e.ID]] = e
	}
	round := whistRound(n, f.round)
	if round == nil || !f.playedWhist(n, bySeed) {
		return pairPlayers(f)
	}
	var out []matchup
	seated := map[*Entry]bool{}
	for _, t := range round {
		p := matchup{sides: [2][]*Entry{{bySeed[t[0][0]], bySeed[t[0][1]]}, {bySeed[t[1][0]], bySeed[t[1][1]]}}}
		if slices.Contains(p.sides[0], nil) || slices.Contains(p.sides[1], nil) {
			continue
		}
		out = append(out, p)
		for _, side := range p.sides {
			for _, e := range side {
				seated[e] = true
			}
		}
	}
	var left []*Entry
	for _, e := range f.ranked {
		if !seated[e] {
			left = append(left, e)
		}
	}
	return append(out, drawPlayers(f, left, 0)...)
}

// playedWhist reports whether the group's last round (if any) teamed its
// players as the whist schedule of n players does (a void match included):
// the schedule goes on only where it was followed.
func (f *field) playedWhist(n int, bySeed []*Entry) bool {
	if f.round == 0 {
		return true
	}
	for _, t := range whistRound(n, f.round-1) {
		for _, team := range t {
			a, b := bySeed[team[0]], bySeed[team[1]]
			if a != nil && b != nil && !f.teamed[key(a.ID, b.ID)] {
				return false
			}
		}
	}
	return true
}

// moveOn carries the tournament on after a match of the group ended: the
// next round of a pairing mode once the round is played, group, stage and
// tournament states, the next stage drawn from the standings once a stage is
// finished, and, with AutoCall, free courts called.
func (c *Change) moveOn(groupID string) {
	c.walkovers()
	if p, ok := c.snap.groups[groupID]; ok {
		g := &c.snap.Tournament.Disciplines[p.d].Stages[p.s].Groups[p.g]
		if g.Mode.Rules().Making == Paired && c.roundDone(groupID) {
			c.nextRound(p.d, p.s, p.g)
		}
		c.settle()
		c.progressStage(p.d, p.s)
	}
	c.settle()
	c.autoCall()
}

// roundDone reports whether every match of the group is done.
func (c *Change) roundDone(groupID string) bool {
	for _, m := range c.all() {
		if m.GroupID == groupID && !m.Done() {
			return false
		}
	}
	return true
}

// progressStage draws the stage after a finished one from its standings.
func (c *Change) progressStage(di, si int) {
	t := c.snap.Tournament
	if c.Tournament != nil {
		t = c.Tournament
	}
	d := &t.Disciplines[di]
	if si+1 >= len(d.Stages) || d.Stages[si].State != PhaseFinished {
		return
	}
	next := d.Stages[si+1]
	if next.State == PhaseRunning || next.State == PhaseFinished {
		return
	}
	for _, m := range c.all() { // drawn already
		if m.StageID == next.ID && m.State != MatchIncomplete && m.State != MatchBye {
			return
		}
	}
	seeded := seedNextStage(&next, c.qualifiers(d, &d.Stages[si], next.Qualify), len(d.Stages[si].Groups))
	if len(seeded) < 2 {
		return
	}
	if next.DrawBy == DrawByDirector {
		c.propose(di, si+1, seeded)
		return
	}
	if err := c.drawStage(di, si+1, seeded); err != nil {
		return // a started stage is never redrawn
	}
	c.settle()
}

// qualifiers are the best q entries of the stage (all when q is 0), with
// the pool and place each took (see PoolQualifiers).
func (c *Change) qualifiers(d *Discipline, st *Stage, q int) []Qualifier {
	entries := c.entriesMap()
	var tables [][]Standing
	matches := c.all()
	for gi := range st.Groups {
		g := &st.Groups[gi]
		var ms []*Match
		for _, m := range matches {
			if m.GroupID == g.ID {
				ms = append(ms, m)
			}
		}
		var rows []Standing
		for _, row := range Standings(g, ms, entries) {
			if !slices.Contains(d.Withdrawn, row.Entry.ID) && entries[row.Entry.ID] != nil {
				rows = append(rows, row)
			}
		}
		tables = append(tables, rows)
	}
	return PoolQualifiers(tables, entries, q)
}

// all is every match as the change leaves it, in tournament order, new ones last.
func (c *Change) all() []*Match {
	out := make([]*Match, 0, len(c.snap.Matches)+len(c.Matches))
	for _, m := range c.snap.Matches {
		if !slices.Contains(c.Removed, m.ID) {
			out = append(out, c.matchOf(m))
		}
	}
	for _, m := range c.Matches {
		if _, old := c.snap.Match(m.ID); !old {
			out = append(out, m)
		}
	}
	return out
}

// addMatch writes a match that did not exist, and announces it.
func (c *Change) addMatch(m *Match) {
	c.add(m)
	c.event(Event{Type: EventMatchUpdated, MatchID: m.ID})
}

// remove deletes a match of the snapshot (a redraw before a stage starts).
func (c *Change) remove(m *Match) {
	if _, old := c.snap.Match(m.ID); !old {
		c.Matches = slices.DeleteFunc(c.Matches, func(x *Match) bool { return x.ID == m.ID })
		delete(c.touched, m.ID)
		return
	}
	c.Matches = slices.DeleteFunc(c.Matches, func(x *Match) bool { return x.ID == m.ID })
	delete(c.touched, m.ID)
	c.Removed = append(c.Removed, m.ID)
}
