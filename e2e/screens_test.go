package e2e

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/internal/testkit"
	"courtside/tournament"
	"courtside/web"
)

// TestOrganizerSteersAScreen puts a TV up at /t/{id}/screens/hall, then sets
// it from the console on a phone: a message, then a group's standings. The
// TV follows each within one poll. A bad setting is refused with its message
// next to the field, and the TV keeps what it showed.
func TestOrganizerSteersAScreen(t *testing.T) {
	testkit.EndToEnd(t)
	store, demo := cachetest.Demo(t)
	h, err := web.Routes(web.Config{Store: store, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), RateLimit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	lyon := tournamentNamed(demo, "Lyon Pétanque Masters")
	token, _, err := store.CreateToken(context.Background(), lyon.Tournament.OrganizerID, "screens")
	if err != nil {
		t.Fatal(err)
	}
	var group *tournament.Group
	for _, d := range lyon.Tournament.Disciplines {
		for _, s := range d.Stages {
			for i := range s.Groups {
				if group == nil && !s.Groups[i].Mode.IsBracket() && s.State != tournament.PhasePlanned {
					group = &s.Groups[i]
				}
			}
		}
	}
	tv := browser(t)
	if err := chromedp.Do(tv, chromedp.EmulateViewport(1920, 1080), chromedp.Navigate(srv.URL+"/t/"+lyon.Tournament.ID+"/screens/hall"),
		chromedp.WaitVisible(`[data-testid="screen"] [data-testid="court"]`)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, tv, "screen-1-courts")

	phone, cancel := chromedp.NewContext(tv) // a second tab: the organizer's phone
	defer cancel()
	if err := chromedp.Do(phone, chromedp.EmulateViewport(390, 844)); err != nil {
		t.Fatal(err)
	}
	signIn(t, phone, srv.URL, token)
	if err := chromedp.Do(phone, chromedp.Navigate(srv.URL+"/admin/t/"+lyon.Tournament.ID), chromedp.Click(`[data-testid="screens-link"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="screens"]`)); err != nil {
		t.Fatal(err)
	}
	newForm := `[data-testid="screen-form"][data-screen=""]`

	// A rotation of one view: 422, the message next to the views.
	if err := chromedp.Do(phone,
		chromedp.SendKeys(newForm+` input[name="name"]`, "hall"),
		chromedp.Click(newForm+` input[name="show"][value="rotation"]`),
		chromedp.Click(newForm+` input[name="rotate"][value="courts"]`),
		chromedp.Click(newForm+` [data-testid="save-screen"]`),
		chromedp.WaitVisible(`[data-testid="field-error"][data-field="rotate"]`),
	); err != nil {
		t.Fatalf("a rotation of one view shows no error: %v", err)
	}
	screenshot(t, phone, "screen-2-console-422")
	nextToField(t, phone, `[data-testid="field-error"][data-field="rotate"]`, newForm+` fieldset:has([name="rotate"]) label:last-of-type`)
	// Nothing of the refused setting was kept: what the TV polls for is still its courts.
	if _, err := store.Screen(context.Background(), lyon.Tournament.ID, "hall"); !errors.Is(err, cache.ErrNotFound) {
		t.Errorf("a refused setting was kept: %v", err)
	}
	if text, _ := chromedp.Run(tv, chromedp.Evaluate[bool](`!!document.querySelector('[data-testid="screen"] [data-testid="court"]')`)); !text {
		t.Error("the TV stopped showing its courts after a refused setting")
	}

	// A message for the hall.
	message := "Final on Table 1 in 5 minutes"
	if err := chromedp.Do(phone,
		chromedp.SetValue(newForm+` input[name="message"]`, message),
		chromedp.Click(newForm+` input[name="show"][value="message"]`),
		chromedp.Click(newForm+` [data-testid="save-screen"]`),
		chromedp.WaitVisible(`[data-testid="flash"]`),
	); err != nil {
		t.Fatal(err)
	}
	screenshot(t, phone, "screen-3-console-saved")
	followsWithinAPoll(t, tv, fmt.Sprintf(`document.querySelector('[data-testid="screen-message"]')?.textContent.trim() === %q`, message))
	screenshot(t, tv, "screen-4-message")

	// Then the group's standings.
	hall := `[data-testid="screen-form"][data-screen="hall"]`
	if err := chromedp.Do(phone,
		chromedp.Click(hall+` input[name="show"][value="standings"]`),
		chromedp.SetValue(hall+` select[name="group"]`, group.ID),
		chromedp.Click(hall+` [data-testid="save-screen"]`),
		chromedp.WaitVisible(`[data-testid="flash"]`),
	); err != nil {
		t.Fatal(err)
	}
	followsWithinAPoll(t, tv, `!!document.querySelector('[data-testid="screen"] [data-testid="standings"]')`)
	screenshot(t, tv, "screen-5-standings")
	readable(t, tv, `[data-testid="screen"] [data-testid="standings"] td, [data-testid="screen"] [data-testid="standings"] th`, 4.5)
}

// followsWithinAPoll waits for the screen to show what cond says, at most one 3 s poll and a margin.
func followsWithinAPoll(t *testing.T, b context.Context, cond string) {
	t.Helper()
	if _, err := chromedp.Run(b, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Fatalf("the screen did not follow within one poll (%s): %v", cond, err)
	}
}

// nextToField checks an error message sits right under its field, where the eye is.
func nextToField(t *testing.T, b context.Context, msg, field string) {
	t.Helper()
	gap, err := chromedp.Run(b, chromedp.Evaluate[float64](fmt.Sprintf(`(() => {
		const m = document.querySelector(%q).getBoundingClientRect(), f = document.querySelector(%q).getBoundingClientRect();
		return m.top - f.bottom;
	})()`, msg, field)))
	if err != nil {
		t.Fatal(err)
	}
	if gap < 0 || gap > 24 {
		t.Errorf("the message %s is %.0f px from its field %s", msg, gap, field)
	}
}

// readable checks every element the selector finds is visible text with at least the contrast ratio.
func readable(t *testing.T, b context.Context, selector string, ratio float64) {
	t.Helper()
	bad, err := chromedp.Run(b, chromedp.Evaluate[[]string](contrastJS+fmt.Sprintf(`[...document.querySelectorAll(%q)].filter(el => el.offsetParent && el.textContent.trim() && contrast(el) < %f).slice(0, 5).map(el => el.textContent.trim() + " " + contrast(el).toFixed(2))`, selector, ratio)))
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) > 0 {
		t.Errorf("%s: text below %.1f:1 contrast: %s", selector, ratio, strings.Join(bad, "; "))
	}
}
