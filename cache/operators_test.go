package cache_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/record"
	"courtside/tournament"
)

// TestAnInvitationMakesOneOrganizerWithinItsTime: an invitation expires
// when its time is up (at most MaxInviteLifetime), makes one organizer, and
// a slug taken leaves it usable.
func TestAnInvitationMakesOneOrganizerWithinItsTime(t *testing.T) {
	ctx := context.Background()
	rdb := cachetest.Redis(t)
	store := cachetest.Store(rdb)
	taken, _ := tournament.NewOrganizer("Boule Club", "boule-club", "petanque")
	if err := store.CreateOrganizer(ctx, taken); err != nil {
		t.Fatal(err)
	}
	code, expires, err := store.Invite(ctx, 90*24*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if want := cachetest.Now.Add(cache.MaxInviteLifetime); !expires.Equal(want) {
		t.Errorf("expires %v, want %v", expires, want)
	}
	keys := cachetest.Keys(t, rdb, "{organizers}:invite:*")
	if len(keys) != 1 {
		t.Fatalf("invitation keys: %v", keys)
	}
	if ttl := rdb.TTL(ctx, keys[0]).Val(); ttl <= cache.MaxInviteLifetime-time.Minute || ttl > cache.MaxInviteLifetime {
		t.Errorf("the invitation expires in %v, want %v", ttl, cache.MaxInviteLifetime)
	}
	if ok, _ := store.InviteOpen(ctx, code); !ok {
		t.Fatal("a new invitation is not open")
	}
	o, _ := tournament.NewOrganizer("Darts Köln", "boule-club", "darts")
	if _, _, err := store.InvitedOrganizer(ctx, code, o); !errors.Is(err, cache.ErrSlugTaken) {
		t.Errorf("a taken slug: %v", err)
	}
	o, _ = tournament.NewOrganizer("Darts Köln", "darts-koln", "darts")
	secret, k, err := store.InvitedOrganizer(ctx, code, o)
	if err != nil || k.OrganizerID != o.ID || k.Kind != record.KindToken {
		t.Fatalf("the invited organizer: %v %+v", err, k)
	}
	if got, err := store.Authenticate(ctx, secret); err != nil || got.OrganizerID != o.ID {
		t.Errorf("its token: %v", err)
	}
	again, _ := tournament.NewOrganizer("Second", "second", "darts")
	if _, _, err := store.InvitedOrganizer(ctx, code, again); !errors.Is(err, cache.ErrInviteUsed) {
		t.Errorf("an invitation used twice: %v", err)
	}
	if ok, _ := store.InviteOpen(ctx, code); ok {
		t.Error("a used invitation is open")
	}
}

// TestASuspendedOrganizerIsHiddenNotDeleted: its keys answer ErrSuspended,
// the lists leave it out (but the operator's), and all of it is back after.
func TestASuspendedOrganizerIsHiddenNotDeleted(t *testing.T) {
	ctx := context.Background()
	store, demo := cachetest.Demo(t)
	o := demo.Organizers[0]
	secret, _, err := store.CreateToken(ctx, o.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Suspend(ctx, o, true); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Authenticate(ctx, secret); !errors.Is(err, cache.ErrSuspended) {
		t.Errorf("a suspended organizer's token: %v", err)
	}
	if off, _ := store.SuspendedSlug(ctx, o.Slug); !off {
		t.Error("its slug is not suspended")
	}
	listed, _ := store.Organizers(ctx)
	all, _ := store.AllOrganizers(ctx)
	if len(listed) != len(demo.Organizers)-1 || len(all) != len(demo.Organizers) {
		t.Errorf("listed %d, all %d of %d", len(listed), len(all), len(demo.Organizers))
	}
	if _, err := store.Organizer(ctx, o.ID); err != nil {
		t.Errorf("the organizer's record: %v", err)
	}
	if err := store.Suspend(ctx, o, false); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Authenticate(ctx, secret); err != nil {
		t.Errorf("the token after the suspension: %v", err)
	}
}
