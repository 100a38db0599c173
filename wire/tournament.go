package wire

import (
	"slices"

	"courtside/tournament"
)

// Tournament is a single tournament (spec 2.5).
type Tournament struct {
	ID          string           `json:"id"`
	Name        string           `json:"name"`
	Description string           `json:"description"`
	StartTime   tournament.Time  `json:"startTime"`
	EndTime     tournament.Time  `json:"endTime"`
	State       tournament.State `json:"state"`
	Disciplines []Discipline     `json:"disciplines"`
}

// Discipline is a discipline inside Tournament.
type Discipline struct {
	ID        string               `json:"id"`
	Name      string               `json:"name"`
	ShortName string               `json:"shortName"`
	EntryType tournament.EntryType `json:"entryType"`
	Stages    []Stage              `json:"stages"`
}

// Stage is a stage inside Discipline.
type Stage struct {
	ID     string                `json:"id"`
	State  tournament.PhaseState `json:"state"`
	Groups []Group               `json:"groups"`
}

// Group is a group inside Stage.
type Group struct {
	ID             string                `json:"id"`
	Name           string                `json:"name"`
	TournamentMode tournament.Mode       `json:"tournamentMode"`
	State          tournament.PhaseState `json:"state"`
	Options        GroupOptions          `json:"options"`
}

// GroupOptions are a group's options (spec 2.5).
type GroupOptions struct {
	EliminationThirdPlace bool                 `json:"eliminationThirdPlace"`
	MatchConfigurations   []MatchConfiguration `json:"matchConfigurations"`
	// NumRoundsPlanned is carried by swiss, dutch, monster_dyp, rounds and whist groups.
	NumRoundsPlanned int `json:"numRoundsPlanned,omitempty"`
}

// MatchConfiguration says how a match of a group is won.
type MatchConfiguration struct {
	Name       string `json:"name"`
	Draw       bool   `json:"draw"`
	NumPoints  int    `json:"numPoints"`
	NumSets    int    `json:"numSets"`
	TwoAhead   bool   `json:"twoAhead"`
	QuickEntry bool   `json:"quickEntry"`
}

// TournamentOf shapes the tournament as spec 2.5 shows it.
func TournamentOf(t *tournament.Tournament) Tournament {
	j := Tournament{ID: t.ID, Name: t.Name, Description: t.Description, StartTime: t.StartTime,
		EndTime: t.EndTime, State: t.State, Disciplines: make([]Discipline, len(t.Disciplines))}
	for i, d := range t.Disciplines {
		dj := Discipline{ID: d.ID, Name: d.Name, ShortName: d.ShortName, EntryType: d.EntryType, Stages: make([]Stage, len(d.Stages))}
		for k, st := range d.Stages {
			sj := Stage{ID: st.ID, State: st.State, Groups: make([]Group, len(st.Groups))}
			for n, g := range st.Groups {
				sj.Groups[n] = Group{ID: g.ID, Name: g.Name, TournamentMode: g.Mode, State: g.State, Options: groupOptionsOf(g.Options)}
			}
			dj.Stages[k] = sj
		}
		j.Disciplines[i] = dj
	}
	return j
}

func groupOptionsOf(o tournament.GroupOptions) GroupOptions {
	j := GroupOptions{EliminationThirdPlace: o.EliminationThirdPlace, NumRoundsPlanned: o.NumRoundsPlanned,
		MatchConfigurations: make([]MatchConfiguration, len(o.MatchConfigurations))}
	for i, c := range o.MatchConfigurations {
		j.MatchConfigurations[i] = MatchConfiguration{Name: c.Name, Draw: c.Draw, NumPoints: c.NumPoints, NumSets: c.NumSets, TwoAhead: c.TwoAhead, QuickEntry: c.QuickEntry}
	}
	return j
}

// ListItem is a tournament in list endpoints (spec 2.6).
type ListItem struct {
	ID          string               `json:"id"`
	Name        string               `json:"name"`
	Disciplines []ListItemDiscipline `json:"disciplines"`
	Date        tournament.Time      `json:"date"`
	State       tournament.State     `json:"state"`
	NumPlayers  int                  `json:"numPlayers"`
	NumTeams    int                  `json:"numTeams"`
	Organizer   *OrganizerRef        `json:"organizer,omitempty"`
}

// ListItemDiscipline is a discipline inside ListItem.
type ListItemDiscipline struct {
	ID string `json:"id"`
	// UnderscoreID repeats ID under the name the real service's lists use;
	// its clients read that one.
	UnderscoreID string               `json:"_id"`
	ShortName    string               `json:"shortName"`
	Name         string               `json:"name"`
	Modes        []tournament.Mode    `json:"modes"`
	EntryType    tournament.EntryType `json:"entryType"`
}

// OrganizerRef is the organizer inside ListItem.
type OrganizerRef struct {
	ID   string `json:"id"`
	Slug string `json:"slug"`
	Name string `json:"name"`
}

// ListItemOf shapes the snapshot's tournament as a list item.
func ListItemOf(s *tournament.Snapshot) ListItem {
	t := s.Tournament
	players, teams := s.Counts()
	li := ListItem{ID: t.ID, Name: t.Name, Date: t.StartTime, State: t.State, NumPlayers: players, NumTeams: teams,
		Disciplines: make([]ListItemDiscipline, len(t.Disciplines)),
		Organizer:   &OrganizerRef{ID: s.Organizer.ID, Slug: s.Organizer.Slug, Name: s.Organizer.Name}}
	for i, d := range t.Disciplines {
		modes := []tournament.Mode{}
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

// Organizer is an organizer in the organizers' list.
type Organizer struct {
	ID    string           `json:"id"`
	Slug  string           `json:"slug"`
	Name  string           `json:"name"`
	Sport tournament.Sport `json:"sport"`
}

// OrganizerOf shapes an organizer.
func OrganizerOf(o tournament.Organizer) Organizer {
	return Organizer{ID: o.ID, Slug: o.Slug, Name: o.Name, Sport: o.Sport}
}
