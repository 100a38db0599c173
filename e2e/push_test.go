package e2e

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"courtside/cache/cachetest"
	"courtside/internal/testkit"
	"courtside/live"
	"courtside/tournament"
	"courtside/web"
)

// pushSite serves the demo with the versions watched (as serve does), so
// that writes reach the live streams; block, when set, says which requests
// get a 503 instead (a proxy that refuses them).
func pushSite(t *testing.T, hub *live.Hub, block func(*http.Request) bool) (*httptest.Server, tournament.DemoTournament, func(score string)) {
	t.Helper()
	store, demo := cachetest.Demo(t)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	go store.WatchVersions(ctx, 2*time.Second, log)
	routes, err := web.Routes(web.Config{Store: store, Logger: log, RateLimit: 1000, Live: hub})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if block != nil && block(r) {
			http.Error(w, "blocked", http.StatusServiceUnavailable)
			return
		}
		routes.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(hub.Close) // the streams end before the server closes
	hamburg := tournamentNamed(demo, "Hamburg Open 2026")
	match, _ := runningOnFirstPage(t, hamburg)
	token, _, err := store.CreateToken(ctx, hamburg.Tournament.OrganizerID, "push test")
	if err != nil {
		t.Fatal(err)
	}
	write := func(score string) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPut, srv.URL+"/v1/public/tournaments/"+hamburg.Tournament.ID+"/matches/"+match.ID+"/live-result", strings.NewReader(`{"result":[[[`+strings.Replace(score, ":", ",", 1)+`]]]}`))
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("live result %s: %v %v", score, err, resp)
		}
		_ = resp.Body.Close()
	}
	return srv, hamburg, write
}

// screen is one browser tab showing a page.
type screen struct {
	name string
	ctx  context.Context
	sets string // a JS expression: the running match's sets as the page shows them
}

// openScreens opens each address in a tab of its own at its size.
func openScreens(t *testing.T, b context.Context, court int, pages ...struct {
	name, address string
	w, h          int64
}) []screen {
	t.Helper()
	var out []screen
	for i, p := range pages {
		ctx := b
		if i > 0 {
			ctx, _ = chromedp.NewContext(b) // another tab of the same browser, closed with it
		}
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(p.w, p.h), chromedp.Navigate(p.address), chromedp.WaitVisible(`#board`)); err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		// What came over the stream, counted by the page itself.
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.__events = 0; document.addEventListener("htmx:sseMessage", function () { window.__events++; }); true`)); err != nil {
			t.Fatal(err)
		}
		out = append(out, screen{name: p.name, ctx: ctx,
			sets: fmt.Sprintf(`document.querySelector('#board [data-court="%d"] [data-testid="sets"]')?.textContent.trim()`, court)})
	}
	return out
}

// waitFor waits until the page's expression is true, within a ceiling against hanging.
func waitFor(t *testing.T, s screen, what, expr string) {
	t.Helper()
	if _, err := chromedp.Run(s.ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		screenshot(t, s.ctx, "push-"+s.name+"-failed")
		t.Fatalf("%s: %s never happened: %v", s.name, what, err)
	}
}

// reconnectingHidden fails the test when the page says it is reconnecting.
func reconnectingHidden(t *testing.T, s screen) {
	t.Helper()
	hidden, err := chromedp.Run(s.ctx, chromedp.Evaluate[bool](`document.getElementById("reconnecting").hidden`))
	if err != nil {
		t.Fatal(err)
	}
	if !hidden {
		t.Errorf("%s says it is reconnecting, though the page keeps up", s.name)
	}
}

// TestTVAndBoardShowALiveScoreAsItHappens: a TV (1080p) and a court board
// page, each with its stream open, show a live score pushed to them (the
// figure from the write to the screen is logged); when the server ends the
// streams (a shutdown), they go on by polling and say nothing is wrong.
func TestTVAndBoardShowALiveScoreAsItHappens(t *testing.T) {
	testkit.EndToEnd(t)
	hub := web.NewHub()
	srv, hamburg, write := pushSite(t, hub, nil)
	_, court := runningOnFirstPage(t, hamburg)
	base := srv.URL + "/t/" + hamburg.Tournament.ID
	b := browser(t)
	screens := openScreens(t, b, court,
		struct {
			name, address string
			w, h          int64
		}{"tv", base + "/tv", 1920, 1080},
		struct {
			name, address string
			w, h          int64
		}{"board", base + "/courts", 1440, 900})
	for _, s := range screens {
		waitFor(t, s, "the stream opened", `!!document.querySelector("[data-stream][data-open]")`)
	}

	// Each page notes when it shows the score (a mutation observer, which no
	// background tab throttles), on the clock the test writes by.
	for _, s := range screens {
		watch := `new MutationObserver(function (_, o) { if (` + s.sets + ` === "6:5") { window.__shownAt = Date.now(); o.disconnect(); } }).observe(document.body, {subtree: true, childList: true, characterData: true}); document.hidden`
		hidden, err := chromedp.Run(s.ctx, chromedp.Evaluate[bool](watch))
		if err != nil || hidden {
			t.Fatalf("%s: watching the page: hidden %v, %v", s.name, hidden, err)
		}
	}
	sent := time.Now()
	write("6:5")
	for _, s := range screens {
		waitFor(t, s, "the live score 6:5", s.sets+` === "6:5"`)
		shownAt, err := chromedp.Run(s.ctx, chromedp.Evaluate[int64](`window.__shownAt`))
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: the live score was on the screen %d ms after the write was sent", s.name, shownAt-sent.UnixMilli())
		events, err := chromedp.Run(s.ctx, chromedp.Evaluate[int](`window.__events`))
		if err != nil {
			t.Fatal(err)
		}
		if events == 0 {
			t.Errorf("%s showed the score without an event of its stream", s.name)
		}
		reconnectingHidden(t, s)
	}
	for _, s := range screens {
		screenshot(t, s.ctx, "push-"+s.name)
	}

	// The server ends every stream (it shuts down; here it stays up and
	// refuses new ones): the pages poll again, at their own pace.
	hub.Close()
	for _, s := range screens {
		waitFor(t, s, "the stream closed", `!document.querySelector("[data-stream][data-open]")`)
	}
	write("6:6")
	for _, s := range screens {
		waitFor(t, s, "the live score 6:6 by polling", s.sets+` === "6:6"`)
		reconnectingHidden(t, s)
	}
}

// TestABlockedStreamLeavesThePageUpdatingByPolling: a proxy refuses the
// streams (503); the board page keeps showing live scores by polling, and
// does not say it is reconnecting.
func TestABlockedStreamLeavesThePageUpdatingByPolling(t *testing.T) {
	testkit.EndToEnd(t)
	var refused atomic.Int64
	srv, hamburg, write := pushSite(t, web.NewHub(), func(r *http.Request) bool {
		if strings.HasSuffix(r.URL.Path, "/live") {
			refused.Add(1)
			return true
		}
		return false
	})
	_, court := runningOnFirstPage(t, hamburg)
	b := browser(t)
	s := openScreens(t, b, court, struct {
		name, address string
		w, h          int64
	}{"blocked", srv.URL + "/t/" + hamburg.Tournament.ID + "/courts", 1440, 900})[0]
	testkit.Eventually(t, "the page asked for its stream", func() bool { return refused.Load() > 0 })

	write("6:5")
	sent := time.Now()
	waitFor(t, s, "the live score 6:5 by polling", s.sets+` === "6:5"`)
	t.Logf("blocked: the live score was on the screen %d ms after the write, by polling", time.Since(sent).Milliseconds())
	reconnectingHidden(t, s)
	screenshot(t, s.ctx, "push-blocked")
}
