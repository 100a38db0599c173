package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// colours reads, in the page, the contrast between the text and the
// background that shows behind it for every element the selector matches, as
// WCAG computes it. It returns the lowest contrast and the page's background.
const colours = `((selector) => {
	const rgb = s => (s.match(/[\d.]+/g) || []).map(Number);
	const lum = c => {
		const [r, g, b] = c.slice(0, 3).map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
		return 0.2126 * r + 0.7152 * g + 0.0722 * b;
	};
	const behind = el => {
		for (; el; el = el.parentElement) {
			const c = rgb(getComputedStyle(el).backgroundColor);
			if (c.length >= 3 && (c.length < 4 || c[3] > 0.5)) return c;
		}
		return [255, 255, 255];
	};
	let lowest = 21, worst = '';
	for (const el of document.querySelectorAll(selector)) {
		if (!el.offsetParent || !el.textContent.trim()) continue;
		const a = lum(rgb(getComputedStyle(el).color)), b = lum(behind(el));
		const r = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
		if (r < lowest) { lowest = r; worst = el.tagName + '.' + el.className + ': ' + el.textContent.trim().slice(0, 40); }
	}
	return {lowest, worst, page: lum(behind(document.body))};
})`

type contrast struct {
	Lowest float64 `json:"lowest"`
	Worst  string  `json:"worst"` // the element with the lowest contrast
	Page   float64 `json:"page"`
}

// TestDarkModeShipsAndReads: a phone set to dark mode gets the dark theme
// (the first version shipped no dark: rule at all), and text on the home,
// tournament, board and group pages keeps AA contrast in both themes.
func TestDarkModeShipsAndReads(t *testing.T) {
	srv, _, demo := site(t)
	ctx := browser(t)
	id := demo.Tournaments[0].Tournament.ID
	group := demo.Tournaments[0].Tournament.Disciplines[0].Stages[0].Groups[0].ID
	for _, dark := range []bool{false, true} {
		if dark {
			if err := chromedp.Do(ctx, emulateDark()); err != nil {
				t.Fatal(err)
			}
		}
		for _, path := range []string{"/", "/t/" + id, "/t/" + id + "/courts", "/t/" + id + "/groups/" + group} {
			if err := chromedp.Do(ctx,
				chromedp.EmulateViewport(390, 844),
				chromedp.Navigate(srv.URL+path),
				chromedp.WaitVisible(`main`),
			); err != nil {
				t.Fatal(err)
			}
			c, err := chromedp.Run(ctx, chromedp.Evaluate[contrast](colours+`("main h1, main h2, main p, main td, main li, main a")`))
			if err != nil {
				t.Fatal(err)
			}
			if dark && c.Page > 0.1 || !dark && c.Page < 0.5 {
				t.Errorf("%s (dark %v): the page's background has luminance %.2f", path, dark, c.Page)
			}
			if c.Lowest < 4.5 {
				t.Errorf("%s (dark %v): text at a contrast of %.2f, below AA's 4.5: %s", path, dark, c.Lowest, c.Worst)
			}
		}
	}
}
