package e2e

import (
	"regexp"
	"testing"

	"github.com/chromedp/chromedp"

	"courtside/internal/testkit"
	"courtside/tournament"
)

// TestFrenchInTheBrowser: a French visitor reads times as 14:05 and days as
// 22/11/2026 where the browser shows them in its own time zone; the French
// tournament page, board, TV and a pétanque tournament's pages are
// screenshotted for a person to look at.
func TestFrenchInTheBrowser(t *testing.T) {
	testkit.EndToEnd(t)
	srv, _, demo := site(t)
	hamburg := tournamentNamed(demo, "Hamburg Open 2026")
	lyon := srv.URL + "/t/" + tournamentNamed(demo, "Lyon Pétanque Masters").Tournament.ID // a pétanque club's tournament
	var played *tournament.Match
	for _, m := range hamburg.Matches {
		if m.State == tournament.MatchPlayed && !m.StartTime.IsZero() {
			played = m
			break
		}
	}
	b := browser(t)
	base := srv.URL + "/t/" + hamburg.Tournament.ID
	do := steps(t, b, "french", false)
	do("fr", chromedp.EmulateViewport(1440, 900), chromedp.Navigate(base+"/matches/"+played.ID+"?lang=fr"), chromedp.WaitVisible(`html[lang="fr"] time[data-local][title]`))
	text, err := chromedp.Run(b, chromedp.Evaluate[string](`document.querySelector("time[data-local]").textContent`))
	if err != nil {
		t.Fatal(err)
	}
	title, err := chromedp.Run(b, chromedp.Evaluate[string](`document.querySelector("time[data-local]").title`))
	if err != nil {
		t.Fatal(err)
	}
	// The demo's venue is in Hamburg: the tooltip names its zone, in French.
	if !regexp.MustCompile(`^\d\d:\d\d$`).MatchString(text) || !regexp.MustCompile(`^\d\d/\d\d/\d{4}, \d\d:\d\d, heure locale \(Europe/Berlin\)$`).MatchString(title) {
		t.Errorf("French: the time reads %q, its title %q", text, title)
	}
	screenshot(t, b, "french-match-1440")

	pages := []struct {
		name, path, ready string
		w, h              int64
	}{
		{"french-tournament-1440", base, `main h1`, 1440, 900},
		{"french-tournament-390", base, `main h1`, 390, 844},
		{"french-board-1440", base + "/courts", `[data-testid="court"]`, 1440, 900},
		{"french-board-390", base + "/courts", `[data-testid="court"]`, 390, 844},
		{"french-tv-1920", base + "/tv", `[data-testid="tv-panel"]`, 1920, 1080},
		{"french-petanque-1440", lyon, `main h1`, 1440, 900},
		{"french-petanque-board-390", lyon + "/courts", `[data-testid="court"]`, 390, 844},
		{"french-petanque-tv-1920", lyon + "/tv", `[data-testid="tv-panel"]`, 1920, 1080},
		{"french-standings-390", base + "/groups/" + hamburg.Tournament.Disciplines[3].Stages[0].Groups[0].ID, `[data-testid="standings"]`, 390, 844},
	}
	for _, p := range pages {
		do(p.name, chromedp.EmulateViewport(p.w, p.h), chromedp.Navigate(p.path), chromedp.WaitVisible(p.ready))
		if lang, err := chromedp.Run(b, chromedp.Evaluate[string](`document.documentElement.lang`)); err != nil || lang != "fr" {
			t.Errorf("%s: <html lang=%q> %v", p.name, lang, err)
		}
		screenshot(t, b, p.name)
	}
}
