package e2e

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestHallViewsPassAxe audits the views the hall's screens and pages added,
// which TestPagesPassAxe does not open, in English and German: the embeds,
// a finished tournament's page with its winners, a search for a player,
// a TV before the start, and the console's called card with its undo.
func TestHallViewsPassAxe(t *testing.T) {
	embeddedPassOnly(t)
	source, err := os.ReadFile(nodeModule(t, "axe-core/axe.min.js"))
	if err != nil {
		t.Fatal(err)
	}
	srv, store, demo := site(t)
	hamburg := tournamentNamed(demo, "Hamburg Open 2026")
	autumn := tournamentNamed(demo, "Autumn Cup 2026")
	owls := tournamentNamed(demo, "Night Owls Open")
	lyon := tournamentNamed(demo, "Lyon Pétanque Masters")
	pools := hamburg.Tournament.Disciplines[1].Stages[0].Groups[0].ID
	token, _, err := store.CreateToken(context.Background(), lyon.Tournament.OrganizerID, "audit")
	if err != nil {
		t.Fatal(err)
	}
	kinds := []pageKind{
		{name: "embed-courts", path: "/embed/t/" + hamburg.Tournament.ID + "/courts"},
		{name: "embed-group", path: "/embed/t/" + hamburg.Tournament.ID + "/groups/" + pools},
		{name: "tournament-finished", path: "/t/" + autumn.Tournament.ID},
		{name: "tournament-search", path: "/t/" + hamburg.Tournament.ID + "?q=er"},
		{name: "tv-before-start", path: "/t/" + owls.Tournament.ID + "/tv", kiosk: true},
		{name: "group-cross-table", path: "/t/" + hamburg.Tournament.ID + "/groups/" + pools, show: []chromedp.Action[chromedp.Void]{
			chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="cross-table"]').open = true`),
			chromedp.WaitVisible(`[data-testid="cross-table"] table`),
		}},
		{name: "console-called", path: "/admin/t/" + lyon.Tournament.ID, console: true, show: []chromedp.Action[chromedp.Void]{
			chromedp.Click(`[data-testid="queue-item"] [data-testid="call"]:not([disabled])`, chromedp.NodeVisible),
			chromedp.WaitVisible(`[data-testid="called-card"]`),
		}},
	}
	b := browser(t)
	signedIn := false
	for _, lang := range []string{"en", "de"} {
		for _, k := range kinds {
			sizes := []viewport{phone, desktop}
			if k.kiosk {
				sizes = []viewport{desktop, hd}
			}
			if k.console && !signedIn {
				if err := chromedp.Do(b, chromedp.EmulateViewport(desktop.w, desktop.h)); err != nil {
					t.Fatal(err)
				}
				signIn(t, b, srv.URL, token)
				signedIn = true
			}
			for _, vp := range sizes {
				if k.console && (lang != "en" || vp != phone) {
					continue // one call is enough: each takes a match off the queue
				}
				step := fmt.Sprintf("%s %s %s", k.name, lang, vp.name)
				ctx, cancel := context.WithTimeout(b, time.Minute)
				sep := "?"
				if k.path[len(k.path)-4:] == "q=er" {
					sep = "&"
				}
				err := chromedp.Do(ctx, append([]chromedp.Action[chromedp.Void]{
					chromedp.EmulateViewport(vp.w, vp.h),
					chromedp.Navigate(srv.URL + k.path + sep + "lang=" + lang),
					chromedp.WaitReady(`body`),
				}, k.show...)...)
				cancel()
				if err != nil {
					t.Errorf("%s: %v", step, err)
					continue
				}
				report(t, step, axe(t, b, string(source)))
				screenshot(t, b, fmt.Sprintf("hall-%s-%s-%s", k.name, lang, vp.name))
			}
		}
	}
}
