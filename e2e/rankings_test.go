package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"courtside/rankings"
	"courtside/record"
	"courtside/tournament"
)

// TestRankingsInTheBrowser opens the demo's series table on a phone, a
// desktop and a TV, watches it follow a result of the club night that runs,
// opens a player's profile, a screen in the hall steered to the table, and
// the console's register and series; every view is saved as rankings-*.
func TestRankingsInTheBrowser(t *testing.T) {
	srv, store, demo := site(t)
	ctx := context.Background()
	var org tournament.Organizer
	for _, o := range demo.Organizers {
		if o.Slug == "kickerclub-hamburg" {
			org = o
		}
	}
	se := rankings.DemoOf(demo)[0].Series[0]
	series := srv.URL + "/o/" + org.Slug + "/series/" + se.ID
	b := browser(t)
	look := steps(t, b, "rankings", true)

	look("series-phone", chromedp.EmulateViewport(390, 844), chromedp.Navigate(series), chromedp.WaitVisible(`[data-testid="series-row"]`))
	look("series-desktop", chromedp.EmulateViewport(1440, 900), chromedp.Navigate(series), chromedp.WaitVisible(`[data-testid="series-row"]`))
	look("series-desktop-de", chromedp.Navigate(series+"?lang=de"), chromedp.WaitVisible(`[data-testid="series-row"]`))
	look("series-desktop-en", chromedp.Navigate(series+"?lang=en"), chromedp.WaitVisible(`[data-testid="series-row"]`))

	// A result of the running club night: the table on the page follows within a poll.
	before, err := chromedp.Run(b, chromedp.Evaluate[string](`document.querySelector('#series-table').innerText`))
	if err != nil {
		t.Fatal(err)
	}
	night := tournamentNamed(demo, "Club Night 4")
	snap, err := store.Snapshot(ctx, night.Tournament.ID)
	if err != nil {
		t.Fatal(err)
	}
	var running *tournament.Match
	for _, m := range snap.Matches {
		if m.State == tournament.MatchRunning {
			running = m
			break
		}
	}
	if _, _, err := store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.SetResult(running.ID, tournament.Encounters{{{7, 0}}}, true, store.Now().Add(time.Minute), "e2e")
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(b, chromedp.Poll[bool](`document.querySelector('#series-table').innerText !== `+jsString(before), chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		screenshot(t, b, "rankings-series-after-a-result-failed")
		t.Fatalf("the table did not follow the result: %v", err)
	}
	screenshot(t, b, "rankings-series-after-a-result")

	look("series-tv", chromedp.EmulateViewport(1920, 1080), chromedp.Navigate(series+"/tv"), chromedp.WaitVisible(`[data-testid="series-tv"] [data-testid="series-row"]`))
	if err := store.PutScreen(ctx, night.Tournament.ID, record.Screen{Name: "hall", Show: "series", Series: se.ID}); err != nil {
		t.Fatal(err)
	}
	look("screen-tv", chromedp.Navigate(srv.URL+"/t/"+night.Tournament.ID+"/screens/hall"), chromedp.WaitVisible(`[data-testid="screen"] [data-testid="series-row"]`))

	if err := chromedp.Do(b, chromedp.EmulateViewport(1440, 900), chromedp.Navigate(series), chromedp.WaitVisible(`[data-testid="series-row"]`)); err != nil {
		t.Fatal(err)
	}
	profile, err := chromedp.Run(b, chromedp.Evaluate[string](`document.querySelector('[data-testid="series-row"] a').getAttribute('href')`))
	if err != nil {
		t.Fatal(err)
	}
	look("profile-desktop", chromedp.Navigate(srv.URL+profile), chromedp.WaitVisible(`[data-testid="rating-chart"]`))
	look("profile-phone", chromedp.EmulateViewport(390, 844), chromedp.Navigate(srv.URL+profile), chromedp.WaitVisible(`[data-testid="rating-chart"]`))
	look("ratings-phone", chromedp.Navigate(srv.URL+"/o/"+org.Slug+"/ratings"), chromedp.WaitVisible(`[data-testid="ratings"]`))

	token, _, err := store.CreateToken(ctx, org.ID, "rankings")
	if err != nil {
		t.Fatal(err)
	}
	signIn(t, b, srv.URL, token)
	look("console-players-phone", chromedp.Navigate(srv.URL+"/admin/players"), chromedp.WaitVisible(`[data-testid="registered"]`))
	look("console-players-desktop", chromedp.EmulateViewport(1440, 900), chromedp.Navigate(srv.URL+"/admin/players"), chromedp.WaitVisible(`[data-testid="registered"]`))
	look("console-series-desktop", chromedp.Navigate(srv.URL+"/admin/series"), chromedp.WaitVisible(`[data-testid="series-form"]`))
}

// jsString quotes s for a script.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestRankingsPassAxe runs TestPagesPassAxe's audit over the rankings' page
// kinds alone (public and console), on a phone and a desktop (a TV's on TV
// sizes), light and dark, in English and German.
func TestRankingsPassAxe(t *testing.T) {
	embeddedPassOnly(t)
	source, err := os.ReadFile(nodeModule(t, "axe-core/axe.min.js"))
	if err != nil {
		t.Fatal(err)
	}
	srv, token, kinds := auditSite(t)
	mine := map[string]bool{"rankings": true, "series": true, "series-tv": true, "profile": true, "console-players": true, "console-series": true}
	b := browser(t)
	for _, lang := range []string{"en", "de"} {
		if err := chromedp.Do(b, clearCookies(), chromedp.Navigate(srv.URL+"/?lang="+lang)); err != nil {
			t.Fatal(err)
		}
		signedIn := false
		for _, k := range kinds {
			if !mine[k.name] {
				continue
			}
			if k.console && !signedIn {
				signIn(t, b, srv.URL, token)
				signedIn = true
			}
			sizes := []viewport{phone, desktop}
			if k.kiosk {
				sizes = []viewport{desktop, hd}
			}
			for _, theme := range []string{"light", "dark"} {
				for _, vp := range sizes {
					step := fmt.Sprintf("%s %s %s %s", k.name, lang, vp.name, theme)
					ctx, cancel := context.WithTimeout(b, time.Minute)
					err := chromedp.Do(ctx, colorScheme(theme), chromedp.EmulateViewport(vp.w, vp.h), chromedp.Navigate(srv.URL+k.path), chromedp.WaitReady(`body`))
					cancel()
					if err != nil {
						t.Errorf("%s: %v", step, err)
						continue
					}
					report(t, step, axe(t, b, string(source)))
				}
			}
		}
	}
}
