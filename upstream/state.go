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

// setTournament takes the upstream's tournament record and returns the
// groups whose state moved (their standings and entries may have too).
func (s *state) setTournament(w *wireTournament) (moved []string) {
	before := map[string]tournament.PhaseState{}
	for _, g := range s.groups() {
		before[g.ID] = g.State
	}
	s.t = w.structure(s.t)
	for _, g := range s.groups() {
		if st, ok := before[g.ID]; !ok || st != g.State {
			moved = append(moved, g.ID)
		}
	}
	return moved
}

// match makes the stored form of an upstream match. What the API does not
// carry (its order in the round, its bracket links, its revision) is kept
// from the copy; its stage follows from its group; its round joins the group.
func (s *state) match(w *wireMatch) *tournament.Match {
	m := &tournament.Match{ID: w.String(), Entries: w.sides(), State: enum(w.State, tournament.MatchStates, tournament.MatchOpen),
		Encounters: w.Encounters, IsLiveResult: w.IsLiveResult, CourtIDs: w.CourtIDs, StartTime: w.StartTime, EndTime: w.EndTime,
		DisciplineID: w.discipline(), GroupID: w.GroupID, RoundID: w.RoundID}
	if prev := s.matches[m.ID]; prev != nil {
		m.Seq, m.Bracket, m.WinnerTo, m.LoserTo, m.Rev = prev.Seq, prev.Bracket, prev.WinnerTo, prev.LoserTo, prev.Rev
		m.DisciplineID, m.GroupID, m.RoundID = cmpOr(m.DisciplineID, prev.DisciplineID), cmpOr(m.GroupID, prev.GroupID), cmpOr(m.RoundID, prev.RoundID)
	} else {
		m.Seq, m.Rev = len(s.matches), 1 // a new record starts at revision 1, as every write counts on
	}
	if g, stage := s.group(m.GroupID); g != nil {
		m.StageID = stage
		m.Config = configFor(g, w)
		addRound(g, m.RoundID, w.RoundName)
	}
	return m
}

// setMatch takes one match and says whether it is new to the copy and
// whether it was played just now.
func (s *state) setMatch(w *wireMatch) (m *tournament.Match, isNew, played bool) {
	prev := s.matches[w.String()]
	m = s.match(w)
	s.matches[m.ID] = m
	return m, prev == nil, m.State == tournament.MatchPlayed && (prev == nil || prev.State != tournament.MatchPlayed)
}

// setDiscipline takes every match of a discipline, in the upstream's order,
// and returns the groups where a match was played since the copy saw it.
// Matches the upstream no longer lists are dropped.
func (s *state) setDiscipline(id string, ws []wireMatch) (played []string) {
	listed := map[string]bool{}
	for i := range ws {
		w := &ws[i]
		if w.discipline() == "" {
			w.DisciplineID = id
		}
		m, _, p := s.setMatch(w)
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
	return played
}

// setCourts takes the courts and what they show of their matches: a live
// score, a match called or finished is seen here first. It returns the
// matches the copy had running on a court that the court no longer shows
// (finished or moved: the caller reads them), and the ids of matches on
// courts that the copy does not know.
func (s *state) setCourts(cs []wireCourt) (left, unknown []string) {
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
	return left, unknown
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
func (s *state) setDisciplineEntries(id string, es []*tournament.Entry) {
	for i := range s.t.Disciplines {
		if d := &s.t.Disciplines[i]; d.ID == id {
			d.EntryIDs = s.addEntries(es)
		}
	}
}

// setGroupEntries takes a group's entries.
func (s *state) setGroupEntries(id string, es []*tournament.Entry) {
	if g, _ := s.group(id); g != nil {
		g.EntryIDs = s.addEntries(es)
	}
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
func (s *state) setStandings(id string, rows []tournament.Standing) {
	if g, _ := s.group(id); g != nil {
		if rows == nil {
			rows = []tournament.Standing{}
		}
		g.Standings = rows
	}
}
