package cache_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/tournament"
)

// applyLive writes a live score of the match, as a scoreboard does many
// times a second.
func applyLive(t *testing.T, store *cache.Store, id, matchID string, k int) {
	t.Helper()
	snap, err := store.Snapshot(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	c, err := snap.SetResult(matchID, tournament.Encounters{{{k % 7, 3}}}, false, cachetest.Now, "scoreboard")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.Apply(context.Background(), id, c); err != nil {
		t.Fatal(err)
	}
}

// TestLiveScoresDoNotStarveAFinalResult: a final result (and a correction)
// computed before live scores of other matches landed is written as it was
// computed: live scores change nothing a final result or a correction
// depends on, so they never make it try again. Any other write in between
// still does.
func TestLiveScoresDoNotStarveAFinalResult(t *testing.T) {
	ctx := context.Background()
	rdb := cachetest.Redis(t)
	store := cachetest.Store(rdb)
	organizer(t, store)
	snap, matches := running(t, store, "t1", "a", "b", "c", "d", "e", "f", "g", "h")

	// A final result computed, then three live scores of other matches, then the final lands.
	c, err := snap.SetResult(matches[0].ID, tournament.Encounters{{{7, 3}}}, true, cachetest.Now, "desk")
	if err != nil {
		t.Fatal(err)
	}
	for k := range 3 {
		applyLive(t, store, "t1", matches[1+k%2].ID, k)
	}
	if _, err := store.Apply(ctx, "t1", c); err != nil {
		t.Fatalf("a final result after live scores of other matches: %v", err)
	}

	// A correction likewise.
	snap, _ = store.Snapshot(ctx, "t1")
	c, err = snap.CorrectResult(matches[0].ID, tournament.Encounters{{{3, 7}}}, cachetest.Now, "desk")
	if err != nil {
		t.Fatal(err)
	}
	applyLive(t, store, "t1", matches[1].ID, 4)
	if _, err := store.Apply(ctx, "t1", c); err != nil {
		t.Fatalf("a correction after a live score of another match: %v", err)
	}

	// A final result computed before another final (a write that is not a
	// live score) is computed again, as before.
	snap, _ = store.Snapshot(ctx, "t1")
	c, err = snap.SetResult(matches[1].ID, tournament.Encounters{{{7, 1}}}, true, cachetest.Now, "desk")
	if err != nil {
		t.Fatal(err)
	}
	applyLive(t, store, "t1", matches[2].ID, 5)
	if _, _, err := store.Write(ctx, snap, final(matches[3].ID)); err != nil {
		t.Fatal(err)
	}
	applyLive(t, store, "t1", matches[2].ID, 6)
	if _, err := store.Apply(ctx, "t1", c); !errors.Is(err, cache.ErrConflict) {
		t.Errorf("a final result computed before another final: %v, want a conflict", err)
	}
	got, _ := store.Snapshot(ctx, "t1")
	for i, want := range []tournament.MatchState{tournament.MatchPlayed, tournament.MatchRunning, tournament.MatchRunning, tournament.MatchPlayed} {
		if m, _ := got.Match(matches[i].ID); m.State != want {
			t.Errorf("match %d is %s, want %s", i, m.State, want)
		}
	}
	if m, _ := got.Match(matches[0].ID); !tournament.SameResult(m.Encounters, tournament.Encounters{{{3, 7}}}) {
		t.Errorf("the corrected match holds %v", m.Encounters)
	}
}

// BenchmarkFinalsUnderLiveScores writes final results of half the matches of
// a tournament while four scoreboards send live scores of the other half as
// fast as they can, and reports how often a final was computed (1 when
// never sent back) and how many live scores landed meanwhile.
func BenchmarkFinalsUnderLiveScores(b *testing.B) {
	ctx := context.Background()
	rdb := cachetest.Redis(b)
	store := cachetest.Store(rdb)
	organizer(b, store)
	var players []string
	for i := range 2 * (b.N + 8) {
		players = append(players, fmt.Sprintf("p%04d", i))
	}
	snap, matches := running(b, store, "t1", players...)
	finals, scored := matches[:b.N], matches[b.N:]
	stop := make(chan struct{})
	var lives atomic.Int64
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for k := w; ; k++ {
				select {
				case <-stop:
					return
				default:
				}
				m := scored[k%len(scored)]
				if _, _, err := store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
					return s.SetResult(m.ID, tournament.Encounters{{{k % 7, 3}}}, false, cachetest.Now, "scoreboard")
				}); err == nil {
					lives.Add(1)
				}
			}
		})
	}
	var computed int
	b.ResetTimer()
	for _, m := range finals {
		latest, err := store.Snapshot(ctx, "t1")
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := store.Write(ctx, latest, func(s *tournament.Snapshot) (*tournament.Change, error) {
			computed++
			return s.SetResult(m.ID, tournament.Encounters{{{7, 3}}}, true, cachetest.Now, "desk")
		}); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	close(stop)
	wg.Wait()
	b.ReportMetric(float64(computed)/float64(b.N), "computed/final")
	b.ReportMetric(float64(lives.Load())/float64(b.N), "live/final")
}
