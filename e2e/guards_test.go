package e2e

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestDeskGuardsAnswerBothWays taps the console's destructive buttons on a
// phone and answers their question both ways: "New codes (old cards stop
// working)" asks, naming the printed cards, and Cancel keeps every code
// while OK gives new ones; closing a table asks, naming the table, and
// Cancel keeps it open while OK closes it. (Both acted on one tap.)
func TestDeskGuardsAnswerBothWays(t *testing.T) {
	srv, store, demo := site(t)
	ctx := context.Background()
	hamburg := tournamentNamed(demo, "Hamburg Open 2026")
	id := hamburg.Tournament.ID
	token, _, err := store.CreateToken(ctx, hamburg.Tournament.OrganizerID, "Desk")
	if err != nil {
		t.Fatal(err)
	}
	court := hamburg.Tournament.Courts[7] // Table 8, free in the demo
	codes := func() string {
		c, err := store.CourtCodes(ctx, id, []string{court.ID}, false)
		if err != nil {
			t.Fatal(err)
		}
		return c[court.ID]
	}
	closed := func() bool {
		snap, err := store.Snapshot(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := snap.Court(court.ID)
		return c.Closed
	}
	b := browser(t)
	dialog := answerDialogs(t, b)
	do := steps(t, b, "guards", false)
	do("sign-in", chromedp.EmulateViewport(390, 844))
	signIn(t, b, srv.URL, token)

	do("cards", chromedp.Navigate(srv.URL+"/admin/t/"+id+"/court-cards"), chromedp.WaitVisible(`[data-testid="renew"]`))
	before := codes()
	dialog.accept.Store(false)
	do("renew-cancelled", chromedp.Click(`[data-testid="renew"]`, chromedp.NodeVisible))
	if q := dialog.asked(); !strings.Contains(q, "stop working") {
		t.Errorf("new codes asked %q, which does not say the printed cards stop working", q)
	}
	if codes() != before {
		t.Error("Cancel gave the court cards new codes")
	}
	dialog.accept.Store(true)
	do("renew-confirmed", chromedp.Click(`[data-testid="renew"]`, chromedp.NodeVisible), chromedp.WaitVisible(`[data-testid="flash"]`))
	dialog.asked()
	if codes() == before {
		t.Error("OK gave no new codes")
	}
	screenshot(t, b, "guards-renewed")

	row := `[data-testid="court-row"][data-court="` + court.ID + `"]`
	do("courts", chromedp.Navigate(srv.URL+"/admin/t/"+id+"/courts"), chromedp.WaitVisible(row+` [data-testid="close-court"]`))
	dialog.accept.Store(false)
	do("close-cancelled", chromedp.Click(row+` [data-testid="close-court"]`, chromedp.NodeVisible))
	if q := dialog.asked(); !strings.Contains(q, court.Name) {
		t.Errorf("closing asked %q, which does not name %s", q, court.Name)
	}
	if closed() {
		t.Error("Cancel closed the table")
	}
	dialog.accept.Store(true)
	do("close-confirmed", chromedp.Click(row+` [data-testid="close-court"]`, chromedp.NodeVisible), chromedp.WaitVisible(row+` [data-testid="open-court"]`))
	dialog.asked()
	if !closed() {
		t.Error("OK did not close the table")
	}
	screenshot(t, b, "guards-closed")
}
