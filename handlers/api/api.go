// Package api is the Tournament Public API's face (spec section 9) and
// Courtside's own beside it (rankings, webhooks), plus the calls an upstream
// makes and the health checks: JSON in and out, one file per resource.
package api

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"

	"courtside/app"
	"courtside/cache"
	"courtside/handlers/reply"
	"courtside/tournament"
)

// TournamentReader is what the read API needs from the store.
type TournamentReader interface {
	Snapshot(ctx context.Context, id string) (*tournament.Snapshot, error)
	Tournaments(ctx context.Context, organizerID string, q cache.ListQuery) ([]*tournament.Snapshot, error)
	Organizer(ctx context.Context, id string) (tournament.Organizer, error)
	Organizers(ctx context.Context) ([]tournament.Organizer, error)
}

// API serves the Tournament Public API.
type API struct {
	Store   TournamentReader
	Renders reply.Renders
	// Results enters the results keys send: here, or in the tournament
	// application a followed tournament runs in.
	Results *app.Results
}

// Page defaults when a list request leaves limit or offset out.
const (
	DefaultLimit = 25
	MaxLimit     = 100
)

// snapshotJSON answers with the JSON of what build returns from the snapshot.
// key names the resource within the tournament and must be made only of what
// the handler has checked (the route's path with ids that exist, canonical
// flags): the body is encoded once per tournament version and key, and
// carries the version as its ETag, so a client that polls with If-None-Match
// gets 304 Not Modified until it changes. The caller has checked that the
// key may read the tournament (readable) before any ETag is compared.
func (a *API) snapshotJSON(w http.ResponseWriter, r *http.Request, snap *tournament.Snapshot, key string, build func() any) error {
	tag := `"v` + strconv.FormatInt(snap.Version, 10) + `"`
	h := w.Header()
	h["Cache-Control"] = reply.NoCache
	if reply.NotModified(w, r, tag) {
		return nil
	}
	out, err := a.Renders.Render(r.Context(), reply.RenderKey{Tournament: snap.Tournament.ID, Version: snap.Version, Part: "api", Params: key},
		func(context.Context) (reply.Rendered, error) {
			b, err := json.Marshal(build())
			return reply.Rendered{Body: slices.Concat(b, []byte{'\n'})}, err // of its own size: it is kept
		})
	if err != nil {
		return err
	}
	h["Etag"] = []string{tag}
	h["Content-Type"] = jsonType
	return reply.Send(w, r, out)
}

// jsonType is the Content-Type of every API body.
var jsonType = []string{"application/json; charset=utf-8"}

// readable loads the tournament the caller asks for and checks the caller may
// read it: a private tournament only by its organizer's token (403 FORBIDDEN),
// a public key only tournaments of its sport (others do not exist for it).
func (a *API) readable(r *http.Request) (*tournament.Snapshot, error) {
	snap, err := a.Store.Snapshot(r.Context(), r.PathValue("id"))
	if err != nil {
		return nil, reply.NotFoundAs(err, reply.CodeTournamentNotFound)
	}
	k := reply.Caller(r.Context())
	if !k.Sees(snap.Organizer.Sport) {
		return nil, reply.NotFound(reply.CodeTournamentNotFound)
	}
	if !k.Reads(snap.Tournament) {
		return nil, reply.Forbidden(reply.CodeForbidden)
	}
	return snap, nil
}

// page reads limit and offset (spec 4.1 and 8) and the optional state filter.
func page(r *http.Request) (cache.ListQuery, error) {
	var q cache.ListQuery
	var err error
	if q.Limit, err = reply.QueryInt(r, "limit", 1, MaxLimit, DefaultLimit); err != nil {
		return q, err
	}
	if q.Offset, err = reply.QueryInt(r, "offset", 0, reply.MaxOffset, 0); err != nil {
		return q, err
	}
	v := r.URL.Query()
	if s := v.Get("state"); v.Has("state") {
		st, err := tournament.Parse(s, tournament.States)
		if err != nil {
			return q, reply.BadRequest("state must be one of %v", tournament.States)
		}
		q.State = st
	}
	return q, nil
}

// flag reads an optional boolean query parameter.
func flag(r *http.Request, name string) (bool, error) {
	v := r.URL.Query()
	if !v.Has(name) {
		return false, nil
	}
	b, err := strconv.ParseBool(v.Get(name))
	if err != nil {
		return false, reply.BadRequest("%s must be true or false", name)
	}
	return b, nil
}
