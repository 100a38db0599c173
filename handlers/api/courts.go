package api

import (
	"net/http"
	"strconv"

	"courtside/handlers/reply"
	"courtside/tournament"
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
		out := make([]tournament.CourtJSON, len(snap.Tournament.Courts))
		for i := range snap.Tournament.Courts {
			out[i] = snap.CourtJSON(&snap.Tournament.Courts[i], details, tournament.FormCourtList)
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
		return snap.CourtJSON(c, details, tournament.FormCourt)
	})
}
