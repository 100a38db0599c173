package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"courtside/internal/testkit"
	"courtside/tournament"
)

// cspWatch records, in every document the tab opens, what the
// Content-Security-Policy refused (the securitypolicyviolation events).
const cspWatch = `window.__csp = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__csp.push(e.violatedDirective + " " + (e.blockedURI || "inline") + " " + (e.sourceFile || "") + ":" + (e.lineNumber || 0));
});`

// cspSentinel is an image the policy refuses on purpose: violations are
// reported in order, so once its report is in, every earlier one is too.
const cspSentinel = "https://csp-sentinel.invalid/x.png"

// TestEveryPageKindLoadsWithoutCSPViolations opens every kind of page, the
// signed-in console too, in Chromium, and fails on anything the
// Content-Security-Policy blocked: a page that needs more than the policy
// allows would be broken for every visitor.
func TestEveryPageKindLoadsWithoutCSPViolations(t *testing.T) {
	testkit.EndToEnd(t)
	srv, store, demo := site(t)
	hamburg := tournamentNamed(demo, "Hamburg Open 2026")
	autumn := tournamentNamed(demo, "Autumn Cup 2026")
	groupOf := func(dt tournament.DemoTournament, keep func(tournament.Mode) bool) *tournament.Group {
		for _, d := range dt.Tournament.Disciplines {
			for _, s := range d.Stages {
				for i := range s.Groups {
					if keep(s.Groups[i].Mode) {
						return &s.Groups[i]
					}
				}
			}
		}
		t.Fatalf("no such group in %s", dt.Tournament.Name)
		return nil
	}
	bracket := groupOf(autumn, func(m tournament.Mode) bool {
		return m == tournament.Elimination || m == tournament.DoubleElimination
	})
	table := groupOf(hamburg, func(m tournament.Mode) bool { return m == tournament.RoundRobin })
	var running *tournament.Match
	for _, m := range hamburg.Matches {
		if m.State == tournament.MatchRunning && m.Entries[0] != nil {
			running = m
			break
		}
	}
	if running == nil {
		t.Fatal("no running match in the demo")
	}
	token, _, err := store.CreateToken(context.Background(), hamburg.Tournament.OrganizerID, "CSP test")
	if err != nil {
		t.Fatal(err)
	}
	h, a := "/t/"+hamburg.Tournament.ID, "/t/"+autumn.Tournament.ID
	public := []string{
		"/", "/o/kickerclub-hamburg", h, a, a + "/groups/" + bracket.ID, h + "/groups/" + table.ID,
		h + "/entries/" + running.Entries[0].ID, h + "/matches/" + running.ID,
		h + "/courts", h + "/tv", h + "/tv/setup", h + "/tv/standings/" + table.ID, a + "/tv/bracket/" + bracket.ID,
		"/api", "/no-such-page", "/admin/login",
	}
	console := []string{"/admin", "/admin" + h, "/admin" + h + "/matches/" + running.ID}

	b := browser(t)
	if err := chromedp.Do(b, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: cspWatch})
		return err
	})); err != nil {
		t.Fatal(err)
	}
	check := func(path string) {
		t.Helper()
		if err := chromedp.Do(b, chromedp.Navigate(srv.URL+path), chromedp.WaitReady("body")); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		// Let htmx start and the live parts make their first request, then send the sentinel.
		if _, err := chromedp.Run(b, chromedp.Evaluate[bool](`(function () {
			var img = document.createElement("img");
			img.src = "`+cspSentinel+`";
			document.body.appendChild(img);
			return true;
		})()`)); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		deadline := time.Now().Add(10 * time.Second)
		for {
			got, err := chromedp.Run(b, chromedp.Evaluate[[]string](`window.__csp || []`))
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			var others []string
			sentinel := false
			for _, v := range got {
				if strings.Contains(v, "csp-sentinel.invalid") {
					sentinel = true
				} else {
					others = append(others, v)
				}
			}
			if sentinel {
				if len(others) > 0 {
					t.Errorf("%s: the Content-Security-Policy blocked %q", path, others)
				}
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: the sentinel's violation never came (%q): is the policy sent?", path, got)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	for _, p := range public {
		check(p)
	}
	if err := chromedp.Do(b,
		chromedp.Navigate(srv.URL+"/admin/login"),
		chromedp.SendKeys(`input[name="token"]`, token),
		chromedp.Submit(`input[name="token"]`),
		chromedp.WaitVisible(`[data-testid="my-tournaments"]`),
	); err != nil {
		t.Fatalf("sign in: %v", err)
	}
	for _, p := range console {
		check(p)
	}
}
