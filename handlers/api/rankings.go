package api

import (
	"context"
	"math"
	"net/http"

	"courtside/app"
	"courtside/handlers/reply"
	"courtside/record"
	"courtside/tournament"
)

// OrganizerReader finds an organizer by id.
type OrganizerReader interface {
	Organizer(ctx context.Context, id string) (tournament.Organizer, error)
}

// RankingsAPI serves an organizer's series, ratings and players as JSON,
// under Courtside's own namespace (/v1/courtside), with the API's keys. A
// caller sees the tournaments it could read through the Public API: the
// organizer's token all of them, other keys the shared ones.
type RankingsAPI struct {
	Store OrganizerReader
	Book  *app.RankingsBook
}

// SeriesJSON is a series as the API shows it.
type SeriesJSON struct {
	ID     string                  `json:"id"`
	Name   string                  `json:"name"`
	Class  tournament.EventClass   `json:"class"`
	BestN  int                     `json:"bestN"`
	Points tournament.PointsTable  `json:"points"`
	Parts  []tournament.SeriesPart `json:"parts"`
	Live   bool                    `json:"live"`
}

// SeriesRowJSON is a series table's row with the player's rating.
type SeriesRowJSON struct {
	tournament.SeriesRow
	Rating int `json:"rating"`
}

// SeriesTableJSON is a series with its table.
type SeriesTableJSON struct {
	SeriesJSON
	Rows []SeriesRowJSON `json:"rows"`
}

// PlayerJSON is a registered player's profile.
type PlayerJSON struct {
	ID          string                   `json:"id"`
	Name        string                   `json:"name"`
	Rating      int                      `json:"rating"`
	Games       int                      `json:"games"`
	Tournaments []PlayerTournamentJSON   `json:"tournaments"`
	History     []tournament.RatingPoint `json:"history"`
}

// PlayerTournamentJSON is a tournament discipline a player entered, with the place.
type PlayerTournamentJSON struct {
	TournamentID string `json:"tournamentId"`
	Name         string `json:"name"`
	Discipline   string `json:"discipline"`
	Place        int    `json:"place,omitempty"`
}

// state loads the organizer the path names, if the caller may read it, and its rankings.
func (a *RankingsAPI) state(r *http.Request) (tournament.Organizer, *app.RankingState, func(*tournament.Snapshot) bool, error) {
	org, st, visible, _, err := a.stateSeen(r)
	return org, st, visible, err
}

// stateSeen is state with the ratings the caller sees: all of them with the
// organizer's token, those over shared tournaments with any other key.
func (a *RankingsAPI) stateSeen(r *http.Request) (tournament.Organizer, *app.RankingState, func(*tournament.Snapshot) bool, *tournament.Ratings, error) {
	org, err := a.Store.Organizer(r.Context(), r.PathValue("organizerId"))
	if err != nil {
		return org, nil, nil, nil, reply.NotFoundAs(err, "ORGANIZER_NOT_FOUND")
	}
	k := reply.Caller(r.Context())
	if k.Kind == record.KindPublic && k.Sport != org.Sport {
		return org, nil, nil, nil, reply.NotFound("ORGANIZER_NOT_FOUND")
	}
	st, err := a.Book.State(r.Context(), org.ID)
	if err != nil {
		return org, nil, nil, nil, err
	}
	all := k.Owner() == org.ID
	visible := func(s *tournament.Snapshot) bool {
		return s != nil && (s.Tournament.Public || all)
	}
	return org, st, visible, st.Seen(all), nil
}

func seriesJSON(se *tournament.Series, ss *app.SeriesState) SeriesJSON {
	out := SeriesJSON{ID: se.ID, Name: se.Name, Class: se.Class, BestN: se.BestN, Points: se.Table(), Parts: se.Parts, Live: ss.Live}
	if out.Parts == nil {
		out.Parts = []tournament.SeriesPart{}
	}
	return out
}

// SeriesList lists the organizer's series.
func (a *RankingsAPI) SeriesList(w http.ResponseWriter, r *http.Request) error {
	_, st, visible, err := a.state(r)
	if err != nil {
		return err
	}
	out := []SeriesJSON{}
	for i := range st.Data.Series {
		se, key := app.ShownSeries(&st.Data.Series[i], st, visible)
		if app.Hidden(&st.Data.Series[i], se) {
			continue
		}
		out = append(out, seriesJSON(se, st.Series(se, key)))
	}
	return reply.JSON(w, out)
}

// Series is a series with its table.
func (a *RankingsAPI) Series(w http.ResponseWriter, r *http.Request) error {
	_, st, visible, seen, err := a.stateSeen(r)
	if err != nil {
		return err
	}
	se, ok := st.Data.SeriesByID(r.PathValue("seriesId"))
	if !ok {
		return reply.NotFound("SERIES_NOT_FOUND")
	}
	shown, key := app.ShownSeries(se, st, visible)
	if app.Hidden(se, shown) {
		return reply.NotFound("SERIES_NOT_FOUND")
	}
	ss := st.Series(shown, key)
	out := SeriesTableJSON{SeriesJSON: seriesJSON(shown, ss), Rows: []SeriesRowJSON{}}
	for _, row := range ss.Rows {
		rating, _ := st.Rating(seen, row.PlayerID)
		out.Rows = append(out.Rows, SeriesRowJSON{SeriesRow: row, Rating: int(math.Round(rating))})
	}
	return reply.JSON(w, out)
}

// Ratings lists the organizer's registered players by rating, a page at a time.
func (a *RankingsAPI) Ratings(w http.ResponseWriter, r *http.Request) error {
	_, st, _, seen, err := a.stateSeen(r)
	if err != nil {
		return err
	}
	q, err := page(r)
	if err != nil {
		return err
	}
	all := app.RatingList(st, seen)
	out := append([]app.RatingJSON{}, all[min(q.Offset, len(all)):min(q.Offset+q.Limit, len(all))]...)
	return reply.JSON(w, out)
}

// Player is a registered player's rating, history and tournaments.
func (a *RankingsAPI) Player(w http.ResponseWriter, r *http.Request) error {
	_, st, visible, seen, err := a.stateSeen(r)
	if err != nil {
		return err
	}
	pl, ok := st.Data.Register.Players[r.PathValue("playerId")]
	if !ok || seen == st.Shared && !app.SeenPlayer(st, pl.ID, visible) {
		return reply.NotFound("PLAYER_NOT_FOUND")
	}
	rating, games := st.Rating(seen, pl.ID)
	out := PlayerJSON{ID: pl.ID, Name: pl.Name, Rating: int(math.Round(rating)), Games: games, Tournaments: []PlayerTournamentJSON{}, History: []tournament.RatingPoint{}}
	for _, t := range app.ProfileOf(st, seen, pl.ID, visible).Tournaments {
		out.Tournaments = append(out.Tournaments, PlayerTournamentJSON{TournamentID: t.Snap.Tournament.ID, Name: t.Snap.Tournament.Name, Discipline: t.Discipline, Place: t.Place})
	}
	if pr := seen.Players[pl.ID]; pr != nil {
		for _, h := range pr.History {
			h.Rating, h.Delta = math.Round(h.Rating*100)/100, math.Round(h.Delta*100)/100
			out.History = append(out.History, h)
		}
	}
	return reply.JSON(w, out)
}
