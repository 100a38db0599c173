package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"courtside/internal/testkit"
	"courtside/tournament"
)

// TestOrganizerRunsAMatchFromAPhone signs in on a phone, calls a knock-out
// match to a court, saves a live score, finishes the match, and then finds
// the result on the public court board and in the bracket.
func TestOrganizerRunsAMatchFromAPhone(t *testing.T) {
	testkit.EndToEnd(t)
	srv, store, demo := site(t)
	lyon := tournamentNamed(demo, "Lyon Pétanque Masters")
	var group *tournament.Group
	for _, d := range lyon.Tournament.Disciplines {
		for _, s := range d.Stages {
			for i := range s.Groups {
				if s.Groups[i].Mode == tournament.LordHaveMercy {
					group = &s.Groups[i]
				}
			}
		}
	}
	var match *tournament.Match
	for _, m := range lyon.Matches {
		if m.GroupID == group.ID && m.State == tournament.MatchOpen && m.Entries[0] != nil && m.Entries[1] != nil {
			match = m
			break
		}
	}
	if match == nil {
		t.Fatal("no open knock-out match in the demo")
	}
	token, _, err := store.CreateToken(context.Background(), lyon.Tournament.OrganizerID, "Jean at the terrain")
	if err != nil {
		t.Fatal(err)
	}
	b := browser(t)
	console := "/admin/t/" + lyon.Tournament.ID
	do := steps(t, b, "console-phone", true)
	do("1-sign-in",
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(srv.URL+"/admin/login"),
		chromedp.SendKeys(`input[name="token"]`, token),
		chromedp.Submit(`input[name="token"]`),
		chromedp.WaitVisible(`[data-testid="my-tournaments"]`),
	)
	item := fmt.Sprintf(`[data-testid="queue-item"][data-match="%s"]`, match.ID)
	enter := fmt.Sprintf(`a[href="%s/matches/%s"]`, console, match.ID)
	do("2-console",
		chromedp.Click(`a[href="`+console+`"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(item),
	)
	do("3-called",
		chromedp.Click(item+` [data-testid="call"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(enter),
	)
	do("4-result-form",
		chromedp.Click(enter, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="result-form"]`),
		chromedp.SetValue(`input[name="s.0.0.0"]`, "9"),
		chromedp.SetValue(`input[name="s.0.0.1"]`, "6"),
	)
	do("5-live-saved",
		chromedp.Click(`[data-testid="save-live"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="flash"]`),
	)
	// The steppers: one more point for the first side, by tapping +.
	do("6-finish",
		chromedp.Click(`button[data-step="1"][data-for="s.0.0.0"]`, chromedp.NodeVisible),
		chromedp.Click(`button[data-step="1"][data-for="s.0.0.0"]`, chromedp.NodeVisible),
		chromedp.Click(`button[data-step="1"][data-for="s.0.0.0"]`, chromedp.NodeVisible),
		chromedp.Click(`button[data-step="1"][data-for="s.0.0.0"]`, chromedp.NodeVisible),
		chromedp.Click(`[data-testid="finish"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="confirm"]`),
	)
	confirm, _ := chromedp.Run(b, chromedp.Text(`[data-testid="confirm"]`))
	if !strings.Contains(confirm, match.Entries[0].Name+" wins 13:6") {
		t.Errorf("the confirmation says %q", confirm)
	}
	do("7-finished",
		chromedp.Click(`[data-testid="confirm-finish"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="flash"]`),
	)
	// The public court board lists it under the last results…
	do("8-board", chromedp.Navigate(srv.URL+"/t/"+lyon.Tournament.ID+"/courts"), chromedp.WaitVisible(`[data-testid="last-results"]`))
	last, _ := chromedp.Run(b, chromedp.Text(`[data-testid="last-results"] li`))
	if !strings.Contains(last, "13 : 6") {
		t.Errorf("the court board's last result is %q", last)
	}
	// …and the bracket shows the score and moves the winner on.
	do("9-bracket", chromedp.Navigate(srv.URL+"/t/"+lyon.Tournament.ID+"/groups/"+group.ID), chromedp.WaitVisible(`[data-testid="bracket"]`))
	scores, _ := chromedp.Run(b, chromedp.Text(fmt.Sprintf(`[data-testid="bracket-match"][data-match="%s"]`, match.ID)))
	if !strings.Contains(scores, "13") || !strings.Contains(scores, "6") {
		t.Errorf("the bracket match reads %q", scores)
	}
	next := fmt.Sprintf(`[data-testid="bracket-match"][data-match="%s"]`, match.WinnerTo.MatchID)
	if text, _ := chromedp.Run(b, chromedp.Text(next)); !strings.Contains(text, match.Entries[0].Name) {
		t.Errorf("the winner did not move on: the next match reads %q", text)
	}
}
