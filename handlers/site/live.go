package site

import (
	"net/http"

	"courtside/app"
	"courtside/handlers/reply"
	"courtside/handlers/views"
	"courtside/live"
	"courtside/tournament"
)

// Live streams the changes of a tournament the visitor may see (a shared
// one, or a private one to its organizer's logins): the stream that the live
// parts of its pages, boards, TVs, screens and console follow.
func (p *Pages) Live(w http.ResponseWriter, r *http.Request) error {
	snap, err := p.Shared(r)
	if err != nil {
		return err
	}
	return reply.Stream(w, r, p.Streams, live.Topic{ID: snap.Tournament.ID, Version: snap.Version})
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
	return reply.Stream(w, r, rp.Pages.Streams, seriesTopics(st, se)...)
}

// seriesTopics are the tournaments of the series' parts (as the visitor may
// see them), each once, in the order of the parts.
func seriesTopics(st *app.RankingState, se *tournament.Series) []live.Topic {
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
	return views.SeriesHref(org, se.ID) + "/live?v=" + live.VersionID(versions...)
}
