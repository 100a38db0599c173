package console

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/angelofallars/htmx-go"

	"courtside/app"
	"courtside/handlers/reply"
	"courtside/handlers/views"
	"courtside/templates"
	"courtside/tournament"
)

// ResultForm shows result entry for a running match: a row per set up to what
// the configuration can need, per encounter in league modes; one-tap 1:0 and
// 0:1 with quick entry. The match's history is under it.
func (a *Admin) ResultForm(w http.ResponseWriter, r *http.Request) error {
	snap, m, err := a.ownMatch(r)
	if err != nil {
		return err
	}
	page, err := a.resultPage(r, snap, m, m.Encounters)
	if err != nil {
		return err
	}
	page.Flash = savedFlash(r.Context(), r.URL.Query().Get("saved"))
	if typed := views.TypedScores(r.URL.Query()); len(typed) > 0 && m.State == tournament.MatchRunning {
		// Back from a sign-in: the score typed when the session ended.
		views.KeepTyped(typed, &page)
		page.Flash = templates.T(r.Context(), "You are signed in again, and the score you typed is back: check it, then save.")
	}
	return reply.HTML(w, r, templates.Result(page))
}

func (a *Admin) ownMatch(r *http.Request) (*tournament.Snapshot, *tournament.Match, error) {
	snap, err := a.Own(r)
	if err != nil {
		return nil, nil, err
	}
	m, ok := snap.Match(r.PathValue("matchId"))
	if !ok {
		return nil, nil, reply.NotFound("match")
	}
	return snap, m, nil
}

// resultPage lays the form out for the match's configuration, filled with r.
func (a *Admin) resultPage(req *http.Request, snap *tournament.Snapshot, m *tournament.Match, r tournament.Encounters) (templates.ResultPage, error) {
	g, _ := snap.Group(m.GroupID)
	cfg := snap.Config(m)
	ctx := templates.WithWords(req.Context(), snap.Organizer.Sport.Words(cfg))
	org, _ := a.Store.Organizer(ctx, snap.Tournament.OrganizerID)
	page := templates.ResultPage{Page: a.Layout(req, templates.T(ctx, "Enter result")), Organizer: org.Name, Tournament: snap.Tournament.Name,
		ConsoleHref: "/admin/t/" + snap.Tournament.ID, Match: views.MatchView(ctx, snap, m, true), Rules: views.RulesText(ctx, cfg, len(g.Encounters)),
		Quick: cfg.QuickEntry, Action: "/admin/t/" + snap.Tournament.ID + "/matches/" + m.ID + "/result"}
	page.Amend = amendFor(snap, m)
	page.Encounters = views.EncounterInputs(ctx, g, cfg, r)
	page.Next = nextForCourts(ctx, snap, m)
	audit, err := a.Store.Audit(ctx, snap.Tournament.ID, m.ID)
	if err != nil {
		return page, err
	}
	for _, h := range audit {
		page.History = append(page.History, templates.HistoryRow{At: h.At, By: h.By, Final: h.Final, Old: templates.ResultText(h.Old), New: templates.ResultText(h.New)})
	}
	return page, nil
}

// postedResult reads the result a console form sent for the organizer's
// match, shaped by the match's configuration; ferr is a mistake in the form.
func (a *Admin) postedResult(r *http.Request) (*tournament.Snapshot, *tournament.Match, tournament.Encounters, *tournament.ResultError, error) {
	snap, m, err := a.ownMatch(r)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	if err := r.ParseForm(); err != nil {
		return nil, nil, nil, nil, reply.BadInput(r.Context(), "The form does not read.")
	}
	g, _ := snap.Group(m.GroupID)
	cfg := snap.Config(m)
	result, ferr := views.ParseResult(r, max(len(g.Encounters), 1), max(2*cfg.NumSets-1, 1), cfg.QuickEntry)
	return snap, m, result, ferr, nil
}

// SaveResult saves a live score, or finishes the match after a confirmation
// that shows who won. Mistakes show next to the set at fault; when someone
// else finished the match first, the page says so and shows their result.
func (a *Admin) SaveResult(w http.ResponseWriter, r *http.Request) error {
	snap, m, result, ferr, err := a.postedResult(r)
	if err != nil {
		return err
	}
	show := func(status int, page templates.ResultPage) error { return a.showResult(w, r, status, page) }
	// refused shows the form again as it was sent, with the mistake where it is.
	refused := func(e *tournament.ResultError) error {
		page, err := a.resultPage(r, snap, m, result)
		if err != nil {
			return err
		}
		views.KeepInput(r, &page)
		views.PlaceError(r.Context(), &page, e)
		return show(http.StatusUnprocessableEntity, page)
	}
	if ferr != nil {
		return refused(ferr)
	}
	action := r.PostFormValue("action")
	switch action {
	case "finish": // a second look before the match ends
		return a.confirmResult(r, snap, m, result, refused, show)
	case "edit": // Cancel at the second look: the form as typed, nothing saved
		page, err := a.resultPage(r, snap, m, result)
		if err != nil {
			return err
		}
		views.KeepInput(r, &page)
		return show(http.StatusOK, page)
	}
	final := action == "confirm"
	if !final && action != "live" {
		return reply.BadRequest("action must be live, finish, edit or confirm")
	}
	if done, err := a.writeConsoleResult(r, snap, m, result, final, refused, show); done || err != nil {
		return err
	}
	return a.resultSaved(w, r, final, show)
}

// confirmResult shows who the result makes the winner and asks to finish the match.
func (a *Admin) confirmResult(r *http.Request, snap *tournament.Snapshot, m *tournament.Match, result tournament.Encounters,
	refused func(*tournament.ResultError) error, show func(int, templates.ResultPage) error) error {
	g, _ := snap.Group(m.GroupID)
	cfg := snap.Config(m)
	if err := tournament.ValidateResult(result, cfg, len(g.Encounters), true); err != nil {
		var re *tournament.ResultError
		if errors.As(err, &re) {
			return refused(re)
		}
		return err
	}
	page, err := a.resultPage(r, snap, m, result)
	if err != nil {
		return err
	}
	views.KeepInput(r, &page)
	page.Confirm = confirmText(r.Context(), page.Match, result, cfg)
	return show(http.StatusOK, page)
}

// writeConsoleResult enters the result (app.Results: through the
// tournament application a followed tournament comes from, or here); when
// it was not saved it answers why and reports done.
func (a *Admin) writeConsoleResult(r *http.Request, snap *tournament.Snapshot, m *tournament.Match, result tournament.Encounters, final bool,
	refused func(*tournament.ResultError) error, show func(int, templates.ResultPage) error) (done bool, err error) {
	ctx := r.Context()
	by := reply.Caller(ctx).Name + " (console)"
	_, err = a.Results.Enter(ctx, snap, app.Entry{MatchID: m.ID, Result: result, Final: final, By: by})
	var up *app.UpstreamRefusal
	var re *tournament.ResultError
	switch {
	case errors.Is(err, app.ErrUpstreamDown):
		return true, reply.Status(http.StatusBadGateway, templates.T(ctx, "The tournament application did not answer: nothing was saved."))
	case errors.As(err, &up):
		return true, a.refusedUpstream(r, snap, m, up, refused, show)
	case errors.As(err, &re):
		return true, refused(re)
	case errors.Is(err, tournament.ErrNotRunning):
		return true, a.finishedElsewhere(r, snap.Tournament.ID, m.ID, show)
	case err != nil:
		return true, err
	}
	return false, nil
}

// resultSaved answers a saved result: a plain form goes back to the match,
// htmx gets the result form again as the match is now, with a note.
func (a *Admin) resultSaved(w http.ResponseWriter, r *http.Request, final bool, show func(int, templates.ResultPage) error) error {
	saved := "live"
	if final {
		saved = "final"
	}
	if !htmx.IsHTMX(r) {
		http.Redirect(w, r, r.URL.Path[:len(r.URL.Path)-len("/result")]+"?saved="+saved, http.StatusSeeOther)
		return nil
	}
	snap, m, err := a.ownMatch(r)
	if err != nil {
		return err
	}
	page, err := a.resultPage(r, snap, m, m.Encounters)
	if err != nil {
		return err
	}
	page.Flash = savedFlash(r.Context(), saved)
	return show(http.StatusOK, page)
}

// finishedElsewhere shows the match as someone else left it: who finished it, when, and how.
func (a *Admin) finishedElsewhere(r *http.Request, tournamentID, matchID string, show func(int, templates.ResultPage) error) error {
	snap, m, err := a.ownMatch(r)
	if err != nil {
		return err
	}
	page, err := a.resultPage(r, snap, m, m.Encounters)
	if err != nil {
		return err
	}
	msg := templates.Tf(r.Context(), "This match is %s: nothing was saved.", templates.T(r.Context(), string(m.State)))
	audit, _ := a.Store.Audit(r.Context(), tournamentID, matchID)
	for _, h := range audit {
		if h.Final {
			msg = templates.Tf(r.Context(), "%s finished this match first (%s): %s. Nothing was saved.", h.By, views.Venue(snap.Tournament).Clock(h.At), templates.ResultText(h.New))
			break
		}
	}
	page.FinishedBy = msg
	return show(http.StatusConflict, page)
}

// confirmText asks to finish with the winner named: "Anna wins 2:1. Finish the match?"
func confirmText(ctx context.Context, m templates.MatchView, r tournament.Encounters, cfg tournament.MatchConfiguration) string {
	winner, a, b := views.Outcome(m, r, cfg)
	if winner == "" {
		return templates.Tf(ctx, "A draw, %d:%d. Finish the match?", a, b)
	}
	return templates.Tf(ctx, "%s wins %d:%d. Finish the match?", winner, a, b)
}

// nextForCourts is what the console offers once a match is over: the next
// match of the queue that can go to the courts it freed; nil when its courts
// are taken again or nothing waits.
func nextForCourts(ctx context.Context, snap *tournament.Snapshot, done *tournament.Match) *templates.NextCall {
	if done.State != tournament.MatchPlayed || len(done.CourtIDs) == 0 {
		return nil
	}
	var names []string
	for _, id := range done.CourtIDs {
		c, ok := snap.Court(id)
		if !ok || snap.CourtMatch(id) != nil {
			return nil
		}
		names = append(names, c.Name)
	}
	for _, m := range tournament.Queue(snap.Matches) {
		if snap.Busy(m) {
			continue
		}
		return &templates.NextCall{Match: views.MatchView(ctx, snap, m, true), Courts: done.CourtIDs, Where: strings.Join(names, " + "),
			Action: "/admin/t/" + snap.Tournament.ID + "/matches/" + m.ID + "/call"}
	}
	return nil
}
