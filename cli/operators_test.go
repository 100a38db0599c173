package cli

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"courtside/cache"
	"courtside/internal/testkit"
	"courtside/record"
)

// TestOperatorCommands: the operator's login, an invitation that a club
// opens on the site, and a suspension that hides an organizer and is lifted,
// all from the command line.
func TestOperatorCommands(t *testing.T) {
	ctx := context.Background()
	getenv, store := env(t)
	base := func(k string) string {
		if k == "BASE_URL" {
			return "https://results.example.org"
		}
		return getenv(k)
	}
	mustRun(t, base, "demo")

	secret := strings.TrimSpace(mustRun(t, base, "keys", "create-operator", "--name", "Federation office"))
	if k, err := store.Authenticate(ctx, secret); err != nil || k.Kind != record.KindOperator || k.Name != "Federation office" {
		t.Fatalf("the operator's login: %+v %v", k, err)
	}

	link := strings.TrimSpace(mustRun(t, base, "organizers", "invite", "--days", "3"))
	u, err := url.Parse(link)
	if err != nil || u.Host != "results.example.org" || !strings.HasPrefix(u.Path, "/invite/") || strings.Contains(link, "\n") {
		t.Fatalf("invite printed %q, want the address alone", link)
	}
	if open, _ := store.InviteOpen(ctx, strings.TrimPrefix(u.Path, "/invite/")); !open {
		t.Error("the printed invitation does not open")
	}
	for _, bad := range [][]string{{"--days", "0"}, {"--days", "31"}, {"extra"}} {
		if _, err := courtside(t, base, append([]string{"organizers", "invite"}, bad...)...); err == nil {
			t.Errorf("invite %v was taken", bad)
		}
	}

	said := mustRun(t, base, "organizers", "suspend", "kickerclub-hamburg")
	if !strings.Contains(said, "is suspended") {
		t.Errorf("suspend said %q", said)
	}
	list := mustRun(t, base, "organizers", "list")
	var row string
	for _, line := range strings.Split(list, "\n") {
		if strings.Contains(line, "kickerclub-hamburg") {
			row = line
		}
	}
	if !strings.Contains(row, "suspended") || !strings.Contains(list, "TOURNAMENTS") || !strings.Contains(row, "/200") {
		t.Errorf("list:\n%s", list)
	}
	h := api(t, store)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/o/kickerclub-hamburg", nil))
	if rec.Code != http.StatusNotFound {
		t.Errorf("a suspended organizer's page answers %d", rec.Code)
	}
	if _, err := courtside(t, base, "organizers", "suspend", "no-such-club"); err == nil || !strings.Contains(err.Error(), "no organizer") {
		t.Errorf("suspending nobody: %v", err)
	}
	mustRun(t, base, "organizers", "unsuspend", "kickerclub-hamburg")
	id := mustOrg(t, store, "kickerclub-hamburg")
	// Another instance (this test's store) believes what it read for a second at most.
	testkit.Eventually(t, "the suspension lifted", func() bool { off, _ := store.Suspended(ctx, id); return !off })
	if !strings.Contains(mustRun(t, base, "organizers", "list"), "active") {
		t.Error("the list does not say active")
	}
}

func mustOrg(t *testing.T, store *cache.Store, slug string) string {
	t.Helper()
	o, err := store.OrganizerBySlug(context.Background(), slug)
	if err != nil {
		t.Fatal(err)
	}
	return o.ID
}
