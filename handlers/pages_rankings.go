package handlers

import (
	"bytes"
	"cmp"
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

	"courtside/templates"
	"courtside/tournament"
)

// RankingPages serves an organizer's series tables, its players' profiles
// and their JSON and CSV, from the rankings book.
type RankingPages struct {
	Pages *Pages
	Book  *RankingsBook
}

// seriesPart is the id of a series page's polling part (its table).
const seriesPart = "series-table"

// rankingsOf loads the organizer the path names and its rankings now.
func (rp *RankingPages) rankingsOf(r *http.Request) (tournament.Organizer, *RankingState, error) {
	org, err := rp.Pages.Store.OrganizerBySlug(r.Context(), r.PathValue("slug"))
	if err != nil {
		return org, nil, notFoundAs(err, "organizer")
	}
	st, err := rp.Book.State(r.Context(), org.ID)
	return org, st, err
}

// visible reports whether the request may see the tournament: it is shared,
// or its organizer is signed in.
func (rp *RankingPages) visible(r *http.Request, s *tournament.Snapshot) bool {
	return s != nil && (s.Tournament.Public || rp.Pages.views(r, s.Tournament.OrganizerID))
}

// seriesFor is the series the path names, with only the parts the request may see.
func (rp *RankingPages) seriesFor(r *http.Request, st *RankingState) (*tournament.Series, string, error) {
	se, ok := st.Data.SeriesByID(r.PathValue("seriesId"))
	if !ok {
		return nil, "", NotFound("series")
	}
	shown, key := shownSeries(se, st, func(s *tournament.Snapshot) bool { return rp.visible(r, s) })
	if hidden(se, shown) {
		return nil, "", NotFound("series")
	}
	return shown, key, nil
}

// serveRanked answers a rankings page from the render cache: rendered once
// per rankings state, language, part and the request's visibility, and 304
// for a client that has it.
func (rp *RankingPages) serveRanked(w http.ResponseWriter, r *http.Request, orgID string, st *RankingState, part, params string, view func() templ.Component) error {
	h := w.Header()
	h["Vary"] = varyPage
	h["Cache-Control"] = noCache
	if rp.Pages.views(r, orgID) {
		params += "|organizer"
	}
	tag := rankedTag(r, st, part+params)
	if notModified(w, r, tag) {
		return nil
	}
	key := RenderKey{Tournament: "o:" + orgID, Version: st.Version, Lang: string(templates.LangOf(r.Context())), Part: part, Params: r.URL.Path + "?" + params}
	out, err := rp.Pages.Renders.Render(r.Context(), key, func(ctx context.Context) (Rendered, error) {
		var buf bytes.Buffer
		if err := view().Render(ctx, &buf); err != nil {
			return Rendered{}, err
		}
		return prepared(buf.Bytes()), nil
	})
	if err != nil {
		return err
	}
	h["Etag"] = []string{tag}
	h["Content-Type"] = htmlType
	return send(w, r, out)
}

// hashString is a short hash of a string, for an ETag.
func hashString(s string) uint64 {
	h := fnv.New64a()
	_, _ = h.Write([]byte(s))
	return h.Sum64()
}

// rankedTag names one rendering of a rankings page: the state, the language and the part.
func rankedTag(r *http.Request, st *RankingState, part string) string {
	return `W/"r` + strconv.FormatInt(st.Version, 36) + "-" + string(templates.LangOf(r.Context())) + "-" + strconv.FormatUint(hashString(part), 36) + `"`
}

func seriesHref(org tournament.Organizer, id string) string {
	return "/o/" + org.Slug + "/series/" + id
}
func playerHref(org tournament.Organizer, id string) string {
	return "/o/" + org.Slug + "/players/" + id
}

// partLabel names a series part: the tournament, and the discipline when it has several.
func partLabel(s *tournament.Snapshot, disciplineID string) (label, short string) {
	if s == nil {
		return "?", "?"
	}
	label, short = s.Tournament.Name, s.Tournament.Name
	if d, ok := s.Discipline(disciplineID); ok {
		if len(s.Tournament.Disciplines) > 1 {
			label += " · " + d.Name
		}
		short = initials(s.Tournament.Name)
		if len(s.Tournament.Disciplines) > 1 {
			short += " " + cmp.Or(d.ShortName, initials(d.Name))
		}
	}
	return label, short
}

// initials shortens a tournament's name for a column head: "Club Night 3" → "CN3".
func initials(name string) string {
	var b strings.Builder
	for _, w := range strings.Fields(name) {
		r := []rune(w)
		if r[0] >= '0' && r[0] <= '9' {
			b.WriteString(w)
			continue
		}
		b.WriteRune(r[0])
	}
	return b.String()
}

// className is an event class in the page's language.
func className(ctx context.Context, c tournament.EventClass) string {
	switch c {
	case tournament.ClassRegional:
		return templates.T(ctx, "Regional event")
	case tournament.ClassNational:
		return templates.T(ctx, "National event")
	case tournament.ClassInternational:
		return templates.T(ctx, "International event")
	}
	return templates.T(ctx, "Club event")
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

// seriesTableView is the table of a series at a state.
func (rp *RankingPages) seriesTableView(r *http.Request, org tournament.Organizer, st *RankingState, se *tournament.Series, key string, kiosk bool) templates.SeriesTableView {
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
	t.Poll = templates.Poll{ID: seriesPart, Href: r.URL.Path, ETag: rankedTag(r, st, live+params), On: ss.Live, Every: 5000}
	if kiosk {
		t.Poll.Every = 3000
	}
	index := map[tournament.SeriesPart]int{}
	for i, part := range se.Parts {
		s := st.ByID[part.TournamentID]
		label, short := partLabel(s, part.DisciplineID)
		v := templates.SeriesPartView{Label: label, Short: short}
		if s != nil {
			v.Href, v.Live = tournamentHref(s), s.Tournament.State == tournament.StateRunning
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
		v := templates.SeriesRowView{Rank: row.Rank, Name: row.Name, Href: playerHref(org, row.PlayerID), PlayerID: row.PlayerID,
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
		table := rp.seriesTableView(r, org, st, se, key, false)
		if live {
			return templates.SeriesTable(table)
		}
		page := templates.SeriesPage{Page: rp.Pages.page(r, se.Name, templates.Tf(ctx, "The table of %s by %s.", se.Name, org.Name)),
			Organizer: org.Name, OrganizerHref: "/o/" + org.Slug, Name: se.Name, Class: className(ctx, se.Class), BestN: se.BestN,
			PointsTable: se.Table().String(), Parts: table.Parts, Table: table,
			CSVHref: seriesHref(org, se.ID) + "/table.csv", TVHref: seriesHref(org, se.ID) + "/tv",
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
		table := rp.seriesTableView(r, org, st, se, key, true)
		if part == "series-tv-live" {
			return templates.SeriesTable(table)
		}
		qr, _ := templates.NewQR(rp.Pages.BaseURL + seriesHref(org, se.ID))
		page := templates.SeriesTVPage{Page: rp.Pages.page(r, se.Name, templates.Tf(r.Context(), "The table of %s by %s.", se.Name, org.Name)), Name: se.Name, QR: qr, Table: table, Zone: seriesVenue(se, st.ByID)}
		page.Refresh = 30
		return templates.SeriesTV(page)
	})
}

// seriesVenue is the zone a series TV's clock tells: the venue's of the
// series' latest tournament that has started, else of its first with a
// zone (the device's own zone only when none has one).
func seriesVenue(se *tournament.Series, snaps map[string]*tournament.Snapshot) templates.Zone {
	if id := tournament.LatestStarted(se, snaps); id != "" && snaps[id].Tournament.TimeZone != "" {
		return venue(snaps[id].Tournament)
	}
	for _, part := range se.Parts {
		if s := snaps[part.TournamentID]; s != nil && s.Tournament.TimeZone != "" {
			return venue(s.Tournament)
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
		label, _ := partLabel(st.ByID[part.TournamentID], part.DisciplineID) // names an organizer chose, like a player's
		head = append(head, csvSafe(label+" place"), csvSafe(label+" points"))
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
		line := []string{strconv.Itoa(row.Rank), row.PlayerID, csvSafe(row.Name), strconv.Itoa(row.Points), strconv.Itoa(row.Events), strconv.Itoa(int(math.Round(rating))), move}
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

// csvSafe keeps a spreadsheet from reading a name as a formula: every cell
// that holds a name (a player's, a tournament's, a discipline's) goes through it.
func csvSafe(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
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
	visible := func(s *tournament.Snapshot) bool { return rp.visible(r, s) }
	if !ok || !all && !seenPlayer(st, pl.ID, visible) {
		return NotFound("player")
	}
	return rp.serveRanked(w, r, org.ID, st, "profile", pl.ID, func() templ.Component {
		return templates.Profile(rp.profileView(r, org, st, pl))
	})
}

// profileView builds a player's profile from the state, showing only the
// tournaments the request may see (a private one's matches still count in
// the rating, but are not listed).
func (rp *RankingPages) profileView(r *http.Request, org tournament.Organizer, st *RankingState, pl tournament.RegisteredPlayer) templates.ProfilePage {
	ctx := r.Context()
	seen := st.Seen(rp.Pages.views(r, org.ID))
	pr := profileOf(st, seen, pl.ID, func(s *tournament.Snapshot) bool { return rp.visible(r, s) })
	p := templates.ProfilePage{Page: rp.Pages.page(r, pl.Name, templates.Tf(ctx, "%s: rating, tournaments, matches and partners.", pl.Name)),
		Organizer: org.Name, OrganizerHref: "/o/" + org.Slug, Name: pl.Name}
	rating, games := st.Rating(seen, pl.ID)
	p.Rating, p.Games = templates.Number(ctx, math.Round(rating), 0), games
	if pr.last != nil {
		p.Since, p.Change = pr.last.Tournament.Name, signed(ctx, pr.lastChange)
	}
	p.Chart = ratingChart(ctx, st, seen, pl.ID)
	for _, t := range pr.tournaments {
		v := templates.ProfileTournament{Name: t.snap.Tournament.Name, Href: tournamentHref(t.snap), Date: venue(t.snap.Tournament).Date(ctx, t.snap.Tournament.StartTime), Discipline: t.discipline}
		if t.place > 0 {
			v.Place = templates.Tf(ctx, "Place %d", t.place)
		}
		if t.rated {
			v.Change = signed(ctx, t.change)
		}
		p.Tournaments = append(p.Tournaments, v)
	}
	slices.Reverse(p.Tournaments) // the latest first
	for _, m := range pr.matches {
		mark := templates.T(ctx, "D")
		if m.won {
			mark = templates.T(ctx, "W")
		} else if m.lost {
			mark = templates.T(ctx, "L")
		}
		p.Matches = append(p.Matches, templates.ProfileMatch{Tournament: m.snap.Tournament.Name, Href: tournamentHref(m.snap) + "/matches/" + m.match.ID,
			Partners: strings.Join(m.partners, ", "), Opponents: strings.Join(m.opponents, ", "), Mark: mark, Score: m.score, Change: signed(ctx, m.delta)})
	}
	for _, pa := range pr.partners {
		v := templates.ProfilePartner{Name: pa.name, Matches: pa.matches, Won: pa.won}
		if _, ok := st.Data.Register.Players[pa.id]; ok {
			v.Href = playerHref(org, pa.id)
		}
		p.Partners = append(p.Partners, v)
	}
	for i := range st.Data.Series {
		se := &st.Data.Series[i]
		shown, key := shownSeries(se, st, func(s *tournament.Snapshot) bool { return rp.visible(r, s) })
		for _, row := range st.Series(shown, key).Rows {
			if row.PlayerID == pl.ID {
				p.Series = append(p.Series, templates.ProfileSeries{Name: se.Name, Href: seriesHref(org, se.ID), Rank: row.Rank, Points: row.Points})
			}
		}
	}
	return p
}

// seenPlayer reports whether a viewer who sees the tournaments visible
// sees the player: it entered one of them.
func seenPlayer(st *RankingState, playerID string, visible func(*tournament.Snapshot) bool) bool {
	for tid := range playerEntries(st, playerID) {
		if visible(st.ByID[tid]) {
			return true
		}
	}
	return false
}

// maxProfileMatches is how many of a player's latest matches a profile lists.
const maxProfileMatches = 50

// profile is what a profile shows of a player, before words.
type profile struct {
	tournaments []profileTournament
	matches     []profileMatch
	partners    []profilePartner
	last        *tournament.Snapshot // the last tournament the player was rated in
	lastChange  float64
}

type profileTournament struct {
	snap       *tournament.Snapshot
	discipline string
	place      int
	rated      bool
	change     float64
}

type profileMatch struct {
	snap                *tournament.Snapshot
	match               *tournament.Match
	partners, opponents []string
	score               string
	won, lost           bool
	delta               float64
}

type profilePartner struct {
	id, name     string
	matches, won int
}

// profileOf gathers a player's tournaments (by start), latest matches and partners.
func profileOf(st *RankingState, seen *tournament.Ratings, playerID string, visible func(*tournament.Snapshot) bool) profile {
	var out profile
	mine := playerEntries(st, playerID)
	pr := seen.Players[playerID]
	out.tournaments, out.last, out.lastChange = profileTournaments(st, mine, pr, visible)
	if pr == nil {
		return out
	}
	out.matches, out.partners = profileMatches(st, mine, pr, visible)
	return out
}

// playerEntries are the player's entries: tournament id → the player's entry ids there.
func playerEntries(st *RankingState, playerID string) map[string]map[string]bool {
	mine := map[string]map[string]bool{}
	for _, k := range st.Data.Register.LinksOf(playerID) {
		tid, eid, _ := tournament.SplitLinkKey(k)
		if mine[tid] == nil {
			mine[tid] = map[string]bool{}
		}
		mine[tid][eid] = true
	}
	return mine
}

// profileTournaments are the player's tournaments and places, by start,
// with the last rated one and its rating change.
func profileTournaments(st *RankingState, mine map[string]map[string]bool, pr *tournament.PlayerRating, visible func(*tournament.Snapshot) bool) (out []profileTournament, last *tournament.Snapshot, lastChange float64) {
	for _, s := range st.Snaps {
		ids := mine[s.Tournament.ID]
		if ids == nil || !visible(s) {
			continue
		}
		rated := pr != nil && slices.ContainsFunc(pr.History, func(h tournament.RatingPoint) bool { return h.TournamentID == s.Tournament.ID })
		var change float64
		if rated {
			for _, h := range pr.History {
				if h.TournamentID == s.Tournament.ID {
					change += h.Delta
				}
			}
			last, lastChange = s, change
		}
		for di := range s.Tournament.Disciplines {
			d := &s.Tournament.Disciplines[di]
			entry := ""
			for _, eid := range d.EntryIDs {
				if e := s.Entries[eid]; e != nil && slices.ContainsFunc(e.Players(), func(p string) bool { return ids[p] }) {
					entry = eid
					break
				}
			}
			if entry == "" {
				continue
			}
			out = append(out, profileTournament{snap: s, discipline: d.Name, place: tournament.FinalPlaces(s, d)[entry], rated: rated, change: change})
		}
	}
	return out, last, lastChange
}

// profileMatches are the player's latest matches (at most maxProfileMatches),
// the latest first, and partners over all of them, most matches first.
func profileMatches(st *RankingState, mine map[string]map[string]bool, pr *tournament.PlayerRating, visible func(*tournament.Snapshot) bool) (matches []profileMatch, out []profilePartner) {
	reg := st.Data.Register
	name := func(tid, entryID string, e *tournament.Entry) (string, string) {
		if pid := reg.PlayerOf(tid, entryID); pid != "" {
			return pid, reg.Players[pid].Name
		}
		return tournament.UnlinkedPrefix + tournament.LinkKey(tid, entryID), e.Name
	}
	partners := map[string]*profilePartner{}
	for i := len(pr.History) - 1; i >= 0; i-- {
		h := pr.History[i]
		s := st.ByID[h.TournamentID]
		if s == nil || !visible(s) {
			continue
		}
		_, mid, _ := strings.Cut(h.Match, "/")
		m, ok := s.Match(mid)
		if !ok {
			continue
		}
		side := -1
		for sd, e := range m.Entries {
			if slices.ContainsFunc(e.Players(), func(p string) bool { return mine[s.Tournament.ID][p] }) {
				side = sd
			}
		}
		if side < 0 {
			continue
		}
		pm := profileMatch{snap: s, match: m, delta: h.Delta, won: m.Winner() == side, lost: m.Winner() == 1-side}
		for _, p := range m.Entries[side].Players() {
			if mine[s.Tournament.ID][p] {
				continue
			}
			id, n := name(s.Tournament.ID, p, findEntry(s, m.Entries[side], p))
			pm.partners = append(pm.partners, n)
			pa := partners[id]
			if pa == nil {
				pa = &profilePartner{id: id, name: n}
				partners[id] = pa
			}
			pa.matches++
			if pm.won {
				pa.won++
			}
		}
		for _, p := range m.Entries[1-side].Players() {
			_, n := name(s.Tournament.ID, p, findEntry(s, m.Entries[1-side], p))
			pm.opponents = append(pm.opponents, n)
		}
		score := s.DisplayScore(m)
		pm.score = fmt.Sprintf("%d:%d", score[side], score[1-side])
		if len(matches) < maxProfileMatches {
			matches = append(matches, pm)
		}
	}
	for _, pa := range partners {
		out = append(out, *pa)
	}
	slices.SortFunc(out, func(a, b profilePartner) int {
		return cmp.Or(cmp.Compare(b.matches, a.matches), strings.Compare(a.name, b.name))
	})
	return matches, out
}

// findEntry is the player entry p within the side's entry.
func findEntry(s *tournament.Snapshot, side *tournament.Entry, p string) *tournament.Entry {
	if e := s.Entries[p]; e != nil {
		return e
	}
	for _, x := range side.Entries {
		if x != nil && x.ID == p {
			return x
		}
	}
	return &tournament.Entry{ID: p}
}

// ratingChart draws the player's rating in seen after each match into a
// 640×200 drawing: the line, a rating scale, and a dot at each tournament's
// end (seen holds only tournaments the viewer may see).
func ratingChart(ctx context.Context, st *RankingState, seen *tournament.Ratings, playerID string) templates.RatingChart {
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
	for i, h := range pr.History {
		if i+1 == len(pr.History) || pr.History[i+1].TournamentID != h.TournamentID {
			name := "?"
			if s := st.ByID[h.TournamentID]; s != nil {
				name = s.Tournament.Name
			}
			c.Dots = append(c.Dots, templates.ChartDot{X: x(i + 1), Y: y(h.Rating), Title: name + ": " + templates.Number(ctx, math.Round(h.Rating), 0)})
		}
	}
	c.Label = templates.Tf(ctx, "Rating over %d matches: from %s to %s (lowest %s, highest %s).", len(pr.History),
		templates.Number(ctx, start, 0), templates.Number(ctx, math.Round(pr.Rating), 0),
		templates.Number(ctx, math.Round(slices.Min(values)), 0), templates.Number(ctx, math.Round(slices.Max(values)), 0))
	return c
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
		p := templates.RatingsPage{Page: rp.Pages.page(r, templates.Tf(ctx, "Rankings of %s", org.Name), templates.Tf(ctx, "Series tables and player ratings of %s.", org.Name)),
			Organizer: org.Name, OrganizerHref: "/o/" + org.Slug, Start: templates.Number(ctx, float64(st.Data.Settings.Start), 0)}
		for i := range st.Data.Series {
			se := &st.Data.Series[i]
			shown, key := shownSeries(se, st, func(s *tournament.Snapshot) bool { return rp.visible(r, s) })
			if len(shown.Parts) == 0 {
				continue
			}
			p.Series = append(p.Series, templates.SeriesLink{Name: se.Name, Href: seriesHref(org, se.ID), Class: className(ctx, se.Class), Live: st.Series(shown, key).Live})
		}
		for _, row := range ratingList(st, st.Seen(rp.Pages.views(r, org.ID))) {
			if len(p.Rows) == maxRatingsShown {
				break
			}
			p.Rows = append(p.Rows, templates.RatingRow{Rank: row.Rank, Name: row.Name, Href: playerHref(org, row.PlayerID), Rating: templates.Number(ctx, float64(row.Rating), 0), Games: row.Games})
		}
		return templates.Ratings(p)
	})
}
