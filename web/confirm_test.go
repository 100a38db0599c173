package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// confirmForm is what the Confirm page's form sends: its hidden fields.
func confirmForm(doc *goquery.Document) (string, url.Values) {
	form := doc.Find(`[data-testid="confirm-page"] form`)
	v := url.Values{}
	form.Find(`input[type="hidden"]`).Each(func(_ int, s *goquery.Selection) {
		v.Add(s.AttrOr("name", ""), s.AttrOr("value", ""))
	})
	return form.AttrOr("action", ""), v
}

// TestDestructiveFormsAskFirst: removing no-shows, withdrawing and revoking a
// login ask before they act. The forms carry the question for the browser's
// dialog on the form itself (where htmx looks for it), and a form sent
// without confirmation, as a browser without JavaScript sends it, is answered
// with a page that asks, changes nothing, and whose button does it.
func TestDestructiveFormsAskFirst(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	o, _ := f.signIn(f.token)
	loc := o.do(http.MethodPost, "/admin/new", twoDisciplines()).Header().Get("Location")
	base := strings.TrimSuffix(loc, "/setup?done=created")
	id := strings.TrimPrefix(base, "/admin/t/")
	snap, _ := f.store.Snapshot(ctx, id)
	os, od := snap.Tournament.Disciplines[0], snap.Tournament.Disciplines[1]
	o.do(http.MethodPost, base+"/checkin", url.Values{"discipline": {os.ID}, "present": os.EntryIDs[:5]})
	o.do(http.MethodPost, base+"/checkin", url.Values{"discipline": {od.ID}, "present": od.EntryIDs})

	asks := func(t *testing.T, doc *goquery.Document, testid string) {
		t.Helper()
		form := doc.Find(`[data-testid="` + testid + `"]`).First().Closest("form")
		if q, _ := form.Attr("hx-confirm"); q == "" || form.AttrOr("hx-vals", "") != `{"confirmed":"yes"}` {
			t.Errorf("%s: the form asks nothing (hx-confirm %q on the form)", testid, q)
		}
	}
	t.Run("remove the no-shows", func(t *testing.T) {
		asks(t, o.doc(o.do(http.MethodGet, base+"/entries", nil)), "remove-no-shows")
		rec := o.do(http.MethodPost, base+"/entries/remove", url.Values{"discipline": {os.ID}})
		doc := o.doc(rec)
		if rec.Code != 200 || !strings.Contains(doc.Find(`[data-testid="confirm-question"]`).Text(), "Remove the 1 entries") {
			t.Fatalf("unconfirmed: %d %q", rec.Code, doc.Find(`[data-testid="confirm-question"]`).Text())
		}
		if s, _ := f.store.Snapshot(ctx, id); len(s.Tournament.Disciplines[0].EntryIDs) != 6 {
			t.Fatal("an unconfirmed removal removed")
		}
		if doc.Find(`[data-testid="confirm-cancel"]`).AttrOr("href", "") != base+"/entries" {
			t.Error("Cancel does not lead back to the entries")
		}
		action, form := confirmForm(doc)
		if rec := o.do(http.MethodPost, action, form); rec.Code != http.StatusSeeOther {
			t.Fatalf("confirmed: %d", rec.Code)
		}
		if s, _ := f.store.Snapshot(ctx, id); len(s.Tournament.Disciplines[0].EntryIDs) != 5 {
			t.Error("the confirmed removal did not remove")
		}
	})
	t.Run("withdraw", func(t *testing.T) {
		if rec := o.do(http.MethodPost, base+"/start", url.Values{}); rec.Code != http.StatusSeeOther {
			t.Fatalf("start: %d", rec.Code)
		}
		asks(t, o.doc(o.do(http.MethodGet, base+"/entries", nil)), "withdraw")
		entry := os.EntryIDs[0]
		rec := o.do(http.MethodPost, base+"/entries/withdraw", url.Values{"discipline": {os.ID}, "entry": {entry}})
		doc := o.doc(rec)
		if rec.Code != 200 || !strings.Contains(doc.Find(`[data-testid="confirm-question"]`).Text(), "withdraws") {
			t.Fatalf("unconfirmed: %d", rec.Code)
		}
		if s, _ := f.store.Snapshot(ctx, id); slices.Contains(s.Tournament.Disciplines[0].Withdrawn, entry) {
			t.Fatal("an unconfirmed withdrawal withdrew")
		}
		action, form := confirmForm(doc)
		if rec := o.do(http.MethodPost, action, form); rec.Code != http.StatusSeeOther {
			t.Fatalf("confirmed: %d", rec.Code)
		}
		if s, _ := f.store.Snapshot(ctx, id); !slices.Contains(s.Tournament.Disciplines[0].Withdrawn, entry) {
			t.Error("the confirmed withdrawal did not withdraw")
		}
	})
	t.Run("revoke a login", func(t *testing.T) {
		o.do(http.MethodPost, "/admin/logins", url.Values{"name": {"Desk 3"}, "role": {"results"}})
		doc := o.doc(o.do(http.MethodGet, "/admin/logins", nil))
		asks(t, doc, "helper-revoke")
		action := doc.Find(`[data-testid="helper-revoke"]`).Closest("form").AttrOr("action", "")
		rec := o.do(http.MethodPost, action, url.Values{})
		if rec.Code != 200 || o.doc(rec).Find(`[data-testid="confirm-page"]`).Length() != 1 {
			t.Fatalf("unconfirmed: %d", rec.Code)
		}
		if hs, _ := f.store.Helpers(ctx, f.org("kickerclub-hamburg").ID); len(hs) != 1 {
			t.Fatal("an unconfirmed revocation revoked")
		}
		_, form := confirmForm(o.doc(rec))
		if rec := o.do(http.MethodPost, action, form); rec.Code != http.StatusSeeOther {
			t.Fatalf("confirmed: %d", rec.Code)
		}
		if hs, _ := f.store.Helpers(ctx, f.org("kickerclub-hamburg").ID); len(hs) != 0 {
			t.Error("the confirmed revocation did not revoke")
		}
	})
	t.Run("counts leave out the removed and the withdrawn", func(t *testing.T) {
		// Frida Lang was removed from the singles but plays doubles; now the
		// team of Gero Falk and Hanna Ott withdraws: 6 players in 3 teams remain.
		snap, _ := f.store.Snapshot(ctx, id)
		last := snap.Tournament.Disciplines[1].EntryIDs[3]
		if rec := o.do(http.MethodPost, base+"/entries/withdraw", url.Values{"discipline": {od.ID}, "entry": {last}, "confirmed": {"yes"}}); rec.Code != http.StatusSeeOther {
			t.Fatalf("withdraw the team: %d", rec.Code)
		}
		if text := o.doc(o.do(http.MethodGet, "/t/"+id, nil)).Text(); !strings.Contains(text, "6 players · 3 teams") {
			t.Errorf("the tournament's page does not count 6 players and 3 teams")
		}
		rec := f.get("/v1/public/organizers/"+f.org("kickerclub-hamburg").ID+"/tournaments?limit=100", f.token)
		var items []struct {
			ID                   string
			NumPlayers, NumTeams int
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &items); err != nil {
			t.Fatal(err)
		}
		for _, it := range items {
			if it.ID == id && (it.NumPlayers != 6 || it.NumTeams != 3) {
				t.Errorf("the API counts %d players and %d teams", it.NumPlayers, it.NumTeams)
			}
		}
	})
}
