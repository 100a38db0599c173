package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"

	"courtside/locale"
	"courtside/templates"
	"courtside/tournament"
)

// shownAttrs are the attributes a person reads or hears.
var shownAttrs = []string{"title", "aria-label", "placeholder", "alt", "hx-confirm", "data-confirm", "data-call-text", "content"}

// shown is every text a person reads or hears on a page: its text nodes
// (outside scripts and styles) and the attributes above, each trimmed.
func shown(doc *goquery.Document) []string {
	var out []string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && (n.Data == "script" || n.Data == "style") {
			return
		}
		if n.Type == html.TextNode {
			if s := strings.TrimSpace(n.Data); s != "" {
				out = append(out, s)
			}
		}
		if n.Type == html.ElementNode {
			for _, a := range n.Attr {
				if !slices.Contains(shownAttrs, a.Key) {
					continue
				}
				if a.Key == "content" && !slices.ContainsFunc(n.Attr, func(o html.Attribute) bool {
					return (o.Key == "name" || o.Key == "property") && strings.Contains(o.Val, "description")
				}) {
					continue
				}
				if s := strings.TrimSpace(a.Val); s != "" {
					out = append(out, s)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	for _, n := range doc.Nodes {
		walk(n)
	}
	return out
}

// germanPages are the page kinds, spectators' and the console's, as an
// organizer signed in with German chosen sees them.
func germanPages(t *testing.T, f *fixture) (*organizer, []string) {
	t.Helper()
	o, _ := f.signIn(f.token)
	hamburg := f.tournament("Hamburg Open 2026")
	id := hamburg.Tournament.ID
	base := "/t/" + id
	paths := []string{"/", "/o/kickerclub-hamburg", base, base + "/courts", base + "/tv", base + "/tv/setup", "/t/nothing-here", "/admin/login",
		"/admin", "/admin/t/" + id, "/admin/t/" + id + "/screens", "/admin/new", "/admin/t/" + id + "/entries"}
	for _, d := range hamburg.Tournament.Disciplines {
		for _, s := range d.Stages {
			for _, g := range s.Groups {
				paths = append(paths, base+"/groups/"+g.ID)
				if g.Mode == tournament.Elimination || g.Mode == tournament.DoubleElimination {
					paths = append(paths, base+"/tv/bracket/"+g.ID)
				} else {
					paths = append(paths, base+"/tv/standings/"+g.ID)
				}
			}
		}
	}
	for _, st := range []tournament.MatchState{tournament.MatchRunning, tournament.MatchPlayed, tournament.MatchOpen} {
		m := f.match(hamburg, func(m *tournament.Match) bool { return m.State == st })
		paths = append(paths, base+"/matches/"+m.ID, "/admin/t/"+id+"/matches/"+m.ID)
	}
	paths = append(paths, base+"/entries/"+hamburg.Entries[0].ID)
	for _, show := range []string{"standings", "message"} { // screens the organizer steers
		o.do(http.MethodPost, "/admin/t/"+id+"/screens", url.Values{"new": {"1"}, "name": {"hall-" + show}, "show": {show},
			"group": {hamburg.Tournament.Disciplines[0].Stages[0].Groups[0].ID}, "message": {"Finale an Tisch 1"}, "every": {"15"}},
			"Cookie", "lang=de")
		paths = append(paths, base+"/screens/hall-"+show)
	}
	for _, dt := range f.demo.Tournaments { // the others in every state: a finished one's podium, one not started
		if dt.Tournament.Public && dt.Tournament.ID != id {
			other := "/t/" + dt.Tournament.ID
			paths = append(paths, other, other+"/courts", other+"/tv")
			for _, d := range dt.Tournament.Disciplines {
				for _, st := range d.Stages {
					for _, g := range st.Groups {
						paths = append(paths, other+"/groups/"+g.ID)
					}
				}
			}
		}
	}
	for _, dt := range f.demo.Tournaments {
		if dt.Tournament.OrganizerID == hamburg.Tournament.OrganizerID && dt.Tournament.State == tournament.StatePreRegistration {
			paths = append(paths, "/admin/t/"+dt.Tournament.ID+"/setup", "/admin/t/"+dt.Tournament.ID+"/entries")
		}
	}
	return o, paths
}

// dataNames are the names in the demo data (tournaments, disciplines,
// stages, groups, entries, courts): an organizer's words, shown as typed,
// whatever they happen to mean in English ("Rounds").
func dataNames(f *fixture) map[string]bool {
	names := map[string]bool{}
	for _, dt := range f.demo.Tournaments {
		t := dt.Tournament
		names[t.Name], names[t.Description] = true, true
		for _, c := range t.Courts {
			names[c.Name] = true
		}
		for _, d := range t.Disciplines {
			names[d.Name] = true
			for _, st := range d.Stages {
				names[st.Name] = true
				for _, g := range st.Groups {
					names[g.Name] = true
				}
			}
		}
		for _, e := range dt.Entries {
			names[e.Name] = true
		}
	}
	return names
}

// TestGermanPagesShowNoEnglish renders every page kind, spectators' and the
// console's, in German and fails on a text or attribute a person reads that
// is an English text the site has German for: a string in the table that a
// template or handler shows without T.
func TestGermanPagesShowNoEnglish(t *testing.T) {
	f := newFixture(t)
	o, paths := germanPages(t, f)
	data := dataNames(f)
	for _, p := range paths {
		noEnglish(t, o, p, data)
	}

	// The console's page for following a tournament that runs elsewhere,
	// after following one.
	ff := newFollowFixture(t)
	hamburg := ff.u.tournament("Hamburg Open 2026")
	o, _ = ff.m.signIn(ff.token)
	o.do(http.MethodPost, "/admin/follow", url.Values{"upstream": {ff.uSrv.URL}, "token": {ff.u.token}, "tournament": {hamburg.Tournament.ID}}, "Cookie", "lang=de")
	noEnglish(t, o, "/admin/follow?done=followed", data)
	noEnglish(t, o, "/admin/t/"+hamburg.Tournament.ID, data)
	rec := o.do(http.MethodPost, "/admin/follow/tournaments", url.Values{"upstream": {ff.uSrv.URL + "/v1/public"}, "token": {"cst_wrong"}}, "Cookie", "lang=de")
	if msg := o.doc(rec).Find(`[data-testid="follow-error"]`).Text(); !strings.HasPrefix(msg, "die Turnier-App hat das Token abgelehnt") {
		t.Errorf("the application's refusal of a key: %q", msg)
	}
}

// noEnglish fails the test for each text of the page at path, in German,
// that is English the site has German for.
func noEnglish(t *testing.T, o *organizer, path string, data map[string]bool) {
	t.Helper()
	noEnglishIn(t, o, locale.German, path, data)
}

// noEnglishIn fails the test for each text of the page at path, in
// language l, that is English the site has l for.
func noEnglishIn(t *testing.T, o *organizer, l locale.Lang, path string, data map[string]bool) {
	t.Helper()
	ctx := templates.WithLang(context.Background(), l)
	own := map[string]bool{} // l's texts, some of which are English keys too: French "D" (défaite) is English "D" (draw)
	for _, text := range locale.Of(l).Messages {
		own[text] = true
	}
	rec := o.do(http.MethodGet, path, nil, "Cookie", "lang="+string(l))
	if rec.Code >= 300 && rec.Code != http.StatusNotFound {
		t.Errorf("%s: %d", path, rec.Code)
		return
	}
	doc := o.doc(rec)
	if lang, _ := doc.Find("html").Attr("lang"); lang != string(l) && strings.HasPrefix(rec.Body.String(), "<!doctype") {
		t.Errorf("%s: <html lang=%q>", path, lang)
	}
	for _, s := range shown(doc) {
		for _, part := range strings.Split(s, " · ") { // titles and contexts join texts: "Tabelle · Hamburg Open"
			if !data[part] && !own[part] && templates.T(ctx, part) != part {
				t.Errorf("%s: %q is English (%s: %q)", path, part, l, templates.T(ctx, part))
			}
		}
	}
}

// TestFrenchPagesShowNoEnglish: every page kind German is checked on reads
// French too, with no English text the site has French for.
func TestFrenchPagesShowNoEnglish(t *testing.T) {
	f := newFixture(t)
	o, paths := germanPages(t, f)
	data := dataNames(f)
	for _, p := range paths {
		noEnglishIn(t, o, locale.French, p, data)
	}
}

// TestFrenchIsChosenLikeGerman: Accept-Language fr and ?lang=fr give
// French pages (with French days, numbers and places), the choice is
// remembered, and the switcher on every page offers French.
func TestFrenchIsChosenLikeGerman(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	path := "/t/" + hamburg.Tournament.ID + "/groups/" + f.group(hamburg, tournament.Swiss).ID
	_, en := f.page(path)
	if a := en.Find(`a[hreflang="fr"]`); a.AttrOr("href", "") != path+"?lang=fr" || strings.TrimSpace(a.Text()) != "fr" {
		t.Errorf("the switcher offers %q %q for French", a.AttrOr("href", ""), a.Text())
	}
	for _, header := range []string{"fr", "fr-FR,fr;q=0.9,en;q=0.5", "de;q=0.5, fr-CH;q=0.8"} {
		_, fr := f.page(path, "Accept-Language", header)
		if fr.Find("html").AttrOr("lang", "") != "fr" || !strings.Contains(fr.Text(), "Classement") || strings.Contains(fr.Text(), "Tabelle") {
			t.Errorf("Accept-Language %q did not give French: lang=%q", header, fr.Find("html").AttrOr("lang", ""))
		}
	}
	rec, _ := f.page(path + "?lang=fr")
	cookie := rec.Header().Get("Set-Cookie")
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != path || !strings.Contains(cookie, "lang=fr") {
		t.Fatalf("?lang=fr: %d %s %s", rec.Code, rec.Header().Get("Location"), cookie)
	}
	_, fr := f.page(path, "Cookie", "lang=fr", "Accept-Language", "de")
	if fr.Find("html").AttrOr("lang", "") != "fr" || !strings.Contains(fr.Text(), "Classement") {
		t.Error("the chosen French is not remembered")
	}
	if cur := fr.Find(`[aria-current="true"]`).First().Text(); cur != "fr" {
		t.Errorf("the switcher marks %q as the language", cur)
	}
	// A player's rank reads "1er · …" or "2e · …", not German "2. ·".
	player := hamburg.Tournament.Disciplines[0].EntryIDs[0]
	_, doc := f.page("/t/"+hamburg.Tournament.ID+"/entries/"+player, "Cookie", "lang=fr")
	if r := doc.Find(`[data-testid="rank"]`).Text(); !regexp.MustCompile(`\b(1er|\d+e) · `).MatchString(r) {
		t.Errorf("the French rank reads %q", r)
	}
}

// TestAPIReferenceFrameInGerman: the API reference documents an English
// API, but its title and navigation follow the visitor's language.
func TestAPIReferenceFrameInGerman(t *testing.T) {
	f := newFixture(t)
	_, doc := f.page("/api", "Cookie", "lang=de")
	if title := doc.Find("title").Text(); title != "API-Referenz · Courtside" {
		t.Errorf("title %q", title)
	}
	if _, doc = f.page("/api"); doc.Find("title").Text() != "API reference · Courtside" {
		t.Errorf("English title %q", doc.Find("title").Text())
	}
}

// TestConsoleRefusalsInGerman: what the rules refuse shows next to the
// field in German on a German console, while the API keeps English.
func TestConsoleRefusalsInGerman(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	h := hamburg.Tournament.ID
	single, _ := f.running(hamburg, singleSetTo7)
	o, _ := f.signIn(f.token)

	rec := o.resultForm(h, single.ID, "finish", map[string]string{"0.0.0": "9", "0.0.1": "2"}, "Cookie", "lang=de", "HX-Request", "true")
	msg := o.doc(rec).Find(`[data-testid="set-error"]`).Text()
	if rec.Code != http.StatusUnprocessableEntity || msg != "9:2 geht über 7 Punkte hinaus" {
		t.Errorf("an impossible score: %d %q", rec.Code, msg)
	}

	rec = o.resultForm(h, single.ID, "finish", map[string]string{"0.0.0": "9", "0.0.1": "2"})
	if msg := o.doc(rec).Find(`[data-testid="set-error"]`).Text(); msg != "9:2 goes past 7 points" {
		t.Errorf("in English: %q", msg)
	}

	matchID, free := f.busyMatch(t, h)
	rec = o.do(http.MethodPost, "/admin/t/"+h+"/matches/"+matchID+"/call", url.Values{"court": {free}}, "Cookie", "lang=de", "HX-Request", "true", "HX-Target", "live")
	msg = o.doc(rec).Find(`[data-testid="console-error"]`).Text()
	if rec.Code != http.StatusConflict || !strings.Contains(msg, "spielt gerade an Table") || !strings.Contains(msg, "wenn alle Spieler frei sind") {
		t.Errorf("calling a busy team: %d %q", rec.Code, msg)
	}

	// The API's refusal stays English: its error body is the spec's.
	put := httptest.NewRequest(http.MethodPut, "/v1/public/tournaments/"+h+"/matches/"+single.ID+"/result", strings.NewReader(`{"result":[[[9,2]]]}`))
	put.Header.Set("Authorization", "Bearer "+f.token)
	put.Header.Set("Content-Type", "application/json")
	put.Header.Set("Accept-Language", "de")
	put.AddCookie(&http.Cookie{Name: "lang", Value: "de"})
	res := httptest.NewRecorder()
	f.handler.ServeHTTP(res, put)
	if !strings.Contains(res.Body.String(), "goes past 7 points") {
		t.Errorf("the API in German: %d %s", res.Code, res.Body)
	}
}

// TestGermanStandingsUseADecimalComma: points per match read "1,75" on a
// German page and "1.75" on an English one.
func TestGermanStandingsUseADecimalComma(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	g := f.group(hamburg, tournament.MonsterDYP)
	path := "/t/" + hamburg.Tournament.ID + "/groups/" + g.ID
	for lang, want := range map[string]*regexp.Regexp{"de": regexp.MustCompile(`^\d+,\d\d$`), "en": regexp.MustCompile(`^\d+\.\d\d$`)} {
		_, doc := f.page(path, "Cookie", "lang="+lang)
		col := -1
		doc.Find(`[data-testid="standings"] thead th`).Each(func(i int, th *goquery.Selection) {
			if strings.TrimSpace(th.Text()) == "Ø" {
				col = i - 2 // after # and the name
			}
		})
		cells := doc.Find(`[data-testid="standings"] tbody tr`).First().Find("td")
		if col < 0 || cells.Length() <= col+1 {
			t.Fatalf("%s: no points-per-match column", lang)
		}
		if got := strings.TrimSpace(cells.Eq(col + 1).Text()); !want.MatchString(got) { // +1: the rank cell
			t.Errorf("%s: points per match %q", lang, got)
		}
	}
}

// TestTVsTakeTheOrganizersLanguage: the address a German organizer builds
// for a TV, in the TV setup or as a screen in the console, opens the TV in
// German whatever its browser asks for, and the TV keeps it.
func TestTVsTakeTheOrganizersLanguage(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	base := "/t/" + hamburg.Tournament.ID
	o, _ := f.signIn(f.token)

	_, setup := f.page(base+"/tv/setup", "Cookie", "lang=de")
	if v, _ := setup.Find(`[data-testid="tv-setup"] input[name="lang"]`).Attr("value"); v != "de" {
		t.Errorf("the TV setup's address does not carry the language: %q", v)
	}
	if _, en := f.page(base+"/tv/setup", "Accept-Language", "en"); en.Find(`input[name="lang"]`).Length() != 0 {
		t.Error("an English TV setup names a language")
	}
	rec, bad := f.page(base+"/tv?kiosk=2&per=99", "Cookie", "lang=de")
	if page := bad.Find(`[data-testid="error-page"]`).Text(); rec.Code != http.StatusBadRequest || !strings.Contains(page, "400 Ungültige Anfrage") || !strings.Contains(page, "kiosk muss 1 oder 0 sein") {
		t.Errorf("a TV address that cannot be shown: %d %q", rec.Code, page)
	}

	o.do(http.MethodPost, "/admin/t/"+hamburg.Tournament.ID+"/screens", url.Values{"new": {"1"}, "name": {"hall-1"}, "show": {"courts"}, "every": {"15"}}, "Cookie", "lang=de")
	rec = o.do(http.MethodGet, "/admin/t/"+hamburg.Tournament.ID+"/screens", nil, "Cookie", "lang=de")
	link := o.doc(rec).Find(`[data-screen="hall-1"] [data-testid="screen-link"]`).AttrOr("href", "")
	if !strings.HasSuffix(link, "/screens/hall-1?lang=de") {
		t.Fatalf("the screen's address: %d %q", rec.Code, link)
	}
	tv := httptest.NewRequest(http.MethodGet, link, nil)
	tv.Header.Set("Accept-Language", "en-GB,en;q=0.9")
	res := httptest.NewRecorder()
	f.handler.ServeHTTP(res, tv)
	// The screen keeps its language in its address, with no cookie that
	// would carry it to the browser's other tabs.
	if cookie := res.Header().Get("Set-Cookie"); res.Code != http.StatusOK || cookie != "" {
		t.Fatalf("the TV opening the address: %d %q", res.Code, cookie)
	}
	doc, err := goquery.NewDocumentFromReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	if lang, _ := doc.Find("html").Attr("lang"); lang != "de" || !strings.Contains(doc.Text(), "Tische") {
		t.Errorf("the TV speaks %q", lang)
	}
}

// TestGermanSetupForm: a German organizer's form speaks German about what
// it refuses, and courts given as a count are named "Tisch 1", "Tisch 2", …
// and read back as the count.
func TestGermanSetupForm(t *testing.T) {
	f := newFixture(t)
	o, _ := f.signIn(f.token)
	form := twoDisciplines()
	form.Set("courts", "3")
	form.Set("d0.s0.rounds", "")
	rec := o.do(http.MethodPost, "/admin/new", form, "Cookie", "lang=de")
	if msg := o.doc(rec).Find(`#d0\.s0\.rounds-error`).Text(); rec.Code != http.StatusUnprocessableEntity || msg != "wie viele Runden geplant sind, muss für Schweizer System angegeben werden" {
		t.Errorf("a missing number of rounds: %d %q", rec.Code, msg)
	}
	form.Set("d0.s0.rounds", "3")
	rec = o.do(http.MethodPost, "/admin/new", form, "Cookie", "lang=de")
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("create: %d", rec.Code)
	}
	setup := rec.Header().Get("Location")
	id := strings.TrimSuffix(strings.TrimPrefix(setup, "/admin/t/"), "/setup?done=created")
	snap, err := f.store.Snapshot(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range snap.Tournament.Courts {
		names = append(names, c.Name)
	}
	if strings.Join(names, ", ") != "Tisch 1, Tisch 2, Tisch 3" {
		t.Errorf("courts: %v", names)
	}
	doc := o.doc(o.do(http.MethodGet, setup, nil, "Cookie", "lang=de"))
	if v := doc.Find(`[name="courts"]`).Text() + doc.Find(`input[name="courts"]`).AttrOr("value", ""); v != "3" {
		t.Errorf("the courts read back as %q", v)
	}
}

// TestEachSportInItsOwnWordsBeyondTheTables: a German pétanque board is a
// "Bahnübersicht" of "Bahnen", a French table soccer one a "Vue des tables"
// and a French pétanque one a "Vue des terrains"; a darts match's sets
// are legs; table soccer keeps "Tisch" and its sets.
func TestEachSportInItsOwnWordsBeyondTheTables(t *testing.T) {
	f := newFixture(t)
	lyon := f.tournament("Lyon Pétanque Masters")
	hamburg := f.tournament("Hamburg Open 2026")
	for _, c := range []struct{ path, lang, title, not string }{
		{"/t/" + lyon.Tournament.ID + "/courts", "de", "Bahnübersicht", "Tisch"},
		{"/t/" + hamburg.Tournament.ID + "/courts", "de", "Tischübersicht", "Bahn"},
		{"/t/" + hamburg.Tournament.ID + "/courts", "fr", "Vue des tables", "Terrain"},
		{"/t/" + lyon.Tournament.ID + "/courts", "fr", "Vue des terrains", "Table "},
		{"/t/" + lyon.Tournament.ID, "de", "Bahnübersicht", "Tisch"},
	} {
		_, doc := f.page(c.path, "Cookie", "lang="+c.lang)
		if title := doc.Find("title").Text(); !strings.Contains(title, c.title) && !strings.Contains(doc.Find("main").Text(), c.title) {
			t.Errorf("%s in %s: %q nowhere (title %q)", c.path, c.lang, c.title, title)
		}
		if strings.Contains(doc.Text(), c.not) {
			t.Errorf("%s in %s: says %q", c.path, c.lang, c.not)
		}
	}
	darts := f.tournament("Bristol Darts Classic")
	m := f.match(darts, func(m *tournament.Match) bool {
		return m.State == tournament.MatchPlayed && len(m.Encounters) > 0 && len(m.Encounters[0]) > 0
	})
	_, doc := f.page("/t/"+darts.Tournament.ID+"/matches/"+m.ID, "Cookie", "lang=fr")
	if title := doc.Find(`[data-testid="sets"] td`).First().AttrOr("title", ""); title != "Leg 1" {
		t.Errorf("a darts match's first leg is titled %q", title)
	}
	m = f.match(hamburg, func(m *tournament.Match) bool {
		return m.State == tournament.MatchPlayed && len(m.Encounters) > 0 && len(m.Encounters[0]) > 0
	})
	_, doc = f.page("/t/"+hamburg.Tournament.ID+"/matches/"+m.ID, "Cookie", "lang=fr")
	if title := doc.Find(`[data-testid="sets"] td`).First().AttrOr("title", ""); title != "Manche 1" {
		t.Errorf("a table soccer match's first set is titled %q", title)
	}
}

// TestFrenchSetsOffItsColons: French puts a no-break space before a
// label's colon ("Libre :" on a TV), English and German do not.
func TestFrenchSetsOffItsColons(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	for lang, want := range map[string]string{"fr": "Libre\u00a0:", "en": "Free:", "de": "Frei:"} {
		_, doc := f.page("/t/"+hamburg.Tournament.ID+"/tv", "Cookie", "lang="+lang)
		if text := doc.Text(); !strings.Contains(text, want) {
			t.Errorf("%s: the TV does not say %q", lang, want)
		}
	}
}
