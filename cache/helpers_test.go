package cache_test

import (
	"context"
	"testing"

	"courtside/cache/cachetest"
	"courtside/record"
	"courtside/tournament"
)

// TestHelpersLoginsAreKeptPerOrganizer: one organizer churns helpers'
// logins; revoked ones leave nothing behind, and another organizer's
// Logins page reads its own index only (a record of the first organizer's
// that cannot be read does not reach it). A store from before the indexes
// gets them on first use, its revoked helpers' logins pruned.
func TestHelpersLoginsAreKeptPerOrganizer(t *testing.T) {
	rdb := cachetest.Redis(t)
	store := cachetest.Store(rdb)
	ctx := context.Background()
	busy, _ := tournament.NewOrganizer("Busy Club", "busy-club", "cornhole")
	quiet, _ := tournament.NewOrganizer("Quiet Club", "quiet-club", "cornhole")
	for _, o := range []tournament.Organizer{busy, quiet} {
		if err := store.CreateOrganizer(ctx, o); err != nil {
			t.Fatal(err)
		}
	}
	mine, err := store.CreateHelper(ctx, quiet.ID, "Desk", record.RoleResults)
	if err != nil {
		t.Fatal(err)
	}
	before := rdb.HLen(ctx, "{keys}:by-hash").Val()
	for range 200 {
		k, err := store.CreateHelper(ctx, busy.ID, "Churn", record.RoleResults)
		if err != nil {
			t.Fatal(err)
		}
		if err := store.RevokeKey(ctx, k.ID); err != nil {
			t.Fatal(err)
		}
	}
	if after := rdb.HLen(ctx, "{keys}:by-hash").Val(); after != before {
		t.Errorf("200 revoked helpers' logins left %d records", after-before)
	}
	// A record of the busy club's that no one can read stays its own problem.
	rdb.HSet(ctx, "{keys}:by-hash", "broken", "{not json")
	hs, err := store.Helpers(ctx, quiet.ID)
	if err != nil || len(hs) != 1 || hs[0].ID != mine.ID {
		t.Fatalf("the quiet club's logins: %v %v", hs, err)
	}

	// A store from before: a helper's login and a revoked one, no index.
	old := cachetest.Store(rdb)
	kept, _ := old.CreateHelper(ctx, busy.ID, "Kept", record.RoleResults)
	gone, _ := old.CreateHelper(ctx, busy.ID, "Gone", record.RoleResults)
	rdb.HDel(ctx, "{keys}:by-hash", "broken")
	goneSHA, _ := old.KeyHash(ctx, gone.ID)
	raw := `{"id":"` + gone.ID + `","kind":"token","organizerId":"` + busy.ID + `","name":"Gone","helper":true,"revoked":true}`
	rdb.HSet(ctx, "{keys}:by-hash", goneSHA, raw)
	for _, k := range []string{"o:{" + busy.ID + "}:helpers", "{keys}:helpers-indexed"} { // one slot each on a cluster
		if err := rdb.Del(ctx, k).Err(); err != nil {
			t.Fatal(err)
		}
	}
	fresh := cachetest.Store(rdb)
	hs, err = fresh.Helpers(ctx, busy.ID)
	if err != nil || len(hs) != 1 || hs[0].ID != kept.ID {
		t.Errorf("after indexing a store from before: %v %v", hs, err)
	}
	if _, err := fresh.KeyHash(ctx, gone.ID); err == nil {
		t.Error("a revoked helper's login from before is kept")
	}
}
