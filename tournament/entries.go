package tournament

import (
	"slices"
	"strings"
	"time"
)

// This file holds the changes that set a tournament up and keep its entry
// lists: creating it from a setup, editing it until the start, checking
// entries in, and late entries after the start.

// ErrStarted is returned for an edit that only a tournament not yet started allows.
var ErrStarted = Refuse("the tournament has started: its setup can no longer change")

// Create is the change that writes a new tournament built from a setup (see
// Build): the store refuses it when the tournament exists already.
func Create(t *Tournament, entries []*Entry, at time.Time) *Change {
	c := newChange(nil, at)
	t.Rev = 1
	c.Tournament, c.Entries = t, entries
	c.event(Event{Type: EventTournamentAdded})
	return c
}

// Restore is the change that writes a whole tournament again, as an export
// holds it: every record new (revision 1), under the ids it had.
func Restore(t *Tournament, entries []*Entry, matches []*Match, at time.Time) *Change {
	c := newChange(nil, at)
	rt := *t
	rt.Rev = 1
	c.Tournament, c.Entries = &rt, entries
	for _, m := range matches {
		nm := *m
		c.add(&nm)
	}
	c.event(Event{Type: EventTournamentAdded})
	return c
}

// Started reports whether the tournament has begun: it runs, has ended or
// was cancelled, or has matches.
func (s *Snapshot) Started() bool {
	switch s.Tournament.State {
	case StateRunning, StateFinished, StateCancelled:
		return true
	}
	return len(s.Matches) > 0
}

// SetupOf describes the tournament as a setup: what the console's forms edit
// until the start, and what an export carries.
func SetupOf(s *Snapshot) *Setup {
	t := s.Tournament
	out := &Setup{Organizer: s.Organizer.Slug, Name: t.Name, Description: t.Description, StartTime: t.StartTime,
		Public: t.Public, AutoCall: t.AutoCall, CheckIn: t.CheckIn, TimeZone: t.TimeZone, Courts: []string{}, Disciplines: []SetupDiscipline{}}
	if !t.EndTime.Equal(t.StartTime.Time) {
		out.EndTime = t.EndTime
	}
	for _, c := range t.Courts {
		out.Courts = append(out.Courts, c.Name)
	}
	for _, d := range t.Disciplines {
		sd := SetupDiscipline{Name: d.Name, ShortName: d.ShortName, EntryType: d.EntryType, Entries: []SetupEntry{}, Stages: []SetupStage{}}
		for _, id := range d.EntryIDs {
			e, ok := s.Entries[id]
			if !ok {
				continue
			}
			sd.Entries = append(sd.Entries, setupEntryOf(d.EntryType, e)...)
		}
		for _, st := range d.Stages {
			sd.Stages = append(sd.Stages, setupStageOf(st))
		}
		out.Disciplines = append(out.Disciplines, sd)
	}
	return out
}

func setupEntryOf(et EntryType, e *Entry) []SetupEntry {
	var players []string
	for _, p := range e.Entries {
		if p != nil {
			players = append(players, p.Name)
		}
	}
	switch {
	case !e.IsTeam():
		return []SetupEntry{{Name: e.Name}}
	case et == EntryDYP || et == EntryMonsterDYP: // drawn teams: the setup lists their players
		out := make([]SetupEntry, len(players))
		for i, p := range players {
			out[i] = SetupEntry{Name: p}
		}
		return out
	case et == EntryBYP && e.Name == strings.Join(players, " / "):
		return []SetupEntry{{Name: e.Name}}
	}
	return []SetupEntry{{Name: e.Name, Players: players}}
}

func setupStageOf(st Stage) SetupStage {
	out := SetupStage{Name: st.Name, Qualify: st.Qualify, Draw: st.DrawBy}
	if len(st.Groups) == 0 {
		return out
	}
	g := st.Groups[0]
	out.Mode, out.Groups, out.Rounds = g.Mode, len(st.Groups), g.Options.NumRoundsPlanned
	if out.Groups == 1 {
		out.Groups = 0
	}
	out.ThirdPlace, out.Lives, out.DoubleRoundRobin = g.Options.EliminationThirdPlace, g.Lives, g.DoubleRoundRobin
	out.Points, out.TieBreaks, out.Encounters = g.Scoring, slices.Clone(g.TieBreaks), slices.Clone(g.Encounters)
	if len(g.Options.MatchConfigurations) > 0 {
		out.MatchConfiguration = g.Options.MatchConfigurations[0]
		if out.MatchConfiguration.Name == ConfigName(out.MatchConfiguration) {
			out.MatchConfiguration.Name = ""
		}
	}
	return out
}

// Reconfigure is the change that makes a tournament not yet started what the
// edited setup describes. Ids of the parts that stay are kept; who checked in
// stays checked in.
func (s *Snapshot) Reconfigure(setup *Setup, at time.Time) (*Change, error) {
	if s.Started() {
		return nil, ErrStarted
	}
	if ps := append(setup.ForSport(s.Organizer.Sport), setup.Validate()...); len(ps) > 0 {
		return nil, ps
	}
	t, entries := Build(setup, s.Organizer, ReuseIDs(s))
	old := s.Tournament
	t.ID, t.OrganizerID, t.Rev = old.ID, old.OrganizerID, NextRev(old.Rev)
	if !setup.CheckIn && (old.State == StatePlanned || old.State == StatePreRegistration) {
		t.State = old.State // still being set up, or taking registrations
	}
	for i := range t.Disciplines {
		if i < len(old.Disciplines) {
			d := &t.Disciplines[i]
			d.CheckedIn = keptCheckIn(old.Disciplines[i], *d)
		}
	}
	c := newChange(s, at)
	c.Tournament = t
	c.event(Event{Type: EventTournamentUpdated})
	var changed []*Entry
	for _, e := range entries {
		if o, ok := s.Entries[e.ID]; !ok || !sameEntry(o, e) {
			changed = append(changed, e)
		}
	}
	c.Entries = changed
	if len(changed) > 0 || !sameEntryLists(old, t) {
		c.event(Event{Type: EventEntryListUpdated})
	}
	return c, nil
}

func sameEntry(a, b *Entry) bool {
	if a.ID != b.ID || a.Name != b.Name || len(a.Entries) != len(b.Entries) {
		return false
	}
	for i := range a.Entries {
		if (a.Entries[i] == nil) != (b.Entries[i] == nil) || a.Entries[i] != nil && (a.Entries[i].ID != b.Entries[i].ID || a.Entries[i].Name != b.Entries[i].Name) {
			return false
		}
	}
	return true
}

func sameEntryLists(a, b *Tournament) bool {
	if len(a.Disciplines) != len(b.Disciplines) {
		return false
	}
	for i := range a.Disciplines {
		if !slices.Equal(a.Disciplines[i].EntryIDs, b.Disciplines[i].EntryIDs) {
			return false
		}
	}
	return true
}

// EditSetup applies edit to the tournament's setup and reconfigures the
// tournament to it: the way every edit before the start is made.
func (s *Snapshot) EditSetup(edit func(*Setup) error, at time.Time) (*Change, error) {
	if s.Started() {
		return nil, ErrStarted
	}
	setup := SetupOf(s)
	if err := edit(setup); err != nil {
		return nil, err
	}
	return s.Reconfigure(setup, at)
}

// disciplineIndex returns the index of the discipline with the id.
func (s *Snapshot) disciplineIndex(id string) (int, error) {
	for i, d := range s.Tournament.Disciplines {
		if d.ID == id {
			return i, nil
		}
	}
	return 0, Refuse("no such discipline")
}

// AddEntries adds entries to a discipline of a tournament not yet started (a
// late registration at the check-in desk); with check-in, they are checked in.
func (s *Snapshot) AddEntries(disciplineID string, add []SetupEntry, at time.Time) (*Change, error) {
	di, err := s.disciplineIndex(disciplineID)
	if err != nil {
		return nil, err
	}
	c, err := s.EditSetup(func(st *Setup) error {
		st.Disciplines[di].Entries = append(st.Disciplines[di].Entries, add...)
		return nil
	}, at)
	if err != nil {
		return nil, err
	}
	if s.Tournament.CheckIn {
		d := &c.Tournament.Disciplines[di]
		old := s.Tournament.Disciplines[di].EntryIDs
		for _, id := range d.EntryIDs {
			if !slices.Contains(old, id) && !slices.Contains(d.CheckedIn, id) {
				d.CheckedIn = append(d.CheckedIn, id)
			}
		}
	}
	return c, nil
}

// RemoveEntries takes entries out of a discipline of a tournament not yet
// started (no-shows at the check-in).
func (s *Snapshot) RemoveEntries(disciplineID string, ids []string, at time.Time) (*Change, error) {
	di, err := s.disciplineIndex(disciplineID)
	if err != nil {
		return nil, err
	}
	d := s.Tournament.Disciplines[di]
	keep := make([]SetupEntry, 0, len(d.EntryIDs))
	for _, id := range d.EntryIDs {
		if e, ok := s.Entries[id]; ok && !slices.Contains(ids, id) {
			keep = append(keep, setupEntryOf(d.EntryType, e)...)
		}
	}
	return s.EditSetup(func(st *Setup) error {
		st.Disciplines[di].Entries = keep
		return nil
	}, at)
}

// SetCheckedIn sets who of a discipline is present before the start: the
// entries of present that are the discipline's, in entry order.
func (s *Snapshot) SetCheckedIn(disciplineID string, present []string, at time.Time) (*Change, error) {
	return s.SetCheckedInAll([]string{disciplineID}, present, at)
}

// SetCheckedInAll sets who is present in several disciplines in one step,
// as one form of the whole check-in sends them: each discipline's present
// entries are those of present that are its own, so that saving one
// discipline never loses the ticks made in another.
func (s *Snapshot) SetCheckedInAll(disciplineIDs, present []string, at time.Time) (*Change, error) {
	if s.Started() {
		return nil, ErrStarted
	}
	c := newChange(s, at)
	for _, id := range disciplineIDs {
		di, err := s.disciplineIndex(id)
		if err != nil {
			return nil, err
		}
		d := &c.record().Disciplines[di]
		d.CheckedIn = []string{}
		for _, id := range d.EntryIDs { // in entry order, and only entries of the discipline
			if slices.Contains(present, id) {
				d.CheckedIn = append(d.CheckedIn, id)
			}
		}
	}
	c.event(Event{Type: EventEntryListUpdated})
	return c, nil
}

// NoShows are the entries of the discipline that have not checked in.
func (d *Discipline) NoShows() []string {
	var out []string
	for _, id := range d.EntryIDs {
		if !slices.Contains(d.CheckedIn, id) {
			out = append(out, id)
		}
	}
	return out
}

// ReadyToStart tells why the tournament cannot start yet, if it cannot:
// with check-in, every entry must have checked in or been removed.
func (s *Snapshot) ReadyToStart() error {
	if !s.Tournament.CheckIn || s.Started() {
		return nil
	}
	for _, d := range s.Tournament.Disciplines {
		if n := len(d.NoShows()); n > 0 {
			return Refuse("%s: %d entries have not checked in: check them in or remove them", d.Name, n)
		}
	}
	return nil
}

// LateEntry makes the entry a name stands for in the discipline: a player, or
// a team of the players "Anna Berg / Ben Kurz" names. Known players keep their ids.
func (s *Snapshot) LateEntry(disciplineID, name string) (*Entry, error) {
	di, err := s.disciplineIndex(disciplineID)
	if err != nil {
		return nil, err
	}
	d := s.Tournament.Disciplines[di]
	sd := SetupDiscipline{EntryType: d.EntryType}
	if d.EntryType == EntryDYP {
		sd.EntryType = EntryBYP // after the draw, a dyp entry is a team
	}
	sd.Entries = []SetupEntry{EntryLine(sd.EntryType, name)}
	var ps Problems
	sd.validateEntries("name", &ps)
	for _, p := range ps {
		if p.Path != "name.entries" { // "at least two entries" is about whole lists
			return nil, &RuleError{p.Message}
		}
	}
	ids := ReuseIDs(s)
	e := sd.entry(sd.Entries[0], ids, func(n string) *Entry {
		n = strings.TrimSpace(n)
		id := ids("player/" + strings.ToLower(n))
		return &Entry{ID: id, Name: n, Entries: []*Entry{{ID: id, Name: n}}}
	}, func(e *Entry) *Entry { return e })
	return e, nil
}

// EntryLine reads one typed line of entries as the setup form does, for
// every place entries are typed (the setup, the check-in's additions, a late
// entry): "Anna Berg"; a team "Anna Berg / Ben Kurz"; or a named team with its
// players, "Die Kurbler: Cem Yilmaz / Dana Roth" (byp and team_name; in other
// entry types a colon is part of the name).
func EntryLine(t EntryType, line string) SetupEntry {
	line = strings.TrimSpace(line)
	name, players, ok := strings.Cut(line, ":")
	if !ok || (t != EntryBYP && t != EntryTeamName) {
		return SetupEntry{Name: line}
	}
	e := SetupEntry{Name: strings.TrimSpace(name)}
	for _, pl := range strings.Split(players, "/") {
		if pl = strings.TrimSpace(pl); pl != "" {
			e.Players = append(e.Players, pl)
		}
	}
	return e
}

// keptCheckIn is who stays checked in when a discipline's entries change
// from was to now: every entry still there that was checked in, and an entry
// edited in its line (a name's spelling, a team's player: a new entry where
// a checked-in one was, the old one gone) keeps that line's check-in. In
// entry order.
func keptCheckIn(was, now Discipline) []string {
	in := map[string]bool{}
	for _, id := range was.CheckedIn {
		in[id] = true
	}
	for k := range min(len(was.EntryIDs), len(now.EntryIDs)) {
		before, after := was.EntryIDs[k], now.EntryIDs[k]
		if before != after && in[before] && !slices.Contains(was.EntryIDs, after) && !slices.Contains(now.EntryIDs, before) {
			in[after] = true
		}
	}
	var out []string
	for _, id := range now.EntryIDs {
		if in[id] {
			out = append(out, id)
		}
	}
	return out
}
