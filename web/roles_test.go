package web

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"courtside/handlers/console"
	"courtside/handlers/court"
	"courtside/handlers/screens"
	"courtside/tournament"
	"courtside/upstream"
)

// fillPattern is a route's pattern as a request: its method, and its path
// with each wildcard replaced by the value given for it.
func fillPattern(t *testing.T, pattern string, values map[string]string) (method, path string) {
	t.Helper()
	method, path, _ = strings.Cut(pattern, " ")
	for name, v := range values {
		path = strings.ReplaceAll(path, "{"+name+"}", v)
	}
	if strings.Contains(path, "{") {
		t.Fatalf("no value for a wildcard of %s", pattern)
	}
	return method, path
}

// TestAResultsHelperUsesOnlyItsRoutes goes through the console's route table
// as a results-only helper: every route of the director's answers 403 and
// changes nothing; every route of the helpers' does its work; and the pages
// the helper sees lead only to routes it may use.
func TestAResultsHelperUsesOnlyItsRoutes(t *testing.T) {
	f := newFixture(t)
	// The server as it runs with following on, so that its routes are in the table too.
	h, err := Routes(Config{Store: f.store, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), RateLimit: 120,
		TrustedProxies: []netip.Prefix{netip.MustParsePrefix(trustedProxy + "/32")},
		Upstream:       upstream.New(f.store, slog.New(slog.NewTextHandler(io.Discard, nil)), "http://localhost:8080")})
	if err != nil {
		t.Fatal(err)
	}
	f.handler = h
	s := newCourtSceneOn(t, f, tournament.ReportingConfirmed)
	ctx := context.Background()
	rec := s.desk.do(http.MethodPost, "/admin/logins", url.Values{"name": {"Desk 2"}, "role": {"results"}})
	helper := f.signInByQR(strings.TrimSpace(s.desk.doc(rec).Find(`[data-testid="signin-link"]`).Text()))
	keys, err := f.store.Helpers(ctx, f.org("kickerclub-hamburg").ID)
	if err != nil || len(keys) != 1 {
		t.Fatalf("helpers %v %v", keys, err)
	}
	// A dispute on the second court, for the helper to settle.
	s.send(s.phone(), 1, "", 7, 5)
	s.send(s.phone(), 1, "", 5, 7)

	snap := s.snap()
	var open []*tournament.Match
	var played []*tournament.Match
	var correctable *tournament.Match
	for _, m := range snap.Matches {
		switch {
		case m.State == tournament.MatchOpen && m.Entries[0] != nil && m.Entries[1] != nil && !snap.Busy(m):
			open = append(open, m)
		case m.State == tournament.MatchPlayed && m.Forfeit == "":
			played = append(played, m)
		}
	}
	if len(open) < 3 || len(played) == 0 {
		t.Fatalf("the Hamburg Open has %d open matches and %d played", len(open), len(played))
	}
	var free string
	for _, c := range snap.Tournament.Courts {
		if snap.CourtMatch(c.ID) == nil && !c.Closed {
			free = c.ID
		}
	}
	wild := map[string]string{"id": s.id, "matchId": open[0].ID, "courtId": s.courts[0].ID, "disciplineId": snap.Tournament.Disciplines[0].ID,
		"stageId": snap.Tournament.Disciplines[0].Stages[0].ID, "keyId": keys[0].ID, "playerId": "p1", "seriesId": "s1"}
	base := "/admin/t/" + s.id

	// What each of the helpers' routes is asked, and answers when it works.
	type use struct {
		path string
		form func() url.Values
		want int
	}
	// A played match whose winner may still change, found by asking for the
	// second look of a correction (which changes nothing).
	var correction url.Values
	for _, m := range played {
		doc := helper.doc(helper.do(http.MethodGet, base+"/matches/"+m.ID, nil))
		if rec := helper.do(http.MethodPost, base+"/matches/"+m.ID+"/correct", flipped(doc, "correct")); rec.Code == http.StatusOK {
			correctable, correction = m, flipped(doc, "confirm")
			break
		}
	}
	if correctable == nil {
		t.Fatal("no played match of the Hamburg Open can be corrected")
	}
	uses := map[string]use{
		"GET /admin":               {"/admin", nil, http.StatusOK},
		"GET /admin/t/{id}":        {base, nil, http.StatusOK},
		"GET /admin/t/{id}/played": {base + "/played", nil, http.StatusOK},
		"POST /admin/t/{id}/matches/{matchId}/call": {base + "/matches/" + open[0].ID + "/call",
			func() url.Values { return url.Values{"court": {free}} }, http.StatusSeeOther},
		"POST /admin/t/{id}/matches/{matchId}/uncall": {base + "/matches/" + open[0].ID + "/uncall", nil, http.StatusSeeOther},
		"POST /admin/t/{id}/matches/{matchId}/state": {base + "/matches/" + open[1].ID + "/state",
			func() url.Values { return url.Values{"to": {"paused"}} }, http.StatusSeeOther},
		"GET /admin/t/{id}/matches/{matchId}": {base + "/matches/" + s.matches[0].ID, nil, http.StatusOK},
		"POST /admin/t/{id}/matches/{matchId}/result": {base + "/matches/" + s.matches[0].ID + "/result",
			func() url.Values { return url.Values{"action": {"live"}, "s.0.0.0": {"3"}, "s.0.0.1": {"2"}} }, http.StatusSeeOther},
		"POST /admin/t/{id}/matches/{matchId}/correct": {base + "/matches/" + correctable.ID + "/correct",
			func() url.Values { return correction }, http.StatusSeeOther},
		"POST /admin/t/{id}/matches/{matchId}/walkover": {base + "/matches/" + open[2].ID + "/walkover",
			func() url.Values { return url.Values{"action": {"confirm"}, "side": {"0"}} }, http.StatusSeeOther},
		"POST /admin/t/{id}/courts/{courtId}/settle": {base + "/courts/" + s.courts[1].ID + "/settle",
			func() url.Values { return url.Values{"match": {s.matches[1].ID}, "report": {"0"}} }, http.StatusSeeOther},
	}

	// The helper's pages lead only to what it may use: every link and form
	// of the console, the home, a result page and the played matches.
	allowed := http.NewServeMux()
	for _, rt := range consoleRoutes(testConsoleFaces()) {
		if rt.who == helpers {
			allowed.Handle(rt.pattern, http.NotFoundHandler())
		}
	}
	for _, page := range []string{"/admin", base, base + "/matches/" + s.matches[0].ID, base + "/played", base + "/matches/" + correctable.ID} {
		doc := helper.doc(helper.do(http.MethodGet, page, nil))
		var leads []string
		doc.Find(`a[href^="/admin"]`).Each(func(_ int, a *goquery.Selection) { leads = append(leads, "GET "+a.AttrOr("href", "")) })
		doc.Find(`form[action^="/admin"]`).Each(func(_ int, form *goquery.Selection) {
			leads = append(leads, strings.ToUpper(form.AttrOr("method", "GET"))+" "+form.AttrOr("action", ""))
		})
		for _, lead := range leads {
			method, target, _ := strings.Cut(lead, " ")
			if target == "/admin/logout" {
				continue
			}
			req := httptest.NewRequest(method, target, nil)
			if _, pattern := allowed.Handler(req); pattern == "" {
				t.Errorf("%s shows the helper %s, which it may not use", page, lead)
			}
		}
	}
	before := s.snap().Version
	for _, rt := range consoleRoutes(testConsoleFaces()) {
		t.Run(rt.pattern, func(t *testing.T) {
			if rt.who == directors {
				method, path := fillPattern(t, rt.pattern, wild)
				form := url.Values{"name": {"x"}, "court": {s.courts[0].ID}, "paused": {"true"}, "closed": {"true"}, "minutes": {"90"},
					"a": {"e1"}, "b": {"e2"}, "discipline": {wild["disciplineId"]}, "entry": {"x"}, "role": {"full"}, "confirmed": {"yes"},
					"reporting": {"off"}, "url": {"http://localhost:9/"}}
				if method == http.MethodGet {
					form = nil
				}
				v := s.snap().Version
				if rec := helper.do(method, path, form); rec.Code != http.StatusForbidden {
					t.Errorf("%s by a results-only helper: %d", path, rec.Code)
				}
				if s.snap().Version != v {
					t.Errorf("%s by a results-only helper changed the tournament", path)
				}
				return
			}
			u, ok := uses[rt.pattern]
			if !ok {
				t.Fatalf("no case for the helpers' route %s: say how a helper uses it", rt.pattern)
			}
			method, _, _ := strings.Cut(rt.pattern, " ")
			var form url.Values
			if u.form != nil {
				form = u.form()
			}
			if rec := helper.do(method, u.path, form); rec.Code != u.want {
				t.Errorf("%s by a results-only helper: %d, want %d: %s", u.path, rec.Code, u.want, helper.doc(rec).Find(`[role="alert"]`).Text())
			}
		})
	}
	if s.snap().Version == before {
		t.Error("the helper's own routes changed nothing")
	}
	if keys, _ := f.store.Helpers(ctx, f.org("kickerclub-hamburg").ID); len(keys) != 1 || keys[0].Revoked {
		t.Errorf("the helper changed the logins: %+v", keys)
	}
}

// testConsoleFaces are console handlers for reading the route table.
func testConsoleFaces() consoleFaces {
	return consoleFaces{admin: &console.Admin{}, screens: &screens.Screens{}, setup: &console.Setups{}, accounts: &console.Accounts{},
		reports: &court.CourtReports{}, rankings: &console.AdminRankings{}, follow: &console.AdminFollow{}}
}
