package api

import (
	"courtside/wire"
	"net/http"

	"courtside/handlers/reply"
	"courtside/tournament"
)

// Match returns one match.
func (a *API) Match(w http.ResponseWriter, r *http.Request) error {
	snap, err := a.readable(r)
	if err != nil {
		return err
	}
	m, ok := snap.Match(r.PathValue("matchId"))
	if !ok {
		return reply.NotFound(reply.CodeMatchNotFound)
	}
	return a.snapshotJSON(w, r, snap, r.URL.Path, func() any { return wire.MatchOf(snap, m, wire.FormFull) })
}

// matchesOf serves a match list of the part named by the path parameter: find
// says whether the part exists and which matches belong to it.
func (a *API) matchesOf(w http.ResponseWriter, r *http.Request, param, code string, find func(*tournament.Snapshot, string) (func(*tournament.Match) bool, bool)) error {
	snap, err := a.readable(r)
	if err != nil {
		return err
	}
	keep, ok := find(snap, r.PathValue(param))
	if !ok {
		return reply.NotFound(code)
	}
	return a.snapshotJSON(w, r, snap, r.URL.Path, func() any {
		return wire.MatchesOf(snap, snap.MatchesWhere(keep), wire.FormFull)
	})
}

// DisciplineMatches lists the matches of a discipline across its stages, groups and rounds.
func (a *API) DisciplineMatches(w http.ResponseWriter, r *http.Request) error {
	return a.matchesOf(w, r, "disciplineId", reply.CodeDisciplineNotFound, func(s *tournament.Snapshot, id string) (func(*tournament.Match) bool, bool) {
		_, ok := s.Discipline(id)
		return func(m *tournament.Match) bool { return m.DisciplineID == id }, ok
	})
}

// StageMatches lists the matches of a stage across its groups and rounds.
func (a *API) StageMatches(w http.ResponseWriter, r *http.Request) error {
	return a.matchesOf(w, r, "stageId", reply.CodeStageNotFound, func(s *tournament.Snapshot, id string) (func(*tournament.Match) bool, bool) {
		_, ok := s.Stage(id)
		return func(m *tournament.Match) bool { return m.StageID == id }, ok
	})
}

// RoundMatches lists the matches of a round.
func (a *API) RoundMatches(w http.ResponseWriter, r *http.Request) error {
	return a.matchesOf(w, r, "roundId", reply.CodeRoundNotFound, func(s *tournament.Snapshot, id string) (func(*tournament.Match) bool, bool) {
		_, _, ok := s.Round(id)
		return func(m *tournament.Match) bool { return m.RoundID == id }, ok
	})
}

// GroupMatches lists the matches of a group.
func (a *API) GroupMatches(w http.ResponseWriter, r *http.Request) error {
	return a.matchesOf(w, r, "groupId", reply.CodeGroupNotFound, func(s *tournament.Snapshot, id string) (func(*tournament.Match) bool, bool) {
		_, ok := s.Group(id)
		return func(m *tournament.Match) bool { return m.GroupID == id }, ok
	})
}

// EntryMatches lists an entry's matches across all disciplines in tournament
// order; a player's include those of the teams the player plays in.
func (a *API) EntryMatches(w http.ResponseWriter, r *http.Request) error {
	snap, err := a.readable(r)
	if err != nil {
		return err
	}
	id := r.PathValue("entryId")
	if _, ok := snap.Entries[id]; !ok {
		return reply.NotFound(reply.CodeEntryNotFound)
	}
	return a.snapshotJSON(w, r, snap, r.URL.Path, func() any {
		ms := snap.MatchesWhere(func(m *tournament.Match) bool { return m.Involves(id) })
		return wire.MatchesOf(snap, ms, wire.FormEntry)
	})
}
