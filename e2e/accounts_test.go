package e2e

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"courtside/cache/cachetest"
	"courtside/web"
)

// bothSizes saves the page as a phone (390x844) and a laptop (1440x900) show
// it, as <name>-390 and <name>-1440, and checks that it fits the phone.
func bothSizes(t *testing.T, b context.Context, name string) {
	t.Helper()
	for _, size := range []struct {
		w, h int64
		tag  string
	}{{390, 844, "390"}, {1440, 900, "1440"}} {
		if _, err := chromedp.Run(b, chromedp.EmulateViewport(size.w, size.h)); err != nil {
			t.Fatal(err)
		}
		screenshot(t, b, name+"-"+size.tag)
		if size.w == 390 {
			fitsWidth(t, b, name)
		}
	}
}

// TestFirstRunAndAHelpersPhone starts from an empty store: the setup address
// makes the organizer in the browser, the console makes a results-only login
// for a helper, and the helper's phone (a second browser) signs in by the QR
// code's address without typing a token, and is offered no setup.
func TestFirstRunAndAHelpersPhone(t *testing.T) {
	store := cachetest.Store(cachetest.Redis(t))
	srv := httptest.NewUnstartedServer(nil)
	srv.Start()
	t.Cleanup(srv.Close)
	h, err := web.Routes(web.Config{Store: store, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), RateLimit: 1000, BaseURL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	srv.Config.Handler = h
	code, ok, err := store.SetupCode(context.Background())
	if err != nil || !ok {
		t.Fatalf("no setup code: %v", err)
	}

	laptop := browser(t)
	do := steps(t, laptop, "accounts", false)
	do("setup", chromedp.EmulateViewport(1440, 900), chromedp.Navigate(srv.URL+"/setup/"+code), chromedp.WaitVisible(`[data-testid="setup-form"]`))
	bothSizes(t, laptop, "accounts-1-setup")
	do("setup-problems",
		chromedp.SetValue(`#slug`, "Not A Slug"),
		chromedp.Click(`[data-testid="setup-submit"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`#name-error`),
		chromedp.WaitVisible(`#slug-error`),
	)
	bothSizes(t, laptop, "accounts-2-setup-problems")
	do("setup-done",
		chromedp.SetValue(`#name`, "Boule Club Lyon"),
		chromedp.SetValue(`#slug`, "boule-club-lyon"),
		chromedp.SetValue(`#sport`, "petanque"),
		chromedp.Click(`[data-testid="setup-submit"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="setup-token"]`),
	)
	token, err := chromedp.Run(laptop, chromedp.Text(`[data-testid="setup-token"]`))
	if err != nil || !strings.HasPrefix(token, "cst_") {
		t.Errorf("the organizer's token shown: %q", token)
	}
	bothSizes(t, laptop, "accounts-3-setup-done")
	do("logins",
		chromedp.Click(`[data-testid="to-console"]`, chromedp.NodeVisible),
		chromedp.Click(`[data-testid="logins-link"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="helper-form"]`),
	)
	bothSizes(t, laptop, "accounts-4-logins")
	do("helper-qr",
		chromedp.SetValue(`#name`, "Desk 2"),
		chromedp.Click(`[data-testid="helper-create"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="signin-qr"]`),
	)
	link, err := chromedp.Run(laptop, chromedp.TextContent(`[data-testid="signin-link"]`))
	if err != nil || !strings.Contains(link, "/signin/") {
		t.Fatalf("the sign-in address: %q %v", link, err)
	}
	bothSizes(t, laptop, "accounts-5-helper-qr")

	phone := browser(t)
	on := steps(t, phone, "accounts-phone", false)
	on("open", chromedp.EmulateViewport(390, 844), chromedp.Navigate(strings.TrimSpace(link)), chromedp.WaitVisible(`[data-testid="signin-use"]`))
	bothSizes(t, phone, "accounts-6-phone-sign-in")
	on("signed-in",
		chromedp.EmulateViewport(390, 844),
		chromedp.Click(`[data-testid="signin-use"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="my-tournaments"]`),
	)
	screenshot(t, phone, "accounts-7-helper-home-390")
	offered, err := chromedp.Run(phone, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="new-tournament"], [data-testid="logins-link"]').length`))
	if err != nil || offered != 0 {
		t.Errorf("a results-only helper's phone is offered %d setup links", offered)
	}
	do("helper-listed",
		chromedp.Navigate(srv.URL+"/admin/logins"),
		chromedp.WaitVisible(`[data-testid="helper"]`),
	)
	bothSizes(t, laptop, "accounts-8-logins-with-helper")
}
