package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"courtside/tournament"
)

// TestCallToCourtWhereTheFingerIs calls a match to a court on a 390×844
// phone by tapping its button half way down the queue: the message that it
// was called shows where the finger is, in the viewport; no other button
// slides under the finger, even after the console refreshes; Undo takes the
// call back; and once the match is finished, the result page offers the
// next match for the court it freed. (The message appeared 1,700–3,500 px
// above the tap, vanished at the next refresh, and the next card's button
// slid under the finger.)
func TestCallToCourtWhereTheFingerIs(t *testing.T) {
	srv, store, demo := site(t)
	lyon := tournamentNamed(demo, "Lyon Pétanque Masters")
	token, _, err := store.CreateToken(context.Background(), lyon.Tournament.OrganizerID, "Jean at the terrain")
	if err != nil {
		t.Fatal(err)
	}
	b := browser(t)
	console := "/admin/t/" + lyon.Tournament.ID
	do := steps(t, b, "call-phone", false)
	do("sign in", chromedp.EmulateViewport(390, 844))
	signIn(t, b, srv.URL, token)
	do("console", chromedp.Navigate(srv.URL+console), chromedp.WaitVisible(`[data-testid="queue-item"]`))
	items, err := chromedp.Run(b, chromedp.Evaluate[[]string](`[...document.querySelectorAll('[data-testid="queue-item"]')].filter(li => li.querySelector('[data-testid="call"]:not([disabled])')).map(li => li.dataset.match)`))
	if err != nil {
		t.Fatal(err)
	}
	if len(items) < 4 {
		t.Fatalf("%d matches can be called, want a queue of four at least", len(items))
	}
	id := items[2]
	button := fmt.Sprintf(`[data-testid="queue-item"][data-match="%s"] [data-testid="call"]`, id)
	type point struct{ X, Y, ScrollY float64 }
	at, err := chromedp.Run(b, chromedp.Evaluate[point](`(() => {
		const b = document.querySelector('`+button+`');
		b.scrollIntoView({block: 'center'});
		const r = b.getBoundingClientRect();
		return {X: r.left + r.width / 2, Y: r.top + r.height / 2, ScrollY: scrollY};
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if at.ScrollY < 100 {
		t.Fatalf("the third match's button is %0.f px down the page: not far enough to test the message's place", at.Y+at.ScrollY)
	}
	card := fmt.Sprintf(`[data-testid="called-card"][data-match="%s"]`, id)
	do("tap", chromedp.MouseClickXY(at.X, at.Y), chromedp.WaitVisible(card))
	screenshot(t, b, "call-phone-called")
	// what the finger sees: the message in the viewport near the tap, and under the finger no other match's button
	check := func(when string) {
		t.Helper()
		type seen struct {
			Top, Bottom float64
			Under       string
		}
		s, err := chromedp.Run(b, chromedp.Evaluate[seen](fmt.Sprintf(`(() => {
			const m = document.querySelector('%s [data-testid="called-message"]').getBoundingClientRect();
			const el = document.elementFromPoint(%f, %f);
			const li = el && el.closest('[data-match]');
			const btn = el && el.closest('button');
			return {Top: m.top, Bottom: m.bottom, Under: btn && li && li.dataset.match !== '%s' ? 'the button of match ' + li.dataset.match : ''};
		})()`, card, at.X, at.Y, id)))
		if err != nil {
			t.Fatal(err)
		}
		if s.Top < 0 || s.Bottom > 844 {
			t.Errorf("%s: the message is at %.0f–%.0f px, outside the 844 px viewport", when, s.Top, s.Bottom)
		}
		if d := min(abs(s.Top-at.Y), abs(s.Bottom-at.Y)); d > 120 && !(s.Top <= at.Y && at.Y <= s.Bottom) {
			t.Errorf("%s: the message is %.0f px from where the finger tapped", when, d)
		}
		if s.Under != "" {
			t.Errorf("%s: under the finger now: %s", when, s.Under)
		}
	}
	check("after the tap")
	// The console refreshes itself: the called card keeps its place.
	do("refresh", chromedp.Evaluate[chromedp.Void](`(async () => {
		const live = document.getElementById('live');
		live.removeAttribute('hx-headers');
		const settled = new Promise(done => document.addEventListener('htmx:afterSettle', done, {once: true}));
		htmx.trigger(live, 'poll');
		await settled;
	})()`, chromedp.EvalAwaitPromise), chromedp.WaitVisible(card))
	check("after a refresh")
	// Undo: the match waits for a court again, in its place.
	do("undo", chromedp.Click(card+` [data-testid="uncall"]`, chromedp.NodeVisible), chromedp.WaitVisible(button))
	screenshot(t, b, "call-phone-undone")
	snap, err := store.Snapshot(context.Background(), lyon.Tournament.ID)
	if err != nil {
		t.Fatal(err)
	}
	if m, _ := snap.Match(id); m.State != tournament.MatchOpen || len(m.CourtIDs) > 0 {
		t.Errorf("after the undo the match is %s on %v", m.State, m.CourtIDs)
	}
	// Called again and finished: the result page offers the next match for its court.
	do("call again", chromedp.Click(button, chromedp.NodeVisible), chromedp.WaitVisible(card))
	do("result", chromedp.Navigate(srv.URL+console+"/matches/"+id), chromedp.WaitVisible(`[data-testid="result-form"]`),
		chromedp.SetValue(`input[name="s.0.0.0"]`, "13"), chromedp.SetValue(`input[name="s.0.0.1"]`, "6"),
		chromedp.Click(`[data-testid="finish"]`, chromedp.NodeVisible), chromedp.WaitVisible(`[data-testid="confirm-finish"]`),
		chromedp.Click(`[data-testid="confirm-finish"]`, chromedp.NodeVisible), chromedp.WaitVisible(`[data-testid="next-call"]`))
	screenshot(t, b, "call-phone-next")
	offer, err := chromedp.Run(b, chromedp.Text(`[data-testid="next-call"]`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(offer, "Call to Terrain") {
		t.Errorf("the next-match offer reads %q", offer)
	}
	next, err := chromedp.Run(b, chromedp.AttributeValue(`[data-testid="next-call"]`, "action"))
	if err != nil {
		t.Fatal(err)
	}
	action := next.Value
	nextID := strings.TrimSuffix(action[strings.LastIndex(action, "/matches/")+len("/matches/"):], "/call")
	do("call next", chromedp.Click(`[data-testid="call-next"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(fmt.Sprintf(`[data-testid="called-card"][data-match="%s"]`, nextID)))
	screenshot(t, b, "call-phone-next-called")
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

// TestPhoneStandingsShowNameAndDecider opens group tables on a 390×844
// phone: singles with Buchholz, doubles pools with the goal difference,
// pétanque pools. Without scrolling sideways each row shows its name, at
// least 120 px wide and on two lines at most, and the column that decides
// between equal points. (The name got ~75 px, team names wrapped to five
// lines, and the deciding columns were cut off behind a fade.)
func TestPhoneStandingsShowNameAndDecider(t *testing.T) {
	srv, _, demo := site(t)
	b := browser(t)
	type group struct{ tournament, discipline string }
	for _, g := range []group{{"Hamburg Open 2026", "OS"}, {"Hamburg Open 2026", "OD"}, {"Lyon Pétanque Masters", "DB"}} {
		dt := tournamentNamed(demo, g.tournament)
		var id string
		for _, d := range dt.Tournament.Disciplines {
			if d.ShortName == g.discipline {
				id = d.Stages[0].Groups[0].ID
			}
		}
		name := "standings-phone-" + g.discipline
		do := steps(t, b, name, true)
		do("open", chromedp.EmulateViewport(390, 844), chromedp.Navigate(srv.URL+"/t/"+dt.Tournament.ID+"/groups/"+id+"#standings"), chromedp.WaitVisible(`[data-testid="standings"]`))
		type row struct {
			Name                    string
			NameWidth, Lines        float64
			NameRight, DeciderRight float64
		}
		type view struct {
			Box     float64
			Decider string
			Rows    []row
		}
		v, err := chromedp.Run(b, chromedp.Evaluate[view](`(() => {
			const table = document.querySelector('[data-testid="standings"]');
			const box = table.closest('[data-scroll-hint]').getBoundingClientRect();
			const head = table.querySelector('[data-testid="standing-decider"]');
			const col = head ? [...head.parentElement.children].indexOf(head) : -1;
			return {Box: Math.min(box.right, innerWidth), Decider: head ? head.innerText : '', Rows: [...table.querySelectorAll('tbody tr')].map(tr => {
				const n = tr.querySelector('[data-testid="standing-name"]'), r = n.getBoundingClientRect();
				const a = n.querySelector('a, span') || n;
				const lh = parseFloat(getComputedStyle(a).lineHeight) || 20;
				const d = col >= 0 ? tr.children[col].getBoundingClientRect() : {right: 1e9};
				return {Name: n.innerText.trim(), NameWidth: r.width, Lines: Math.round(a.getBoundingClientRect().height / lh), NameRight: r.right, DeciderRight: d.right};
			})};
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		if v.Decider == "" {
			t.Errorf("%s: no deciding column", g.discipline)
		}
		for _, r := range v.Rows {
			if r.NameWidth < 120 || r.Lines > 2 || r.NameRight > v.Box || r.DeciderRight > v.Box+0.5 {
				t.Errorf("%s: %q is %.0f px wide on %.0f lines; the name ends at %.0f px, the %s column at %.0f px, the box at %.0f px",
					g.discipline, r.Name, r.NameWidth, r.Lines, r.NameRight, v.Decider, r.DeciderRight, v.Box)
			}
		}
	}
}
