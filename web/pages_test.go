package web

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"courtside/cache/cachetest"
	"courtside/tournament"
)

// page GETs a site page and parses it.
func (f *fixture) page(path string, header ...string) (*httptest.ResponseRecorder, *goquery.Document) {
	f.t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	f.handler.ServeHTTP(rec, req)
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(rec.Body.String()))
	if err != nil {
		f.t.Fatal(err)
	}
	return rec, doc
}

func TestEveryPageOfEveryPublicTournamentRenders(t *testing.T) {
	cachetest.Parallel(t)
	f := newFixture(t)
	paths := []string{"/", "/o/kickerclub-hamburg", "/o/boule-lyonnaise", "/o/bullseye-bristol"}
	for _, dt := range f.demo.Tournaments {
		if !dt.Tournament.Public {
			continue
		}
		base := "/t/" + dt.Tournament.ID
		paths = append(paths, base)
		for _, d := range dt.Tournament.Disciplines {
			for _, s := range d.Stages {
				for _, g := range s.Groups {
					paths = append(paths, base+"/groups/"+g.ID)
				}
			}
		}
		for i, e := range dt.Entries {
			if i%7 == 0 {
				paths = append(paths, base+"/entries/"+e.ID)
			}
		}
		for i, m := range dt.Matches {
			if i%5 == 0 {
				paths = append(paths, base+"/matches/"+m.ID)
			}
		}
	}
	for _, p := range paths {
		rec, doc := f.page(p)
		if rec.Code != 200 {
			t.Errorf("%s: %d", p, rec.Code)
			continue
		}
		if doc.Find("h1").Length() == 0 || !strings.HasSuffix(doc.Find("title").Text(), "· Courtside") || doc.Find(`meta[property="og:title"]`).Length() != 1 {
			t.Errorf("%s: no heading, title or OpenGraph title", p)
		}
	}
}

func TestStandingsColumnsFollowTheMode(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	lyon := f.tournament("Lyon Pétanque Masters")
	league := hamburg.Tournament.Disciplines[4].Stages[0].Groups[0]
	cases := []struct {
		dt         tournament.DemoTournament
		g          *tournament.Group
		has, lacks []string
	}{
		// one set to 7: its sets are its wins and losses, so no Sets column
		{hamburg, f.group(hamburg, tournament.Swiss), []string{"Pts", "BH1", "BH2", "SB", "Goals"}, []string{"Lives", "Ø*", "Encounters", "Sets"}},
		{hamburg, f.group(hamburg, tournament.MonsterDYP), []string{"Pts", "Ø", "Ø*"}, []string{"BH1", "Lives"}},
		// a pétanque game cannot end level: no draws column
		{lyon, f.group(lyon, tournament.LastOneStanding), []string{"Lives", "Pts"}, []string{"BH1", "Ø*", "D"}},
		{hamburg, &league, []string{"Encounters", "Pts", "D"}, []string{"BH1", "Lives"}},
		{lyon, f.group(lyon, tournament.LordHaveMercy), []string{"W", "L"}, []string{"Pts", "D", "Lives"}},
	}
	for _, c := range cases {
		t.Run(string(c.g.Mode), func(t *testing.T) {
			_, doc := f.page("/t/" + c.dt.Tournament.ID + "/groups/" + c.g.ID)
			labels := map[string]bool{}
			doc.Find(`[data-testid="standings"] thead abbr`).Each(func(_ int, s *goquery.Selection) { labels[s.Text()] = true })
			for _, want := range c.has {
				if !labels[want] {
					t.Errorf("no %s column in %v", want, labels)
				}
			}
			for _, not := range c.lacks {
				if labels[not] {
					t.Errorf("a %s column for %s", not, c.g.Mode)
				}
			}
			rows := doc.Find(`[data-testid="standings"] tbody tr`)
			if rows.Length() != len(c.g.EntryIDs) {
				t.Errorf("%d rows for %d entries", rows.Length(), len(c.g.EntryIDs))
			}
			if c.g.Mode == tournament.MonsterDYP && doc.Find(`[data-testid="standings"] tbody th span[title]`).Length() == 0 {
				t.Log("no corrected value in this table") // only players with fewer matches get the mark
			}
		})
	}
}

func TestDoubleEliminationBracket(t *testing.T) {
	f := newFixture(t)
	autumn := f.tournament("Autumn Cup 2026")
	g := f.group(autumn, tournament.DoubleElimination)
	_, doc := f.page("/t/" + autumn.Tournament.ID + "/groups/" + g.ID)
	sections := doc.Find(`[data-testid="bracket-section"]`)
	if sections.Length() != 3 {
		t.Fatalf("%d sections, want winners, losers and finals", sections.Length())
	}
	counts := func(s *goquery.Selection) []int {
		var n []int
		s.Find(`[data-testid="bracket-round"]`).Each(func(_ int, r *goquery.Selection) {
			n = append(n, r.Find(`[data-testid="bracket-match"]`).Length())
		})
		return n
	}
	if got := fmt.Sprint(counts(sections.Eq(0))); got != "[4 2 1]" {
		t.Errorf("winners bracket rounds %s, want [4 2 1]", got)
	}
	if got := fmt.Sprint(counts(sections.Eq(1))); got != "[2 2 1 1]" {
		t.Errorf("losers bracket rounds %s, want [2 2 1 1]", got)
	}
	reset := findByBracket(autumn.Matches, tournament.BracketReset)
	wantFinals := "[1]"
	if reset.State == tournament.MatchPlayed {
		wantFinals = "[1 1]"
	}
	if got := fmt.Sprint(counts(sections.Eq(2))); got != wantFinals {
		t.Errorf("finals %s, want %s (the reset only when played: it is %s)", got, wantFinals, reset.State)
	}
	// Connectors: every match but those of a section's last round feeds on.
	if n := sections.Eq(0).Find(".bracket-feeds").Length(); n != 6 {
		t.Errorf("%d winners-bracket matches draw a connector, want 6", n)
	}
	if n := sections.Eq(0).Find(".bracket-pair").Length(); n != 3 {
		t.Errorf("%d joined pairs in the winners bracket, want 3", n)
	}
	// Every match links to its page; every entry's slots carry its id for the path highlight.
	doc.Find(`[data-testid="bracket-match"]`).Each(func(_ int, s *goquery.Selection) {
		if href, _ := s.Attr("href"); !strings.HasPrefix(href, "/t/"+autumn.Tournament.ID+"/matches/") {
			t.Errorf("bracket match links to %q", href)
		}
	})
	for _, id := range g.EntryIDs {
		if doc.Find(`[data-entry="`+id+`"]`).Length() < 2 {
			t.Errorf("entry %s appears in fewer than two slots", id)
		}
	}
}

func findByBracket(ms []*tournament.Match, part string) *tournament.Match {
	for _, m := range ms {
		if m.Bracket == part {
			return m
		}
	}
	return nil
}

func TestBracketShowsWhatFillsEmptySlots(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	ko := &hamburg.Tournament.Disciplines[5].Stages[0].Groups[0] // the women's knock-out of 16, about to begin
	_, doc := f.page("/t/" + hamburg.Tournament.ID + "/groups/" + ko.ID)
	text := doc.Find(`[data-testid="bracket"]`).Text()
	// Matches are numbered round by round: the round of 16 is 1–8, the quarter-finals 9–12, the semi-finals 13 and 14.
	for _, want := range []string{"Winner of match 1", "Winner of match 13", "Loser of match 14"} {
		if !strings.Contains(text, want) {
			t.Errorf("the bracket does not say %q", want)
		}
	}
	var shorts []string
	doc.Find(`[data-testid="placeholder"] [aria-hidden="true"]`).Each(func(_ int, s *goquery.Selection) { shorts = append(shorts, s.Text()) })
	for _, want := range []string{"W1", "W13", "L14"} {
		if !slices.Contains(shorts, want) {
			t.Errorf("the bracket's short placeholders %v lack %q", shorts, want)
		}
	}
	if doc.Find(`[data-testid="bracket-section"]`).Length() != 2 {
		t.Errorf("want the tree and the match for third place")
	}
}

func TestPrivateTournamentsNeverShow(t *testing.T) {
	f := newFixture(t)
	training := f.tournament("Club Training Night")
	var pages []string
	pages = append(pages, "/", "/o/kickerclub-hamburg", "/?q=kicker")
	for _, dt := range f.demo.Tournaments {
		if dt.Tournament.Public {
			pages = append(pages, "/t/"+dt.Tournament.ID)
		}
	}
	for _, p := range pages {
		rec, _ := f.page(p)
		if strings.Contains(rec.Body.String(), training.Tournament.Name) || strings.Contains(rec.Body.String(), training.Tournament.ID) {
			t.Errorf("%s shows the private tournament", p)
		}
	}
	base := "/t/" + training.Tournament.ID
	for _, p := range []string{base, base + "/groups/" + training.Tournament.Disciplines[0].Stages[0].Groups[0].ID,
		base + "/entries/" + training.Entries[0].ID, base + "/matches/" + training.Matches[0].ID} {
		rec, doc := f.page(p)
		if rec.Code != 404 || strings.Contains(rec.Body.String(), training.Tournament.Name) || doc.Find(`[data-testid="error-page"]`).Length() != 1 {
			t.Errorf("%s: %d", p, rec.Code)
		}
	}
}

func TestNamesAreEscaped(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	evil := `<script>alert("x")</script>`
	tr := *hamburg.Tournament
	tr.Name, tr.Description = evil, evil
	entries := append([]*tournament.Entry{}, hamburg.Entries...)
	first := *entries[0]
	first.Name = evil
	entries[0] = &first
	if err := f.store.PutTournament(context.Background(), &tr, hamburg.Matches, entries); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/", "/t/" + tr.ID, "/t/" + tr.ID + "/entries/" + first.ID, "/t/" + tr.ID + "/groups/" + f.group(hamburg, tournament.Swiss).ID} {
		rec, doc := f.page(p)
		if strings.Contains(rec.Body.String(), evil) {
			t.Errorf("%s carries the name unescaped", p)
		}
		if !strings.Contains(doc.Text(), evil) && p != "/t/"+tr.ID+"/groups/"+f.group(hamburg, tournament.Swiss).ID {
			t.Errorf("%s does not show the name as text", p)
		}
	}
}

func TestLivePartPollsWith304(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	path := "/t/" + hamburg.Tournament.ID
	_, doc := f.page(path)
	live := doc.Find(`#live`)
	headers, _ := live.Attr("hx-headers")
	if get, _ := live.Attr("hx-get"); get != path || !strings.Contains(headers, "If-None-Match") {
		t.Fatalf("live part polls %q with %q", get, headers)
	}
	var sent struct{ Tag string }
	if _, err := fmt.Sscanf(strings.TrimPrefix(headers, `{"If-None-Match": `), "%q", &sent.Tag); err != nil {
		t.Fatalf("live part's headers %q: %v", headers, err)
	}
	poll := func(tag string) *httptest.ResponseRecorder {
		rec, _ := f.page(path, "HX-Request", "true", "HX-Target", "live", "If-None-Match", tag)
		return rec
	}
	rec := poll(sent.Tag)
	if rec.Code != http.StatusNotModified || rec.Body.Len() != 0 {
		t.Fatalf("unchanged poll: %d, %d bytes", rec.Code, rec.Body.Len())
	}
	m, _ := f.running(hamburg, singleSetTo7)
	f.put("/v1/public/tournaments/"+hamburg.Tournament.ID+"/matches/"+m.ID+"/live-result", f.token, `{"result":[[[6,6]]]}`)
	rec = poll(sent.Tag)
	if rec.Code != 200 || !isFragment(rec.Body.String(), "live") {
		t.Fatalf("changed poll: %d %.80s", rec.Code, rec.Body)
	}
	if !strings.Contains(rec.Body.String(), "6") || rec.Header().Get("ETag") == sent.Tag || !strings.Contains(rec.Header().Get("Vary"), "HX-Request") {
		t.Errorf("changed poll: ETag %s, Vary %s", rec.Header().Get("ETag"), rec.Header().Get("Vary"))
	}
	// A finished tournament's pages do not poll.
	autumn := f.tournament("Autumn Cup 2026")
	_, doc = f.page("/t/" + autumn.Tournament.ID)
	if _, polls := doc.Find("#live").Attr("hx-get"); polls {
		t.Error("a finished tournament polls")
	}
}

func TestLanguage(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	path := "/t/" + hamburg.Tournament.ID + "/groups/" + f.group(hamburg, tournament.Swiss).ID
	_, en := f.page(path)
	_, de := f.page(path, "Accept-Language", "es;q=0.9, de-DE;q=0.8, en;q=0.5")
	if en.Find("html").AttrOr("lang", "") != "en" || !strings.Contains(en.Text(), "Standings") {
		t.Error("English is not the default")
	}
	if de.Find("html").AttrOr("lang", "") != "de" || !strings.Contains(de.Text(), "Tabelle") {
		t.Error("Accept-Language de did not give German")
	}
	rec, _ := f.page(path + "?lang=de")
	cookie := rec.Header().Get("Set-Cookie")
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != path || !strings.Contains(cookie, "lang=de") {
		t.Fatalf("?lang=de: %d %s %s", rec.Code, rec.Header().Get("Location"), cookie)
	}
	_, remembered := f.page(path, "Cookie", "lang=de", "Accept-Language", "en")
	if !strings.Contains(remembered.Text(), "Tabelle") {
		t.Error("the chosen language is not remembered")
	}
}

func TestHomeAndOrganizerSearch(t *testing.T) {
	f := newFixture(t)
	_, home := f.page("/")
	running := home.Find(`[data-testid="tournament-card"]`)
	if running.Length() != 3 { // Hamburg Open, Club Night 4 and Lyon; the training night is private
		t.Errorf("%d running tournaments on the home page", running.Length())
	}
	if home.Find(`[data-testid="organizer-list"] li`).Length() != 3 {
		t.Error("the home page does not list the organizers")
	}
	_, found := f.page("/?q=boule")
	if n := found.Find(`[data-testid="organizer-list"] li`).Length(); n != 1 || !strings.Contains(found.Find(`[data-testid="organizer-list"]`).Text(), "Boule Lyonnaise") {
		t.Errorf("search for boule: %d results", n)
	}
	rec, _ := f.page("/?q=darts", "HX-Request", "true", "HX-Target", "organizer-list")
	if body := strings.TrimSpace(rec.Body.String()); !strings.HasPrefix(body, `<ul id="organizer-list"`) || !strings.Contains(body, "Bullseye") {
		t.Errorf("live search answered %.100s", body)
	}
}

func TestOrganizerPagesThrough(t *testing.T) {
	f := newFixture(t)
	kicker := f.org("kickerclub-hamburg")
	base := f.tournament("Hamburg Open 2026")
	for i := range 25 {
		tr := *base.Tournament
		tr.ID, tr.Name = fmt.Sprintf("extra-%02d", i), fmt.Sprintf("Friday Cup %02d", i)
		tr.StartTime = tournament.At(base.Tournament.StartTime.AddDate(-1, 0, -i))
		tr.OrganizerID = kicker.ID
		tr.State = tournament.StateFinished // a year ago
		if err := f.store.PutTournament(context.Background(), &tr, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	_, p1 := f.page("/o/kickerclub-hamburg")
	_, p2 := f.page("/o/kickerclub-hamburg?page=2")
	n1, n2 := p1.Find(`[data-testid="tournament-card"]`).Length(), p2.Find(`[data-testid="tournament-card"]`).Length()
	shared := 25 + 9 // and the demo's nine shared Kickerclub tournaments (not the training night)
	if n1 != 20 || n2 != shared-20 {
		t.Errorf("page 1 has %d, page 2 has %d, of %d", n1, n2, shared)
	}
	if _, ok := p1.Find(`a[rel="next"]`).Attr("href"); !ok {
		t.Error("no link to older tournaments")
	}
	if href, _ := p2.Find(`a[rel="prev"]`).Attr("href"); href != "/o/kickerclub-hamburg?page=1" {
		t.Errorf("newer link %q", href)
	}
	// What runs now comes first, then the most recent.
	cards := p1.Find(`[data-testid="tournament-card"]`)
	running := cards.FilterFunction(func(_ int, c *goquery.Selection) bool { return strings.Contains(c.Text(), "running") }).Length()
	if first := cards.Eq(running).Text(); running == 0 || !strings.Contains(first, "Spring League 2027") {
		t.Errorf("after %d running, the first is %s", running, first)
	}
}

func TestUnknownPartsAre404(t *testing.T) {
	f := newFixture(t)
	h := "/t/" + f.tournament("Hamburg Open 2026").Tournament.ID
	for _, p := range []string{"/o/nobody", "/t/tio:none", h + "/groups/x", h + "/entries/x", h + "/matches/x"} {
		if rec, _ := f.page(p); rec.Code != 404 {
			t.Errorf("%s: %d", p, rec.Code)
		}
	}
}

func TestTournamentPageHasItsQRCodeAndLinks(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	_, doc := f.page("/t/" + hamburg.Tournament.ID)
	if doc.Find(`svg[data-testid="qr"] path`).AttrOr("d", "") == "" {
		t.Error("no QR code")
	}
	groups := 0
	for _, d := range hamburg.Tournament.Disciplines {
		for _, s := range d.Stages {
			groups += len(s.Groups)
		}
	}
	if n := doc.Find(`[data-testid="group-link"]`).Length(); n != groups {
		t.Errorf("%d group links, want %d", n, groups)
	}
	if n := doc.Find(`#live [data-testid="match"]`).Length(); n != 8 {
		t.Errorf("%d matches live now, want the 8 running", n)
	}
	if doc.Find(`meta[property="og:url"]`).AttrOr("content", "") != DefaultBaseURL+"/t/"+hamburg.Tournament.ID {
		t.Errorf("og:url %q", doc.Find(`meta[property="og:url"]`).AttrOr("content", ""))
	}
}
