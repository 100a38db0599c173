package web

import (
	"bytes"
	"context"
	"courtside/wire"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"courtside/cache"
	"courtside/tournament"
)

// twoDisciplines is the setup form of a tournament with a swiss singles and doubles pools.
func twoDisciplines() url.Values {
	return url.Values{
		"name": {"Club Night 48"}, "start": {"2026-11-24T18:00"}, "courts": {"Table 1\nTable 2\nTable 3"}, "public": {"on"}, "checkIn": {"on"},
		"disciplines": {"2"},
		"d0.name":     {"Open Singles"}, "d0.shortName": {"OS"}, "d0.entryType": {"single"},
		"d0.entries": {"Anna Berg\nBen Kurz\nCem Yilmaz\nDana Roth\nEmil Voss\nFrida Lang"},
		"d0.stages":  {"1"}, "d0.s0.name": {"Swiss"}, "d0.s0.mode": {"swiss"}, "d0.s0.rounds": {"3"}, "d0.s0.numPoints": {"7"}, "d0.s0.numSets": {"1"},
		"d1.name": {"Open Doubles"}, "d1.shortName": {"OD"}, "d1.entryType": {"byp"},
		"d1.entries": {"Anna Berg / Ben Kurz\nDie Kurbler: Cem Yilmaz / Dana Roth\nEmil Voss / Frida Lang\nGero Falk / Hanna Ott"},
		"d1.stages":  {"1"}, "d1.s0.name": {"Pools"}, "d1.s0.mode": {"round_robin"}, "d1.s0.numPoints": {"5"}, "d1.s0.numSets": {"2"}, "d1.s0.draw": {"on"},
		"action": {"save"},
	}
}

func TestConsoleNewTournament(t *testing.T) {
	f := newFixture(t)
	o, _ := f.signIn(f.token)
	mine, _ := f.store.Tournaments(context.Background(), f.org("kickerclub-hamburg").ID, cache.ListQuery{Limit: 100})
	before := len(mine)
	if rec := o.do(http.MethodGet, "/admin/new", nil); rec.Code != 200 || o.doc(rec).Find(`[data-testid="stage-form"]`).Length() != 1 {
		t.Fatalf("new: %d", rec.Code)
	}

	// Adding a discipline keeps what was typed and saves nothing.
	form := twoDisciplines()
	form.Set("action", "add-discipline")
	rec := o.do(http.MethodPost, "/admin/new", form)
	doc := o.doc(rec)
	if rec.Code != 200 || doc.Find(`[data-testid="discipline-form"]`).Length() != 3 || doc.Find(`textarea[name="d1.entries"]`).Text() != form.Get("d1.entries") {
		t.Fatalf("add discipline: %d, %d disciplines", rec.Code, doc.Find(`[data-testid="discipline-form"]`).Length())
	}
	form.Set("action", "remove-stage:0:0") // the only stage stays
	if doc := o.doc(o.do(http.MethodPost, "/admin/new", form)); doc.Find(`[data-testid="stage-form"]`).Length() != 2 {
		t.Errorf("removing the only stage of a discipline")
	}

	// Mistakes: each next to its field, what was typed kept, nothing written.
	form = twoDisciplines()
	form.Set("d0.s0.rounds", "")
	form.Set("d1.s0.numSets", "two")
	form.Set("d1.entries", "Anna Berg / Ben Kurz\nZoe")
	rec = o.do(http.MethodPost, "/admin/new", form)
	doc = o.doc(rec)
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("a bad form: %d", rec.Code)
	}
	if msg := doc.Find(`#d1\.s0\.numSets-error`).Text(); msg != "must be a whole number" {
		t.Errorf("numSets: %q", msg)
	}
	if v, _ := doc.Find(`input[name="d1.s0.numSets"]`).Attr("value"); v != "two" {
		t.Errorf("what was typed is gone: %q", v)
	}
	form.Set("d1.s0.numSets", "2")
	doc = o.doc(o.do(http.MethodPost, "/admin/new", form))
	if msg := doc.Find(`#d0\.s0\.rounds-error`).Text(); !strings.Contains(msg, "required for Swiss system") {
		t.Errorf("rounds: %q", msg)
	}
	if msg := doc.Find(`#d1\.entries-error`).Text(); !strings.Contains(msg, "line 2: a byp team is two or more players") {
		t.Errorf("entries: %q", msg)
	}
	if snaps, _ := f.store.Tournaments(context.Background(), f.org("kickerclub-hamburg").ID, cache.ListQuery{Limit: 100}); len(snaps) != before {
		t.Errorf("a refused form wrote a tournament")
	}

	// Created: check-in, then start.
	rec = o.do(http.MethodPost, "/admin/new", twoDisciplines())
	loc := rec.Header().Get("Location")
	if rec.Code != http.StatusSeeOther || !strings.HasSuffix(loc, "/setup?done=created") {
		t.Fatalf("create: %d %s %s", rec.Code, loc, rec.Body)
	}
	base := strings.TrimSuffix(loc, "/setup?done=created")
	id := strings.TrimPrefix(base, "/admin/t/")
	snap, err := f.store.Snapshot(context.Background(), id)
	if err != nil || snap.Tournament.State != tournament.StateCheckIn || len(snap.Tournament.Courts) != 3 {
		t.Fatalf("stored: %v %v", snap, err)
	}
	if doc := o.doc(o.do(http.MethodGet, loc, nil)); doc.Find(`input[name="d1.name"]`).AttrOr("value", "") != "Open Doubles" || doc.Find(`[data-testid="start"]`).Length() != 1 {
		t.Errorf("the setup page does not show the setup")
	}
	rec = o.do(http.MethodPost, base+"/start", url.Values{})
	if rec.Code != http.StatusConflict || !strings.Contains(o.doc(rec).Find(`#start-error`).Text(), "have not checked in") {
		t.Errorf("start before the check-in: %d %s", rec.Code, o.doc(rec).Find(`#start-error`).Text())
	}
	os, od := snap.Tournament.Disciplines[0], snap.Tournament.Disciplines[1]
	o.do(http.MethodPost, base+"/checkin", url.Values{"discipline": {os.ID}, "present": os.EntryIDs[:5]})
	o.do(http.MethodPost, base+"/checkin", url.Values{"discipline": {od.ID}, "present": od.EntryIDs})
	if rec := o.do(http.MethodPost, base+"/entries/remove", url.Values{"discipline": {os.ID}, "confirmed": {"yes"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("remove no-shows: %d %s", rec.Code, rec.Body)
	}
	rec = o.do(http.MethodPost, base+"/entries/add", url.Values{"discipline": {os.ID}, "name": {"Zoe Late\nYusuf Late"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("add: %d %s", rec.Code, rec.Body)
	}
	snap, _ = f.store.Snapshot(context.Background(), id)
	if d := snap.Tournament.Disciplines[0]; len(d.EntryIDs) != 7 || len(d.NoShows()) != 0 {
		t.Errorf("after the check-in: %d entries, %d no-shows", len(d.EntryIDs), len(d.NoShows()))
	}
	if rec := o.do(http.MethodPost, base+"/start", url.Values{}); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != base+"?done=started" {
		t.Fatalf("start: %d %s", rec.Code, rec.Body)
	}
	snap, _ = f.store.Snapshot(context.Background(), id)
	if snap.Tournament.State != tournament.StateRunning || len(snap.Matches) != 4+6 {
		t.Errorf("started: %s, %d matches", snap.Tournament.State, len(snap.Matches))
	}
	// After the start the setup is the console, and entries withdraw or join late.
	if rec := o.do(http.MethodGet, base+"/setup", nil); rec.Code != http.StatusSeeOther {
		t.Errorf("setup after the start: %d", rec.Code)
	}
	rec = o.do(http.MethodPost, base+"/entries/add", url.Values{"discipline": {od.ID}, "name": {"Ivo Brandt / Jule Marx"}})
	if rec.Code != http.StatusConflict || !strings.Contains(o.doc(rec).Find(`#add-OD-error`).Text(), "takes late entries") {
		t.Errorf("late entry to pools: %d", rec.Code)
	}
	if v, _ := o.doc(rec).Find(`#add-OD`).Attr("value"); v != "Ivo Brandt / Jule Marx" {
		t.Errorf("the late entry typed is gone: %q", v)
	}
	if rec := o.do(http.MethodPost, base+"/entries/add", url.Values{"discipline": {os.ID}, "name": {"Karl Ney"}}); rec.Code != http.StatusSeeOther {
		t.Errorf("late entry to the swiss: %d", rec.Code)
	}
	if rec := o.do(http.MethodPost, base+"/entries/withdraw", url.Values{"discipline": {os.ID}, "entry": {os.EntryIDs[0]}, "confirmed": {"yes"}}); rec.Code != http.StatusSeeOther {
		t.Errorf("withdraw: %d", rec.Code)
	}
	doc = o.doc(o.do(http.MethodGet, base+"/entries", nil))
	if !strings.Contains(doc.Text(), "Karl Ney") || !strings.Contains(doc.Find(`[data-testid="entries-discipline"]`).First().Text(), "withdrawn") {
		t.Errorf("entries page after the changes")
	}

	// Another organizer's tournament is not found; a form from another site is refused.
	bo, _ := f.signIn(f.bouleToken)
	if rec := bo.do(http.MethodGet, base+"/entries", nil); rec.Code != http.StatusNotFound {
		t.Errorf("another organizer: %d", rec.Code)
	}
	if rec := o.do(http.MethodPost, "/admin/new", twoDisciplines(), "Sec-Fetch-Site", "cross-site"); rec.Code != http.StatusForbidden {
		t.Errorf("cross-site: %d", rec.Code)
	}
}

func TestConsoleCSVUpload(t *testing.T) {
	f := newFixture(t)
	o, _ := f.signIn(f.token)
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	form := twoDisciplines()
	form.Set("d1.entries", "Anna Berg / Ben Kurz")
	for k, vs := range form {
		for _, v := range vs {
			if err := mw.WriteField(k, v); err != nil {
				t.Fatal(err)
			}
		}
	}
	fw, _ := mw.CreateFormFile("d1.csv", "teams.csv")
	if _, err := fw.Write([]byte("Die Kurbler,Cem Yilmaz,Dana Roth\n\"Emil Voss / Frida Lang\"\n")); err != nil {
		t.Fatal(err)
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodPost, "/admin/new", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.AddCookie(o.cookie)
	rec := httptest.NewRecorder()
	f.handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	id := strings.TrimSuffix(strings.TrimPrefix(rec.Header().Get("Location"), "/admin/t/"), "/setup?done=created")
	snap, _ := f.store.Snapshot(context.Background(), id)
	var names []string
	for _, e := range wire.EntriesOf(snap, snap.Tournament.Disciplines[1].EntryIDs) {
		names = append(names, e.Name)
	}
	if strings.Join(names, "|") != "Anna Berg / Ben Kurz|Die Kurbler|Emil Voss / Frida Lang" {
		t.Errorf("entries %q", names)
	}
}

func TestSetupSchemaIsServed(t *testing.T) {
	f := newFixture(t)
	rec := f.get("/setup.schema.json", "")
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/schema+json" || !bytes.Equal(rec.Body.Bytes(), tournament.SetupSchema) {
		t.Errorf("%d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
}

// TestSetupFormOverTheLimitsIsRefused: a setup form with more disciplines
// or stages than a setup may have is refused with the limit named, never
// saved with the rest dropped; and a small post asking for thousands of
// them draws no more than the limits.
func TestSetupFormOverTheLimitsIsRefused(t *testing.T) {
	f := newFixture(t)
	o, _ := f.signIn(f.token)
	ctx := context.Background()
	org := f.org("kickerclub-hamburg")

	// A tournament of 60 disciplines, as an import before the limits could write it.
	form := url.Values{"name": {"Many"}, "start": {"2026-11-24T18:00"}, "courts": {"2"}, "disciplines": {"60"}, "action": {"save"}}
	setup := &tournament.Setup{Organizer: org.Slug, Name: "Many", StartTime: tournament.At(time.Date(2026, 11, 24, 18, 0, 0, 0, time.UTC)), Courts: []string{"Court 1", "Court 2"}}
	for i := range 60 {
		p := fmt.Sprintf("d%d", i)
		form.Set(p+".name", fmt.Sprintf("Discipline %d", i))
		form.Set(p+".shortName", fmt.Sprintf("D%d", i))
		form.Set(p+".entryType", "single")
		form.Set(p+".entries", "Anna Berg\nBen Kurz")
		form.Set(p+".stages", "1")
		form.Set(p+".s0.name", "Final")
		form.Set(p+".s0.mode", "elimination")
		form.Set(p+".s0.numPoints", "7")
		form.Set(p+".s0.numSets", "1")
		setup.Disciplines = append(setup.Disciplines, tournament.SetupDiscipline{Name: form.Get(p + ".name"), ShortName: form.Get(p + ".shortName"),
			EntryType: tournament.EntrySingle, Entries: []tournament.SetupEntry{{Name: "Anna Berg"}, {Name: "Ben Kurz"}},
			Stages: []tournament.SetupStage{{Name: "Final", Mode: tournament.Elimination, MatchConfiguration: tournament.MatchConfiguration{NumPoints: 7, NumSets: 1}}}})
	}
	tour, entries := tournament.Build(setup, org, tournament.RandomIDs())
	if _, err := f.store.Apply(ctx, tour.ID, tournament.Create(tour, entries, f.store.Now())); err != nil {
		t.Fatal(err)
	}
	rec := o.do(http.MethodPost, "/admin/t/"+tour.ID+"/setup", form)
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "disciplines per tournament") {
		t.Errorf("saving 60 disciplines: %d, want 422 naming the limit", rec.Code)
	}
	if snap, err := f.store.Snapshot(ctx, tour.ID); err != nil || len(snap.Tournament.Disciplines) != 60 {
		t.Errorf("after the refused save: %v", err)
	}

	// A post of a couple of KB asking for 2,048 disciplines of 2,048 stages.
	small := url.Values{"disciplines": {"2048"}, "action": {"add-discipline"}}
	for i := range 50 {
		small.Set(fmt.Sprintf("d%d.stages", i), "2048")
	}
	rec = o.do(http.MethodPost, "/admin/new", small)
	stages := o.doc(rec).Find(`[data-testid="stage-form"]`).Length()
	if rec.Code != http.StatusUnprocessableEntity || stages > tournament.MaxSetupDisciplines*tournament.MaxSetupStages {
		t.Errorf("a %d-byte post: %d with %d stage forms in %d bytes", len(small.Encode()), rec.Code, stages, rec.Body.Len())
	}
	t.Logf("a %d-byte post renders %d bytes", len(small.Encode()), rec.Body.Len())
}

// TestANewTournamentSpeaksTheOrganizersSport: a pétanque club's setup form
// says terrains, and its courts typed as a number are named "Terrain 1" to
// "Terrain 3" (they were "Court 1" to "Court 3", and "Tisch 1" in German).
func TestANewTournamentSpeaksTheOrganizersSport(t *testing.T) {
	f := newFixture(t)
	o, _ := f.signIn(f.bouleToken)
	if rec := o.do(http.MethodGet, "/admin/new", nil); rec.Code != 200 || !strings.Contains(o.doc(rec).Find(`textarea[name="courts"]`).Parent().Text(), "Terrains") ||
		!strings.Contains(o.doc(rec).Find(`textarea[name="courts"]`).Parent().Text(), "(Terrain 1, Terrain 2, …)") {
		t.Errorf("the form's courts field: %d %q", rec.Code, o.doc(rec).Find(`textarea[name="courts"]`).Parent().Text())
	}
	if rec := o.do(http.MethodGet, "/admin/new", nil); !strings.Contains(o.doc(rec).Text(), "A free terrain gets the next open match") {
		t.Errorf("the automatic calling's hint does not speak of terrains")
	}
	form := twoDisciplines()
	form.Set("courts", "0")
	if rec := o.do(http.MethodPost, "/admin/new", form); rec.Code != http.StatusUnprocessableEntity || o.doc(rec).Find(`#courts-error`).Text() != fmt.Sprintf("from 1 to %d terrains", tournament.MaxSetupCourts) {
		t.Errorf("no courts: %d %q", rec.Code, o.doc(rec).Find(`#courts-error`).Text())
	}
	for _, tc := range []struct{ lang, want string }{{"en", "Terrain 1"}, {"de", "Bahn 1"}} {
		form := twoDisciplines()
		form.Set("courts", "3")
		form.Set("name", "Concours "+tc.lang)
		rec := o.do(http.MethodPost, "/admin/new", form, "Accept-Language", tc.lang)
		if rec.Code != http.StatusSeeOther {
			t.Fatalf("create: %d %s", rec.Code, o.doc(rec).Find(`[role="alert"]`).Text())
		}
		id := strings.TrimSuffix(strings.TrimPrefix(rec.Header().Get("Location"), "/admin/t/"), "/setup?done=created")
		snap, err := f.store.Snapshot(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if got := snap.Tournament.Courts; len(got) != 3 || got[0].Name != tc.want {
			t.Errorf("in %s the courts are %+v, want %s first", tc.lang, got, tc.want)
		}
	}
}

// TestTheSetupFormChecksTheVenuesClock: a zone no browser knows is refused
// beside its field, and so is a start the clocks skip (02:30 on the night
// the clocks go forward in Paris), which was moved to 03:30 without a word;
// a tournament whose courts are named "Court 1" to "Court 3" keeps those
// names through an edit (the form showed "3", and saving named them anew);
// an organizer deleted while signed in gets a 404, not a 500.
func TestTheSetupFormChecksTheVenuesClock(t *testing.T) {
	f := newFixture(t)
	o, _ := f.signIn(f.bouleToken)
	form := twoDisciplines()
	form.Set("timeZone", "right/Europe/Paris")
	if rec := o.do(http.MethodPost, "/admin/new", form); rec.Code != http.StatusUnprocessableEntity || o.doc(rec).Find(`#timeZone-error`).Text() == "" {
		t.Errorf("a zone no browser knows: %d %q", rec.Code, o.doc(rec).Find(`#timeZone-error`).Text())
	}
	form = twoDisciplines()
	form.Set("timeZone", "Europe/Paris")
	form.Set("start", "2026-03-29T02:30")
	if rec := o.do(http.MethodPost, "/admin/new", form); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(o.doc(rec).Find(`#start-error`).Text(), "does not exist at the venue") {
		t.Errorf("a start the clocks skip: %d %q", rec.Code, o.doc(rec).Find(`#start-error`).Text())
	}

	form = twoDisciplines()
	form.Set("courts", "Court 1\nCourt 2\nCourt 3")
	rec := o.do(http.MethodPost, "/admin/new", form)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("create: %d", rec.Code)
	}
	setup := strings.TrimSuffix(rec.Header().Get("Location"), "?done=created")
	doc := o.doc(o.do(http.MethodGet, setup, nil))
	if got := doc.Find(`textarea[name="courts"]`).Text(); got != "Court 1\nCourt 2\nCourt 3" {
		t.Errorf("the edit form shows the courts as %q", got)
	}
	if bar := doc.Find(`a[href="/admin"]`).First().Text(); !strings.Contains(bar, "Boule Lyonnaise") {
		t.Errorf("the edit form's bar reads %q, not the organizer's name", bar)
	}
	form.Set("description", "Now with a description")
	if rec := o.do(http.MethodPost, setup, form); rec.Code != http.StatusSeeOther {
		t.Fatalf("save: %d", rec.Code)
	}
	id := strings.TrimSuffix(strings.TrimPrefix(setup, "/admin/t/"), "/setup")
	snap, err := f.store.Snapshot(context.Background(), id)
	if err != nil || snap.Tournament.Courts[0].Name != "Court 1" {
		t.Errorf("after an edit the courts are %+v (%v)", snap.Tournament.Courts, err)
	}

	if err := f.rdb.HDel(context.Background(), "{organizers}", f.org("boule-lyonnaise").ID).Err(); err != nil {
		t.Fatal(err)
	}
	if rec := o.do(http.MethodGet, "/admin/new", nil); rec.Code != http.StatusNotFound {
		t.Errorf("an organizer deleted while signed in: %d", rec.Code)
	}
}

// browserForm is what a browser sends for the page's setup form as it
// stands: every input's value, a select's chosen option (its first when
// none is), the checked boxes and the text areas.
func browserForm(doc *goquery.Document) url.Values {
	v := url.Values{}
	form := doc.Find(`[data-testid="setup-form"]`)
	form.Find("input[name]").Each(func(_ int, s *goquery.Selection) {
		name, _ := s.Attr("name")
		switch typ, _ := s.Attr("type"); typ {
		case "checkbox", "radio":
			if _, ok := s.Attr("checked"); ok {
				v.Add(name, s.AttrOr("value", "on"))
			}
		case "file", "submit":
		default:
			v.Add(name, s.AttrOr("value", ""))
		}
	})
	form.Find("select[name]").Each(func(_ int, s *goquery.Selection) {
		opt := s.Find("option[selected]")
		if opt.Length() == 0 {
			opt = s.Find("option").First()
		}
		v.Set(s.AttrOr("name", ""), opt.AttrOr("value", ""))
	})
	form.Find("textarea[name]").Each(func(_ int, s *goquery.Selection) { v.Set(s.AttrOr("name", ""), s.Text()) })
	return v
}

// TestTheFormTakesEveryModeAtTheFirstSubmit: an organizer of each sport
// fills in the names and eight players, chooses a mode and keeps every other
// default of the form; the first "Create tournament" makes the tournament,
// whichever of the eleven modes it is, and its matches are the sport's
// default format. (Before, every mode but Swiss and Dutch was refused for
// the Rounds the form kept at 5.)
func TestTheFormTakesEveryModeAtTheFirstSubmit(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	for _, sport := range tournament.Sports {
		org, ps := tournament.NewOrganizer("Club of "+string(sport), "club-"+strings.ReplaceAll(string(sport), "_", "-"), string(sport))
		if len(ps) > 0 {
			t.Fatal(ps)
		}
		if err := f.store.CreateOrganizer(ctx, org); err != nil {
			t.Fatal(err)
		}
		token, _, err := f.store.CreateToken(ctx, org.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		o, _ := f.signIn(token)
		for _, mode := range tournament.Modes {
			form := browserForm(o.doc(o.do(http.MethodGet, "/admin/new", nil)))
			form.Set("name", fmt.Sprintf("%s %s", sport, mode))
			form.Set("start", "2026-11-24T18:00")
			form.Set("d0.name", "Open")
			form.Set("d0.shortName", "O")
			form.Set("d0.entries", "Anna\nBen\nCem\nDana\nEmil\nFrida\nGero\nHanna")
			form.Set("d0.s0.name", "Main")
			form.Set("d0.s0.mode", string(mode))
			form.Set("action", "save")
			rec := o.do(http.MethodPost, "/admin/new", form)
			if rec.Code != http.StatusSeeOther {
				t.Errorf("%s, %s: %d %s", sport, mode, rec.Code, strings.Join(strings.Fields(o.doc(rec).Find(`[data-testid="setup-errors"]`).Text()), " "))
				continue
			}
			id := strings.TrimSuffix(strings.TrimPrefix(rec.Header().Get("Location"), "/admin/t/"), "/setup?done=created")
			snap, err := f.store.Snapshot(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			g := snap.Tournament.Disciplines[0].Stages[0].Groups[0]
			want := sport.DefaultFormat()
			if got := g.Options.MatchConfigurations[0]; got.Name != want.Name || got.NumPoints != want.Config.NumPoints || got.NumSets != want.Config.NumSets {
				t.Errorf("%s, %s: the match is %+v, want %s", sport, mode, got, want.Name)
			}
		}
	}
}

// TestTheSetupSummaryLinksEachProblemToItsField: every problem of the form
// is listed at the top in the page's language, naming its field and where
// it is, with a link to the field; a field the mode hides (Rounds of an
// elimination) is no problem whatever it holds.
func TestTheSetupSummaryLinksEachProblemToItsField(t *testing.T) {
	f := newFixture(t)
	o, _ := f.signIn(f.token)
	form := twoDisciplines()
	form.Set("d1.s0.mode", "elimination")
	form.Set("d1.s0.rounds", "99")
	form.Set("d1.s0.lives", "0")
	form.Set("d0.s0.rounds", "")
	form.Set("d1.shortName", "")
	rec := o.do(http.MethodPost, "/admin/new", form, "Accept-Language", "de")
	doc := o.doc(rec)
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("a bad form: %d", rec.Code)
	}
	var links []string
	doc.Find(`[data-testid="problem-link"]`).Each(func(_ int, s *goquery.Selection) {
		links = append(links, s.AttrOr("href", "")+" "+s.Text())
	})
	want := []string{"#d0.s0.rounds Disziplin 1 · Phase 1 · Runden", "#d1.shortName Disziplin 2 · Kurzname"}
	if strings.Join(links, "|") != strings.Join(want, "|") {
		t.Errorf("the summary links %q, want %q", links, want)
	}
	for _, l := range links {
		if doc.Find(strings.ReplaceAll(strings.Fields(l)[0], ".", `\.`)).Length() != 1 {
			t.Errorf("%s links to no field", l)
		}
	}
	if strings.Contains(doc.Find(`[data-testid="setup-errors"]`).Text(), "swiss, dutch_system") {
		t.Errorf("the summary names raw ids: %s", doc.Find(`[data-testid="setup-errors"]`).Text())
	}
}
