package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"courtside/cache"
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
	Store  TournamentReader
	Writes Writer
	// Relay, when set, sends results for followed tournaments upstream.
	Relay ResultRelay
	// Now is the clock results are stamped with.
	Now func() time.Time
}

// Page defaults when a list request leaves limit or offset out.
const (
	DefaultLimit = 25
	MaxLimit     = 100
)

// JSON writes v as a 200 JSON response.
func JSON(w http.ResponseWriter, v any) error {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	return json.NewEncoder(w).Encode(v)
}

// snapshotJSON answers with the JSON of what build returns from the snapshot.
// The body is encoded once per tournament version and key (the resource, whose
// ids the handler has checked), and carries the version as its ETag, so a
// client that polls with If-None-Match gets 304 Not Modified until it changes.
func snapshotJSON(w http.ResponseWriter, r *http.Request, snap *tournament.Snapshot, key string, build func() any) error {
	type rendered struct {
		body []byte
		err  error
	}
	out := tournament.Once(snap, "json/"+key, func() rendered {
		b, err := json.Marshal(build())
		return rendered{append(b, '\n'), err}
	})
	if out.err != nil {
		return out.err
	}
	etag := `"v` + strconv.FormatInt(snap.Version, 10) + `"`
	h := w.Header()
	h.Set("ETag", etag)
	h.Set("Cache-Control", "no-cache")
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	h.Set("Content-Type", "application/json; charset=utf-8")
	_, err := w.Write(out.body)
	return err
}

// readable loads the tournament the caller asks for and checks the caller may
// read it: a private tournament only by its organizer's token (403 FORBIDDEN),
// a public key only tournaments of its sport (others do not exist for it).
func (a *API) readable(r *http.Request) (*tournament.Snapshot, error) {
	snap, err := a.Store.Snapshot(r.Context(), r.PathValue("id"))
	if err != nil {
		return nil, notFoundAs(err, CodeTournamentNotFound)
	}
	k := Caller(r.Context())
	if k.Kind == cache.KindPublic && snap.Organizer.Sport != k.Sport {
		return nil, NotFound(CodeTournamentNotFound)
	}
	if !snap.Tournament.Public && k.Owner() != snap.Tournament.OrganizerID {
		return nil, Forbidden(CodeForbidden)
	}
	return snap, nil
}

// page reads limit and offset (spec 4.1 and 8) and the optional state filter.
func page(r *http.Request) (cache.ListQuery, error) {
	q := cache.ListQuery{Limit: DefaultLimit}
	v := r.URL.Query()
	if s := v.Get("limit"); v.Has("limit") {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > MaxLimit {
			return q, BadRequest("limit must be an integer from 1 to %d", MaxLimit)
		}
		q.Limit = n
	}
	if s := v.Get("offset"); v.Has("offset") {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return q, BadRequest("offset must be an integer of at least 0")
		}
		q.Offset = n
	}
	if s := v.Get("state"); v.Has("state") {
		st, err := tournament.Parse(s, tournament.States)
		if err != nil {
			return q, BadRequest("state must be one of %v", tournament.States)
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
		return false, BadRequest("%s must be true or false", name)
	}
	return b, nil
}
