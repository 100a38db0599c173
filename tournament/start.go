package tournament

import (
	"crypto/rand"
	"fmt"
	"math/big"
	"slices"
	"time"
)

// Start draws the first stage of every discipline and sets the tournament
// running: draw-your-partner players are drawn into fixed teams, round robin
// and snake draw groups get every round, swiss, dutch and rounds groups their
// first round (top half against bottom half, the last seed resting on an odd
// count), and knock-out groups their tree. With autoCall, free courts get the
// first open matches. Modes that team players anew each round, and last one
// standing, are left to the engine.
func (s *Snapshot) Start(at time.Time) (*Change, error) {
	if s.Started() {
		return nil, &RuleError{Reason: "the tournament has started already"}
	}
	if s.Tournament.CheckIn {
		for _, d := range s.Tournament.Disciplines {
			if n := len(d.NoShows()); n > 0 {
				return nil, &RuleError{Reason: fmt.Sprintf("%s: %d entries have not checked in: check them in or remove them", d.Name, n)}
			}
		}
	}
	c := newChange(s, at)
	t := c.record()
	t.State = StateRunning
	id := RandomIDs()
	entries := s.Entries
	for di := range t.Disciplines {
		d := &t.Disciplines[di]
		if len(d.Stages) == 0 {
			continue
		}
		if d.EntryType == EntryDYP {
			teams := drawPartners(d.EntryIDs, entries)
			d.EntryIDs = make([]string, len(teams))
			for i, tm := range teams {
				d.EntryIDs[i] = tm.ID
				c.Entries = append(c.Entries, tm)
			}
			entries = maps(entries, teams)
			SeedFirstStage(d)
		}
		st := &d.Stages[0]
		st.State = PhaseRunning
		for gi := range st.Groups {
			g := &st.Groups[gi]
			g.State = PhaseRunning
			es := make([]*Entry, 0, len(g.EntryIDs))
			for _, eid := range g.EntryIDs {
				es = append(es, entries[eid])
			}
			ms, rounds, err := firstRounds(g, es, id)
			if err != nil {
				return nil, &RuleError{Reason: fmt.Sprintf("%s, %s: %v", d.Name, g.Name, err)}
			}
			g.Rounds = rounds
			for _, m := range ms {
				m.DisciplineID, m.StageID, m.GroupID = d.ID, st.ID, g.ID
				if m.Encounters == nil {
					m.Encounters = Encounters{}
				}
				c.add(m)
			}
		}
	}
	if t.AutoCall {
		free := slices.Clone(t.Courts)
		for _, m := range c.Matches {
			if len(free) == 0 {
				break
			}
			if m.State == MatchOpen {
				m.State, m.StartTime, m.CourtIDs = MatchRunning, At(at), []string{free[0].ID}
				free = free[1:]
			}
		}
	}
	c.event(Event{Type: EventEntryListUpdated})
	return c, nil
}

func maps(old map[string]*Entry, add []*Entry) map[string]*Entry {
	out := make(map[string]*Entry, len(old)+len(add))
	for k, v := range old {
		out[k] = v
	}
	for _, e := range add {
		out[e.ID] = e
	}
	return out
}

// drawPartners pairs players at random into fixed teams of two.
func drawPartners(ids []string, entries map[string]*Entry) []*Entry {
	ps := make([]*Entry, 0, len(ids))
	for _, id := range ids {
		if e, ok := entries[id]; ok {
			ps = append(ps, e)
		}
	}
	for i := len(ps) - 1; i > 0; i-- {
		n, _ := rand.Int(rand.Reader, big.NewInt(int64(i+1)))
		k := int(n.Int64())
		ps[i], ps[k] = ps[k], ps[i]
	}
	var teams []*Entry
	for i := 0; i+1 < len(ps); i += 2 {
		teams = append(teams, team(ps[i], ps[i+1]))
	}
	return teams
}

// firstRounds makes the group's first matches and the rounds they are in.
func firstRounds(g *Group, es []*Entry, id func(string) string) ([]*Match, []Round, error) {
	switch g.Mode {
	case Elimination, DoubleElimination, LordHaveMercy:
		br := NewBracket(es, g.Mode == DoubleElimination, g.Options.EliminationThirdPlace, func(path string) string { return id(g.ID + "/" + path) })
		return br.Matches, br.Rounds, nil
	case RoundRobin, SnakeDraw:
		var ms []*Match
		var rounds []Round
		legs := 1
		if g.DoubleRoundRobin {
			legs = 2
		}
		for leg := range legs {
			for r, pairs := range circle(es) {
				round := Round{ID: id(g.ID + fmt.Sprintf("/r/%d/%d", leg, r))}
				rounds = append(rounds, round)
				for k, p := range pairs {
					if leg == 1 {
						p[0], p[1] = p[1], p[0]
					}
					ms = append(ms, &Match{ID: NewID(), Entries: p, State: MatchOpen, RoundID: round.ID, Seq: k})
				}
			}
		}
		for i := range rounds {
			rounds[i].Name = fmt.Sprintf("Round %d", i+1)
		}
		return ms, rounds, nil
	case Swiss, DutchSystem, Rounds:
		round := Round{ID: id(g.ID + "/r/0"), Name: "Round 1"}
		half := len(es) / 2
		var ms []*Match
		for k := range half {
			ms = append(ms, &Match{ID: NewID(), Entries: [2]*Entry{es[k], es[k+half]}, State: MatchOpen, RoundID: round.ID, Seq: k})
		}
		if len(es)%2 == 1 {
			ms = append(ms, &Match{ID: NewID(), Entries: [2]*Entry{es[len(es)-1], nil}, State: MatchBye, RoundID: round.ID, Seq: half})
		}
		return ms, []Round{round}, nil
	}
	return nil, nil, fmt.Errorf("%s is drawn by the engine, which is not part of this build yet", g.Mode)
}

// circle pairs everyone with everyone by the circle method; nil is a rest.
func circle(es []*Entry) [][][2]*Entry {
	ring := slices.Clone(es)
	if len(ring)%2 == 1 {
		ring = append(ring, nil)
	}
	n := len(ring)
	var rounds [][][2]*Entry
	for range n - 1 {
		var pairs [][2]*Entry
		for i := range n / 2 {
			a, b := ring[i], ring[n-1-i]
			if a != nil && b != nil {
				pairs = append(pairs, [2]*Entry{a, b})
			}
		}
		rounds = append(rounds, pairs)
		ring = append([]*Entry{ring[0], ring[n-1]}, ring[1:n-1]...)
	}
	return rounds
}

// Withdraw takes an entry out of a running discipline: its matches still to
// play are skipped, and in a knock-out tree the opponent goes on as after a
// bye; pairing leaves it out from now on.
func (s *Snapshot) Withdraw(disciplineID, entryID string, at time.Time) (*Change, error) {
	di, err := s.disciplineIndex(disciplineID)
	if err != nil {
		return nil, err
	}
	d := s.Tournament.Disciplines[di]
	if s.Tournament.State != StateRunning {
		return nil, &RuleError{Reason: "only an entry of a running tournament withdraws; before the start, remove it from the list"}
	}
	if !slices.Contains(d.EntryIDs, entryID) {
		return nil, &RuleError{Reason: "no such entry in " + d.Name}
	}
	if slices.Contains(d.Withdrawn, entryID) {
		return nil, &RuleError{Reason: "the entry has withdrawn already"}
	}
	c := newChange(s, at)
	nd := &c.record().Disciplines[di]
	nd.Withdrawn = append(slices.Clone(nd.Withdrawn), entryID)
	for _, m := range s.Matches {
		if m.DisciplineID != disciplineID || m.Done() || !m.Involves(entryID) {
			continue
		}
		g, _ := s.Group(m.GroupID)
		nm := c.edit(m)
		for _, court := range nm.CourtIDs {
			if nm.State == MatchRunning {
				c.event(Event{Type: EventCourtMatchChanged, CourtID: court})
			}
		}
		side := 0
		if nm.Entries[1] != nil && nm.Entries[1].ID == entryID {
			side = 1
		}
		if g.Mode.IsBracket() && nm.Entries[1-side] != nil {
			nm.Entries[side], nm.State, nm.Encounters, nm.IsLiveResult = nil, MatchBye, Encounters{}, false
			c.event(Event{Type: EventMatchUpdated, MatchID: nm.ID})
			c.advance(g, nm)
			continue
		}
		nm.State, nm.IsLiveResult = MatchSkipped, false
		c.event(Event{Type: EventMatchUpdated, MatchID: nm.ID})
		c.event(Event{Type: EventStandingsUpdated, GroupID: g.ID})
	}
	c.event(Event{Type: EventEntryListUpdated})
	c.settle()
	return c, nil
}
