package handlers

import (
	"errors"
	"net/http"
	"strconv"

	"courtside/live"
	"courtside/templates"
	"courtside/tournament"
)

// Streams push a page's changes to it as they happen (live.Hub): a stream
// names the topics it follows and the versions the page shows.
type Streams interface {
	Serve(w http.ResponseWriter, r *http.Request, topics []live.Topic) error
}

// Live streams the changes of a tournament the visitor may see (a shared
// one, or a private one to its organizer's logins): the stream that the live
// parts of its pages, boards, TVs, screens and console follow.
func (p *Pages) Live(w http.ResponseWriter, r *http.Request) error {
	snap, err := p.shared(r)
	if err != nil {
		return err
	}
	return stream(w, r, p.Streams, live.Topic{ID: snap.Tournament.ID, Version: snap.Version})
}

// liveHref is the address of the tournament's stream for a page that shows
// its version now.
func liveHref(snap *tournament.Snapshot) string {
	return tournamentHref(snap) + "/live?v=" + strconv.FormatInt(snap.Version, 10)
}

// stream serves the topics' stream, or says why not: a limit (the page
// polls meanwhile), or the server that cannot hear of every change now.
func stream(w http.ResponseWriter, r *http.Request, s Streams, topics ...live.Topic) error {
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

// SeriesLive streams the changes of the series' tournaments that the
// visitor may see: the stream its table (page and TV) follows.
func (rp *RankingPages) SeriesLive(w http.ResponseWriter, r *http.Request) error {
	_, st, err := rp.rankingsOf(r)
	if err != nil {
		return err
	}
	se, _, err := rp.seriesFor(r, st)
	if err != nil {
		return err
	}
	return stream(w, r, rp.Pages.Streams, seriesTopics(st, se)...)
}

// seriesTopics are the tournaments of the series' parts (as the visitor may
// see them), each once, in the order of the parts.
func seriesTopics(st *RankingState, se *tournament.Series) []live.Topic {
	var topics []live.Topic
	seen := map[string]bool{}
	for _, part := range se.Parts {
		s := st.ByID[part.TournamentID]
		if s == nil || seen[part.TournamentID] {
			continue
		}
		seen[part.TournamentID] = true
		topics = append(topics, live.Topic{ID: part.TournamentID, Version: s.Version})
	}
	return topics
}

// seriesLiveHref is the address of the series' stream for a table that
// shows its tournaments at the topics' versions.
func seriesLiveHref(org tournament.Organizer, se *tournament.Series, topics []live.Topic) string {
	versions := make([]int64, len(topics))
	for i, t := range topics {
		versions[i] = t.Version
	}
	return seriesHref(org, se.ID) + "/live?v=" + live.VersionID(versions...)
}

// Live streams the changes of the tournament of a court card's court: the
// stream its court page follows.
func (c *CourtReports) Live(w http.ResponseWriter, r *http.Request) error {
	snap, _, err := c.court(r)
	if err != nil {
		return err
	}
	return stream(w, r, c.Streams, live.Topic{ID: snap.Tournament.ID, Version: snap.Version})
}
