package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// readTextSizes is every piece of text on the screen as a person sees it:
// its kind (the data-testid or class that says what it is), the size it is
// drawn at (its font's, times any scale it is shown at) and the text.
const readTextSizes = `(() => {
	const out = [];
	const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n = walk.nextNode(); n; n = walk.nextNode()) {
		if (!n.textContent.trim()) continue;
		const el = n.parentElement;
		if (el.closest('.sr-only, [hidden], svg, script, style') || !el.offsetParent) continue;
		if (getComputedStyle(el).visibility === 'hidden') continue;
		let box = el;
		while (box.parentElement && getComputedStyle(box).display.startsWith('inline')) box = box.parentElement;
		const scale = box.offsetWidth ? box.getBoundingClientRect().width / box.offsetWidth : 1;
		const kinded = el.closest("[data-testid]");
		out.push({Kind: kinded ? kinded.dataset.testid : el.tagName.toLowerCase(), Px: parseFloat(getComputedStyle(el).fontSize) * scale,
			Text: n.textContent.trim(), Featured: !!el.closest('[data-featured]')});
	}
	return out;
})()`

type textSize struct {
	Kind, Text string
	Px         float64
	Featured   bool
}

// largeKinds are what a spectator reads first: names and scores, at least 36 px.
var largeKinds = map[string]bool{"court-name": true, "court-score": true}

// checkTVText fails the test for text on a 1920×1080 TV below 24 px (names
// and scores below 36 px), and for a kind of text drawn at different sizes
// on one screen (a featured tile has sizes of its own).
func checkTVText(t *testing.T, what string, texts []textSize) {
	t.Helper()
	if len(texts) == 0 {
		t.Fatalf("%s: no text on the screen", what)
	}
	type span struct {
		lo, hi         float64
		small, largest string
	}
	kinds := map[string]*span{}
	for _, x := range texts {
		floor := 24.0
		if largeKinds[x.Kind] {
			floor = 36
		}
		if x.Px < floor-0.05 {
			t.Errorf("%s: %s %q at %.1f px, below %.0f px", what, x.Kind, x.Text, x.Px, floor)
		}
		kind := x.Kind
		if x.Featured {
			kind += " (featured)"
		}
		k := kinds[kind]
		if k == nil {
			k = &span{lo: x.Px, hi: x.Px, small: x.Text, largest: x.Text}
			kinds[kind] = k
		}
		if x.Px < k.lo {
			k.lo, k.small = x.Px, x.Text
		}
		if x.Px > k.hi {
			k.hi, k.largest = x.Px, x.Text
		}
	}
	for kind, k := range kinds {
		// Half a pixel is what measuring a scaled box rounds to.
		if k.hi-k.lo > 0.5 && kind != "span" && kind != "p" && kind != "li" {
			t.Errorf("%s: %s drawn from %.1f px (%q) to %.1f px (%q) on one screen", what, kind, k.lo, k.small, k.hi, k.largest)
		}
	}
}

// TestTVTextReadsFromFiveMetres puts ten busy tables, doubles and singles
// with long round lines, on a 1920×1080 TV in English and German: all the
// text a spectator reads is at least 24 px, names and scores at least
// 36 px, each kind of text (court labels, round lines, the next matches,
// the last results) one size on the screen, and nothing is cut or overlaps.
// (Round lines were 10.8 to 16.8 px and differed from tile to tile, the
// minutes played and the sets 15.5 px.)
func TestTVTextReadsFromFiveMetres(t *testing.T) {
	srv, store, demo := site(t)
	snap := hallTournament(t, store, demo.Organizers[0], 10)
	b := browser(t)
	for _, lang := range []string{"en", "de"} {
		do := steps(t, b, "tv-sizes-"+lang, false)
		do("open", chromedp.EmulateViewport(1920, 1080), chromedp.Navigate(srv.URL+"/t/"+snap.Tournament.ID+"/tv?lang="+lang),
			chromedp.WaitVisible(`.tv-tile [data-testid="court-name"]`))
		screenshot(t, b, "tv-sizes-"+lang)
		texts, err := chromedp.Run(b, chromedp.Evaluate[[]textSize](readTextSizes))
		if err != nil {
			t.Fatal(err)
		}
		checkTVText(t, lang, texts)
		tiles, err := chromedp.Run(b, chromedp.Evaluate[int](`document.querySelectorAll('.tv-tile').length`))
		if err != nil {
			t.Fatal(err)
		}
		if tiles != 10 {
			t.Errorf("%s: %d tiles, want ten", lang, tiles)
		}
		problems, err := chromedp.Run(b, chromedp.Evaluate[[]string](layoutProblems+`('body')`))
		if err != nil {
			t.Fatal(err)
		}
		if len(problems) > 0 {
			t.Errorf("%s:\n%s", lang, strings.Join(problems, "\n"))
		}
	}
}
