package console

import (
	"net/http"
	"slices"
	"strconv"
	"strings"

	"courtside/handlers/reply"
	"courtside/handlers/views"
	"courtside/templates"
	"courtside/tournament"
)

// playedListed is how many played matches the list shows at once.
const playedListed = 60

// Played lists the tournament's played matches, newest first, each with a
// link to its page, where the result is corrected. q finds a match by a
// name of either side (or of one of its players) or by its number.
func (a *Admin) Played(w http.ResponseWriter, r *http.Request) error {
	snap, err := a.Own(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	if len(q) > 100 {
		q = q[:100]
	}
	number, _ := strconv.Atoi(strings.TrimPrefix(q, "#"))
	org, _ := a.Store.Organizer(ctx, snap.Tournament.OrganizerID)
	base := "/admin/t/" + snap.Tournament.ID
	page := templates.PlayedPage{Page: a.Layout(r, templates.T(ctx, "Played matches")), Organizer: org.Name, Tournament: snap.Tournament.Name,
		ConsoleHref: base, Action: base + "/played", Query: q}
	found := snap.MatchesWhere(func(m *tournament.Match) bool {
		if m.State != tournament.MatchPlayed {
			return false
		}
		return q == "" || number > 0 && snap.MatchNumber(m.ID) == number || matchNames(m, strings.ToLower(q))
	})
	slices.SortStableFunc(found, func(x, y *tournament.Match) int { return y.EndTime.Compare(x.EndTime.Time) }) // newest first
	for _, m := range found {
		if len(page.Rows) == playedListed {
			page.More++
			continue
		}
		page.Rows = append(page.Rows, templates.PlayedRow{Match: views.MatchView(ctx, snap, m, true), CorrectHref: base + "/matches/" + m.ID})
	}
	return reply.HTML(w, r, templates.Played(page))
}

// matchNames reports whether a side of m, or a player of it, has q (lower case) in its name.
func matchNames(m *tournament.Match, q string) bool {
	for _, e := range m.Entries {
		if e == nil {
			continue
		}
		if strings.Contains(strings.ToLower(e.Name), q) {
			return true
		}
		for _, p := range e.Entries {
			if p != nil && strings.Contains(strings.ToLower(p.Name), q) {
				return true
			}
		}
	}
	return false
}
