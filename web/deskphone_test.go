package web

import (
	"net/http"
	"strings"
	"testing"

	"courtside/tournament"
)

// TestCancelAtTheSecondLookSavesNothing: Finish shows the second look with
// Cancel and no second Finish; Cancel answers the form as typed, with the
// side names over its columns, and leaves the match running without a score.
func TestCancelAtTheSecondLookSavesNothing(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	m, _ := f.running(hamburg, singleSetTo7)
	o, _ := f.signIn(f.token)
	doc := o.doc(o.resultForm(hamburg.Tournament.ID, m.ID, "finish", map[string]string{"0.0.0": "7", "0.0.1": "3"}))
	if doc.Find(`[data-testid="cancel-finish"]`).Length() != 1 || doc.Find(`[data-testid="finish"]`).Length() != 0 {
		t.Errorf("the second look has %d Cancel and %d Finish buttons, want one and none",
			doc.Find(`[data-testid="cancel-finish"]`).Length(), doc.Find(`[data-testid="finish"]`).Length())
	}
	rec := o.resultForm(hamburg.Tournament.ID, m.ID, "edit", map[string]string{"0.0.0": "7", "0.0.1": "3"})
	doc = o.doc(rec)
	if rec.Code != http.StatusOK || doc.Find(`[data-testid="confirm"]`).Length() != 0 || doc.Find(`[data-testid="finish"]`).Length() != 1 {
		t.Errorf("Cancel answers %d with the second look still there or no Finish", rec.Code)
	}
	if a, b := doc.Find(`input[name="s.0.0.0"]`).AttrOr("value", ""), doc.Find(`input[name="s.0.0.1"]`).AttrOr("value", ""); a != "7" || b != "3" {
		t.Errorf("after Cancel the form reads %s:%s, want 7:3 as typed", a, b)
	}
	heads := doc.Find(`[data-testid="side-head"]`)
	if heads.Length() != 2 || heads.Eq(0).Text() != m.Entries[0].Name || heads.Eq(1).Text() != m.Entries[1].Name {
		t.Errorf("the columns are headed %q", heads.Text())
	}
	snap, err := f.store.Snapshot(t.Context(), hamburg.Tournament.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := snap.Match(m.ID); got.State != tournament.MatchRunning || tournament.SameResult(got.Encounters, tournament.Encounters{{{7, 3}}}) {
		t.Errorf("after Cancel the match is %s with %v", got.State, got.Encounters)
	}
}

// TestCourtPageSaysEachThingOnce: where the desk enters results, the court
// page says so as a note, not an error; a phone whose report makes a
// dispute sees the dispute alone, not also "Result reported.".
func TestCourtPageSaysEachThingOnce(t *testing.T) {
	s := newCourtScene(t, tournament.ReportingDesk)
	_, doc := s.page(s.phone(), 0)
	if note := doc.Find(`[data-testid="court-note"]`).Text(); !strings.Contains(note, "entered at the desk") || doc.Find(`[data-testid="court-error"]`).Length() != 0 {
		t.Errorf("desk-only court page: note %q, %d errors", note, doc.Find(`[data-testid="court-error"]`).Length())
	}

	s = newCourtScene(t, tournament.ReportingConfirmed)
	anna, ben := s.phone(), s.phone()
	s.send(anna, 1, "", 7, 5)
	rec, _ := s.send(ben, 1, "", 5, 7)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("second report: %d", rec.Code)
	}
	_, doc = ben.do(http.MethodGet, rec.Header().Get("Location"), nil)
	if doc.Find(`[data-testid="disputed"]`).Length() != 1 || doc.Find(`[data-testid="flash"]`).Length() != 0 {
		t.Errorf("the disputing phone reads %q beside the dispute", doc.Find(`[data-testid="flash"]`).Text())
	}
}
