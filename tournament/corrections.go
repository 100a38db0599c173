package tournament

import (
	"slices"
	"strings"
	"time"
)

// WalkoverResult is the result a walkover or a retirement gives: the winner
// takes every set of every encounter to nothing, as the configuration plays
// them (1:0 with quick entry).
func WalkoverResult(cfg MatchConfiguration, encounters, winner int) Encounters {
	var set Set
	set[winner] = max(cfg.NumPoints, 1)
	if cfg.QuickEntry {
		set[winner] = 1
	}
	r := make(Encounters, max(encounters, 1))
	for i := range r {
		for range max(cfg.NumSets, 1) {
			r[i] = append(r[i], set)
		}
	}
	return r
}

// Walkover ends a match that has not been played (or is being played: a
// retirement) with the walkover result for winnerSide, and moves everything on.
func (s *Snapshot) Walkover(matchID string, winnerSide int, at time.Time, by string) (*Change, error) {
	m, ok := s.Match(matchID)
	if !ok {
		return nil, ErrMatchNotFound
	}
	if winnerSide != 0 && winnerSide != 1 {
		return nil, Refuse("the winner of a walkover is side 0 or side 1")
	}
	switch m.State {
	case MatchOpen, MatchRunning, MatchPaused:
	default:
		return nil, Refuse("a %s match cannot be given as a walkover", m.State)
	}
	if m.Entries[0] == nil || m.Entries[1] == nil {
		return nil, Refuse("a walkover needs both entries known")
	}
	c := newChange(s, at)
	c.walkover(m, winnerSide, by)
	c.moveOn(m.GroupID)
	return c, nil
}

// walkover ends the match m (as the change has it) for winner.
func (c *Change) walkover(m *Match, winner int, by string) {
	g, _ := c.snap.Group(m.GroupID)
	r := WalkoverResult(c.snap.Config(m), len(g.Encounters), winner)
	nm := c.edit(m)
	if c.Audit == nil {
		c.Audit = &AuditEntry{MatchID: m.ID, By: by, At: At(c.at), Final: true, Old: m.Encounters, New: r}
	}
	kind := ForfeitWalkover
	switch {
	case by == "": // the engine ends it: a side withdrew
		kind = ForfeitWithdrawal
	case m.State == MatchRunning || m.State == MatchPaused && !m.StartTime.IsZero():
		kind = ForfeitRetirement
	}
	nm.Forfeit = kind
	c.finish(g, nm, r)
}

// finish makes nm played with the result r and moves its tree on.
func (c *Change) finish(g *Group, nm *Match, r Encounters) {
	nm.Encounters, nm.IsLiveResult, nm.State, nm.EndTime = r, false, MatchPlayed, At(c.at)
	if nm.StartTime.IsZero() {
		nm.StartTime = nm.EndTime
	}
	c.event(Event{Type: EventMatchUpdated, MatchID: nm.ID})
	for _, court := range nm.CourtIDs {
		c.event(Event{Type: EventCourtMatchChanged, CourtID: court})
	}
	c.event(Event{Type: EventStandingsUpdated, GroupID: g.ID})
	if g.Mode.IsBracket() {
		c.advance(g, nm)
	}
}

// walkovers ends every open match in which an entry that withdrew meets one
// that did not, in favour of the latter, until none is left (a walkover in a
// tree can bring the next one).
func (c *Change) walkovers() {
	t := c.record0()
	gone := map[string]bool{}
	for _, d := range t.Disciplines {
		for _, id := range d.Withdrawn {
			gone[d.ID+"/"+id] = true
		}
	}
	if len(gone) == 0 {
		return
	}
	out := func(m *Match, e *Entry) bool {
		if e == nil {
			return false
		}
		if gone[m.DisciplineID+"/"+e.ID] {
			return true
		}
		for _, id := range e.people() {
			if gone[m.DisciplineID+"/"+id] {
				return true
			}
		}
		return false
	}
	for changed := true; changed; {
		changed = false
		for _, m := range c.all() {
			if m.State != MatchOpen && m.State != MatchRunning && m.State != MatchPaused || m.Entries[0] == nil || m.Entries[1] == nil {
				continue
			}
			a, b := out(m, m.Entries[0]), out(m, m.Entries[1])
			if !a && !b {
				continue
			}
			g, _ := c.snap.Group(m.GroupID)
			if a && b && !g.Mode.IsBracket() {
				c.edit(m).State = MatchSkipped
				c.event(Event{Type: EventMatchUpdated, MatchID: m.ID})
			} else {
				c.walkover(m, btoi(a), "")
			}
			changed = true
		}
	}
}

// record0 is the tournament record as the change leaves it, without making a copy.
func (c *Change) record0() *Tournament {
	if c.Tournament != nil {
		return c.Tournament
	}
	return c.snap.Tournament
}

// Withdraw takes an entry out of a discipline after the start: its remaining
// matches become walkovers (now, or when its next opponent is known) and the
// pairing modes pair it no more. Where players are teamed anew each round
// (monster_dyp, whist), no partner loses for it: see withdrawPlayer.
func (s *Snapshot) Withdraw(disciplineID, entryID string, at time.Time) (*Change, error) {
	d, ok := s.Discipline(disciplineID)
	if !ok {
		return nil, Refuse("no such discipline")
	}
	if !slices.Contains(d.EntryIDs, entryID) {
		return nil, Refuse("%s has no entry %s", d.Name, entryID)
	}
	if slices.Contains(d.Withdrawn, entryID) {
		return nil, Refuse("the entry has withdrawn already")
	}
	if s.Tournament.State == StateFinished || s.Tournament.State == StateCancelled {
		return nil, Refuse("the tournament is %s", s.Tournament.State)
	}
	c := newChange(s, at)
	c.Version = s.Version
	for i := range c.record().Disciplines {
		if rd := &c.record().Disciplines[i]; rd.ID == disciplineID {
			rd.Withdrawn = append(slices.Clip(rd.Withdrawn), entryID)
		}
	}
	c.event(Event{Type: EventEntryListUpdated})
	groups := map[string]bool{}
	for _, m := range s.Matches {
		if m.DisciplineID == disciplineID && !m.Done() && m.Involves(entryID) {
			groups[m.GroupID] = true
		}
	}
	for id := range groups {
		if g, _ := s.Group(id); g.Mode.Rules().TeamsPlayers(d.EntryType) {
			c.withdrawPlayer(g, entryID)
		}
	}
	c.walkovers()
	for _, m := range s.Matches { // the groups it was in move on
		if m.DisciplineID == disciplineID && groups[m.GroupID] {
			delete(groups, m.GroupID)
			c.moveOn(m.GroupID)
		}
	}
	c.settle()
	c.autoCall()
	return c, nil
}

// Reinstate takes a withdrawal back while nothing has been played because
// of it: the walkovers it gave turn back into open matches (their winners
// taken back from the matches they went on to, which must not have begun;
// in a pairing mode, rounds drawn since are drawn again, unless one has
// begun), and the entry is paired again. It refuses once a group the
// withdrawal ended a match in is over, naming it. Where players are teamed
// anew each round (monster_dyp, whist), the player simply plays again from
// the next round drawn; a match voided for the withdrawal stays void.
func (s *Snapshot) Reinstate(disciplineID, entryID string, at time.Time) (*Change, error) {
	d, ok := s.Discipline(disciplineID)
	if !ok {
		return nil, Refuse("no such discipline")
	}
	if !slices.Contains(d.Withdrawn, entryID) {
		return nil, Refuse("the entry has not withdrawn")
	}
	if s.Tournament.State == StateFinished || s.Tournament.State == StateCancelled {
		return nil, Refuse("the tournament is %s", s.Tournament.State)
	}
	c := newChange(s, at)
	c.Version = s.Version
	for i := range c.record().Disciplines {
		if rd := &c.record().Disciplines[i]; rd.ID == disciplineID {
			rd.Withdrawn = slices.DeleteFunc(slices.Clone(rd.Withdrawn), func(id string) bool { return id == entryID })
		}
	}
	c.event(Event{Type: EventEntryListUpdated})
	undo := s.withdrawalMatches(d, entryID)
	for _, m := range s.Matches {
		if !undo[m.ID] || slices.Contains(c.Removed, m.ID) { // a round drawn again is gone
			continue
		}
		g, _ := s.Group(m.GroupID)
		if g.State == PhaseFinished {
			return nil, Refuse("%s is over, so the withdrawal can no longer be taken back", g.Name)
		}
		if err := c.takeBack(g, m, undo); err != nil {
			return nil, err
		}
		rm := c.edit(m)
		for _, court := range rm.CourtIDs {
			c.event(Event{Type: EventCourtMatchChanged, CourtID: court})
		}
		rm.State, rm.Encounters, rm.Forfeit, rm.IsLiveResult = MatchOpen, nil, "", false
		rm.StartTime, rm.EndTime, rm.CourtIDs = Time{}, Time{}, nil
		c.event(Event{Type: EventMatchUpdated, MatchID: m.ID})
		c.event(Event{Type: EventStandingsUpdated, GroupID: g.ID})
	}
	c.walkovers() // against an entry still withdrawn, the walkover is the reinstated one's
	c.settle()
	c.autoCall()
	return c, nil
}

// withdrawalMatches are the matches of the discipline that the entry's
// withdrawal ended: the walkovers it gave, and the matches skipped because
// both sides had withdrawn (outside trees and teams drawn anew).
func (s *Snapshot) withdrawalMatches(d *Discipline, entryID string) map[string]bool {
	out := map[string]bool{}
	for _, m := range s.Matches {
		if m.DisciplineID != d.ID || !m.Involves(entryID) {
			continue
		}
		switch m.State {
		case MatchPlayed:
			out[m.ID] = m.Forfeit == ForfeitWithdrawal
		case MatchSkipped:
			g, _ := s.Group(m.GroupID)
			other := m.Entries[0]
			if other != nil && m.Entries[0].ID == entryID || other != nil && slices.ContainsFunc(other.Entries, func(p *Entry) bool { return p != nil && p.ID == entryID }) {
				other = m.Entries[1]
			}
			out[m.ID] = !g.Mode.IsBracket() && !g.Mode.Rules().TeamsPlayers(d.EntryType) && other != nil && slices.Contains(d.Withdrawn, other.ID)
		}
	}
	return out
}

// takeBack undoes what a match the withdrawal ended set in motion: in a
// tree, its winner and loser leave the matches they went on to (matches
// only called there are taken off their courts); in a pairing mode, the
// rounds drawn after it are drawn again. Either refuses once such a match
// has begun, unless the withdrawal ended it too (undo).
func (c *Change) takeBack(g *Group, m *Match, undo map[string]bool) error {
	s := c.snap
	switch g.Mode.Rules().Making {
	case Tree:
		if m.State != MatchPlayed {
			return nil
		}
		for _, to := range []*Slot{m.WinnerTo, m.LoserTo} {
			if to == nil {
				continue
			}
			x, ok := s.Match(to.MatchID)
			if !ok {
				continue
			}
			if !undo[x.ID] && begun(x) {
				return Refuse("%s has been played since, so the withdrawal can no longer be taken back", s.describe(x))
			}
			if onlyCalled(x) {
				c.uncall(x)
			}
			c.edit(x).Entries[to.Side] = nil
			c.event(Event{Type: EventMatchUpdated, MatchID: x.ID})
		}
	case Paired:
		round := slices.IndexFunc(g.Rounds, func(r Round) bool { return r.ID == m.RoundID })
		for _, r := range g.Rounds[round+1:] {
			for _, x := range s.Matches {
				if x.RoundID == r.ID && begun(x) && !undo[x.ID] {
					return Refuse("%s has a score already, so the withdrawal can no longer be taken back", s.describe(x))
				}
			}
		}
		if round+1 < len(g.Rounds) {
			for _, x := range s.Matches {
				if slices.ContainsFunc(g.Rounds[round+1:], func(r Round) bool { return r.ID == x.RoundID }) {
					c.takeAway(x)
				}
			}
			p := s.groups[g.ID]
			rg := &c.record().Disciplines[p.d].Stages[p.s].Groups[p.g]
			if len(rg.Rounds) > round+1 {
				rg.Rounds = slices.Clone(rg.Rounds[:round+1])
			}
		}
	}
	return nil
}

// withdrawPlayer takes a withdrawn player out of the round being played in
// a group that teams players anew (monster_dyp, whist), where a walkover
// would give the partner a loss and the opponents a win for a match nobody
// played. A round not under way (no match of it has a result or a live
// score) is drawn again without the player, its called matches taken back
// from their courts; in a round under way, the player's match is void
// (skipped): it counts for none of the four, and the three others rest.
func (c *Change) withdrawPlayer(g *Group, id string) {
	if len(g.Rounds) == 0 {
		return
	}
	last := g.Rounds[len(g.Rounds)-1].ID
	var round []*Match
	underWay := false
	for _, m := range c.all() {
		if m.RoundID == last {
			round = append(round, m)
			underWay = underWay || begun(m)
		}
	}
	if !underWay {
		for _, m := range round {
			c.takeAway(m)
		}
		p := c.snap.groups[g.ID]
		rg := &c.record().Disciplines[p.d].Stages[p.s].Groups[p.g]
		rg.Rounds = slices.Clone(rg.Rounds[:len(rg.Rounds)-1])
		return
	}
	for _, m := range round {
		if m.Done() || !m.Involves(id) {
			continue
		}
		nm := c.edit(m)
		for _, court := range nm.CourtIDs {
			c.event(Event{Type: EventCourtMatchChanged, CourtID: court})
		}
		nm.State, nm.CourtIDs = MatchSkipped, nil
		c.event(Event{Type: EventMatchUpdated, MatchID: m.ID})
		c.event(Event{Type: EventStandingsUpdated, GroupID: g.ID})
	}
}

// AddLateEntry enters e into a running discipline: it joins the pairing group
// of the stage being played (swiss, dutch_system, rounds, monster_dyp, whist)
// at its next round.
func (s *Snapshot) AddLateEntry(disciplineID string, e *Entry, at time.Time) (*Change, error) {
	d, ok := s.Discipline(disciplineID)
	if !ok {
		return nil, Refuse("no such discipline")
	}
	if e == nil || e.ID == "" || strings.TrimSpace(e.Name) == "" {
		return nil, Refuse("a late entry needs a name")
	}
	for _, id := range d.EntryIDs {
		if o, ok := s.Entries[id]; id == e.ID || ok && strings.EqualFold(o.Name, e.Name) {
			return nil, Refuse("%s is entered already", e.Name)
		}
	}
	switch team := e.IsTeam(); {
	case team && (d.EntryType == EntrySingle || d.EntryType == EntryMonsterDYP):
		return nil, Refuse("a %s entry is one player", d.EntryType)
	case !team && (d.EntryType == EntryBYP || d.EntryType == EntryDYP):
		return nil, Refuse("this discipline is played by teams: enter \"Anna Berg / Ben Kurz\"")
	}
	c := newChange(s, at)
	c.Version = s.Version
	rec := c.record()
	for di := range rec.Disciplines {
		rd := &rec.Disciplines[di]
		if rd.ID != disciplineID {
			continue
		}
		for si := range rd.Stages {
			st := &rd.Stages[si]
			if st.State == PhaseFinished {
				continue
			}
			for gi := range st.Groups {
				g := &st.Groups[gi]
				if g.Mode.Rules().Making != Paired || g.Mode.HasLives() || g.State == PhaseFinished {
					continue
				}
				g.EntryIDs = append(slices.Clip(g.EntryIDs), e.ID)
				rd.EntryIDs = append(slices.Clip(rd.EntryIDs), e.ID)
				if s.Entries[e.ID] == nil {
					c.Entries = append(c.Entries, e)
				}
				for _, p := range e.Entries { // a team's players are entries too
					if p != nil && p.ID != e.ID && s.Entries[p.ID] == nil {
						c.Entries = append(c.Entries, &Entry{ID: p.ID, Name: p.Name, Entries: []*Entry{{ID: p.ID, Name: p.Name}}})
					}
				}
				c.event(Event{Type: EventEntryListUpdated})
				c.event(Event{Type: EventStandingsUpdated, GroupID: g.ID})
				if n := len(g.Rounds); n > 0 {
					// A round nobody has started yet is drawn again with the late entry.
					var latest []*Match
					started := false
					for _, m := range c.all() {
						if m.RoundID == g.Rounds[n-1].ID {
							latest = append(latest, m)
							started = started || m.State == MatchRunning || m.State == MatchPlayed
						}
					}
					if !started {
						for _, m := range latest {
							c.remove(m)
						}
						g.Rounds = slices.Clone(g.Rounds[:n-1])
					}
					if c.roundDone(g.ID) {
						c.nextRound(di, si, gi)
					}
					c.settle()
					c.autoCall()
				}
				return c, nil
			}
			break // only the stage being played takes late entries
		}
	}
	return nil, Refuse("%s has no round being played that takes late entries (swiss, dutch system, rounds, monster DYP, whist)", d.Name)
}

// CorrectResult changes the result of a played match while nothing that
// depends on it has started: in a tree, the matches its winner and loser went
// on to; in a pairing mode, the rounds drawn after it (drawn again); and the
// next stage, when the stage is finished (drawn again). Otherwise it refuses,
// naming the match that blocks it.
func (s *Snapshot) CorrectResult(matchID string, r Encounters, at time.Time, by string) (*Change, error) {
	m, g, err := s.correctable(matchID, r)
	if err != nil {
		return nil, err
	}
	c := newChange(s, at)
	c.Version = s.Version // what depends on the result is all over the tournament
	before := m.Winner()
	nm := c.correct(m, g, r, by)
	if nm.Winner() != before {
		switch g.Mode.Rules().Making {
		case Tree:
			err = c.reroute(g, nm, begun, s.blockedBy)
		case Paired:
			err = c.redrawLaterRounds(g, m)
		}
		if err != nil {
			return nil, err
		}
	}
	if err := c.redrawNextStage(g); err != nil {
		return nil, err
	}
	c.moveOn(g.ID)
	return c, nil
}

// correctable is the played match to correct and its group, when r is a
// result the match may have.
func (s *Snapshot) correctable(matchID string, r Encounters) (*Match, *Group, error) {
	m, ok := s.Match(matchID)
	if !ok {
		return nil, nil, ErrMatchNotFound
	}
	if m.State != MatchPlayed {
		return nil, nil, Refuse("only a played result can be corrected; this match is %s", m.State)
	}
	g, _ := s.Group(m.GroupID)
	if err := ValidateResult(r, s.Config(m), len(g.Encounters), true); err != nil {
		return nil, nil, err
	}
	return m, g, nil
}

// correct writes the corrected result r into the change's copy of m, with
// its audit entry and the events of the match and its group's standings.
func (c *Change) correct(m *Match, g *Group, r Encounters, by string) *Match {
	nm := c.edit(m)
	nm.Encounters, nm.Forfeit = r, "" // a corrected result is one played out
	c.Audit = &AuditEntry{MatchID: m.ID, By: by, At: At(c.at), Final: true, Old: m.Encounters, New: r}
	c.event(Event{Type: EventMatchUpdated, MatchID: m.ID})
	c.event(Event{Type: EventStandingsUpdated, GroupID: g.ID})
	return nm
}

// begun says whether a match has a point played or a result: what
// depends on it can no longer be drawn again. A match only called to a
// court has not begun; a correction takes it back.
func begun(x *Match) bool { return x.State == MatchPlayed || x.HasResult() }

// blockedBy is the refusal of a correction that changes a winner x
// depends on, once x has begun: it says what the director can still do.
func (s *Snapshot) blockedBy(x *Match) error {
	if x.State == MatchPlayed {
		return Refuse("%s depends on this result and has been played, so the winner of this match can no longer change; you can still correct its score keeping the same winner", s.describe(x))
	}
	return Refuse("%s depends on this result and has a score already (%s), so the winner of this match can no longer change; you can still correct its score keeping the same winner", s.describe(x), x.State)
}

// redrawLaterRounds takes away the rounds of a pairing group drawn after
// m's, to be drawn again from the corrected standings, unless a match of
// them has begun; matches of them only called are taken off their courts.
func (c *Change) redrawLaterRounds(g *Group, m *Match) error {
	s := c.snap
	round := slices.IndexFunc(g.Rounds, func(r Round) bool { return r.ID == m.RoundID })
	later := map[string]bool{}
	for _, r := range g.Rounds[round+1:] {
		later[r.ID] = true
	}
	for _, x := range s.Matches {
		if later[x.RoundID] && begun(x) {
			return s.laterRoundBegun(g, x)
		}
	}
	for _, x := range s.Matches {
		if later[x.RoundID] {
			c.takeAway(x)
		}
	}
	p := s.groups[g.ID]
	rg := &c.record().Disciplines[p.d].Stages[p.s].Groups[p.g]
	rg.Rounds = slices.Clone(rg.Rounds[:round+1])
	return nil
}

// laterRoundBegun is the refusal of a correction that would draw again a
// round of which x has begun.
func (s *Snapshot) laterRoundBegun(g *Group, x *Match) error {
	var name RoundName
	if r, _, ok := s.Round(x.RoundID); ok {
		name = RoundName(r.Name)
	}
	return Refuse("%s has a score already, so %s can no longer be drawn again and the winner of this match can no longer change. You can still correct the score keeping the same winner; the rounds drawn since stay as they are", s.describe(x), name)
}

// takeAway removes a match that is drawn again, freeing the courts it was called to.
func (c *Change) takeAway(x *Match) {
	if x.State == MatchRunning {
		for _, court := range x.CourtIDs {
			c.event(Event{Type: EventCourtMatchChanged, CourtID: court})
		}
	}
	c.remove(x)
}

// redrawNextStage takes away the next stage when it was drawn from the
// finished standings of g's stage, to be drawn again, unless the correction
// leaves who qualifies, from which group and place, as it was; matches of
// it that were only called are taken off their courts. Once a match of it
// has been played, such a correction is refused.
func (c *Change) redrawNextStage(g *Group) error {
	s := c.snap
	p := s.groups[g.ID]
	d := &s.Tournament.Disciplines[p.d]
	if p.s+1 >= len(d.Stages) || d.Stages[p.s].State != PhaseFinished {
		return nil
	}
	next := d.Stages[p.s+1]
	old := newChange(s, c.at).qualifiers(d, &d.Stages[p.s], next.Qualify)
	if sameQualifiers(old, c.qualifiers(d, &d.Stages[p.s], next.Qualify)) {
		return nil
	}
	for _, x := range s.Matches {
		if x.StageID == next.ID && x.State == MatchPlayed {
			return Refuse("%s of %s has been played, and this correction changes who goes on to %s, so it can no longer be made; a correction that leaves every group's qualifiers and their places as they are is still possible", s.describe(x), next.Name, next.Name)
		}
	}
	for _, x := range s.Matches {
		if x.StageID == next.ID {
			c.takeAway(x)
		}
	}
	rs := &c.record().Disciplines[p.d].Stages[p.s+1]
	rs.State = PhasePlanned
	for gi := range rs.Groups { // a called match made them running
		rs.Groups[gi].State = PhasePlanned
	}
	return nil
}

// sameQualifiers reports whether two lists of qualifiers hold the same
// entries from the same groups and places, whatever their order.
func sameQualifiers(a, b []Qualifier) bool {
	if len(a) != len(b) {
		return false
	}
	type key struct {
		id          string
		pool, place int
	}
	seen := map[key]int{}
	for _, q := range a {
		seen[key{q.Entry.ID, q.Pool, q.Place}]++
	}
	for _, q := range b {
		k := key{q.Entry.ID, q.Pool, q.Place}
		if seen[k] == 0 {
			return false
		}
		seen[k]--
	}
	return true
}

// Redraw is what a correction takes away beyond its match, to be drawn
// again: the later rounds of its pairing group, or the next stage. A
// console names it before the correction is made.
type Redraw struct {
	// Rounds names the rounds of the group drawn again ("Round 3"), in order.
	Rounds []string
	// Stage names the next stage drawn again; empty when it stays.
	Stage string
	// Matches is how many matches are taken away (byes not counted), and
	// Called how many of them had been called to a court.
	Matches, Called int
	// Courts names the courts those called matches are taken back from.
	Courts []string
}

// Redraws says what the correction c draws again beyond its match.
func (c *Change) Redraws(s *Snapshot) Redraw {
	var out Redraw
	var group string
	if c.Audit != nil {
		if src, ok := s.Match(c.Audit.MatchID); ok {
			group = src.GroupID
		}
	}
	for _, id := range c.Removed {
		m, ok := s.Match(id)
		if !ok {
			continue
		}
		if m.GroupID == group {
			if r, _, ok := s.Round(m.RoundID); ok && !slices.Contains(out.Rounds, r.Name) {
				out.Rounds = append(out.Rounds, r.Name)
			}
		} else if st, ok := s.Stage(m.StageID); ok {
			out.Stage = st.Name
		}
		if m.State != MatchIncomplete && m.State != MatchBye {
			out.Matches++
		}
		if m.State == MatchRunning {
			out.Called++
			for _, cid := range m.CourtIDs {
				if court, ok := s.Court(cid); ok {
					out.Courts = append(out.Courts, court.Name)
				}
			}
		}
	}
	return out
}

// reroute puts a corrected tree match's new winner and loser where the old
// ones went, when those matches have not started.
func (c *Change) reroute(g *Group, nm *Match, started func(*Match) bool, blocked func(*Match) error) error {
	winner, loser := nm.Outcome()
	if nm.Bracket == BracketFinal {
		for _, x := range c.snap.Matches {
			if x.GroupID != g.ID || x.Bracket != BracketReset {
				continue
			}
			if started(x) {
				return blocked(x)
			}
			if onlyCalled(x) {
				c.uncall(x)
			}
			rx := c.edit(x)
			if nm.Winner() == 1 {
				rx.Entries, rx.State = nm.Entries, MatchOpen
			} else {
				rx.Entries, rx.State = [2]*Entry{}, MatchSkipped
			}
			c.event(Event{Type: EventMatchUpdated, MatchID: x.ID})
		}
		return nil
	}
	for _, link := range []struct {
		to *Slot
		e  *Entry
	}{{nm.WinnerTo, winner}, {nm.LoserTo, loser}} {
		if link.to == nil {
			continue
		}
		x, ok := c.snap.Match(link.to.MatchID)
		if !ok {
			continue
		}
		if started(x) {
			return blocked(x)
		}
		if onlyCalled(x) {
			c.uncall(x)
		}
		rx := c.edit(x)
		rx.Entries[link.to.Side] = link.e
		c.event(Event{Type: EventMatchUpdated, MatchID: x.ID})
	}
	return nil
}

// describe names a match for a person: its group, round and entries.
func (s *Snapshot) describe(m *Match) MatchLabel {
	var l MatchLabel
	for i, e := range m.Entries {
		l.Sides[i] = "?"
		if e != nil {
			l.Sides[i] = e.Name
		}
	}
	if r, g, ok := s.Round(m.RoundID); ok {
		l.Group, l.Round = g.Name, RoundName(r.Name)
	}
	return l
}
