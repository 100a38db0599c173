package wire

import "courtside/tournament"

// Entry is a player or a team (spec 2.3): a player's entries hold the player
// itself, a team's its players, any of which may be null (lord_have_mercy).
type Entry struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"`
	Entries []*Entry `json:"entries,omitempty"`
}

// EntryOf shapes an entry; nil stays nil (a side not known yet).
func EntryOf(e *tournament.Entry) *Entry {
	if e == nil {
		return nil
	}
	j := &Entry{ID: e.ID, Name: e.Name}
	if e.Entries != nil {
		j.Entries = make([]*Entry, len(e.Entries))
		for i, p := range e.Entries {
			j.Entries[i] = EntryOf(p)
		}
	}
	return j
}

// EntriesOf returns the snapshot's entries with the ids, in that order;
// unknown ids are skipped.
func EntriesOf(s *tournament.Snapshot, ids []string) []*Entry {
	out := make([]*Entry, 0, len(ids))
	for _, id := range ids {
		if e, ok := s.Entries[id]; ok {
			out = append(out, EntryOf(e))
		}
	}
	return out
}

// EntryRef names an entry inside Standing.
type EntryRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Standing is a row of a group's table, as the real service's standings
// endpoint shows it: the counts, the tie-breaks that the group's mode uses
// (absent otherwise), the rank and the place.
type Standing struct {
	ID                      string   `json:"id"`
	Entry                   EntryRef `json:"entry"`
	Matches                 int      `json:"matches"`
	Points                  int      `json:"points"`
	PointsPerMatch          float64  `json:"pointsPerMatch"`
	CorrectedPointsPerMatch *float64 `json:"correctedPointsPerMatch,omitempty"`
	HasCorrectedValue       *bool    `json:"hasCorrectedValue,omitempty"`
	MatchesWon              int      `json:"matchesWon"`
	MatchesLost             int      `json:"matchesLost"`
	MatchesDraw             int      `json:"matchesDraw"`
	MatchesDiff             int      `json:"matchesDiff"`
	SetsWon                 int      `json:"setsWon"`
	SetsLost                int      `json:"setsLost"`
	SetsDiff                int      `json:"setsDiff"`
	EncounterWon            *int     `json:"encounterWon,omitempty"`
	EncounterLost           *int     `json:"encounterLost,omitempty"`
	EncounterDraw           *int     `json:"encounterDraw,omitempty"`
	EncounterDiff           *int     `json:"encounterDiff,omitempty"`
	Goals                   int      `json:"goals"`
	GoalsIn                 int      `json:"goalsIn"`
	GoalsDiff               int      `json:"goalsDiff"`
	BH1                     *int     `json:"bh1,omitempty"`
	BH2                     *int     `json:"bh2,omitempty"`
	SB                      *float64 `json:"sb,omitempty"`
	Lives                   *int     `json:"lives,omitempty"`
	Rank                    int      `json:"rank"`
	Result                  int      `json:"result"`
	PrelimResult            int      `json:"prelimResult"`
	FirstRound              *int     `json:"firstRound,omitempty"`
	LastRound               *int     `json:"lastRound,omitempty"`
	FinalResult             bool     `json:"finalResult"`
}

// StandingsOf shapes a group's table; an empty one is [] rather than null.
func StandingsOf(rows []tournament.Standing) []Standing {
	out := make([]Standing, len(rows))
	for i, r := range rows {
		out[i] = Standing{ID: r.ID, Entry: EntryRef{ID: r.Entry.ID, Name: r.Entry.Name},
			Matches: r.Matches, Points: r.Points, PointsPerMatch: r.PointsPerMatch,
			CorrectedPointsPerMatch: r.CorrectedPointsPerMatch, HasCorrectedValue: r.HasCorrectedValue,
			MatchesWon: r.MatchesWon, MatchesLost: r.MatchesLost, MatchesDraw: r.MatchesDraw, MatchesDiff: r.MatchesDiff,
			SetsWon: r.SetsWon, SetsLost: r.SetsLost, SetsDiff: r.SetsDiff,
			EncounterWon: r.EncounterWon, EncounterLost: r.EncounterLost, EncounterDraw: r.EncounterDraw, EncounterDiff: r.EncounterDiff,
			Goals: r.Goals, GoalsIn: r.GoalsIn, GoalsDiff: r.GoalsDiff,
			BH1: r.BH1, BH2: r.BH2, SB: r.SB, Lives: r.Lives,
			Rank: r.Rank, Result: r.Result, PrelimResult: r.PrelimResult,
			FirstRound: r.FirstRound, LastRound: r.LastRound, FinalResult: r.FinalResult}
	}
	return out
}
