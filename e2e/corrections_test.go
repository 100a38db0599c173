package e2e

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"courtside/internal/testkit"
	"courtside/tournament"
)

// TestOrganizerCorrectsAResultFromAPhone corrects a played knock-out result
// on a phone: once refused because the next match has a score, once done;
// then ends an open match by walkover. All with htmx swapping the panel.
func TestOrganizerCorrectsAResultFromAPhone(t *testing.T) {
	testkit.EndToEnd(t)
	srv, store, demo := site(t)
	lyon := tournamentNamed(demo, "Lyon Pétanque Masters")
	byID := map[string]*tournament.Match{}
	for _, m := range lyon.Matches {
		byID[m.ID] = m
	}
	var blocked, free, open *tournament.Match
	for _, m := range lyon.Matches {
		switch {
		case m.State == tournament.MatchPlayed && m.WinnerTo != nil && byID[m.WinnerTo.MatchID].State == tournament.MatchRunning && blocked == nil:
			blocked = m
		case m.State == tournament.MatchPlayed && m.WinnerTo != nil && byID[m.WinnerTo.MatchID].State == tournament.MatchOpen && free == nil:
			free = m
		case m.State == tournament.MatchOpen && m.Entries[0] != nil && m.Entries[1] != nil && open == nil:
			open = m
		}
	}
	if blocked == nil || free == nil || open == nil {
		t.Fatal("the demo lacks a played match before a running one, before an open one, or an open match")
	}
	// The next match has a point played: the winner can no longer change.
	snap, err := store.Snapshot(context.Background(), lyon.Tournament.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := store.Write(context.Background(), snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.SetResult(blocked.WinnerTo.MatchID, tournament.Encounters{{{3, 2}}}, false, time.Now(), "Jean")
	}); err != nil {
		t.Fatal(err)
	}
	token, _, err := store.CreateToken(context.Background(), lyon.Tournament.OrganizerID, "Jean at the terrain")
	if err != nil {
		t.Fatal(err)
	}
	b := browser(t)
	match := srv.URL + "/admin/t/" + lyon.Tournament.ID + "/matches/"
	do := steps(t, b, "corrections-phone", true)
	do("1-sign-in",
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(srv.URL+"/admin/login"),
		chromedp.SendKeys(`input[name="token"]`, token),
		chromedp.Submit(`input[name="token"]`),
		chromedp.WaitVisible(`[data-testid="my-tournaments"]`),
	)
	do("2-played",
		chromedp.Navigate(match+blocked.ID),
		chromedp.Click(`[data-testid="amend"] summary`, chromedp.NodeVisible),
	)
	do("2-blocked",
		// the loser wins: the first set's scores swapped
		chromedp.SetValue(`[data-testid="correct-form"] input[name="s.0.0.0"]`, strconv.Itoa(blocked.Encounters[0][0][1])),
		chromedp.SetValue(`[data-testid="correct-form"] input[name="s.0.0.1"]`, strconv.Itoa(blocked.Encounters[0][0][0])),
		// refused at once, before a confirmation is asked for: there is nothing to confirm
		chromedp.Click(`[data-testid="correct"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="amend-error"]`),
	)
	next := byID[blocked.WinnerTo.MatchID]
	if msg, _ := chromedp.Run(b, chromedp.Text(`[data-testid="amend-error"]`)); !strings.Contains(msg, next.Entries[0].Name+" v "+next.Entries[1].Name) {
		t.Errorf("the refusal says %q", msg)
	}
	loser := free.Entries[1-free.Winner()].Name
	do("3-confirm",
		chromedp.Navigate(match+free.ID),
		chromedp.Click(`[data-testid="amend"] summary`, chromedp.NodeVisible),
		// the loser wins: the first set's scores swapped
		chromedp.SetValue(`[data-testid="correct-form"] input[name="s.0.0.0"]`, strconv.Itoa(free.Encounters[0][0][1])),
		chromedp.SetValue(`[data-testid="correct-form"] input[name="s.0.0.1"]`, strconv.Itoa(free.Encounters[0][0][0])),
		chromedp.Click(`[data-testid="correct"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="confirm-correct"]`),
	)
	if confirm, _ := chromedp.Run(b, chromedp.Text(`[data-testid="amend-confirm"]`)); !strings.Contains(confirm, "Now "+loser+" wins") {
		t.Errorf("the confirmation says %q", confirm)
	}
	do("4-corrected",
		chromedp.Click(`[data-testid="confirm-correct"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="flash"]`),
	)
	do("5-walkover",
		chromedp.Navigate(match+open.ID),
		chromedp.Click(`[data-testid="amend"] summary`, chromedp.NodeVisible),
		chromedp.Click(`[data-testid="walkover-side"][value="1"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="confirm-walkover"]`),
	)
	do("6-walkover-done",
		chromedp.Click(`[data-testid="confirm-walkover"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="flash"]`),
	)
	snap, _ = store.Snapshot(context.Background(), lyon.Tournament.ID)
	if m, _ := snap.Match(free.ID); m.Winner() == free.Winner() {
		t.Error("the correction did not change the winner")
	}
	if m, _ := snap.Match(open.ID); m.State != tournament.MatchPlayed || m.Winner() != 1 {
		t.Errorf("after the walkover: %s, winner %d", m.State, m.Winner())
	}
}
