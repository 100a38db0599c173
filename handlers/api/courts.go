package api

import (
	"courtside/wire"
	"net/http"
	"strconv"

	"courtside/handlers/reply"
)

// Courts lists the tournament's courts, with their current matches when asked.
func (a *API) Courts(w http.ResponseWriter, r *http.Request) error {
	details, err := flag(r, "includeMatchDetails")
	if err != nil {
		return err
	}
	snap, err := a.readable(r)
	if err != nil {
		return err
	}
	return a.snapshotJSON(w, r, snap, r.URL.Path+"?details="+strconv.FormatBool(details), func() any {
		out := make([]wire.Court, len(snap.Tournament.Courts))
		for i := range snap.Tournament.Courts {
			out[i] = wire.CourtOf(snap, &snap.Tournament.Courts[i], details, wire.FormCourtList)
		}
		return out
	})
}

// Court returns one court.
func (a *API) Court(w http.ResponseWriter, r *http.Request) error {
	details, err := flag(r, "includeMatchDetails")
	if err != nil {
		return err
	}
	snap, err := a.readable(r)
	if err != nil {
		return err
	}
	c, ok := snap.Court(r.PathValue("courtId"))
	if !ok {
		return reply.NotFound(reply.CodeCourtNotFound)
	}
	return a.snapshotJSON(w, r, snap, r.URL.Path+"?details="+strconv.FormatBool(details), func() any {
		return wire.CourtOf(snap, c, details, wire.FormCourt)
	})
}
