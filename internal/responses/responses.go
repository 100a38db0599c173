// Package responses reads every answer the server gives about the data a
// store holds: each GET of the Public API and of Courtside's rankings API for
// every organizer, tournament, discipline, stage, round, group, court, match
// and entry, with each organizer's key, and each public page. Tests compare
// two such readings: before and after a change that must not change what
// clients and visitors get (a move of the wire shapes, a stored record's new
// format read by the migration), byte for byte.
package responses

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
)

// Response is one answer: its status, content type and body.
type Response struct {
	Status int    `json:"status"`
	Type   string `json:"type"`
	Body   string `json:"body"`
}

// Set is the answers by request ("GET /v1/public/tournaments key=kicker").
type Set map[string]Response

// reader asks h, remembering every answer.
type reader struct {
	h    http.Handler
	out  Set
	err  error
	deep map[string]bool // the tournaments read whole already, with one key
}

func (rd *reader) get(path, keyName, key string) Response {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	req.Header.Set("Accept-Language", "en")
	rec := httptest.NewRecorder()
	rd.h.ServeHTTP(rec, req)
	body, _ := io.ReadAll(rec.Result().Body)
	r := Response{Status: rec.Code, Type: rec.Header().Get("Content-Type"), Body: string(body)}
	name := "GET " + path
	if keyName != "" {
		name += " key=" + keyName
	}
	if r.Status == http.StatusTooManyRequests && rd.err == nil {
		rd.err = fmt.Errorf("%s: rate limited: give the server a higher limit", name)
	}
	rd.out[name] = r
	return r
}

// decode reads the body of a 200 answer into v; anything else leaves v as it is.
func (rd *reader) decode(r Response, v any) {
	if r.Status != http.StatusOK {
		return
	}
	if err := json.Unmarshal([]byte(r.Body), v); err != nil && rd.err == nil {
		rd.err = err
	}
}

type idOnly struct {
	ID string `json:"id"`
}

type tournamentShape struct {
	ID          string `json:"id"`
	Disciplines []struct {
		ID     string `json:"id"`
		Stages []struct {
			ID     string   `json:"id"`
			Groups []idOnly `json:"groups"`
		} `json:"stages"`
	} `json:"disciplines"`
}

type matchShape struct {
	ID      string `json:"id"`
	RoundID string `json:"roundId"`
}

// API reads every GET answer of the API with each of the keys (name → secret),
// in the order of their names, and a few refusals (no key, an unknown
// tournament, a bad page). The handler must allow enough requests a minute.
func API(h http.Handler, keys map[string]string) (Set, error) {
	rd := &reader{h: h, out: Set{}, deep: map[string]bool{}}
	rd.get("/v1/public/tournaments", "", "")
	rd.get("/v1/public/tournaments?limit=0", "", "")
	names := make([]string, 0, len(keys))
	for n := range keys {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		rd.apiWith(n, keys[n])
	}
	return rd.out, rd.err
}

func (rd *reader) apiWith(name, key string) {
	const v1 = "/v1/public"
	rd.get(v1+"/hello", name, key)
	rd.get(v1+"/tournaments/tio:doesnotexist", name, key)
	rd.get(v1+"/tournaments?limit=-1", name, key)
	var orgs []idOnly
	rd.decode(rd.get(v1+"/organizers", name, key), &orgs)
	rd.get(v1+"/organizers?offset=1&limit=1", name, key)
	var ids []string
	var own []idOnly
	rd.decode(rd.get(v1+"/tournaments", name, key), &own)
	rd.get(v1+"/tournaments?limit=2&offset=1", name, key)
	for _, t := range own {
		ids = append(ids, t.ID)
	}
	for _, o := range orgs {
		var shared []idOnly
		rd.decode(rd.get(v1+"/organizers/"+o.ID+"/tournaments", name, key), &shared)
		for _, t := range shared {
			ids = append(ids, t.ID)
		}
		rd.rankings(o.ID, name, key)
	}
	slices.Sort(ids)
	for _, id := range slices.Compact(ids) {
		rd.tournament(id, name, key)
	}
	rd.get(v1+"/webhooks", name, key)
}

func (rd *reader) rankings(orgID, name, key string) {
	base := "/v1/courtside/organizers/" + orgID
	var series []idOnly
	rd.decode(rd.get(base+"/series", name, key), &series)
	for _, s := range series {
		rd.get(base+"/series/"+s.ID, name, key)
	}
	var ratings []struct {
		PlayerID string `json:"playerId"`
	}
	rd.decode(rd.get(base+"/ratings", name, key), &ratings)
	for _, r := range ratings {
		rd.get(base+"/players/"+r.PlayerID, name, key)
	}
}

func (rd *reader) tournament(id, name, key string) {
	t := "/v1/public/tournaments/" + id
	r := rd.get(t, name, key)
	if r.Status != http.StatusOK || rd.deep[id] {
		return // another key read the rest
	}
	rd.deep[id] = true
	var tj tournamentShape
	rd.decode(r, &tj)
	for _, details := range []string{"", "?details=true", "?details=false"} {
		var courts []idOnly
		rd.decode(rd.get(t+"/courts"+details, name, key), &courts)
		for _, c := range courts {
			rd.get(t+"/courts/"+c.ID+details, name, key)
		}
	}
	var entries []idOnly
	rd.decode(rd.get(t+"/entries", name, key), &entries)
	for _, e := range entries {
		rd.get(t+"/entries/"+e.ID+"/matches", name, key)
	}
	var rounds, matches []string
	for _, d := range tj.Disciplines {
		rd.get(t+"/discipline/"+d.ID+"/entries", name, key)
		var ms []matchShape
		rd.decode(rd.get(t+"/disciplines/"+d.ID+"/matches", name, key), &ms)
		for _, m := range ms {
			rounds, matches = append(rounds, m.RoundID), append(matches, m.ID)
		}
		for _, st := range d.Stages {
			rd.get(t+"/stages/"+st.ID+"/matches", name, key)
			for _, g := range st.Groups {
				rd.get(t+"/groups/"+g.ID+"/matches", name, key)
				rd.get(t+"/group/"+g.ID+"/entries", name, key)
				rd.get(t+"/groups/"+g.ID+"/standings", name, key)
			}
		}
	}
	slices.Sort(rounds)
	for _, r := range slices.Compact(rounds) {
		if r != "" {
			rd.get(t+"/rounds/"+r+"/matches", name, key)
		}
	}
	for _, m := range matches {
		rd.get(t+"/matches/"+m, name, key)
	}
	rd.get(t+"/matches/tio:nomatch", name, key)
}

// Pages reads the public pages of every tournament and organizer that the
// API's answers (see API) name: the home page, each organizer's page, each
// tournament's page, its groups, entries, matches, court board, TV pages and
// embeds, and the rankings' pages.
func Pages(h http.Handler, api Set) (Set, error) {
	rd := &reader{h: h, out: Set{}}
	rd.get("/", "", "")
	rd.get("/t/tio:doesnotexist", "", "")
	seen := map[string]bool{}
	for name, r := range api {
		path, _, _ := strings.Cut(strings.TrimPrefix(name, "GET "), " ")
		switch {
		case strings.HasSuffix(path, "/organizers") && r.Status == http.StatusOK:
			var orgs []struct {
				Slug string `json:"slug"`
			}
			rd.decode(r, &orgs)
			for _, o := range orgs {
				rd.page(seen, "/o/"+o.Slug)
				rd.page(seen, "/o/"+o.Slug+"/ratings")
			}
		case strings.HasPrefix(path, "/v1/public/tournaments/") && strings.Count(path, "/") == 4 && r.Status == http.StatusOK:
			var tj tournamentShape
			rd.decode(r, &tj)
			if !seen[tj.ID] {
				seen[tj.ID] = true
				rd.tournamentPages(seen, api, tj)
			}
		}
	}
	return rd.out, rd.err
}

func (rd *reader) page(seen map[string]bool, path string) {
	if !seen[path] {
		seen[path] = true
		rd.get(path, "", "")
	}
}

func (rd *reader) tournamentPages(seen map[string]bool, api Set, tj tournamentShape) {
	t := "/t/" + tj.ID
	for _, p := range []string{"", "/courts", "/board", "/tv", "/tv/setup", "/embed/t/" + tj.ID + "/courts"} {
		if strings.HasPrefix(p, "/embed") {
			rd.page(seen, p)
		} else {
			rd.page(seen, t+p)
		}
	}
	for _, d := range tj.Disciplines {
		for _, st := range d.Stages {
			for _, g := range st.Groups {
				rd.page(seen, t+"/groups/"+g.ID)
				rd.page(seen, t+"/tv/standings/"+g.ID)
				rd.page(seen, t+"/tv/bracket/"+g.ID)
				rd.page(seen, "/embed/t/"+tj.ID+"/groups/"+g.ID)
			}
		}
	}
	var entries []idOnly
	rd.decode(deepRead(api, "/v1/public/tournaments/"+tj.ID+"/entries"), &entries)
	for _, e := range entries {
		rd.page(seen, t+"/entries/"+e.ID)
	}
	for _, d := range tj.Disciplines {
		var ms []matchShape
		rd.decode(deepRead(api, "/v1/public/tournaments/"+tj.ID+"/disciplines/"+d.ID+"/matches"), &ms)
		for _, m := range ms {
			rd.page(seen, t+"/matches/"+m.ID)
		}
	}
}

// deepRead is the answer to the path with whichever key read it.
func deepRead(api Set, path string) Response {
	for name, r := range api {
		if p, _, _ := strings.Cut(strings.TrimPrefix(name, "GET "), " "); p == path {
			return r
		}
	}
	return Response{}
}

// Diff lists the requests whose answers differ between want and got, or that
// only one of them has, sorted; empty when they are the same.
func Diff(want, got Set) []string {
	var out []string
	for name, w := range want {
		g, ok := got[name]
		switch {
		case !ok:
			out = append(out, name+": missing")
		case g != w:
			out = append(out, fmt.Sprintf("%s: got %d %s %s, want %d %s %s", name, g.Status, g.Type, clip(g.Body), w.Status, w.Type, clip(w.Body)))
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			out = append(out, name+": not expected")
		}
	}
	slices.Sort(out)
	return out
}

// clip shortens a body for a failure message.
func clip(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}
