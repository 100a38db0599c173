package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"courtside/tournament"
)

// TestPlayedMatchesAreFoundAndCorrected: the console lists played matches,
// found by a name or a knock-out match number, each linking to its
// correction; a pool result corrected after the knock-out was drawn (its
// matches called, none played) asks first, saying the knock-out is drawn
// again, and then draws it again.
func TestPlayedMatchesAreFoundAndCorrected(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	snap := f.poolsIntoDirectorsDraw(t)
	id := snap.Tournament.ID
	ko := snap.Tournament.Disciplines[0].Stages[1]
	if _, _, err := f.store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) { return s.PublishDraw(ko.ID, time.Now()) }); err != nil {
		t.Fatal(err)
	}
	snap, _ = f.store.Snapshot(ctx, id)
	o, _ := f.signIn(f.bouleToken)

	if href := o.doc(o.do(http.MethodGet, "/admin/t/"+id, nil)).Find(`[data-testid="played-link"]`).AttrOr("href", ""); href != "/admin/t/"+id+"/played" {
		t.Fatalf("the console links played matches as %q", href)
	}
	doc := o.doc(o.do(http.MethodGet, "/admin/t/"+id+"/played", nil))
	if n := doc.Find(`[data-testid="played-match"]`).Length(); n != 12 {
		t.Errorf("%d played matches listed, want the 12 pool matches", n)
	}
	doc = o.doc(o.do(http.MethodGet, "/admin/t/"+id+"/played?q="+url.QueryEscape("mène"), nil))
	if n := doc.Find(`[data-testid="played-match"]`).Length(); n != 3 || !strings.Contains(doc.Find(`[data-testid="played-match"]`).Text(), "La Mène") {
		t.Errorf("searching mène lists %d matches: %s", n, doc.Find(`[data-testid="played-match"]`).Text())
	}
	if doc := o.doc(o.do(http.MethodGet, "/admin/t/"+id+"/played?q=Nobody", nil)); doc.Find(`[data-testid="played-none"]`).Length() != 1 {
		t.Error("a search without matches does not say so")
	}

	// A pool match whose other result changes who qualifies: the engine says which.
	var pick *tournament.Match
	for _, m := range snap.Matches {
		if m.StageID == ko.ID || m.State != tournament.MatchPlayed {
			continue
		}
		c, err := snap.CorrectResult(m.ID, tournament.Encounters{{{5, 13}}}, time.Now(), "test")
		if err != nil {
			continue
		}
		if c.Redraws(snap).Matches > 0 {
			pick = m
			break
		}
	}
	if pick == nil {
		t.Fatal("no pool correction changes the knock-out")
	}
	doc = o.doc(o.do(http.MethodGet, "/admin/t/"+id+"/played?q="+url.QueryEscape(pick.Entries[0].Name), nil))
	link := doc.Find(`[data-match="`+pick.ID+`"] [data-testid="correct-link"]`).AttrOr("href", "")
	if link != "/admin/t/"+id+"/matches/"+pick.ID {
		t.Fatalf("the played match links its correction as %q", link)
	}
	page := o.doc(o.do(http.MethodGet, link, nil))
	form := url.Values{"action": {"correct"}, "rev": {page.Find(`[data-testid="correct-form"] input[name="rev"]`).AttrOr("value", "")}, "s.0.0.0": {"5"}, "s.0.0.1": {"13"}}
	rec := o.do(http.MethodPost, link+"/correct", form)
	if confirm := o.doc(rec).Find(`[data-testid="amend-confirm"]`).Text(); rec.Code != 200 || !strings.Contains(confirm, ko.Name+" will be drawn again") || !strings.Contains(confirm, "they are taken back") {
		t.Fatalf("correct asks %d %q", rec.Code, confirm)
	}
	form.Set("action", "confirm")
	if rec := o.do(http.MethodPost, link+"/correct", form); rec.Code != http.StatusSeeOther {
		t.Fatalf("confirm: %d %s", rec.Code, o.doc(rec).Find(`[role="alert"]`).Text())
	}
	after, _ := f.store.Snapshot(ctx, id)
	if m, _ := after.Match(pick.ID); m.Winner() != 1 {
		t.Error("the correction did not change the winner")
	}
	for _, m := range snap.Matches {
		if m.StageID == ko.ID {
			if _, still := after.Match(m.ID); still {
				t.Errorf("the knock-out match %s of the old draw is still there", m.ID)
			}
		}
	}
}
