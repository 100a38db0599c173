package e2e

import (
	"context"
	"regexp"
	"testing"

	"github.com/chromedp/chromedp"

	"courtside/internal/testkit"
	"courtside/tournament"
)

// TestGermanInTheBrowser: a German visitor reads times as 14:05 and days as
// 22.11.2026 where the browser shows them in its own time zone, an English
// one as 02:05 PM; the German board, TV, TV setup, console and screens are
// screenshotted for a person to look at.
func TestGermanInTheBrowser(t *testing.T) {
	testkit.EndToEnd(t)
	srv, store, demo := site(t)
	hamburg := tournamentNamed(demo, "Hamburg Open 2026")
	var played *tournament.Match
	for _, m := range hamburg.Matches {
		if m.State == tournament.MatchPlayed && !m.StartTime.IsZero() {
			played = m
			break
		}
	}
	token, _, err := store.CreateToken(context.Background(), hamburg.Tournament.OrganizerID, "Kiosk")
	if err != nil {
		t.Fatal(err)
	}
	b := browser(t)
	base := srv.URL + "/t/" + hamburg.Tournament.ID
	do := steps(t, b, "german", false)
	shownTime := func(lang string) (string, string) {
		t.Helper()
		do(lang, chromedp.EmulateViewport(1440, 900), chromedp.Navigate(base+"/matches/"+played.ID+"?lang="+lang), chromedp.WaitVisible(`time[data-local][title]`))
		text, err := chromedp.Run(b, chromedp.Evaluate[string](`document.querySelector("time[data-local]").textContent`))
		if err != nil {
			t.Fatal(err)
		}
		title, err := chromedp.Run(b, chromedp.Evaluate[string](`document.querySelector("time[data-local]").title`))
		if err != nil {
			t.Fatal(err)
		}
		return text, title
	}
	if text, title := shownTime("de"); !regexp.MustCompile(`^\d\d:\d\d$`).MatchString(text) || !regexp.MustCompile(`^\d{1,2}\.\d{1,2}\.\d{4}, \d\d:\d\d`).MatchString(title) {
		t.Errorf("German: the time reads %q, its title %q", text, title)
	}
	screenshot(t, b, "german-match-1440")
	if text, _ := shownTime("en"); !regexp.MustCompile(`^\d\d:\d\d [AP]M$`).MatchString(text) {
		t.Errorf("English: the time reads %q", text)
	}

	do("de", chromedp.Navigate(srv.URL+"/?lang=de"), chromedp.WaitVisible(`html[lang="de"]`))
	for _, p := range []struct {
		name, path, ready string
		w, h              int64
	}{
		{"german-board-1440", "/courts", `[data-testid="court"]`, 1440, 900},
		{"german-board-390", "/courts", `[data-testid="court"]`, 390, 844},
		{"german-tv-1920", "/tv", `[data-testid="tv-panel"]`, 1920, 1080},
		{"german-tv-setup-1440", "/tv/setup", `[data-testid="tv-setup"]`, 1440, 900},
		{"german-bracket-1440", "/groups/" + hamburg.Tournament.Disciplines[5].Stages[0].Groups[0].ID, `[data-testid="bracket"]`, 1440, 900},
		{"german-standings-390", "/groups/" + hamburg.Tournament.Disciplines[3].Stages[0].Groups[0].ID, `[data-testid="standings"]`, 390, 844},
	} {
		do(p.name, chromedp.EmulateViewport(p.w, p.h), chromedp.Navigate(base+p.path), chromedp.WaitVisible(p.ready))
		screenshot(t, b, p.name)
	}
	signIn(t, b, srv.URL, token)
	console := srv.URL + "/admin/t/" + hamburg.Tournament.ID
	for _, p := range []struct {
		name, url, ready string
		w, h             int64
	}{
		{"german-console-390", console, `[data-testid="console-court"]`, 390, 844},
		{"german-console-1440", console, `[data-testid="console-court"]`, 1440, 900},
		{"german-screens-1440", console + "/screens", `[data-testid="screens"]`, 1440, 900},
		{"german-new-1440", srv.URL + "/admin/new", `[data-testid="setup-form"]`, 1440, 900},
	} {
		do(p.name, chromedp.EmulateViewport(p.w, p.h), chromedp.Navigate(p.url), chromedp.WaitVisible(p.ready))
		screenshot(t, b, p.name)
	}
}
