package e2e

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"courtside/tournament"
)

// TestOperatorInvitesAClub: the operator signs in to its page, which fits a
// phone, sees every organizer with its usage (a quota used up in red),
// makes an invitation, and a club opens it in another browser and is
// signed in as its new organizer.
func TestOperatorInvitesAClub(t *testing.T) {
	srv, store, demo := site(t)
	ctx := context.Background()
	secret, _, err := store.CreateOperator(ctx, "Federation office")
	if err != nil {
		t.Fatal(err)
	}
	full := demo.Organizers[len(demo.Organizers)-1]
	u, _ := store.Usage(ctx, full.ID)
	if err := store.SetQuota(ctx, full.ID, tournament.Quota{Tournaments: max(1, u.Tournaments)}); err != nil {
		t.Fatal(err)
	}

	op := browser(t)
	do := steps(t, op, "operator", false)
	do("sign-in", chromedp.EmulateViewport(1440, 900), chromedp.Navigate(srv.URL+"/admin/login"), chromedp.SendKeys(`input[name="token"]`, secret),
		chromedp.Submit(`input[name="token"]`), chromedp.WaitVisible(`[data-testid="organizers"]`))
	bothSizes(t, op, "operator-1-page")
	red, err := chromedp.Run(op, chromedp.Evaluate[string](`getComputedStyle(document.querySelector('#org-`+full.Slug+` [data-testid="usage"]')).color`))
	if err != nil || red != "rgb(190, 18, 60)" && red != "rgb(253, 164, 175)" {
		t.Errorf("a quota used up is written in %q, want red", red)
	}
	do("invite", chromedp.EmulateViewport(1440, 900), chromedp.Click(`[data-testid="invite"]`, chromedp.NodeVisible), chromedp.WaitVisible(`[data-testid="invitation-link"]`))
	bothSizes(t, op, "operator-2-invitation")
	link, err := chromedp.Run(op, chromedp.Text(`[data-testid="invitation-link"]`))
	if err != nil || !strings.Contains(link, "/invite/") {
		t.Fatalf("the invitation: %q %v", link, err)
	}
	link = srv.URL + link[strings.Index(link, "/invite/"):]

	club := browser(t)
	in := steps(t, club, "invited", false)
	in("form", chromedp.EmulateViewport(390, 844), chromedp.Navigate(link), chromedp.WaitVisible(`[data-testid="setup-form"]`))
	screenshot(t, club, "operator-3-invited-390")
	fitsWidth(t, club, "invited")
	in("made",
		chromedp.SetValue(`#name`, "Cornhole Crew Köln"),
		chromedp.SetValue(`#sport`, "cornhole"),
		chromedp.Click(`[data-testid="setup-submit"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="setup-token"]`),
		chromedp.Click(`[data-testid="to-console"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="my-tournaments"]`),
	)
	if _, err := store.OrganizerBySlug(ctx, "cornhole-crew-koln"); err != nil {
		t.Errorf("the invited club: %v", err)
	}
}
