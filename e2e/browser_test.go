// Package e2e drives the site in Debian's Chromium. Its tests run with
// COURTSIDE_E2E=1 (make e2e, make check, CI), never under a plain go test
// ./...: a browser scenario needs the machine, and on a busy one its timing
// is not the suite's. Screenshots land in e2e/screenshots/ (not committed)
// for a person to look at.
package e2e

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/internal/testkit"
	"courtside/tournament"
	"courtside/web"
)

// chromium is the path of Debian's Chromium ($CHROMIUM to use another).
// Browser tests run only with COURTSIDE_E2E=1 (testkit.EndToEnd); then a
// missing browser skips the test, except in CI (CI=true), where it is a
// failure.
func chromium(t *testing.T) string {
	t.Helper()
	testkit.EndToEnd(t)
	path := os.Getenv("CHROMIUM")
	if path == "" {
		path, _ = exec.LookPath("chromium")
	}
	if path == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("no chromium: CI must run the browser tests (apt-get install chromium)")
		}
		t.Skip("no chromium on this machine")
	}
	return path
}

// browser starts a headless Chromium for the test, skipped or failed as chromium says.
func browser(t *testing.T) context.Context {
	t.Helper()
	path := chromium(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	ctx, cancelTimeout := context.WithTimeout(ctx, 6*time.Minute) // a ceiling against hanging, on a busy machine
	t.Cleanup(func() { cancelTimeout(); cancelCtx(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return ctx
}

// site serves the site and API over the demo in an embedded Redis, as `go run .` does.
func site(t *testing.T) (*httptest.Server, *cache.Store, *tournament.Demo) {
	t.Helper()
	store, demo := cachetest.Demo(t)
	h, err := web.Routes(web.Config{Store: store, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), RateLimit: 1000, AllowPrivateWebhooks: true})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv, store, demo
}

// screenshot saves the whole page as e2e/screenshots/<name>.png.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.MkdirAll("screenshots", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("screenshots", name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// step runs one named step of a test in the browser, within 30 s: a step
// that fails stops the test with its name, and saves what the browser showed
// as <prefix>-<step>-failed; when look is set, a step that passes is saved
// as <prefix>-<step> and must fit the screen's width.
type step func(name string, actions ...chromedp.Action[chromedp.Void])

func steps(t *testing.T, b context.Context, prefix string, look bool) step {
	return func(name string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		ctx, cancel := context.WithTimeout(b, 30*time.Second)
		defer cancel()
		if err := chromedp.Do(ctx, actions...); err != nil {
			screenshot(t, b, prefix+"-"+name+"-failed")
			t.Fatalf("%s: %v", name, err)
		}
		if look {
			screenshot(t, b, prefix+"-"+name)
			fitsWidth(t, b, name)
		}
	}
}

func tournamentNamed(d *tournament.Demo, name string) tournament.DemoTournament {
	for _, dt := range d.Tournaments {
		if dt.Tournament.Name == name {
			return dt
		}
	}
	panic("no tournament " + name)
}

// fitsWidth fails the test when the page is wider than the screen: on a
// phone, nothing but a bracket's own box may scroll sideways.
func fitsWidth(t *testing.T, ctx context.Context, step string) {
	t.Helper()
	over, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth - window.innerWidth`))
	if err != nil {
		t.Fatal(err)
	}
	if over > 0 {
		t.Errorf("%s: the page is %d px wider than the screen", step, over)
	}
}

// emulateDark makes the page's prefers-color-scheme dark, as a phone set to dark mode.
func emulateDark() chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}})
		return err
	})
}
