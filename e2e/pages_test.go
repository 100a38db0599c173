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

// TestAStaleStartCountsNoMinutes: a court's minute count runs from its
// match's start, but a start longer ago than any match lasts (a match left
// running for a week counted "9866'") shows the start's time of day instead.
func TestAStaleStartCountsNoMinutes(t *testing.T) {
	srv, _, demo := site(t)
	hamburg := tournamentNamed(demo, "Hamburg Open 2026")
	b := browser(t)
	if err := chromedp.Do(b, chromedp.EmulateViewport(1440, 900),
		chromedp.Navigate(srv.URL+"/t/"+hamburg.Tournament.ID+"/courts"), chromedp.WaitVisible(`[data-testid="court-since"]`)); err != nil {
		t.Fatal(err)
	}
	texts, err := chromedp.Run(b, chromedp.Evaluate[[]string](`(() => {
		const since = document.querySelectorAll('[data-testid="court-since"]');
		if (since.length < 2) return [];
		since[0].setAttribute('data-since', new Date(Date.now() - 7 * 24 * 3600e3).toISOString());
		since[1].setAttribute('data-since', new Date(Date.now() - 12 * 60e3 - 5e3).toISOString());
		document.dispatchEvent(new Event('htmx:afterSettle'));
		return [since[0].textContent, since[1].textContent];
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	screenshot(t, b, "pages-stale-start-desktop")
	if len(texts) != 2 {
		t.Fatal("the board shows fewer than two running courts")
	}
	if strings.HasSuffix(texts[0], "'") || !strings.Contains(texts[0], ":") {
		t.Errorf("a match started a week ago shows %q, want its time of day", texts[0])
	}
	if texts[1] != "12'" {
		t.Errorf("a match started 12 minutes ago shows %q", texts[1])
	}
}
