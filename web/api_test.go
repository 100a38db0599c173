package web

import (
	"bytes"
	"context"
	"courtside/wire"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/record"
	"courtside/tournament"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// fixture is a server over the demo data with keys of every kind.
type fixture struct {
	t       *testing.T
	rdb     redis.UniversalClient
	store   *cache.Store
	demo    *tournament.Demo
	handler http.Handler

	token        string // Kickerclub Hamburg's API token
	bouleToken   string // Boule Lyonnaise's API token
	publicKicker string // public key, table soccer
	publicBoule  string // public key, petanque
	revoked      string
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	rdb := cachetest.Redis(t)
	store, demo := cachetest.DemoOn(t, rdb)
	f := &fixture{t: t, rdb: rdb, store: store, demo: demo}
	f.handler = routes(t, store)
	ctx := context.Background()
	mustKey := func(secret string, _ record.Key, err error) string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return secret
	}
	f.token = mustKey(store.CreateToken(ctx, f.org("kickerclub-hamburg").ID, "Announcer"))
	f.bouleToken = mustKey(store.CreateToken(ctx, f.org("boule-lyonnaise").ID, ""))
	f.publicKicker = mustKey(store.CreatePublicKey(ctx, cache.PublicKeyRequest{Sport: tournament.TableSoccer, App: "Kicker Live", Applicant: "Ada", Email: "ada@example.org"}))
	f.publicBoule = mustKey(store.CreatePublicKey(ctx, cache.PublicKeyRequest{Sport: tournament.Petanque, App: "Boule Board", Applicant: "Jean", Email: "jean@example.org"}))
	f.revoked = mustKey(store.CreateToken(ctx, f.org("kickerclub-hamburg").ID, "Old"))
	keys, err := store.Keys(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		if k.Name == "Old" {
			if err := store.RevokeKey(ctx, k.ID); err != nil {
				t.Fatal(err)
			}
		}
	}
	return f
}

// routes is the server over the store, logging nowhere.
func routes(t testing.TB, store *cache.Store) http.Handler {
	t.Helper()
	h, err := Routes(Config{Store: store, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), RateLimit: 120, AllowPrivateWebhooks: true,
		TrustedProxies: []netip.Prefix{netip.MustParsePrefix(trustedProxy + "/32")}})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func (f *fixture) org(slug string) tournament.Organizer {
	for _, o := range f.demo.Organizers {
		if o.Slug == slug {
			return o
		}
	}
	f.t.Fatalf("no organizer %s", slug)
	return tournament.Organizer{}
}

func (f *fixture) tournament(name string) tournament.DemoTournament {
	for _, dt := range f.demo.Tournaments {
		if dt.Tournament.Name == name {
			return dt
		}
	}
	f.t.Fatalf("no tournament %q", name)
	return tournament.DemoTournament{}
}

// match finds the first match of the tournament that keep accepts.
func (f *fixture) match(dt tournament.DemoTournament, keep func(*tournament.Match) bool) *tournament.Match {
	for _, m := range dt.Matches {
		if keep(m) {
			return m
		}
	}
	f.t.Fatalf("no such match in %s", dt.Tournament.Name)
	return nil
}

func (f *fixture) group(dt tournament.DemoTournament, mode tournament.Mode) *tournament.Group {
	for _, d := range dt.Tournament.Disciplines {
		for _, s := range d.Stages {
			for i := range s.Groups {
				if s.Groups[i].Mode == mode {
					return &s.Groups[i]
				}
			}
		}
	}
	f.t.Fatalf("no %s group in %s", mode, dt.Tournament.Name)
	return nil
}

func (f *fixture) get(path, key string) *httptest.ResponseRecorder {
	f.t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	rec := httptest.NewRecorder()
	f.handler.ServeHTTP(rec, req)
	return rec
}

// decode reads a JSON body into a generic value.
func decode(t *testing.T, body []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("body is not JSON: %v\n%s", err, body)
	}
	return v
}

// golden compares a JSON body with testdata/golden/<name>.json (rewritten with -update).
func golden(t *testing.T, name string, body []byte) {
	t.Helper()
	var pretty bytes.Buffer
	if err := json.Indent(&pretty, body, "", "  "); err != nil {
		t.Fatalf("body is not JSON: %v\n%s", err, body)
	}
	path := filepath.Join("testdata", "golden", name+".json")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, pretty.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./web -update to create it)", err)
	}
	if !bytes.Equal(bytes.TrimSpace(want), bytes.TrimSpace(pretty.Bytes())) {
		t.Errorf("%s differs from the golden file %s:\n%s", name, path, firstDiff(string(want), pretty.String()))
	}
}

func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := range min(len(w), len(g)) {
		if w[i] != g[i] {
			return fmt.Sprintf("line %d:\n  want %s\n  got  %s", i+1, w[i], g[i])
		}
	}
	return fmt.Sprintf("lengths differ: want %d lines, got %d", len(w), len(g))
}

func TestResponseShapesMatchGoldenFiles(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	lyon := f.tournament("Lyon Pétanque Masters")
	autumn := f.tournament("Autumn Cup 2026")
	h := "/v1/public/tournaments/" + hamburg.Tournament.ID
	l := "/v1/public/tournaments/" + lyon.Tournament.ID
	league := f.match(hamburg, func(m *tournament.Match) bool { return len(m.CourtIDs) == 2 && m.State == tournament.MatchRunning })
	played := f.match(hamburg, func(m *tournament.Match) bool { return m.State == tournament.MatchPlayed })
	live := f.match(hamburg, func(m *tournament.Match) bool { return m.State == tournament.MatchRunning && m.IsLiveResult })
	incomplete := f.match(hamburg, func(m *tournament.Match) bool { return m.State == tournament.MatchIncomplete })
	short := f.match(lyon, func(m *tournament.Match) bool {
		for _, e := range m.Entries {
			if e != nil && len(e.Entries) == 3 && e.Entries[2] == nil {
				return true
			}
		}
		return false
	})
	freeCourt := hamburg.Tournament.Courts[7]
	doublesPlayer := hamburg.Tournament.Disciplines[1].EntryIDs[0] // a team id
	player := strings.Split(doublesPlayer, "_")[0]
	leagueDisc := hamburg.Tournament.Disciplines[4]
	swiss := f.group(hamburg, tournament.Swiss)
	cases := []struct{ name, path, key string }{
		{"hello_token", "/v1/public/hello", f.token},
		{"organizers", "/v1/public/organizers", f.token},
		{"organizers_public_key", "/v1/public/organizers", f.publicBoule},
		{"organizer_tournaments", "/v1/public/organizers/" + f.org("boule-lyonnaise").ID + "/tournaments", f.publicBoule},
		{"tournaments", "/v1/public/tournaments?limit=3&offset=1", f.token},
		{"tournament", h, f.token},
		{"courts", h + "/courts", f.publicKicker},
		{"courts_with_details", h + "/courts?includeMatchDetails=true", f.publicKicker},
		{"court_with_details", h + "/courts/" + league.CourtIDs[0] + "?includeMatchDetails=true", f.publicKicker},
		{"court_free", h + "/courts/" + freeCourt.ID + "?includeMatchDetails=true", f.publicKicker},
		{"match_played", h + "/matches/" + played.ID, f.publicKicker},
		{"match_live", h + "/matches/" + live.ID, f.publicKicker},
		{"match_incomplete", h + "/matches/" + incomplete.ID, f.publicKicker},
		{"match_league_two_courts", h + "/matches/" + league.ID, f.publicKicker},
		{"match_player_missing", l + "/matches/" + short.ID, f.publicBoule},
		{"discipline_matches", h + "/disciplines/" + leagueDisc.ID + "/matches", f.token},
		{"stage_matches", h + "/stages/" + leagueDisc.Stages[0].ID + "/matches", f.token},
		{"round_matches", h + "/rounds/" + swiss.Rounds[0].ID + "/matches", f.token},
		{"group_matches", l + "/groups/" + f.group(lyon, tournament.LordHaveMercy).ID + "/matches", f.publicBoule},
		{"entry_matches_player", h + "/entries/" + player + "/matches", f.publicKicker},
		{"entries", h + "/entries", f.token},
		{"discipline_entries", h + "/discipline/" + leagueDisc.ID + "/entries", f.token},
		{"group_entries", l + "/group/" + f.group(lyon, tournament.LordHaveMercy).ID + "/entries", f.publicBoule},
		{"standings_swiss", h + "/groups/" + swiss.ID + "/standings", f.token},
		{"standings_round_robin_league", h + "/groups/" + leagueDisc.Stages[0].Groups[0].ID + "/standings", f.token},
		{"standings_monster_dyp", h + "/groups/" + f.group(hamburg, tournament.MonsterDYP).ID + "/standings", f.token},
		{"standings_last_one_standing", l + "/groups/" + f.group(lyon, tournament.LastOneStanding).ID + "/standings", f.publicBoule},
		{"standings_double_elimination", "/v1/public/tournaments/" + autumn.Tournament.ID + "/groups/" + f.group(autumn, tournament.DoubleElimination).ID + "/standings", f.token},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := f.get(c.path, c.key)
			if rec.Code != http.StatusOK {
				t.Fatalf("GET %s: %d %s", c.path, rec.Code, rec.Body)
			}
			if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Errorf("Content-Type %q", ct)
			}
			golden(t, c.name, rec.Body.Bytes())
		})
	}
}

// fields returns the keys of a JSON object.
func fields(v any) map[string]bool {
	out := map[string]bool{}
	for k := range v.(map[string]any) {
		out[k] = true
	}
	return out
}

func TestMatchPresenceRules(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	h := "/v1/public/tournaments/" + hamburg.Tournament.ID
	getMatch := func(m *tournament.Match) map[string]any {
		rec := f.get(h+"/matches/"+m.ID, f.token)
		if rec.Code != http.StatusOK {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		return decode(t, rec.Body.Bytes()).(map[string]any)
	}
	t.Run("no result: no displayScore, empty encounters, no times", func(t *testing.T) {
		m := getMatch(f.match(hamburg, func(m *tournament.Match) bool { return m.State == tournament.MatchOpen }))
		fs := fields(m)
		if fs["displayScore"] || fs["startTime"] || fs["endTime"] {
			t.Errorf("open match has %v", fs)
		}
		if enc := m["encounters"].([]any); len(enc) != 0 {
			t.Errorf("encounters = %v, want []", enc)
		}
		if c, ok := m["courtIds"].([]any); !ok || len(c) != 0 {
			t.Errorf("courtIds = %#v, want []", m["courtIds"])
		}
		if m["isLiveResult"] != false {
			t.Errorf("isLiveResult = %v", m["isLiveResult"])
		}
	})
	t.Run("live result: running, started, not ended", func(t *testing.T) {
		m := getMatch(f.match(hamburg, func(m *tournament.Match) bool { return m.IsLiveResult }))
		fs := fields(m)
		if !fs["displayScore"] || !fs["startTime"] || fs["endTime"] || m["isLiveResult"] != true || m["state"] != "running" {
			t.Errorf("live match: %v", m)
		}
	})
	t.Run("played: endTime and displayScore", func(t *testing.T) {
		m := getMatch(f.match(hamburg, func(m *tournament.Match) bool { return m.State == tournament.MatchPlayed }))
		fs := fields(m)
		if !fs["displayScore"] || !fs["startTime"] || !fs["endTime"] || m["isLiveResult"] != false {
			t.Errorf("played match: %v", m)
		}
		if len(m["courtIds"].([]any)) == 0 {
			t.Error("played match lost the court it was played on")
		}
		if !fs["disciplineId"] || fs["disciplineIds"] || fs["stageId"] {
			t.Errorf("match details carry disciplineId only: %v", fs)
		}
	})
	t.Run("unassigned slots are null", func(t *testing.T) {
		m := getMatch(f.match(hamburg, func(m *tournament.Match) bool { return m.State == tournament.MatchIncomplete && m.Entries[0] == nil }))
		if m["entries"].([]any)[0] != nil {
			t.Errorf("entries = %v", m["entries"])
		}
	})
	t.Run("per-entry list: disciplineIds and stageId instead of disciplineId", func(t *testing.T) {
		p := hamburg.Tournament.Disciplines[0].EntryIDs[0]
		rec := f.get(h+"/entries/"+p+"/matches", f.token)
		list := decode(t, rec.Body.Bytes()).([]any)
		if len(list) == 0 {
			t.Fatal("player has no matches")
		}
		for _, raw := range list {
			fs := fields(raw)
			if fs["disciplineId"] || !fs["disciplineIds"] || !fs["stageId"] || !fs["courtIds"] {
				t.Fatalf("per-entry match fields %v", fs)
			}
		}
	})
	t.Run("a player's list includes the team's matches", func(t *testing.T) {
		teamID := hamburg.Tournament.Disciplines[1].EntryIDs[0]
		player := strings.Split(teamID, "_")[1]
		team := decode(t, f.get(h+"/entries/"+teamID+"/matches", f.token).Body.Bytes()).([]any)
		mine := decode(t, f.get(h+"/entries/"+player+"/matches", f.token).Body.Bytes()).([]any)
		if len(team) == 0 || len(mine) != len(team) {
			t.Errorf("team has %d matches, its player %d", len(team), len(mine))
		}
	})
}

func TestCourtPresenceRules(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	h := "/v1/public/tournaments/" + hamburg.Tournament.ID
	courts := decode(t, f.get(h+"/courts", f.token).Body.Bytes()).([]any)
	withDetails := decode(t, f.get(h+"/courts?includeMatchDetails=true", f.token).Body.Bytes()).([]any)
	busy := 0
	for i, c := range courts {
		fs := fields(c)
		if fs["currentMatch"] {
			t.Errorf("court %d has currentMatch without includeMatchDetails", i)
		}
		d := withDetails[i].(map[string]any)
		if fs["currentMatchId"] != fields(d)["currentMatch"] {
			t.Errorf("court %d: currentMatchId %v but currentMatch %v", i, fs["currentMatchId"], fields(d)["currentMatch"])
		}
		if !fs["currentMatchId"] {
			continue
		}
		busy++
		want := map[string]bool{"id": true, "entries": true, "state": true, "encounters": true, "startTime": true, "disciplineName": true, "roundName": true, "groupName": true, "courtIds": true}
		if got := fields(d["currentMatch"]); !equalSets(got, want) {
			t.Errorf("list currentMatch fields %v, want %v", got, want)
		}
	}
	if busy == 0 || busy == len(courts) {
		t.Fatalf("%d of %d courts busy; the demo has both busy and free courts", busy, len(courts))
	}
	id := withDetails[0].(map[string]any)["id"].(string)
	one := decode(t, f.get(h+"/courts/"+id+"?includeMatchDetails=true", f.token).Body.Bytes()).(map[string]any)
	want := map[string]bool{"id": true, "entries": true, "state": true, "encounters": true, "startTime": true}
	if got := fields(one["currentMatch"]); !equalSets(got, want) {
		t.Errorf("single court currentMatch fields %v, want %v", got, want)
	}
}

func equalSets(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

func TestErrors(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	training := f.tournament("Club Training Night")
	h := "/v1/public/tournaments/" + hamburg.Tournament.ID
	kicker, boule := f.org("kickerclub-hamburg"), f.org("boule-lyonnaise")
	cases := []struct {
		name, path, key string
		status          int
		message         string
	}{
		{"no key", "/v1/public/hello", "", 401, "ACCESS_TOKEN_MISSING"},
		{"unknown key", "/v1/public/hello", "cst_nope", 401, "ACCESS_TOKEN_INVALID"},
		{"revoked key", "/v1/public/hello", f.revoked, 401, "ACCESS_TOKEN_INVALID"},
		{"private tournament, public key", "/v1/public/tournaments/" + training.Tournament.ID, f.publicKicker, 403, "FORBIDDEN"},
		{"private tournament, another organizer's token", "/v1/public/tournaments/" + training.Tournament.ID + "/courts", f.bouleToken, 403, "FORBIDDEN"},
		{"own list needs a token", "/v1/public/tournaments", f.publicKicker, 403, "ACCOUNT_TOKEN_REQUIRED"},
		{"organizer unknown", "/v1/public/organizers/tio:nobody/tournaments", f.token, 404, "ORGANIZER_NOT_FOUND"},
		{"organizer by slug", "/v1/public/organizers/" + kicker.Slug + "/tournaments", f.token, 404, "ORGANIZER_NOT_FOUND"},
		{"organizer of another sport", "/v1/public/organizers/" + boule.ID + "/tournaments", f.publicKicker, 404, "ORGANIZER_NOT_FOUND"},
		{"tournament of another sport", h, f.publicBoule, 404, "TOURNAMENT_NOT_FOUND"},
		{"tournament unknown", "/v1/public/tournaments/tio:nothing", f.token, 404, "TOURNAMENT_NOT_FOUND"},
		{"entry unknown", h + "/entries/tio:nobody/matches", f.token, 404, "ENTRY_NOT_FOUND"},
		{"match unknown", h + "/matches/tio:none", f.token, 404, "MATCH_NOT_FOUND"},
		{"court unknown", h + "/courts/tio:none", f.token, 404, "COURT_NOT_FOUND"},
		{"discipline unknown", h + "/disciplines/x/matches", f.token, 404, "DISCIPLINE_NOT_FOUND"},
		{"discipline entries unknown", h + "/discipline/x/entries", f.token, 404, "DISCIPLINE_NOT_FOUND"},
		{"stage unknown", h + "/stages/x/matches", f.token, 404, "STAGE_NOT_FOUND"},
		{"round unknown", h + "/rounds/x/matches", f.token, 404, "ROUND_NOT_FOUND"},
		{"group unknown", h + "/groups/x/matches", f.token, 404, "GROUP_NOT_FOUND"},
		{"group entries unknown", h + "/group/x/entries", f.token, 404, "GROUP_NOT_FOUND"},
		{"standings unknown group", h + "/groups/x/standings", f.token, 404, "GROUP_NOT_FOUND"},
		{"limit 0", "/v1/public/tournaments?limit=0", f.token, 400, "limit must be an integer from 1 to 100"},
		{"limit 101", "/v1/public/tournaments?limit=101", f.token, 400, "limit must be an integer from 1 to 100"},
		{"limit not a number", "/v1/public/organizers?limit=ten", f.token, 400, "limit must be an integer from 1 to 100"},
		{"offset below 0", "/v1/public/organizers/" + kicker.ID + "/tournaments?offset=-1", f.token, 400, "offset must be an integer from 0 to 1000000"},
		{"offset past int64", "/v1/public/organizers?offset=9223372036854775807", f.token, 400, "offset must be an integer from 0 to 1000000"},
		{"offset of the largest int64", "/v1/public/organizers/" + kicker.ID + "/tournaments?offset=9223372036854775807", f.token, 400, "offset must be an integer from 0 to 1000000"},
		{"offset past the cap", "/v1/public/tournaments?offset=1000001", f.token, 400, "offset must be an integer from 0 to 1000000"},
		{"limit with a sign", "/v1/public/tournaments?limit=+5", f.token, 400, "limit must be an integer from 1 to 100"},
		{"limit with a space", "/v1/public/tournaments?limit=%205", f.token, 400, "limit must be an integer from 1 to 100"},
		{"a doubled slash", "/v1/public//hello", f.token, 404, "ROUTE_NOT_FOUND"},
		{"a doubled slash deeper", h + "//courts", f.token, 404, "ROUTE_NOT_FOUND"},
		{"a dot segment", "/v1/public/./hello", f.token, 404, "ROUTE_NOT_FOUND"},
		{"a dot-dot segment", "/v1/public/tournaments/../hello", f.token, 404, "ROUTE_NOT_FOUND"},
		{"the bare prefix", "/v1/public", f.token, 404, "ROUTE_NOT_FOUND"},
		{"unknown state", "/v1/public/tournaments?state=done", f.token, 400, "state must be one of [planned pre-registration check-in ready running finished cancelled]"},
		{"includeMatchDetails not a boolean", h + "/courts?includeMatchDetails=maybe", f.token, 400, "includeMatchDetails must be true or false"},
		{"no such route", "/v1/public/nothing-here", f.token, 404, "ROUTE_NOT_FOUND"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := f.get(c.path, c.key)
			if rec.Code != c.status {
				t.Fatalf("GET %s: status %d, want %d: %s", c.path, rec.Code, c.status, rec.Body)
			}
			var body struct {
				Message    string `json:"message"`
				Error      string `json:"error"`
				StatusCode int    `json:"statusCode"`
			}
			dec := json.NewDecoder(rec.Body)
			dec.DisallowUnknownFields()
			if err := dec.Decode(&body); err != nil {
				t.Fatalf("error body: %v", err)
			}
			if body.Message != c.message || body.Error != http.StatusText(c.status) || body.StatusCode != c.status {
				t.Errorf("body %+v, want message %q", body, c.message)
			}
		})
	}
}

func TestHelloNamesThePublicKey(t *testing.T) {
	f := newFixture(t)
	k, err := f.store.Authenticate(context.Background(), f.publicBoule)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]string
	if err := json.Unmarshal(f.get("/v1/public/hello", f.publicBoule).Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got["sport"] != "petanque" || got["sub"] != k.ID || len(got) != 2 {
		t.Errorf("hello = %v, want sport petanque and sub %s", got, k.ID)
	}
}

func TestWrongMethodIs405WithErrorBody(t *testing.T) {
	f := newFixture(t)
	req := httptest.NewRequest(http.MethodDelete, "/v1/public/tournaments", nil)
	req.Header.Set("Authorization", f.token)
	rec := httptest.NewRecorder()
	f.handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != "GET" {
		t.Fatalf("%d Allow=%q", rec.Code, rec.Header().Get("Allow"))
	}
	if !strings.Contains(rec.Body.String(), `"statusCode":405`) {
		t.Errorf("body %s", rec.Body)
	}
}

func TestKeysAndAccess(t *testing.T) {
	f := newFixture(t)
	training := f.tournament("Club Training Night")
	hamburg := f.tournament("Hamburg Open 2026")
	cases := []struct {
		name, path, header string
		status             int
	}{
		{"bare key accepted", "/v1/public/hello", f.token, 200},
		{"Bearer key accepted", "/v1/public/hello", "Bearer " + f.token, 200},
		{"lower-case bearer accepted", "/v1/public/hello", "bearer " + f.token, 200},
		{"owner reads its private tournament", "/v1/public/tournaments/" + training.Tournament.ID, f.token, 200},
		{"another organizer's token reads a public tournament", "/v1/public/tournaments/" + hamburg.Tournament.ID, f.bouleToken, 200},
		{"public key reads a public tournament of its sport", "/v1/public/tournaments/" + hamburg.Tournament.ID + "/groups/" + f.group(hamburg, tournament.Swiss).ID + "/standings", f.publicKicker, 200},
		{"public key lists an organizer's shared tournaments", "/v1/public/organizers/" + f.org("kickerclub-hamburg").ID + "/tournaments", f.publicKicker, 200},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, c.path, nil)
			req.Header.Set("Authorization", c.header)
			rec := httptest.NewRecorder()
			f.handler.ServeHTTP(rec, req)
			if rec.Code != c.status {
				t.Errorf("%d %s", rec.Code, rec.Body)
			}
		})
	}
}

func TestListsAreMostRecentFirstAndShareOnlyPublic(t *testing.T) {
	f := newFixture(t)
	kicker := f.org("kickerclub-hamburg")
	var own, shared []wire.ListItem
	if err := json.Unmarshal(f.get("/v1/public/tournaments?limit=100", f.token).Body.Bytes(), &own); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(f.get("/v1/public/organizers/"+kicker.ID+"/tournaments?limit=100", f.publicKicker).Body.Bytes(), &shared); err != nil {
		t.Fatal(err)
	}
	if len(own) != len(shared)+1 {
		t.Errorf("own list has %d, shared %d; exactly the private training night is missing from the shared list", len(own), len(shared))
	}
	for _, li := range shared {
		if li.Name == "Club Training Night" {
			t.Error("a private tournament is on the result page")
		}
	}
	for i := 1; i < len(own); i++ {
		if own[i-1].Date.Before(own[i].Date.Time) {
			t.Errorf("%s (%s) listed before the more recent %s (%s)", own[i-1].Name, own[i-1].Date, own[i].Name, own[i].Date)
		}
	}
	var page []wire.ListItem
	if err := json.Unmarshal(f.get("/v1/public/tournaments?limit=2&offset=2", f.token).Body.Bytes(), &page); err != nil {
		t.Fatal(err)
	}
	if len(page) != 2 || page[0].ID != own[2].ID || page[1].ID != own[3].ID {
		t.Errorf("limit=2&offset=2 gave %v", page)
	}
	var running []wire.ListItem
	if err := json.Unmarshal(f.get("/v1/public/tournaments?state=running", f.token).Body.Bytes(), &running); err != nil {
		t.Fatal(err)
	}
	if len(running) != 3 {
		t.Errorf("%d running tournaments, want Hamburg Open, the training night and Club Night 4", len(running))
	}
	for _, li := range running {
		if li.State != tournament.StateRunning {
			t.Errorf("state filter let through %s", li.State)
		}
	}
}

func TestRateLimit(t *testing.T) {
	f := newFixture(t)
	now := cachetest.Now.Add(10 * time.Second)
	f.store.Now = func() time.Time { return now }
	for i := range 120 {
		if rec := f.get("/v1/public/hello", f.token); rec.Code != 200 {
			t.Fatalf("request %d: %d", i+1, rec.Code)
		}
	}
	rec := f.get("/v1/public/hello", f.token)
	if rec.Code != http.StatusTooManyRequests {
		t.Fatalf("121st request: %d", rec.Code)
	}
	if ra := rec.Header().Get("Retry-After"); ra == "" || ra == "0" {
		t.Errorf("Retry-After %q", ra)
	}
	if !strings.Contains(rec.Body.String(), `"error":"Too Many Requests","statusCode":429`) {
		t.Errorf("body %s", rec.Body)
	}
	if rec := f.get("/v1/public/hello", f.publicKicker); rec.Code != 200 {
		t.Errorf("another key shares the budget: %d", rec.Code)
	}
	// The Retry-After it gave is enough.
	wait, _ := time.ParseDuration(rec.Header().Get("Retry-After") + "s")
	now = now.Add(wait)
	if rec := f.get("/v1/public/hello", f.token); rec.Code != 200 {
		t.Errorf("after Retry-After (%s): %d", wait, rec.Code)
	}
	// Two minutes on, the whole budget is back.
	now = now.Add(2 * time.Minute)
	for i := range 120 {
		if rec := f.get("/v1/public/hello", f.token); rec.Code != 200 {
			t.Fatalf("next minute, request %d: %d", i+1, rec.Code)
		}
	}
}

func TestTwoServersShareOneRateBudget(t *testing.T) {
	f := newFixture(t)
	// A second instance: its own client and store, the same Redis.
	other := routes(t, cachetest.Store(cachetest.Another(t, f.rdb)))
	for i := range 120 {
		h := f.handler
		if i%2 == 1 {
			h = other
		}
		req := httptest.NewRequest(http.MethodGet, "/v1/public/hello", nil)
		req.Header.Set("Authorization", f.token)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != 200 {
			t.Fatalf("request %d: %d", i+1, rec.Code)
		}
	}
	for _, h := range []http.Handler{f.handler, other} {
		req := httptest.NewRequest(http.MethodGet, "/v1/public/hello", nil)
		req.Header.Set("Authorization", f.token)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusTooManyRequests {
			t.Errorf("121st request on either server: %d", rec.Code)
		}
	}
}

func TestPollingGets304UntilTheTournamentChanges(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	path := "/v1/public/tournaments/" + hamburg.Tournament.ID + "/courts?includeMatchDetails=true"
	poll := func(etag string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.Header.Set("Authorization", f.token)
		if etag != "" {
			req.Header.Set("If-None-Match", etag)
		}
		rec := httptest.NewRecorder()
		f.handler.ServeHTTP(rec, req)
		return rec
	}
	first := poll("")
	etag := first.Header().Get("ETag")
	if first.Code != 200 || etag == "" {
		t.Fatalf("%d, ETag %q", first.Code, etag)
	}
	again := poll(etag)
	if again.Code != http.StatusNotModified || again.Body.Len() != 0 {
		t.Fatalf("unchanged: %d with %d bytes", again.Code, again.Body.Len())
	}
	// Without details it is another resource, rendered separately.
	plain := f.get("/v1/public/tournaments/"+hamburg.Tournament.ID+"/courts", f.token)
	if strings.Contains(plain.Body.String(), "currentMatch\"") {
		t.Error("the list without details served the rendering with details")
	}
	changed := *hamburg.Tournament
	changed.Courts = append([]tournament.Court{}, changed.Courts...)
	changed.Courts[0].Name = "Centre table"
	if err := f.store.PutTournament(context.Background(), &changed, hamburg.Matches, hamburg.Entries); err != nil {
		t.Fatal(err)
	}
	after := poll(etag)
	if after.Code != 200 || after.Header().Get("ETag") == etag || !strings.Contains(after.Body.String(), "Centre table") {
		t.Errorf("after a change: %d, ETag %q (was %q)", after.Code, after.Header().Get("ETag"), etag)
	}
}

func TestOrganizersPage(t *testing.T) {
	f := newFixture(t)
	var all, page []tournament.Organizer
	if err := json.Unmarshal(f.get("/v1/public/organizers", f.token).Body.Bytes(), &all); err != nil || len(all) != 3 {
		t.Fatalf("%d organizers: %v", len(all), err)
	}
	if err := json.Unmarshal(f.get("/v1/public/organizers?limit=1&offset=1", f.token).Body.Bytes(), &page); err != nil {
		t.Fatal(err)
	}
	if len(page) != 1 || page[0].ID != all[1].ID {
		t.Errorf("limit=1&offset=1 gave %v, want %s", page, all[1].Name)
	}
	if err := json.Unmarshal(f.get("/v1/public/organizers?offset=5", f.token).Body.Bytes(), &page); err != nil || len(page) != 0 {
		t.Errorf("past the end: %v %v", page, err)
	}
}
