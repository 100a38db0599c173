package cache_test

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"courtside/cache/cachetest"
	"courtside/tournament"
)

// TestSetupEmitsItsEvents creates, edits and starts a tournament and reads
// the events webhooks get: TournamentAdded, then TournamentUpdated and
// EntryListUpdated.
func TestSetupEmitsItsEvents(t *testing.T) {
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
	snap, err := store.CreateTournament(ctx, org, setup)
	if err != nil {
		t.Fatal(err)
	}
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
