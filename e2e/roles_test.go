package e2e

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"

	"courtside/record"
)

// TestAHelpersConsoleOffersOnlyItsWork signs a results-only helper's phone
// in and reads its console as it shows: the courts with "Enter result" and
// the queue with "Call to court", and no way to the director's pages
// (entries, screens, court cards, the courts page, the calling switch).
func TestAHelpersConsoleOffersOnlyItsWork(t *testing.T) {
	srv, store, demo := site(t)
	ctx := context.Background()
	hamburg := tournamentNamed(demo, "Hamburg Open 2026")
	k, err := store.CreateHelper(ctx, hamburg.Tournament.OrganizerID, "Desk 2", record.RoleResults)
	if err != nil {
		t.Fatal(err)
	}
	sha, err := store.KeyHash(ctx, k.ID)
	if err != nil {
		t.Fatal(err)
	}
	code, err := store.CreateSignInLink(ctx, sha, 10*60e9)
	if err != nil {
		t.Fatal(err)
	}
	phone := browser(t)
	do := steps(t, phone, "roles", false)
	do("sign-in", chromedp.EmulateViewport(390, 844), chromedp.Navigate(srv.URL+"/signin/"+code),
		chromedp.Click(`[data-testid="signin-use"]`, chromedp.NodeVisible), chromedp.WaitVisible(`[data-testid="my-tournaments"]`))
	do("console", chromedp.Navigate(srv.URL+"/admin/t/"+hamburg.Tournament.ID), chromedp.WaitVisible(`[data-testid="console-court"]`))
	bothSizes(t, phone, "roles-helper-console")
	for _, size := range [][2]int64{{390, 844}, {1440, 900}} {
		if _, err := chromedp.Run(phone, chromedp.EmulateViewport(size[0], size[1])); err != nil {
			t.Fatal(err)
		}
		// What a person can see and reach: visible links and buttons.
		seen, err := chromedp.Run(phone, chromedp.Evaluate[map[string]int](`(() => {
			const visible = el => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'; };
			const count = sel => [...document.querySelectorAll(sel)].filter(visible).length;
			return {
				director: count('a[href$="/entries"], a[href$="/screens"], a[href$="/court-cards"], a[href$="/courts"], a[href*="/draw/"], [data-testid="pause-calling"], [data-testid="resume-calling"], a[href="/admin/logins"], a[href="/admin/new"]'),
				enter: count('[data-testid="enter-result"]'),
				call: count('[data-testid="call"]'),
			};
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		if seen["director"] != 0 || seen["enter"] == 0 || seen["call"] == 0 {
			t.Errorf("at %dx%d the helper sees %d ways to the director's pages, %d Enter result, %d Call to court", size[0], size[1], seen["director"], seen["enter"], seen["call"])
		}
	}
}
