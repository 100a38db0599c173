package tournament

import "slices"

// This file shapes the stored resources into the spec's JSON. Presence rules
// live here: nil slices and zero times are left out (omitzero), empty ones are not.

// MatchJSON is a match as the API shows it (spec 2.1).
type MatchJSON struct {
	ID             string     `json:"id"`
	Entries        []*Entry   `json:"entries"`
	State          MatchState `json:"state"`
	Encounters     Encounters `json:"encounters"`
	DisplayScore   *[2]int    `json:"displayScore,omitempty"`
	IsLiveResult   *bool      `json:"isLiveResult,omitempty"`
	CourtIDs       []string   `json:"courtIds,omitzero"`
	StartTime      Time       `json:"startTime,omitzero"`
	EndTime        Time       `json:"endTime,omitzero"`
	DisciplineID   string     `json:"disciplineId,omitempty"`
	DisciplineIDs  []string   `json:"disciplineIds,omitzero"`
	DisciplineName string     `json:"disciplineName,omitempty"`
	StageID        string     `json:"stageId,omitempty"`
	RoundID        string     `json:"roundId,omitempty"`
	RoundName      string     `json:"roundName,omitempty"`
	GroupID        string     `json:"groupId,omitempty"`
	GroupName      string     `json:"groupName,omitempty"`
}

// MatchForm is which of the spec's match shapes to produce.
type MatchForm int

// The match shapes of spec 2.1.
const (
	// FormFull is the match of match lists and match details.
	FormFull MatchForm = iota
	// FormEntry is the per-entry match list: disciplineIds and stageId instead of disciplineId.
	FormEntry
	// FormCourt is currentMatch of a single court: id, entries, state, encounters, startTime.
	FormCourt
	// FormCourtList is currentMatch in the court list: FormCourt plus names and courtIds.
	FormCourtList
)

// MatchJSON shapes m in the given form.
func (s *Snapshot) MatchJSON(m *Match, form MatchForm) MatchJSON {
	j := MatchJSON{
		ID:         m.ID,
		Entries:    m.Entries[:],
		State:      m.State,
		Encounters: m.Encounters,
		StartTime:  m.StartTime,
	}
	if j.Encounters == nil {
		j.Encounters = Encounters{}
	}
	if form == FormCourt {
		return j
	}
	courts := m.CourtIDs
	if courts == nil {
		courts = []string{}
	}
	j.CourtIDs = courts
	d, _ := s.Discipline(m.DisciplineID)
	round, group, _ := s.Round(m.RoundID)
	if d != nil {
		j.DisciplineName = d.Name
	}
	if group != nil {
		j.GroupName, j.RoundName = group.Name, round.Name
	}
	if form == FormCourtList {
		return j
	}
	if m.HasResult() {
		ds := s.DisplayScore(m)
		j.DisplayScore = &ds
	}
	live := m.IsLiveResult && m.State == MatchRunning
	j.IsLiveResult = &live
	if m.State == MatchPlayed {
		j.EndTime = m.EndTime
	}
	j.RoundID, j.GroupID = m.RoundID, m.GroupID
	if form == FormEntry {
		j.DisciplineIDs, j.StageID = []string{m.DisciplineID}, m.StageID
	} else {
		j.DisciplineID = m.DisciplineID
	}
	return j
}

// MatchesJSON shapes a list of matches; an empty list is [] rather than null.
func (s *Snapshot) MatchesJSON(ms []*Match, form MatchForm) []MatchJSON {
	out := make([]MatchJSON, len(ms))
	for i, m := range ms {
		out[i] = s.MatchJSON(m, form)
	}
	return out
}

// CourtJSON is a court as the API shows it (spec 2.4).
type CourtJSON struct {
	ID             string     `json:"id"`
	Number         int        `json:"number"`
	Name           string     `json:"name"`
	CurrentMatchID string     `json:"currentMatchId,omitempty"`
	CurrentMatch   *MatchJSON `json:"currentMatch,omitempty"`
}

// CourtJSON shapes a court; with details its current match comes along in the given form.
func (s *Snapshot) CourtJSON(c *Court, details bool, form MatchForm) CourtJSON {
	j := CourtJSON{ID: c.ID, Number: c.Number, Name: c.Name}
	if m := s.CourtMatch(c.ID); m != nil {
		j.CurrentMatchID = m.ID
		if details {
			mj := s.MatchJSON(m, form)
			j.CurrentMatch = &mj
		}
	}
	return j
}

// TournamentJSON is a single tournament (spec 2.5).
type TournamentJSON struct {
	ID          string           `json:"id"`
	Name        string           `json:"name"`
	Description string           `json:"description"`
	StartTime   Time             `json:"startTime"`
	EndTime     Time             `json:"endTime"`
	State       State            `json:"state"`
	Disciplines []DisciplineJSON `json:"disciplines"`
}

// DisciplineJSON is a discipline inside TournamentJSON.
type DisciplineJSON struct {
	ID        string      `json:"id"`
	Name      string      `json:"name"`
	ShortName string      `json:"shortName"`
	EntryType EntryType   `json:"entryType"`
	Stages    []StageJSON `json:"stages"`
}

// StageJSON is a stage inside DisciplineJSON.
type StageJSON struct {
	ID     string      `json:"id"`
	State  PhaseState  `json:"state"`
	Groups []GroupJSON `json:"groups"`
}

// GroupJSON is a group inside StageJSON.
type GroupJSON struct {
	ID             string       `json:"id"`
	Name           string       `json:"name"`
	TournamentMode Mode         `json:"tournamentMode"`
	State          PhaseState   `json:"state"`
	Options        GroupOptions `json:"options"`
}

// JSON shapes the tournament as spec 2.5 shows it.
func (t *Tournament) JSON() TournamentJSON {
	j := TournamentJSON{ID: t.ID, Name: t.Name, Description: t.Description, StartTime: t.StartTime,
		EndTime: t.EndTime, State: t.State, Disciplines: make([]DisciplineJSON, len(t.Disciplines))}
	for i, d := range t.Disciplines {
		dj := DisciplineJSON{ID: d.ID, Name: d.Name, ShortName: d.ShortName, EntryType: d.EntryType, Stages: make([]StageJSON, len(d.Stages))}
		for k, st := range d.Stages {
			sj := StageJSON{ID: st.ID, State: st.State, Groups: make([]GroupJSON, len(st.Groups))}
			for n, g := range st.Groups {
				opts := g.Options
				if opts.MatchConfigurations == nil {
					opts.MatchConfigurations = []MatchConfiguration{}
				}
				sj.Groups[n] = GroupJSON{ID: g.ID, Name: g.Name, TournamentMode: g.Mode, State: g.State, Options: opts}
			}
			dj.Stages[k] = sj
		}
		j.Disciplines[i] = dj
	}
	return j
}

// ListItem is a tournament in list endpoints (spec 2.6).
type ListItem struct {
	ID          string               `json:"id"`
	Name        string               `json:"name"`
	Disciplines []ListItemDiscipline `json:"disciplines"`
	Date        Time                 `json:"date"`
	State       State                `json:"state"`
	NumPlayers  int                  `json:"numPlayers"`
	NumTeams    int                  `json:"numTeams"`
	Organizer   *OrganizerRef        `json:"organizer,omitempty"`
}

// ListItemDiscipline is a discipline inside ListItem.
type ListItemDiscipline struct {
	ID string `json:"id"`
	// UnderscoreID repeats ID under the name the real service's lists use;
	// its clients read that one.
	UnderscoreID string    `json:"_id"`
	ShortName    string    `json:"shortName"`
	Name         string    `json:"name"`
	Modes        []Mode    `json:"modes"`
	EntryType    EntryType `json:"entryType"`
}

// OrganizerRef is the organizer inside ListItem.
type OrganizerRef struct {
	ID   string `json:"id"`
	Slug string `json:"slug"`
	Name string `json:"name"`
}

// ListItem shapes the snapshot's tournament as a list item.
func (s *Snapshot) ListItem() ListItem {
	t := s.Tournament
	players, teams := s.Counts()
	li := ListItem{ID: t.ID, Name: t.Name, Date: t.StartTime, State: t.State, NumPlayers: players, NumTeams: teams,
		Disciplines: make([]ListItemDiscipline, len(t.Disciplines)),
		Organizer:   &OrganizerRef{ID: s.Organizer.ID, Slug: s.Organizer.Slug, Name: s.Organizer.Name}}
	for i, d := range t.Disciplines {
		modes := []Mode{}
		for _, st := range d.Stages {
			for _, g := range st.Groups {
				if !slices.Contains(modes, g.Mode) {
					modes = append(modes, g.Mode)
				}
			}
		}
		li.Disciplines[i] = ListItemDiscipline{ID: d.ID, UnderscoreID: d.ID, ShortName: d.ShortName, Name: d.Name, Modes: modes, EntryType: d.EntryType}
	}
	return li
}

// EntriesJSON returns the entries with the ids, in that order; unknown ids are skipped.
func (s *Snapshot) EntriesJSON(ids []string) []*Entry {
	out := make([]*Entry, 0, len(ids))
	for _, id := range ids {
		if e, ok := s.Entries[id]; ok {
			out = append(out, e)
		}
	}
	return out
}
