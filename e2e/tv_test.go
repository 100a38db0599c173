package e2e

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"courtside/cache/cachetest"
	"courtside/internal/testkit"
	"courtside/tournament"
	"courtside/web"
)

// TestTVShowsResultsAndRidesOutOutages puts the TV view on a 1080p screen:
// a live result shows within one poll; with the server gone the TV keeps its
// board and says it is reconnecting; it recovers by itself; and 500 refreshes
// leave the page as big as it was.
func TestTVShowsResultsAndRidesOutOutages(t *testing.T) {
	testkit.EndToEnd(t)
	store, demo := cachetest.Demo(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	go store.WatchVersions(ctx, 2*time.Second, log)
	routes, err := web.Routes(web.Config{Store: store, Logger: log, RateLimit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	// newBuild, once set, is the build the server says it runs: a new deployment.
	var newBuild atomic.Value
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if b, _ := newBuild.Load().(string); b != "" {
			w = buildWriter{w, b}
		}
		routes.ServeHTTP(w, r)
	})
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	srv := &http.Server{Handler: handler}
	go func() { _ = srv.Serve(l) }() // ends with ErrServerClosed when the test closes it
	defer func() { _ = srv.Close() }()

	hamburg := tournamentNamed(demo, "Hamburg Open 2026")
	match, court := runningOnFirstPage(t, hamburg)
	token, _, err := store.CreateToken(ctx, hamburg.Tournament.OrganizerID, "TV test")
	if err != nil {
		t.Fatal(err)
	}
	b := browser(t)
	if err := chromedp.Do(b, chromedp.EmulateViewport(1920, 1080), chromedp.Navigate("http://"+addr+"/t/"+hamburg.Tournament.ID+"/tv"), chromedp.WaitVisible(`#board`)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, b, "tv-1-board")

	// A live result comes in through the API.
	req, _ := http.NewRequest(http.MethodPut, "http://"+addr+"/v1/public/tournaments/"+hamburg.Tournament.ID+"/matches/"+match.ID+"/live-result", strings.NewReader(`{"result":[[[6,5]]]}`))
	req.Header.Set("Authorization", "Bearer "+token)
	sent := time.Now()
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != 200 {
		t.Fatalf("live result: %v %v", err, resp)
	}
	sets := fmt.Sprintf(`document.querySelector('#board [data-court="%d"] [data-testid="sets"]')?.textContent.trim()`, court)
	if _, err := chromedp.Run(b, chromedp.Poll[bool](sets+` === "6:5"`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("the TV never showed the live result: %v", err)
	}
	t.Logf("the TV showed the live result %s after it was sent", time.Since(sent).Round(time.Millisecond))
	screenshot(t, b, "tv-2-live-result")

	// The server goes away: the board stays, marked as reconnecting.
	if err := srv.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(b, chromedp.Poll[bool](`!document.getElementById('reconnecting').hidden`, chromedp.WithPollingTimeout(15*time.Second))); err != nil {
		t.Fatalf("no reconnecting mark with the server gone: %v", err)
	}
	if shown, _ := chromedp.Run(b, chromedp.Evaluate[string](sets)); shown != "6:5" {
		t.Errorf("with the server gone the board shows %q, want the last board", shown)
	}
	screenshot(t, b, "tv-3-reconnecting")

	// It comes back on the same address: the TV recovers without a reload.
	if _, err := chromedp.Run(b, chromedp.Evaluate[bool](`window.__sameTab = true`)); err != nil {
		t.Fatal(err)
	}
	var l2 net.Listener
	for i := 0; ; i++ {
		if l2, err = net.Listen("tcp", addr); err == nil {
			break
		}
		if i > 50 {
			t.Fatal(err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	srv = &http.Server{Handler: handler}
	go func() { _ = srv.Serve(l2) }()
	if _, err := chromedp.Run(b, chromedp.Poll[bool](`document.getElementById('reconnecting').hidden`, chromedp.WithPollingTimeout(40*time.Second))); err != nil {
		t.Fatalf("the TV did not recover: %v", err)
	}
	if same, _ := chromedp.Run(b, chromedp.Evaluate[bool](`window.__sameTab === true`)); !same {
		t.Error("the TV reloaded to recover")
	}
	screenshot(t, b, "tv-4-recovered")

	// 500 refreshes of the whole board: the page does not grow.
	before, err := chromedp.Run(b, chromedp.Evaluate[int](`document.getElementsByTagName('*').length`))
	if err != nil {
		t.Fatal(err)
	}
	after, err := chromedp.Run(b, chromedp.Evaluate[int](`(async () => {
		for (let i = 0; i < 500; i++) {
			const board = document.getElementById('board');
			board.removeAttribute('hx-headers'); // ask for the whole board, not a 304
			const settled = new Promise(done => document.addEventListener('htmx:afterSettle', done, { once: true }));
			htmx.trigger(board, 'poll');
			await settled;
		}
		return document.getElementsByTagName('*').length;
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if after != before {
		t.Errorf("the page had %d elements, after 500 refreshes %d", before, after)
	}

	// A new deployment: the TV reloads itself, once.
	if _, err := chromedp.Run(b, chromedp.Evaluate[bool](`window.__beforeDeploy = true`)); err != nil {
		t.Fatal(err)
	}
	newBuild.Store("0123456789ab")
	if !eventually(b, `window.__beforeDeploy === undefined && !!document.getElementById('board')`, testkit.Ceiling) {
		t.Fatal("the TV did not reload after a deployment")
	}
	if _, err := chromedp.Run(b, chromedp.Evaluate[bool](`window.__afterDeploy = true; window.__polls = 0;
		document.addEventListener('htmx:afterRequest', () => window.__polls++); true`)); err != nil {
		t.Fatal(err)
	}
	// Two polls of the new build answered (or a reload, which ends the wait too).
	if !eventually(b, `window.__afterDeploy === undefined || window.__polls >= 2`, testkit.Ceiling) {
		t.Fatal("the TV polled no more after the deployment")
	}
	if again, _ := chromedp.Run(b, chromedp.Evaluate[bool](`window.__afterDeploy === true`)); !again {
		t.Error("the TV reloaded again: it keeps reloading")
	}
	screenshot(t, b, "tv-5-after-deployment")
}

// eventually evaluates a condition until it holds, through page loads;
// within is a ceiling against hanging (testkit.Ceiling), not a target.
func eventually(ctx context.Context, condition string, within time.Duration) bool {
	return testkit.Holds(within, func() bool {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](condition))
		return err == nil && ok
	})
}

// buildWriter answers as another build of the assets would.
type buildWriter struct {
	http.ResponseWriter
	build string
}

func (w buildWriter) WriteHeader(status int) {
	w.Header().Set("X-Courtside-Build", w.build)
	w.ResponseWriter.WriteHeader(status)
}

func (w buildWriter) Write(b []byte) (int, error) {
	w.Header().Set("X-Courtside-Build", w.build)
	return w.ResponseWriter.Write(b)
}

// runningOnFirstPage is a running one-set match on a court of the TV's first page (courts 1 to 8).
func runningOnFirstPage(t *testing.T, dt tournament.DemoTournament) (*tournament.Match, int) {
	for _, m := range dt.Matches {
		if m.State != tournament.MatchRunning || len(m.CourtIDs) != 1 || len(m.Encounters) > 1 {
			continue
		}
		for _, d := range dt.Tournament.Disciplines {
			for _, s := range d.Stages {
				for _, g := range s.Groups {
					cfg := g.Options.MatchConfigurations[0]
					if g.ID != m.GroupID || cfg.NumSets != 1 || cfg.NumPoints != 7 || len(g.Encounters) > 0 {
						continue
					}
					for _, c := range dt.Tournament.Courts {
						if c.ID == m.CourtIDs[0] && c.Number <= 8 {
							return m, c.Number
						}
					}
				}
			}
		}
	}
	t.Fatal("no running one-set match on courts 1 to 8")
	return nil, 0
}
