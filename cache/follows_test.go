package cache_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/record"
)

// Follows recorded at once by many requests keep the limit of follows per
// organizer, and a tournament one organizer follows cannot be taken by
// another racing it: AddFollow checks and writes in one transaction.
func TestAddFollowHoldsUnderRacingWriters(t *testing.T) {
	store := cachetest.Store(cachetest.Redis(t))
	ctx := context.Background()
	const max, tries = 5, 24
	var wg sync.WaitGroup
	errs := make([]error, tries)
	for i := range tries {
		wg.Go(func() {
			errs[i] = store.AddFollow(ctx, record.Follow{ID: fmt.Sprintf("tio:rAce%09d", i), OrganizerID: "tio:orgA"}, max)
		})
	}
	wg.Wait()
	added := 0
	for _, err := range errs {
		switch {
		case err == nil:
			added++
		case !errors.Is(err, cache.ErrTooManyFollows):
			t.Fatal(err)
		}
	}
	if added != max {
		t.Errorf("%d follows recorded by %d racing requests, want the limit %d", added, tries, max)
	}

	owners := []string{"tio:orgB", "tio:orgC", "tio:orgD", "tio:orgE"}
	errs = make([]error, len(owners))
	for i, o := range owners {
		wg.Go(func() { errs[i] = store.AddFollow(ctx, record.Follow{ID: "tio:cOntested01", OrganizerID: o}, max) })
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, cache.ErrFollowTaken):
			t.Fatal(err)
		}
	}
	fl, err := store.Follow(ctx, "tio:cOntested01")
	if err != nil {
		t.Fatal(err)
	}
	if won != 1 {
		t.Errorf("%d organizers took one tournament's follow, want 1 (it belongs to %s)", won, fl.OrganizerID)
	}
	if err := store.AddFollow(ctx, fl, max); err != nil {
		t.Errorf("its organizer following it again: %v", err)
	}
}
