package cache_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"courtside/cache/cachetest"
	"courtside/tournament"
)

// TestLargestAllowedStartOfEveryMode creates and starts the largest
// tournament the limits allow in every mode (on a real Redis when REDIS_URL
// is set; bench/noisy.sh measures what each costs Redis), and refuses one a
// size over, with the limit named.
func TestLargestAllowedStartOfEveryMode(t *testing.T) {
	rdb := cachetest.Redis(t)
	store := cachetest.Store(rdb)
	ctx := context.Background()
	org, _ := tournament.NewOrganizer("Big Club", "big-club", "table_soccer")
	if err := store.CreateOrganizer(ctx, org); err != nil {
		t.Fatal(err)
	}
	for _, mode := range tournament.Modes {
		t.Run(string(mode), func(t *testing.T) {
			snap, err := store.CreateTournament(ctx, org, tournament.LargestSetup(mode, org.Slug))
			if err != nil {
				t.Fatal(err)
			}
			_, c, err := store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) { return s.Start(store.Now()) })
			if err != nil {
				t.Fatal(err)
			}
			if len(c.Matches) == 0 || len(c.Matches) > tournament.MaxDrawnMatches {
				t.Errorf("the start drew %d matches", len(c.Matches))
			}
			after, err := store.Snapshot(ctx, snap.Tournament.ID)
			if err != nil || after.Tournament.State != tournament.StateRunning {
				t.Fatalf("after the start: %v", err)
			}
		})
	}
	over := tournament.LargestSetup(tournament.RoundRobin, org.Slug)
	over.Disciplines[0].Entries = append(over.Disciplines[0].Entries, tournament.SetupEntry{Name: "One more"})
	_, err := store.CreateTournament(ctx, org, over)
	var ps tournament.Problems
	if !errors.As(err, &ps) || !strings.Contains(ps.Error(), `limit "entries per round robin group"`) {
		t.Errorf("65 entries in one round robin group: %v", err)
	}
}
