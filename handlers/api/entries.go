package api

import (
	"courtside/wire"
	"net/http"

	"courtside/handlers/reply"
)

// Entries lists every entry of the tournament: the entries of each discipline, in order.
func (a *API) Entries(w http.ResponseWriter, r *http.Request) error {
	snap, err := a.readable(r)
	if err != nil {
		return err
	}
	var ids []string
	seen := map[string]bool{}
	for _, d := range snap.Tournament.Disciplines {
		for _, id := range d.EntryIDs {
			if !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
	}
	return a.snapshotJSON(w, r, snap, r.URL.Path, func() any { return wire.EntriesOf(snap, ids) })
}

// DisciplineEntries lists the entries of a discipline.
func (a *API) DisciplineEntries(w http.ResponseWriter, r *http.Request) error {
	snap, err := a.readable(r)
	if err != nil {
		return err
	}
	d, ok := snap.Discipline(r.PathValue("disciplineId"))
	if !ok {
		return reply.NotFound(reply.CodeDisciplineNotFound)
	}
	return a.snapshotJSON(w, r, snap, r.URL.Path, func() any { return wire.EntriesOf(snap, d.EntryIDs) })
}

// GroupEntries lists the entries of a group.
func (a *API) GroupEntries(w http.ResponseWriter, r *http.Request) error {
	snap, err := a.readable(r)
	if err != nil {
		return err
	}
	g, ok := snap.Group(r.PathValue("groupId"))
	if !ok {
		return reply.NotFound(reply.CodeGroupNotFound)
	}
	return a.snapshotJSON(w, r, snap, r.URL.Path, func() any { return wire.EntriesOf(snap, g.EntryIDs) })
}

// Standings returns the group's table, sorted by position.
func (a *API) Standings(w http.ResponseWriter, r *http.Request) error {
	snap, err := a.readable(r)
	if err != nil {
		return err
	}
	g, ok := snap.Group(r.PathValue("groupId"))
	if !ok {
		return reply.NotFound(reply.CodeGroupNotFound)
	}
	return a.snapshotJSON(w, r, snap, r.URL.Path, func() any { return wire.StandingsOf(snap.Standings(g)) })
}
