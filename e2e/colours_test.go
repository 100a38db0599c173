package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"

	"courtside/internal/testkit"
)

// lowestContrast reads, in the page, the lowest contrast between the text of
// the elements the selector matches and what shows behind it (WCAG), which
// element that is, and the luminance of the page's background.
const lowestContrast = `((selector) => {
	let lowest = 21, worst = '';
	for (const el of document.querySelectorAll(selector)) {
		if (!el.offsetParent || !el.textContent.trim()) continue;
		const r = contrast(el);
		if (r < lowest) { lowest = r; worst = el.tagName + '.' + el.className + ': ' + el.textContent.trim().slice(0, 40); }
	}
	return {lowest, worst, page: luminance(effectiveBg(document.body))};
})`

type contrast struct {
	Lowest float64 `json:"lowest"`
	Worst  string  `json:"worst"` // the element with the lowest contrast
	Page   float64 `json:"page"`
}

// TestDarkModeShipsAndReads: a phone set to dark mode gets the dark theme
// (the first version shipped no dark: rule at all, as Tailwind dropped the
// variant), and text on the home,
// tournament, board and group pages keeps AA contrast in both themes.
func TestDarkModeShipsAndReads(t *testing.T) {
	testkit.EndToEnd(t)
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
			c, err := chromedp.Run(ctx, chromedp.Evaluate[contrast](contrastJS+lowestContrast+`("main h1, main h2, main p, main td, main li, main a")`))
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
