package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"courtside/tournament"
)

// closedScene is the Hamburg Open with two of its tables closed from the
// console: one without a match, and one whose match plays on.
type closedScene struct {
	f          *fixture
	desk       *organizer
	id         string
	idle, busy tournament.Court
	free       []string // the tables that stay free, by name
	match      *tournament.Match
	codes      map[string]string
}

func newClosedScene(t *testing.T) *closedScene {
	t.Helper()
	f := newFixture(t)
	s := &closedScene{f: f, id: f.tournament("Hamburg Open 2026").Tournament.ID}
	desk, _ := f.signIn(f.token)
	s.desk = desk
	// The demo leaves one table free; a table more makes two, one to close
	// and one that stays free.
	if rec := desk.do(http.MethodPost, "/admin/t/"+s.id+"/courts", url.Values{"name": {"Table 11"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("adding Table 11: %d %s", rec.Code, rec.Body)
	}
	snap, err := f.store.Snapshot(context.Background(), s.id)
	if err != nil {
		t.Fatal(err)
	}
	var idle, busy []tournament.Court
	var ids []string
	for _, c := range snap.Tournament.Courts {
		ids = append(ids, c.ID)
		if m := snap.CourtMatch(c.ID); m == nil {
			idle = append(idle, c)
		} else if len(m.CourtIDs) == 1 {
			busy = append(busy, c)
		}
	}
	if len(idle) < 2 || len(busy) == 0 {
		t.Fatalf("the demo has %d free tables and %d with a match of one table", len(idle), len(busy))
	}
	// The closed one is the first free one; the others stay free.
	s.idle, s.busy = idle[0], busy[0]
	for _, c := range idle[1:] {
		s.free = append(s.free, c.Name)
	}
	s.match = snap.CourtMatch(s.busy.ID)
	for _, c := range []tournament.Court{s.idle, s.busy} {
		if rec := desk.do(http.MethodPost, "/admin/t/"+s.id+"/courts/"+c.ID, url.Values{"action": {"close"}, "confirmed": {"yes"}}); rec.Code != http.StatusSeeOther {
			t.Fatalf("closing %s: %d %s", c.Name, rec.Code, rec.Body)
		}
	}
	after, err := f.store.Snapshot(context.Background(), s.id)
	if err != nil {
		t.Fatal(err)
	}
	if m := after.CourtMatch(s.busy.ID); m == nil || m.ID != s.match.ID {
		t.Fatalf("closing %s took its match off it", s.busy.Name)
	}
	if m := after.CourtMatch(s.idle.ID); m != nil {
		t.Fatalf("%s was called a match after it was closed", s.idle.Name)
	}
	// The cards page makes the court codes; the store hands back the same ones.
	if rec := desk.do(http.MethodGet, "/admin/t/"+s.id+"/court-cards", nil); rec.Code != http.StatusOK {
		t.Fatalf("court cards: %d", rec.Code)
	}
	if s.codes, err = f.store.CourtCodes(context.Background(), s.id, ids, false); err != nil {
		t.Fatal(err)
	}
	return s
}

// tile is a court's tile on a board page.
func tile(doc *goquery.Document, c tournament.Court) *goquery.Selection {
	return doc.Find(`[data-testid="court"][data-court="` + itoa(c.Number) + `"]`)
}

// words is a text with its white space made single spaces.
func words(s string) string { return strings.Join(strings.Fields(s), " ") }

// TestAClosedCourtIsNotFree: the spectators' board, its embed and a hall
// screen show a closed table without a match as closed, never free, and a
// closed table's match as before, marked as its last there; a TV names it
// on a line of its own and not among the free ones; in German and in French
// (a "table fermée") too.
func TestAClosedCourtIsNotFree(t *testing.T) {
	s := newClosedScene(t)
	boards := map[string]string{
		"board": "/t/" + s.id + "/courts",
		"embed": "/embed/t/" + s.id + "/courts",
	}
	for name, path := range boards {
		rec, doc := s.f.page(path)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: %d", name, rec.Code)
		}
		idle := tile(doc, s.idle)
		if idle.Length() != 1 {
			t.Fatalf("%s: %s has %d tiles", name, s.idle.Name, idle.Length())
		}
		if idle.Find(`[data-testid="free"]`).Length() != 0 {
			t.Errorf("%s: the closed %s reads free: %q", name, s.idle.Name, words(idle.Text()))
		}
		if got := words(idle.Find(`[data-testid="closed"]`).Text()); got != "Closed" {
			t.Errorf("%s: the closed %s reads %q, want Closed", name, s.idle.Name, got)
		}
		if _, ok := idle.Attr("data-closed"); !ok {
			t.Errorf("%s: the closed %s's tile is not marked closed", name, s.idle.Name)
		}
		busy := tile(doc, s.busy)
		if busy.Find(`[data-testid="closed"], [data-testid="free"]`).Length() != 0 || busy.AttrOr("data-called", "") != s.busy.Name+"|"+s.match.ID {
			t.Errorf("%s: the closed %s no longer shows its match %s: %q", name, s.busy.Name, s.match.ID, words(busy.Text()))
		}
		if got := words(busy.Find(`[data-testid="court-closing"]`).Text()); got != "Closes after this match" {
			t.Errorf("%s: the closed %s's match says %q about the table", name, s.busy.Name, got)
		}
		// Every other free table still reads free.
		doc.Find(`[data-testid="court"]`).Each(func(_ int, sel *goquery.Selection) {
			if sel.AttrOr("data-court", "") != itoa(s.idle.Number) && sel.Find(`[data-testid="closed"]`).Length() != 0 {
				t.Errorf("%s: court %s reads closed", name, sel.AttrOr("data-court", ""))
			}
		})
	}

	for _, path := range []string{"/t/" + s.id + "/tv", "/t/" + s.id + "/screens/hall"} {
		_, doc := s.f.page(path)
		if got, want := words(doc.Find(`[data-testid="free-courts"]`).Text()), "Free: "+strings.Join(s.free, " · "); got != want {
			t.Errorf("%s: the free line reads %q, want %q (not the closed %s)", path, got, want, s.idle.Name)
		}
		if got := words(doc.Find(`[data-testid="closed-courts"]`).Text()); got != "Closed: "+s.idle.Name {
			t.Errorf("%s: the closed line reads %q, want %q", path, got, "Closed: "+s.idle.Name)
		}
		if tile(doc, s.idle).Length() != 0 {
			t.Errorf("%s: the closed %s without a match has a tile on the TV", path, s.idle.Name)
		}
		if busy := tile(doc, s.busy); busy.AttrOr("data-called", "") != s.busy.Name+"|"+s.match.ID || busy.Find(`[data-testid="court-closing"]`).Length() != 1 {
			t.Errorf("%s: the closed %s's match is not on the TV as its last there: %q", path, s.busy.Name, words(busy.Text()))
		}
	}

	for _, lang := range []struct{ cookie, closed, closing, tvClosed string }{
		{"lang=de", "Gesperrt", "Danach gesperrt", "Gesperrt: "},
		{"lang=fr", "Fermée", "Ferme après cette partie", "Fermée : "}, // a no-break space before the colon
	} {
		_, doc := s.f.page("/t/"+s.id+"/courts", "Cookie", lang.cookie)
		if got := words(tile(doc, s.idle).Find(`[data-testid="closed"]`).Text()); got != lang.closed {
			t.Errorf("%s: the closed %s reads %q, want %q", lang.cookie, s.idle.Name, got, lang.closed)
		}
		if got := words(tile(doc, s.busy).Find(`[data-testid="court-closing"]`).Text()); got != lang.closing {
			t.Errorf("%s: the closed %s's match says %q, want %q", lang.cookie, s.busy.Name, got, lang.closing)
		}
		_, tv := s.f.page("/t/"+s.id+"/tv", "Cookie", lang.cookie)
		if got := words(tv.Find(`[data-testid="closed-courts"]`).Text()); got != lang.tvClosed+s.idle.Name {
			t.Errorf("%s: the TV's closed line reads %q", lang.cookie, got)
		}
	}
}

// TestAClosedCourtsPageSaysItIsClosed: a player who scans the card of a
// closed table is told it is closed, not that no match is played there
// "now", and at a closed table whose match plays on reports that match as
// before and reads that the table closes after it.
func TestAClosedCourtsPageSaysItIsClosed(t *testing.T) {
	s := newClosedScene(t)
	p := &phone{f: s.f}
	rec, doc := p.do(http.MethodGet, "/c/"+s.codes[s.idle.ID], nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("the closed %s's page: %d", s.idle.Name, rec.Code)
	}
	idle := doc.Find(`[data-testid="no-match"]`)
	if want := s.idle.Name + " is closed: no match is called to it any more."; words(idle.Text()) != want {
		t.Errorf("the closed %s's page reads %q, want %q", s.idle.Name, words(idle.Text()), want)
	}
	if _, ok := idle.Attr("data-closed"); !ok {
		t.Errorf("the closed %s's page is not marked closed", s.idle.Name)
	}
	if doc.Find(`[data-testid="report-form"]`).Length() != 0 {
		t.Errorf("the closed %s's page offers to report a result", s.idle.Name)
	}
	_, doc = p.do(http.MethodGet, "/c/"+s.codes[s.busy.ID], nil)
	if doc.Find(`[data-testid="court-match"]`).AttrOr("data-match", "") != s.match.ID {
		t.Errorf("the closed %s's page lost its match %s", s.busy.Name, s.match.ID)
	}
	if got, want := words(doc.Find(`[data-testid="court-closing"]`).Text()), s.busy.Name+" closes after this match."; got != want {
		t.Errorf("the closed %s's page reads %q, want %q", s.busy.Name, got, want)
	}
	fr := &phone{f: s.f, lang: "fr"}
	_, doc = fr.do(http.MethodGet, "/c/"+s.codes[s.idle.ID], nil)
	if got, want := words(doc.Find(`[data-testid="no-match"]`).Text()), s.idle.Name+" est fermée : plus aucune partie n’y est appelée."; got != want {
		t.Errorf("in French the closed %s's page reads %q, want %q", s.idle.Name, got, want)
	}
}

// TestTheConsoleDoesNotCallAClosedCourtFree: the desk's list of courts
// shows a closed table without a match as closed, not free, and a closed
// table's match as the last there. (It read "Table 8 (closed)" and "free".)
func TestTheConsoleDoesNotCallAClosedCourtFree(t *testing.T) {
	s := newClosedScene(t)
	doc := s.desk.doc(s.desk.do(http.MethodGet, "/admin/t/"+s.id, nil))
	court := func(c tournament.Court) *goquery.Selection {
		return doc.Find(`[data-testid="console-court"]`).FilterFunction(func(_ int, sel *goquery.Selection) bool {
			name := words(sel.Find("p").First().Text())
			return name == c.Name || strings.HasPrefix(name, c.Name+" (")
		})
	}
	idle := court(s.idle)
	if idle.Length() != 1 || words(idle.Find(`[data-testid="console-closed"]`).Text()) != "Closed" || strings.Contains(idle.Text(), "free") {
		t.Errorf("the console shows the closed %s as %q", s.idle.Name, words(idle.Text()))
	}
	busy := court(s.busy)
	if busy.Length() != 1 || words(busy.Find(`[data-testid="console-closing"]`).Text()) != "Closes after this match" || busy.Find(`[data-testid="enter-result"]`).Length() != 1 {
		t.Errorf("the console shows the closed %s with its match as %q", s.busy.Name, words(busy.Text()))
	}
}

// TestFrenchAgreesClosedWithTheCourtsWord: French agrees "closed" with
// each sport's word for a court: a pétanque terrain is "fermé", a table
// soccer table "fermée" (TestAClosedCourtIsNotFree).
func TestFrenchAgreesClosedWithTheCourtsWord(t *testing.T) {
	f := newFixture(t)
	lyon := f.tournament("Lyon Pétanque Masters")
	snap, err := f.store.Snapshot(context.Background(), lyon.Tournament.ID)
	if err != nil {
		t.Fatal(err)
	}
	var terrain *tournament.Court
	for i, c := range snap.Tournament.Courts {
		if snap.CourtMatch(c.ID) == nil {
			terrain = &snap.Tournament.Courts[i]
			break
		}
	}
	if terrain == nil {
		t.Fatal("no free terrain in the Lyon Pétanque Masters")
	}
	desk, _ := f.signIn(f.bouleToken)
	if rec := desk.do(http.MethodPost, "/admin/t/"+lyon.Tournament.ID+"/courts/"+terrain.ID, url.Values{"action": {"close"}, "confirmed": {"yes"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("closing %s: %d", terrain.Name, rec.Code)
	}
	_, doc := f.page("/t/"+lyon.Tournament.ID+"/courts", "Cookie", "lang=fr")
	if got := words(tile(doc, *terrain).Find(`[data-testid="closed"]`).Text()); got != "Fermé" {
		t.Errorf("the closed %s reads %q in French, want Fermé", terrain.Name, got)
	}
}
