package cache_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/internal/testkit"
	"courtside/record"
	"courtside/tournament"
)

func TestSnapshotIsReusedUntilTheVersionMoves(t *testing.T) {
	ctx := context.Background()
	store, demo := cachetest.Demo(t)
	dt := demo.Tournaments[0]
	a, err := store.Snapshot(ctx, dt.Tournament.ID)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := store.Snapshot(ctx, dt.Tournament.ID)
	if a != b {
		t.Error("an unchanged tournament was decoded again")
	}
	if len(a.Matches) != len(dt.Matches) || len(a.Entries) != len(dt.Entries) || a.Organizer.ID != dt.Tournament.OrganizerID {
		t.Errorf("snapshot has %d matches, %d entries, organizer %q", len(a.Matches), len(a.Entries), a.Organizer.ID)
	}
	changed := *dt.Tournament
	changed.Name = "Hamburg Open 2026 (renamed)"
	if err := store.PutTournament(ctx, &changed, dt.Matches, dt.Entries); err != nil {
		t.Fatal(err)
	}
	c, _ := store.Snapshot(ctx, dt.Tournament.ID)
	if c.Version != a.Version+1 || c.Tournament.Name != changed.Name {
		t.Errorf("after a change: version %d (was %d), name %q", c.Version, a.Version, c.Tournament.Name)
	}
	// Another instance sees the change too.
	other := cache.New(cachetest.Redis(t))
	if _, err := other.Snapshot(ctx, dt.Tournament.ID); !errors.Is(err, cache.ErrNotFound) {
		t.Errorf("an empty Redis has the tournament: %v", err)
	}
}

func TestSnapshotOfUnknownTournament(t *testing.T) {
	store := cachetest.Store(cachetest.Redis(t))
	if _, err := store.Snapshot(context.Background(), "tio:none"); !errors.Is(err, cache.ErrNotFound) {
		t.Errorf("err = %v, want ErrNotFound", err)
	}
}

func TestMatchesComeInTournamentOrder(t *testing.T) {
	ctx := context.Background()
	store, demo := cachetest.Demo(t)
	snap, err := store.Snapshot(ctx, demo.Tournaments[0].Tournament.ID)
	if err != nil {
		t.Fatal(err)
	}
	disc := map[string]int{}
	for i, d := range snap.Tournament.Disciplines {
		disc[d.ID] = i
	}
	for i := 1; i < len(snap.Matches); i++ {
		if disc[snap.Matches[i-1].DisciplineID] > disc[snap.Matches[i].DisciplineID] {
			t.Fatalf("match %d of discipline %d comes after one of discipline %d", i, disc[snap.Matches[i].DisciplineID], disc[snap.Matches[i-1].DisciplineID])
		}
	}
}

func TestKeysAreStoredByHashAndRevocable(t *testing.T) {
	ctx := context.Background()
	rdb := cachetest.Redis(t)
	store, demo := cachetest.DemoOn(t, rdb)
	secret, k, err := store.CreateToken(ctx, demo.Organizers[0].ID, "")
	if err != nil {
		t.Fatal(err)
	}
	if k.Name != demo.Organizers[0].Name || k.Owner() != demo.Organizers[0].ID || k.Sport != demo.Organizers[0].Sport {
		t.Errorf("token %+v", k)
	}
	// The secret is nowhere in Redis.
	keys := cachetest.Keys(t, rdb, "*")
	for _, key := range keys {
		if typ, _ := rdb.Type(ctx, key).Result(); typ != "hash" {
			continue
		}
		vals, _ := rdb.HGetAll(ctx, key).Result()
		for f, v := range vals {
			if strings.Contains(f+v, secret) {
				t.Fatalf("the secret is stored in %s", key)
			}
		}
	}
	got, err := store.Authenticate(ctx, secret)
	if err != nil || got.ID != k.ID {
		t.Fatalf("Authenticate = %+v, %v", got, err)
	}
	if _, err := store.Authenticate(ctx, secret+"x"); !errors.Is(err, cache.ErrNotFound) {
		t.Errorf("a wrong secret: %v", err)
	}
	if err := store.RevokeKey(ctx, k.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Authenticate(ctx, secret); !errors.Is(err, cache.ErrRevoked) {
		t.Errorf("a revoked key: %v", err)
	}
	if err := store.RevokeKey(ctx, "key_nope"); !errors.Is(err, cache.ErrNotFound) {
		t.Errorf("revoking an unknown key: %v", err)
	}
	if _, _, err := store.CreateToken(ctx, "tio:nobody", ""); !errors.Is(err, cache.ErrNotFound) {
		t.Errorf("a token for an unknown organizer: %v", err)
	}
}

func TestPublicKeyNeedsSportAndApplicant(t *testing.T) {
	store := cachetest.Store(cachetest.Redis(t))
	ctx := context.Background()
	good := cache.PublicKeyRequest{Sport: tournament.Darts, App: "Oche", Applicant: "Sam", Email: "sam@example.org"}
	if _, k, err := store.CreatePublicKey(ctx, good); err != nil || k.Kind != record.KindPublic || k.Owner() != k.ID {
		t.Fatalf("%+v %v", k, err)
	}
	for name, r := range map[string]cache.PublicKeyRequest{
		"no sport":        {App: "a", Applicant: "b", Email: "c"},
		"a made-up sport": {Sport: "chess", App: "a", Applicant: "b", Email: "c"},
		"no email":        {Sport: tournament.Darts, App: "a", Applicant: "b"},
	} {
		if _, _, err := store.CreatePublicKey(ctx, r); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestRateLimitSlidesAcrossTheMinute(t *testing.T) {
	store := cachetest.Store(cachetest.Redis(t))
	ctx := context.Background()
	start := time.Date(2026, 11, 21, 12, 0, 30, 0, time.UTC) // halfway through a minute
	now := start
	store.Now = func() time.Time { return now }
	for i := range 10 {
		if ok, _, err := store.Allow(ctx, "k", 10); !ok || err != nil {
			t.Fatalf("request %d refused: %v", i+1, err)
		}
	}
	ok, wait, err := store.Allow(ctx, "k", 10)
	if ok || err != nil {
		t.Fatalf("11th request allowed: %v", err)
	}
	if wait <= 30*time.Second || wait > 90*time.Second {
		t.Errorf("retry after %s", wait)
	}
	// Just into the next minute the previous one still weighs almost fully.
	now = start.Add(31 * time.Second)
	if ok, _, _ := store.Allow(ctx, "k", 10); ok {
		t.Error("a burst right after the minute turned was allowed: the window did not slide")
	}
	now = start.Add(wait)
	if ok, _, _ := store.Allow(ctx, "k", 10); !ok {
		t.Errorf("refused after the Retry-After it gave (%s)", wait)
	}
}

func TestListingFiltersAndPages(t *testing.T) {
	ctx := context.Background()
	store, demo := cachetest.Demo(t)
	kicker := demo.Organizers[0]
	all, err := store.Tournaments(ctx, kicker.ID, cache.ListQuery{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	shared, _ := store.Tournaments(ctx, kicker.ID, cache.ListQuery{Limit: 100, SharedOnly: true})
	finished, _ := store.Tournaments(ctx, kicker.ID, cache.ListQuery{Limit: 100, State: tournament.StateFinished})
	past, _ := store.Tournaments(ctx, kicker.ID, cache.ListQuery{Limit: 5, Offset: 100})
	// Finished: the Autumn Cup and the three club nights of the demo's series, the latest first.
	if len(all) != len(shared)+1 || len(finished) != 4 || finished[3].Tournament.Name != "Autumn Cup 2026" || finished[0].Tournament.Name != "Club Night 3" || len(past) != 0 {
		t.Errorf("all %d, shared %d, finished %d, past the end %d", len(all), len(shared), len(finished), len(past))
	}
}

// snapshotJSON is everything a snapshot says, for comparing two.
func snapshotJSON(t *testing.T, s *tournament.Snapshot) string {
	t.Helper()
	raw, err := json.Marshal(struct {
		V int64
		T *tournament.Tournament
		M []*tournament.Match
	}{s.Version, s.Tournament, s.Matches})
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

func TestSnapshotFromChangesEqualsAFullLoad(t *testing.T) {
	ctx := context.Background()
	rdb := cachetest.Redis(t)
	reader := cachetest.Store(rdb)
	writer := cachetest.Store(rdb) // another instance
	org := tournament.Organizer{ID: "o", Slug: "o", Name: "Club", Sport: tournament.Darts}
	var entries []*tournament.Entry
	for _, n := range []string{"a", "b", "c", "d"} {
		entries = append(entries, &tournament.Entry{ID: n, Name: n, Entries: []*tournament.Entry{{ID: n, Name: n}}})
	}
	b := tournament.NewBracket(entries, false, true, func(p string) string { return p })
	for _, m := range b.Matches {
		m.DisciplineID, m.StageID, m.GroupID = "d", "s", "g"
	}
	tour := &tournament.Tournament{ID: "t", Name: "Cup", State: tournament.StateReady, OrganizerID: "o", Public: true,
		Courts: []tournament.Court{{ID: "c1", Number: 1, Name: "Board 1"}},
		Disciplines: []tournament.Discipline{{ID: "d", EntryType: tournament.EntrySingle, Stages: []tournament.Stage{{ID: "s", State: tournament.PhaseReady,
			Groups: []tournament.Group{{ID: "g", Mode: tournament.Elimination, State: tournament.PhaseReady, Rounds: b.Rounds,
				Options: tournament.GroupOptions{EliminationThirdPlace: true, MatchConfigurations: []tournament.MatchConfiguration{{NumPoints: 3, NumSets: 1}}}}}}}}}}
	if err := writer.PutOrganizer(ctx, org); err != nil {
		t.Fatal(err)
	}
	if err := writer.PutTournament(ctx, tour, b.Matches, entries); err != nil {
		t.Fatal(err)
	}
	same := func(when string) {
		t.Helper()
		got, err := reader.Snapshot(ctx, "t")
		if err != nil {
			t.Fatal(err)
		}
		want, err := cachetest.Store(rdb).Snapshot(ctx, "t")
		if err != nil {
			t.Fatal(err)
		}
		if snapshotJSON(t, got) != snapshotJSON(t, want) {
			t.Fatalf("%s: the snapshot built from changes differs from a full load:\n%s\n%s", when, snapshotJSON(t, got), snapshotJSON(t, want))
		}
	}
	same("first read")
	// Play the cup out on the other instance, checking the reader after every write.
	for round := 0; ; round++ {
		snap, _ := writer.Snapshot(ctx, "t")
		i := slices.IndexFunc(snap.Matches, func(m *tournament.Match) bool { return m.State == tournament.MatchOpen })
		if i < 0 {
			break
		}
		id := snap.Matches[i].ID
		if _, _, err := writer.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
			return s.CallMatch(id, []string{"c1"}, cachetest.Now)
		}); err != nil {
			t.Fatal(err)
		}
		same(fmt.Sprintf("call %d", round))
		for _, live := range []bool{true, false} {
			score := tournament.Encounters{{{3, 1}}}
			if live {
				score = tournament.Encounters{{{1, 1}}}
			}
			// Computed from the snapshot before the call: stale, so the write must compute again.
			if _, _, err := writer.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
				return s.SetResult(id, score, !live, cachetest.Now, "w")
			}); err != nil {
				t.Fatal(err)
			}
			same(fmt.Sprintf("result %d live=%v", round, live))
		}
	}
	got, _ := reader.Snapshot(ctx, "t")
	if got.Tournament.State != tournament.StateFinished {
		t.Errorf("the reader sees the cup %s after its last match", got.Tournament.State)
	}
	// A whole replace leaves a gap in the changelog: the reader loads it whole.
	tour.Name = "Renamed"
	if err := writer.PutTournament(ctx, tour, b.Matches, entries); err != nil {
		t.Fatal(err)
	}
	same("after a whole replace")
	if got, _ := reader.Snapshot(ctx, "t"); got.Tournament.Name != "Renamed" || got.Tournament.State != tournament.StateReady {
		t.Errorf("after a whole replace: %s, %s", got.Tournament.Name, got.Tournament.State)
	}
}

func TestKnownVersionFollowsChangesWithoutAsking(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rdb := cachetest.Redis(t)
	board, demo := cachetest.DemoOn(t, rdb) // the instance a TV polls
	writer := cachetest.Store(rdb)          // another instance, where results come in
	hamburg := demo.Tournaments[0]
	if _, ok := board.KnownVersion(hamburg.Tournament.ID); ok {
		t.Fatal("a version known before the tournament was read")
	}
	snap, err := board.Snapshot(ctx, hamburg.Tournament.ID)
	if err != nil {
		t.Fatal(err)
	}
	go board.WatchVersions(ctx, time.Hour, slog.New(slog.NewTextHandler(io.Discard, nil)))
	testkit.Eventually(t, "the board vouches for the version it read", func() bool {
		v, ok := board.KnownVersion(hamburg.Tournament.ID)
		return ok && v == snap.Version
	})
	var running *tournament.Match
	for _, m := range snap.Matches {
		if m.State == tournament.MatchRunning {
			running = m
			break
		}
	}
	ws, _ := writer.Snapshot(ctx, hamburg.Tournament.ID)
	if _, _, err := writer.Write(ctx, ws, func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.SetResult(running.ID, tournament.Encounters{{{1, 0}}}, false, cachetest.Now, "w")
	}); err != nil {
		t.Fatal(err)
	}
	testkit.Eventually(t, "the change reached the board instance", func() bool {
		v, _ := board.KnownVersion(hamburg.Tournament.ID)
		return v == snap.Version+1
	})
}

// commands counts the commands a Redis client sends.
type commands struct{ n atomic.Int64 }

func (c *commands) DialHook(next redis.DialHook) redis.DialHook { return next }
func (c *commands) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error { c.n.Add(1); return next(ctx, cmd) }
}
func (c *commands) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error { c.n.Add(int64(len(cmds))); return next(ctx, cmds) }
}

func TestListsOfKnownTournamentsAskOnlyForTheIndex(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rdb := cachetest.Redis(t)
	store, demo := cachetest.DemoOn(t, rdb)
	go store.WatchVersions(ctx, time.Hour, slog.New(slog.NewTextHandler(io.Discard, nil)))
	org := demo.Organizers[0].ID
	first, err := store.Tournaments(ctx, org, cache.ListQuery{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	testkit.Eventually(t, "the watcher vouches for what the list read", func() bool {
		_, ok := store.KnownVersion(first[0].Tournament.ID)
		return ok
	})
	var count commands
	rdb.AddHook(&count)
	again, err := store.Tournaments(ctx, org, cache.ListQuery{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	if n := count.n.Load(); n != 1 || len(again) != len(first) {
		t.Errorf("listing %d known, unchanged tournaments sent %d commands, want just the index", len(again), n)
	}
	for i := range again {
		if again[i] != first[i] {
			t.Errorf("tournament %d was read again", i)
		}
	}
}

func TestListsFollowTheStateATournamentReachedAtRuntime(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rdb := cachetest.Redis(t)
	writer := cachetest.Store(rdb)
	watched := cachetest.Store(rdb) // knows the tournaments from its snapshots, vouched for by the watcher
	organizer(t, writer)
	snap, matches := running(t, writer, "t1", "a", "b")
	if _, err := watched.Snapshot(ctx, "t1"); err != nil {
		t.Fatal(err)
	}
	go watched.WatchVersions(ctx, time.Hour, slog.New(slog.NewTextHandler(io.Discard, nil)))
	testkit.Eventually(t, "the watcher subscribed", func() bool { _, ok := watched.KnownVersion("t1"); return ok })
	ids := func(store *cache.Store, state tournament.State) []string {
		t.Helper()
		snaps, err := store.Tournaments(ctx, "o", cache.ListQuery{State: state, Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, s := range snaps {
			out = append(out, s.Tournament.ID+":"+string(s.Tournament.State))
		}
		return out
	}
	if got := ids(watched, tournament.StateRunning); !slices.Equal(got, []string{"t1:running"}) {
		t.Fatalf("running: %v", got)
	}
	if _, _, err := writer.Write(ctx, snap, final(matches[0].ID)); err != nil {
		t.Fatal(err)
	}
	testkit.Eventually(t, "the watcher heard of the result", func() bool { v, _ := watched.KnownVersion("t1"); return v == snap.Version+1 })
	for name, store := range map[string]*cache.Store{"a new instance": cachetest.Store(rdb), "an instance that knows it": watched} {
		if got := ids(store, tournament.StateFinished); !slices.Equal(got, []string{"t1:finished"}) {
			t.Errorf("%s: state=finished lists %v", name, got)
		}
		if got := ids(store, tournament.StateRunning); len(got) != 0 {
			t.Errorf("%s: state=running lists %v", name, got)
		}
	}
}

// afterRead holds the first script call after it is armed until it is released,
// once Redis has answered it: a read that Redis served before what follows.
type afterRead struct {
	armed   atomic.Bool
	reached chan struct{}
	release chan struct{}
}

func (h *afterRead) DialHook(next redis.DialHook) redis.DialHook { return next }
func (h *afterRead) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		err := next(ctx, cmd)
		if name := cmd.Name(); (name == "evalsha" || name == "eval") && err == nil && h.armed.CompareAndSwap(true, false) {
			close(h.reached)
			<-h.release
		}
		return err
	}
}
func (h *afterRead) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return next
}

// TestSnapshotAfterAWriteSeesIt: readers share a read under way, but one that
// Redis answered before this instance's write does not hide the write from a
// reader that comes after it.
func TestSnapshotAfterAWriteSeesIt(t *testing.T) {
	ctx := context.Background()
	rdb := cachetest.Redis(t)
	store, demo := cachetest.DemoOn(t, rdb)
	hamburg := demo.Tournaments[0]
	id := hamburg.Tournament.ID
	snap, err := store.Snapshot(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var m *tournament.Match
	for _, x := range snap.Matches {
		if x.State == tournament.MatchRunning && len(x.CourtIDs) == 1 {
			m = x
			break
		}
	}
	h := &afterRead{reached: make(chan struct{}), release: make(chan struct{})}
	rdb.AddHook(h)
	h.armed.Store(true)
	go func() { _, _ = store.Snapshot(ctx, id) }() // a background read, answered before the write
	<-h.reached
	if _, _, err := store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.SetResult(m.ID, tournament.Encounters{{{2, 1}}}, false, cachetest.Now, "test")
	}); err != nil {
		t.Fatal(err)
	}
	after := make(chan *tournament.Snapshot)
	go func() {
		s, err := store.Snapshot(ctx, id)
		if err != nil {
			t.Error(err)
		}
		after <- s
	}()
	for range 100 { // let the reader reach the read under way
		runtime.Gosched()
	}
	close(h.release)
	got := <-after
	if got == nil || got.Version <= snap.Version {
		t.Fatalf("a read after the write got version %d, the write made a newer one than %d", got.Version, snap.Version)
	}
	if mm, _ := got.Match(m.ID); fmt.Sprint(mm.Encounters) != "[[[2 1]]]" {
		t.Errorf("the write is not in the snapshot read after it: %v", mm.Encounters)
	}
}
