package cache_test

import (
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/rankings"
	"courtside/record"
	"courtside/tournament"
)

// clubNight creates the club night of the setup examples for its organizer,
// on a Redis of its own.
func clubNight(t *testing.T) (redis.UniversalClient, *cache.Store, tournament.Organizer, *tournament.Snapshot) {
	t.Helper()
	rdb, store, org, setup := clubNightSetup(t)
	snap, err := store.CreateTournament(context.Background(), org, setup)
	if err != nil {
		t.Fatal(err)
	}
	return rdb, store, org, snap
}

// clubNightSetup is the club night's setup and its organizer, not created yet.
func clubNightSetup(t *testing.T) (redis.UniversalClient, *cache.Store, tournament.Organizer, *tournament.Setup) {
	t.Helper()
	rdb := cachetest.Redis(t)
	store := cachetest.Store(rdb)
	ctx := context.Background()
	org, _ := tournament.NewOrganizer("Club", "club", "darts")
	if err := store.CreateOrganizer(ctx, org); err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile("../tournament/testdata/setup/club-night.json")
	setup, err := tournament.ParseSetup(raw)
	if err != nil {
		t.Fatal(err)
	}
	setup.Organizer = "club"
	return rdb, store, org, setup
}

// TestSetupEmitsItsEvents creates, edits and starts a tournament and reads
// the events webhooks get: TournamentAdded, then TournamentUpdated and
// EntryListUpdated.
func TestSetupEmitsItsEvents(t *testing.T) {
	rdb, store, _, snap := clubNight(t)
	ctx := context.Background()
	id := snap.Tournament.ID
	events := func() []string {
		entries, err := rdb.XRange(ctx, "t:{"+id+"}:events", "-", "+").Result()
		if err != nil {
			t.Fatal(err)
		}
		var types []string
		for _, e := range entries {
			for _, typ := range []string{"TournamentAdded", "TournamentUpdated", "EntryListUpdated"} {
				if strings.Contains(e.Values["events"].(string), `"type":"`+typ+`"`) && !slices.Contains(types, typ) {
					types = append(types, typ)
				}
			}
		}
		return types
	}
	if got := events(); !slices.Equal(got, []string{"TournamentAdded"}) {
		t.Errorf("after creating: %v", got)
	}
	d := snap.Tournament.Disciplines[0]
	if _, _, err := store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.RemoveEntries(d.ID, d.EntryIDs[9:], store.Now())
	}); err != nil {
		t.Fatal(err)
	}
	if got := events(); !slices.Equal(got, []string{"TournamentAdded", "TournamentUpdated", "EntryListUpdated"}) {
		t.Errorf("after an edit: %v", got)
	}
	// A reader holding the snapshot sees the new entry list.
	now, _ := store.Snapshot(ctx, id)
	if len(now.Tournament.Disciplines[0].EntryIDs) != 9 {
		t.Errorf("the reader sees %d entries", len(now.Tournament.Disciplines[0].EntryIDs))
	}
}

// Only the holder of a webhook's lease gets its batches: another instance
// gets nil and -1, which tells it the lease is gone.
func TestNextBatchIsTheLeaseHolders(t *testing.T) {
	_, store, org, snap := clubNight(t)
	ctx := context.Background()
	w, err := store.CreateWebhook(ctx, record.Key{ID: "k1", Kind: record.KindToken, OrganizerID: org.ID}, snap.Tournament.ID, "https://hooks.example.org/x")
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := store.TakeLease(ctx, w, "a", time.Minute); !ok || err != nil {
		t.Fatalf("take the lease: %v %v", ok, err)
	}
	if b, v, err := store.NextBatch(ctx, w, "b", 10); b != nil || v != -1 || err != nil {
		t.Errorf("another holder: batch %v, version %d, %v; want nil, -1", b, v, err)
	}
	if _, v, err := store.NextBatch(ctx, w, "a", 10); v < 0 || err != nil {
		t.Errorf("the holder: version %d, %v", v, err)
	}
}

// TestNoShowsRemovedAtCheckInAreNoPlayers: the entries removed as no-shows
// are gone from the tournament's players, so the register never offers them.
func TestNoShowsRemovedAtCheckInAreNoPlayers(t *testing.T) {
	_, store, _, snap := clubNight(t)
	ctx := context.Background()
	// The last doubles team, Karl Ney / Lea Sommer, plays in no other discipline.
	d := snap.Tournament.Disciplines[1]
	team := snap.Entries[d.EntryIDs[len(d.EntryIDs)-1]]
	if _, _, err := store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.RemoveEntries(d.ID, []string{team.ID}, store.Now())
	}); err != nil {
		t.Fatal(err)
	}
	now, err := store.Snapshot(ctx, snap.Tournament.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, kept := now.Entries[team.Entries[0].ID]; !kept {
		t.Log("the store dropped the removed entries") // then nothing could offer them
	}
	players := rankings.PlayerEntries(now)
	if len(players) == 0 {
		t.Fatal("no players")
	}
	for _, p := range players {
		for _, gone := range append([]*tournament.Entry{team}, team.Entries...) {
			if p.EntryID == gone.ID {
				t.Errorf("the removed no-show %s (%s) is a player of the tournament", p.Name, p.EntryID)
			}
		}
	}
}

// TestASetupsNamesAreCheckedAtTheDoor: a setup whose entry's name hides a
// zero-width joiner no writing needs ("An\u200dna", a twin of "Anna") is
// refused at the entry's path and nothing is written; the rule book leaves
// joiners to package textcheck, so the store checks them.
func TestASetupsNamesAreCheckedAtTheDoor(t *testing.T) {
	_, store, org, setup := clubNightSetup(t)
	ctx := context.Background()
	setup.Disciplines[0].Entries[1].Name = "An\u200dna"
	_, err := store.CreateTournament(ctx, org, setup)
	var ps tournament.Problems
	if !errors.As(err, &ps) || !strings.Contains(ps.At("disciplines[0].entries[1]"), "zero-width joiner") {
		t.Fatalf("a name with a stray joiner: %v", err)
	}
	if ts, err := store.Tournaments(ctx, org.ID, cache.ListQuery{}); err != nil || len(ts) > 0 {
		t.Errorf("the refused setup left %d tournaments (%v)", len(ts), err)
	}
}
