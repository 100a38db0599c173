package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBothChampionsOnAPhonesFirstScreen: a finished tournament of two
// disciplines names both champions on the first screen of a phone, where a
// spectator looks for who won.
func TestBothChampionsOnAPhonesFirstScreen(t *testing.T) {
	srv, _, demo := site(t)
	night := tournamentNamed(demo, "Club Night 3")
	if len(night.Tournament.Disciplines) != 2 {
		t.Fatalf("Club Night 3 has %d disciplines", len(night.Tournament.Disciplines))
	}
	b := browser(t)
	for _, size := range []struct {
		name string
		w, h int64
	}{{"phone", 390, 844}, {"desktop", 1440, 900}, {"tv", 1920, 1080}} {
		for _, lang := range []string{"en", "de", "fr"} {
			if err := chromedp.Do(b, chromedp.EmulateViewport(size.w, size.h),
				chromedp.Navigate(srv.URL+"/t/"+night.Tournament.ID+"?lang="+lang), chromedp.WaitVisible(`[data-testid="winners"]`)); err != nil {
				t.Fatal(err)
			}
			screenshot(t, b, fmt.Sprintf("pages-champions-%s-%s", lang, size.name))
			// Every champion's name, and whether it is all on the first screen.
			champions, err := chromedp.Run(b, chromedp.Evaluate[[]string](`[...document.querySelectorAll('[data-testid="final-podium"][data-place="1"] p:last-child')].map(c => {
				const name = c.innerText.trim();
				const shown = [...document.querySelectorAll('[data-testid="winners"] *')].find(e => e.children.length === 0 && e.textContent.trim() === name);
				const r = shown.getBoundingClientRect();
				return name + '|' + (r.bottom <= innerHeight && r.top >= 0 && r.height > 0);
			})`))
			if err != nil {
				t.Fatal(err)
			}
			if len(champions) < 2 {
				t.Fatalf("%s %s: %q: want a champion of each discipline", size.name, lang, champions)
			}
			for _, c := range champions {
				if name, seen, _ := strings.Cut(c, "|"); seen != "true" {
					t.Errorf("%s %s: the champion %q is not on the first screen", size.name, lang, name)
				}
			}
		}
	}
}
