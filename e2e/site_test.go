package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"courtside/internal/testkit"
)

// TestSpectatorFindsAPlayer walks as a spectator would: home, organizer,
// tournament, bracket, a player's page; on a phone and on a desktop.
func TestSpectatorFindsAPlayer(t *testing.T) {
	testkit.EndToEnd(t)
	srv, _, demo := site(t)
	autumn := tournamentNamed(demo, "Autumn Cup 2026")
	for _, vp := range []struct {
		name string
		w, h int64
	}{{"phone", 390, 844}, {"desktop", 1440, 900}} {
		t.Run(vp.name, func(t *testing.T) {
			ctx := browser(t)
			shot := func(step string) {
				screenshot(t, ctx, fmt.Sprintf("site-%s-%s", vp.name, step))
				fitsWidth(t, ctx, step)
			}
			if err := chromedp.Do(ctx,
				chromedp.EmulateViewport(vp.w, vp.h),
				chromedp.Navigate(srv.URL+"/"),
				chromedp.WaitVisible(`[data-testid="organizer-list"]`),
			); err != nil {
				t.Fatal(err)
			}
			shot("1-home")
			steps := []struct {
				name, click, wait, title string
			}{
				{"2-organizer", `a[href="/o/kickerclub-hamburg"]`, `[data-testid="tournament-card"]`, "Kickerclub Hamburg e.V."},
				{"3-tournament", `a[href="/t/` + autumn.Tournament.ID + `"]`, `[data-testid="discipline"]`, "Autumn Cup 2026"},
				{"4-bracket", `[data-testid="group-link"]`, `[data-testid="bracket-match"]`, "Main tree"},
				{"5-player", `[data-testid="standings"] tbody a`, `[data-testid="match"]`, ""},
			}
			for _, s := range steps {
				if err := chromedp.Do(ctx, chromedp.Click(s.click, chromedp.NodeVisible), chromedp.WaitVisible(s.wait)); err != nil {
					t.Fatalf("%s: %v", s.name, err)
				}
				title, _ := chromedp.Run(ctx, chromedp.Title())
				if !strings.HasPrefix(title, s.title) {
					t.Errorf("%s: title %q", s.name, title)
				}
				shot(s.name)
				if s.name == "4-bracket" {
					checkPathHighlight(t, ctx)
				}
			}
			url, _ := chromedp.Run(ctx, chromedp.Location())
			if !strings.Contains(url, "/t/"+autumn.Tournament.ID+"/entries/") {
				t.Errorf("ended on %s, not a player's page", url)
			}
			champion, _ := chromedp.Run(ctx, chromedp.Text(`h1`))
			if champion == "" {
				t.Error("the player page has no name")
			}
		})
	}
}

// checkPathHighlight focuses an entry in the bracket and checks every slot of
// that entry lights up while the others do not.
func checkPathHighlight(t *testing.T, ctx context.Context) {
	t.Helper()
	lit, err := chromedp.Run(ctx, chromedp.Evaluate[[]bool](`(() => {
		const first = document.querySelector('[data-testid="bracket"] [data-entry][tabindex]');
		first.focus();
		const id = first.dataset.entry;
		const outline = el => getComputedStyle(el).outlineStyle === 'solid';
		const same = [...document.querySelectorAll('[data-testid="bracket"] [data-entry="' + id + '"]')];
		const other = document.querySelector('[data-testid="bracket"] [data-entry]:not([data-entry="' + id + '"])');
		return [same.length > 1 && same.every(outline), !outline(other)];
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if len(lit) != 2 || !lit[0] || !lit[1] {
		t.Errorf("focusing an entry: its slots lit %v, another slot unlit %v", lit[0], lit[1])
	}
}
