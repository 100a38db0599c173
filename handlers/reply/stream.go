package reply

import (
	"errors"
	"net/http"

	"courtside/live"
	"courtside/templates"
	"courtside/tournament"
)

// Streams push a page's changes to it as they happen (live.Hub): a stream
// names the topics it follows and the versions the page shows.
type Streams interface {
	Serve(w http.ResponseWriter, r *http.Request, topics []live.Topic) error
}

// Stream serves the topics' stream, or says why not: a limit (the page
// polls meanwhile), or a server that cannot hear of every change now. A
// face's handler checks first that the request may see the topics.
func Stream(w http.ResponseWriter, r *http.Request, s Streams, topics ...live.Topic) error {
	if s == nil {
		return NotFound("page")
	}
	ctx := r.Context()
	var refused *live.Refused
	switch err := s.Serve(w, r, topics); {
	case errors.As(err, &refused) && refused.PerClient:
		return &Problem{Status: refused.Status, Header: http.Header{"Retry-After": {"60"}},
			Message: templates.Reason(ctx, "Too many live pages are open from your address: at most %d (limit %q). This page refreshes every few seconds instead.", refused.Limit, tournament.LimitLiveStreamsPerClient)}
	case errors.As(err, &refused):
		return &Problem{Status: refused.Status, Header: http.Header{"Retry-After": {"60"}},
			Message: templates.Reason(ctx, "This server has as many live pages open as it takes: %d (limit %q). This page refreshes every few seconds instead.", refused.Limit, tournament.LimitLiveStreams)}
	case errors.Is(err, live.ErrClosed), errors.Is(err, live.ErrDeaf):
		return &Problem{Status: http.StatusServiceUnavailable, Header: http.Header{"Retry-After": {"5"}},
			Message: templates.T(ctx, "Live updates are paused for a moment. This page refreshes every few seconds instead.")}
	default:
		return err
	}
}
