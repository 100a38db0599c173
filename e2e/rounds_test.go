package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"courtside/internal/testkit"
	"courtside/tournament"
)

// swissOf is the Hamburg Open's Swiss group, in its third of five rounds.
func swissOf(t *testing.T, d *tournament.Demo) (tournament.DemoTournament, *tournament.Group) {
	t.Helper()
	hamburg := tournamentNamed(d, "Hamburg Open 2026")
	for di := range hamburg.Tournament.Disciplines {
		for si := range hamburg.Tournament.Disciplines[di].Stages {
			for gi := range hamburg.Tournament.Disciplines[di].Stages[si].Groups {
				if g := &hamburg.Tournament.Disciplines[di].Stages[si].Groups[gi]; g.Mode == tournament.Swiss {
					return hamburg, g
				}
			}
		}
	}
	t.Fatal("no Swiss group in the Hamburg Open")
	return hamburg, nil
}

// TestPhoneOpensAtTheCurrentRound: a group played in rounds has a link to the
// round being played; on a phone the page opens there, on a desktop at the top.
func TestPhoneOpensAtTheCurrentRound(t *testing.T) {
	testkit.EndToEnd(t)
	srv, _, demo := site(t)
	hamburg, swiss := swissOf(t, demo)
	url := srv.URL + "/t/" + hamburg.Tournament.ID + "/groups/" + swiss.ID
	ctx := browser(t)
	type view struct {
		Scrolled float64
		Top      float64
		Name     string
		Link     string
	}
	look := `(() => {
		const r = document.getElementById('current-round');
		const link = document.querySelector('[data-testid="jump-current"]');
		return {Scrolled: scrollY, Top: r ? r.getBoundingClientRect().top : -1, Name: r ? r.querySelector('h3').textContent.trim() : '', Link: link ? link.getAttribute('href') : ''};
	})()`
	// Phone.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844), chromedp.Navigate(url), chromedp.WaitVisible(`[data-testid="round"]`)); err != nil {
		t.Fatal(err)
	}
	if !eventually(ctx, `scrollY > 0`, testkit.Ceiling) {
		t.Error("on a phone the page did not open at the current round")
	}
	v, err := chromedp.Run(ctx, chromedp.Evaluate[view](look))
	if err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "rounds-phone-current")
	if !strings.HasPrefix(v.Name, "Round 3") || v.Top < -1 || v.Top > 40 || v.Link != "#current-round" {
		t.Errorf("phone: current round %q at %.0f px from the top (scrolled %.0f), link %q; want round 3 at the top", v.Name, v.Top, v.Scrolled, v.Link)
	}
	fitsWidth(t, ctx, "phone, current round")
	// Desktop: at the top, with the link; the link goes there.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1440, 900), chromedp.Navigate(url), chromedp.WaitVisible(`[data-testid="jump-current"]`)); err != nil {
		t.Fatal(err)
	}
	if v, err = chromedp.Run(ctx, chromedp.Evaluate[view](look)); err != nil {
		t.Fatal(err)
	} else if v.Scrolled != 0 || v.Link != "#current-round" {
		t.Errorf("desktop: opened scrolled by %.0f px, link %q", v.Scrolled, v.Link)
	}
	if err := chromedp.Do(ctx, chromedp.Click(`[data-testid="jump-current"]`)); err != nil {
		t.Fatal(err)
	}
	// The last rounds may sit too low to reach the top: it is in view, scrolled to.
	if !eventually(ctx, `scrollY > 0 && (t => t >= -1 && t < innerHeight / 2)(document.getElementById('current-round').getBoundingClientRect().top)`, testkit.Ceiling) {
		t.Error("the link did not go to the current round")
	}
}

// TestEstimatedStarts: a player waiting for a court sees when the match is
// expected to start, in local time; so does the court board's "Next up".
func TestEstimatedStarts(t *testing.T) {
	testkit.EndToEnd(t)
	srv, _, demo := site(t)
	hamburg := tournamentNamed(demo, "Hamburg Open 2026")
	snap := tournament.NewSnapshot(1, hamburg.Tournament, demo.Organizers[0], hamburg.Matches, nil)
	queue := tournament.Queue(snap.Matches)
	if len(queue) == 0 {
		t.Fatal("nobody waits for a court in the Hamburg Open")
	}
	waiting := queue[0]
	ctx := browser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844), chromedp.Navigate(srv.URL+"/t/"+hamburg.Tournament.ID+"/entries/"+waiting.Entries[0].ID),
		chromedp.WaitVisible(`[data-testid="next-match"]`)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "estimate-player-390x844")
	type estimate struct{ Text, When string }
	read := func(scope string) []estimate {
		t.Helper()
		es, err := chromedp.Run(ctx, chromedp.Evaluate[[]estimate](`[...document.querySelectorAll('`+scope+` [data-testid="estimate"]')].filter(e => e.offsetParent).map(e => ({Text: e.textContent.replace(/\s+/g, ' ').trim(), When: e.querySelector('time').getAttribute('datetime')}))`))
		if err != nil {
			t.Fatal(err)
		}
		return es
	}
	if where, _ := chromedp.Run(ctx, chromedp.Text(`[data-testid="next-match"]`)); !strings.Contains(where, "Number 1 in the queue") {
		t.Errorf("the first in the queue reads %q", where)
	}
	es := read(`[data-testid="next-match"]`)
	if len(es) != 1 || !strings.Contains(es[0].Text, "≈") || strings.Contains(es[0].Text, "UTC") {
		t.Fatalf("the player's next match says %v; want one \"≈ hh:mm\" in local time", es)
	}
	if at, err := time.Parse(time.RFC3339, es[0].When); err != nil || at.Before(time.Now().Add(-time.Minute)) {
		t.Errorf("expected start %q: %v; want a time to come", es[0].When, err)
	}
	// A player on a court now gets no estimate.
	running, _ := runningOnFirstPage(t, hamburg)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/t/"+hamburg.Tournament.ID+"/entries/"+running.Entries[0].ID), chromedp.WaitVisible(`[data-testid="next-match"]`)); err != nil {
		t.Fatal(err)
	}
	if es := read(`[data-testid="next-match"]`); len(es) != 0 {
		t.Errorf("a player on court is told %v", es)
	}
	// The court board's "Next up".
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1440, 900), chromedp.Navigate(srv.URL+"/t/"+hamburg.Tournament.ID+"/courts"), chromedp.WaitVisible(`[data-testid="next-up"]`)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "estimate-board-1440x900")
	es = read(`[data-testid="next-up"]`)
	if len(es) == 0 || !strings.Contains(es[0].Text, "≈") {
		t.Errorf("the board's next up says %v; want \"≈ hh:mm\"", es)
	}
	for i := 1; i < len(es); i++ { // the first to start first
		if es[i].When < es[i-1].When {
			t.Errorf("next up lists %v before %v", es[i-1], es[i])
		}
	}
}

// TestTVStandingsReadFromAcrossTheHall: the TV's table is as large as the
// panel makes it, not the page's small print.
func TestTVStandingsReadFromAcrossTheHall(t *testing.T) {
	testkit.EndToEnd(t)
	srv, _, demo := site(t)
	hamburg, swiss := swissOf(t, demo)
	ctx := browser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1920, 1080), chromedp.Navigate(srv.URL+"/t/"+hamburg.Tournament.ID+"/tv?rotate=standings:"+swiss.ID),
		chromedp.WaitReady(`[data-testid="standings"]`)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, showPanel(1)...); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "tv-standings-1920x1080")
	// The height of a name as drawn, after the panel has scaled its table to fit.
	px, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`(() => {
		const cell = document.querySelector('[data-panel]:not([hidden]) [data-testid="standing-name"]');
		const r = document.createRange();
		r.selectNodeContents(cell);
		return r.getBoundingClientRect().height;
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if px < 24 {
		t.Errorf("a name in the TV's table is %.0f px high at 1080p; want at least 24 (as the courts' text)", px)
	}
}
