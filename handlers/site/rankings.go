package site

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"hash/fnv"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/angelofallars/htmx-go"

	"courtside/app"
	"courtside/handlers/reply"
	"courtside/handlers/views"
	"courtside/templates"
	"courtside/tournament"
)

// RankingPages serves an organizer's series tables, its players' profiles
// and their JSON and CSV, from the rankings book.
type RankingPages struct {
	Pages *Pages
	Book  *app.RankingsBook
}

// seriesPart is the id of a series page's polling part (its table).
const seriesPart = "series-table"

// rankingsOf loads the organizer the path names and its rankings now.
func (rp *RankingPages) rankingsOf(r *http.Request) (tournament.Organizer, *app.RankingState, error) {
	org, err := rp.Pages.Store.OrganizerBySlug(r.Context(), r.PathValue("slug"))
	if err != nil {
		return org, nil, reply.NotFoundAs(err, "organizer")
	}
	st, err := rp.Book.State(r.Context(), org.ID)
	return org, st, err
}

// Visible reports whether the request may see the tournament: it is shared,
// or its organizer is signed in.
func (rp *RankingPages) Visible(r *http.Request, s *tournament.Snapshot) bool {
	return s != nil && (s.Tournament.Public || rp.Pages.views(r, s.Tournament.OrganizerID))
}

// seriesFor is the series the path names, with only the parts the request may see.
func (rp *RankingPages) seriesFor(r *http.Request, st *app.RankingState) (*tournament.Series, string, error) {
	se, ok := st.Data.SeriesByID(r.PathValue("seriesId"))
	if !ok {
		return nil, "", reply.NotFound("series")
	}
	shown, key := app.ShownSeries(se, st, func(s *tournament.Snapshot) bool { return rp.Visible(r, s) })
	if app.Hidden(se, shown) {
		return nil, "", reply.NotFound("series")
	}
	return shown, key, nil
}

// serveRanked answers a rankings page from the render cache: rendered once
// per rankings state, language, part and the request's visibility, and 304
// for a client that has it.
func (rp *RankingPages) serveRanked(w http.ResponseWriter, r *http.Request, orgID string, st *app.RankingState, part, params string, view func() templ.Component) error {
	h := w.Header()
	h["Vary"] = reply.VaryPage
	h["Cache-Control"] = reply.NoCache
	if rp.Pages.views(r, orgID) {
		params += "|organizer"
	}
	tag := rankedTag(r, st, part+params)
	if reply.NotModified(w, r, tag) {
		return nil
	}
	key := reply.RenderKey{Tournament: "o:" + orgID, Version: st.Version, Lang: string(templates.LangOf(r.Context())), Part: part, Params: r.URL.Path + "?" + params}
	out, err := rp.Pages.Renders.Render(r.Context(), key, func(ctx context.Context) (reply.Rendered, error) {
		var buf bytes.Buffer
		if err := view().Render(ctx, &buf); err != nil {
			return reply.Rendered{}, err
		}
		return reply.Prepared(buf.Bytes()), nil
	})
	if err != nil {
		return err
	}
	h["Etag"] = []string{tag}
	h["Content-Type"] = reply.HTMLType
	return reply.Send(w, r, out)
}

// hashString is a short hash of a string, for an ETag.
func hashString(s string) uint64 {
	h := fnv.New64a()
	_, _ = h.Write([]byte(s))
	return h.Sum64()
}

// rankedTag names one rendering of a rankings page: the state, the language and the part.
func rankedTag(r *http.Request, st *app.RankingState, part string) string {
	return `W/"r` + strconv.FormatInt(st.Version, 36) + "-" + string(templates.LangOf(r.Context())) + "-" + strconv.FormatUint(hashString(part), 36) + `"`
}

// signed writes a rating change: "+12", "−3", "±0".
func signed(ctx context.Context, d float64) string {
	n := math.Round(d)
	switch {
	case n > 0:
		return "+" + templates.Number(ctx, n, 0)
	case n < 0:
		return "−" + templates.Number(ctx, -n, 0)
	}
	return "±0"
}

// SeriesTableView is the table of a series at a state.
func (rp *RankingPages) SeriesTableView(r *http.Request, org tournament.Organizer, st *app.RankingState, se *tournament.Series, key string, kiosk bool) templates.SeriesTableView {
	ctx := r.Context()
	ss := st.Series(se, key)
	t := templates.SeriesTableView{Kiosk: kiosk}
	live, params := "series-live", key
	if kiosk {
		live = "series-tv-live"
	}
	if rp.Pages.views(r, org.ID) {
		params += "|organizer"
	}
	// The tag serveRanked gives the live part: a poll of an unchanged table is a 304.
	t.Poll = templates.Poll{ID: seriesPart, Href: r.URL.Path, ETag: rankedTag(r, st, live+params), On: ss.Live, Every: 5000,
		Stream: seriesLiveHref(org, se, seriesTopics(st, se))}
	if kiosk {
		t.Poll.Every = 3000
	}
	index := map[tournament.SeriesPart]int{}
	for i, part := range se.Parts {
		s := st.ByID[part.TournamentID]
		label, short := views.PartLabel(s, part.DisciplineID)
		v := templates.SeriesPartView{Label: label, Short: short}
		if s != nil {
			v.Href, v.Live = views.TournamentHref(s), s.Tournament.State == tournament.StateRunning
		}
		t.Parts = append(t.Parts, v)
		index[part] = i
	}
	latest := tournament.LatestStarted(se, st.ByID)
	seen := st.Seen(rp.Pages.views(r, org.ID))
	rows := ss.Rows
	if kiosk && len(rows) > 20 {
		rows = rows[:20]
	}
	for _, row := range rows {
		rating, _ := st.Rating(seen, row.PlayerID)
		v := templates.SeriesRowView{Rank: row.Rank, Name: row.Name, Href: views.PlayerHref(org, row.PlayerID), PlayerID: row.PlayerID,
			Points: row.Points, Events: row.Events, Rating: templates.Number(ctx, math.Round(rating), 0), Move: row.Movement, New: row.New,
			Cells: make([]templates.SeriesCell, len(se.Parts))}
		if p := seen.Players[row.PlayerID]; p != nil && latest != "" && slices.ContainsFunc(p.History, func(h tournament.RatingPoint) bool { return h.TournamentID == latest }) {
			v.RatingChange = signed(ctx, p.Rating-p.RatingBefore(latest, float64(st.Data.Settings.Start)))
		}
		for _, res := range row.Results {
			if i, ok := index[res.Part]; ok {
				v.Cells[i] = templates.SeriesCell{Played: true, Place: res.Place, Points: res.Points, Counted: res.Counted}
			}
		}
		t.Rows = append(t.Rows, v)
	}
	return t
}

// Series is a series' page; its table refreshes while a tournament of the series runs.
func (rp *RankingPages) Series(w http.ResponseWriter, r *http.Request) error {
	org, st, err := rp.rankingsOf(r)
	if err != nil {
		return err
	}
	se, key, err := rp.seriesFor(r, st)
	if err != nil {
		return err
	}
	live := htmx.IsHTMX(r)
	if target, _ := htmx.GetTarget(r); target != seriesPart {
		live = false
	}
	part := "series-page"
	if live {
		part = "series-live"
	}
	return rp.serveRanked(w, r, org.ID, st, part, key, func() templ.Component {
		ctx := r.Context()
		table := rp.SeriesTableView(r, org, st, se, key, false)
		if live {
			return templates.SeriesTable(table)
		}
		page := templates.SeriesPage{Page: rp.Pages.Layout(r, se.Name, templates.Tf(ctx, "The table of %s by %s.", se.Name, org.Name)),
			Organizer: org.Name, OrganizerHref: "/o/" + org.Slug, Name: se.Name, Class: views.ClassName(ctx, se.Class), BestN: se.BestN,
			PointsTable: se.Table().String(), Parts: table.Parts, Table: table,
			CSVHref: views.SeriesHref(org, se.ID) + "/table.csv", TVHref: views.SeriesHref(org, se.ID) + "/tv",
			JSON: "/v1/courtside/organizers/" + org.ID + "/series/" + se.ID}
		seen := map[string]bool{}
		for _, part := range se.Parts {
			seen[part.TournamentID] = true
		}
		page.Tournaments = len(seen)
		return templates.Series(page)
	})
}

// SeriesTV is a series table full screen, for a TV; it follows every result.
func (rp *RankingPages) SeriesTV(w http.ResponseWriter, r *http.Request) error {
	org, st, err := rp.rankingsOf(r)
	if err != nil {
		return err
	}
	se, key, err := rp.seriesFor(r, st)
	if err != nil {
		return err
	}
	part := "series-tv"
	if target, _ := htmx.GetTarget(r); htmx.IsHTMX(r) && target == seriesPart {
		part = "series-tv-live"
	}
	return rp.serveRanked(w, r, org.ID, st, part, key, func() templ.Component {
		table := rp.SeriesTableView(r, org, st, se, key, true)
		if part == "series-tv-live" {
			return templates.SeriesTable(table)
		}
		qr, _ := templates.NewQR(rp.Pages.BaseURL + views.SeriesHref(org, se.ID))
		page := templates.SeriesTVPage{Page: rp.Pages.Layout(r, se.Name, templates.Tf(r.Context(), "The table of %s by %s.", se.Name, org.Name)), Name: se.Name, QR: qr, Table: table, Zone: seriesVenue(se, st.ByID)}
		page.Refresh = 30
		return templates.SeriesTV(page)
	})
}

// seriesVenue is the zone a series TV's clock tells: the venue's of the
// series' latest tournament that has started, else of its first with a
// zone (the device's own zone only when none has one).
func seriesVenue(se *tournament.Series, snaps map[string]*tournament.Snapshot) templates.Zone {
	if id := tournament.LatestStarted(se, snaps); id != "" && snaps[id].Tournament.TimeZone != "" {
		return views.Venue(snaps[id].Tournament)
	}
	for _, part := range se.Parts {
		if s := snaps[part.TournamentID]; s != nil && s.Tournament.TimeZone != "" {
			return views.Venue(s.Tournament)
		}
	}
	return templates.Zone{}
}

// SeriesCSV is a series table as CSV: rank, player, points, tournaments, rating, then place and points per part.
func (rp *RankingPages) SeriesCSV(w http.ResponseWriter, r *http.Request) error {
	org, st, err := rp.rankingsOf(r)
	if err != nil {
		return err
	}
	se, key, err := rp.seriesFor(r, st)
	if err != nil {
		return err
	}
	seen := st.Seen(rp.Pages.views(r, org.ID))
	var buf bytes.Buffer
	cw := csv.NewWriter(&buf)
	head := []string{"rank", "player_id", "player", "points", "tournaments", "rating", "movement"}
	for _, part := range se.Parts {
		label, _ := views.PartLabel(st.ByID[part.TournamentID], part.DisciplineID) // names an organizer chose, like a player's
		head = append(head, views.CSVSafe(label+" place"), views.CSVSafe(label+" points"))
	}
	_ = cw.Write(head)
	index := map[tournament.SeriesPart]int{}
	for i, part := range se.Parts {
		index[part] = i
	}
	for _, row := range st.Series(se, key).Rows {
		rating, _ := st.Rating(seen, row.PlayerID)
		move := strconv.Itoa(row.Movement)
		if row.New {
			move = "new"
		}
		line := []string{strconv.Itoa(row.Rank), row.PlayerID, views.CSVSafe(row.Name), strconv.Itoa(row.Points), strconv.Itoa(row.Events), strconv.Itoa(int(math.Round(rating))), move}
		cells := make([]string, 2*len(se.Parts))
		for _, res := range row.Results {
			if i, ok := index[res.Part]; ok {
				cells[2*i], cells[2*i+1] = strconv.Itoa(res.Place), strconv.Itoa(res.Points)
				if !res.Counted {
					cells[2*i+1] += "*"
				}
			}
		}
		_ = cw.Write(append(line, cells...))
	}
	cw.Flush()
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", "series-"+se.ID+".csv"))
	h.Set("Cache-Control", "no-cache")
	_, err = w.Write(buf.Bytes())
	return err
}

// Profile is a registered player's page: rating and its chart, tournaments
// with places, matches, partners, series.
func (rp *RankingPages) Profile(w http.ResponseWriter, r *http.Request) error {
	org, st, err := rp.rankingsOf(r)
	if err != nil {
		return err
	}
	pl, ok := st.Data.Register.Players[r.PathValue("playerId")]
	all := rp.Pages.views(r, org.ID)
	visible := func(s *tournament.Snapshot) bool { return rp.Visible(r, s) }
	if !ok || !all && !app.SeenPlayer(st, pl.ID, visible) {
		return reply.NotFound("player")
	}
	return rp.serveRanked(w, r, org.ID, st, "profile", pl.ID, func() templ.Component {
		return templates.Profile(rp.profileView(r, org, st, pl))
	})
}

// profileView builds a player's profile from the state, showing only the
// tournaments the request may see (a private one's matches still count in
// the rating, but are not listed).
func (rp *RankingPages) profileView(r *http.Request, org tournament.Organizer, st *app.RankingState, pl tournament.RegisteredPlayer) templates.ProfilePage {
	ctx := r.Context()
	seen := st.Seen(rp.Pages.views(r, org.ID))
	pr := app.ProfileOf(st, seen, pl.ID, func(s *tournament.Snapshot) bool { return rp.Visible(r, s) })
	p := templates.ProfilePage{Page: rp.Pages.Layout(r, pl.Name, templates.Tf(ctx, "%s: rating, tournaments, matches and partners.", pl.Name)),
		Organizer: org.Name, OrganizerHref: "/o/" + org.Slug, Name: pl.Name}
	rating, games := st.Rating(seen, pl.ID)
	p.Rating, p.Games = templates.Number(ctx, math.Round(rating), 0), games
	if pr.Last != nil {
		p.Since, p.Change = pr.Last.Tournament.Name, signed(ctx, pr.LastChange)
	}
	p.Chart = ratingChart(ctx, st, seen, pl.ID)
	for _, t := range pr.Tournaments {
		v := templates.ProfileTournament{Name: t.Snap.Tournament.Name, Href: views.TournamentHref(t.Snap), Date: views.Venue(t.Snap.Tournament).Date(ctx, t.Snap.Tournament.StartTime), Discipline: t.Discipline}
		if t.Place > 0 {
			v.Place = templates.Tf(ctx, "Place %d", t.Place)
		}
		if t.Rated {
			v.Change = signed(ctx, t.Change)
		}
		p.Tournaments = append(p.Tournaments, v)
	}
	slices.Reverse(p.Tournaments) // the latest first
	for _, m := range pr.Matches {
		mark := templates.T(ctx, "D")
		if m.Won {
			mark = templates.T(ctx, "W")
		} else if m.Lost {
			mark = templates.T(ctx, "L")
		}
		p.Matches = append(p.Matches, templates.ProfileMatch{Tournament: m.Snap.Tournament.Name, Href: views.TournamentHref(m.Snap) + "/matches/" + m.Match.ID,
			Partners: strings.Join(m.Partners, ", "), Opponents: strings.Join(m.Opponents, ", "), Mark: mark, Score: m.Score, Change: signed(ctx, m.Delta)})
	}
	for _, pa := range pr.Partners {
		v := templates.ProfilePartner{Name: pa.Name, Matches: pa.Matches, Won: pa.Won}
		if _, ok := st.Data.Register.Players[pa.ID]; ok {
			v.Href = views.PlayerHref(org, pa.ID)
		}
		p.Partners = append(p.Partners, v)
	}
	for i := range st.Data.Series {
		se := &st.Data.Series[i]
		shown, key := app.ShownSeries(se, st, func(s *tournament.Snapshot) bool { return rp.Visible(r, s) })
		for _, row := range st.Series(shown, key).Rows {
			if row.PlayerID == pl.ID {
				p.Series = append(p.Series, templates.ProfileSeries{Name: se.Name, Href: views.SeriesHref(org, se.ID), Rank: row.Rank, Points: row.Points})
			}
		}
	}
	return p
}

// ratingChart draws the player's rating in seen after each match into a
// 640×200 drawing: the line, a rating scale, and a dot at each tournament's
// end (seen holds only tournaments the viewer may see).
func ratingChart(ctx context.Context, st *app.RankingState, seen *tournament.Ratings, playerID string) templates.RatingChart {
	pr := seen.Players[playerID]
	if pr == nil || len(pr.History) == 0 {
		return templates.RatingChart{}
	}
	start := float64(st.Data.Settings.Start)
	values := make([]float64, 0, len(pr.History)+1)
	values = append(values, start)
	for _, h := range pr.History {
		values = append(values, h.Rating)
	}
	lo, hi := slices.Min(values), slices.Max(values)
	lo, hi = math.Floor(lo/25)*25-25, math.Ceil(hi/25)*25+25
	const left, right, top, bottom = 48.0, 632.0, 10.0, 190.0
	x := func(i int) float64 { return left + (right-left)*float64(i)/float64(len(values)-1) }
	y := func(v float64) float64 { return bottom - (bottom-top)*(v-lo)/(hi-lo) }
	var line strings.Builder
	for i, v := range values {
		fmt.Fprintf(&line, "%.1f,%.1f ", x(i), y(v))
	}
	c := templates.RatingChart{Line: strings.TrimSpace(line.String()), Points: len(values)}
	step := math.Max(25, math.Ceil((hi-lo)/4/25)*25)
	for v := math.Ceil(lo/step) * step; v <= hi; v += step {
		c.Ticks = append(c.Ticks, templates.ChartTick{Y: y(v), Label: templates.Number(ctx, v, 0)})
	}
	var days []templates.ChartDay
	for i, h := range pr.History {
		if i+1 == len(pr.History) || pr.History[i+1].TournamentID != h.TournamentID {
			name := "?"
			if s := st.ByID[h.TournamentID]; s != nil {
				name = s.Tournament.Name
			}
			c.Dots = append(c.Dots, templates.ChartDot{X: x(i + 1), Y: y(h.Rating), Title: name + ": " + templates.Number(ctx, math.Round(h.Rating), 0)})
			if s := st.ByID[h.TournamentID]; s != nil {
				days = append(days, templates.ChartDay{X: x(i + 1), Label: views.Venue(s.Tournament).Date(ctx, s.Tournament.StartTime)})
			}
		}
	}
	c.Days = spacedDays(days)
	c.Label = templates.Tn(ctx, len(pr.History), "Rating over %d match: from %s to %s (lowest %s, highest %s).", "Rating over %d matches: from %s to %s (lowest %s, highest %s).", len(pr.History),
		templates.Number(ctx, start, 0), templates.Number(ctx, math.Round(pr.Rating), 0),
		templates.Number(ctx, math.Round(slices.Min(values)), 0), templates.Number(ctx, math.Round(slices.Max(values)), 0))
	return c
}

// chartDayWidth is the room a date takes under the rating chart, in its drawing's units.
const chartDayWidth = 84

// spacedDays are the dates that fit under the chart without touching: the
// latest always, then each earlier one that leaves room, from the right.
func spacedDays(days []templates.ChartDay) []templates.ChartDay {
	type placedDay struct {
		templates.ChartDay
		left float64
	}
	var out []placedDay
	for i := len(days) - 1; i >= 0; i-- {
		d := days[i]
		// Written inside the drawing: from its tick rightwards at the left
		// edge, leftwards at the right edge.
		left, right := d.X-chartDayWidth/2, d.X+chartDayWidth/2
		switch d.Anchor = "middle"; {
		case right > 640:
			d.Anchor, left, right = "end", d.X-chartDayWidth, d.X
		case left < 0:
			d.Anchor, left, right = "start", d.X, d.X+chartDayWidth
		}
		if len(out) > 0 && out[len(out)-1].left < right {
			continue
		}
		out = append(out, placedDay{d, left})
	}
	shown := make([]templates.ChartDay, len(out))
	for i, d := range out {
		shown[len(out)-1-i] = d.ChartDay
	}
	return shown
}

// maxRatingsShown is how many players the ratings page lists (the JSON pages through all).
const maxRatingsShown = 500

// Ratings is an organizer's rankings page: its series and its players by rating.
func (rp *RankingPages) Ratings(w http.ResponseWriter, r *http.Request) error {
	org, st, err := rp.rankingsOf(r)
	if err != nil {
		return err
	}
	return rp.serveRanked(w, r, org.ID, st, "ratings", "", func() templ.Component {
		ctx := r.Context()
		p := templates.RatingsPage{Page: rp.Pages.Layout(r, templates.Tf(ctx, "Rankings of %s", org.Name), templates.Tf(ctx, "Series tables and player ratings of %s.", org.Name)),
			Organizer: org.Name, OrganizerHref: "/o/" + org.Slug, Start: templates.Number(ctx, float64(st.Data.Settings.Start), 0)}
		if rp.Pages.views(r, org.ID) {
			p.RegisterHref = "/admin/players"
		}
		for i := range st.Data.Series {
			se := &st.Data.Series[i]
			shown, key := app.ShownSeries(se, st, func(s *tournament.Snapshot) bool { return rp.Visible(r, s) })
			if len(shown.Parts) == 0 {
				continue
			}
			p.Series = append(p.Series, templates.SeriesLink{Name: se.Name, Href: views.SeriesHref(org, se.ID), Class: views.ClassName(ctx, se.Class), Live: st.Series(shown, key).Live})
		}
		for _, row := range app.RatingList(st, st.Seen(rp.Pages.views(r, org.ID))) {
			if len(p.Rows) == maxRatingsShown {
				break
			}
			p.Rows = append(p.Rows, templates.RatingRow{Rank: row.Rank, Name: row.Name, Href: views.PlayerHref(org, row.PlayerID), Rating: templates.Number(ctx, float64(row.Rating), 0), Games: row.Games})
		}
		return templates.Ratings(p)
	})
}
