package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"courtside/handlers/reply"
	"courtside/record"
)

// operator signs the operator's login in, made for the test.
func (f *fixture) operator() *organizer {
	f.t.Helper()
	secret, _, err := f.store.CreateOperator(context.Background(), "Federation office")
	if err != nil {
		f.t.Fatal(err)
	}
	op, rec := f.signIn(secret)
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/operator" {
		f.t.Fatalf("the operator's sign-in: %d to %q", rec.Code, rec.Header().Get("Location"))
	}
	return op
}

// TestOnlyTheOperatorReachesTheOperatorsPage: an organizer's login, a
// results-only helper's and a director's, a public key, an API token and a
// visitor reach neither the operator's page nor any of its actions; nothing
// they send changes a quota, makes an invitation or suspends anyone.
func TestOnlyTheOperatorReachesTheOperatorsPage(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	boule := f.org("boule-lyonnaise")
	organizerLogin, _ := f.signIn(f.token)
	helperLogins := map[record.Role]*organizer{}
	for _, role := range []record.Role{record.RoleResults, record.RoleFull} {
		k, err := f.store.CreateHelper(ctx, f.org("kickerclub-hamburg").ID, "Desk "+string(role), role)
		if err != nil {
			t.Fatal(err)
		}
		sha, _ := f.store.KeyHash(ctx, k.ID)
		code, _ := f.store.CreateSignInLink(ctx, sha, time.Minute)
		helperLogins[role] = f.signInByQR("http://localhost/signin/" + code)
	}
	visitor := &organizer{f: f}
	actions := []struct {
		method, path string
		form         url.Values
	}{
		{http.MethodGet, "/operator", nil},
		{http.MethodPost, "/operator/invitations", url.Values{}},
		{http.MethodPost, "/operator/organizers/" + boule.ID + "/quota", url.Values{"tournaments": {"100000"}}},
		{http.MethodPost, "/operator/organizers/" + boule.ID + "/suspend", url.Values{"confirmed": {"yes"}}},
		{http.MethodPost, "/operator/organizers/" + boule.ID + "/unsuspend", url.Values{}},
	}
	for who, login := range map[string]*organizer{"an organizer": organizerLogin, "a results-only helper": helperLogins[record.RoleResults],
		"a director helper": helperLogins[record.RoleFull]} {
		for _, a := range actions {
			if rec := login.do(a.method, a.path, a.form); rec.Code != http.StatusForbidden || strings.Contains(rec.Body.String(), "data-testid=\"organizers\"") {
				t.Errorf("%s: %s %s answered %d", who, a.method, a.path, rec.Code)
			}
		}
	}
	for _, a := range actions {
		rec := visitor.do(a.method, a.path, a.form)
		if rec.Code != http.StatusSeeOther || !strings.HasPrefix(rec.Header().Get("Location"), "/admin/login") {
			t.Errorf("a visitor: %s %s answered %d to %q", a.method, a.path, rec.Code, rec.Header().Get("Location"))
		}
		for _, key := range []string{f.publicKicker, f.token} {
			keyed := visitor.do(a.method, a.path, a.form, "Authorization", "Bearer "+key)
			if keyed.Code != http.StatusSeeOther {
				t.Errorf("a key in the header: %s %s answered %d", a.method, a.path, keyed.Code)
			}
		}
	}
	if _, rec := f.signIn(f.publicKicker); rec.Code != http.StatusForbidden {
		t.Errorf("a public key signed in: %d", rec.Code)
	}
	if off, _ := f.store.Suspended(ctx, boule.ID); off {
		t.Error("someone but the operator suspended an organizer")
	}
	if u, _ := f.store.Usage(ctx, boule.ID); u.Quota.Tournaments == 100000 {
		t.Error("someone but the operator raised a quota")
	}
	// The operator's login is no organizer's: it opens no console and reads no API.
	op := f.operator()
	if rec := op.do(http.MethodGet, "/admin", nil); rec.Code != http.StatusForbidden {
		t.Errorf("the operator opened an organizer's console: %d", rec.Code)
	}
	secret, _, _ := f.store.CreateOperator(ctx, "Second")
	if rec := f.get("/v1/public/tournaments", secret); rec.Code != http.StatusUnauthorized || !strings.Contains(rec.Body.String(), reply.CodeTokenInvalid) {
		t.Errorf("the operator's login read the API: %d %s", rec.Code, rec.Body)
	}
}

// TestOperatorListsRaisesInvitesAndSuspends walks the operator's page: the
// organizers with their usage and quota, a quota raised (and a bad one
// refused beside its field), an invitation made and used by a club, and a
// suspension that hides an organizer's pages, tournaments and keys without
// deleting anything, until it is lifted.
func TestOperatorListsRaisesInvitesAndSuspends(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	op := f.operator()
	kicker := f.org("kickerclub-hamburg")
	hamburg := f.tournament("Hamburg Open 2026").Tournament

	rec := op.do(http.MethodGet, "/operator", nil)
	doc := op.doc(rec)
	row := doc.Find("#org-kickerclub-hamburg")
	if rec.Code != 200 || doc.Find(`[data-testid="organizer"]`).Length() != len(f.demo.Organizers) || row.Length() != 1 {
		t.Fatalf("the operator's page: %d, %d organizers", rec.Code, doc.Find(`[data-testid="organizer"]`).Length())
	}
	u, _ := f.store.Usage(ctx, kicker.ID)
	if usage := row.Find(`[data-testid="usage"]`).First().Text(); !strings.Contains(usage, fmt.Sprint(u.Tournaments)+" used of "+fmt.Sprint(u.Quota.Tournaments)) {
		t.Errorf("kicker's tournaments: %q, want %d of %d", usage, u.Tournaments, u.Quota.Tournaments)
	}

	t.Run("a quota", func(t *testing.T) {
		rec := op.do(http.MethodPost, "/operator/organizers/"+kicker.ID+"/quota", url.Values{"tournaments": {"lots"}, "matches": {"-3"}})
		doc := op.doc(rec)
		if rec.Code != http.StatusUnprocessableEntity || doc.Find("#tournaments-kickerclub-hamburg-error").Length() != 1 ||
			doc.Find("#matches-kickerclub-hamburg-error").Length() != 1 || doc.Find(`[data-testid="problem-link"]`).Length() != 2 {
			t.Errorf("a bad quota: %d", rec.Code)
		}
		if got, _ := f.store.Usage(ctx, kicker.ID); got.Quota != u.Quota {
			t.Errorf("a refused form changed the quota: %+v", got.Quota)
		}
		rec = op.do(http.MethodPost, "/operator/organizers/"+kicker.ID+"/quota", url.Values{"tournaments": {"500"}, "storage": {"2048"}})
		got, _ := f.store.Usage(ctx, kicker.ID)
		if rec.Code != 200 || got.Quota.Tournaments != 500 || got.Quota.Bytes != 2048<<20 || got.Quota.Matches != u.Quota.Matches {
			t.Errorf("raising the quota: %d %+v", rec.Code, got.Quota)
		}
		if v, _ := op.doc(rec).Find("#tournaments-kickerclub-hamburg").Attr("value"); v != "500" {
			t.Errorf("the form shows %q", v)
		}
	})

	t.Run("an invitation", func(t *testing.T) {
		rec := op.do(http.MethodPost, "/operator/invitations", url.Values{})
		link := strings.TrimSpace(op.doc(rec).Find(`[data-testid="invitation-link"]`).Text())
		u, err := url.Parse(link)
		if rec.Code != 200 || err != nil || !strings.HasPrefix(u.Path, "/invite/") {
			t.Fatalf("an invitation: %d %q", rec.Code, link)
		}
		club := &organizer{f: f}
		if rec := club.do(http.MethodGet, u.Path, nil); rec.Code != 200 || club.doc(rec).Find(`[data-testid="setup-form"]`).Length() != 1 {
			t.Fatalf("the invitation's form: %d", rec.Code)
		}
		rec = club.do(http.MethodPost, u.Path, url.Values{"name": {"Darts Club Köln"}, "slug": {"kickerclub-hamburg"}, "sport": {"darts"}})
		if rec.Code != http.StatusUnprocessableEntity || club.doc(rec).Find("#slug-error").Length() != 1 {
			t.Errorf("a taken slug: %d", rec.Code)
		}
		// Of two forms sent with one invitation, one makes the organizer.
		var wg sync.WaitGroup
		codes := make([]int, 3)
		browsers := []*organizer{club, {f: f}, {f: f}}
		for i := range browsers {
			wg.Go(func() {
				codes[i] = browsers[i].do(http.MethodPost, u.Path, url.Values{"name": {"Darts Club Köln"}, "sport": {"darts"}}).Code
			})
		}
		wg.Wait()
		made := 0
		for i, c := range codes {
			if c == 200 {
				made++
				if rec := browsers[i].do(http.MethodGet, "/admin", nil); rec.Code != 200 {
					t.Errorf("the invited club is not signed in: %d", rec.Code)
				}
			} else if c != http.StatusGone {
				t.Errorf("a form answered %d", c)
			}
		}
		o, err := f.store.OrganizerBySlug(ctx, "darts-club-koln")
		if made != 1 || err != nil || o.Sport != "darts" {
			t.Fatalf("%d organizers made with one invitation: %v", made, err)
		}
		if rec := club.do(http.MethodGet, u.Path, nil); rec.Code != http.StatusGone || !strings.Contains(rec.Body.String(), "used already or has expired") {
			t.Errorf("a used invitation opens again: %d", rec.Code)
		}
		if rec := op.do(http.MethodGet, "/operator", nil); op.doc(rec).Find("#org-darts-club-koln").Length() != 1 {
			t.Error("the operator does not list the invited club")
		}
	})

	t.Run("a suspension", func(t *testing.T) {
		kickerLogin, _ := f.signIn(f.token)
		pages := []string{"/o/kickerclub-hamburg", "/t/" + hamburg.ID, "/t/" + hamburg.ID + "/courts", "/o/kickerclub-hamburg/ratings"}
		apis := []string{"/v1/public/tournaments/" + hamburg.ID, "/v1/public/organizers/" + kicker.ID + "/tournaments", "/v1/courtside/organizers/" + kicker.ID + "/ratings"}
		before := map[string]int{}
		for _, p := range pages {
			before[p] = f.get(p, "").Code
		}
		rec := op.do(http.MethodPost, "/operator/organizers/"+kicker.ID+"/suspend", url.Values{})
		if off, _ := f.store.Suspended(ctx, kicker.ID); off || rec.Code != 200 || op.doc(rec).Find(`[data-testid="confirm-yes"]`).Length() != 1 {
			t.Fatalf("a suspension without asking first: %d, suspended %v", rec.Code, off)
		}
		if rec := op.do(http.MethodPost, "/operator/organizers/"+kicker.ID+"/suspend", url.Values{"confirmed": {"yes"}}); rec.Code != 200 ||
			op.doc(rec).Find(`#org-kickerclub-hamburg [data-testid="suspended"]`).Length() != 1 {
			t.Fatalf("suspending: %d", rec.Code)
		}
		for _, p := range pages {
			if rec := f.get(p, ""); rec.Code != http.StatusNotFound {
				t.Errorf("%s answers %d (before: %d)", p, rec.Code, before[p])
			}
		}
		for _, p := range apis {
			for _, key := range []string{f.publicKicker, f.bouleToken} {
				if rec := f.get(p, key); rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "NOT_FOUND") {
					t.Errorf("%s answers %d: %s", p, rec.Code, rec.Body)
				}
			}
		}
		if rec := f.get("/v1/public/organizers", f.publicKicker); strings.Contains(rec.Body.String(), kicker.ID) {
			t.Error("the API lists a suspended organizer")
		}
		if _, doc := f.page("/"); strings.Contains(doc.Text(), kicker.Name) {
			t.Error("the home page lists a suspended organizer")
		}
		if rec := f.get("/v1/public/tournaments", f.token); rec.Code != http.StatusUnauthorized || !strings.Contains(rec.Body.String(), reply.CodeTokenInvalid) {
			t.Errorf("the suspended organizer's token: %d %s", rec.Code, rec.Body)
		}
		if rec := kickerLogin.do(http.MethodGet, "/admin", nil); rec.Code != http.StatusSeeOther {
			t.Errorf("a suspended organizer's session still opens the console: %d", rec.Code)
		}
		if _, rec := f.signIn(f.token); rec.Code != http.StatusForbidden || !strings.Contains(rec.Body.String(), "suspended by the operator") {
			t.Errorf("a suspended organizer's sign-in: %d", rec.Code)
		}
		// Nothing is deleted: lifting the suspension brings everything back.
		if snap, err := f.store.Snapshot(ctx, hamburg.ID); err != nil || snap.Tournament.Name != hamburg.Name {
			t.Errorf("the tournament is gone from the store: %v", err)
		}
		if rec := op.do(http.MethodPost, "/operator/organizers/"+kicker.ID+"/unsuspend", url.Values{}); rec.Code != 200 {
			t.Fatalf("lifting: %d", rec.Code)
		}
		for _, p := range pages {
			if rec := f.get(p, ""); rec.Code != before[p] {
				t.Errorf("%s answers %d after the suspension, %d before", p, rec.Code, before[p])
			}
		}
		if rec := f.get("/v1/public/tournaments", f.token); rec.Code != 200 {
			t.Errorf("the token after the suspension: %d", rec.Code)
		}
		if _, rec := f.signIn(f.token); rec.Code != http.StatusSeeOther {
			t.Errorf("signing in after the suspension: %d", rec.Code)
		}
	})
}
