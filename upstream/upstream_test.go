package upstream

import (
	"bytes"
	"context"
	"courtside/wire"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/internal/testkit"
	"courtside/record"
	"courtside/tournament"
)

// The fake upstream answers with the real service's responses and quirks,
// kept under testdata/upstream: list items with "_id", missing optional
// fields, ids like tio:4AHchFkVAecs2 and 05-2553_05-4357, null teams and
// players, a team as an array of its players, 403 "Forbidden resource" for
// a bad key, options.numRoundsPlanned, fields nobody knows.
const (
	fakeToken  = "tok_altona"
	fakePublic = "pub_table_soccer"
	tid        = "tio:4AHchFkVAecs2"
	discID     = "tio:bNdQAjbzLb5nx"
	swissID    = "tio:5yaGYsEphfCj5"
	koID       = "tio:kO2gRoup00001"
)

type fake struct {
	t  *testing.T
	mu sync.Mutex
	// gets are the paths (with query) of the GETs, in order.
	gets []string
	// files override the fixture a path answers with.
	files map[string]string
	// raw override both: the body a path answers with.
	raw map[string][]byte
	// played is set once a final result was taken: a second one gets 412.
	played bool
	// tooMany answers the next GET with 429 and this Retry-After.
	tooMany string
}

func fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "upstream", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (f *fake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	key := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
	path := strings.TrimPrefix(r.URL.Path, "/v1/public")
	answer := func(status int, name string) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(status)
		_, _ = w.Write(fixture(f.t, name))
	}
	if r.Method == http.MethodGet {
		f.gets = append(f.gets, path)
		if f.tooMany != "" {
			w.Header().Set("Retry-After", f.tooMany)
			f.tooMany = ""
			http.Error(w, `{"message":"ThrottlerException: Too Many Requests","statusCode":429}`, http.StatusTooManyRequests)
			return
		}
	}
	if key != fakeToken && key != fakePublic {
		answer(http.StatusForbidden, "forbidden.json")
		return
	}
	if body, ok := f.raw[path]; ok {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
		return
	}
	if name, ok := f.files[path]; ok {
		answer(http.StatusOK, name)
		return
	}
	t := "/tournaments/" + tid
	switch {
	case path == "/hello":
		answer(http.StatusOK, "hello.json")
	case path == "/tournaments" && key == fakeToken:
		answer(http.StatusOK, "tournaments.json")
	case path == "/tournaments":
		answer(http.StatusForbidden, "forbidden.json")
	case path == t:
		answer(http.StatusOK, "tournament.json")
	case path == t+"/courts":
		answer(http.StatusOK, "courts.json")
	case path == t+"/disciplines/"+discID+"/matches":
		answer(http.StatusOK, "matches.json")
	case path == t+"/discipline/"+discID+"/entries", path == t+"/group/"+swissID+"/entries":
		answer(http.StatusOK, "entries.json")
	case path == t+"/groups/"+swissID+"/standings":
		answer(http.StatusOK, "standings.json")
	case path == t+"/group/"+koID+"/entries", path == t+"/groups/"+koID+"/standings":
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, "[]")
	case strings.HasPrefix(path, t+"/matches/") && r.Method == http.MethodPut:
		if key != fakeToken {
			http.Error(w, `{"message":"SCOPE_MISSING","error":"Forbidden","statusCode":403}`, http.StatusForbidden)
		} else if f.played {
			answer(http.StatusPreconditionFailed, "not-running.json")
		} else {
			f.played = strings.HasSuffix(path, "/result")
			answer(http.StatusOK, "result.json")
		}
	case strings.HasPrefix(path, t+"/matches/"):
		var ms []json.RawMessage
		_ = json.Unmarshal(fixture(f.t, "matches.json"), &ms)
		for _, m := range ms {
			if bytes.Contains(m, []byte(`"`+strings.TrimPrefix(path, t+"/matches/")+`"`)) {
				_, _ = w.Write(m)
				return
			}
		}
		http.Error(w, `{"message":"MATCH_NOT_FOUND","statusCode":404}`, http.StatusNotFound)
	default:
		http.Error(w, `{"message":"Cannot GET","statusCode":404}`, http.StatusNotFound)
	}
}

func (f *fake) getsSince(n int) []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.gets[n:])
}

func (f *fake) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.gets)
}

func newFake(t *testing.T) (*fake, *httptest.Server) {
	f := &fake{t: t, files: map[string]string{}, raw: map[string][]byte{}}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return f, srv
}

func newFollower(t *testing.T, srv *httptest.Server) (*Follower, *cache.Store) {
	store := cachetest.Store(cachetest.Redis(t))
	store.Now = time.Now // the budget's window moves with the clock
	f := New(store, slog.New(slog.NewTextHandler(io.Discard, nil)), "https://live.example.org")
	f.HTTP = srv.Client()
	return f, store
}

func TestFollowReadsTheRealServiceLeniently(t *testing.T) {
	_, srv := newFake(t)
	f, store := newFollower(t, srv)
	ctx := context.Background()
	fl, err := f.Follow(ctx, Request{Upstream: srv.URL, Key: fakeToken, TournamentID: tid})
	if err != nil {
		t.Fatal(err)
	}
	if !fl.Token || fl.OrganizerID != "tio:Xq3bNc7LpW2aD" || fl.Budget != record.DefaultFollowBudget || fl.Upstream != srv.URL+"/v1/public" {
		t.Errorf("follow = %+v", fl)
	}
	if got := f.WebhookURL(fl); got != "https://live.example.org/hooks/upstream/tio:4AHchFkVAecs2/"+fl.Secret {
		t.Errorf("webhook address %s", got)
	}
	org, err := store.OrganizerBySlug(ctx, "tfc-altona")
	if err != nil || org.ID != "tio:Xq3bNc7LpW2aD" || org.Name != "TFC Altona" || org.Sport != tournament.TableSoccer {
		t.Errorf("local organizer %+v, %v", org, err)
	}
	snap, err := store.Snapshot(ctx, tid)
	if err != nil {
		t.Fatal(err)
	}
	tr := snap.Tournament
	if tr.Name != "Altona Open 2026" || tr.State != tournament.StateRunning || !tr.Public || tr.Mirror == nil || tr.Mirror.Source != fl.Upstream {
		t.Errorf("tournament %+v", tr)
	}
	if len(tr.Disciplines) != 1 || tr.Disciplines[0].ID != discID || len(tr.Disciplines[0].Stages) != 2 {
		t.Fatalf("disciplines %+v", tr.Disciplines)
	}
	g, _ := snap.Group(swissID)
	if g.Options.NumRoundsPlanned != 5 || len(g.Options.MatchConfigurations) != 2 || len(g.Rounds) != 2 || g.Rounds[1].Name != "Round 2" {
		t.Errorf("swiss group %+v", g)
	}
	if want := []string{"05-2553_05-4357", "05-1111_05-2222", "05-3333_05-4444", "05-5555_05-6666"}; !slices.Equal(tr.Disciplines[0].EntryIDs, want) {
		t.Errorf("discipline entries %v, want %v (a null left out, an array of players a team)", tr.Disciplines[0].EntryIDs, want)
	}
	if e := snap.Entries["05-1111_05-2222"]; e == nil || e.Name != "Cleo Dahl / Dan Eck" || len(e.Entries) != 2 {
		t.Errorf("team from an array of players: %+v", e)
	}
	if p := snap.Entries["05-2553"]; p == nil || p.IsTeam() {
		t.Errorf("a team's player is an entry of its own: %+v", p)
	}
	m1, _ := snap.Match("tio:mAtch0000001")
	if m1 == nil || m1.Entries[1] == nil || m1.Entries[1].ID != "05-1111_05-2222" || m1.StageID != "tio:vqoPQvYwYnERa" || m1.EndTime.IsZero() {
		t.Errorf("match 1 %+v", m1)
	}
	if j := wire.MatchOf(snap, m1, wire.FormFull); j.DisplayScore == nil || *j.DisplayScore != [2]int{7, 5} {
		t.Errorf("match 1 display score %v", j.DisplayScore)
	}
	if m3, _ := snap.Match("tio:mAtch0000003"); m3 == nil || m3.Entries != [2]*tournament.Entry{} || m3.State != tournament.MatchIncomplete {
		t.Errorf("match 3 with null teams: %+v", m3)
	}
	if m4, _ := snap.Match("tio:mAtch0000004"); m4 == nil || m4.Entries[1] != nil || m4.Entries[0].Entries[1] != nil {
		t.Errorf("match 4 with a missing side and a null player: %+v", m4)
	}
	// The court shows a newer live score than the match list: the court's is kept.
	court, _ := snap.Court("tio:cOurt00000002")
	if cj := wire.CourtOf(snap, court, true, wire.FormCourtList); cj.CurrentMatch == nil || !slices.Equal(cj.CurrentMatch.Encounters[0], []tournament.Set{{4, 2}}) {
		t.Errorf("court 2 %+v", cj)
	}
	rows := snap.Standings(g)
	if len(rows) != 2 || rows[0].ID != "tio:sTand0000001" || rows[0].Entry.ID != "05-2553_05-4357" || rows[0].Goals != 7 || rows[1].Rank != 2 { // a field of the wrong type ("lives": "n/a") costs that field only
		t.Errorf("standings %+v", rows)
	}
	ko, _ := snap.Group(koID)
	if rows := snap.Standings(ko); len(rows) != 0 {
		t.Errorf("an empty table stays empty: %+v", rows)
	}
}

func TestFollowRefusals(t *testing.T) {
	_, srv := newFake(t)
	f, store := newFollower(t, srv)
	ctx := context.Background()
	_, err := f.Follow(ctx, Request{Upstream: srv.URL, Key: "wrong", TournamentID: tid})
	if !errors.Is(err, ErrBadRequest) || !strings.Contains(err.Error(), "refused the key") || strings.Contains(err.Error(), "Forbidden resource") {
		t.Errorf("a bad key (its status, never the remote server's message): %v", err)
	}
	if _, err := store.Snapshot(ctx, tid); !errors.Is(err, cache.ErrNotFound) {
		t.Errorf("a refused follow left a copy: %v", err)
	}
	for _, req := range []Request{
		{Upstream: "ftp://x", Key: fakeToken, TournamentID: tid},
		{Upstream: srv.URL, Key: fakeToken, TournamentID: tid, Budget: 121},
		{Upstream: srv.URL, Key: fakeToken, TournamentID: "tio:nOne"},
		{Upstream: srv.URL, Key: fakePublic, TournamentID: tid}, // a public key does not say whose it is
	} {
		if _, err := f.Follow(ctx, req); !errors.Is(err, ErrBadRequest) {
			t.Errorf("%+v: %v", req, err)
		}
	}
	if fs, _ := store.Follows(ctx); len(fs) != 0 {
		t.Errorf("refused follows were kept: %+v", fs)
	}
}

func TestResultsGoThroughWithATokenOnly(t *testing.T) {
	_, srv := newFake(t)
	f, store := newFollower(t, srv)
	ctx := context.Background()
	if _, err := f.Follow(ctx, Request{Upstream: srv.URL, Key: fakeToken, TournamentID: tid}); err != nil {
		t.Fatal(err)
	}
	result := tournament.Encounters{{{7, 4}}}
	status, body, ok, err := f.RelayResult(ctx, tid, "tio:mAtch0000002", result, true)
	if err != nil || !ok || status != 200 || !bytes.Equal(body, fixture(t, "result.json")) {
		t.Fatalf("relay: %d %s %v %v", status, body, ok, err)
	}
	snap, _ := store.Snapshot(ctx, tid)
	if m, _ := snap.Match("tio:mAtch0000002"); m.State != tournament.MatchPlayed || m.EndTime.IsZero() || snap.CourtMatch("tio:cOurt00000002") != nil {
		t.Errorf("the copy did not take the returned match: %+v", m)
	}
	status, body, _, _ = f.RelayResult(ctx, tid, "tio:mAtch0000002", result, true)
	if status != 412 || !bytes.Equal(body, fixture(t, "not-running.json")) {
		t.Errorf("a 412 must reach the caller unchanged: %d %s", status, body)
	}
	if _, _, ok, _ := f.RelayResult(ctx, "own-tournament", "m", result, true); ok {
		t.Error("a tournament nobody follows was relayed")
	}

	// A public key follows read-only.
	if err := store.PutOrganizer(ctx, tournament.Organizer{ID: "local", Slug: "local", Name: "Local", Sport: tournament.TableSoccer}); err != nil {
		t.Fatal(err)
	}
	if err := store.StopFollow(ctx, tid); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Follow(ctx, Request{Upstream: srv.URL, Key: fakePublic, TournamentID: tid, OrganizerID: "tio:Xq3bNc7LpW2aD"}); err != nil {
		t.Fatal(err)
	}
	status, body, ok, _ = f.RelayResult(ctx, tid, "tio:mAtch0000002", result, true)
	if !ok || status != 403 || !bytes.Contains(body, []byte("read-only")) {
		t.Errorf("public key: %d %s", status, body)
	}
}

func TestWebhookCallsReadOnlyWhatChanged(t *testing.T) {
	cachetest.Parallel(t)
	fk, srv := newFake(t)
	f, store := newFollower(t, srv)
	f.Every = Intervals{Courts: time.Hour, Rest: time.Hour, Hooked: time.Hour, Safety: time.Hour, Idle: time.Hour}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	fl, err := f.Follow(ctx, Request{Upstream: srv.URL, Key: fakeToken, TournamentID: tid})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { f.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	// A syncer that takes a follow over reads the courts first; the rest of a copy just loaded comes later.
	start := fk.count()
	testkit.Eventually(t, "reading the courts", func() bool {
		return slices.Contains(fk.getsSince(start), "/tournaments/"+tid+"/courts")
	})
	if err := f.Hook(ctx, tid, "wrong", []byte(`{}`)); !errors.Is(err, cache.ErrNotFound) {
		t.Errorf("a wrong secret: %v", err)
	}
	if err := f.Hook(ctx, tid, fl.Secret, []byte(`{"id":1,"tournamentId":"other","events":[]}`)); !errors.Is(err, ErrBadRequest) {
		t.Errorf("another tournament's call: %v", err)
	}

	// A burst about the match on court 2 and its court is one read of the courts.
	fk.files["/tournaments/"+tid+"/courts"] = "courts.json"
	n := fk.count()
	var events []string
	for range 30 {
		events = append(events, `{"type":"MatchUpdated","matchId":"tio:mAtch0000002","createdAt":"2026-11-21T09:10:00.000Z"}`)
	}
	events = append(events, `{"type":"CourtMatchChanged","courtId":"tio:cOurt00000002","matchId":"tio:mAtch0000002","createdAt":"2026-11-21T09:10:00.000Z","extra":true}`,
		`{"type":"SomethingNew","createdAt":"2026-11-21T09:10:00.000Z"}`)
	call := `{"id":17,"tournamentId":"` + tid + `","events":[` + strings.Join(events, ",") + `]}`
	if err := f.Hook(ctx, tid, fl.Secret, []byte(call)); err != nil {
		t.Fatal(err)
	}
	testkit.Eventually(t, "the courts read", func() bool { return len(fk.getsSince(n)) >= 1 })
	if got := readsBefore(t, f, fk, fl, n); !slices.Equal(got, []string{"/tournaments/" + tid + "/courts"}) {
		t.Errorf("a burst about a match on a court read %v", got)
	}

	// A match off court is read alone; a table by its group.
	fk.files["/tournaments/"+tid+"/matches/tio:mAtch0000004"] = "match-4-played.json" // it comes back played
	n = fk.count()
	call = `{"id":18,"tournamentId":"` + tid + `","events":[{"type":"MatchUpdated","matchId":"tio:mAtch0000004","createdAt":"2026-11-21T09:11:00.000Z"},{"type":"StandingsUpdated","createdAt":"2026-11-21T09:11:00.000Z","groupId":"` + swissID + `"}]}`
	if err := f.Hook(ctx, tid, fl.Secret, []byte(call)); err != nil {
		t.Fatal(err)
	}
	testkit.Eventually(t, "two reads", func() bool { return len(fk.getsSince(n)) >= 2 })
	got := readsBefore(t, f, fk, fl, n)
	slices.Sort(got)
	if want := []string{"/tournaments/" + tid + "/groups/" + swissID + "/standings", "/tournaments/" + tid + "/matches/tio:mAtch0000004"}; !slices.Equal(got, want) {
		t.Errorf("read %v, want %v", got, want)
	}
	sts, err := store.FollowStatuses(ctx, fl)
	if err != nil {
		t.Fatal(err)
	}
	if st := sts[0]; st.LastHook.IsZero() || st.LastSync.IsZero() || st.Used == 0 {
		t.Errorf("status %+v", st)
	}
}

// readsBefore is what the syncer read since the n-th GET, up to a read that
// a call sent now asks for (the record's): the syncer reads what is due in
// order, so what an earlier call asked for and is not read yet comes before it.
func readsBefore(t *testing.T, f *Follower, fk *fake, fl record.Follow, n int) []string {
	t.Helper()
	record := "/tournaments/" + tid
	call := `{"id":99,"tournamentId":"` + tid + `","events":[{"type":"TournamentUpdated","createdAt":"2026-11-21T09:12:00.000Z"}]}`
	if err := f.Hook(context.Background(), tid, fl.Secret, []byte(call)); err != nil {
		t.Fatal(err)
	}
	testkit.Eventually(t, "the record read", func() bool { return slices.Contains(fk.getsSince(n), record) })
	got := fk.getsSince(n)
	return got[:slices.Index(got, record)]
}

// A minute of polling takes no more than its share of the budget: what a
// webhook call asks for is read at once, not when the window moves on.
func TestPollingLeavesTheBudgetToChanges(t *testing.T) {
	cachetest.Parallel(t)
	fk, srv := newFake(t)
	f, _ := newFollower(t, srv)
	f.Every = Intervals{Courts: 10 * time.Millisecond, Rest: time.Hour, Hooked: time.Hour, Safety: 10 * time.Millisecond, Idle: time.Hour}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const budget = 20
	n := fk.count()
	fl, err := f.Follow(ctx, Request{Upstream: srv.URL, Key: fakeToken, TournamentID: tid, Budget: budget})
	if err != nil {
		t.Fatal(err)
	}
	if loaded := fk.count() - n; loaded >= pollingShare(budget) {
		t.Fatalf("the first load took %d GETs: no room to poll in a budget of %d", loaded, budget)
	}
	done := make(chan struct{})
	go func() { f.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	testkit.Eventually(t, "polling up to its share", func() bool { return fk.count()-n >= pollingShare(budget) })

	n = fk.count()
	call := `{"id":1,"tournamentId":"` + tid + `","events":[{"type":"MatchUpdated","matchId":"tio:mAtch0000004","createdAt":"2026-11-21T09:11:00.000Z"}]}`
	if err := f.Hook(ctx, tid, fl.Secret, []byte(call)); err != nil {
		t.Fatal(err)
	}
	testkit.Eventually(t, "the match a call named read", func() bool {
		return slices.Contains(fk.getsSince(n), "/tournaments/"+tid+"/matches/tio:mAtch0000004")
	})
	if got := fk.getsSince(n); len(got) > budget-pollingShare(budget) {
		t.Errorf("%d GETs in the minute's last part of the budget: %v", len(got), got)
	}
}

func TestBudgetAndRetryAfter(t *testing.T) {
	fk, srv := newFake(t)
	f, store := newFollower(t, srv)
	ctx := context.Background()
	fl := record.Follow{Upstream: srv.URL + "/v1/public", Key: fakeToken, Budget: 3}
	for i := range 3 {
		if wait, err := store.TakeBudget(ctx, fl.KeyHash(), fl.Budget); err != nil || wait != 0 {
			t.Fatalf("request %d: wait %v, %v", i+1, wait, err)
		}
	}
	if wait, _ := store.TakeBudget(ctx, fl.KeyHash(), fl.Budget); wait < 59*time.Second {
		t.Errorf("the fourth request in a minute of a budget of 3 waits %v", wait)
	}
	// A 429 pauses every request with the key for its Retry-After.
	fl.Key = fakePublic
	fk.tooMany = "30"
	var ue *Error
	if _, _, err := f.client(fl, false).Hello(ctx); !errors.As(err, &ue) || ue.Status != 429 {
		t.Fatalf("429: %v", err)
	}
	if wait, _ := store.TakeBudget(ctx, fl.KeyHash(), 100); wait < 29*time.Second {
		t.Errorf("after Retry-After: 30, a request may go in %v", wait)
	}
}

// Polling alone, a group's first match called onto a court starts the group
// (and its stage): the record says so, and is read without waiting for its
// own slow pace.
func TestACallThatStartsAGroupReadsTheRecord(t *testing.T) {
	cachetest.Parallel(t)
	fk, srv := newFake(t)
	f, store := newFollower(t, srv)
	f.Every = Intervals{Courts: 100 * time.Millisecond, Rest: time.Hour, Hooked: time.Hour, Safety: time.Hour, Idle: time.Hour}
	base := "/tournaments/" + tid
	fk.files[base] = "tournament-ready.json"
	fk.files[base+"/courts"] = "courts-empty.json"
	fk.files[base+"/disciplines/"+discID+"/matches"] = "matches-open.json"
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if _, err := f.Follow(ctx, Request{Upstream: srv.URL, Key: fakeToken, TournamentID: tid}); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { f.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	n := fk.count()
	testkit.Eventually(t, "reading the courts", func() bool { return slices.Contains(fk.getsSince(n), base+"/courts") })

	fk.mu.Lock()
	delete(fk.files, base)
	delete(fk.files, base+"/courts")
	delete(fk.files, base+"/disciplines/"+discID+"/matches")
	fk.mu.Unlock()
	testkit.Eventually(t, "the group running in the copy", func() bool {
		snap, err := store.Snapshot(ctx, tid)
		if err != nil {
			t.Fatal(err)
		}
		g, _ := snap.Group(swissID)
		return g != nil && g.State == tournament.PhaseRunning
	})
}
