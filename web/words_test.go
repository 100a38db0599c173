package web

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"courtside/tournament"
)

// TestWordsReadRight: the words the review found wrong.
func TestWordsReadRight(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	// A player's rank in English is "3rd · Preliminary round", not German "3. ·".
	var swiss *tournament.Group
	for i := range hamburg.Tournament.Disciplines[0].Stages[0].Groups {
		swiss = &hamburg.Tournament.Disciplines[0].Stages[0].Groups[i]
	}
	player := hamburg.Tournament.Disciplines[0].EntryIDs[0]
	_, doc := f.page("/t/" + hamburg.Tournament.ID + "/entries/" + player)
	rank := doc.Find(`[data-testid="rank"]`).Text()
	if strings.Contains(rank, ". ·") || !strings.Contains(rank, "· "+swiss.Name) {
		t.Errorf("the rank reads %q", rank)
	}
	_, de := f.page("/t/"+hamburg.Tournament.ID+"/entries/"+player, "Cookie", "lang=de")
	if r := de.Find(`[data-testid="rank"]`).Text(); !strings.Contains(r, ". · ") {
		t.Errorf("the German rank reads %q", r)
	}
	// The record breaks only after a dot: "1 W ·" stays together.
	if rec := doc.Find(`[data-testid="record"]`).Text(); !strings.Contains(rec, "\u00a0W\u00a0·") || strings.Contains(rec, " W") {
		t.Errorf("the record %q may break between a number and its letter", rec)
	}
	// No label repeats itself: the DYP's stage is "Rounds", its mode rounds.
	_, doc = f.page("/t/" + hamburg.Tournament.ID)
	if text := strings.Join(strings.Fields(doc.Find(`[data-testid="group-link"]`).Text()), " "); strings.Contains(text, "Rounds · Rounds") || strings.Contains(text, "Monster DYP · Monster DYP") {
		t.Errorf("a group link repeats itself: %q", text)
	}
	_, doc = f.page("/t/" + hamburg.Tournament.ID + "/courts")
	if text := doc.Find(`#board`).Text(); strings.Contains(text, "Monster DYP · Monster DYP") || strings.Contains(text, "Rounds · Rounds") {
		t.Error("a court's round line repeats itself")
	}
	// On the court board a match's sets won are apart from the set's points: "1 11" is no "111".
	if s := doc.Find(`[data-testid="court-sets-won"]`).First(); s.Length() == 1 && !strings.Contains(s.Text(), "Sets won") {
		t.Errorf("the sets won read %q, without saying what they are", s.Text())
	}
	// A last-one-standing player without a life left is out.
	lyon := f.tournament("Lyon Pétanque Masters")
	var lives *tournament.Group
	for _, d := range lyon.Tournament.Disciplines {
		for _, st := range d.Stages {
			for i := range st.Groups {
				if st.Groups[i].Mode == tournament.LastOneStanding {
					lives = &st.Groups[i]
				}
			}
		}
	}
	_, doc = f.page("/t/" + lyon.Tournament.ID + "/groups/" + lives.ID)
	out := doc.Find(`tr[data-out]`)
	if out.Length() == 0 || out.Find(`[data-testid="out"]`).Length() != out.Length() {
		t.Errorf("%d rows out, %d of them marked", out.Length(), out.Find(`[data-testid="out"]`).Length())
	}
}

// TestEachSportInItsOwnWords: a pétanque table scores points, not goals,
// and has no Sets column for its one-set games; darts plays legs (and, its
// legs entered by their winner, counts no goals); table soccer's best of
// three keeps its sets.
func TestEachSportInItsOwnWords(t *testing.T) {
	f := newFixture(t)
	labels := func(dt tournament.DemoTournament, g tournament.Group) map[string]bool {
		_, doc := f.page("/t/" + dt.Tournament.ID + "/groups/" + g.ID)
		out := map[string]bool{}
		doc.Find(`[data-testid="standings"] thead abbr`).Each(func(_ int, s *goquery.Selection) { out[s.Text()] = true })
		return out
	}
	lyon := f.tournament("Lyon Pétanque Masters")
	if l := labels(lyon, lyon.Tournament.Disciplines[0].Stages[0].Groups[0]); !l["Score"] || l["Goals"] || l["Sets"] {
		t.Errorf("pétanque pools: %v", l)
	}
	darts := f.tournament("Bristol Darts Classic")
	if l := labels(darts, darts.Tournament.Disciplines[0].Stages[0].Groups[0]); !l["Legs"] || l["Sets"] || l["Goals"] {
		t.Errorf("darts groups: %v", l)
	}
	autumn := f.tournament("Autumn Cup 2026") // a drawn tree (a stage not drawn yet shows no table)
	if l := labels(autumn, autumn.Tournament.Disciplines[0].Stages[0].Groups[0]); !l["Sets"] || !l["Goals"] {
		t.Errorf("table soccer's best of three: %v", l)
	}
}

// TestDartsPlaysOnBoards: a darts tournament's court board and court page
// name its boards in the words of darts: "Cible" in French (not the
// pétanque "Terrain"), "Board" in German (not the table soccer "Tisch") and
// in English (not "Court"); the console's courts page says boards too.
func TestDartsPlaysOnBoards(t *testing.T) {
	f := newFixture(t)
	darts := f.tournament("Bristol Darts Classic")
	id := darts.Tournament.ID
	cases := []struct {
		lang, heading string
		says, never   []string
	}{
		{"fr", "Vue des cibles", []string{"Cibles", "Cible"}, []string{"Terrain", "terrain", "Table", "Court"}},
		{"de", "Board-Übersicht", []string{"Boards"}, []string{"Tisch", "Bahn", "Court"}},
		{"en", "Board overview", []string{"Boards"}, []string{"Court ", "Courts", "court", "Table", "Terrain"}},
	}
	var ids []string
	for _, c := range darts.Tournament.Courts {
		ids = append(ids, c.ID)
	}
	codes, err := f.store.CourtCodes(context.Background(), id, ids, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		_, doc := f.page("/t/"+id+"/courts", "Cookie", "lang="+c.lang)
		if h := strings.TrimSpace(doc.Find("main h1").First().Text()); h != c.heading {
			t.Errorf("%s: the court board's heading is %q, want %q", c.lang, h, c.heading)
		}
		board := doc.Find("main").Text()
		for _, w := range c.says {
			if !strings.Contains(board, w) {
				t.Errorf("%s: the court board does not say %q", c.lang, w)
			}
		}
		for _, w := range c.never {
			if strings.Contains(board, w) {
				t.Errorf("%s: the court board says %q: %s", c.lang, w, around(board, w))
			}
		}
		rec, doc := f.page("/c/"+codes[ids[0]], "Cookie", "lang="+c.lang)
		court := doc.Find("main").Text()
		if rec.Code != http.StatusOK || !strings.Contains(court, darts.Tournament.Courts[0].Name) {
			t.Errorf("%s: the court page: %d %q", c.lang, rec.Code, court)
		}
		for _, w := range c.never {
			if strings.Contains(court, w) {
				t.Errorf("%s: the court page says %q: %s", c.lang, w, around(court, w))
			}
		}
	}
	// The console: the court cards and the courts page speak of boards,
	// and the button that sets a discipline's expected match length says
	// "Save", not "Set" (a darts "Leg", a German "Satz").
	token, _, err := f.store.CreateToken(context.Background(), darts.Tournament.OrganizerID, "Desk")
	if err != nil {
		t.Fatal(err)
	}
	desk, _ := f.signIn(token)
	for _, c := range []struct{ lang, path, heading, never string }{
		{"fr", "/court-cards", "Cartes de cible", "terrain"},
		{"de", "/court-cards", "Board-Karten", "Tisch"},
		{"en", "/court-cards", "Board cards", "court"},
		{"fr", "/courts", "Cibles", "terrain"},
		{"de", "/courts", "Boards", "Tisch"},
		{"en", "/courts", "Boards", "court"},
	} {
		rec := desk.do(http.MethodGet, "/admin/t/"+id+c.path, nil, "Accept-Language", c.lang)
		doc := desk.doc(rec)
		if h := strings.TrimSpace(doc.Find("main h1").First().Text()); rec.Code != http.StatusOK || h != c.heading {
			t.Errorf("%s %s: %d, the heading is %q, want %q", c.lang, c.path, rec.Code, h, c.heading)
		}
		if text := doc.Find("main").Text(); strings.Contains(text, c.never) {
			t.Errorf("%s %s says %q: %s", c.lang, c.path, c.never, around(text, c.never))
		}
		doc.Find("main button").Each(func(_ int, b *goquery.Selection) {
			if l := strings.TrimSpace(b.Text()); l == "Leg" || l == "Satz" || l == "Manche" || l == "Set" {
				t.Errorf("%s %s: a button says %q", c.lang, c.path, l)
			}
		})
	}
}

// TestCornholeSaysItsOwnWords: a cornhole tournament (the Hamburg Open's
// draw, played by a cornhole club) plays on courts ("Spielfeld" in German,
// "Terrain" in French), its matches are best of three games ("Games" in
// English, "Sets" in French, where a "manche" is an inning, "Sätze" in
// German) and its tables count points, not goals.
func TestCornholeSaysItsOwnWords(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	club := tournament.Organizer{ID: "tio:cornholeclub", Slug: "cornhole-club", Name: "Cornhole Club", Sport: tournament.Cornhole}
	if err := f.store.PutOrganizer(ctx, club); err != nil {
		t.Fatal(err)
	}
	autumn := f.tournament("Autumn Cup 2026") // a drawn tree played best of three
	cup := *autumn.Tournament
	cup.ID, cup.Name, cup.OrganizerID = "tio:cornholecup", "Cornhole Cup", club.ID
	if err := f.store.PutTournament(ctx, &cup, autumn.Matches, autumn.Entries); err != nil {
		t.Fatal(err)
	}
	bestOfThree := autumn.Tournament.Disciplines[0].Stages[0].Groups[0]
	for _, c := range []struct {
		lang, heading, sets, goals string
		never                      []string
	}{
		{"en", "Court board", "Games", "Score", []string{"Tables", "Goals"}},
		{"de", "Spielfeldübersicht", "Sätze", "Punkte", []string{"Tische", "Tore"}},
		{"fr", "Vue des terrains", "Sets", "Score", []string{"Tables", "Manches", "Buts"}},
	} {
		_, doc := f.page("/t/"+cup.ID+"/courts", "Cookie", "lang="+c.lang)
		if h := strings.TrimSpace(doc.Find("main h1").First().Text()); h != c.heading {
			t.Errorf("%s: the court board's heading is %q, want %q", c.lang, h, c.heading)
		}
		_, doc = f.page("/t/"+cup.ID+"/groups/"+bestOfThree.ID, "Cookie", "lang="+c.lang)
		labels := map[string]bool{}
		doc.Find(`[data-testid="standings"] thead abbr`).Each(func(_ int, s *goquery.Selection) { labels[s.Text()] = true })
		if !labels[c.sets] || !labels[c.goals] {
			t.Errorf("%s: the best of three's columns are %v, want %q and %q", c.lang, labels, c.sets, c.goals)
		}
		for _, page := range []string{"/t/" + cup.ID + "/courts", "/t/" + cup.ID + "/groups/" + bestOfThree.ID} {
			_, doc := f.page(page, "Cookie", "lang="+c.lang)
			text := doc.Find("main").Text()
			for _, w := range c.never {
				if strings.Contains(text, w) {
					t.Errorf("%s: %s says %q: %s", c.lang, page, w, around(text, w))
				}
			}
		}
	}
}

// around is the text near the first w in s, to show where a word stands.
func around(s, w string) string {
	i := strings.Index(s, w)
	lo, hi := max(0, i-40), min(len(s), i+len(w)+40)
	return strings.Join(strings.Fields(s[lo:hi]), " ")
}
