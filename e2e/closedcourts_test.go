package e2e

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"courtside/cache/cachetest"
	"courtside/tournament"
)

// closedLine is what a TV shows of its free and closed courts, as a person
// reads it: each line's text, where it is, its size and its label's colour.
const closedLine = `(() => {
	const read = id => {
		const p = document.querySelector('[data-testid="' + id + '"]');
		if (!p) return null;
		const r = p.getBoundingClientRect(), label = p.querySelector('span');
		return {Text: p.innerText.trim(), Top: r.top, Bottom: r.bottom, Left: r.left, Right: r.right,
			Px: parseFloat(getComputedStyle(p).fontSize), Label: getComputedStyle(label).color};
	};
	return {Free: read('free-courts'), Closed: read('closed-courts'), W: innerWidth, H: innerHeight};
})()`

type tvLine struct {
	Text                     string
	Top, Bottom, Left, Right float64
	Px                       float64
	Label                    string
}

type tvLines struct {
	Free, Closed *tvLine
	W, H         float64
}

// emerald is Tailwind's emerald-400, the colour of the TV's "Free" label.
const emerald = "rgb(52, 211, 153)"

// TestTVDoesNotOfferAClosedCourt closes two tables of a tournament on a
// 1920×1080 TV, one free and one whose match plays on: the "Free" line no
// longer names the free one, a line of its own below the courts reads
// "Closed: Table 7" on the screen, not in the free line's emerald, and the
// other's match keeps its tile, names at 36 px or more, marked as its last
// there; nothing overlaps or is cut. On a phone the closed table's tile
// reads "Closed", not in emerald, and its card's page says it is closed.
func TestTVDoesNotOfferAClosedCourt(t *testing.T) {
	srv, store, demo := site(t)
	snap := hallTournament(t, store, demo.Organizers[0], 4)
	ctx := context.Background()
	id := snap.Tournament.ID
	playing, idle := snap.Tournament.Courts[1], snap.Tournament.Courts[6] // Table 2 with its match, Table 7 free
	for _, c := range []tournament.Court{playing, idle} {
		s, err := store.Snapshot(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := store.Write(ctx, s, func(s *tournament.Snapshot) (*tournament.Change, error) {
			return s.CloseCourt(c.ID, true, cachetest.Now)
		}); err != nil {
			t.Fatal(err)
		}
	}
	source, err := os.ReadFile(nodeModule(t, "axe-core/axe.min.js"))
	if err != nil {
		t.Fatal(err)
	}
	b := browser(t)
	audit := func(step string) { t.Helper(); report(t, "closed "+step, axe(t, b, string(source))) }
	do := steps(t, b, "closed", false)
	do("tv", chromedp.EmulateViewport(1920, 1080), chromedp.Navigate(srv.URL+"/t/"+id+"/tv"), chromedp.WaitVisible(`[data-testid="free-courts"]`))
	// The tiles settle once the fitting script has run.
	if !eventually(b, `document.querySelectorAll('.tv-tile [data-testid="court-name"]').length > 0 && document.fonts.status === 'loaded'`, 30*time.Second) {
		t.Fatal("the TV shows no tiles")
	}
	screenshot(t, b, "closed-tv")
	audit("tv")
	lines, err := chromedp.Run(b, chromedp.Evaluate[tvLines](closedLine))
	if err != nil {
		t.Fatal(err)
	}
	if lines.Free == nil {
		t.Fatal("the TV shows no free line")
	}
	free := strings.Split(strings.TrimSpace(lines.Free.Text[strings.Index(lines.Free.Text, ":")+1:]), " · ")
	for _, name := range free {
		if name == idle.Name {
			t.Errorf("the TV's free line names the closed %s: %q", idle.Name, lines.Free.Text)
		}
	}
	if !strings.Contains(lines.Free.Text, "Table 5") {
		t.Errorf("the free line lost the free Table 5: %q", lines.Free.Text)
	}
	if c := lines.Closed; c == nil {
		t.Errorf("the TV does not say that %s is closed", idle.Name)
	} else {
		if got, want := strings.ToLower(c.Text), "closed: "+strings.ToLower(idle.Name); got != want {
			t.Errorf("the closed line reads %q, want %q", c.Text, want)
		}
		if c.Top < 0 || c.Left < 0 || c.Bottom > lines.H || c.Right > lines.W || c.Px < 24 {
			t.Errorf("the closed line is not on the screen at 24 px or more: %+v", *c)
		}
		if c.Label == emerald || c.Label == lines.Free.Label {
			t.Errorf("the closed line's label is in the free line's colour %s", c.Label)
		}
	}
	tiles, err := chromedp.Run(b, chromedp.Evaluate[[]tileName](readTileNames))
	if err != nil {
		t.Fatal(err)
	}
	onTile := map[string]bool{}
	for _, n := range tiles {
		onTile[n.Court] = true
		if n.Px < 36 || n.Cut {
			t.Errorf("Table %s: %q at %.1f px, cut %v", n.Court, n.Name, n.Px, n.Cut)
		}
	}
	if onTile["7"] || !onTile["2"] {
		t.Errorf("tiles of tables %v: want Table 2's match and no tile for the closed, free Table 7", onTile)
	}
	closing, err := chromedp.Run(b, chromedp.Evaluate[string](`(document.querySelector('[data-court="2"] [data-testid="court-closing"]') || {innerText: ''}).innerText`))
	if err != nil {
		t.Fatal(err)
	}
	if closing != "Closes after this match" {
		t.Errorf("Table 2's tile says %q about the table", closing)
	}
	problems, err := chromedp.Run(b, chromedp.Evaluate[[]string](layoutProblems+`('body')`))
	if err != nil {
		t.Fatal(err)
	}
	if len(problems) > 0 {
		t.Errorf("%s", strings.Join(problems, "\n"))
	}

	// The phone's court board and the closed table's card.
	phone := steps(t, b, "closed", true)
	phone("phone", chromedp.EmulateViewport(390, 844), chromedp.Navigate(srv.URL+"/t/"+id+"/courts"), chromedp.WaitVisible(`[data-court="7"] [data-testid="closed"]`))
	seen, err := chromedp.Run(b, chromedp.Evaluate[[]string](`(() => {
		const p = document.querySelector('[data-court="7"] [data-testid="closed"]');
		return [p.innerText.trim(), getComputedStyle(p).color, String(document.querySelectorAll('[data-court="7"] [data-testid="free"]').length)];
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if seen[0] != "CLOSED" || seen[2] != "0" || strings.HasPrefix(seen[1], "rgb(4, 120, 87)") || seen[1] == emerald {
		t.Errorf("on the phone the closed Table 7 reads %q in %s, with %s free marks", seen[0], seen[1], seen[2])
	}
	audit("phone")
	codes, err := store.CourtCodes(ctx, id, []string{idle.ID, playing.ID}, false)
	if err != nil {
		t.Fatal(err)
	}
	phone("card", chromedp.Navigate(srv.URL+"/c/"+codes[idle.ID]), chromedp.WaitVisible(`[data-testid="no-match"][data-closed]`))
	text, err := chromedp.Run(b, chromedp.Evaluate[string](`document.querySelector('[data-testid="no-match"]').innerText`))
	if err != nil {
		t.Fatal(err)
	}
	if want := idle.Name + " is closed: no match is called to it any more."; strings.TrimSpace(text) != want {
		t.Errorf("the closed table's card page reads %q, want %q", text, want)
	}
	audit("card")
	phone("card-playing", chromedp.Navigate(srv.URL+"/c/"+codes[playing.ID]), chromedp.WaitVisible(`[data-testid="court-closing"]`), chromedp.WaitVisible(`[data-testid="court-match"]`))
	audit("card-playing")
	screenshotAt(t, b, "closed-desktop", 1440, 900, srv.URL+"/t/"+id+"/courts")
	audit("desktop")
	if err := chromedp.Do(b, emulateDark()); err != nil {
		t.Fatal(err)
	}
	screenshotAt(t, b, "closed-desktop-dark", 1440, 900, srv.URL+"/t/"+id+"/courts")
	audit("desktop dark")
}

// screenshotAt saves the page at address as seen on a screen of w×h.
func screenshotAt(t *testing.T, b context.Context, name string, w, h int64, address string) {
	t.Helper()
	if err := chromedp.Do(b, chromedp.EmulateViewport(w, h), chromedp.Navigate(address), chromedp.WaitVisible(`#board`)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, b, name)
}
