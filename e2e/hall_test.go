package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// layoutProblems reads what a person sees inside the element scope: every
// visible piece of text must lie wholly on the screen and inside the box of
// each of its ancestors that hides overflow, and no two pieces of text may
// overlap. It returns what breaks that, in words.
const layoutProblems = `((scope) => {
	const root = document.querySelector(scope);
	if (!root) return ['nothing matches ' + scope];
	const texts = [];
	const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
	for (let n = walk.nextNode(); n; n = walk.nextNode()) {
		if (!n.textContent.trim()) continue;
		const el = n.parentElement;
		if (el.closest('.sr-only, [hidden], svg') || !el.offsetParent && getComputedStyle(el).position !== 'fixed') continue;
		const s = getComputedStyle(el);
		if (s.visibility === 'hidden' || s.opacity === '0') continue;
		const range = document.createRange();
		range.selectNodeContents(n);
		for (const r of range.getClientRects()) if (r.width > 0.5 && r.height > 0.5) texts.push({el, r, t: n.textContent.trim()});
	}
	const out = [];
	const W = innerWidth, H = innerHeight;
	for (const x of texts) {
		if (x.r.left < -0.5 || x.r.top < -0.5 || x.r.right > W + 0.5 || x.r.bottom > H + 0.5) out.push('off the screen: ' + x.t);
		for (let a = x.el; a && a !== document.body; a = a.parentElement) {
			const s = getComputedStyle(a);
			if (s.overflow === 'visible' && s.overflowX === 'visible' && s.overflowY === 'visible') continue;
			const b = a.getBoundingClientRect();
			if (x.r.left < b.left - 1 || x.r.right > b.right + 1 || x.r.top < b.top - 1 || x.r.bottom > b.bottom + 1) { out.push('cut: ' + x.t); break; }
		}
	}
	for (let i = 0; i < texts.length; i++) for (let j = i + 1; j < texts.length; j++) {
		const a = texts[i].r, b = texts[j].r;
		const w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
		if (w > 1 && h > 1) out.push('overlap: ' + texts[i].t + ' / ' + texts[j].t);
	}
	return [...new Set(out)];
})`

// TestFinishedTVGivesThePrizes finishes the six disciplines of the Hamburg
// Open and puts its TV on a 1920×1080 screen: it gives the prizes one
// discipline at a time, full screen, each podium with its final's score,
// and nothing on any of them overlaps or is cut. (It once showed all six
// podiums at once, spilling over each other, the clock and the QR code.)
func TestFinishedTVGivesThePrizes(t *testing.T) {
	srv, store, demo := site(t)
	hamburg := tournamentNamed(demo, "Hamburg Open 2026")
	snap := playOut(t, store, hamburg.Tournament.ID)
	if snap.Tournament.State != "finished" {
		t.Fatalf("the Hamburg Open is %s after playing every match", snap.Tournament.State)
	}
	b := browser(t)
	do := steps(t, b, "prize-giving", false)
	do("open", chromedp.EmulateViewport(1920, 1080), chromedp.Navigate(srv.URL+"/t/"+hamburg.Tournament.ID+"/tv"), chromedp.WaitVisible(`[data-court-page]:not([hidden]) [data-testid="podium"]`))
	pages, err := chromedp.Run(b, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="podium"]').length`))
	if err != nil {
		t.Fatal(err)
	}
	if pages != 6 {
		t.Fatalf("%d podiums, want one for each of the six disciplines", pages)
	}
	for i := range pages {
		do(fmt.Sprintf("podium %d", i+1), chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelectorAll('[data-testid="podium"]').forEach((p, i) => p.closest('[data-court-page]').hidden = i !== %d); window.dispatchEvent(new Event('resize'))`, i)))
		screenshot(t, b, fmt.Sprintf("prize-giving-%d", i+1))
		shown, err := chromedp.Run(b, chromedp.Evaluate[int](`[...document.querySelectorAll('[data-testid="podium"]')].filter(p => p.offsetParent).length`))
		if err != nil {
			t.Fatal(err)
		}
		if shown != 1 {
			t.Errorf("podium %d: %d podiums on the screen at once, want one", i+1, shown)
		}
		problems, err := chromedp.Run(b, chromedp.Evaluate[[]string](layoutProblems+`('body')`))
		if err != nil {
			t.Fatal(err)
		}
		if len(problems) > 0 {
			t.Errorf("podium %d:\n%s", i+1, strings.Join(problems, "\n"))
		}
		facts, err := chromedp.Run(b, chromedp.Evaluate[[]string](`(() => {
			const p = [...document.querySelectorAll('[data-testid="podium"]')].find(p => p.offsetParent);
			const box = p.getBoundingClientRect();
			const winner = p.querySelector('[data-testid="podium-place"]');
			const out = [];
			if (box.width * box.height < 0.5 * innerWidth * innerHeight) out.push('the podium takes ' + Math.round(100 * box.width * box.height / innerWidth / innerHeight) + '% of the screen');
			if (!winner || parseFloat(getComputedStyle(winner).fontSize) < 48) out.push('the winner is ' + (winner ? getComputedStyle(winner).fontSize : 'missing'));
			return out;
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		if len(facts) > 0 {
			t.Errorf("podium %d: %s", i+1, strings.Join(facts, "; "))
		}
	}
	finals, err := chromedp.Run(b, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="podium-final"]').length`))
	if err != nil {
		t.Fatal(err)
	}
	if finals < 2 { // the two knock-outs and the double elimination end in a final
		t.Errorf("%d podiums show their final's score, want the knock-outs' at least", finals)
	}
}
