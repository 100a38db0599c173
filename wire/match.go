// Package wire holds the Tournament Public API's JSON shapes (spec section 2)
// and Courtside's own additions to it, and builds them from the rule book's
// types. The API's bodies are made of these types only: the stored records
// (package tournament's types as package cache keeps them, with their own
// format version) may change their fields without an API client noticing,
// and the API may change its shapes without a migration of the store.
//
// Presence rules live here: nil slices and zero times are left out
// (omitzero), empty ones are not.
package wire

import "courtside/tournament"

// Match is a match as the API shows it (spec 2.1).
type Match struct {
	ID             string                `json:"id"`
	Entries        []*Entry              `json:"entries"`
	State          tournament.MatchState `json:"state"`
	Encounters     tournament.Encounters `json:"encounters"`
	DisplayScore   *[2]int               `json:"displayScore,omitempty"`
	IsLiveResult   *bool                 `json:"isLiveResult,omitempty"`
	CourtIDs       []string              `json:"courtIds,omitzero"`
	StartTime      tournament.Time       `json:"startTime,omitzero"`
	EndTime        tournament.Time       `json:"endTime,omitzero"`
	DisciplineID   string                `json:"disciplineId,omitempty"`
	DisciplineIDs  []string              `json:"disciplineIds,omitzero"`
	DisciplineName string                `json:"disciplineName,omitempty"`
	StageID        string                `json:"stageId,omitempty"`
	RoundID        string                `json:"roundId,omitempty"`
	RoundName      string                `json:"roundName,omitempty"`
	GroupID        string                `json:"groupId,omitempty"`
	GroupName      string                `json:"groupName,omitempty"`
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

// MatchOf shapes the snapshot's match m in the given form.
func MatchOf(s *tournament.Snapshot, m *tournament.Match, form MatchForm) Match {
	j := Match{
		ID:         m.ID,
		Entries:    []*Entry{EntryOf(m.Entries[0]), EntryOf(m.Entries[1])},
		State:      m.State,
		Encounters: m.Encounters,
		StartTime:  m.StartTime,
	}
	if j.Encounters == nil {
		j.Encounters = tournament.Encounters{}
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
	live := m.IsLiveResult && m.State == tournament.MatchRunning
	j.IsLiveResult = &live
	if m.State == tournament.MatchPlayed {
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

// MatchesOf shapes a list of matches; an empty list is [] rather than null.
func MatchesOf(s *tournament.Snapshot, ms []*tournament.Match, form MatchForm) []Match {
	out := make([]Match, len(ms))
	for i, m := range ms {
		out[i] = MatchOf(s, m, form)
	}
	return out
}

// Court is a court as the API shows it (spec 2.4).
type Court struct {
	ID             string `json:"id"`
	Number         int    `json:"number"`
	Name           string `json:"name"`
	CurrentMatchID string `json:"currentMatchId,omitempty"`
	CurrentMatch   *Match `json:"currentMatch,omitempty"`
}

// CourtOf shapes a court; with details its current match comes along in the given form.
func CourtOf(s *tournament.Snapshot, c *tournament.Court, details bool, form MatchForm) Court {
	j := Court{ID: c.ID, Number: c.Number, Name: c.Name}
	if m := s.CourtMatch(c.ID); m != nil {
		j.CurrentMatchID = m.ID
		if details {
			mj := MatchOf(s, m, form)
			j.CurrentMatch = &mj
		}
	}
	return j
}
