package console

import (
	"context"
	"errors"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"courtside/app"
	"courtside/cache"
	"courtside/handlers/reply"
	"courtside/handlers/views"
	"courtside/templates"
	"courtside/tournament"
)

// RegisterStore keeps an organizer's player register, series and rating settings.
type RegisterStore interface {
	Organizer(ctx context.Context, id string) (tournament.Organizer, error)
	Rankings(ctx context.Context, orgID string) (*cache.Rankings, error)
	LinkPlayers(ctx context.Context, orgID string, newPlayers []tournament.RegisteredPlayer, links map[string]string) error
	MergePlayers(ctx context.Context, orgID, into, from string) error
	SplitPlayer(ctx context.Context, orgID, from string, links []string, to tournament.RegisteredPlayer) error
	PutSeries(ctx context.Context, orgID string, se tournament.Series) error
	DeleteSeries(ctx context.Context, orgID, id string) error
	PutRatingSettings(ctx context.Context, orgID string, rs tournament.RatingSettings) error
}

// AdminRankings is the console's part for rankings: the player register
// (confirming names, merging, splitting), the series and the rating settings.
type AdminRankings struct {
	Admin *Admin
	Store RegisterStore
	Book  *app.RankingsBook
}

// maxRankingsForm bounds a rankings form: thousands of ticked names fit.
const maxRankingsForm = 512 << 10

// maxPendingShown is how many unconfirmed entries the register page lists at once.
const maxPendingShown = 300

// form reads a posted form of at most maxRankingsForm bytes.
func rankingsForm(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxRankingsForm)
	if err := r.ParseForm(); err != nil {
		return reply.Status(http.StatusRequestEntityTooLarge, templates.T(r.Context(), "The form is too large."))
	}
	return nil
}

// ownEntries are the player entries of the signed-in organizer's tournaments, by link key.
func ownEntries(st *app.RankingState) map[string]tournament.PlayerEntry {
	out := map[string]tournament.PlayerEntry{}
	for _, s := range st.Snaps {
		for _, e := range tournament.PlayerEntries(s) {
			out[e.Link()] = e
		}
	}
	return out
}

// Players is the register page.
func (a *AdminRankings) Players(w http.ResponseWriter, r *http.Request) error {
	return a.showPlayers(w, r, http.StatusOK, "", "", nil)
}

func (a *AdminRankings) showPlayers(w http.ResponseWriter, r *http.Request, status int, flash, failure string, settings *templates.RatingSettingsForm) error {
	ctx := r.Context()
	orgID := reply.Caller(ctx).OrganizerID
	org, err := a.Store.Organizer(ctx, orgID)
	if err != nil {
		return err
	}
	st, err := a.Book.State(ctx, orgID)
	if err != nil {
		return err
	}
	reg := st.Data.Register
	p := templates.PlayersPage{Page: a.Admin.Layout(r, templates.T(ctx, "Players")), Organizer: org.Name, Flash: flash, Error: failure, RankingsHref: "/o/" + org.Slug + "/ratings"}
	for _, s := range st.Snaps {
		for _, sg := range tournament.Suggest(reg, tournament.PlayerEntries(s)) {
			if len(p.Pending) == maxPendingShown {
				p.MorePending++
				continue
			}
			e := templates.PendingEntry{Value: sg.Entry.Link() + "|", Name: sg.Entry.Name, Tournament: s.Tournament.Name}
			if sg.Player != nil {
				e.Value += sg.Player.ID
				e.Match = sg.Player.Name
			}
			p.Pending = append(p.Pending, e)
		}
	}
	counts := map[string]int{}
	for _, pid := range reg.Links {
		counts[pid]++
	}
	for id, pl := range reg.Players {
		rating, _ := st.Rating(st.Ratings, id)
		p.Players = append(p.Players, templates.RegisteredRow{ID: id, Name: pl.Name, Href: "/admin/players/" + id, PublicHref: views.PlayerHref(org, id), Entries: counts[id], Rating: templates.Number(ctx, math.Round(rating), 0)})
	}
	slices.SortFunc(p.Players, func(a, b templates.RegisteredRow) int {
		return strings.Compare(a.Name+"\x00"+a.ID, b.Name+"\x00"+b.ID)
	})
	if settings != nil {
		p.Settings = *settings
	} else {
		s := st.Data.Settings
		p.Settings = templates.RatingSettingsForm{Start: strconv.Itoa(s.Start), KNew: strconv.Itoa(s.KNew), NewGames: strconv.Itoa(s.NewGames), K: strconv.Itoa(s.K), KTop: strconv.Itoa(s.KTop), TopRating: strconv.Itoa(s.TopRating)}
	}
	return reply.HTMLStatus(w, r, status, templates.AdminPlayers(p))
}

// Confirm links the ticked entries: to the registered player of their name,
// or to a new player (one per new name).
func (a *AdminRankings) Confirm(w http.ResponseWriter, r *http.Request) error {
	if err := rankingsForm(w, r); err != nil {
		return err
	}
	ctx := r.Context()
	orgID := reply.Caller(ctx).OrganizerID
	st, err := a.Book.State(ctx, orgID)
	if err != nil {
		return err
	}
	own := ownEntries(st)
	links := map[string]string{}
	made := map[string]string{} // name key → new player id
	var fresh []tournament.RegisteredPlayer
	for _, v := range r.PostForm["link"] {
		link, pid, _ := strings.Cut(v, "|")
		e, ok := own[link]
		if !ok { // not an entry of this organizer's tournaments: nothing it may link
			return a.showPlayers(w, r, http.StatusUnprocessableEntity, "", templates.T(ctx, "An entry of the form is not one of your tournaments' entries any more. Nothing was changed."), nil)
		}
		if pid == "" {
			k := tournament.NameKey(e.Name)
			if made[k] == "" {
				made[k] = cache.NewPlayerID()
				fresh = append(fresh, tournament.RegisteredPlayer{ID: made[k], Name: strings.Join(strings.Fields(e.Name), " ")})
			}
			pid = made[k]
		}
		links[link] = pid
	}
	if len(links) == 0 {
		return a.showPlayers(w, r, http.StatusUnprocessableEntity, "", templates.T(ctx, "Tick at least one name."), nil)
	}
	if err := a.Store.LinkPlayers(ctx, orgID, fresh, links); err != nil {
		switch {
		case errors.Is(err, cache.ErrTooManyPlayers):
			return a.showPlayers(w, r, http.StatusUnprocessableEntity, "", templates.Tf(ctx, "A register holds at most %d players.", tournament.MaxRegisteredPlayers), nil)
		case errors.Is(err, cache.ErrNoSuchPlayer):
			return a.showPlayers(w, r, http.StatusConflict, "", templates.T(ctx, "A player of the form was merged or removed meanwhile. Nothing more was changed; check the list."), nil)
		}
		return err
	}
	return a.showPlayers(w, r, http.StatusOK, templates.Tf(ctx, "%d entries linked, %d new players.", len(links), len(fresh)), "", nil)
}

// Merge makes one player of two.
func (a *AdminRankings) Merge(w http.ResponseWriter, r *http.Request) error {
	if err := rankingsForm(w, r); err != nil {
		return err
	}
	ctx := r.Context()
	into, from := r.PostForm.Get("into"), r.PostForm.Get("from")
	if into == from {
		return a.showPlayers(w, r, http.StatusUnprocessableEntity, "", templates.T(ctx, "Choose two different players to merge."), nil)
	}
	if err := a.Store.MergePlayers(ctx, reply.Caller(ctx).OrganizerID, into, from); errors.Is(err, cache.ErrNoSuchPlayer) {
		return a.showPlayers(w, r, http.StatusUnprocessableEntity, "", templates.T(ctx, "One of the players is not in the register (any more)."), nil)
	} else if err != nil {
		return err
	}
	return a.showPlayers(w, r, http.StatusOK, templates.T(ctx, "Players merged. Ratings and series are computed again."), "", nil)
}

// Settings saves the rating settings.
func (a *AdminRankings) Settings(w http.ResponseWriter, r *http.Request) error {
	if err := rankingsForm(w, r); err != nil {
		return err
	}
	ctx := r.Context()
	f := templates.RatingSettingsForm{Start: r.PostForm.Get("start"), KNew: r.PostForm.Get("kNew"), NewGames: r.PostForm.Get("newGames"),
		K: r.PostForm.Get("k"), KTop: r.PostForm.Get("kTop"), TopRating: r.PostForm.Get("topRating"), Errors: map[string]string{}}
	num := func(name, v string) int {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			f.Errors[name] = templates.T(ctx, "Write a whole number.")
		}
		return n
	}
	rs := tournament.RatingSettings{Start: num("start", f.Start), KNew: num("kNew", f.KNew), NewGames: num("newGames", f.NewGames), K: num("k", f.K), KTop: num("kTop", f.KTop), TopRating: num("topRating", f.TopRating)}
	if len(f.Errors) == 0 {
		if err := rs.Check(); err != nil {
			field := "start"
			switch {
			case rs.KNew < 1 || rs.KNew > tournament.MaxRatingK:
				field = "kNew"
			case rs.K < 1 || rs.K > tournament.MaxRatingK:
				field = "k"
			case rs.KTop < 1 || rs.KTop > tournament.MaxRatingK:
				field = "kTop"
			case rs.NewGames < 0 || rs.NewGames > tournament.MaxNewGames:
				field = "newGames"
			case rs.Start >= tournament.MinRatingStart && rs.Start <= tournament.MaxRatingStart:
				field = "topRating"
			}
			f.Errors[field] = reply.Refusal(ctx, err)
		}
	}
	if len(f.Errors) > 0 {
		return a.showPlayers(w, r, http.StatusUnprocessableEntity, "", "", &f)
	}
	if err := a.Store.PutRatingSettings(ctx, reply.Caller(ctx).OrganizerID, rs); err != nil {
		return err
	}
	return a.showPlayers(w, r, http.StatusOK, templates.T(ctx, "Rating settings saved. The ratings are computed again."), "", nil)
}

// Player is one registered player's entries, to split off.
func (a *AdminRankings) Player(w http.ResponseWriter, r *http.Request) error {
	return a.showPlayer(w, r, http.StatusOK, "", "", "", "")
}

func (a *AdminRankings) showPlayer(w http.ResponseWriter, r *http.Request, status int, flash, failure, newName, nameErr string) error {
	ctx := r.Context()
	orgID := reply.Caller(ctx).OrganizerID
	org, err := a.Store.Organizer(ctx, orgID)
	if err != nil {
		return err
	}
	st, err := a.Book.State(ctx, orgID)
	if err != nil {
		return err
	}
	pl, ok := st.Data.Register.Players[r.PathValue("playerId")]
	if !ok {
		return reply.NotFound("player")
	}
	own := ownEntries(st)
	p := templates.AdminPlayerPage{Page: a.Admin.Layout(r, pl.Name), Organizer: org.Name, Name: pl.Name, PublicHref: views.PlayerHref(org, pl.ID), Flash: flash, Error: failure, NewName: newName, NameError: nameErr}
	for _, k := range st.Data.Register.LinksOf(pl.ID) {
		e, ok := own[k]
		if !ok {
			continue // a tournament since deleted
		}
		s := st.ByID[e.TournamentID]
		p.Entries = append(p.Entries, templates.PlayerEntryRow{Link: k, Name: e.Name, Tournament: s.Tournament.Name, Date: views.Venue(s.Tournament).Date(ctx, s.Tournament.StartTime)})
	}
	return reply.HTMLStatus(w, r, status, templates.AdminPlayer(p))
}

// Split moves the ticked entries of a player to a new player.
func (a *AdminRankings) Split(w http.ResponseWriter, r *http.Request) error {
	if err := rankingsForm(w, r); err != nil {
		return err
	}
	ctx := r.Context()
	name := strings.Join(strings.Fields(r.PostForm.Get("name")), " ")
	links := r.PostForm["link"]
	switch {
	case len(links) == 0:
		return a.showPlayer(w, r, http.StatusUnprocessableEntity, "", templates.T(ctx, "Tick the entries to split off."), name, "")
	case name == "" || len(name) > 120:
		return a.showPlayer(w, r, http.StatusUnprocessableEntity, "", "", name, templates.T(ctx, "Give the other player's name (at most 120 characters)."))
	}
	to := tournament.RegisteredPlayer{ID: cache.NewPlayerID(), Name: name}
	err := a.Store.SplitPlayer(ctx, reply.Caller(ctx).OrganizerID, r.PathValue("playerId"), links, to)
	switch {
	case errors.Is(err, cache.ErrNotHisEntry):
		return a.showPlayer(w, r, http.StatusConflict, "", templates.T(ctx, "A ticked entry is not this player's (any more). Nothing was changed."), name, "")
	case errors.Is(err, cache.ErrNoSuchPlayer):
		return reply.NotFound("player")
	case errors.Is(err, cache.ErrTooManyPlayers):
		return a.showPlayer(w, r, http.StatusUnprocessableEntity, "", templates.Tf(ctx, "A register holds at most %d players.", tournament.MaxRegisteredPlayers), name, "")
	case err != nil:
		return err
	}
	return a.showPlayer(w, r, http.StatusOK, templates.Tf(ctx, "%d entries are %s's now. Ratings and series are computed again.", len(links), name), "", "", "")
}

// Series is the console's series page.
func (a *AdminRankings) Series(w http.ResponseWriter, r *http.Request) error {
	return a.showSeries(w, r, http.StatusOK, "", "", nil)
}

func (a *AdminRankings) showSeries(w http.ResponseWriter, r *http.Request, status int, flash, failure string, edited *templates.SeriesForm) error {
	ctx := r.Context()
	orgID := reply.Caller(ctx).OrganizerID
	org, err := a.Store.Organizer(ctx, orgID)
	if err != nil {
		return err
	}
	st, err := a.Book.State(ctx, orgID)
	if err != nil {
		return err
	}
	p := templates.SeriesConsolePage{Page: a.Admin.Layout(r, templates.T(ctx, "Series")), Organizer: org.Name, Flash: flash, Error: failure}
	defaults := map[string]string{}
	for _, c := range tournament.EventClasses {
		p.Classes = append(p.Classes, templates.Option{Value: string(c), Label: views.ClassName(ctx, c)})
		defaults[string(c)] = tournament.DefaultPoints(c).String()
	}
	form := func(se *tournament.Series) templates.SeriesForm {
		f := templates.SeriesForm{ID: se.ID, Name: se.Name, Class: string(se.Class), Points: se.Points.String(), DefaultPoints: defaults, Action: "/admin/series"}
		if se.BestN > 0 {
			f.BestN = strconv.Itoa(se.BestN)
		}
		if se.ID != "" {
			f.Action, f.PublicHref = "/admin/series/"+se.ID, views.SeriesHref(org, se.ID)
		}
		for i := len(st.Snaps) - 1; i >= 0; i-- { // the latest first
			s := st.Snaps[i]
			for _, d := range s.Tournament.Disciplines {
				part := tournament.SeriesPart{TournamentID: s.Tournament.ID, DisciplineID: d.ID}
				label, _ := views.PartLabel(s, d.ID)
				if len(s.Tournament.Disciplines) == 1 {
					label += " · " + d.Name
				}
				f.Parts = append(f.Parts, templates.SeriesPartOption{Value: part.TournamentID + "|" + part.DisciplineID, Label: label + " (" + views.Venue(s.Tournament).Date(ctx, s.Tournament.StartTime) + ")", Checked: slices.Contains(se.Parts, part)})
			}
		}
		return f
	}
	for i := range st.Data.Series {
		f := form(&st.Data.Series[i])
		if edited != nil && edited.ID == f.ID {
			f.Name, f.Class, f.BestN, f.Points, f.Errors = edited.Name, edited.Class, edited.BestN, edited.Points, edited.Errors
		}
		p.Series = append(p.Series, f)
	}
	p.New = form(&tournament.Series{Class: tournament.ClassLocal})
	if edited != nil && edited.ID == "" {
		p.New.Name, p.New.Class, p.New.BestN, p.New.Points, p.New.Errors = edited.Name, edited.Class, edited.BestN, edited.Points, edited.Errors
	}
	return reply.HTMLStatus(w, r, status, templates.AdminSeries(p))
}

// SaveSeries creates a series or saves (or removes) one.
func (a *AdminRankings) SaveSeries(w http.ResponseWriter, r *http.Request) error {
	if err := rankingsForm(w, r); err != nil {
		return err
	}
	ctx := r.Context()
	orgID := reply.Caller(ctx).OrganizerID
	st, err := a.Book.State(ctx, orgID)
	if err != nil {
		return err
	}
	id := r.PathValue("seriesId")
	if id != "" {
		if _, ok := st.Data.SeriesByID(id); !ok {
			return reply.NotFound("series")
		}
		if r.PostForm.Get("delete") != "" {
			if err := a.Store.DeleteSeries(ctx, orgID, id); err != nil {
				return err
			}
			return a.showSeries(w, r, http.StatusOK, templates.T(ctx, "Series removed."), "", nil)
		}
	}
	f := templates.SeriesForm{ID: id, Name: strings.TrimSpace(r.PostForm.Get("name")), Class: r.PostForm.Get("class"), BestN: strings.TrimSpace(r.PostForm.Get("bestN")), Points: r.PostForm.Get("points"), Errors: map[string]string{}}
	se := tournament.Series{ID: id, Name: f.Name, Class: tournament.EventClass(f.Class)}
	if se.ID == "" {
		se.ID = cache.NewSeriesID()
	}
	if f.BestN != "" {
		n, err := strconv.Atoi(f.BestN)
		if err != nil {
			f.Errors["bestN"] = templates.T(ctx, "Write a whole number.")
		}
		se.BestN = n
	}
	if pts, err := tournament.ParsePointsTable(f.Points); err != nil {
		f.Errors["points"] = reply.Refusal(ctx, err)
	} else {
		se.Points = pts
	}
	for _, v := range r.PostForm["part"] {
		tid, did, _ := strings.Cut(v, "|")
		s := st.ByID[tid] // the organizer's own tournaments only
		if s == nil {
			f.Errors["parts"] = templates.T(ctx, "A ticked discipline is not one of your tournaments' any more.")
			continue
		}
		if _, ok := s.Discipline(did); !ok {
			f.Errors["parts"] = templates.T(ctx, "A ticked discipline is not one of your tournaments' any more.")
			continue
		}
		if part := (tournament.SeriesPart{TournamentID: tid, DisciplineID: did}); !slices.Contains(se.Parts, part) {
			se.Parts = append(se.Parts, part)
		}
	}
	if len(f.Errors) == 0 {
		if err := se.Check(); err != nil {
			field := "name"
			switch {
			case len(se.Parts) > tournament.MaxSeriesParts:
				field = "parts"
			case se.BestN < 0 || se.BestN > tournament.MaxSeriesParts:
				field = "bestN"
			}
			f.Errors[field] = reply.Refusal(ctx, err)
		}
	}
	if len(f.Errors) > 0 {
		return a.showSeries(w, r, http.StatusUnprocessableEntity, "", "", &f)
	}
	if err := a.Store.PutSeries(ctx, orgID, se); errors.Is(err, cache.ErrTooManySeries) {
		return a.showSeries(w, r, http.StatusUnprocessableEntity, "", templates.Tf(ctx, "An organizer has at most %d series.", tournament.MaxSeries), nil)
	} else if err != nil {
		return err
	}
	return a.showSeries(w, r, http.StatusOK, templates.Tf(ctx, "Series %s saved.", se.Name), "", nil)
}
