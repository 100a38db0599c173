package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"courtside/cache/cachetest"
	"courtside/handlers/console"
	"courtside/record"
	"courtside/tournament"
)

func TestFirstRunSetup(t *testing.T) {
	ctx := context.Background()
	store := cachetest.Store(cachetest.Redis(t))
	f := &fixture{t: t, store: store, handler: routes(t, store)}
	code, ok, err := store.SetupCode(ctx)
	if err != nil || !ok {
		t.Fatalf("an empty store has no setup code: %v", err)
	}
	o := &organizer{f: f}

	if rec := o.do(http.MethodGet, "/setup/"+strings.ToLower(code), nil); rec.Code != http.StatusNotFound {
		t.Errorf("a wrong code opened the setup: %d", rec.Code)
	}
	if rec := o.do(http.MethodGet, "/setup/"+code, nil); rec.Code != 200 || o.doc(rec).Find(`[data-testid="setup-form"]`).Length() != 1 {
		t.Fatalf("the setup form: %d", rec.Code)
	}

	t.Run("every problem of the form at once, beside its field", func(t *testing.T) {
		rec := o.do(http.MethodPost, "/setup/"+code, url.Values{"name": {""}, "slug": {"Not A Slug!"}, "sport": {"golf"}})
		doc := o.doc(rec)
		if rec.Code != http.StatusUnprocessableEntity {
			t.Errorf("status %d", rec.Code)
		}
		for _, id := range []string{"name", "slug", "sport"} {
			if doc.Find("#"+id+"-error").Length() != 1 {
				t.Errorf("no problem shown beside %s", id)
			}
		}
		rec = o.do(http.MethodPost, "/setup/"+code, url.Values{"name": {strings.Repeat("x", tournament.MaxAccountNameLength+1)}, "sport": {"petanque"}})
		if rec.Code != http.StatusUnprocessableEntity || o.doc(rec).Find("#name-error").Length() != 1 {
			t.Errorf("a name past the limit: %d", rec.Code)
		}
	})

	t.Run("it works once: of two forms sent at once, one makes the organizer", func(t *testing.T) {
		var wg sync.WaitGroup
		codes := make([]int, 4)
		browsers := make([]*organizer, 4)
		for i := range browsers {
			browsers[i] = &organizer{f: f}
			wg.Go(func() {
				codes[i] = browsers[i].do(http.MethodPost, "/setup/"+code, url.Values{"name": {"Boule Club Lyon"}, "sport": {"petanque"}}).Code
			})
		}
		wg.Wait()
		made := 0
		for i, c := range codes {
			switch c {
			case 200:
				made++
				if rec := browsers[i].do(http.MethodGet, "/admin", nil); rec.Code != 200 {
					t.Errorf("the new organizer is not signed in: %d", rec.Code)
				}
			case http.StatusNotFound:
			default:
				t.Errorf("a setup answered %d", c)
			}
		}
		if made != 1 {
			t.Fatalf("%d organizers made with one code", made)
		}
		orgs, _ := store.Organizers(ctx)
		if len(orgs) != 1 || orgs[0].Slug != "boule-club-lyon" || orgs[0].Sport != tournament.Petanque {
			t.Errorf("organizers: %+v", orgs)
		}
		if rec := o.do(http.MethodGet, "/setup/"+code, nil); rec.Code != http.StatusNotFound {
			t.Errorf("the used setup address still opens: %d", rec.Code)
		}
		if _, ok, _ := store.SetupCode(ctx); ok {
			t.Error("a new setup code is made while there is an organizer")
		}
	})
}

// signInByQR follows a sign-in QR code's address on a new browser.
func (f *fixture) signInByQR(link string) *organizer {
	f.t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		f.t.Fatal(err)
	}
	phone := &organizer{f: f}
	if rec := phone.do(http.MethodGet, u.Path, nil); rec.Code != 200 || phone.cookie != nil {
		f.t.Fatalf("opening the sign-in address: %d (signed in by opening alone: %v)", rec.Code, phone.cookie != nil)
	}
	if rec := phone.do(http.MethodPost, u.Path, url.Values{}); rec.Code != http.StatusSeeOther || phone.cookie == nil {
		f.t.Fatalf("signing in by the code: %d", rec.Code)
	}
	return phone
}

func TestHelpersLogins(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	h := hamburg.Tournament.ID
	o, _ := f.signIn(f.token)

	rec := o.do(http.MethodPost, "/admin/logins", url.Values{"name": {"Desk 2"}, "role": {"results"}})
	doc := o.doc(rec)
	link := strings.TrimSpace(doc.Find(`[data-testid="signin-link"]`).Text())
	if rec.Code != 200 || doc.Find(`[data-testid="signin-qr"]`).Length() != 1 || !strings.Contains(link, "/signin/") {
		t.Fatalf("a new helper's QR code: %d %q", rec.Code, link)
	}
	helper := f.signInByQR(link)

	t.Run("the code works once", func(t *testing.T) {
		u, _ := url.Parse(link)
		other := &organizer{f: f}
		if rec := other.do(http.MethodPost, u.Path, url.Values{}); rec.Code != http.StatusNotFound || other.cookie != nil {
			t.Errorf("a used code signed in again: %d", rec.Code)
		}
	})

	t.Run("a results-only helper enters results and changes nothing else", func(t *testing.T) {
		home := helper.doc(helper.do(http.MethodGet, "/admin", nil))
		if home.Find(`[data-testid="new-tournament"]`).Length() != 0 || home.Find(`[data-testid="logins-link"]`).Length() != 0 {
			t.Error("a results-only helper is offered setup or logins")
		}
		single, _ := f.running(hamburg, singleSetTo7)
		if rec := helper.resultForm(h, single.ID, "live", map[string]string{"0.0.0": "4", "0.0.1": "2"}); rec.Code != http.StatusSeeOther {
			t.Errorf("a helper's live result: %d %s", rec.Code, rec.Body)
		}
		refused := []struct{ method, path string }{
			{http.MethodGet, "/admin/new"},
			{http.MethodPost, "/admin/new"},
			{http.MethodGet, "/admin/t/" + h + "/setup"},
			{http.MethodPost, "/admin/t/" + h + "/setup"},
			{http.MethodPost, "/admin/t/" + h + "/start"},
			{http.MethodGet, "/admin/t/" + h + "/entries"},
			{http.MethodPost, "/admin/t/" + h + "/checkin"},
			{http.MethodPost, "/admin/t/" + h + "/entries/add"},
			{http.MethodPost, "/admin/t/" + h + "/entries/remove"},
			{http.MethodPost, "/admin/t/" + h + "/entries/withdraw"},
			{http.MethodGet, "/admin/t/" + h + "/screens"},
			{http.MethodPost, "/admin/t/" + h + "/screens"},
			{http.MethodGet, "/admin/logins"},
			{http.MethodPost, "/admin/logins"},
			{http.MethodPost, "/admin/logins/phone"},
		}
		before, _ := f.store.Snapshot(context.Background(), h)
		for _, c := range refused {
			form := url.Values{}
			if c.method == http.MethodPost {
				form = url.Values{"name": {"x"}, "discipline": {"x"}, "entry": {"x"}, "role": {"full"}}
			}
			if rec := helper.do(c.method, c.path, form); rec.Code != http.StatusForbidden {
				t.Errorf("%s %s by a results-only helper: %d", c.method, c.path, rec.Code)
			}
		}
		after, _ := f.store.Snapshot(context.Background(), h)
		if after.Version != before.Version {
			t.Error("a refused request changed the tournament")
		}
		helpers, _ := f.store.Helpers(context.Background(), f.org("kickerclub-hamburg").ID)
		if len(helpers) != 1 {
			t.Errorf("the helper made %d logins", len(helpers)-1)
		}
	})

	t.Run("a helper with the full role may set up", func(t *testing.T) {
		rec := o.do(http.MethodPost, "/admin/logins", url.Values{"name": {"Co-director"}, "role": {"full"}})
		full := f.signInByQR(strings.TrimSpace(o.doc(rec).Find(`[data-testid="signin-link"]`).Text()))
		if rec := full.do(http.MethodGet, "/admin/new", nil); rec.Code != 200 {
			t.Errorf("a full helper's new tournament: %d", rec.Code)
		}
	})

	t.Run("a phone signs in as the organizer", func(t *testing.T) {
		rec := o.do(http.MethodPost, "/admin/logins/phone", url.Values{})
		phone := f.signInByQR(strings.TrimSpace(o.doc(rec).Find(`[data-testid="signin-link"]`).Text()))
		if rec := phone.do(http.MethodGet, "/admin/logins", nil); rec.Code != 200 {
			t.Errorf("the organizer's phone: %d", rec.Code)
		}
	})

	t.Run("a name is required and bounded, beside the field", func(t *testing.T) {
		for _, name := range []string{"", strings.Repeat("n", tournament.MaxAccountNameLength+1)} {
			rec := o.do(http.MethodPost, "/admin/logins", url.Values{"name": {name}, "role": {"results"}})
			if rec.Code != http.StatusUnprocessableEntity || o.doc(rec).Find("#name-error").Length() != 1 {
				t.Errorf("name of %d characters: %d", len(name), rec.Code)
			}
		}
	})

	t.Run("revoking signs the helper out; another organizer cannot", func(t *testing.T) {
		helpers, _ := f.store.Helpers(context.Background(), f.org("kickerclub-hamburg").ID)
		var desk record.Key
		for _, k := range helpers {
			if k.Name == "Desk 2" {
				desk = k
			}
		}
		boule, _ := f.signIn(f.bouleToken)
		if rec := boule.do(http.MethodPost, "/admin/logins/"+desk.ID+"/revoke", url.Values{"confirmed": {"yes"}}); rec.Code != http.StatusNotFound {
			t.Errorf("another organizer revoked a helper: %d", rec.Code)
		}
		if rec := helper.do(http.MethodGet, "/admin", nil); rec.Code != 200 {
			t.Fatalf("the helper before the revocation: %d", rec.Code)
		}
		if rec := o.do(http.MethodPost, "/admin/logins/"+desk.ID+"/revoke", url.Values{"confirmed": {"yes"}}); rec.Code != http.StatusSeeOther {
			t.Fatalf("revoke: %d", rec.Code)
		}
		if rec := helper.do(http.MethodGet, "/admin", nil); rec.Code != http.StatusSeeOther || !strings.HasPrefix(rec.Header().Get("Location"), "/admin/login") {
			t.Errorf("a revoked helper is still signed in: %d", rec.Code)
		}
		if doc := o.doc(o.do(http.MethodGet, "/admin/logins", nil)); strings.Contains(doc.Find(`[data-testid="helpers"]`).Text(), "Desk 2") {
			t.Error("a revoked login is still listed")
		}
	})
}

func TestSlugify(t *testing.T) {
	for in, want := range map[string]string{
		"Boule Club Lyon":        "boule-club-lyon",
		"TSV Süd 1860 e.V.":      "tsv-sud-1860-e-v",
		"  Straße der Pétanque ": "strasse-der-petanque",
		"!!!":                    "",
	} {
		if got := console.Slugify(in); got != want {
			t.Errorf("Slugify(%q) = %q, want %q", in, got, want)
		}
	}
}
