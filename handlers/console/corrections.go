package console

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/angelofallars/htmx-go"

	"courtside/app"
	"courtside/handlers/reply"
	"courtside/handlers/views"
	"courtside/templates"
	"courtside/tournament"
)

// followedRefusal is why a followed tournament takes no corrections or walkovers
// from here: the tournament application decides them, and would overwrite ours.
const followedRefusal = "This tournament runs in the tournament application: correct results and give walkovers there."

// changedRefusal is a correction confirmed against a result someone else changed meanwhile.
const changedRefusal = "Someone changed this result meanwhile: it is %s now. Check it, then correct again."

// CorrectResult changes the result of a played match after a confirmation
// that names the winner the new result gives. The engine refuses while a
// match depending on the result has started; the page says which one and
// keeps what was typed. A confirmation counts only for the result it was
// shown against (the form's rev): two organizers correcting the same match
// do not overwrite each other unseen.
func (a *Admin) CorrectResult(w http.ResponseWriter, r *http.Request) error {
	snap, m, result, ferr, err := a.postedResult(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	g, _ := snap.Group(m.GroupID)
	cfg := snap.Config(m)
	// again shows the correction form as it was sent, open, with status and what to say.
	again := func(status int, say func(*templates.ResultPage)) error {
		page, err := a.resultPage(r, snap, m, result)
		if err != nil {
			return err
		}
		views.KeepInput(r, &page)
		page.Amend.Open = true
		say(&page)
		return a.showResult(w, r, status, page)
	}
	if snap.Tournament.Mirror != nil {
		return again(http.StatusConflict, func(p *templates.ResultPage) { p.Amend.Error = templates.Reason(ctx, followedRefusal) })
	}
	if ferr == nil {
		if err := tournament.ValidateResult(result, cfg, len(g.Encounters), true); err != nil && !errors.As(err, &ferr) {
			return err
		}
	}
	if ferr != nil {
		return again(http.StatusUnprocessableEntity, func(p *templates.ResultPage) { views.PlaceError(ctx, p, ferr) })
	}
	switch r.PostFormValue("action") {
	case "correct": // a second look before the result changes, saying what it draws again
		by := reply.Caller(ctx).Name + " (console)"
		c, err := snap.CorrectResult(m.ID, result, a.Now(), by)
		var rule *tournament.RuleError
		if errors.As(err, &rule) {
			return again(http.StatusConflict, func(p *templates.ResultPage) { p.Amend.Error = reply.Refusal(ctx, rule) })
		}
		return again(http.StatusOK, func(p *templates.ResultPage) {
			p.Amend.Confirm = correctText(ctx, p.Match, result, cfg)
			if c == nil {
				return
			}
			if say := redrawText(ctx, c.Redraws(snap)); say != "" {
				p.Amend.Confirm += " " + say
			}
		})
	case "confirm":
	default:
		return reply.BadRequest("action must be correct or confirm")
	}
	by := reply.Caller(ctx).Name + " (console)"
	seen, _ := strconv.Atoi(r.PostFormValue("rev"))
	err = a.Corrections.Correct(ctx, snap, m.ID, result, seen, by)
	switch {
	case errors.Is(err, tournament.ErrMatchNotFound):
		return reply.NotFound("match")
	case errors.As(err, &ferr):
		return again(http.StatusUnprocessableEntity, func(p *templates.ResultPage) { views.PlaceError(ctx, p, ferr) })
	case refusedAmend(err):
		refusal := amendRefusal(ctx, err)
		if snap, m, err = a.ownMatch(r); err != nil { // the page shows the match as it is now, and confirms against it
			return err
		}
		return again(http.StatusConflict, func(p *templates.ResultPage) { p.Amend.Error = refusal })
	case err != nil:
		return err
	}
	return a.amended(w, r, "corrected")
}

// Walkover ends an open or running match for the side chosen, as a walkover
// or a retirement, after a confirmation that names the winner.
func (a *Admin) Walkover(w http.ResponseWriter, r *http.Request) error {
	snap, m, err := a.ownMatch(r)
	if err != nil {
		return err
	}
	side, err := strconv.Atoi(r.PostFormValue("side"))
	if err != nil || side != 0 && side != 1 {
		return reply.BadRequest("side must be 0 or 1")
	}
	ctx := r.Context()
	again := func(status int, say func(*templates.ResultPage)) error {
		page, err := a.resultPage(r, snap, m, m.Encounters)
		if err != nil {
			return err
		}
		page.Amend.Open = true
		say(&page)
		return a.showResult(w, r, status, page)
	}
	if snap.Tournament.Mirror != nil {
		return again(http.StatusConflict, func(p *templates.ResultPage) { p.Amend.Error = templates.Reason(ctx, followedRefusal) })
	}
	switch r.PostFormValue("action") {
	case "walkover": // a second look before the match ends
		return again(http.StatusOK, func(p *templates.ResultPage) {
			p.Amend.Confirm = templates.Tf(ctx, "%s wins by walkover against %s. End the match?", templates.SideName(p.Match.Sides[side]), templates.SideName(p.Match.Sides[1-side]))
			p.Amend.Side = side
		})
	case "confirm":
	default:
		return reply.BadRequest("action must be walkover or confirm")
	}
	by := reply.Caller(ctx).Name + " (console)"
	err = a.Corrections.Walkover(ctx, snap, m.ID, side, by)
	switch {
	case errors.Is(err, tournament.ErrMatchNotFound):
		return reply.NotFound("match")
	case refusedAmend(err):
		refusal := amendRefusal(ctx, err)
		snap, m, err = a.ownMatch(r) // show the match as it is now: someone may have finished it
		if err != nil {
			return err
		}
		return again(http.StatusConflict, func(p *templates.ResultPage) { p.Amend.Error = refusal })
	case err != nil:
		return err
	}
	return a.amended(w, r, "walkover")
}

// refusedAmend reports whether a correction or walkover was refused for a
// reason the page states next to its form: the tournament is followed, the
// result changed meanwhile, or the rules refuse.
func refusedAmend(err error) bool {
	var changed *app.ChangedError
	var rule *tournament.RuleError
	return errors.Is(err, app.ErrFollowed) || errors.As(err, &changed) || errors.As(err, &rule)
}

// amendRefusal says why a correction or walkover was refused, in the page's language.
func amendRefusal(ctx context.Context, err error) string {
	var changed *app.ChangedError
	switch {
	case errors.Is(err, app.ErrFollowed):
		return templates.Reason(ctx, followedRefusal)
	case errors.As(err, &changed):
		return templates.Reason(ctx, changedRefusal, templates.ResultText(changed.Now))
	}
	return reply.Refusal(ctx, err)
}

// amendFor says where the page's correction and walkover forms post, and
// whether they are offered at all.
func amendFor(snap *tournament.Snapshot, m *tournament.Match) templates.Amend {
	match := "/admin/t/" + snap.Tournament.ID + "/matches/" + m.ID
	return templates.Amend{CorrectAction: match + "/correct", WalkoverAction: match + "/walkover", Rev: m.Rev,
		Followed: snap.Tournament.Mirror != nil, Walkover: m.Entries[0] != nil && m.Entries[1] != nil}
}

// showResult answers with the result page, or with its panel for htmx.
func (a *Admin) showResult(w http.ResponseWriter, r *http.Request, status int, page templates.ResultPage) error {
	if htmx.IsHTMX(r) {
		return reply.HTMLStatus(w, r, status, templates.ResultPanel(page))
	}
	return reply.HTMLStatus(w, r, status, templates.Result(page))
}

// amended answers a correction or walkover that was saved: without
// JavaScript a redirect to the match's page, with htmx its panel.
func (a *Admin) amended(w http.ResponseWriter, r *http.Request, saved string) error {
	if !htmx.IsHTMX(r) {
		http.Redirect(w, r, "/admin/t/"+r.PathValue("id")+"/matches/"+r.PathValue("matchId")+"?saved="+saved, http.StatusSeeOther)
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
	return a.showResult(w, r, http.StatusOK, page)
}

// savedFlash says what a saved write did, by the ?saved= it redirects with.
func savedFlash(ctx context.Context, saved string) string {
	switch saved {
	case "live":
		return templates.T(ctx, "Live score saved.")
	case "final":
		return templates.T(ctx, "Match finished.")
	case "corrected":
		return templates.T(ctx, "Result corrected.")
	case "walkover":
		return templates.T(ctx, "Match ended by walkover.")
	}
	return ""
}

// correctText asks to correct with the winner named: "Now Anna wins 2:1. Correct the result?"
func correctText(ctx context.Context, m templates.MatchView, r tournament.Encounters, cfg tournament.MatchConfiguration) string {
	winner, a, b := views.Outcome(m, r, cfg)
	if winner == "" {
		return templates.Tf(ctx, "Now a draw, %d:%d. Correct the result?", a, b)
	}
	return templates.Tf(ctx, "Now %s wins %d:%d. Correct the result?", winner, a, b)
}

// redrawText says what a correction draws again: "Round 3 is drawn again
// from the corrected standings: its 4 matches are taken away, 2 of them
// called (Table 1, Table 3), which are taken back."
func redrawText(ctx context.Context, rd tournament.Redraw) string {
	var what []string
	for _, n := range rd.Rounds {
		what = append(what, templates.RoundName(ctx, n))
	}
	if rd.Stage != "" {
		what = append(what, rd.Stage)
	}
	if len(what) == 0 {
		return ""
	}
	say := templates.Tf(ctx, "%s will be drawn again from the corrected standings: %d matches are taken away.", strings.Join(what, ", "), rd.Matches)
	if rd.Matches == 1 {
		say = templates.Tf(ctx, "%s will be drawn again from the corrected standings: its match is taken away.", strings.Join(what, ", "))
	}
	courts := strings.Join(rd.Courts, ", ")
	switch {
	case rd.Called == 1 && rd.Matches == 1:
		say += " " + templates.Tf(ctx, "It had been called (%s): it is taken back.", courts)
	case rd.Called == 1:
		say += " " + templates.Tf(ctx, "One of them had been called (%s): it is taken back.", courts)
	case rd.Called > 1:
		say += " " + templates.Tf(ctx, "%d of them had been called (%s): they are taken back.", rd.Called, courts)
	}
	return say
}
