package upstream

import (
	"bytes"
	"courtside/wire"
	"encoding/json"
	"slices"
	"strings"

	"courtside/tournament"
)

// This file reads what the upstream sends, leniently. The real service
// differs from the spec in places: list items name their id "_id", optional
// fields are missing, teams and players may be null, older responses give a
// team as an array of its players, and enum values may be ones this version
// does not know. None of that is fatal: unknown fields are ignored, unknown
// enum values fall back to a neutral one, a missing id is taken from "_id".

// wireID is an object's id, from "id" or else "_id".
type wireID struct {
	ID  string `json:"id"`
	UID string `json:"_id"`
}

func (i wireID) String() string { return cmpOr(i.ID, i.UID) }

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// entry is an entry as upstream sends it: an object, null, or (older
// responses) a team as the array of its players.
type entry struct{ *tournament.Entry }

// UnmarshalJSON reads any of the shapes; nothing it cannot read is an error
// but a malformed document.
func (e *entry) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case bytes.Equal(b, []byte("null")):
		e.Entry = nil
		return nil
	case len(b) > 0 && b[0] == '[':
		var players []entry
		if err := json.Unmarshal(b, &players); err != nil {
			return err
		}
		e.Entry = team(players)
		return nil
	case len(b) > 0 && b[0] == '{':
		var w struct {
			wireID
			Name    string  `json:"name"`
			Entries []entry `json:"entries"`
		}
		if err := json.Unmarshal(b, &w); err != nil {
			return err
		}
		e.Entry = &tournament.Entry{ID: w.String(), Name: cleanName(w.Name)}
		if w.Entries != nil {
			e.Entries = entries(w.Entries)
		}
		return nil
	}
	e.Entry = nil // a number or a string where an entry belongs: nobody we know
	return nil
}

// team makes a team of players: its id is their ids joined by "_", its name
// their names joined by " / ", as the service names fixed teams.
func team(players []entry) *tournament.Entry {
	t := &tournament.Entry{Entries: entries(players)}
	var ids, names []string
	for _, p := range t.Entries {
		if p != nil {
			ids, names = append(ids, p.ID), append(names, p.Name)
		}
	}
	t.ID, t.Name = strings.Join(ids, "_"), cleanName(strings.Join(names, " / "))
	return t
}

func entries(es []entry) []*tournament.Entry {
	out := make([]*tournament.Entry, len(es))
	for i, e := range es {
		out[i] = e.Entry
	}
	return out
}

// enum reads v as one of all, or gives fallback for a value this version does not know.
func enum[E ~string](v string, all []E, fallback E) E {
	if e, err := tournament.Parse(v, all); err == nil {
		return e
	}
	return fallback
}

// wireMatch is a match in any of the spec's shapes (2.1).
type wireMatch struct {
	wireID
	Entries       []entry               `json:"entries"`
	State         string                `json:"state"`
	Encounters    tournament.Encounters `json:"encounters"`
	DisplayScore  *[2]int               `json:"displayScore"`
	IsLiveResult  bool                  `json:"isLiveResult"`
	CourtIDs      []string              `json:"courtIds"`
	StartTime     tournament.Time       `json:"startTime"`
	EndTime       tournament.Time       `json:"endTime"`
	DisciplineID  string                `json:"disciplineId"`
	DisciplineIDs []string              `json:"disciplineIds"`
	StageID       string                `json:"stageId"`
	RoundID       string                `json:"roundId"`
	RoundName     string                `json:"roundName"`
	GroupID       string                `json:"groupId"`
	GroupName     string                `json:"groupName"`
}

// discipline is the match's discipline, from whichever field carries it.
func (w *wireMatch) discipline() string {
	if w.DisciplineID == "" && len(w.DisciplineIDs) > 0 {
		return w.DisciplineIDs[0]
	}
	return w.DisciplineID
}

// sides are the match's two sides; missing ones are nil.
func (w *wireMatch) sides() [2]*tournament.Entry {
	var s [2]*tournament.Entry
	for i := 0; i < 2 && i < len(w.Entries); i++ {
		s[i] = w.Entries[i].Entry
	}
	return s
}

// wireCourt is a court (2.4), with its current match when details were asked for.
type wireCourt struct {
	wireID
	Number         int        `json:"number"`
	Name           string     `json:"name"`
	CurrentMatchID string     `json:"currentMatchId"`
	CurrentMatch   *wireMatch `json:"currentMatch"`
}

// wireTournament is a single tournament (2.5).
type wireTournament struct {
	wireID
	Name        string           `json:"name"`
	Description string           `json:"description"`
	StartTime   tournament.Time  `json:"startTime"`
	EndTime     tournament.Time  `json:"endTime"`
	State       string           `json:"state"`
	Disciplines []wireDiscipline `json:"disciplines"`
}

type wireDiscipline struct {
	wireID
	Name      string      `json:"name"`
	ShortName string      `json:"shortName"`
	EntryType string      `json:"entryType"`
	Stages    []wireStage `json:"stages"`
}

type wireStage struct {
	wireID
	Name   string      `json:"name"`
	State  string      `json:"state"`
	Groups []wireGroup `json:"groups"`
}

type wireGroup struct {
	wireID
	Name    string `json:"name"`
	Mode    string `json:"tournamentMode"`
	State   string `json:"state"`
	Options struct {
		EliminationThirdPlace bool                            `json:"eliminationThirdPlace"`
		MatchConfigurations   []tournament.MatchConfiguration `json:"matchConfigurations"`
		NumRoundsPlanned      int                             `json:"numRoundsPlanned"`
	} `json:"options"`
}

// ListItem is a tournament in the upstream's lists (2.6), as the console shows them.
type ListItem struct {
	ID        string
	Name      string
	Date      tournament.Time
	State     tournament.State
	Organizer *wire.OrganizerRef
}

type wireListItem struct {
	wireID
	Name      string             `json:"name"`
	Date      tournament.Time    `json:"date"`
	State     string             `json:"state"`
	Organizer *wire.OrganizerRef `json:"organizer"`
}

func (w wireListItem) item() ListItem {
	it := ListItem{ID: w.String(), Name: cleanName(w.Name), Date: w.Date, State: enum(w.State, tournament.States, tournament.StateRunning)}
	if o := w.Organizer; o != nil {
		it.Organizer = &wire.OrganizerRef{ID: o.ID, Slug: o.Slug, Name: cleanName(o.Name)}
	}
	return it
}

// structure turns the upstream's tournament, checked (wireTournament.check),
// into the stored form. The copy keeps its own id and owner, whatever the
// answer says. Rounds, courts, entries and standings come from other
// resources; what the previous copy knew of them is kept.
func (w *wireTournament) structure(prev *tournament.Tournament) *tournament.Tournament {
	t := &tournament.Tournament{ID: prev.ID, Name: cleanName(w.Name), Description: cleanDescription(w.Description), StartTime: w.StartTime,
		EndTime: w.EndTime, State: enum(w.State, tournament.States, tournament.StateRunning)}
	old := map[string]tournament.Group{}
	oldEntries := map[string][]string{}
	{
		t.OrganizerID, t.Public, t.Courts, t.Rev, t.Mirror = prev.OrganizerID, prev.Public, prev.Courts, prev.Rev, prev.Mirror
		t.Reporting, t.PlayersLive = prev.Reporting, prev.PlayersLive // set in Courtside's console, not upstream
		for _, d := range prev.Disciplines {
			oldEntries[d.ID] = d.EntryIDs
			for _, st := range d.Stages {
				for _, g := range st.Groups {
					old[g.ID] = g
				}
			}
		}
	}
	for _, wd := range w.Disciplines {
		d := tournament.Discipline{ID: wd.String(), Name: cleanName(wd.Name), ShortName: cleanName(wd.ShortName),
			EntryType: enum(wd.EntryType, tournament.EntryTypes, tournament.EntrySingle), EntryIDs: oldEntries[wd.String()]}
		for _, ws := range wd.Stages {
			st := tournament.Stage{ID: ws.String(), Name: cleanName(ws.Name), State: enum(ws.State, tournament.PhaseStates, tournament.PhasePlanned)}
			for _, wg := range ws.Groups {
				g := old[wg.String()]
				g.ID, g.Name = wg.String(), cleanName(wg.Name)
				g.Mode = enum(wg.Mode, tournament.Modes, tournament.RoundRobin)
				g.State = enum(wg.State, tournament.PhaseStates, tournament.PhasePlanned)
				g.Options = tournament.GroupOptions{EliminationThirdPlace: wg.Options.EliminationThirdPlace,
					MatchConfigurations: wg.Options.MatchConfigurations, NumRoundsPlanned: wg.Options.NumRoundsPlanned}
				for i := range g.Options.MatchConfigurations {
					c := &g.Options.MatchConfigurations[i]
					c.Name = cleanName(c.Name)
				}
				st.Groups = append(st.Groups, g)
			}
			d.Stages = append(d.Stages, st)
		}
		t.Disciplines = append(t.Disciplines, d)
	}
	return t
}

// configFor picks the group's match configuration that gives the display
// score upstream shows (the configuration a match is played with is not in
// the API); the first when none tells.
func configFor(g *tournament.Group, w *wireMatch) int {
	if w.DisplayScore == nil || len(w.Encounters) == 0 {
		return 0
	}
	for i, cfg := range g.Options.MatchConfigurations {
		if tournament.DisplayScore(w.Encounters, cfg) == *w.DisplayScore {
			return i
		}
	}
	return 0
}

// sameJSON reports whether a and b encode alike.
func sameJSON(a, b any) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}

// addRound adds the round to the group unless it is there; rounds come in the
// order the upstream lists their matches.
func addRound(g *tournament.Group, id, name string) {
	if id == "" {
		return
	}
	i := slices.IndexFunc(g.Rounds, func(r tournament.Round) bool { return r.ID == id })
	if i < 0 {
		g.Rounds = append(g.Rounds, tournament.Round{ID: id, Name: name})
	} else if name != "" {
		g.Rounds[i].Name = name
	}
}
