package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestCheckInAddsTeamsAsTheSetupReadsThem: "Name: A / B" typed at the
// check-in is the team Name of A and B, as in the setup (it was a team of a
// player "Name: A" and B).
func TestCheckInAddsTeamsAsTheSetupReadsThem(t *testing.T) {
	f := newFixture(t)
	o, _ := f.signIn(f.token)
	base := strings.TrimSuffix(o.do(http.MethodPost, "/admin/new", twoDisciplines()).Header().Get("Location"), "/setup?done=created")
	id := strings.TrimPrefix(base, "/admin/t/")
	snap, _ := f.store.Snapshot(context.Background(), id)
	od := snap.Tournament.Disciplines[1]
	if rec := o.do(http.MethodPost, base+"/entries/add", url.Values{"discipline": {od.ID}, "name": {"Les Boulistes: Marc Petit / Paul Roux"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("add: %d %s", rec.Code, rec.Body)
	}
	snap, _ = f.store.Snapshot(context.Background(), id)
	d := snap.Tournament.Disciplines[1]
	e := snap.Entries[d.EntryIDs[len(d.EntryIDs)-1]]
	if e.Name != "Les Boulistes" || len(e.Entries) != 2 || e.Entries[0].Name != "Marc Petit" || e.Entries[1].Name != "Paul Roux" {
		t.Errorf("added %q with players %v", e.Name, e.Entries)
	}
}

// TestSetupFormListsEveryProblem: a start that is no date and a negative
// number of courts no longer hide the rules' problems with the rest of the
// form: every field with a problem says so at once, and nothing is saved.
func TestSetupFormListsEveryProblem(t *testing.T) {
	f := newFixture(t)
	o, _ := f.signIn(f.token)
	form := twoDisciplines()
	form.Set("start", "tomorrow")
	form.Set("courts", "-2")
	form.Set("name", "")
	form.Set("d0.s0.mode", "nope")
	rec := o.do(http.MethodPost, "/admin/new", form)
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("status %d", rec.Code)
	}
	doc := o.doc(rec)
	for _, id := range []string{"start", "courts", "name", "d0.s0.mode"} {
		if doc.Find(`[id="`+id+`-error"]`).Length() != 1 {
			t.Errorf("no problem beside %s", id)
		}
	}
}

// TestSetupReadsAndShowsTimesInTheVenuesZone: the console asks for the
// venue's time zone; the start is typed and shown in it, stored as the
// instant it is, and the form says nothing of UTC.
func TestSetupReadsAndShowsTimesInTheVenuesZone(t *testing.T) {
	f := newFixture(t)
	o, _ := f.signIn(f.token)
	if text := o.doc(o.do(http.MethodGet, "/admin/new", nil)).Find(`[data-testid="setup-form"]`).Text(); strings.Contains(text, "(UTC") {
		t.Errorf("the setup form speaks of UTC")
	}
	form := twoDisciplines()
	form.Set("timeZone", "Mars/Olympus")
	if rec := o.do(http.MethodPost, "/admin/new", form); rec.Code != http.StatusUnprocessableEntity || o.doc(rec).Find("#timeZone-error").Length() != 1 {
		t.Errorf("an unknown zone: %d", rec.Code)
	}
	form.Set("timeZone", "Europe/Paris")
	form.Set("start", "2026-11-28T09:00")
	loc := o.do(http.MethodPost, "/admin/new", form).Header().Get("Location")
	id := strings.TrimPrefix(strings.TrimSuffix(loc, "/setup?done=created"), "/admin/t/")
	snap, err := f.store.Snapshot(context.Background(), id)
	if err != nil {
		t.Fatalf("create: %v (%s)", err, loc)
	}
	if got := snap.Tournament.StartTime.UTC(); got.Hour() != 8 || snap.Tournament.TimeZone != "Europe/Paris" {
		t.Errorf("9:00 in Paris stored as %s (zone %q)", got, snap.Tournament.TimeZone)
	}
	doc := o.doc(o.do(http.MethodGet, "/admin/t/"+id+"/setup", nil))
	if v := doc.Find(`input[name="start"]`).AttrOr("value", ""); v != "2026-11-28T09:00" {
		t.Errorf("the start shown again as %q", v)
	}
	if v := doc.Find(`input[name="timeZone"]`).AttrOr("value", ""); v != "Europe/Paris" {
		t.Errorf("the zone shown again as %q", v)
	}
}
