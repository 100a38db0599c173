package cache_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/rankings"
	"courtside/tournament"
)

// TestSetupNamesRegisteredPlayers creates a tournament whose setup names a
// registered player: that entry links to the player; an unknown id or a name
// no entry has is refused, and no tournament is made.
func TestSetupNamesRegisteredPlayers(t *testing.T) {
	ctx := context.Background()
	store, demo := cachetest.Demo(t)
	org := demo.Organizers[0]
	r, err := store.Rankings(ctx, org.ID)
	if err != nil {
		t.Fatal(err)
	}
	var anna rankings.RegisteredPlayer
	for _, p := range r.Register.Players {
		if p.Name == "Anna Becker" {
			anna = p
		}
	}
	setup := func(players map[string]string) *tournament.Setup {
		return &tournament.Setup{Organizer: org.Slug, Name: "Club Night 5", StartTime: tournament.At(cachetest.Now.Add(24 * time.Hour)), Courts: []string{"Table 1"},
			Disciplines: []tournament.SetupDiscipline{{Name: "Doubles", ShortName: "D", EntryType: tournament.EntryBYP,
				Entries: []tournament.SetupEntry{{Name: "A. Becker / Ben Hoffmann"}, {Name: "Clara Wagner / David Koch"}},
				Stages:  []tournament.SetupStage{{Name: "Pool", Mode: tournament.RoundRobin, Groups: 1, MatchConfiguration: tournament.MatchConfiguration{NumPoints: 7, NumSets: 1}}}}},
			Players: players}
	}
	before, _ := store.Tournaments(ctx, org.ID, cache.ListQuery{Limit: 1000})
	for _, bad := range []map[string]string{{"A. Becker": "pl_nobody"}, {"Anna Nobody": anna.ID}} {
		_, err := store.CreateTournament(ctx, org, setup(bad))
		var ps tournament.Problems
		if !errors.As(err, &ps) || len(ps) != 1 {
			t.Errorf("%v: %v", bad, err)
		}
	}
	if after, _ := store.Tournaments(ctx, org.ID, cache.ListQuery{Limit: 1000}); len(after) != len(before) {
		t.Fatalf("a refused setup made a tournament: %d, %d before", len(after), len(before))
	}
	snap, err := store.CreateTournament(ctx, org, setup(map[string]string{"a. becker": anna.ID}))
	if err != nil {
		t.Fatal(err)
	}
	r, err = store.Rankings(ctx, org.ID)
	if err != nil {
		t.Fatal(err)
	}
	linked := 0
	for _, e := range rankings.PlayerEntries(snap) {
		if pid := r.Register.PlayerOf(snap.Tournament.ID, e.EntryID); pid != "" {
			linked++
			if pid != anna.ID || e.Name != "A. Becker" {
				t.Errorf("%s linked to %s", e.Name, pid)
			}
		}
	}
	if linked != 1 {
		t.Errorf("%d entries linked", linked)
	}
}

// TestLinkingChecksBeforeItWrites: a link to a player the register does not
// have refuses the whole call, new players included.
func TestLinkingChecksBeforeItWrites(t *testing.T) {
	ctx := context.Background()
	store, demo := cachetest.Demo(t)
	org := demo.Organizers[0]
	before, err := store.Rankings(ctx, org.ID)
	if err != nil {
		t.Fatal(err)
	}
	fresh := rankings.RegisteredPlayer{ID: "pl_fresh", Name: "Fresh"}
	err = store.LinkPlayers(ctx, org.ID, []rankings.RegisteredPlayer{fresh}, map[string]string{"t x": "pl_fresh", "t y": "pl_nobody"})
	if !errors.Is(err, cache.ErrNoSuchPlayer) {
		t.Fatalf("a link to nobody: %v", err)
	}
	after, err := store.Rankings(ctx, org.ID)
	if err != nil {
		t.Fatal(err)
	}
	if after.Rev != before.Rev || len(after.Register.Players) != len(before.Register.Players) {
		t.Errorf("a refused call wrote: rev %d → %d, %d → %d players", before.Rev, after.Rev, len(before.Register.Players), len(after.Register.Players))
	}
	// A new player and a link to it in one call.
	if err := store.LinkPlayers(ctx, org.ID, []rankings.RegisteredPlayer{fresh}, map[string]string{"t x": "pl_fresh"}); err != nil {
		t.Fatal(err)
	}
	if r, _ := store.Rankings(ctx, org.ID); r.Register.Links["t x"] != "pl_fresh" {
		t.Error("the new player's link is missing")
	}
}
