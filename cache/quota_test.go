package cache_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/tournament"
)

// TestAnOrganizerAtItsQuotaIsRefusedByName fills an organizer's quota of
// tournaments, then of matches: the next creation is refused whole, naming
// the limit, and another organizer goes on; deleting a tournament gives its
// share back, and an operator's higher quota lets the organizer go on.
func TestAnOrganizerAtItsQuotaIsRefusedByName(t *testing.T) {
	rdb := cachetest.Redis(t)
	store := cachetest.Store(rdb)
	ctx := context.Background()
	org, _ := tournament.NewOrganizer("Busy Club", "busy-club", "darts")
	other, _ := tournament.NewOrganizer("Quiet Club", "quiet-club", "darts")
	for _, o := range []tournament.Organizer{org, other} {
		if err := store.CreateOrganizer(ctx, o); err != nil {
			t.Fatal(err)
		}
	}
	setup := func(o tournament.Organizer) *tournament.Setup {
		return tournament.LargestSetup(tournament.RoundRobin, o.Slug)
	}
	most := setup(org).MostMatches() // 2,016
	if err := store.SetQuota(ctx, org.ID, tournament.Quota{Tournaments: 3, Matches: 10 * most}); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for range 3 {
		snap, err := store.CreateTournament(ctx, org, setup(org))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, snap.Tournament.ID)
	}
	refused := func(limit string) {
		t.Helper()
		_, err := store.CreateTournament(ctx, org, setup(org))
		var q *cache.QuotaError
		if !errors.As(err, &q) || q.Limit.Name != limit || !strings.Contains(err.Error(), `limit "`+limit+`"`) {
			t.Fatalf("past the quota: %v", err)
		}
	}
	refused(tournament.LimitTournaments)
	if u, _ := store.Usage(ctx, org.ID); u.Tournaments != 3 || u.Matches != 3*most {
		t.Errorf("usage %+v after a refusal", u)
	}
	if _, err := store.CreateTournament(ctx, other, setup(other)); err != nil {
		t.Errorf("another organizer: %v", err)
	}
	if err := store.DeleteTournament(ctx, ids[0]); err != nil {
		t.Fatal(err)
	}
	if _, err := store.CreateTournament(ctx, org, setup(org)); err != nil {
		t.Errorf("after a deletion: %v", err)
	}
	if err := store.SetQuota(ctx, org.ID, tournament.Quota{Tournaments: 500, Matches: 3 * most}); err != nil {
		t.Fatal(err)
	}
	refused(tournament.LimitMatches)
	if err := store.SetQuota(ctx, org.ID, tournament.Quota{Tournaments: 500, Matches: 5 * most, Bytes: 1 << 20}); err != nil {
		t.Fatal(err)
	}
	refused(tournament.LimitStorage)
	if err := store.SetQuota(ctx, org.ID, tournament.Quota{Tournaments: 500}); err != nil {
		t.Fatal(err)
	}
	if _, err := store.CreateTournament(ctx, org, setup(org)); err != nil {
		t.Errorf("with a raised quota: %v", err)
	}
	if u, _ := store.Usage(ctx, org.ID); u.Tournaments != 4 || u.Matches != 4*most || u.Quota.Matches != tournament.MaxMatchesPerOrganizer {
		t.Errorf("usage %+v", u)
	}
}

// TestAnOrganizersWritesAMinuteAreBounded: past its writes a minute, an
// organizer's next write is refused with how long to wait, while another
// organizer writes on.
func TestAnOrganizersWritesAMinuteAreBounded(t *testing.T) {
	rdb := cachetest.Redis(t)
	store := cachetest.Store(rdb)
	ctx := context.Background()
	org, _ := tournament.NewOrganizer("Busy Club", "busy-club", "darts")
	if err := store.CreateOrganizer(ctx, org); err != nil {
		t.Fatal(err)
	}
	if err := store.SetQuota(ctx, org.ID, tournament.Quota{Writes: 3}); err != nil {
		t.Fatal(err)
	}
	snap, err := store.CreateTournament(ctx, org, tournament.LargestSetup(tournament.RoundRobin, org.Slug)) // the first write
	if err != nil {
		t.Fatal(err)
	}
	start := func(s *tournament.Snapshot) (*tournament.Change, error) { return s.Start(store.Now()) }
	if _, _, err := store.Write(ctx, snap, start); err != nil { // the second
		t.Fatal(err)
	}
	for i := range 2 {
		snap, _ = store.Snapshot(ctx, snap.Tournament.ID)
		_, _, err = store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) { return s.PauseCalling(i == 0, store.Now()) })
	}
	var q *cache.QuotaError
	if !errors.As(err, &q) || q.Limit.Name != tournament.LimitWrites || q.Limit.Value != 3 || q.RetryAfter <= 0 {
		t.Fatalf("the fourth write: %v", err)
	}
	if err := store.TakeWrite(ctx, "another organizer"); err != nil {
		t.Errorf("another organizer: %v", err)
	}
}
