package e2e

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"courtside/cache/cachetest"
	"courtside/internal/testkit"
	"courtside/rankings"
	"courtside/tournament"
	"courtside/upstream"
	"courtside/web"
)

// nodeModule is the path of a file that `npm ci` installs from the
// devDependencies. Without it the test is skipped on a developer's machine
// and fails in CI (CI=true), whose .ci/run installs them: an audit that
// could not run must never pass.
func nodeModule(t *testing.T, rel string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("..", "node_modules", rel))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("node_modules/%s is missing: CI must run the audit (npm ci installs it)", rel)
		}
		t.Skipf("node_modules/%s is missing: run npm ci to audit", rel)
	}
	return p
}

// embeddedPassOnly skips a slow audit of the markup on the passes over a real
// Redis: the pages' markup does not depend on which Redis keeps the data.
func embeddedPassOnly(t *testing.T) {
	t.Helper()
	if os.Getenv("REDIS_URL") != "" {
		t.Skip("audited in the embedded-Redis pass; the markup does not depend on the Redis")
	}
}

// viewport is a screen size the audit looks at pages on.
type viewport struct {
	name string
	w, h int64
}

var (
	phone   = viewport{"phone", 390, 844}
	desktop = viewport{"desktop", 1440, 900}
	hd      = viewport{"tv", 1920, 1080}
)

// pageKind is one kind of page a person can reach, as the audit opens it.
type pageKind struct {
	name string
	path string
	// console: the page needs an organizer signed in.
	console bool
	// kiosk: a TV's page, looked at on TV sizes only.
	kiosk bool
	// show brings the page to the state audited (a form with its errors shown), after it loaded.
	show []chromedp.Action[chromedp.Void]
}

// auditSite serves the demo as `go run .` does, with following tournaments
// on (for the follow page), and the page kinds to audit on it. It returns an
// API token of the organizer whose console the kinds open.
func auditSite(t *testing.T) (*httptest.Server, string, []pageKind) {
	t.Helper()
	store, demo := cachetest.Demo(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	h, err := web.Routes(web.Config{Store: store, Logger: log, RateLimit: 100000, Upstream: upstream.New(store, log, "http://127.0.0.1")})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)

	hamburg := tournamentNamed(demo, "Hamburg Open 2026")
	autumn := tournamentNamed(demo, "Autumn Cup 2026")
	bristol := tournamentNamed(demo, "Bristol Darts Classic")
	lyon := tournamentNamed(demo, "Lyon Pétanque Masters")
	sunday := tournamentNamed(demo, "Sunday Boules")
	token, _, err := store.CreateToken(context.Background(), lyon.Tournament.OrganizerID, "audit")
	if err != nil {
		t.Fatal(err)
	}
	group := func(dt tournament.DemoTournament, mode tournament.Mode) string {
		for _, d := range dt.Tournament.Disciplines {
			for _, s := range d.Stages {
				for _, g := range s.Groups {
					if g.Mode == mode && s.State != tournament.PhasePlanned {
						return g.ID
					}
				}
			}
		}
		t.Fatalf("%s has no started %s group", dt.Tournament.Name, mode)
		return ""
	}
	match := func(dt tournament.DemoTournament, ok func(*tournament.Match) bool) string {
		for _, m := range dt.Matches {
			if ok(m) {
				return m.ID
			}
		}
		t.Fatalf("%s has no such match", dt.Tournament.Name)
		return ""
	}
	running := func(m *tournament.Match) bool { return m.State == tournament.MatchRunning && len(m.Encounters) == 1 }
	league := func(m *tournament.Match) bool { return m.State == tournament.MatchRunning && len(m.Encounters) > 1 }
	played := func(m *tournament.Match) bool { return m.State == tournament.MatchPlayed }
	h1, l1, b1, a1 := "/t/"+hamburg.Tournament.ID, "/t/"+lyon.Tournament.ID, "/t/"+bristol.Tournament.ID, "/t/"+autumn.Tournament.ID
	console := "/admin" + l1
	swiss, pools := group(hamburg, tournament.Swiss), group(hamburg, tournament.RoundRobin)
	lyonRunning := match(lyon, running)
	form := `[data-testid="result-form"]`
	var series, player string // the demo's series and a player of it
	for _, r := range rankings.DemoOf(demo) {
		series = "/o/kickerclub-hamburg/series/" + r.Series[0].ID
		for _, p := range r.Players {
			if p.Name == "Anna Becker" {
				player = "/o/kickerclub-hamburg/players/" + p.ID
			}
		}
	}

	return srv, token, []pageKind{
		{name: "home", path: "/"},
		{name: "organizer", path: "/o/kickerclub-hamburg"},
		{name: "tournament", path: h1},
		{name: "group-standings", path: h1 + "/groups/" + pools},
		{name: "group-swiss", path: h1 + "/groups/" + swiss},
		{name: "bracket-single", path: b1 + "/groups/" + group(bristol, tournament.Elimination)},
		{name: "bracket-double", path: a1 + "/groups/" + group(autumn, tournament.DoubleElimination)},
		{name: "match", path: h1 + "/matches/" + match(hamburg, running)},
		{name: "match-league", path: h1 + "/matches/" + match(hamburg, league)},
		{name: "player", path: h1 + "/entries/" + hamburg.Tournament.Disciplines[0].EntryIDs[0]},
		{name: "team", path: h1 + "/entries/" + hamburg.Tournament.Disciplines[1].EntryIDs[0]},
		{name: "board", path: h1 + "/courts"},
		{name: "tv", path: h1 + "/tv", kiosk: true},
		{name: "tv-finished", path: a1 + "/tv", kiosk: true},
		{name: "tv-standings", path: h1 + "/tv?rotate=standings:" + pools, kiosk: true, show: showPanel(1)},
		{name: "tv-bracket", path: b1 + "/tv?rotate=bracket:" + group(bristol, tournament.Elimination), kiosk: true, show: showPanel(1)},
		{name: "tv-setup", path: h1 + "/tv/setup"},
		{name: "screen", path: h1 + "/screens/hall", kiosk: true},
		{name: "rankings", path: "/o/kickerclub-hamburg/ratings"},
		{name: "series", path: series},
		{name: "series-tv", path: series + "/tv", kiosk: true},
		{name: "profile", path: player},
		{name: "api", path: "/api"},
		{name: "not-found", path: "/no/such/page"},
		{name: "sign-in", path: "/admin/login"},
		{name: "sign-in-error", path: "/admin/login", show: []chromedp.Action[chromedp.Void]{
			chromedp.SendKeys(`input[name="token"]`, "not a token"),
			chromedp.Submit(`input[name="token"]`),
			chromedp.WaitVisible(`[data-testid="login-error"]`),
		}},
		{name: "console-home", path: "/admin", console: true},
		{name: "console-tournament", path: console, console: true},
		{name: "console-new", path: "/admin/new", console: true},
		{name: "console-new-errors", path: "/admin/new", console: true, show: []chromedp.Action[chromedp.Void]{
			chromedp.SendKeys(`input[name="name"]`, "Winter Cup"),
			chromedp.SetValue(`input[name="start"]`, "2026-12-05T10:00"),
			chromedp.SendKeys(`input[name="d0.name"]`, "Singles"),
			chromedp.SendKeys(`input[name="d0.shortName"]`, "S"),
			chromedp.SendKeys(`input[name="d0.s0.name"]`, "Swiss"),
			chromedp.SetValue(`input[name="d0.s0.rounds"]`, ""),
			chromedp.SetValue(`textarea[name="d0.entries"]`, "Anna Berg\nanna berg"),
			chromedp.Click(`[data-testid="save-setup"]`, chromedp.NodeVisible),
			chromedp.WaitVisible(`[data-testid="setup-errors"]`),
		}},
		{name: "console-setup", path: "/admin/t/" + sunday.Tournament.ID + "/setup", console: true},
		{name: "console-result", path: console + "/matches/" + lyonRunning, console: true},
		{name: "console-result-422", path: console + "/matches/" + lyonRunning, console: true, show: []chromedp.Action[chromedp.Void]{
			chromedp.SetValue(form+` input[name="s.0.0.0"]`, "40"),
			chromedp.SetValue(form+` input[name="s.0.0.1"]`, "41"),
			chromedp.Click(`[data-testid="save-live"]`, chromedp.NodeVisible),
			chromedp.WaitVisible(`[data-testid="set-error"]`),
		}},
		{name: "console-corrections", path: console + "/matches/" + match(lyon, played), console: true, show: []chromedp.Action[chromedp.Void]{
			chromedp.Click(`[data-testid="amend"] summary`, chromedp.NodeVisible),
			chromedp.WaitVisible(`[data-testid="correct-form"]`),
		}},
		{name: "console-entries", path: "/admin/t/" + sunday.Tournament.ID + "/entries", console: true},
		{name: "console-screens", path: console + "/screens", console: true},
		{name: "console-follow", path: "/admin/follow", console: true},
		{name: "console-players", path: "/admin/players", console: true},
		{name: "console-series", path: "/admin/series", console: true},
	}
}

// showPanel turns a TV to its i-th view, as its rotation does in time.
func showPanel(i int) []chromedp.Action[chromedp.Void] {
	return []chromedp.Action[chromedp.Void]{
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelectorAll('[data-panel]').forEach((p, i) => p.hidden = i !== %d); window.dispatchEvent(new Event('resize'))`, i)),
		chromedp.WaitVisible(fmt.Sprintf(`[data-panel]:nth-of-type(%d)`, i+1)),
	}
}

// axeViolation is what axe-core reports of one rule a page breaks.
type axeViolation struct {
	ID      string   `json:"id"`
	Impact  string   `json:"impact"`
	Help    string   `json:"help"`
	Nodes   int      `json:"nodes"`
	Targets []string `json:"targets"`
}

// axeResult is what one run of axe-core found: how many rules the page
// passes, and the rules it breaks.
type axeResult struct {
	Passes     int            `json:"passes"`
	Violations []axeViolation `json:"violations"`
}

// runAxe is axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules and its best
// practices (heading order, unique landmarks, ...) over the page, every
// violation with its first three elements.
const runAxe = `(async () => {
	const r = await axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']}});
	return {passes: r.passes.length, violations: r.violations.map(v => ({id: v.id, impact: v.impact || '', help: v.help, nodes: v.nodes.length,
		targets: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))};
})()`

// TestPagesPassAxe opens every kind of page, the console's included (its
// forms with their errors shown), on a phone and a desktop (a TV's on TV
// sizes), in English in the light and the dark theme and in German and
// French, and fails on every violation of WCAG 2.2 A or AA or of best
// practice that axe-core calls serious or critical. With SCREENSHOTS=1 it also saves each
// at 390×844, 1440×900 and 1920×1080 under e2e/screenshots/ as
// audit-<page>-<lang>-<size>-<theme>.png.
func TestPagesPassAxe(t *testing.T) {
	testkit.EndToEnd(t)
	embeddedPassOnly(t)
	source, err := os.ReadFile(nodeModule(t, "axe-core/axe.min.js"))
	if err != nil {
		t.Fatal(err)
	}
	srv, token, kinds := auditSite(t)
	shots := os.Getenv("SCREENSHOTS") == "1"
	for _, lang := range []string{"en", "de", "fr"} {
		t.Run(lang, func(t *testing.T) { auditIn(t, srv, token, kinds, string(source), lang, shots) })
	}
}

// auditIn audits every kind of page in one language, in a browser of its
// own (each browser has its ceiling against hanging; three languages in one
// passed it on a busy machine).
func auditIn(t *testing.T, srv *httptest.Server, token string, kinds []pageKind, source, lang string, shots bool) {
	b := browser(t)
	// Each language from a fresh start: signed out, the language chosen as a visitor does.
	if err := chromedp.Do(b, clearCookies(), chromedp.Navigate(srv.URL+"/?lang="+lang)); err != nil {
		t.Fatal(err)
	}
	signedIn := false
	for _, k := range kinds {
		sizes := []viewport{phone, desktop}
		if k.kiosk {
			sizes = []viewport{desktop, hd}
		}
		if shots {
			sizes = []viewport{phone, desktop, hd}
		}
		themes := []string{"light", "dark"}
		switch {
		case k.kiosk && !shots:
			themes = []string{"dark"} // a TV is dark whatever the browser prefers
		case lang != "en":
			themes = []string{"light"} // another language's words, the same colours
		}
		if k.console && !signedIn {
			if err := chromedp.Do(b, chromedp.EmulateViewport(desktop.w, desktop.h)); err != nil {
				t.Fatal(err)
			}
			signIn(t, b, srv.URL, token)
			signedIn = true
		}
		for _, theme := range themes {
			for _, vp := range sizes {
				step := fmt.Sprintf("%s %s %s %s", k.name, lang, vp.name, theme)
				ctx, cancel := context.WithTimeout(b, time.Minute)
				err := chromedp.Do(ctx, append([]chromedp.Action[chromedp.Void]{
					colorScheme(theme),
					chromedp.EmulateViewport(vp.w, vp.h),
					chromedp.Navigate(srv.URL + k.path),
					chromedp.WaitReady(`body`),
				}, k.show...)...)
				cancel()
				if err != nil {
					t.Errorf("%s: %v", step, err)
					continue
				}
				report(t, step, axe(t, b, source))
				if shots {
					name := fmt.Sprintf("audit-%s-%s-%dx%d-%s", k.name, lang, vp.w, vp.h, theme)
					screenshot(t, b, name)
					// A long page shrinks past reading in a viewer: its first screen too, at full size.
					if long, _ := chromedp.Run(b, chromedp.Evaluate[bool](`document.documentElement.scrollHeight > 3 * innerHeight`)); long {
						firstScreen(t, b, name+"-top")
					}
				}
			}
		}
	}
}

// clearCookies signs the browser out and forgets its language.
func clearCookies() chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, network.ClearBrowserCookies, cdp.Empty{})
		return err
	})
}

// firstScreen saves what the screen shows as e2e/screenshots/<name>.png.
func firstScreen(t *testing.T, b context.Context, name string) {
	t.Helper()
	png, err := chromedp.Run(b, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("screenshots", name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// axe runs axe-core in the page, injected first when the page lacks it.
func axe(t *testing.T, b context.Context, source string) axeResult {
	t.Helper()
	if _, err := chromedp.Run(b, chromedp.Evaluate[bool](`typeof axe === 'undefined' && (() => { `+source+`; return true })()`)); err != nil {
		t.Fatalf("inject axe-core: %v", err)
	}
	r, err := chromedp.Run(b, chromedp.Evaluate[axeResult](runAxe, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("axe-core: %v", err)
	}
	if r.Passes == 0 {
		t.Fatal("axe-core checked nothing: the page is empty")
	}
	return r
}

// report fails the test on serious and critical violations and logs the rest.
func report(t *testing.T, step string, r axeResult) {
	t.Helper()
	var lines []string
	serious := 0
	for _, v := range r.Violations {
		line := fmt.Sprintf("  %s (%s, %d elements): %s\n    %s", v.ID, v.Impact, v.Nodes, v.Help, strings.Join(v.Targets, "\n    "))
		lines = append(lines, line)
		if v.Impact == "serious" || v.Impact == "critical" {
			serious++
		}
	}
	switch {
	case serious > 0:
		t.Errorf("%s: axe-core finds %d serious or critical violations:\n%s", step, serious, strings.Join(lines, "\n"))
	case len(lines) > 0:
		t.Logf("%s: axe-core finds only moderate or minor violations:\n%s", step, strings.Join(lines, "\n"))
	default:
		t.Logf("%s: axe-core: %d rules pass, none violated", step, r.Passes)
	}
}

// colorScheme makes the page's prefers-color-scheme light or dark.
func colorScheme(scheme string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}})
		return err
	})
}
