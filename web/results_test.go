package web

import (
	"context"
	"courtside/wire"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"courtside/tournament"
)

func (f *fixture) put(path, key, body string) *httptest.ResponseRecorder {
	f.t.Helper()
	req := httptest.NewRequest(http.MethodPut, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	rec := httptest.NewRecorder()
	f.handler.ServeHTTP(rec, req)
	return rec
}

// running finds a running match of the tournament in a group whose configuration keep accepts.
func (f *fixture) running(dt tournament.DemoTournament, keep func(*tournament.Group, tournament.MatchConfiguration) bool) (*tournament.Match, *tournament.Group) {
	f.t.Helper()
	for _, m := range dt.Matches {
		if m.State != tournament.MatchRunning {
			continue
		}
		g := f.groupByID(dt, m.GroupID)
		if keep(g, g.Options.MatchConfigurations[m.Config]) {
			return m, g
		}
	}
	f.t.Fatal("no such running match")
	return nil, nil
}

func (f *fixture) groupByID(dt tournament.DemoTournament, id string) *tournament.Group {
	for _, d := range dt.Tournament.Disciplines {
		for _, s := range d.Stages {
			for i := range s.Groups {
				if s.Groups[i].ID == id {
					return &s.Groups[i]
				}
			}
		}
	}
	f.t.Fatalf("no group %s", id)
	return nil
}

func singleSetTo7(g *tournament.Group, c tournament.MatchConfiguration) bool {
	return len(g.Encounters) == 0 && c.NumSets == 1 && c.NumPoints == 7 && !c.QuickEntry
}

func TestFinalResult(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	m, _ := f.running(hamburg, singleSetTo7)
	base := "/v1/public/tournaments/" + hamburg.Tournament.ID
	rec := f.put(base+"/matches/"+m.ID+"/result", f.token, `{"result": [[[7, 5]]]}`)
	if rec.Code != 200 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	var got wire.Match
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got.State != tournament.MatchPlayed || *got.IsLiveResult || got.EndTime.IsZero() || *got.DisplayScore != [2]int{7, 5} || !slices.Equal(got.CourtIDs, m.CourtIDs) {
		t.Errorf("after the final result: %+v", got)
	}
	// The API reads the same, and the court is free.
	var again wire.Match
	_ = json.Unmarshal(f.get(base+"/matches/"+m.ID, f.token).Body.Bytes(), &again)
	if again.State != tournament.MatchPlayed {
		t.Errorf("GET after PUT: %s", again.State)
	}
	var court wire.Court
	_ = json.Unmarshal(f.get(base+"/courts/"+m.CourtIDs[0], f.token).Body.Bytes(), &court)
	if court.CurrentMatchID != "" {
		t.Errorf("court still shows %s", court.CurrentMatchID)
	}
	// The audit log has who and what.
	audit, err := f.store.Audit(context.Background(), hamburg.Tournament.ID, m.ID)
	if err != nil || len(audit) != 1 || audit[0].By != "Announcer" || !audit[0].Final || audit[0].New[0][0] != (tournament.Set{7, 5}) {
		t.Errorf("audit %+v %v", audit, err)
	}
	// A second final: the match is not running any more.
	rec = f.put(base+"/matches/"+m.ID+"/result", f.token, `{"result": [[[7, 1]]]}`)
	if rec.Code != 412 || rec.Body.String() != `{"message":"Match is not running","error":"Precondition Failed","statusCode":412}`+"\n" {
		t.Errorf("second final: %d %q", rec.Code, rec.Body)
	}
}

func TestLiveResult(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	m, _ := f.running(hamburg, singleSetTo7)
	path := "/v1/public/tournaments/" + hamburg.Tournament.ID + "/matches/" + m.ID + "/live-result"
	rec := f.put(path, f.token, `{"result": [[[3, 4]]]}`)
	var got wire.Match
	_ = json.Unmarshal(rec.Body.Bytes(), &got)
	if rec.Code != 200 || got.State != tournament.MatchRunning || !*got.IsLiveResult || !got.EndTime.IsZero() || *got.DisplayScore != [2]int{3, 4} {
		t.Fatalf("%d %+v", rec.Code, got)
	}
	// A final score sent as a live result is allowed and still does not end the match.
	rec = f.put(path, f.token, `{"result": [[[7, 4]]]}`)
	_ = json.Unmarshal(rec.Body.Bytes(), &got)
	if rec.Code != 200 || got.State != tournament.MatchRunning {
		t.Errorf("%d %s", rec.Code, got.State)
	}
	open := f.match(hamburg, func(m *tournament.Match) bool { return m.State == tournament.MatchOpen })
	rec = f.put("/v1/public/tournaments/"+hamburg.Tournament.ID+"/matches/"+open.ID+"/live-result", f.token, `{"result": [[[1, 0]]]}`)
	if rec.Code != 412 {
		t.Errorf("live result on an open match: %d", rec.Code)
	}
}

func TestResultRequestsThatAreRefused(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	training := f.tournament("Club Training Night")
	m, _ := f.running(hamburg, singleSetTo7)
	path := "/v1/public/tournaments/" + hamburg.Tournament.ID + "/matches/" + m.ID + "/result"
	cases := []struct {
		name, path, key, body string
		status                int
		message               string
	}{
		{"public key", path, f.publicKicker, `{"result":[[[7,1]]]}`, 403, "SCOPE_MISSING"},
		{"another organizer's token", path, f.bouleToken, `{"result":[[[7,1]]]}`, 403, "FORBIDDEN"},
		{"no key", path, "", `{"result":[[[7,1]]]}`, 401, "ACCESS_TOKEN_MISSING"},
		{"unknown match", "/v1/public/tournaments/" + hamburg.Tournament.ID + "/matches/tio:x/result", f.token, `{"result":[[[7,1]]]}`, 404, "MATCH_NOT_FOUND"},
		{"unknown tournament", "/v1/public/tournaments/tio:x/matches/" + m.ID + "/result", f.token, `{"result":[[[7,1]]]}`, 404, "TOURNAMENT_NOT_FOUND"},
		{"private, not owner", "/v1/public/tournaments/" + training.Tournament.ID + "/matches/" + training.Matches[0].ID + "/result", f.bouleToken, `{"result":[[[7,1]]]}`, 403, "FORBIDDEN"},
		{"not over", path, f.token, `{"result":[[[6,1]]]}`, 400, "encounter 1, set 1: 6:1 is not over: a side needs 7 points"},
		{"past the points", path, f.token, `{"result":[[[9,1]]]}`, 400, "encounter 1, set 1: 9:1 goes past 7 points"},
		{"empty body", path, f.token, ``, 400, "the body is empty: send a JSON object"},
		{"no result", path, f.token, `{}`, 400, "result is required: an array of encounters, each an array of sets of two numbers"},
		{"unknown field", path, f.token, `{"result":[[[7,1]]],"winner":0}`, 400, `unknown field "winner"`},
		{"wrong type", path, f.token, `{"result":"7:1"}`, 400, "result must be an array"},
		{"wrong type inside", path, f.token, `{"result":[{"a":1}]}`, 400, "result must be an array"},
		{"three numbers in a set", path, f.token, `{"result":[[[7,1,2]]]}`, 400, "the body is not valid: a set is two whole numbers, one per side, not [7,1,2]"},
		{"a fraction", path, f.token, `{"result":[[[7,1.5]]]}`, 400, "the body is not valid: a set is two whole numbers, one per side, not [7,1.5]"},
		{"not JSON", path, f.token, `result=7:1`, 400, "the body is not valid: invalid character 'r' looking for beginning of value"},
		{"two values", path, f.token, `{"result":[[[7,1]]]} {}`, 400, "the body holds more than one JSON value"},
		{"huge body", path, f.token, `{"result":[` + strings.Repeat(`[[7,1]],`, 10000) + `[[7,1]]]}`, 400, "the body is larger than 65536 bytes"},
		{"too many encounters", path, f.token, `{"result":[[[7,1]],[[7,1]]]}`, 400, "a match here has 1 encounter(s), the result has 2"},
		{"over a limit", path, f.token, `{"result":[[[7,100000]]]}`, 400, `encounter 1, set 1: 7:100000 is more than a set can score (limit "points per set": 999)`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := f.put(c.path, c.key, c.body)
			var body struct {
				Message    string `json:"message"`
				StatusCode int    `json:"statusCode"`
			}
			_ = json.Unmarshal(rec.Body.Bytes(), &body)
			if rec.Code != c.status || body.Message != c.message || body.StatusCode != c.status {
				t.Errorf("%d %s", rec.Code, rec.Body)
			}
		})
	}
	// Nothing was written by any of them.
	snap, _ := f.store.Snapshot(context.Background(), hamburg.Tournament.ID)
	if now, _ := snap.Match(m.ID); now.State != tournament.MatchRunning || now.Rev != m.Rev {
		t.Errorf("a refused write changed the match: %s rev %d", now.State, now.Rev)
	}
}

func TestResultShapesByConfiguration(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	league, _ := f.running(hamburg, func(g *tournament.Group, _ tournament.MatchConfiguration) bool { return len(g.Encounters) == 3 })
	quick, _ := f.running(hamburg, func(g *tournament.Group, c tournament.MatchConfiguration) bool { return c.QuickEntry && c.NumSets == 2 })
	draw, _ := f.running(hamburg, func(_ *tournament.Group, c tournament.MatchConfiguration) bool { return c.Draw })
	base := "/v1/public/tournaments/" + hamburg.Tournament.ID + "/matches/"
	cases := []struct {
		name, match, body string
		status            int
		score             [2]int
	}{
		{"league needs all three encounters", league.ID, `{"result":[[[7,1]],[[7,3]]]}`, 400, [2]int{}},
		{"league of three", league.ID, `{"result":[[[7,1]],[[5,7]],[[7,3]]]}`, 200, [2]int{2, 1}},
		{"quick entry takes 1 or 0", quick.ID, `{"result":[[[7,0],[7,0]]]}`, 400, [2]int{}},
		{"quick entry best of three", quick.ID, `{"result":[[[1,0],[0,1],[1,0]]]}`, 200, [2]int{2, 1}},
		{"a draw where draws are allowed", draw.ID, `{"result":[[[5,3],[2,5]]]}`, 200, [2]int{1, 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := f.put(base+c.match+"/result", f.token, c.body)
			if rec.Code != c.status {
				t.Fatalf("%d %s", rec.Code, rec.Body)
			}
			if c.status == 200 {
				var got wire.Match
				_ = json.Unmarshal(rec.Body.Bytes(), &got)
				if *got.DisplayScore != c.score {
					t.Errorf("displayScore %v, want %v", *got.DisplayScore, c.score)
				}
			}
		})
	}
}

func TestRacingFinalsOneWins(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	m, _ := f.running(hamburg, singleSetTo7)
	path := "/v1/public/tournaments/" + hamburg.Tournament.ID + "/matches/" + m.ID + "/result"
	const writers = 200
	codes := make([]int, writers)
	var wg sync.WaitGroup
	for i := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = f.put(path, f.token, fmt.Sprintf(`{"result":[[[7,%d]]]}`, i%7)).Code
		}()
	}
	wg.Wait()
	counts := map[int]int{}
	for _, c := range codes {
		counts[c]++
	}
	if counts[200] != 1 || counts[412] != writers-1 {
		t.Errorf("status counts %v: want exactly one 200 and the rest 412", counts)
	}
	audit, _ := f.store.Audit(context.Background(), hamburg.Tournament.ID, m.ID)
	if len(audit) != 1 {
		t.Errorf("%d audit entries for one final", len(audit))
	}
}

func TestRacingLiveResultsLastWinsWhole(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	m, _ := f.running(hamburg, func(_ *tournament.Group, c tournament.MatchConfiguration) bool {
		return c.NumSets == 2 && c.NumPoints == 5
	})
	path := "/v1/public/tournaments/" + hamburg.Tournament.ID + "/matches/" + m.ID + "/live-result"
	const writers = 200
	sent := make([]tournament.Encounters, writers)
	var wg sync.WaitGroup
	for i := range writers {
		sent[i] = tournament.Encounters{{{5, i % 4}, {i % 5, (i / 5) % 5}}}
		wg.Add(1)
		go func() {
			defer wg.Done()
			body, _ := json.Marshal(map[string]any{"result": sent[i]})
			if rec := f.put(path, f.token, string(body)); rec.Code != 200 {
				t.Errorf("writer %d: %d %s", i, rec.Code, rec.Body)
			}
		}()
	}
	wg.Wait()
	snap, _ := f.store.Snapshot(context.Background(), hamburg.Tournament.ID)
	stored, _ := snap.Match(m.ID)
	audit, _ := f.store.Audit(context.Background(), hamburg.Tournament.ID, m.ID)
	if len(audit) != 100 { // the log keeps the last 100 writes
		t.Errorf("%d audit entries after %d writes", len(audit), writers)
	}
	// What is stored is exactly what the last write sent.
	if fmt.Sprint(stored.Encounters) != fmt.Sprint(audit[0].New) || !stored.IsLiveResult || stored.State != tournament.MatchRunning {
		t.Errorf("stored %v, the last write sent %v", stored.Encounters, audit[0].New)
	}
	whole := false
	for _, s := range sent {
		whole = whole || fmt.Sprint(s) == fmt.Sprint(stored.Encounters)
	}
	if !whole {
		t.Errorf("stored %v is a mix of the sent results", stored.Encounters)
	}
	// A final then ends it, and no live result can reopen it.
	if rec := f.put(strings.TrimSuffix(path, "live-result")+"result", f.token, `{"result":[[[5,1],[5,2]]]}`); rec.Code != 200 {
		t.Fatalf("final: %d %s", rec.Code, rec.Body)
	}
	if rec := f.put(path, f.token, `{"result":[[[5,1]]]}`); rec.Code != 412 {
		t.Errorf("live result after the final: %d", rec.Code)
	}
}
