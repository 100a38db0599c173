package views

import (
	"context"
	"net/http"

	"github.com/a-h/templ"
	"github.com/angelofallars/htmx-go"

	"courtside/templates"
	"courtside/tournament"
)

// LivePart is the id of the polling part of a page (templates.Poller).
const LivePart = "live"

// InSport makes the rest of a request about snap's tournament speak its
// sport's words (templates.WithSport): its handler reads r's context after
// loading the tournament, so the context is set on r itself.
func InSport(r *http.Request, snap *tournament.Snapshot) {
	*r = *r.WithContext(templates.WithSport(r.Context(), snap.Organizer.Sport))
}

// Over reports whether the tournament is finished or cancelled: its pages stop polling.
func Over(snap *tournament.Snapshot) bool {
	return snap.Tournament.State == tournament.StateFinished || snap.Tournament.State == tournament.StateCancelled
}

// PartOf is which part of a page the request asks for: the live part when htmx polls for it.
func PartOf(r *http.Request) string {
	if target, _ := htmx.GetTarget(r); htmx.IsHTMX(r) && target == LivePart {
		return LivePart
	}
	return "page"
}

// Choose picks the component the request asks for.
func Choose(r *http.Request, full, live templ.Component) templ.Component {
	if PartOf(r) == LivePart {
		return live
	}
	return full
}

// WinsText says who a result makes the winner: "Anna wins 7:5", "a draw, 3:3".
func WinsText(ctx context.Context, m templates.MatchView, r tournament.Encounters, cfg tournament.MatchConfiguration) string {
	winner, a, b := Outcome(m, r, cfg)
	if winner == "" {
		return templates.Tf(ctx, "a draw, %d:%d", a, b)
	}
	return templates.Tf(ctx, "%s wins %d:%d", winner, a, b)
}
