package web

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"courtside/handlers/site"
	"courtside/tournament"
)

// TestTVBeforeTheStart: before the first match a TV says when play starts
// and, with a check-in, how many are here and who is missing.
func TestTVBeforeTheStart(t *testing.T) {
	f := newFixture(t)
	owls := f.tournament("Night Owls Open")
	rec, doc := f.page("/t/" + owls.Tournament.ID + "/tv")
	if rec.Code != 200 {
		t.Fatalf("status %d", rec.Code)
	}
	if doc.Find(`[data-testid="start-time"] time`).Length() != 1 {
		t.Error("no start time on the TV before the start")
	}
	tally := strings.Join(strings.Fields(doc.Find(`[data-testid="check-in"]`).Text()), " ")
	if !strings.Contains(tally, "5 of 8 here") || !strings.Contains(tally, "Missing:") {
		t.Errorf("check-in tally %q, want 5 of 8 here and who is missing", tally)
	}
	d := owls.Tournament.Disciplines[0]
	for _, id := range d.EntryIDs[5:] {
		if name := entryName(owls, id); !strings.Contains(tally, name) {
			t.Errorf("%s has not checked in, but the TV does not name them: %q", name, tally)
		}
	}
	if doc.Find(`[data-testid="court"]`).Length() != 0 {
		t.Error("the TV shows court tiles before the start")
	}
	_, de := f.page("/t/"+owls.Tournament.ID+"/tv", "Cookie", "lang=de")
	if got := de.Find(`[data-testid="check-in"]`).Text(); !strings.Contains(got, "5 von 8 da") {
		t.Errorf("German tally %q", got)
	}
}

func entryName(dt tournament.DemoTournament, id string) string {
	for _, e := range dt.Entries {
		if e.ID == id {
			return e.Name
		}
	}
	return id
}

// TestTVTiles: a TV gives free courts one line, asks the players of a match
// called without a score yet to its court after a few minutes, and gives
// the court its address features more room.
func TestTVTiles(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	_, doc := f.page("/t/" + hamburg.Tournament.ID + "/tv?featured=4")
	busy := map[string]*tournament.Match{}
	for _, m := range hamburg.Matches {
		if m.State == tournament.MatchRunning {
			for _, c := range m.CourtIDs {
				busy[c] = m
			}
		}
	}
	tiles := doc.Find(`#board [data-testid="court"]`)
	if tiles.Length() != len(busy) {
		t.Errorf("%d tiles, want one for each of the %d busy courts", tiles.Length(), len(busy))
	}
	free := doc.Find(`[data-testid="free-courts"]`).Text()
	for _, c := range hamburg.Tournament.Courts {
		if busy[c.ID] == nil && !strings.Contains(free, c.Name) {
			t.Errorf("%s is free but not on the free line %q", c.Name, free)
		}
	}
	if got := doc.Find(`[data-court="4"][data-featured]`).Length(); got != 1 {
		t.Errorf("court 4 featured %d times", got)
	}
	reminded := 0
	for _, c := range hamburg.Tournament.Courts {
		m := busy[c.ID]
		if m == nil {
			continue
		}
		tile := doc.Find(`[data-court="` + itoa(c.Number) + `"]`)
		at, ok := tile.Find(`[data-remind-at]`).Attr("data-remind-at")
		if m.HasResult() {
			if ok {
				t.Errorf("%s has a score, and yet asks its players over", c.Name)
			}
			continue
		}
		reminded++
		if want := m.StartTime.Add(site.CallReminderAfter).UTC().Format(time.RFC3339); at != want {
			t.Errorf("%s: reminds at %q, want %q", c.Name, at, want)
		}
		if text := tile.Find(`[data-testid="court-remind"]`).Text(); text != "Please come to "+c.Name {
			t.Errorf("%s: reminder %q", c.Name, text)
		}
	}
	if reminded == 0 {
		t.Error("no called match without a score on the demo's TV")
	}
	if rec, _ := f.page("/t/" + hamburg.Tournament.ID + "/tv?featured=99"); rec.Code != 400 {
		t.Errorf("featured=99: status %d, want 400", rec.Code)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestFinishedTournamentLeadsWithItsWinners: a finished tournament's page
// says who won first, before the disciplines, and not that nothing is being
// played; on a phone the QR code comes after the disciplines.
func TestFinishedTournamentLeadsWithItsWinners(t *testing.T) {
	f := newFixture(t)
	autumn := f.tournament("Autumn Cup 2026")
	_, doc := f.page("/t/" + autumn.Tournament.ID)
	winners := doc.Find(`[data-testid="winners"]`)
	if winners.Length() != 1 || winners.Find(`[data-testid="podium-place"], [data-testid="final-podium"]`).Length() < 3 {
		t.Fatalf("no podium on the finished tournament's page: %q", winners.Text())
	}
	html, _ := doc.Html()
	if w, d := strings.Index(html, `data-testid="winners"`), strings.Index(html, `id="disciplines"`); w < 0 || d < w {
		t.Error("the winners do not come before the disciplines")
	}
	if strings.Contains(doc.Text(), "Nothing is being played") {
		t.Error("a finished tournament says nothing is being played")
	}
	if q, d := strings.Index(html, `data-testid="qr-phone"`), strings.Index(html, `id="disciplines"`); q < d {
		t.Error("on a phone the QR code comes before the disciplines")
	}
}

// TestFindAPlayer searches a tournament's page for a player, with a plain
// form that needs no JavaScript: players in teams are found too, a long
// query is refused, and nobody found says so.
func TestFindAPlayer(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	var team *tournament.Entry
	for _, e := range hamburg.Entries {
		if len(e.Entries) == 2 && e.Entries[0] != nil && e.Entries[0].Name != e.Name {
			team = e
			break
		}
	}
	if team == nil {
		t.Fatal("no team in the demo")
	}
	player := team.Entries[0].Name
	_, doc := f.page("/t/" + hamburg.Tournament.ID + "?q=" + strings.ReplaceAll(strings.ToLower(player), " ", "+"))
	if doc.Find(`form[data-testid="find-player"] input[name="q"]`).AttrOr("value", "") != strings.ToLower(player) {
		t.Error("the search form does not keep what was searched")
	}
	found := doc.Find(`[data-testid="found"] a`)
	names := found.Map(func(_ int, s *goquery.Selection) string { return s.Text() })
	if !slices.Contains(names, player) {
		t.Errorf("searching %q found %q", player, names)
	}
	if found.First().AttrOr("href", "") == "" {
		t.Error("a found player has no link")
	}
	_, doc = f.page("/t/" + hamburg.Tournament.ID + "?q=zzzz")
	if !strings.Contains(doc.Find(`[data-testid="found"]`).Text(), "Nobody here is called") {
		t.Error("a search that finds nobody does not say so")
	}
	if rec, _ := f.page("/t/" + hamburg.Tournament.ID + "?q=" + strings.Repeat("a", 61)); rec.Code != 400 {
		t.Errorf("a 61-letter search: %d, want 400", rec.Code)
	}
}

// TestEmbedsMayBeFramed: a club may frame a public tournament's live courts
// and a group's table from its own website; every other page still refuses
// to be framed, and a private tournament has no embed.
func TestEmbedsMayBeFramed(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	group := hamburg.Tournament.Disciplines[1].Stages[0].Groups[0]
	for _, path := range []string{"/embed/t/" + hamburg.Tournament.ID + "/courts", "/embed/t/" + hamburg.Tournament.ID + "/groups/" + group.ID} {
		rec, doc := f.page(path)
		if rec.Code != 200 {
			t.Fatalf("%s: %d", path, rec.Code)
		}
		if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors *") || rec.Header().Get("X-Frame-Options") != "" {
			t.Errorf("%s may not be framed: CSP %q, X-Frame-Options %q", path, csp, rec.Header().Get("X-Frame-Options"))
		}
		if doc.Find(`body[data-testid="embed"]`).Length() != 1 || doc.Find(`header nav`).Length() != 0 || doc.Find(`base[target="_blank"]`).Length() != 1 {
			t.Errorf("%s is not an embed", path)
		}
	}
	if _, doc := f.page("/embed/t/" + hamburg.Tournament.ID + "/groups/" + group.ID); doc.Find(`[data-testid="standings"]`).Length() != 1 {
		t.Error("the group's embed has no table")
	}
	for _, path := range []string{"/t/" + hamburg.Tournament.ID, "/t/" + hamburg.Tournament.ID + "/courts", "/t/" + hamburg.Tournament.ID + "/tv"} {
		rec, _ := f.page(path)
		if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") || rec.Header().Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s may be framed: CSP %q, X-Frame-Options %q", path, csp, rec.Header().Get("X-Frame-Options"))
		}
	}
	private := f.tournament("Club Training Night")
	if rec, _ := f.page("/embed/t/" + private.Tournament.ID + "/courts"); rec.Code != 404 {
		t.Errorf("a private tournament's embed: %d, want 404", rec.Code)
	}
}

// TestTablesMarkTheQualificationLine: where a stage's table sends its first
// places on to the next stage, a line stands below the last of them, and
// the legend says how many go on, and to what.
func TestTablesMarkTheQualificationLine(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	cases := []struct {
		group   tournament.Group
		above   int
		nextHas string
	}{
		{hamburg.Tournament.Disciplines[0].Stages[0].Groups[0], 8, "Elimination"}, // a Swiss that sends 8 on
		{hamburg.Tournament.Disciplines[1].Stages[0].Groups[1], 4, "Knock-out"},   // two pools that send 8 on: 4 each
	}
	for _, c := range cases {
		_, doc := f.page("/t/" + hamburg.Tournament.ID + "/groups/" + c.group.ID)
		rows := doc.Find(`[data-testid="standings"] tbody tr`)
		line := -1
		rows.Each(func(i int, s *goquery.Selection) {
			if s.AttrOr("data-testid", "") == "qualify-line" {
				line = i
			}
		})
		if line != c.above-1 {
			t.Errorf("%s: the line is below row %d, want below row %d", c.group.Name, line+1, c.above)
		}
		if legend := doc.Find(`[data-testid="qualify-legend"]`).Text(); !strings.Contains(legend, fmt.Sprintf("The first %d go on to %s", c.above, c.nextHas)) {
			t.Errorf("%s: the legend reads %q", c.group.Name, legend)
		}
	}
	// A tree's last stage sends nobody on: no line.
	last := hamburg.Tournament.Disciplines[5].Stages[0].Groups[0]
	if _, doc := f.page("/t/" + hamburg.Tournament.ID + "/groups/" + last.ID); doc.Find(`[data-testid="qualify-line"]`).Length() != 0 {
		t.Error("a stage that sends nobody on draws a line")
	}
}

// TestRoundRobinOffersItsCrossTable: a pool's page shows each against each,
// in the order of its table, every played match in both its rows.
func TestRoundRobinOffersItsCrossTable(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	pool := hamburg.Tournament.Disciplines[1].Stages[0].Groups[0]
	_, doc := f.page("/t/" + hamburg.Tournament.ID + "/groups/" + pool.ID)
	cross := doc.Find(`[data-testid="cross-table"] tbody tr`)
	if cross.Length() != len(pool.EntryIDs) {
		t.Fatalf("%d rows in the cross table, want %d", cross.Length(), len(pool.EntryIDs))
	}
	var names []string
	doc.Find(`[data-testid="standings"] [data-testid="standing-name"]`).Each(func(_ int, s *goquery.Selection) { names = append(names, strings.TrimSpace(s.Text())) })
	cell := func(i, j int) string { return strings.TrimSpace(cross.Eq(i).Find("td").Eq(j).Text()) }
	played := 0
	for i := range cross.Length() {
		if !strings.Contains(cross.Eq(i).Find("th").Text(), names[i]) {
			t.Errorf("row %d is %q, want %q as in the table", i+1, cross.Eq(i).Find("th").Text(), names[i])
		}
		for j := range cross.Length() {
			a, b := cell(i, j), cell(j, i)
			if i == j || a == "–" {
				continue
			}
			played++
			var x, y int
			if _, err := fmt.Sscanf(a, "%d:%d", &x, &y); err != nil || !strings.HasPrefix(b, fmt.Sprintf("%d:%d", y, x)) {
				t.Errorf("row %d against %d reads %q, the other way %q", i+1, j+1, a, b)
			}
		}
	}
	if played == 0 {
		t.Error("no played match in the cross table")
	}
	swiss := hamburg.Tournament.Disciplines[0].Stages[0].Groups[0]
	if _, doc := f.page("/t/" + hamburg.Tournament.ID + "/groups/" + swiss.ID); doc.Find(`[data-testid="cross-table"]`).Length() != 0 {
		t.Error("a Swiss has a cross table")
	}
}
