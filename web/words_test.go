package web

import (
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
	hamburg := f.tournament("Hamburg Open 2026")
	if l := labels(hamburg, hamburg.Tournament.Disciplines[1].Stages[1].Groups[0]); !l["Sets"] || !l["Goals"] {
		t.Errorf("table soccer's best of three: %v", l)
	}
}
