package handlers

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/angelofallars/htmx-go"

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
	return html(w, r, templates.Result(page))
}

func (a *Admin) ownMatch(r *http.Request) (*tournament.Snapshot, *tournament.Match, error) {
	snap, err := a.own(r)
	if err != nil {
		return nil, nil, err
	}
	m, ok := snap.Match(r.PathValue("matchId"))
	if !ok {
		return nil, nil, NotFound("match")
	}
	return snap, m, nil
}

// resultPage lays the form out for the match's configuration, filled with r.
func (a *Admin) resultPage(req *http.Request, snap *tournament.Snapshot, m *tournament.Match, r tournament.Encounters) (templates.ResultPage, error) {
	g, _ := snap.Group(m.GroupID)
	cfg := snap.Config(m)
	ctx := templates.WithWords(req.Context(), snap.Organizer.Sport.Words(cfg))
	org, _ := a.Store.Organizer(ctx, snap.Tournament.OrganizerID)
	page := templates.ResultPage{Page: a.page(req, templates.T(ctx, "Enter result")), Organizer: org.Name, Tournament: snap.Tournament.Name,
		ConsoleHref: "/admin/t/" + snap.Tournament.ID, Match: matchView(ctx, snap, m, true), Rules: rules(ctx, cfg, len(g.Encounters)),
		Quick: cfg.QuickEntry, Action: "/admin/t/" + snap.Tournament.ID + "/matches/" + m.ID + "/result"}
	page.Amend = amendFor(snap, m)
	page.Encounters = encounterInputs(ctx, g, cfg, r)
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

// encounterInputs lays out a result's inputs for the match configuration: a
// row per set up to what it can need, per encounter in league modes; filled with r.
func encounterInputs(ctx context.Context, g *tournament.Group, cfg tournament.MatchConfiguration, r tournament.Encounters) []templates.EncounterInput {
	var out []templates.EncounterInput
	for e := range max(len(g.Encounters), 1) {
		ei := templates.EncounterInput{}
		if len(g.Encounters) > 1 {
			ei.Name = fmt.Sprintf("%d. %s", e+1, g.Encounters[e])
		}
		set := templates.T(ctx, "Set") // a leg of darts in legs, a set of darts in sets (WithWords)
		sets := max(2*cfg.NumSets-1, 1)
		for k := range sets {
			label := set + " " + strconv.Itoa(k+1)
			if sets == 1 {
				label = set // one game to 13: no "Game 1" of one
			}
			si := templates.SetInput{Label: label,
				Names: [2]string{field(e, k, 0), field(e, k, 1)}, QuickName: quickField(e, k)}
			if e < len(r) && k < len(r[e]) {
				s := r[e][k]
				si.Values = [2]string{strconv.Itoa(s[0]), strconv.Itoa(s[1])}
				if s == (tournament.Set{1, 0}) || s == (tournament.Set{0, 1}) {
					si.Quick = fmt.Sprintf("%d:%d", s[0], s[1])
				}
			}
			ei.Sets = append(ei.Sets, si)
		}
		out = append(out, ei)
	}
	return out
}

func field(e, k, side int) string { return fmt.Sprintf("s.%d.%d.%d", e, k, side) }
func quickField(e, k int) string  { return fmt.Sprintf("q.%d.%d", e, k) }

// rules says in a line how the match is won: by the name of the sport's
// format it is played by ("Best of 5 legs"), or by its numbers.
func rules(ctx context.Context, cfg tournament.MatchConfiguration, encounters int) string {
	var parts []string
	f, named := templates.SportOf(ctx).FormatOf(cfg)
	switch {
	case named:
		parts = append(parts, templates.T(ctx, f.Name))
	case cfg.QuickEntry && cfg.NumSets <= 1:
		parts = append(parts, templates.T(ctx, "quick entry"))
	case cfg.QuickEntry:
		parts = append(parts, templates.Tf(ctx, "quick entry, %d won sets", cfg.NumSets))
	case cfg.NumSets <= 1:
		parts = append(parts, templates.Tf(ctx, "one set to %d", cfg.NumPoints))
	default:
		parts = append(parts, templates.Tf(ctx, "%d won sets to %d", cfg.NumSets, cfg.NumPoints))
	}
	if cfg.TwoAhead {
		parts = append(parts, templates.T(ctx, "two ahead"))
	}
	if cfg.Draw {
		parts = append(parts, templates.T(ctx, "draw allowed"))
	}
	if encounters > 1 {
		parts = append(parts, templates.Tf(ctx, "%d encounters", encounters))
	}
	return strings.Join(parts, ", ")
}

// parseResult reads the form's sets into a result: each encounter's sets in
// order, up to the first empty one; a set needs both scores.
func parseResult(r *http.Request, encounters, maxSets int, quick bool) (tournament.Encounters, *tournament.ResultError) {
	var out tournament.Encounters
	for e := range encounters {
		var sets []tournament.Set
		ended := false
		for k := range maxSets {
			var s tournament.Set
			filled := false
			if quick {
				switch r.PostFormValue(quickField(e, k)) {
				case "1:0":
					s, filled = tournament.Set{1, 0}, true
				case "0:1":
					s, filled = tournament.Set{0, 1}, true
				}
			} else {
				a, b := strings.TrimSpace(r.PostFormValue(field(e, k, 0))), strings.TrimSpace(r.PostFormValue(field(e, k, 1)))
				if a != "" || b != "" {
					if a == "" || b == "" {
						return nil, &tournament.ResultError{Encounter: e + 1, Set: k + 1, Message: tournament.Message{Format: "enter both scores"}}
					}
					x, errA := strconv.Atoi(a)
					y, errB := strconv.Atoi(b)
					if errA != nil || errB != nil || x < 0 || y < 0 {
						return nil, &tournament.ResultError{Encounter: e + 1, Set: k + 1, Message: tournament.Message{Format: "scores are whole numbers from 0"}}
					}
					s, filled = tournament.Set{x, y}, true
				}
			}
			switch {
			case filled && ended:
				return nil, &tournament.ResultError{Encounter: e + 1, Set: k + 1, Message: tournament.Message{Format: "fill the sets in order"}}
			case filled:
				sets = append(sets, s)
			default:
				ended = true
			}
		}
		if len(sets) == 0 {
			for later := e + 1; later < encounters; later++ {
				if r.PostFormValue(field(later, 0, 0)) != "" || r.PostFormValue(quickField(later, 0)) != "" {
					return nil, &tournament.ResultError{Encounter: e + 1, Message: tournament.Message{Format: "fill the encounters in order"}}
				}
			}
			break
		}
		out = append(out, sets)
	}
	if len(out) == 0 {
		return nil, &tournament.ResultError{Encounter: 1, Set: 1, Message: tournament.Message{Format: "enter a score"}}
	}
	return out, nil
}

// postedResult reads the result a console form sent for the organizer's
// match, shaped by the match's configuration; ferr is a mistake in the form.
func (a *Admin) postedResult(r *http.Request) (*tournament.Snapshot, *tournament.Match, tournament.Encounters, *tournament.ResultError, error) {
	snap, m, err := a.ownMatch(r)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	if err := r.ParseForm(); err != nil {
		return nil, nil, nil, nil, badInput(r.Context(), "The form does not read.")
	}
	g, _ := snap.Group(m.GroupID)
	cfg := snap.Config(m)
	result, ferr := parseResult(r, max(len(g.Encounters), 1), max(2*cfg.NumSets-1, 1), cfg.QuickEntry)
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
		keepInput(r, &page)
		place(r.Context(), &page, e)
		return show(http.StatusUnprocessableEntity, page)
	}
	if ferr != nil {
		return refused(ferr)
	}
	action := r.PostFormValue("action")
	if action == "finish" { // a second look before the match ends
		return a.confirmResult(r, snap, m, result, refused, show)
	}
	final := action == "confirm"
	if !final && action != "live" {
		return BadRequest("action must be live, finish or confirm")
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
	keepInput(r, &page)
	page.Confirm = confirmText(r.Context(), page.Match, result, cfg)
	return show(http.StatusOK, page)
}

// writeConsoleResult writes the result through the tournament application a
// followed tournament comes from, or here; when it was not saved it answers
// why and reports done.
func (a *Admin) writeConsoleResult(r *http.Request, snap *tournament.Snapshot, m *tournament.Match, result tournament.Encounters, final bool,
	refused func(*tournament.ResultError) error, show func(int, templates.ResultPage) error) (done bool, err error) {
	ctx := r.Context()
	by := Caller(ctx).Name + " (console)"
	relayed, answer, err := a.relay(ctx, snap.Tournament.ID, m.ID, result, final)
	if !relayed {
		_, _, err = a.Store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
			return s.SetResult(m.ID, result, final, a.Now(), by)
		})
	}
	var re *tournament.ResultError
	switch {
	case relayed && err != nil:
		return true, Status(http.StatusBadGateway, templates.T(ctx, "The tournament application did not answer: nothing was saved."))
	case answer != nil:
		return true, a.refusedUpstream(r, snap, m, answer, refused, show)
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
			msg = templates.Tf(r.Context(), "%s finished this match first (%s): %s. Nothing was saved.", h.By, venue(snap.Tournament).Clock(h.At), templates.ResultText(h.New))
			break
		}
	}
	page.FinishedBy = msg
	return show(http.StatusConflict, page)
}

// keepInput puts what was typed back into the form, even what did not read.
func keepInput(r *http.Request, page *templates.ResultPage) {
	for e := range page.Encounters {
		for k := range page.Encounters[e].Sets {
			s := &page.Encounters[e].Sets[k]
			s.Values = [2]string{r.PostFormValue(s.Names[0]), r.PostFormValue(s.Names[1])}
			s.Quick = r.PostFormValue(s.QuickName)
		}
	}
}

// place shows a mistake next to the set, or the encounter, at fault.
func place(ctx context.Context, page *templates.ResultPage, e *tournament.ResultError) {
	reason := templates.Reason(ctx, e.Format, e.Args...)
	switch {
	case e.Encounter > 0 && e.Encounter <= len(page.Encounters) && e.Set > 0 && e.Set <= len(page.Encounters[e.Encounter-1].Sets):
		page.Encounters[e.Encounter-1].Sets[e.Set-1].Error = reason
	case e.Encounter > 0 && e.Encounter <= len(page.Encounters):
		page.Encounters[e.Encounter-1].Error = reason
	default:
		page.Error = reason
	}
}

// confirmText asks to finish with the winner named: "Anna wins 2:1. Finish the match?"
func confirmText(ctx context.Context, m templates.MatchView, r tournament.Encounters, cfg tournament.MatchConfiguration) string {
	winner, a, b := outcome(m, r, cfg)
	if winner == "" {
		return templates.Tf(ctx, "A draw, %d:%d. Finish the match?", a, b)
	}
	return templates.Tf(ctx, "%s wins %d:%d. Finish the match?", winner, a, b)
}

// outcome names who wins r and the score, the winner's count first; no
// winner for a draw.
func outcome(m templates.MatchView, r tournament.Encounters, cfg tournament.MatchConfiguration) (winner string, a, b int) {
	s := tournament.DisplayScore(r, cfg)
	switch {
	case s[0] > s[1]:
		return templates.SideName(m.Sides[0]), s[0], s[1]
	case s[1] > s[0]:
		return templates.SideName(m.Sides[1]), s[1], s[0]
	}
	return "", s[0], s[1]
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
		return &templates.NextCall{Match: matchView(ctx, snap, m, true), Courts: done.CourtIDs, Where: strings.Join(names, " + "),
			Action: "/admin/t/" + snap.Tournament.ID + "/matches/" + m.ID + "/call"}
	}
	return nil
}
