package api

import (
	"courtside/wire"
	"net/http"

	"courtside/cache"
	"courtside/handlers/reply"
)

// Hello answers the authentication test: the key's sport and whom it speaks for.
func (a *API) Hello(w http.ResponseWriter, r *http.Request) error {
	k := reply.Caller(r.Context())
	return reply.JSON(w, map[string]string{"sport": string(k.Sport), "sub": k.Owner()})
}

// Organizers lists the organizers by name; a public key sees those of its sport.
func (a *API) Organizers(w http.ResponseWriter, r *http.Request) error {
	q, err := page(r)
	if err != nil {
		return err
	}
	all, err := a.Store.Organizers(r.Context())
	if err != nil {
		return err
	}
	k := reply.Caller(r.Context())
	out := []wire.Organizer{}
	for _, o := range all {
		if !k.Sees(o.Sport) {
			continue
		}
		out = append(out, wire.OrganizerOf(o))
	}
	return reply.JSON(w, out[min(q.Offset, len(out)):min(q.Offset+q.Limit, len(out))])
}

// OrganizerTournaments lists what the organizer shares on its result page.
func (a *API) OrganizerTournaments(w http.ResponseWriter, r *http.Request) error {
	q, err := page(r)
	if err != nil {
		return err
	}
	org, err := a.Store.Organizer(r.Context(), r.PathValue("organizerId"))
	if err != nil {
		return reply.NotFoundAs(err, reply.CodeOrganizerNotFound)
	}
	if k := reply.Caller(r.Context()); !k.Sees(org.Sport) {
		return reply.NotFound(reply.CodeOrganizerNotFound)
	}
	q.SharedOnly = true
	return a.list(w, r, org.ID, q)
}

// Tournaments lists the caller's own tournaments, private ones included. API tokens only.
func (a *API) Tournaments(w http.ResponseWriter, r *http.Request) error {
	q, err := page(r)
	if err != nil {
		return err
	}
	k := reply.Caller(r.Context())
	if !k.SetsResults() {
		return reply.Forbidden(reply.CodeAccountTokenRequired)
	}
	return a.list(w, r, k.OrganizerID, q)
}

func (a *API) list(w http.ResponseWriter, r *http.Request, orgID string, q cache.ListQuery) error {
	snaps, err := a.Store.Tournaments(r.Context(), orgID, q)
	if err != nil {
		return err
	}
	out := make([]wire.ListItem, len(snaps))
	for i, s := range snaps {
		out[i] = wire.ListItemOf(s)
	}
	return reply.JSON(w, out)
}

// Tournament returns one tournament.
func (a *API) Tournament(w http.ResponseWriter, r *http.Request) error {
	snap, err := a.readable(r)
	if err != nil {
		return err
	}
	return a.snapshotJSON(w, r, snap, r.URL.Path, func() any { return wire.TournamentOf(snap.Tournament) })
}
