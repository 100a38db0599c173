package web

import (
	"strings"
	"testing"

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
