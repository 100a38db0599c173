package console

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"

	"github.com/angelofallars/htmx-go"

	"courtside/handlers/reply"
	"courtside/handlers/views"
	"courtside/templates"
	"courtside/tournament"
)

// Console is a tournament's console: its courts with their matches, and the
// matches waiting for a court, each ready to be called to a free one.
func (a *Admin) Console(w http.ResponseWriter, r *http.Request) error {
	snap, err := a.Own(r)
	if err != nil {
		return err
	}
	page := a.ConsolePage(r, snap)
	switch r.URL.Query().Get("done") {
	case "called", "uncalled":
		// the match's card says so, where the page opens
	case "state":
		page.Flash = templates.T(r.Context(), "Saved.")
	case "settled":
		page.Flash = templates.T(r.Context(), "Result saved.")
	case "drawn":
		page.Flash = templates.T(r.Context(), "The draw is published.")
	case "calling":
		page.Flash = templates.T(r.Context(), "Saved.")
	}
	return reply.HTML(w, r, views.Choose(r, templates.Console(page), templates.ConsoleLive(page)))
}

// ConsolePage is the view of a tournament's console: its matches, courts,
// calls and what players reported, for the page and its live part.
func (a *Admin) ConsolePage(r *http.Request, snap *tournament.Snapshot) templates.ConsolePage {
	ctx := r.Context()
	org, _ := a.Store.Organizer(ctx, snap.Tournament.OrganizerID)
	base := "/admin/t/" + snap.Tournament.ID
	page := templates.ConsolePage{Page: a.Layout(r, snap.Tournament.Name), Organizer: org.Name, Tournament: snap.Tournament.Name,
		PublicHref: views.TournamentHref(snap), ScreensHref: base + "/screens", Draws: drawLinks(snap), Final: views.FinalRankings(snap), Poll: templates.Poll{ID: views.LivePart, Href: base, On: !views.Over(snap), Every: 5000, ETag: reply.ETag(r, snap.Version, "console"), Stream: views.LiveHref(snap)}}
	if snap.Tournament.AutoCall && snap.Tournament.State == tournament.StateRunning && snap.Tournament.Mirror == nil {
		page.CallingAction, page.CallingPaused = base+"/calling", snap.Tournament.CallingPaused
	}
	courts := SortedCourts(snap)
	page.CardsHref = base + "/court-cards"
	page.Reports = consoleReports(ctx, snap, courts)
	for _, c := range courts {
		cc := templates.ConsoleCourt{Name: c.Name, Closed: c.Closed}
		if m := snap.CourtMatch(c.ID); m != nil {
			mv := views.MatchView(ctx, snap, m, true)
			cc.Match, cc.ResultHref = &mv, base+"/matches/"+m.ID
			if !m.HasResult() && snap.Tournament.Mirror == nil {
				cc.UncallAction = base + "/matches/" + m.ID + "/uncall"
			}
		} else if !c.Closed {
			page.FreeCourts = append(page.FreeCourts, templates.Option{Value: c.ID, Label: c.Name})
		}
		page.Courts = append(page.Courts, cc)
	}
	now := a.Now()
	for _, m := range snap.Matches {
		waiting := m.State == tournament.MatchOpen && m.Entries[0] != nil && m.Entries[1] != nil
		// A match called a moment ago keeps its place, as a card that says
		// where it went and takes the call back: the finger that called it
		// sees so where it tapped, and no other button slides under it.
		justCalled := m.State == tournament.MatchRunning && !m.HasResult() && !m.StartTime.IsZero() && now.Sub(m.StartTime.Time) <= tournament.UncallWithin
		if (!waiting && !justCalled && m.State != tournament.MatchPaused) || len(page.Queue) >= 40 {
			continue
		}
		if justCalled {
			mv := views.MatchView(ctx, snap, m, true)
			page.Queue = append(page.Queue, templates.QueueItem{Match: mv, Called: strings.Join(mv.Courts, " + "),
				UncallAction: base + "/matches/" + m.ID + "/uncall"})
			continue
		}
		g, _ := snap.Group(m.GroupID)
		page.Queue = append(page.Queue, templates.QueueItem{Match: views.MatchView(ctx, snap, m, true),
			CallAction: base + "/matches/" + m.ID + "/call", StateAction: base + "/matches/" + m.ID + "/state",
			Paused: m.State == tournament.MatchPaused, Skippable: g.Mode.Rules().Skip})
	}
	return page
}

// Call puts a waiting match on the courts chosen.
func (a *Admin) Call(w http.ResponseWriter, r *http.Request) error {
	if err := r.ParseForm(); err != nil {
		return reply.BadInput(r.Context(), "The form does not read.")
	}
	courts := r.PostForm["court"]
	return a.consoleWrite(w, r, "called", func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.CallMatch(r.PathValue("matchId"), courts, a.Now())
	})
}

// Uncall takes a called match back from its court while no point is
// played: the undo of a call, or a court the match cannot be played on.
func (a *Admin) Uncall(w http.ResponseWriter, r *http.Request) error {
	return a.consoleWrite(w, r, "uncalled", func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.UncallMatch(r.PathValue("matchId"), a.Now())
	})
}

// SetState pauses a waiting match, takes it back from pause, or skips it.
func (a *Admin) SetState(w http.ResponseWriter, r *http.Request) error {
	to, err := tournament.Parse(r.FormValue("to"), []tournament.MatchState{tournament.MatchPaused, tournament.MatchOpen, tournament.MatchSkipped})
	if err != nil {
		return reply.BadRequest("to must be paused, open or skipped")
	}
	return a.consoleWrite(w, r, "state", func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.SetMatchState(r.PathValue("matchId"), to, a.Now())
	})
}

// consoleWrite applies a console action. Without JavaScript it answers with a
// redirect to the console (or the console with the refusal); with htmx, with
// the console's live part.
func (a *Admin) consoleWrite(w http.ResponseWriter, r *http.Request, done string, compute func(*tournament.Snapshot) (*tournament.Change, error)) error {
	snap, err := a.Own(r)
	if err != nil {
		return err
	}
	if snap.Tournament.Mirror != nil { // followed: only results go from here to where it runs
		compute = func(*tournament.Snapshot) (*tournament.Change, error) {
			return nil, tournament.Refuse("This tournament runs in the tournament application: call and pause matches there.")
		}
	}
	_, _, err = a.Store.Write(r.Context(), snap, compute)
	var rule *tournament.RuleError
	switch {
	case errors.Is(err, tournament.ErrMatchNotFound):
		return reply.NotFound("match")
	case errors.Is(err, tournament.ErrCourtNotFound):
		return reply.BadInput(r.Context(), "Choose a court of this tournament.")
	case errors.As(err, &rule):
		snap, _ = a.Own(r)
		page := a.ConsolePage(r, snap)
		page.Error = reply.Refusal(r.Context(), rule)
		return reply.HTMLStatus(w, r, http.StatusConflict, views.Choose(r, templates.Console(page), templates.ConsoleLive(page)))
	case err != nil:
		return err
	}
	if !htmx.IsHTMX(r) {
		// Back to the match's place in the queue, where its card says what happened.
		http.Redirect(w, r, "/admin/t/"+snap.Tournament.ID+"?done="+done+"#m-"+r.PathValue("matchId"), http.StatusSeeOther)
		return nil
	}
	snap, err = a.Own(r)
	if err != nil {
		return err
	}
	page := a.ConsolePage(r, snap)
	// A call and its undo say so on the match's own card, where the finger
	// is; a message at the top would push the page down under it.
	page.Flash = map[string]string{"state": templates.T(r.Context(), "Saved."), "calling": templates.T(r.Context(), "Saved.")}[done]
	return reply.HTML(w, r, templates.ConsoleLive(page))
}

// consoleReports lists the courts' reports for the console: disputes (and
// agreed results that could not be saved) first, then the reports waiting
// for the other side, in court order.
func consoleReports(ctx context.Context, snap *tournament.Snapshot, courts []tournament.Court) []templates.ConsoleReport {
	if len(snap.Reports) == 0 {
		return nil
	}
	var out []templates.ConsoleReport
	for _, court := range courts {
		rep := snap.CourtReport(court.ID)
		if rep == nil || len(rep.Reports) == 0 {
			continue
		}
		m, _ := snap.Match(rep.MatchID)
		mv := views.MatchView(ctx, snap, m, true)
		cr := templates.ConsoleReport{Court: court.Name, Match: mv, Disputed: rep.Disputed(), Agreed: rep.Agreed,
			Action: "/admin/t/" + snap.Tournament.ID + "/courts/" + court.ID + "/settle"}
		for i, d := range rep.Reports {
			if i > 0 && tournament.SameResult(d.Result, rep.Reports[0].Result) {
				continue
			}
			cr.Choices = append(cr.Choices, templates.ReportChoice{Index: i, Text: templates.ResultText(d.Result), Wins: views.WinsText(ctx, mv, d.Result, snap.Config(m))})
		}
		out = append(out, cr)
	}
	slices.SortStableFunc(out, func(a, b templates.ConsoleReport) int {
		urgent := func(r templates.ConsoleReport) bool { return r.Disputed || r.Agreed }
		switch {
		case urgent(a) == urgent(b):
			return 0
		case urgent(a):
			return -1
		}
		return 1
	})
	return out
}

// SortedCourts are the tournament's courts by number.
func SortedCourts(snap *tournament.Snapshot) []tournament.Court {
	courts := slices.Clone(snap.Tournament.Courts)
	slices.SortFunc(courts, func(a, b tournament.Court) int { return cmp.Compare(a.Number, b.Number) })
	return courts
}
