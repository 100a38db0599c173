package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"courtside/cache/cachetest"
	"courtside/tournament"
)

// BenchmarkConfirmingReport measures, on the server, the way from a
// second phone's agreeing report to the TV's next poll showing the result:
// the confirming POST (the report, the result through the rules, the
// reports cleared) and the board poll that follows it, a 200 with the new
// board. A TV adds up to one poll interval (3 s) on top. Each iteration
// needs a running match with a pending report, made untimed; the demo's
// courts hold a few one-set matches, so run it with -benchtime=3x:
//
//	go test -run '^$' -bench ConfirmingReport -benchtime=3x -count=5 ./web/
func BenchmarkConfirmingReport(b *testing.B) {
	ctx := context.Background()
	store, demo := cachetest.Demo(b)
	h, _ := benchServer(b, store, demo.Organizers[0].ID)
	var id string
	for _, dt := range demo.Tournaments {
		if dt.Tournament.Name == "Hamburg Open 2026" {
			id = dt.Tournament.ID
		}
	}
	snap, err := store.Snapshot(ctx, id)
	if err != nil {
		b.Fatal(err)
	}
	if _, _, err := store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.SetReporting(tournament.ReportingConfirmed, false, cachetest.Now)
	}); err != nil {
		b.Fatal(err)
	}
	var ids []string
	for _, c := range snap.Tournament.Courts {
		ids = append(ids, c.ID)
	}
	codes, err := store.CourtCodes(ctx, id, ids, false)
	if err != nil {
		b.Fatal(err)
	}
	post := func(code, device, matchID string, result tournament.Set, want int) {
		form := url.Values{"match": {matchID}, "action": {"send"}}
		form.Set("s.0.0.0", strconv.Itoa(result[0]))
		form.Set("s.0.0.1", strconv.Itoa(result[1]))
		req := httptest.NewRequest(http.MethodPost, "/c/"+code, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.AddCookie(&http.Cookie{Name: "courtside_device", Value: device})
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != want {
			b.Fatalf("report: %d", rec.Code)
		}
	}
	board := "/t/" + id + "/board"
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		// A court with a one-set match on it, reported by a first phone.
		snap, _ := store.Snapshot(ctx, id)
		var m *tournament.Match
		var code string
		for _, c := range snap.Tournament.Courts {
			if cm := snap.CourtMatch(c.ID); cm != nil && oneSet(snap, cm) {
				m, code = cm, codes[c.ID]
				break
			}
		}
		if m == nil {
			b.Fatalf("no court with a one-set match left after %d iterations: run with -benchtime=3x", i)
		}
		points := snap.Config(m).NumPoints
		result := tournament.Set{points, max(points-2, 0)}
		post(code, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", m.ID, result, http.StatusSeeOther)
		before := httptest.NewRecorder()
		h.ServeHTTP(before, httptest.NewRequest(http.MethodGet, board, nil))
		tag := before.Header().Get("ETag")
		b.StartTimer()

		post(code, "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", m.ID, result, http.StatusSeeOther)
		poll := httptest.NewRequest(http.MethodGet, board, nil)
		poll.Header.Set("If-None-Match", tag)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, poll)

		b.StopTimer()
		if rec.Code != http.StatusOK || strings.Contains(rec.Body.String(), "|"+m.ID+`"`) { // data-called="<court>|<match>"
			b.Fatalf("the poll after the confirmation: %d, or the match still on its court", rec.Code)
		}
		got, _ := store.Snapshot(ctx, id)
		if played, _ := got.Match(m.ID); played.State != tournament.MatchPlayed {
			b.Fatal("the confirmation did not end the match")
		}
		b.StartTimer()
	}
}

// oneSet reports whether m is won in one set of points, as a phone reports 7:5.
func oneSet(snap *tournament.Snapshot, m *tournament.Match) bool {
	g, _ := snap.Group(m.GroupID)
	cfg := snap.Config(m)
	return cfg.NumSets == 1 && !cfg.QuickEntry && len(g.Encounters) <= 1
}
