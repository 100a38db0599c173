package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"courtside/internal/testkit"
)

// TestTVNamesReadAcrossTheHall: on a 1920×1080 TV of ten courts, every name
// in a court's tile is at least 24 px (1.25 vw) high, live matches' too; so
// is every name in a group's standings of six, in rows higher than the text. The live tiles' scores once
// overflowed their tiles on their own, so the fitting script shrank those
// names to its floor, 16 px; the standings kept the page's 14 px.
func TestTVNamesReadAcrossTheHall(t *testing.T) {
	testkit.EndToEnd(t)
	srv, _, demo := site(t)
	b := browser(t)
	hamburg := tournamentNamed(demo, "Hamburg Open 2026")
	if err := chromedp.Do(b, chromedp.EmulateViewport(1920, 1080), chromedp.Navigate(srv.URL+"/t/"+hamburg.Tournament.ID+"/tv"), chromedp.WaitVisible(`.tv-tile [data-testid="court-name"]`)); err != nil {
		t.Fatal(err)
	}
	small, err := chromedp.Run(b, chromedp.Evaluate[[]string](`[...document.querySelectorAll('.tv-tile [data-testid="court-name"]')]
		.filter(n => parseFloat(getComputedStyle(n).fontSize) < 24)
		.map(n => n.closest('[data-court]').dataset.court + ': ' + n.textContent.trim() + ' at ' + getComputedStyle(n).fontSize)`))
	if err != nil {
		t.Fatal(err)
	}
	if len(small) > 0 {
		t.Errorf("names on the TV below 24 px:\n%s", strings.Join(small, "\n"))
	}

	pools := hamburg.Tournament.Disciplines[1].Stages[0].Groups[0].ID
	if err := chromedp.Do(b, chromedp.Navigate(srv.URL+"/t/"+hamburg.Tournament.ID+"/tv?rotate=standings:"+pools)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(b, showPanel(1)...); err != nil {
		t.Fatal(err)
	}
	// The size a person sees: the font's, times the scale the panel is fitted with.
	small, err = chromedp.Run(b, chromedp.Evaluate[[]string](`(() => {
		const names = [...document.querySelectorAll('[data-panel]:not([hidden]) [data-testid="standing-name"]')];
		const seen = n => parseFloat(getComputedStyle(n).fontSize) * n.getBoundingClientRect().height / n.offsetHeight;
		if (names.length < 6) return ['only ' + names.length + ' names in the standings'];
		const high = n => n.getBoundingClientRect().height;
		return names.filter(n => seen(n) < 24 || high(n) < 1.2 * seen(n))
			.map(n => n.textContent.trim() + ' at ' + seen(n).toFixed(1) + ' px in a row ' + high(n).toFixed(1) + ' px high');
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if len(small) > 0 {
		t.Errorf("names in the TV's standings below 24 px, or in rows lower than their text:\n%s", strings.Join(small, "\n"))
	}
}
