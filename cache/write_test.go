package cache_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/tournament"
)

// cupOf is a tournament of one round-robin group over the players, one round
// of matches (a against b, c against d, ...) and a court for each.
func cupOf(id string, players ...string) (*tournament.Tournament, []*tournament.Match, []*tournament.Entry) {
	var entries []*tournament.Entry
	for _, p := range players {
		entries = append(entries, &tournament.Entry{ID: p, Name: p, Entries: []*tournament.Entry{{ID: p, Name: p}}})
	}
	t := &tournament.Tournament{ID: id, Name: "Cup " + id, State: tournament.StateReady, OrganizerID: "o", Public: true, Rev: 1,
		StartTime: tournament.At(cachetest.Now),
		Disciplines: []tournament.Discipline{{ID: "d", EntryType: tournament.EntrySingle, EntryIDs: players, Stages: []tournament.Stage{{ID: "s", State: tournament.PhaseReady,
			Groups: []tournament.Group{{ID: "g", Mode: tournament.RoundRobin, State: tournament.PhaseReady, EntryIDs: players, Rounds: []tournament.Round{{ID: "r1"}},
				Options: tournament.GroupOptions{MatchConfigurations: []tournament.MatchConfiguration{{NumPoints: 7, NumSets: 1}}}}}}}}}}
	var matches []*tournament.Match
	for i := 0; i+1 < len(entries); i += 2 {
		n := len(t.Courts) + 1
		t.Courts = append(t.Courts, tournament.Court{ID: fmt.Sprintf("c%d", n), Number: n, Name: fmt.Sprintf("Table %d", n)})
		matches = append(matches, &tournament.Match{ID: id + "-m" + players[i], Entries: [2]*tournament.Entry{entries[i], entries[i+1]},
			State: tournament.MatchOpen, DisciplineID: "d", StageID: "s", GroupID: "g", RoundID: "r1", Seq: i, Rev: 1})
	}
	return t, matches, entries
}

// cup is cupOf as a change that creates it.
func cup(id string, players ...string) *tournament.Change {
	t, ms, es := cupOf(id, players...)
	return &tournament.Change{Tournament: t, Matches: ms, Entries: es, Events: []tournament.Event{{Type: tournament.EventTournamentAdded}}}
}

func organizer(t testing.TB, store *cache.Store) {
	t.Helper()
	if err := store.PutOrganizer(context.Background(), tournament.Organizer{ID: "o", Slug: "o", Name: "Club", Sport: tournament.Darts}); err != nil {
		t.Fatal(err)
	}
}

func TestApplyCreatesATournamentOnce(t *testing.T) {
	ctx := context.Background()
	rdb := cachetest.Redis(t)
	store := cachetest.Store(rdb)
	organizer(t, store)
	if _, err := store.Apply(ctx, "t1", cup("t1", "a", "b", "c", "d")); err != nil {
		t.Fatal(err)
	}
	snap, err := store.Snapshot(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	if snap.Tournament.Name != "Cup t1" || len(snap.Matches) != 2 || len(snap.Entries) != 4 || snap.Organizer.Name != "Club" {
		t.Fatalf("created: %q, %d matches, %d entries, organizer %q", snap.Tournament.Name, len(snap.Matches), len(snap.Entries), snap.Organizer.Name)
	}
	listed, err := store.Tournaments(ctx, "o", cache.ListQuery{Limit: 10})
	if err != nil || len(listed) != 1 || listed[0].Tournament.ID != "t1" {
		t.Fatalf("the organizer's list after the creation: %v, %v", listed, err)
	}

	again := cup("t1", "x", "y")
	again.Tournament.Name = "Impostor"
	if _, err := store.Apply(ctx, "t1", again); !errors.Is(err, cache.ErrExists) {
		t.Fatalf("creating it again: %v, want ErrExists", err)
	}
	now, _ := cachetest.Store(rdb).Snapshot(ctx, "t1")
	if now.Version != snap.Version || now.Tournament.Name != "Cup t1" || len(now.Entries) != 4 {
		t.Errorf("a refused creation changed the tournament: version %d, %q, %d entries", now.Version, now.Tournament.Name, len(now.Entries))
	}
}

func TestApplyRefusesANewMatchThatExists(t *testing.T) {
	ctx := context.Background()
	store := cachetest.Store(cachetest.Redis(t))
	organizer(t, store)
	c := cup("t1", "a", "b")
	if _, err := store.Apply(ctx, "t1", c); err != nil {
		t.Fatal(err)
	}
	dup := *c.Matches[0]
	dup.State = tournament.MatchSkipped
	if _, err := store.Apply(ctx, "t1", &tournament.Change{Matches: []*tournament.Match{&dup}}); !errors.Is(err, cache.ErrConflict) {
		t.Errorf("a new match with the id of one that exists: %v, want ErrConflict", err)
	}
	if _, err := store.Apply(ctx, "nope", &tournament.Change{Matches: []*tournament.Match{&dup}}); !errors.Is(err, cache.ErrNotFound) {
		t.Errorf("a match for a tournament that does not exist: %v, want ErrNotFound", err)
	}
}

func TestSnapshotFromChangesFollowsEntriesAndRemovedMatches(t *testing.T) {
	ctx := context.Background()
	rdb := cachetest.Redis(t)
	reader, writer := cachetest.Store(rdb), cachetest.Store(rdb)
	organizer(t, writer)
	c := cup("t1", "a", "b", "c", "d")
	if _, err := writer.Apply(ctx, "t1", c); err != nil {
		t.Fatal(err)
	}
	before, err := reader.Snapshot(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	// A redraw: an entry renamed, one added, the matches replaced.
	renamed := &tournament.Entry{ID: "a", Name: "Anna", Entries: []*tournament.Entry{{ID: "a", Name: "Anna"}}}
	late := &tournament.Entry{ID: "e", Name: "e", Entries: []*tournament.Entry{{ID: "e", Name: "e"}}}
	redraw := &tournament.Match{ID: "t1-new", Entries: [2]*tournament.Entry{renamed, late}, State: tournament.MatchOpen,
		DisciplineID: "d", StageID: "s", GroupID: "g", RoundID: "r1", Rev: 1}
	if _, err := writer.Apply(ctx, "t1", &tournament.Change{
		Entries: []*tournament.Entry{renamed, late},
		Matches: []*tournament.Match{redraw},
		Removed: []string{c.Matches[0].ID, c.Matches[1].ID},
		Events:  []tournament.Event{{Type: tournament.EventEntryListUpdated}},
	}); err != nil {
		t.Fatal(err)
	}
	got, err := reader.Snapshot(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	full, _ := cachetest.Store(rdb).Snapshot(ctx, "t1")
	if snapshotJSON(t, got) != snapshotJSON(t, full) {
		t.Fatalf("the snapshot built from changes differs from a full load:\n%s\n%s", snapshotJSON(t, got), snapshotJSON(t, full))
	}
	ids := func(s *tournament.Snapshot) (out []string) {
		for _, m := range s.Matches {
			out = append(out, m.ID)
		}
		return out
	}
	if !slices.Equal(ids(got), []string{"t1-new"}) || len(got.Entries) != 5 || got.Entries["a"].Name != "Anna" {
		t.Errorf("after the redraw: matches %v, %d entries, a is %q", ids(got), len(got.Entries), got.Entries["a"].Name)
	}
	if len(before.Entries) != 4 || before.Entries["a"].Name != "a" || len(before.Matches) != 2 {
		t.Error("the older snapshot changed")
	}
}

// running stores the cup and calls every match to its court.
func running(t testing.TB, store *cache.Store, id string, players ...string) (*tournament.Snapshot, []*tournament.Match) {
	t.Helper()
	ctx := context.Background()
	tour, matches, entries := cupOf(id, players...)
	if err := store.PutTournament(ctx, tour, matches, entries); err != nil {
		t.Fatal(err)
	}
	snap, err := store.Snapshot(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range matches {
		court := tour.Courts[i].ID
		if snap, _, err = store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
			return s.CallMatch(m.ID, []string{court}, cachetest.Now)
		}); err != nil {
			t.Fatal(err)
		}
	}
	snap, err = store.Snapshot(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	return snap, matches
}

func final(id string) func(*tournament.Snapshot) (*tournament.Change, error) {
	return func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.SetResult(id, tournament.Encounters{{{7, 3}}}, true, cachetest.Now, "test")
	}
}

func TestLastTwoResultsWrittenAtOnceFinishTheGroup(t *testing.T) {
	ctx := context.Background()
	rdb := cachetest.Redis(t)
	store := cachetest.Store(rdb)
	organizer(t, store)
	snap, matches := running(t, store, "t1", "a", "b", "c", "d")
	// Both results are computed from the tournament with the other match still running.
	for _, m := range matches {
		if _, _, err := store.Write(ctx, snap, final(m.ID)); err != nil {
			t.Fatal(err)
		}
	}
	got, _ := cachetest.Store(rdb).Snapshot(ctx, "t1")
	st := &got.Tournament.Disciplines[0].Stages[0]
	if st.Groups[0].State != tournament.PhaseFinished || st.State != tournament.PhaseFinished || got.Tournament.State != tournament.StateFinished {
		t.Errorf("every match played, yet group %s, stage %s, tournament %s", st.Groups[0].State, st.State, got.Tournament.State)
	}
}

func TestRacingResultsAllGetThrough(t *testing.T) {
	ctx := context.Background()
	rdb := cachetest.Redis(t)
	store := cachetest.Store(rdb)
	organizer(t, store)
	var players []string
	for i := range 32 {
		players = append(players, fmt.Sprintf("p%02d", i))
	}
	snap, matches := running(t, store, "t1", players...)
	var wg sync.WaitGroup
	errs := make(chan error, len(matches))
	for _, m := range matches {
		wg.Go(func() {
			_, _, err := cachetest.Store(rdb).Write(ctx, snap, final(m.ID)) // each from its own instance
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	got, _ := cachetest.Store(rdb).Snapshot(ctx, "t1")
	if got.Tournament.State != tournament.StateFinished {
		t.Errorf("%d results raced: the tournament is %s", len(matches), got.Tournament.State)
	}
}

func TestAWriteThatFailsHalfWayChangesNothing(t *testing.T) {
	ctx := context.Background()
	rdb := cachetest.Redis(t)
	store, reader := cachetest.Store(rdb), cachetest.Store(rdb)
	organizer(t, store)
	snap, matches := running(t, store, "t1", "a", "b")
	if _, err := reader.Snapshot(ctx, "t1"); err != nil {
		t.Fatal(err)
	}
	// The events stream cannot take the append (a key of the wrong type).
	if err := rdb.Set(ctx, "t:{t1}:events", "not a stream", 0).Err(); err != nil {
		t.Fatal(err)
	}
	if _, _, err := store.Write(ctx, snap, final(matches[0].ID)); err == nil {
		t.Fatal("the write went through")
	}
	now, err := cachetest.Store(rdb).Snapshot(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	if m, _ := now.Match(matches[0].ID); now.Version != snap.Version || m.State != tournament.MatchRunning || now.Tournament.State != tournament.StateRunning {
		t.Fatalf("a failed write changed the tournament: version %d (was %d), match %s, tournament %s", now.Version, snap.Version, m.State, now.Tournament.State)
	}
	if audit, _ := store.Audit(ctx, "t1", matches[0].ID); len(audit) != 0 {
		t.Errorf("a failed write is in the audit log: %+v", audit)
	}
	// Once the stream is fixed, the write goes through, and a reader following the changelog sees it.
	if err := rdb.Del(ctx, "t:{t1}:events").Err(); err != nil {
		t.Fatal(err)
	}
	if _, _, err := store.Write(ctx, snap, final(matches[0].ID)); err != nil {
		t.Fatal(err)
	}
	got, _ := reader.Snapshot(ctx, "t1")
	full, _ := cachetest.Store(rdb).Snapshot(ctx, "t1")
	if snapshotJSON(t, got) != snapshotJSON(t, full) || got.Tournament.State != tournament.StateFinished {
		t.Errorf("after the write: the reader's snapshot differs from a full load, or the cup is %s", got.Tournament.State)
	}
}

func TestTheAuditLogKeepsWhatTheAPIGuideSays(t *testing.T) {
	ctx := context.Background()
	store := cachetest.Store(cachetest.Redis(t))
	organizer(t, store)
	snap, matches := running(t, store, "t1", "a", "b")
	id := matches[0].ID
	for i := range tournament.AuditCap + 5 {
		if _, _, err := store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
			return s.SetResult(id, tournament.Encounters{{{i % 7, 0}}}, false, cachetest.Now, "live")
		}); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := store.Write(ctx, snap, final(id)); err != nil {
		t.Fatal(err)
	}
	audit, err := store.Audit(ctx, "t1", id)
	if err != nil {
		t.Fatal(err)
	}
	if len(audit) != tournament.AuditCap || !audit[0].Final || audit[1].Final {
		t.Errorf("the audit log keeps %d writes, the newest final=%v", len(audit), audit[0].Final)
	}
	readme, err := os.ReadFile("../docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(readme)), " ")
	if says := fmt.Sprintf("audit log keeps its newest %d result writes", tournament.AuditCap); !strings.Contains(text, says) {
		t.Errorf("docs/api.md does not say what the audit log keeps: %q", says)
	}
}

func TestRacingCreationsMakeOneTournament(t *testing.T) {
	ctx := context.Background()
	rdb := cachetest.Redis(t)
	organizer(t, cachetest.Store(rdb))
	var wg sync.WaitGroup
	var made, refused, other sync.Map
	for i := range 20 {
		wg.Go(func() {
			c := cup("t1", "a", "b")
			c.Tournament.Name = fmt.Sprint("Cup ", i)
			switch _, err := cachetest.Store(rdb).Apply(ctx, "t1", c); {
			case err == nil:
				made.Store(i, c.Tournament.Name)
			case errors.Is(err, cache.ErrExists):
				refused.Store(i, true)
			default:
				other.Store(i, err)
			}
		})
	}
	wg.Wait()
	count := func(m *sync.Map) (n int) {
		m.Range(func(any, any) bool { n++; return true })
		return n
	}
	if count(&made) != 1 || count(&refused) != 19 || count(&other) != 0 {
		t.Fatalf("20 racing creations: %d made, %d refused, %d failed", count(&made), count(&refused), count(&other))
	}
	snap, err := cachetest.Store(rdb).Snapshot(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	made.Range(func(_, name any) bool {
		if snap.Tournament.Name != name || snap.Version != 1 {
			t.Errorf("the tournament is %q at version %d, the creation that got through made %q", snap.Tournament.Name, snap.Version, name)
		}
		return true
	})
	if list, _ := cachetest.Store(rdb).Tournaments(ctx, "o", cache.ListQuery{Limit: 10}); len(list) != 1 {
		t.Errorf("the organizer lists %d tournaments", len(list))
	}
}

// BenchmarkRacingFinals: sixteen courts send their final results at the same
// moment, each from its own instance; every one must get through.
func BenchmarkRacingFinals(b *testing.B) {
	ctx := context.Background()
	rdb := cachetest.Redis(b)
	store := cachetest.Store(rdb)
	organizer(b, store)
	var players []string
	for i := range 32 {
		players = append(players, fmt.Sprintf("p%02d", i))
	}
	instances := make([]*cache.Store, 16)
	for i := range instances {
		instances[i] = cachetest.Store(rdb)
	}
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		snap, matches := running(b, store, fmt.Sprint("t", i), players...)
		b.StartTimer()
		var wg sync.WaitGroup
		for k, m := range matches {
			wg.Go(func() {
				if _, _, err := instances[k].Write(ctx, snap, final(m.ID)); err != nil {
					b.Error(err)
				}
			})
		}
		wg.Wait()
	}
}
