package web

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
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
	if got, _ := snapshotOf(t, f, hamburg.Tournament.ID).Match(m.ID); got.State != tournament.MatchRunning || tournament.SameResult(got.Encounters, tournament.Encounters{{{7, 3}}}) {
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

// TestWithdrawFindAskNameUndo is the desk withdrawing a player on a phone:
// the search shows the one row it looks for (the others stay in the page,
// hidden); Withdraw asks first; the message after it names who withdrew and
// offers Undo, which opens the matches the withdrawal ended again. Another
// organizer cannot reinstate.
func TestWithdrawFindAskNameUndo(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	id := hamburg.Tournament.ID
	m, _ := f.running(hamburg, singleSetTo7)
	e, d := m.Entries[0], m.DisciplineID
	o, _ := f.signIn(f.token)
	entries := "/admin/t/" + id + "/entries"

	doc := o.doc(o.do(http.MethodGet, entries+"?q="+url.QueryEscape(strings.ToUpper(e.Name)), nil))
	rows := doc.Find(`[data-testid="entry-row"]`)
	shown := rows.Not(`[hidden]`)
	if rows.Length() < 10 || shown.Length() == 0 || shown.Length() > 3 || !strings.Contains(shown.Text(), e.Name) {
		t.Fatalf("searching %q shows %d of %d rows: %q", e.Name, shown.Length(), rows.Length(), shown.Text())
	}

	form := url.Values{"discipline": {d}, "entry": {e.ID}}
	if doc := o.doc(o.do(http.MethodPost, entries+"/withdraw", form)); !strings.Contains(doc.Find(`[data-testid="confirm-question"]`).Text(), e.Name) {
		t.Fatalf("an unconfirmed withdrawal did not ask first: %q", doc.Text())
	}
	if snapshotOf(t, f, id).Tournament.Disciplines[0].Withdrawn != nil {
		t.Fatal("asking withdrew")
	}
	form.Set("confirmed", "yes")
	rec := o.do(http.MethodPost, entries+"/withdraw", form)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("withdraw: %d", rec.Code)
	}
	if got, _ := snapshotOf(t, f, id).Match(m.ID); got.Forfeit != tournament.ForfeitWithdrawal {
		t.Fatalf("the match of the withdrawn entry is %s (%s)", got.State, got.Forfeit)
	}
	doc = o.doc(o.do(http.MethodGet, rec.Header().Get("Location"), nil))
	if flash := doc.Find(`[data-testid="flash"]`).Text(); !strings.Contains(flash, e.Name) || doc.Find(`[data-testid="undo"]`).Length() != 1 {
		t.Fatalf("after the withdrawal the page says %q, with %d Undo", flash, doc.Find(`[data-testid="undo"]`).Length())
	}

	other, _ := f.signIn(f.bouleToken)
	if rec := other.do(http.MethodPost, entries+"/reinstate", url.Values{"discipline": {d}, "entry": {e.ID}}); rec.Code != http.StatusNotFound {
		t.Errorf("another organizer's reinstatement: %d", rec.Code)
	}
	rec = o.do(http.MethodPost, entries+"/reinstate", url.Values{"discipline": {d}, "entry": {e.ID}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("undo: %d %s", rec.Code, rec.Body)
	}
	snap := snapshotOf(t, f, id)
	if got, _ := snap.Match(m.ID); got.State != tournament.MatchOpen || got.Forfeit != "" {
		t.Errorf("after the undo the match is %s (%s)", got.State, got.Forfeit)
	}
	for _, dd := range snap.Tournament.Disciplines {
		if slices.Contains(dd.Withdrawn, e.ID) {
			t.Errorf("%s is still withdrawn from %s", e.Name, dd.Name)
		}
	}
	doc = o.doc(o.do(http.MethodGet, rec.Header().Get("Location"), nil))
	if flash := doc.Find(`[data-testid="flash"]`).Text(); !strings.Contains(flash, e.Name) {
		t.Errorf("after the undo the page says %q", flash)
	}
}

func snapshotOf(t *testing.T, f *fixture, id string) *tournament.Snapshot {
	t.Helper()
	snap, err := f.store.Snapshot(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

// TestSignInAgainKeepsTheTypedScore: the desk's session ends while a score
// is being typed; the form sent then goes to the sign-in, and signing in
// again lands on the match's page with the typed score in the form, saved
// nowhere yet. A form sent from another console page comes back to that
// page. Nothing lands on a page that only takes forms. (It landed on a 404
// and the score was lost.)
func TestSignInAgainKeepsTheTypedScore(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	id := hamburg.Tournament.ID
	m, _ := f.running(hamburg, singleSetTo7)
	o, _ := f.signIn(f.token)
	ended := *o.cookie
	if rec := o.do(http.MethodPost, "/admin/logout", url.Values{}); rec.Code != http.StatusSeeOther {
		t.Fatalf("logout: %d", rec.Code)
	}
	desk := &organizer{f: f, cookie: &ended} // the phone at the desk, its session over

	again := func(rec *httptest.ResponseRecorder) *httptest.ResponseRecorder {
		t.Helper()
		login, _ := url.Parse(rec.Header().Get("Location"))
		if rec.Code != http.StatusSeeOther || login.Path != "/admin/login" {
			t.Fatalf("a form sent after the session ended: %d to %s", rec.Code, login)
		}
		page := desk.doc(desk.do(http.MethodGet, login.RequestURI(), nil))
		next := page.Find(`input[name="next"]`).AttrOr("value", "")
		in := desk.do(http.MethodPost, "/admin/login", url.Values{"token": {f.token}, "next": {next}})
		if in.Code != http.StatusSeeOther {
			t.Fatalf("sign-in: %d", in.Code)
		}
		back := desk.do(http.MethodGet, in.Header().Get("Location"), nil)
		if back.Code != http.StatusOK {
			t.Fatalf("signed in again, the desk lands on %s: %d", in.Header().Get("Location"), back.Code)
		}
		return back
	}
	doc := desk.doc(again(desk.resultForm(id, m.ID, "live", map[string]string{"0.0.0": "6", "0.0.1": "5"})))
	if a, b := doc.Find(`input[name="s.0.0.0"]`).AttrOr("value", ""), doc.Find(`input[name="s.0.0.1"]`).AttrOr("value", ""); a != "6" || b != "5" {
		t.Errorf("signed in again, the form reads %q:%q, want the typed 6:5", a, b)
	}
	if !strings.Contains(doc.Find(`[data-testid="flash"]`).Text(), "score you typed") {
		t.Errorf("the page says %q", doc.Find(`[data-testid="flash"]`).Text())
	}
	if got, _ := snapshotOf(t, f, id).Match(m.ID); tournament.SameResult(got.Encounters, tournament.Encounters{{{6, 5}}}) {
		t.Error("the score was saved without the desk saving it")
	}

	// Another form comes back to the page it was sent from.
	desk.cookie = &ended
	entries := "/admin/t/" + id + "/entries"
	rec := desk.do(http.MethodPost, entries+"/withdraw", url.Values{"discipline": {m.DisciplineID}, "entry": {m.Entries[0].ID}}, "Referer", "http://example.com"+entries)
	if doc := desk.doc(again(rec)); doc.Find(`[data-testid="entries-search"]`).Length() != 1 {
		t.Errorf("signed in again after a withdrawal's form, the desk is not on the entries page")
	}
}
