package upstream

import (
	"maps"
	"slices"

	"courtside/tournament"
)

// state is a followed tournament's copy being brought up to date: what the
// store holds, changed by what the upstream answered. The upstream's
// resources each fill their part; the rest stays as it was.
type state struct {
	t       *tournament.Tournament
	matches map[string]*tournament.Match
	entries map[string]*tournament.Entry
}

// stateOf starts from a snapshot. The tournament record is copied down to
// its groups, which the merges change; matches and entries are replaced, never changed.
func stateOf(snap *tournament.Snapshot) *state {
	s := &state{t: cloneTournament(snap.Tournament), matches: make(map[string]*tournament.Match, len(snap.Matches)),
		entries: make(map[string]*tournament.Entry, len(snap.Entries))}
	for _, m := range snap.Matches {
		s.matches[m.ID] = m
	}
	for id, e := range snap.Entries {
		s.entries[id] = e
	}
	return s
}

func cloneTournament(t *tournament.Tournament) *tournament.Tournament {
	c := *t
	c.Courts = slices.Clone(t.Courts)
	c.Disciplines = slices.Clone(t.Disciplines)
	for i := range c.Disciplines {
		d := &c.Disciplines[i]
		d.Stages = slices.Clone(d.Stages)
		for k := range d.Stages {
			d.Stages[k].Groups = slices.Clone(d.Stages[k].Groups)
			for n := range d.Stages[k].Groups {
				g := &d.Stages[k].Groups[n]
				g.Rounds = slices.Clone(g.Rounds)
			}
		}
	}
	if t.Mirror != nil {
		m := *t.Mirror
		c.Mirror = &m
	}
	return &c
}

// group finds a group and the id of its stage.
func (s *state) group(id string) (*tournament.Group, string) {
	for i := range s.t.Disciplines {
		for k := range s.t.Disciplines[i].Stages {
			st := &s.t.Disciplines[i].Stages[k]
			for n := range st.Groups {
				if st.Groups[n].ID == id {
					return &st.Groups[n], st.ID
				}
			}
		}
	}
	return nil, ""
}

func (s *state) groups() []*tournament.Group {
	var out []*tournament.Group
	for i := range s.t.Disciplines {
		for k := range s.t.Disciplines[i].Stages {
			for n := range s.t.Disciplines[i].Stages[k].Groups {
				out = append(out, &s.t.Disciplines[i].Stages[k].Groups[n])
			}
		}
	}
	return out
}

// groupOf finds a group with the ids of its stage and its discipline.
func (s *state) groupOf(id string) (g *tournament.Group, stageID, disciplineID string) {
	for i := range s.t.Disciplines {
		d := &s.t.Disciplines[i]
		for k := range d.Stages {
			st := &d.Stages[k]
			for n := range st.Groups {
				if st.Groups[n].ID == id {
					return &st.Groups[n], st.ID, d.ID
				}
			}
		}
	}
	return nil, "", ""
}

// setTournament takes the upstream's tournament record, once it is checked
// to be the followed tournament's, and returns the groups whose state moved
// (their standings and entries may have too) and those new to the copy
// (their matches are in their discipline's list). Matches of a group the
// record no longer has go with it: the copy holds only matches of its groups.
func (s *state) setTournament(w *wireTournament) (moved, added []string, err error) {
	if err := w.check(s.t.ID); err != nil {
		return nil, nil, err
	}
	before := map[string]tournament.PhaseState{}
	for _, g := range s.groups() {
		before[g.ID] = g.State
	}
	s.t = w.structure(s.t)
	have := map[string]bool{}
	for _, g := range s.groups() {
		have[g.ID] = true
		st, ok := before[g.ID]
		if !ok {
			added = append(added, g.ID)
		}
		if !ok || st != g.State {
			moved = append(moved, g.ID)
		}
	}
	for id, m := range s.matches {
		if !have[m.GroupID] {
			delete(s.matches, id)
		}
	}
	return moved, added, nil
}

// match makes the stored form of an upstream match, checked. What the API
// does not carry (its order in the round, its bracket links, its revision)
// is kept from the copy; its stage and discipline follow from its group; its
// round joins the group. A match of a group the copy does not know (yet: the
// record names it) is nil; one that says it is of another discipline than
// its group's is refused.
func (s *state) match(w *wireMatch) (*tournament.Match, error) {
	if err := w.check(); err != nil {
		return nil, err
	}
	m := &tournament.Match{ID: w.String(), Entries: w.sides(), State: enum(w.State, tournament.MatchStates, tournament.MatchOpen),
		Encounters: w.Encounters, IsLiveResult: w.IsLiveResult, CourtIDs: w.CourtIDs, StartTime: w.StartTime, EndTime: w.EndTime,
		DisciplineID: w.discipline(), GroupID: w.GroupID, RoundID: w.RoundID}
	if prev := s.matches[m.ID]; prev != nil {
		m.Seq, m.Bracket, m.WinnerTo, m.LoserTo, m.Rev = prev.Seq, prev.Bracket, prev.WinnerTo, prev.LoserTo, prev.Rev
		m.DisciplineID, m.GroupID, m.RoundID = cmpOr(m.DisciplineID, prev.DisciplineID), cmpOr(m.GroupID, prev.GroupID), cmpOr(m.RoundID, prev.RoundID)
	} else {
		m.Seq, m.Rev = len(s.matches), 1 // a new record starts at revision 1, as every write counts on
	}
	g, stage, discipline := s.groupOf(m.GroupID)
	if g == nil {
		return nil, nil
	}
	if m.DisciplineID != "" && m.DisciplineID != discipline {
		return nil, refuse("match %s of group %s is said to be of discipline %s, not %s", m.ID, g.ID, m.DisciplineID, discipline)
	}
	m.DisciplineID, m.StageID = discipline, stage
	m.Config = configFor(g, w)
	addRound(g, m.RoundID, w.RoundName)
	return m, nil
}

// setMatch takes one match and says whether it is new to the copy and
// whether it was played just now; m is nil for a match of a group the copy
// does not know yet.
func (s *state) setMatch(w *wireMatch) (m *tournament.Match, isNew, played bool, err error) {
	prev := s.matches[w.String()]
	m, err = s.match(w)
	if m == nil || err != nil {
		return nil, false, false, err
	}
	s.matches[m.ID] = m
	if len(s.matches) > tournament.MaxUpstreamMatches {
		return nil, false, false, checkCount("matches", len(s.matches), tournament.MaxUpstreamMatches)
	}
	return m, prev == nil, m.State == tournament.MatchPlayed && (prev == nil || prev.State != tournament.MatchPlayed), nil
}

// setDiscipline takes every match of a discipline, in the upstream's order,
// and returns the groups where a match was played since the copy saw it, and
// whether some are of groups the copy does not know yet (the record tells).
// Matches the upstream no longer lists are dropped. A list that holds
// another discipline's matches is refused.
func (s *state) setDiscipline(id string, ws []wireMatch) (played []string, unknown bool, err error) {
	others := 0 // the copy's matches of other disciplines: the copy as a whole keeps the limit
	for _, m := range s.matches {
		if m.DisciplineID != id {
			others++
		}
	}
	if err := checkCount("matches", others+len(ws), tournament.MaxUpstreamMatches); err != nil {
		return nil, false, err
	}
	listed := map[string]bool{}
	for i := range ws {
		w := &ws[i]
		if w.discipline() != "" && w.discipline() != id && !slices.Contains(w.DisciplineIDs, id) {
			return nil, false, refuse("the list of discipline %s holds match %s of discipline %s", id, shown(w.String()), shown(w.discipline()))
		}
		w.DisciplineID, w.DisciplineIDs = id, nil
		m, _, p, err := s.setMatch(w)
		if err != nil {
			return nil, false, err
		}
		if m == nil {
			unknown = true
			continue
		}
		m.Seq = i
		listed[m.ID] = true
		if p && !slices.Contains(played, m.GroupID) {
			played = append(played, m.GroupID)
		}
	}
	for mid, m := range s.matches {
		if m.DisciplineID == id && !listed[mid] {
			delete(s.matches, mid)
		}
	}
	return played, unknown, nil
}

// setCourts takes the courts and what they show of their matches: a live
// score, a match called or finished is seen here first. It returns the
// matches the copy had running on a court that the court no longer shows
// (finished or moved: the caller reads them), and the ids of matches on
// courts that the copy does not know.
func (s *state) setCourts(cs []wireCourt) (left, unknown []string, err error) {
	if err := checkCourts(cs); err != nil {
		return nil, nil, err
	}
	s.t.Courts = make([]tournament.Court, len(cs))
	shown := map[string]bool{}
	for i, c := range cs {
		s.t.Courts[i] = tournament.Court{ID: c.String(), Number: c.Number, Name: c.Name}
		cm := c.CurrentMatch
		if cm == nil {
			if c.CurrentMatchID != "" {
				shown[c.CurrentMatchID] = true
				if s.matches[c.CurrentMatchID] == nil {
					unknown = append(unknown, c.CurrentMatchID)
				}
			}
			continue
		}
		shown[cm.String()] = true
		prev := s.matches[cm.String()]
		if prev == nil {
			unknown = append(unknown, cm.String())
			continue
		}
		m := *prev
		if cm.Entries != nil {
			m.Entries = cm.sides()
		}
		m.State = enum(cm.State, tournament.MatchStates, prev.State)
		m.Encounters = cm.Encounters
		m.IsLiveResult = m.State == tournament.MatchRunning && len(m.Encounters) > 0
		if !cm.StartTime.IsZero() {
			m.StartTime = cm.StartTime
		}
		if cm.CourtIDs != nil {
			m.CourtIDs = cm.CourtIDs
		} else if !m.PlaysOn(c.String()) {
			m.CourtIDs = []string{c.String()}
		}
		s.matches[m.ID] = &m
	}
	for id, m := range s.matches {
		if m.State == tournament.MatchRunning && len(m.CourtIDs) > 0 && !shown[id] {
			left = append(left, id)
		}
	}
	slices.Sort(left)
	return left, unknown, nil
}

// behind lists the groups whose state the copy's matches have overtaken
// (tournament.GroupCounts.Phase: started, finished, a new round). The
// upstream's record has moved on with them (and maybe their stage and the
// tournament): it is worth reading.
func (s *state) behind() map[string]bool {
	counts := tournament.CountGroups(slices.Collect(maps.Values(s.matches)))
	out := map[string]bool{}
	for _, g := range s.groups() {
		if counts.Phase(g) != g.State {
			out[g.ID] = true
		}
	}
	return out
}

// setDisciplineEntries takes a discipline's entries; their players become entries too.
func (s *state) setDisciplineEntries(id string, es []*tournament.Entry) error {
	if err := checkEntries(es); err != nil {
		return err
	}
	for i := range s.t.Disciplines {
		if d := &s.t.Disciplines[i]; d.ID == id {
			d.EntryIDs = s.addEntries(es)
		}
	}
	return s.checkEntryCount()
}

// setGroupEntries takes a group's entries.
func (s *state) setGroupEntries(id string, es []*tournament.Entry) error {
	if err := checkEntries(es); err != nil {
		return err
	}
	if g, _ := s.group(id); g != nil {
		g.EntryIDs = s.addEntries(es)
	}
	return s.checkEntryCount()
}

// maxEntries bounds a copy's entries: every entry a setup may have, each a team of players of its own.
const maxEntries = tournament.MaxSetupEntries * (tournament.MaxTeamPlayers + 1)

func (s *state) checkEntryCount() error {
	return checkCount("entries and players", len(s.entries), maxEntries)
}

func (s *state) addEntries(es []*tournament.Entry) []string {
	ids := []string{}
	for _, e := range es {
		if e == nil || e.ID == "" {
			continue
		}
		ids = append(ids, e.ID)
		s.entries[e.ID] = e
		for _, p := range e.Entries {
			if p != nil && p.ID != "" && p.ID != e.ID && s.entries[p.ID] == nil {
				s.entries[p.ID] = &tournament.Entry{ID: p.ID, Name: p.Name, Entries: []*tournament.Entry{{ID: p.ID, Name: p.Name}}}
			}
		}
	}
	return ids
}

// setStandings takes a group's table as the upstream ranks it.
func (s *state) setStandings(id string, rows []tournament.Standing) error {
	if err := checkStandings(rows); err != nil {
		return err
	}
	if g, _ := s.group(id); g != nil {
		if rows == nil {
			rows = []tournament.Standing{}
		}
		g.Standings = rows
	}
	return nil
}
