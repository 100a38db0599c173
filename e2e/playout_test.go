package e2e

import (
	"context"
	"testing"
	"time"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/tournament"
)

// playOut plays a tournament to its end through the rules, as the console
// does: every running match gets a final result, every open match with both
// sides known is called to a free court and played, the first side winning
// each set (a match of several encounters, every encounter). It stops when
// nothing is left to play.
func playOut(t *testing.T, store *cache.Store, id string) *tournament.Snapshot {
	t.Helper()
	ctx := context.Background()
	at := cachetest.Now.Add(-time.Hour)
	latest := func() *tournament.Snapshot {
		s, err := store.Snapshot(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	for range 2000 {
		snap := latest()
		var next *tournament.Match
		for _, m := range snap.Matches {
			if m.State == tournament.MatchRunning || m.State == tournament.MatchOpen && m.Entries[0] != nil && m.Entries[1] != nil && !snap.Busy(m) {
				next = m
				break
			}
		}
		if next == nil {
			return snap
		}
		if next.State == tournament.MatchOpen {
			var court string
			for _, c := range snap.Tournament.Courts {
				if snap.CourtMatch(c.ID) == nil {
					court = c.ID
					break
				}
			}
			if court == "" {
				t.Fatalf("no free court for match %s", next.ID)
			}
			if _, _, err := store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
				return s.CallMatch(next.ID, []string{court}, at)
			}); err != nil {
				t.Fatal(err)
			}
		}
		at = at.Add(time.Minute)
		if _, _, err := store.Write(ctx, latest(), func(s *tournament.Snapshot) (*tournament.Change, error) {
			g, _ := s.Group(next.GroupID)
			return s.SetResult(next.ID, firstWins(s.Config(next), max(1, len(g.Encounters))), true, at, "test")
		}); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the tournament did not end within 2000 matches")
	return nil
}

// firstWins is a final result in which the first side wins every set of every encounter.
func firstWins(cfg tournament.MatchConfiguration, encounters int) tournament.Encounters {
	set := tournament.Set{cfg.NumPoints, 0}
	if cfg.QuickEntry {
		set = tournament.Set{1, 0}
	}
	r := make(tournament.Encounters, encounters)
	for e := range r {
		for range cfg.NumSets {
			r[e] = append(r[e], set)
		}
	}
	return r
}
