package tournament

import (
	"cmp"
	"maps"
	"slices"
	"sync"
)

// Snapshot is everything about one tournament at one version. It is immutable
// once built, so one snapshot serves every request for that version.
type Snapshot struct {
	Version    int64
	Tournament *Tournament
	Organizer  Organizer
	// Matches are in tournament order: discipline, stage, round, group, match.
	Matches []*Match
	Entries map[string]*Entry
	// Reports are what players reported from the courts, by court id; the
	// store sets them (see CourtReport), nil when there are none.
	Reports map[string]*CourtReport

	matches map[string]*Match
	groups  map[string]place
	rounds  map[string]place
	stages  map[string]place
	// numbers are the matches' numbers in knock-out groups, byes the matches nobody plays there.
	numbers map[string]int
	byes    map[string][2]bool
	// memo keeps what is worked out from the snapshot on demand.
	memo *memo
}

// memo is what a snapshot works out once, on the first request that needs it.
type memo struct {
	sync.Mutex
	likely map[string][][2]*Qualifier // LikelyDraw by stage id; nil when there is none
}

// place locates a stage, group or round: indexes of discipline, stage, group, round.
type place struct{ d, s, g, r int }

// NewSnapshot indexes a tournament's parts. matches may come in any order.
func NewSnapshot(version int64, t *Tournament, org Organizer, matches []*Match, entries map[string]*Entry) *Snapshot {
	s := &Snapshot{
		Version: version, Tournament: t, Organizer: org, Entries: entries,
		matches: make(map[string]*Match, len(matches)),
		groups:  map[string]place{}, rounds: map[string]place{}, stages: map[string]place{}, memo: &memo{},
	}
	for di, d := range t.Disciplines {
		for si, st := range d.Stages {
			s.stages[st.ID] = place{di, si, -1, -1}
			for gi, g := range st.Groups {
				s.groups[g.ID] = place{di, si, gi, -1}
				for ri, r := range g.Rounds {
					s.rounds[r.ID] = place{di, si, gi, ri}
				}
			}
		}
	}
	for _, m := range matches {
		s.matches[m.ID] = m
	}
	s.Matches = slices.Clone(matches)
	slices.SortStableFunc(s.Matches, func(a, b *Match) int {
		pa, pb := s.rounds[a.RoundID], s.rounds[b.RoundID]
		return cmp.Or(cmp.Compare(pa.d, pb.d), cmp.Compare(pa.s, pb.s), cmp.Compare(pa.r, pb.r),
			cmp.Compare(pa.g, pb.g), cmp.Compare(a.Seq, b.Seq), cmp.Compare(a.ID, b.ID))
	})
	s.numbers, s.byes = map[string]int{}, map[string][2]bool{}
	trees := map[string][]*Match{}
	for _, m := range s.Matches {
		if g, ok := s.Group(m.GroupID); ok && g.Mode.IsBracket() {
			trees[m.GroupID] = append(trees[m.GroupID], m)
		}
	}
	for _, ms := range trees {
		byes := ByeSides(ms)
		maps.Copy(s.numbers, numberMatches(ms, byes))
		maps.Copy(s.byes, byes)
	}
	return s
}

// MatchNumber is the number of a knock-out match ("match 5"), or 0 for a
// match that has none (a bye, or a match outside a tree).
func (s *Snapshot) MatchNumber(id string) int { return s.numbers[id] }

// IsBye reports whether the knock-out match is a bye or will be one.
func (s *Snapshot) IsBye(id string) bool { return s.byes[id] != [2]bool{} }

// NoEntry reports whether nobody can ever fill the side of a knock-out match:
// the empty side of a bye.
func (s *Snapshot) NoEntry(id string, side int) bool { return s.byes[id][side] }

// CurrentRound is the id of the group's round being played: the first with a
// match still to play (running or not yet started); "" when every match is done.
func (s *Snapshot) CurrentRound(g *Group) string {
	for _, r := range g.Rounds {
		for _, m := range s.Matches {
			if m.RoundID == r.ID && !m.Done() {
				return r.ID
			}
		}
	}
	return ""
}

// Champion is the winner of the knock-out group once its final is played,
// and the match that decided it; nil while the title is open.
func (s *Snapshot) Champion(g *Group) (*Entry, *Match) {
	return Champion(s.MatchesWhere(func(m *Match) bool { return m.GroupID == g.ID }))
}

// Match returns the match with the id.
func (s *Snapshot) Match(id string) (*Match, bool) {
	m, ok := s.matches[id]
	return m, ok
}

// Discipline returns the discipline with the id.
func (s *Snapshot) Discipline(id string) (*Discipline, bool) {
	for i := range s.Tournament.Disciplines {
		if d := &s.Tournament.Disciplines[i]; d.ID == id {
			return d, true
		}
	}
	return nil, false
}

// Stage returns the stage with the id.
func (s *Snapshot) Stage(id string) (*Stage, bool) {
	p, ok := s.stages[id]
	if !ok {
		return nil, false
	}
	return &s.Tournament.Disciplines[p.d].Stages[p.s], true
}

// Group returns the group with the id. For an id the tournament does not
// have (a match of inconsistent data, from an old import or a follow) it
// returns an empty group and false, so a page that shows the match can
// never dereference nil.
func (s *Snapshot) Group(id string) (*Group, bool) {
	p, ok := s.groups[id]
	if !ok {
		return &Group{}, false
	}
	return &s.Tournament.Disciplines[p.d].Stages[p.s].Groups[p.g], true
}

// Round returns the round with the id and the group it belongs to; an
// empty round and group and false for an id the tournament does not have.
func (s *Snapshot) Round(id string) (*Round, *Group, bool) {
	p, ok := s.rounds[id]
	if !ok {
		return &Round{}, &Group{}, false
	}
	g := &s.Tournament.Disciplines[p.d].Stages[p.s].Groups[p.g]
	return &g.Rounds[p.r], g, true
}

// Config is the match configuration m is played with; the zero configuration
// when the group has none. Where the mode allows no draws (a knock-out match
// that ended level would knock out both sides), the configuration cannot;
// and it is played by the organizer's sport's rules (Sport.Played).
func (s *Snapshot) Config(m *Match) MatchConfiguration {
	var cfg MatchConfiguration
	g, ok := s.Group(m.GroupID)
	if ok && m.Config >= 0 && m.Config < len(g.Options.MatchConfigurations) {
		cfg = g.Options.MatchConfigurations[m.Config]
	}
	if ok && !g.Mode.Rules().Draws {
		cfg.Draw = false
	}
	return s.Organizer.Sport.Played(cfg)
}

// Court returns the court with the id.
func (s *Snapshot) Court(id string) (*Court, bool) {
	for i := range s.Tournament.Courts {
		if c := &s.Tournament.Courts[i]; c.ID == id {
			return c, true
		}
	}
	return nil, false
}

// CourtMatch is the match announced on the court: the running match played on it.
func (s *Snapshot) CourtMatch(courtID string) *Match {
	for _, m := range s.Matches {
		if m.State == MatchRunning && m.PlaysOn(courtID) {
			return m
		}
	}
	return nil
}

// MatchesWhere returns the matches, in tournament order, that keep says to keep.
func (s *Snapshot) MatchesWhere(keep func(*Match) bool) []*Match {
	var out []*Match
	for _, m := range s.Matches {
		if keep(m) {
			out = append(out, m)
		}
	}
	return out
}

// Standings is the group's table as the snapshot has it. It is computed on
// each call: what is shown of it is kept, rendered, by the web layer. A
// followed tournament's table is its source's.
func (s *Snapshot) Standings(g *Group) []Standing {
	if g.Standings != nil {
		return g.Standings
	}
	return Standings(g, s.MatchesWhere(func(m *Match) bool { return m.GroupID == g.ID }), s.Entries)
}

// IsTeam reports whether the entry is a team rather than a single player.
func (e *Entry) IsTeam() bool {
	return len(e.Entries) != 1 || e.Entries[0] == nil || e.Entries[0].ID != e.ID
}

// Counts returns how many players and teams are in the tournament: the
// entries of its disciplines that were not withdrawn, and the players of
// those teams, each once. No-shows removed at the check-in, withdrawn
// entries, and the teams a Monster DYP round draws are not counted.
func (s *Snapshot) Counts() (players, teams int) {
	seen := map[string]bool{}
	count := func(id string) bool {
		if seen[id] {
			return false
		}
		seen[id] = true
		return true
	}
	for _, d := range s.Tournament.Disciplines {
		for _, id := range d.EntryIDs {
			e, ok := s.Entries[id]
			if !ok || slices.Contains(d.Withdrawn, id) {
				continue
			}
			if !e.IsTeam() {
				if count(id) {
					players++
				}
				continue
			}
			if count(id) {
				teams++
			}
			for _, p := range e.Entries {
				if p != nil && count(p.ID) {
					players++
				}
			}
		}
	}
	return players, teams
}
